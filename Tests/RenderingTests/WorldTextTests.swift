import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Text in every script: the fonts a document loads, line breaking without spaces, emoji and
/// the line pitch, language-correct Han glyphs, and the missing-glyph rule.
@Suite("World text", .tags(.render))
struct WorldTextTests {
  private func fixture(_ name: String, renderer: ListRenderer? = nil) throws -> LayoutTree {
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(name).path, allowing: [Paths.fixtures.path])
    return try (renderer ?? ListRenderer()).layout(document)
  }

  private func rows(_ cells: String, canvas: String = "width: 320, scale: 2") throws
    -> LayoutTree
  {
    try layout("canvas: { \(canvas) }\nsections:\n  - cells:\n" + cells)
  }

  @Test("a Latin document loads the standard fonts only; a world one adds what it needs")
  func fontsOnDemand() throws {
    let renderer = try ListRenderer()
    _ = try renderer.layout(ListDocument.decode(yaml: "sections:\n  - cells: [ { title: Inbox } ]"))
    #expect(renderer.fonts.files == FontFile.standard)
    _ = try fixture("text/thai-wrapping.yaml", renderer: renderer)
    let added = renderer.fonts.files.dropFirst(FontFile.standard.count).map {
      URL(fileURLWithPath: $0.path).lastPathComponent
    }
    // No text style of the design systems is bold, so Noto Sans Thai Bold is left out.
    #expect(added == ["NotoSansThai-Regular.ttf"])
  }

  @Test("Noto Sans CJK loads the faces the text's languages put first, and draws as if it had all")
  func cjkFacesByLanguage() throws {
    let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    let mixed = """
      canvas: { width: 320, scale: 1 }
      sections:
        - cells:
            - { title: 你好世界, subtitle: { text: こんにちは世界, language: ja } }
            - { title: { text: 안녕하세요 世界, language: ko } }
      """
    let renderer = try ListRenderer()
    _ = try renderer.layout(
      ListDocument.decode(
        yaml: "canvas: { language: zh-Hant }\nsections:\n  - cells: [ { title: 世界 } ]"))
    #expect(renderer.fonts.families(in: cjk) == ["Noto Sans CJK TC"])
    #expect(!renderer.fonts.files.contains { $0.path.hasSuffix("NotoSansCJK-Bold.ttc") })
    let after = try renderer.render(ListDocument.decode(yaml: mixed))
    #expect(
      Set(renderer.fonts.families(in: cjk)) == [
        "Noto Sans CJK TC", "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK KR",
      ])
    // A fresh renderer loads only SC, JP and KR, and draws the same pixels.
    let fresh = try ListRenderer()
    let alone = try fresh.render(ListDocument.decode(yaml: mixed))
    #expect(
      Set(fresh.fonts.families(in: cjk)) == [
        "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK KR",
      ])
    #expect(alone.pixels == after.pixels)
    let tree = try fresh.layout(ListDocument.decode(yaml: mixed))
    #expect(
      tree.elements(.title).first?.textBlock?.lines.first?.fonts == ["Noto Sans CJK SC Regular"])
    #expect(
      tree.elements(.subtitle).first?.textBlock?.lines.first?.fonts == ["Noto Sans CJK JP Regular"])
  }

  @Test("a CJK title wraps between characters, without spaces or hyphens")
  func cjkWrapsByCharacter() throws {
    let tree = try fixture("text/cjk-ja.yaml")
    let title = try #require(tree.elements(.title).last?.textBlock)
    #expect(title.lines.count == 2)
    #expect(title.lines.map(\.text).joined() == title.text)
    #expect(!title.text.contains(" "))
    #expect(title.lines.allSatisfy { $0.fonts == ["Noto Sans CJK JP Regular"] })
  }

  @Test("a Thai title wraps at word boundaries only (dictionary breaks)")
  func thaiWrapsAtWords() throws {
    // The title is these words with no space between them.
    let words = [
      "แพ็กเกจ", "อินเทอร์เน็ต", "ใหม่", "ของ", "คุณ", "จะ", "เปลี่ยน", "โดย", "อัตโนมัติ", "ตาม",
      "ปริมาณ", "การ", "ใช้", "งาน", "ใน", "แต่ละ", "เดือน",
    ]
    var boundaries: Set<Int> = []
    var offset = 0
    for word in words {
      offset += word.unicodeScalars.count
      boundaries.insert(offset)
    }
    let tree = try fixture("text/thai-wrapping.yaml")
    let title = try #require(tree.elements(.title).last?.textBlock)
    #expect(title.text == words.joined())
    #expect(title.lines.count >= 2)
    var end = 0
    for line in title.lines {
      end += line.text.unicodeScalars.count
      #expect(boundaries.contains(end), "a line ends inside a word: \(line.text)")
    }
  }

  @Test(
    "a Latin line keeps Roboto's pitch; a Burmese line is as tall as Noto Sans Myanmar needs (30.6 pt at 14)"
  )
  func tallScriptLines() throws {
    let tree = try rows(
      """
            - { title: "Plain title", subtitle: Plain }
            - { title: "Offer 🎉 👩‍💻 👍🏽 🇪🇸 1️⃣", subtitle: "မင်္ဂလာပါ" }
      """)
    let titles = tree.elements(.title)
    #expect(titles[0].textBlock?.lines.map(\.height) == [16.0 * 2400 / 2048])
    // Latin rows keep their exact Mística height: 16 + 24 + 2 + 20 + 16.
    #expect(tree.elements(.cell)[0].frame.height == 78)
    let emojiFonts = try #require(titles[1].textBlock?.lines.first?.fonts)
    #expect(emojiFonts == ["Roboto Regular", "Noto Color Emoji Regular"])
    // The Burmese subtitle's line: Noto Sans Myanmar's ascent and descent at 14 pt, 30.6 pt
    // (Roboto's is 16.4); the label rounds up to device pixels and the row grows with it.
    let burmese = try #require(tree.elements(.subtitle)[1].textBlock?.lines.first)
    #expect(burmese.fonts == ["Noto Sans Myanmar Regular"])
    #expect(abs(burmese.height - 30.6) < 0.05, "\(burmese.height)")
    #expect(burmese.baseline > 14)
    #expect(tree.elements(.subtitle)[1].frame.height == (burmese.height * 2).rounded(.up) / 2)
    #expect(tree.elements(.cell)[1].frame.height > 78)
  }

  @Test("the layout dump names each line's faces")
  func dumpNamesFonts() throws {
    let json = String(decoding: try fixture("text/symbols.yaml").dumpJSON(), as: UTF8.self)
    #expect(json.contains("\"Noto Sans Symbols2 Regular\""))
    #expect(json.contains("\"Noto Sans Mono Regular\""))
    #expect(json.contains("\"fonts\" : ["))
  }

  @Test("Japanese and Simplified Chinese differ only inside the Han characters")
  func hanGlyphsByLanguage() throws {
    let renderer = try ListRenderer()
    let load = { (name: String) in
      try ListDocument.load(
        path: Paths.fixtures.appendingPathComponent(name).path, allowing: [Paths.fixtures.path])
    }
    let japanese = try renderer.layout(load("text/cjk-ja.yaml"))
    let chinese = try renderer.layout(load("text/cjk-zh-hans.yaml"))
    #expect(japanese.elements.map(\.frame) == chinese.elements.map(\.frame))
    let a = try renderer.paint(japanese)
    let b = try renderer.paint(chinese)
    #expect(a.width == b.width && a.height == b.height)
    // The boxes of the lines' Han characters, in pixels (each line's frame: the lines are all
    // CJK; kana and Latin glyphs are the same in both faces).
    let scale = japanese.scale
    let lines = japanese.elements.flatMap { element -> [Rect] in
      guard case .text(let block) = element.content else { return [] }
      return block.lines.filter { line in
        line.text.unicodeScalars.contains { $0.properties.isIdeographic }
      }.map {
        Rect(
          x: $0.x + element.frame.x, y: $0.y + element.frame.y, width: $0.width,
          height: $0.height)
      }
    }
    var differing = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let index = (y * a.width + x) * 4
        guard a.pixels[index..<index + 4] != b.pixels[index..<index + 4] else { continue }
        differing += 1
        let point = (x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
        #expect(
          lines.contains {
            point.x >= $0.x && point.x <= $0.maxX && point.y >= $0.y && point.y <= $0.maxY
          }, "pixel \(x), \(y) differs outside the Han text")
        if differing > 2000 { return }
      }
    }
    #expect(differing > 100)
  }

  @Test("a character no font has fails with its place and name; allowed, it is a box")
  func missingGlyph() throws {
    let yaml = "sections:\n  - cells:\n      - title: \"Greek \u{0378} gap\"\n"
    do {
      _ = try ListRenderer().layout(ListDocument.decode(yaml: yaml, file: "spec.yaml"))
      Issue.record("a missing glyph was drawn silently")
    } catch let error as SpecError {
      #expect(error.file == "spec.yaml")
      #expect(error.line == 3)
      #expect(error.path == "sections[0].cells[0].title")
      #expect(error.message.hasPrefix("no font has U+0378"))
      #expect(error.message.contains("--allow-missing-glyphs"))
    }
    let renderer = try ListRenderer()
    renderer.allowsMissingGlyphs = true
    let tree = try renderer.layout(ListDocument.decode(yaml: yaml))
    #expect(tree.elements(.title).first?.textBlock?.missingCharacter == "\u{0378}")
    // A document built in code names the element.
    let document = ListDocument { Section { RowCell("Plain", subtitle: "\u{0378}") } }
    #expect(throws: SpecError.self) { try ListRenderer().layout(document) }
  }

  @Test("no fixture has a character no font draws")
  func fixturesHaveEveryGlyph() throws {
    let renderer = try ListRenderer()
    renderer.allowsMissingGlyphs = true
    for name in FixtureCases.all where !name.hasPrefix("bench/") {
      let document = try ListDocument.load(
        path: Paths.fixtures.appendingPathComponent(name).path, allowing: [Paths.fixtures.path])
      let tree = try renderer.layout(document)
      for element in tree.elements {
        #expect(
          element.textBlock?.missingCharacter == nil, "\(name): \(element.source) \(element.role)")
      }
    }
  }

  // MARK: Brand fonts

  /// A folder holding a copy of the brand fixture's font files and a spec using them.
  private func brandFolder(font: String = "DejaVu Serif", files: Int = 1) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "brand-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = Paths.fixtures.appending(path: "text/brand/DejaVuSerif.ttf")
    try FileManager.default.copyItem(at: source, to: folder.appending(path: "Brand.ttf"))
    let list = (0..<files).map { _ in "Brand.ttf" }.joined(separator: ", ")
    try """
    fonts: [\(list)]
    canvas: { width: 320, scale: 1, theme: { name: mistica, font: \(font) } }
    sections:
      - cells:
          - { title: Brand title, subtitle: "नमस्ते 你好" }
    """.write(to: folder.appending(path: "spec.yaml"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("the theme font draws every text style; other scripts fall back; the face is named")
  func brandFont() throws {
    let tree = try fixture("text/brand-font.yaml")
    let title = try #require(tree.elements(.title).first?.textBlock)
    // Mística's medium title takes the nearest weight the brand has: Book, not a synthesis.
    #expect(title.lines.allSatisfy { $0.fonts == ["DejaVu Serif Book"] })
    let header = try #require(tree.elements(.header).compactMap(\.textBlock).first)
    // Movistar's title2 header is bold (tokens/movistar.json text5): the brand's Bold face.
    #expect(header.lines.first?.fonts == ["DejaVu Serif Bold"])
    let subtitle = try #require(tree.elements(.subtitle).dropFirst().first?.textBlock)
    #expect(
      subtitle.lines.first?.fonts == [
        "Noto Sans Devanagari Regular", "DejaVu Serif Book", "Noto Sans CJK SC Regular",
        "Noto Color Emoji Regular",
      ])
  }

  @Test("fonts: and theme.font are written back and built in code")
  func brandFontSpec() throws {
    let folder = try brandFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument(contentsOf: folder.appending(path: "spec.yaml"))
    #expect(document.canvas.font == "DejaVu Serif")
    #expect(document.fonts.map(\.path) == [folder.appending(path: "Brand.ttf").path])
    let again = try ListDocument.decode(yaml: try document.yaml())
    #expect(again == document)
    let built = ListDocument(
      canvas: Canvas(width: 320, scale: 1, font: "DejaVu Serif"),
      fonts: [FileReference(path: folder.appending(path: "Brand.ttf").path)]
    ) { Section { RowCell("Brand title", subtitle: "नमस्ते 你好") } }
    #expect(built == document)
    #expect(try ListRenderer().render(built) == ListRenderer().render(document))
  }

  @Test("a family no font has, a file that is not a font, too many files: errors at their line")
  func brandFontErrors() throws {
    let unknown = try brandFolder(font: "Brand Sans")
    defer { try? FileManager.default.removeItem(at: unknown) }
    let spec = unknown.appending(path: "spec.yaml")
    do {
      _ = try ListRenderer().layout(ListDocument(contentsOf: spec))
      Issue.record("an unknown family was accepted")
    } catch let error as SpecError {
      #expect(error.line == 2)
      #expect(error.path == "canvas.theme.font")
      #expect(
        error.message
          == "no font is named \"Brand Sans\"; the families of the files under fonts: are \"DejaVu Serif\""
      )
    }
    // Two files of one family: the family is listed once.
    try FileManager.default.copyItem(
      at: unknown.appending(path: "Brand.ttf"), to: unknown.appending(path: "Brand2.ttf"))
    let original = try String(contentsOf: spec, encoding: .utf8)
    try original.replacingOccurrences(
      of: "fonts: [Brand.ttf]", with: "fonts: [Brand.ttf, Brand2.ttf]"
    ).write(to: spec, atomically: true, encoding: .utf8)
    do {
      _ = try ListRenderer().layout(ListDocument(contentsOf: spec))
      Issue.record("an unknown family was accepted")
    } catch let error as SpecError {
      #expect(error.message.hasSuffix("are \"DejaVu Serif\""), "\(error.message)")
    }
    try original.write(to: spec, atomically: true, encoding: .utf8)
    try Data("not a font".utf8).write(to: unknown.appending(path: "Brand.ttf"))
    do {
      _ = try ListRenderer().layout(ListDocument(contentsOf: spec))
      Issue.record("a text file was taken for a font")
    } catch let error as SpecError {
      #expect(error.line == 1)
      #expect(error.path == "fonts[0]")
      #expect(error.message.contains("not a font file"))
    }
    let many = try brandFolder(files: SpecLimits.maxFonts + 1)
    defer { try? FileManager.default.removeItem(at: many) }
    #expect(throws: SpecError.self) {
      try ListDocument(contentsOf: many.appending(path: "spec.yaml"))
    }
    #expect(throws: SpecError.self) {
      try ListDocument.decode(yaml: "canvas: { theme: { font: \"A, B\" } }\nsections: []")
    }
    // A catalogue family needs no file.
    let thai = try ListRenderer().layout(
      ListDocument.decode(
        yaml:
          "canvas: { theme: { font: Noto Sans Thai } }\nsections: [ { cells: [ { title: ไทย } ] } ]"
      ))
    #expect(
      thai.elements(.title).first?.textBlock?.lines.first?.fonts == ["Noto Sans Thai Regular"])
  }

  @Test("the fingerprint holds the CRC of every font a document uses; a changed brand font shows")
  func brandFontFingerprint() throws {
    let folder = try brandFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let renderer = try ListRenderer()
    let document = try ListDocument(contentsOf: folder.appending(path: "spec.yaml"))
    let before = try renderer.fingerprint(for: document)
    // The spec's own font is an input of the case (compared exactly when it changes), the
    // catalogue's fonts the environment.
    #expect(before["input font Brand.ttf"] != nil)
    #expect(before["font Brand.ttf"] == nil)
    #expect(before["font NotoSansDevanagari-Regular.ttf"] != nil)
    #expect(before["font NotoSansCJK-Regular.ttc"] != nil)
    #expect(renderer.fingerprint()["font NotoSansCJK-Regular.ttc"] == nil)
    // Another font under the same name: another checksum.
    let brand = folder.appending(path: "Brand.ttf")
    try FileManager.default.removeItem(at: brand)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appending(path: "text/brand/DejaVuSerif-Bold.ttf"), to: brand)
    let after = try ListRenderer().fingerprint(for: document)
    #expect(after["input font Brand.ttf"] != before["input font Brand.ttf"])
  }
}
