import Foundation
import ListPainter
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Fonts cut short or damaged are named, with the file and what is wrong, before they draw
/// blank text or boxes.
@Suite("Damaged fonts", .tags(.render))
struct FontDamageTests {
  private let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"

  @Test("a spec's font cut short is refused at its fonts: line, naming the table past the end")
  func truncatedSpecFont() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = try Data(
      contentsOf: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf"))
    try font.prefix(font.count / 2).write(to: folder.appendingPathComponent("Brand.ttf"))
    try "fonts: [ Brand.ttf ]\nsections:\n  - cells: [ { title: Hello } ]\n".write(
      to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
    #expect {
      try ListRenderer().layout(
        ListDocument(contentsOf: folder.appendingPathComponent("spec.yaml")))
    } throws: { error in
      let text = "\(error)"
      return text.contains("spec.yaml:1:") && text.contains("Brand.ttf")
        && text.contains("past the file's end")
    }
  }

  @Test("a damaged system font is an error naming the file and its package, not blank text")
  func truncatedSystemFont() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("NotoSansThai-Regular.ttf")
    let bytes = try Data(contentsOf: URL(filePath: thai))
    try bytes.prefix(bytes.count - 4_000).write(to: copy)
    #expect(FontStructure.problem(atPath: thai) == nil)
    let problem = try #require(FontStructure.problem(atPath: copy.path))
    #expect(problem.contains("past the file's end"))
    let files = FontFile.standard + [FontFile(path: copy.path, package: "fonts-noto-core")]
    #expect {
      _ = try FontSystem(files: files)
    } throws: { error in
      "\(error)".contains(copy.path)
        && "\(error)".contains("apt-get install --reinstall fonts-noto-core")
    }
  }

  @Test("every font file the renderer may load has whole tables")
  func shippedFontsAreWhole() {
    for file in FontFile.standard + FontCatalog.allExtraFiles
    where FileManager.default.fileExists(atPath: file.path) {
      #expect(FontStructure.problem(atPath: file.path) == nil, "\(file.path)")
    }
  }

  @Test("the icon font as the theme's text font is refused at its line, saying why")
  func iconFontIsNoTextFont() throws {
    #expect {
      try ListRenderer().layout(
        ListDocument.decode(
          yaml: "canvas: { theme: { name: mistica, font: Material Icons } }\n"
            + "sections:\n  - cells: [ { title: Hello } ]\n", file: "icons.yaml"))
    } throws: { error in
      "\(error)".hasPrefix("icons.yaml:1:") && "\(error)".contains("is the icon font")
    }
  }

  @Test(
    "counts and offsets read from a font at 0, 2^31 and 2^32 - 1 are refused, never looped over")
  func hostileCounts() throws {
    let font = [UInt8](
      try Data(contentsOf: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf")))
    #expect(FontStructure.problem(in: font) == nil)
    for value: [UInt8] in [[0, 0, 0, 0], [0x80, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF]] {
      // A collection's face count.
      let collection = Array("ttcf".utf8) + [0, 1, 0, 0] + value + [0, 0, 0, 12] + font
      #expect(FontStructure.problem(in: collection) != nil, "faces \(value)")
      // A table's offset and its length (the first table entry: bytes 12...27).
      for field in [20, 24] {
        var damaged = font
        damaged.replaceSubrange(field..<(field + 4), with: value)
        let problem = FontStructure.problem(in: damaged)
        // 0 is a legal offset or length; the others lie past the end.
        #expect(value == [0, 0, 0, 0] || problem != nil, "field \(field) \(value)")
      }
    }
    // The table count: 0 and 65,535 (its largest).
    for count: [UInt8] in [[0, 0], [0xFF, 0xFF]] {
      var damaged = font
      damaged.replaceSubrange(4..<6, with: count)
      #expect(FontStructure.problem(in: damaged) != nil, "tables \(count)")
    }
  }
}
