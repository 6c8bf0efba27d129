import Foundation
import GoldenImage
import ListRender
import RenderTestSupport
import Synchronization
import TestLevels
import Testing

/// `render -o x.svg / x.pdf`, standard input and output, refused extensions.
@Suite("Vector and piped output", .tags(.cli))
struct VectorOutputTests {
  /// Runs a rasterizer from the Debian packages make test installs.
  private func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/" + tool)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// How many pixels a comparison found different (all of them for a size mismatch).
  private static func differingPixels(_ verdict: GoldenVerdict, of image: Bitmap) -> Int {
    switch verdict {
    case .identical: 0
    case .withinTolerance(let count, _), .different(let count, _): count
    case .sizeMismatch: image.width * image.height
    }
  }

  private func bitmap(_ url: URL) throws -> Bitmap {
    try PNGCodec.decode([UInt8](try Data(contentsOf: url)))
  }

  @Test("an SVG keeps each image file at its own resolution (not sampled to the PNG's pixels)")
  func vectorImagesAtTheirResolution() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = Paths.fixtures.appendingPathComponent("assets/row-images.yaml").path
    let result = try runListRender(["render", spec, "-o", "rows.svg"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try String(contentsOf: folder.appendingPathComponent("rows.svg"), encoding: .utf8)
    // wide-16x9.png, tall-7x10.png and avatar.png, each embedded once at its size in pixels.
    for size in [
      "width=\"160\" height=\"90\"", "width=\"140\" height=\"200\"",
      "width=\"64\" height=\"64\"",
    ] {
      #expect(svg.contains(size), "no image \(size)")
    }
  }

  @Test("-o x.webp and animate --frame-format webp: the PNG's pixels, lossless")
  func webPOutputs() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = Paths.fixtures.appendingPathComponent("showcase.yaml").path
    for name in ["show.png", "show.webp"] {
      let result = try runListRender(
        ["render", spec, "-o", name, "--scale", "1", "--allow-path", Paths.fixtures.path],
        in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let webp = [UInt8](try Data(contentsOf: folder.appendingPathComponent("show.webp")))
    #expect(RasterFormat.of(webp) == .webp)
    #expect(try WebPCodec.decode(webp) == (try bitmap(folder.appendingPathComponent("show.png"))))
    let motion = Paths.fixtures.appendingPathComponent("motion/expand.yaml").path
    for format in ["png", "webp"] {
      let result = try runListRender(
        ["animate", motion, "--scale", "1", "-o", format, "--frame-format", format], in: folder)
      #expect(result.status == 0, "\(format): \(result.stderr)")
    }
    let frames = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("webp").path)
    #expect(frames.count > 1 && frames.allSatisfy { $0.hasSuffix(".webp") })
    for frame in frames {
      let name = (frame as NSString).deletingPathExtension
      #expect(
        try PNGCodec.decode(file: folder.appendingPathComponent("webp/" + frame).path)
          == (try bitmap(folder.appendingPathComponent("png/\(name).png"))), "\(frame)")
    }
    // Frames are files of pixels: a vector format is refused.
    let refused = try runListRender(
      ["animate", motion, "-o", "svg", "--frame-format", "svg"], in: folder)
    #expect(refused.status == 2)
  }

  /// A list of `rows` rows, every fifth an elevated boxed card (shadows across page edges).
  private func tallList(rows: Int, scale: Int) -> String {
    let cells = (0..<rows).map { index in
      index % 5 == 0
        ? "      - { style: boxed, elevation: 4, title: Card \(index), subtitle: Subtitle \(index) }"
        : "      - { title: Row \(index), subtitle: Subtitle \(index) }"
    }
    return "canvas: { width: 360, scale: \(scale), theme: material }\nsections:\n  - cells:\n"
      + cells.joined(separator: "\n") + "\n"
  }

  @Test("a 5,000-row list: PNG refused naming the ways that work; SVG, PDF and PNG pages written")
  func tallList() throws {
    let folder = try Paths.temporaryFolder(with: ["tall.yaml": tallList(rows: 5_000, scale: 1)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try runListRender(["render", "tall.yaml", "-o", "tall.png"], in: folder)
    #expect(png.status == 2)
    #expect(png.stderr.contains("--page-height") && png.stderr.contains("SVG or PDF"))
    for name in ["tall.pdf", "tall.svg"] {
      let result = try runListRender(["render", "tall.yaml", "-o", name], in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let pdf = try Data(contentsOf: folder.appendingPathComponent("tall.pdf"))
    #expect(pdf.prefix(4) == Data("%PDF".utf8))
    let svg = try String(contentsOf: folder.appendingPathComponent("tall.svg"), encoding: .utf8)
    #expect(svg.contains("<svg") && svg.contains("height=\""))
    let pages = try runListRender(
      ["render", "tall.yaml", "-o", "tall.png", "--page-height", "20000"], in: folder)
    #expect(pages.status == 0, "\(pages.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("tall-") }.sorted()
    #expect(files.first == "tall-0001.png" && files.count > 10, "\(files)")
    #expect(!files.contains("tall.png"))
  }

  @Test("pages stacked are the whole image, pixel for pixel, shadows across their edges too")
  func pagesStackToTheWhole() throws {
    let folder = try Paths.temporaryFolder(with: ["list.yaml": tallList(rows: 40, scale: 2)])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runListRender(["render", "list.yaml", "-o", "whole.png"], in: folder).status == 0)
    let paged = try runListRender(
      ["render", "list.yaml", "-o", "page.png", "--page-height", "500", "--layout", "l.json"],
      in: folder)
    #expect(paged.status == 0, "\(paged.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("page-") }.sorted()
    let pages = try names.map { try bitmap(folder.appendingPathComponent($0)) }
    #expect(pages.count > 3)
    let whole = try bitmap(folder.appendingPathComponent("whole.png"))
    #expect(Bitmap.stacked(pages, gap: 0) == whole)
    // Pages of a vector format, or on standard output, are refused.
    let svg = try runListRender(
      ["render", "list.yaml", "-o", "p.svg", "--page-height", "500"], in: folder)
    #expect(svg.status == 2)
  }

  @Test(
    "pages break between rows at whole device pixels (7.3 pt at scale 3 too), a row taller than a page is a warning, at most 1,000 pages, old pages go, /dev/null is no page name"
  )
  func pagesBreakBetweenRows() throws {
    let folder = try Paths.temporaryFolder(with: ["list.yaml": tallList(rows: 40, scale: 3)])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runListRender(["render", "list.yaml", "-o", "whole.png"], in: folder).status == 0)
    let whole = try bitmap(folder.appendingPathComponent("whole.png"))
    func pages(_ height: String) throws -> (result: ProcessResult, pages: [Bitmap]) {
      let result = try runListRender(
        ["render", "list.yaml", "-o", "page.png", "--page-height", height], in: folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasPrefix("page-") }.sorted()
      return (result, try names.map { try bitmap(folder.appendingPathComponent($0)) })
    }
    // 333.3 pt: pages end on the row edges that fit, so they differ in height, each at most
    // 999 px, and stacked they are the whole image.
    let between = try pages("333.3")
    #expect(between.result.status == 0, "\(between.result.stderr)")
    let betweenSame = Bitmap.stacked(between.pages, gap: 0) == whole
    #expect(betweenSame)
    #expect(between.pages.allSatisfy { $0.height <= 999 })
    #expect(Set(between.pages.dropLast().map(\.height)).count > 1)
    #expect(!between.result.stderr.contains("taller than a page"))
    // 7.3 pt: every row is taller than a page; whole device pixels all the same.
    let thin = try pages("7.3")
    #expect(thin.result.status == 0, "\(thin.result.stderr)")
    #expect(thin.result.stderr.contains("sections[0].cells[0] is taller than a page"))
    let thinSame = Bitmap.stacked(thin.pages, gap: 0) == whole
    #expect(thinSame)
    #expect(thin.pages.allSatisfy { $0.height <= 21 })
    // Fewer pages than before: none of the earlier set is left.
    let fewer = try pages("2000")
    #expect(fewer.result.status == 0)
    let fewerSame = Bitmap.stacked(fewer.pages, gap: 0) == whole
    #expect(fewerSame)
    // More than 1,000 pages: refused, naming the bound, nothing written.
    let many = try runListRender(
      ["render", "list.yaml", "-o", "many.png", "--page-height", "1"], in: folder)
    #expect(many.status == 2)
    #expect(many.stderr.contains("more than 1000 pages"), "\(many.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
        !$0.hasPrefix("many")
      })
    let device = try runListRender(
      ["render", "list.yaml", "-o", "/dev/null", "--page-height", "500"], in: folder)
    #expect(device.status == 2, "\(device.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/dev/null-0001.png"))
  }

  @Test(
    "a page too tall says which --page-height fits; a WebP past 16,383 px says what works; animate -o - is refused, no folder named -"
  )
  func outputLimitsSayWhatWorks() throws {
    let folder = try Paths.temporaryFolder(with: ["list.yaml": tallList(rows: 300, scale: 2)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try runListRender(
      ["render", "list.yaml", "-o", "p.png", "--page-height", "20000"], in: folder)
    #expect(page.status == 2)
    #expect(page.stderr.contains("give --page-height 16383 or less"), "\(page.stderr)")
    try tallList(rows: 200, scale: 2).write(
      to: folder.appendingPathComponent("mid.yaml"), atomically: true, encoding: .utf8)
    let webp = try runListRender(["render", "mid.yaml", "-o", "w.webp"], in: folder)
    #expect(webp.status == 2)
    #expect(
      webp.stderr.contains("mid.yaml:1:")
        && webp.stderr.contains(
          "a WebP image is at most 16383 px a side: write it in another format"),
      "\(webp.stderr)")
    let frames = try runListRender(["animate", "-o", "-"], in: folder)
    #expect(frames.status == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
  }

  @Test(
    "esimflag's boxed-inverse card is its token gradient (180°, #004ED9 → #005CFF at 60 % → #A140C4) in PNG, SVG and PDF"
  )
  func esimflagGradient() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    canvas: { width: 360, scale: 2, theme: { name: mistica, skin: esimflag } }
    sections:
      - cells:
          - { style: boxedInverse, title: Double your data, subtitle: Three months at no cost }
    """.write(to: folder.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
    for name in ["card.png", "card.svg", "card.pdf"] {
      let result = try runListRender(["render", "card.yaml", "-o", name], in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    #expect(try run("rsvg-convert", ["-w", "720", "card.svg", "-o", "svg.png"], in: folder) == 0)
    #expect(
      try run("pdftoppm", ["-r", "144", "-png", "-singlefile", "card.pdf", "pdf"], in: folder) == 0)
    // The card is 16...344 pt across and 8...86 pt down (the image 94 pt): sample its middle
    // column 1 pt inside its top and bottom edges, below and above the text.
    for raster in ["card.png", "svg.png", "pdf.png"] {
      let image = try bitmap(folder.appendingPathComponent(raster))
      let top = image[2 * 180, 2 * 9]
      let bottom = image[2 * 180, image.height - 2 * 9]
      // Near the top, the first stop #004ED9; near the bottom, the last stop #A140C4's purple.
      #expect(abs(Int(top.r) - 0x00) <= 6 && abs(Int(top.b) - 0xD9) <= 6, "\(raster) top \(top)")
      #expect(bottom.r > 0x80 && bottom.g < 0x60, "\(raster) bottom \(bottom)")
      #expect(top != bottom, "\(raster)")
    }
    // Dark esimflag's token is a flat colour, and a spec's own colour replaces the gradient.
    for canvas in [
      "theme: { name: mistica, skin: esimflag }, appearance: dark",
      "theme: { name: mistica, skin: esimflag, colors: { backgroundContainerBrand: \"#123456\" } }",
    ] {
      let tree = try ListRenderer().layout(
        ListDocument.decode(
          yaml: """
            canvas: { width: 360, \(canvas) }
            sections:
              - cells:
                  - { style: boxedInverse, title: Flat }
            """))
      guard case .box(_, _, _, _, let gradient) = tree.elements(.cell)[0].content else {
        Issue.record("expected a box")
        continue
      }
      #expect(gradient == nil, "\(canvas)")
    }
  }

  @Test("SVG and PDF of the showcase rasterize (rsvg-convert, pdftoppm) to the PNG's pixels")
  func vectorMatchesPNG() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = Paths.fixtures.appendingPathComponent("showcase.yaml").path
    for name in ["show.png", "show.svg", "show.pdf"] {
      let result = try runListRender(
        ["render", spec, "-o", name, "--allow-path", Paths.fixtures.path], in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let png = try bitmap(folder.appendingPathComponent("show.png"))
    // The document is in points (360 × 834 pt at scale 3): rasterized at the PNG's pixel size.
    #expect(
      try run("rsvg-convert", ["-w", "\(png.width)", "show.svg", "-o", "svg.png"], in: folder)
        == 0)
    #expect(
      try run(
        "pdftoppm", ["-r", "216", "-png", "-singlefile", "show.pdf", "pdf"], in: folder) == 0)
    for raster in ["svg.png", "pdf.png"] {
      let other = try bitmap(folder.appendingPathComponent(raster))
      #expect(other.width == png.width && other.height == png.height, "\(raster) size")
      // Another rasterizer antialiases glyph and curve edges its own way: measured 0.01 %
      // (librsvg) and 0.02 % (poppler) of the pixels differ at pixelmatch's 0.1; a layout or
      // colour change would be far more.
      let (verdict, _) = compareImages(expected: png, actual: other, policy: GoldenPolicy())
      let differing = Self.differingPixels(verdict, of: png)
      #expect(Double(differing) < 0.001 * Double(png.width * png.height), "\(raster): \(verdict)")
    }
    // The same spec gives the same vector bytes.
    _ = try runListRender(
      ["render", spec, "-o", "again.pdf", "--allow-path", Paths.fixtures.path], in: folder)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("again.pdf"))
        == Data(contentsOf: folder.appendingPathComponent("show.pdf")))
  }

  @Test("an SVG's shadows rasterize to the PNG's at scales 1, 2 and 3", arguments: [1, 2, 3])
  func svgShadowsAtScale(_ scale: Int) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    canvas: { width: 240, scale: \(scale), background: "#EEEEEE" }
    sections:
      - cells:
          - { style: boxed, title: Card, subtitle: With a shadow, elevation: 8 }
          - { style: boxed, title: Second, elevation: 2 }
    """.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    for name in ["a.png", "a.svg"] {
      let result = try runListRender(["render", "a.yaml", "-o", name], in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let png = try bitmap(folder.appendingPathComponent("a.png"))
    #expect(
      try run(
        "rsvg-convert", ["-w", "\(png.width)", "-h", "\(png.height)", "a.svg", "-o", "svg.png"],
        in: folder) == 0)
    var other = try bitmap(folder.appendingPathComponent("svg.png"))
    // librsvg antialiases glyphs its own way (0.6 % of the pixels at scale 1, every one on a
    // glyph edge): the text's frames are taken from the PNG, so what is compared is the boxes
    // and their shadows.
    let tree = try ListRenderer().layout(
      ListDocument(contentsOf: folder.appendingPathComponent("a.yaml")))
    for element in tree.elements where element.textBlock != nil {
      let frame = element.frame
      let rows =
        max(
          0, Int(frame.y * Double(scale)) - 1)..<min(
          png.height, Int(frame.maxY * Double(scale)) + 2)
      let columns =
        max(
          0, Int(frame.x * Double(scale)) - 1)..<min(
          png.width, Int((frame.x + frame.width) * Double(scale)) + 2)
      for row in rows {
        let start = (row * png.width + columns.lowerBound) * 4
        let end = (row * png.width + columns.upperBound) * 4
        other.pixels.replaceSubrange(start..<end, with: png.pixels[start..<end])
      }
    }
    var policy = GoldenPolicy()
    policy.options = ComparisonOptions()
    let (verdict, _) = compareImages(expected: png, actual: other, policy: policy)
    let differing = Self.differingPixels(verdict, of: png)
    // The shadows drawn through cairo's SVG masks were 17 % of the pixels off at scale 2.
    #expect(Double(differing) < 0.005 * Double(png.width * png.height), "\(verdict)")
  }

  @Test("- reads the spec from standard input, -o - writes the PNG to standard output")
  func pipes() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: Piped } ]\n"
    let piped = try runListRender(["render", "-", "-o", "-"], in: folder, input: Data(yaml.utf8))
    #expect(piped.status == 0, "\(piped.stderr)")
    let expected = try ListRenderer().render(try ListDocument.decode(yaml: yaml))
    #expect(try PNGCodec.decode([UInt8](piped.stdoutBytes)) == expected)
    // Without -o, the spec from standard input is written as stdin.png.
    let named = try runListRender(["render", "-"], in: folder, input: Data(yaml.utf8))
    #expect(named.status == 0)
    #expect(try bitmap(folder.appendingPathComponent("stdin.png")) == expected)
    // An error names <stdin>.
    let bad = try runListRender(
      ["render", "-", "-o", "x.png"], in: folder, input: Data("canvas: { width: 0 }\n".utf8))
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("<stdin>:1:18: canvas.width: 0 is out of range"))
  }

  @Test("an output that is not .png, .svg, .pdf or .webp is refused before any work")
  func refusedExtension() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(["render", "-o", "showcase.jpg"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "-o showcase.jpg: the output's extension must be .png, .svg, .pdf or .webp"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("render --watch renders again when the spec changes, and keeps watching after an error")
  func watch() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("list.yaml")
    let output = folder.appendingPathComponent("list.png")
    let yaml = { (title: String) in
      "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: \(title) } ]\n"
    }
    try yaml("First").write(to: spec, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = Paths.binary
    process.arguments = ["render", "list.yaml", "--watch"]
    process.currentDirectoryURL = folder
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    /// Waits up to 30 s for `condition`.
    func eventually(_ condition: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return false
    }
    func png() -> Data? { try? Data(contentsOf: output) }
    #expect(eventually { png() != nil }, "the first render")
    let first = try #require(png())
    try yaml("Second and longer").write(to: spec, atomically: true, encoding: .utf8)
    #expect(eventually { png().map { $0 != first } ?? false }, "rendered again")
    let second = try #require(png())
    #expect(
      try PNGCodec.decode([UInt8](second))
        == ListRenderer().render(ListDocument.decode(yaml: yaml("Second and longer"))))
    // A broken spec is reported; the watch goes on and picks up the fix.
    try "canvas: { width: 0 }\nsections: []\n".write(to: spec, atomically: true, encoding: .utf8)
    Thread.sleep(forTimeInterval: 1)
    #expect(process.isRunning)
    try yaml("Third").write(to: spec, atomically: true, encoding: .utf8)
    #expect(eventually { png().map { $0 != second } ?? false }, "rendered after the fix")
    process.terminate()
    process.waitUntilExit()
    let messages = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(messages.contains("list.yaml:1:18: canvas.width: 0 is out of range"))
    // Nothing but the spec and the image is left.
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        == ["list.yaml", "list.png"])
  }

  @Test("a watch passes again when its spec changes while a pass is running")
  func watchSeesAChangeDuringAPass() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("list.yaml")
    try "first\n".write(to: spec, atomically: true, encoding: .utf8)
    let read = Mutex<[String]>([])
    let finished = DispatchSemaphore(value: 0)
    let watcher = Thread {
      watchFiles([spec.path], passes: 2) { _ in
        let text = try String(contentsOf: spec, encoding: .utf8)
        // Written after the pass read the spec, before it ends: as an editor saves while a
        // render is running.
        if read.withLock({
          $0.append(text); return $0.count
        }) == 1 {
          try "second, longer\n".write(to: spec, atomically: true, encoding: .utf8)
        }
      } failed: { _ in
      }
      finished.signal()
    }
    watcher.start()
    #expect(finished.wait(timeout: .now() + 20) == .success, "the change was never seen")
    #expect(read.withLock { $0 } == ["first\n", "second, longer\n"])
  }
}
