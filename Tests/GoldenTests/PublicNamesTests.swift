import Foundation
import GoldenImage
import GoldenSuite
import GoldenTesting
import ListRender
import RenderTestSupport
import TestLevels
import Testing
import XCTest

/// Every public type of ListRender, named unqualified in a file that also imports Foundation,
/// Swift Testing and XCTest (as a golden test file does): if any name were ambiguous with
/// theirs, this file would not compile. The list is checked against the modules' symbol graphs
/// (a new public type fails until it is listed) and the README's Swift section names the same.
@Suite("Public names", .tags(.render))
struct PublicNamesTests {
  static let types: [Any.Type] = [
    AccessibilityElement.self,
    Animation.self,
    AnimationEvent.self,
    AnimationFrame.self,
    AnimationOutput.self,
    Appearance.self,
    AuditFinding.self,
    AuditRule.self,
    AuditSnapshot.self,
    Arrangement.self,
    Asset.self,
    Badge.self,
    Bitmap.self,
    Canvas.self,
    Card.self,
    CatalogKey.self,
    Cell.self,
    CellBuilder.self,
    (any CellConvertible).self,
    CellMotion.self,
    CellState.self,
    CellStyle.self,
    Color.self,
    ColorName.self,
    ComparisonOptions.self,
    ContentSizeCategory.self,
    Control.self,
    DiffColor.self,
    EdgeInsets.self,
    EmptyView.self,
    Expandable.self,
    ExpansionState.self,
    ExportError.self,
    ExportEvent.self,
    ExportOptions.self,
    FontFile.self,
    FontSystem.self,
    FileReference.self,
    FontWeight.self,
    FrameDump.self,
    FrameSequence.self,
    GoldenCheck.self,
    GoldenComparison.self,
    GoldenFormat<Bitmap>.self,
    GoldenPolicy.self,
    GoldenReport.self,
    GoldenRecordTrait.self,
    GoldenStrategy<Bitmap, Bitmap>.self,
    GoldenVerdict.self,
    Headline.self,
    HeightCurve.self,
    Icon.self,
    ImageFileFormat.self,
    PNGCompression.self,
    HeaderStyle.self,
    ImageShape.self,
    Label.self,
    LabelCell.self,
    (any LabelConvertible).self,
    LayoutDirection.self,
    LayoutElement.self,
    LayoutError.self,
    LayoutTree.self,
    LibraryVersions.self,
    LinearGradient.self,
    ListDocument.self,
    ListRenderer.self,
    ListUpdateProgress.self,
    MisticaSkin.self,
    PNGCodec.self,
    PNGError.self,
    (any PNGRowSource).self,
    PaintedImage.self,
    PainterError.self,
    PixelComparison.self,
    Pixelmatch.self,
    RecordMode.self,
    RecordModeError.self,
    RasterFormat.self,
    Rect.self,
    RefreshControl.self,
    RippleFrame.self,
    RippleStyle.self,
    RowCell.self,
    Section.self,
    SectionBuilder.self,
    SeparatorInset.self,
    SeparatorVisibility.self,
    ShadowLayer.self,
    ShadowModel.self,
    SpecError.self,
    SpecLocation.self,
    StereoCell.self,
    StillOutput.self,
    StereoImage.self,
    SupplementaryText.self,
    SwitchStyle.self,
    TextAlignment.self,
    TextBlock.self,
    TextLine.self,
    TextStyle.self,
    ThemeName.self,
    // GoldenSuite
    GoldenSuite.self,
    Shard.self,
    ReportOutput.self,
    SuiteCase.self,
    SuiteConfiguration.self,
    SuiteEvent.self,
    SuiteResult.self,
    SuiteRun.self,
    VariantAxis.self,
  ]

  /// The public top-level functions, by name (overloads are one name).
  static let functions = [
    "assertGolden", "compareImages", "expectGolden", "loadFixture", "requireGolden",
    "verifyGolden",
  ]

  @Test(
    "the public surface is these 111 types and 6 function names (at most 120 names), none ambiguous beside Foundation, Testing and XCTest"
  )
  func publicTypes() {
    #expect(Self.types.count == 111)
    #expect(Set(Self.names).count == 111)
    #expect(Set(Self.names + Self.functions).count <= 120)
  }

  /// The list's names, without `any` and generic arguments.
  static var names: [String] {
    types.map {
      String(describing: $0).replacingOccurrences(of: "any ", with: "")
        .components(separatedBy: "<")[0]
    }
  }

  /// The products' modules, whose every public type a user sees, and the modules a product
  /// re-exports single types of (`@_exported import struct Module.Name`).
  static let wholeModules = [
    "ListModel", "ListLayout", "ImageCodec", "ListRender", "GoldenImage", "ListGoldens",
    "GoldenTesting", "GoldenXCTest", "GoldenSuite",
  ]
  static let partlyExported = ["ListPainter"]

  /// The target triple the debug build was made for.
  #if arch(arm64)
    static let target = "aarch64-unknown-linux-gnu"
  #else
    static let target = "x86_64-unknown-linux-gnu"
  #endif

  @Test("the list is every public type the compiler sees (the modules' symbol graphs)")
  func symbolGraph() throws {
    let output = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let modules = Paths.root.appendingPathComponent(".build/debug/Modules")
    try #require(
      FileManager.default.fileExists(atPath: modules.path), "no debug build at \(modules.path)")
    // The C modules' maps and headers, as the package's build gives them.
    var cFlags = ["CCodecs", "CPangoCairo", "CImageLoaders", "CDigest"].map {
      "-fmodule-map-file="
        + Paths.root.appendingPathComponent("Sources/\($0)/module.modulemap").path
    }
    // The C targets' module maps, as SwiftPM generates them in the build folder.
    for target in ["CLineBreaks", "CPluralRules", "CFastPNG", "CPangoMetrics", "CColorGlyphs"] {
      cFlags.append(
        "-fmodule-map-file="
          + Paths.root.appendingPathComponent(".build/debug/\(target).build/module.modulemap").path)
    }
    cFlags.append(
      "-fmodule-map-file="
        + Paths.root.appendingPathComponent(
          ".build/checkouts/Yams/Sources/CYaml/include/module.modulemap"
        )
        .path)
    let pkgConfig = try toolOutput("pkg-config", ["--cflags", "pangocairo", "libpng"])
    cFlags += pkgConfig.split(separator: " ").map(String.init).filter { $0.hasPrefix("-I") }
    var names: Set<String> = []
    var functions: Set<String> = []
    for module in Self.wholeModules + Self.partlyExported {
      _ = try toolOutput(
        "swift-symbolgraph-extract",
        [
          "-module-name", module, "-target", "x86_64-unknown-linux-gnu", "-I", modules.path,
          "-output-dir", output.path, "-minimum-access-level", "public",
        ]
          + cFlags.flatMap { ["-Xcc", $0] })
      let graph = try JSONSerialization.jsonObject(
        with: Data(contentsOf: output.appendingPathComponent("\(module).symbols.json")))
      let symbols = (graph as? [String: Any])?["symbols"] as? [[String: Any]] ?? []
      let kinds: Set = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
      ]
      var found = symbols.compactMap { symbol -> String? in
        guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
          kinds.contains(kind), (symbol["pathComponents"] as? [String])?.count == 1
        else { return nil }
        return (symbol["names"] as? [String: Any])?["title"] as? String
      }
      if Self.partlyExported.contains(module) {
        let exported = try Self.reexported(from: module)
        found = found.filter(exported.contains)
      }
      #expect(!found.isEmpty || ["GoldenXCTest", "ListGoldens"].contains(module), "\(module)")
      names.formUnion(found)
      functions.formUnion(
        symbols.compactMap { symbol -> String? in
          guard (symbol["kind"] as? [String: Any])?["identifier"] as? String == "swift.func",
            let path = symbol["pathComponents"] as? [String], path.count == 1
          else { return nil }
          return path[0].components(separatedBy: "(")[0]
        })
    }
    #expect(functions.sorted() == Self.functions, "public top-level functions")
    #expect(names.subtracting(Self.names).sorted() == [], "public types missing from the list")
    #expect(Set(Self.names).subtracting(names).sorted() == [], "listed types that are not public")
  }

  /// The type names `@_exported import <kind> module.Name` lines in Sources re-export.
  static func reexported(from module: String) throws -> Set<String> {
    var names: Set<String> = []
    let sources = Paths.root.appendingPathComponent("Sources")
    for case let file as String in FileManager.default.enumerator(atPath: sources.path) ?? .init()
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("@_exported import ") {
        let words = line.split(separator: " ")
        guard words.count == 4, words[3].hasPrefix(module + ".") else { continue }
        names.insert(String(words[3].dropFirst(module.count + 1)))
      }
    }
    return names
  }

  /// Runs a tool from the PATH (the toolchain's, pkg-config); its standard output.
  private func toolOutput(_ name: String, _ arguments: [String]) throws -> String {
    let (status, data) = try runTool(name, arguments)
    try #require(status == 0, "\(name) \(arguments.joined(separator: " ")) failed")
    return String(decoding: data, as: UTF8.self)
  }

  @Test("the Swift API article's list of public names is this list")
  func readmeListsThem() throws {
    let article = try Documentation.article("SwiftAPI")
    let start = try #require(article.range(of: "**Public names** ("))
    let paragraph = String(article[start.lowerBound...]).components(separatedBy: "\n\n")[0]
    #expect(
      paragraph.contains("(\(Self.types.count) types and \(Self.functions.count) function names"))
    for name in Self.names {
      #expect(paragraph.contains("`\(name)`"), "README's public names lack \(name)")
    }
  }
}
