import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The text engine: one shaped paragraph per label, drawn as measured (issue: text engine).
@Suite("Text engine", .tags(.render))
struct TextEngineTests {
  private func fixture(_ name: String) throws -> (ListRenderer, ListDocument, LayoutTree) {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(name).path, allowing: [Paths.fixtures.path])
    return (renderer, document, try renderer.layout(document))
  }

  @Test("a paragraph has one base direction: every wrapped line of it is ordered in it")
  func paragraphBaseDirection() throws {
    let (_, _, tree) = try fixture("text/bidi-paragraph.yaml")
    let descriptions = tree.elements(.description).compactMap(\.textBlock)
    #expect(descriptions.count == 2)
    let english = descriptions[0].lines
    #expect(english.count == 3)
    // The second line begins with a Hebrew word; it still belongs to the English paragraph.
    #expect(english[1].text.hasPrefix("עברית"))
    #expect(english.allSatisfy { $0.paragraphDirection == .ltr })
    let arabic = descriptions[1].lines
    #expect(arabic.count >= 3)
    #expect(arabic.contains { $0.text.contains("English") })
    #expect(arabic.allSatisfy { $0.paragraphDirection == .rtl })
  }

  @Test("a long word broken inside gets no hyphen (UILabel draws none)")
  func noInsertedHyphens() throws {
    let word = "Mobilfunkvertragsverlängerungsoptionen"
    let tree = try layout(
      "canvas: { width: 160, scale: 1 }\nsections:\n  - cells:\n      - title: \(word)")
    let lines = try #require(tree.elements(.title).first?.textBlock?.lines)
    #expect(lines.count >= 2)
    #expect(lines.map(\.text).joined() == word)
    // Each piece is as wide as the piece alone: no hyphen glyph was added where it broke.
    for line in lines.dropLast() {
      let alone = try layout(
        "canvas: { width: 1000, scale: 1 }\nsections:\n  - cells:\n      - title: \(line.text)")
      let width = try #require(alone.elements(.title).first?.textBlock?.lines.first?.width)
      #expect(abs(line.width - width) < 0.01, "\(line.text): \(line.width) vs \(width)")
    }
  }

  @Test("a paragraph without a strong character takes the canvas direction")
  func neutralParagraph() throws {
    for direction in LayoutDirection.allCases {
      let tree = try layout(
        "canvas: { scale: 1, direction: \(direction.rawValue) }\nsections:\n  - cells:\n      - title: '123 456'"
      )
      let line = try #require(tree.elements(.title).first?.textBlock?.lines.first)
      #expect(line.paragraphDirection == direction)
    }
  }

  @Test(
    "a line holding a taller fallback font is as tall as that font needs; its Latin neighbours keep the pitch"
  )
  func linePitch() throws {
    let (_, _, tree) = try fixture("text/line-pitch.yaml")
    for role in [LayoutElement.Role.description, .text] {
      let element = try #require(tree.elements(role).first)
      let block = try #require(element.textBlock)
      #expect(block.lines.count >= 3)
      // The pitch: the style's minimum line height (the label cell's 24), else the primary
      // font's own line height (the Mística description's Roboto 14: 16.40625).
      let pitch = max(block.style.minLineHeight, 14.0 * 2400 / 2048)
      let isArabic = { (line: TextLine) in
        line.text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
      }
      let latin = block.lines.filter { !isArabic($0) }
      let arabic = try #require(block.lines.first(where: isArabic))
      #expect(latin.allSatisfy { $0.height == pitch })
      #expect(latin.allSatisfy { $0.baseline - $0.y == latin[0].baseline - latin[0].y })
      // Noto Sans Arabic's line is taller than Roboto's (TextKit grows a UILabel's line so).
      #expect(arabic.height > pitch)
      #expect(arabic.fonts.contains("Noto Sans Arabic Regular"))
      for (line, next) in zip(block.lines, block.lines.dropFirst()) {
        #expect(next.y == line.y + line.height)
      }
      // A Mística label rounds its height up to whole device pixels (scale 2) and centres its
      // lines in it; the label cell's lines fill it.
      let height = block.lines.map(\.height).reduce(0, +)
      #expect(element.frame.height == (role == .text ? height : (height * 2).rounded(.up) / 2))
      #expect(block.lines[0].y == (element.frame.height - height) / 2)
    }
  }

  @Test("explicit line breaks count as lines and are cut with an ellipsis")
  func maxLinesWithNewlines() throws {
    let (_, _, tree) = try fixture("text/max-lines-newlines.yaml")
    let title = try #require(tree.elements(.title).first?.textBlock)
    #expect(title.lines.count == 1)
    #expect(title.truncated)
    #expect(title.lines[0].ellipsized)
    // The text the line shows: the first line, and the ellipsis for the lines it hides.
    #expect(title.lines[0].text == "First line…")
    let subtitle = try #require(tree.elements(.subtitle).first?.textBlock)
    #expect(subtitle.lines.map(\.text).prefix(2) == ["One", "Two"])
    #expect(subtitle.lines.count == 3)
    #expect(subtitle.truncated)
    let detail = try #require(tree.elements(.detail).first?.textBlock)
    #expect(detail.lines.count == 3)
    #expect(detail.truncated)
    #expect(detail.lines.map(\.ellipsized) == [false, false, true])
    // Within the limit nothing is cut.
    let fits = try layout(
      "canvas: { scale: 1 }\nsections:\n  - cells:\n      - title: { text: \"A\\nB\", maxLines: 2 }"
    )
    let block = try #require(fits.elements(.title).first?.textBlock)
    #expect(block.lines.map(\.text) == ["A", "B"])
    #expect(!block.truncated)
  }

  @Test("each paragraph is shaped once per renderer and reused by later renders")
  func shapedOnce() throws {
    let (renderer, document, _) = try fixture("text/bidi-paragraph.yaml")
    let afterLayout = renderer.shapedParagraphCount
    #expect(afterLayout > 0)
    _ = try renderer.render(document)
    _ = try renderer.render(document)
    #expect(renderer.shapedParagraphCount == afterLayout)
  }

  @Test("the layout dump writes each line's text and frame")
  func dumpLines() throws {
    let (_, _, tree) = try fixture("text/max-lines-newlines.yaml")
    let dump = try JSONDecoder().decode(LayoutTree.Dump.self, from: try tree.dumpJSON())
    let subtitle = try #require(dump.elements.first { $0.kind == .subtitle })
    let lines = try #require(subtitle.text)
    #expect(lines.map(\.text).prefix(2) == ["One", "Two"])
    #expect(lines[0].frame.y == subtitle.frame.y)
    #expect(lines[1].frame.y == subtitle.frame.y + lines[0].frame.height)
    #expect(lines[0].frame.x == subtitle.frame.x)
  }
}
