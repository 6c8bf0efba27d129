import Foundation
import ListPainter
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Thai, Lao, Khmer and Burmese break where ICU's dictionaries say, as iOS, Android and Chromium
/// break them: every line of a wrapped paragraph ends at one of ICU's line-break opportunities
/// (asked of ICU itself here, not of a hand list).
@Suite("Line breaks as ICU makes them", .tags(.render))
struct LineBreakTests {
  static let paragraphs: [(language: String, text: String)] = [
    ("th", "ภาษาไทยเป็นภาษาที่มีความสวยงามและมีประวัติศาสตร์ยาวนานมากในภูมิภาคเอเชียตะวันออกเฉียงใต้"),
    ("my", "မြန်မာဘာသာစကားသည် မြန်မာနိုင်ငံ၏ ရုံးသုံးဘာသာစကားဖြစ်ပြီး လူဦးရေအများစုက ပြောဆိုကြသည်"),
    ("lo", "ພາສາລາວເປັນພາສາແມ່ຂອງຊາວລາວແລະເປັນພາສາທາງການຂອງສາທາລະນະລັດປະຊາທິປະໄຕປະຊາຊົນລາວ"),
    ("km", "ភាសាខ្មែរគឺជាភាសាកំណើតរបស់ជនជាតិខ្មែរនិងជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា"),
  ]

  @Test(
    "every line of a wrapped paragraph ends at an ICU word boundary",
    arguments: paragraphs.map(\.language))
  func linesEndAtICUBoundaries(_ language: String) throws {
    let text = try #require(Self.paragraphs.first { $0.language == language }).text
    let boundaries = Set(try #require(LineBreaks.icu(text)).map(Int.init))
    let utf8 = Array(text.utf8)
    for width in stride(from: 80, through: 220, by: 20) {
      let tree = try layout(
        """
        canvas: { width: \(width + 32), scale: 1, language: \(language) }
        sections:
          - cells: [ { kind: label, text: "\(text)" } ]
        """)
      let block = try #require(tree.elements.compactMap(\.textBlock).first)
      #expect(block.lines.count > 1, "width \(width): \(block.lines.count) line")
      var offset = 0
      for line in block.lines.dropLast() {
        offset += line.text.utf8.count
        // A line's text may end in the spaces it wrapped at.
        var end = offset
        while end < utf8.count, utf8[end] == 0x20 { end += 1 }
        #expect(
          boundaries.contains(offset) || boundaries.contains(end),
          "width \(width): a line ends inside a word: \(line.text)|\(String(decoding: utf8[offset...].prefix(12), as: UTF8.self))"
        )
        // No line starts with a dependent sign (a mark).
        if end < utf8.count,
          let next = String(decoding: utf8[end...], as: UTF8.self).unicodeScalars.first
        {
          #expect(
            ![.nonspacingMark, .spacingMark, .enclosingMark].contains(
              next.properties.generalCategory),
            "width \(width): a line starts with U+\(String(next.value, radix: 16))")
        }
        // The next line starts after the spaces this one wrapped at (its text leaves them out).
        offset = end
      }
    }
  }

  /// Chromium's lines for a Chinese sentence with quotation marks, read with headless Chromium
  /// (Debian's chromium, Range rectangles per character) over a 16 px `500 Roboto, 'Noto Sans
  /// CJK SC'` block of each width, `lang="zh-Hans"`: Unicode 15.1's LB19a lets a line end before
  /// “ and after ” between Han letters.
  static let chromiumQuoteLines: [(width: Int, lines: [String])] = [
    (268, ["这是一个用于检查中文换行规则的测", "试句“对”好吗"]),
    (284, ["这是一个用于检查中文换行规则的测试", "句“对”好吗"]),
    (300, ["这是一个用于检查中文换行规则的测试句", "“对”好吗"]),
    (310, ["这是一个用于检查中文换行规则的测试句", "“对”好吗"]),
    (320, ["这是一个用于检查中文换行规则的测试句“对”", "好吗"]),
  ]

  @Test(
    "the word limit counts between ICU's breaks: 1,120 Thai characters with no space are words; 1,001 Latin letters are not"
  )
  func dictionaryWordLimit() throws {
    let thai = String(repeating: "ภาษาไทย", count: 160)
    let document = try ListDocument.decode(
      yaml: "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: \(thai) } ]\n")
    let tree = try ListRenderer().layout(document)
    let lines = tree.elements.compactMap { element -> Int? in
      guard case .text(let block) = element.content, element.role == .title else { return nil }
      return block.lines.count
    }
    #expect((lines.first ?? 0) > 10)
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml: "sections:\n  - cells: [ { title: \(String(repeating: "a", count: 1_001)) } ]\n")
    }
  }

  @Test("a Chinese sentence with quotation marks breaks as Chromium breaks it")
  func chineseQuotes() throws {
    for (width, lines) in Self.chromiumQuoteLines {
      let tree = try layout(
        """
        canvas: { width: \(width + 32), scale: 2, language: zh-Hans }
        sections:
          - cells: [ { title: "这是一个用于检查中文换行规则的测试句“对”好吗" } ]
        """)
      let block = try #require(tree.elements(.title).first?.textBlock)
      #expect(block.lines.map(\.text) == lines, "width \(width)")
    }
    // A quote beside Latin text stays glued to it; an author's own zero-width spaces are kept.
    #expect(LineBreaks.eastAsianQuoteBreaks("say “hi” now") == nil)
    #expect(LineBreaks.eastAsianQuoteBreaks("句\u{200B}“对”好") == nil)
    #expect(LineBreaks.eastAsianQuoteBreaks("句“对”好") == "句\u{200B}“对”\u{200B}好")
  }

  @Test(
    "kinsoku: at every width no CJK line ends with an opening mark or starts with closing punctuation"
  )
  func kinsoku() throws {
    let opening = Set("“‘「『（【〈《〔［｛〖".unicodeScalars)
    let closing = Set("”’」』）】〉》〕］｝〗、。，．：；！？".unicodeScalars)
    let texts = [
      ("请使用支付宝支付。“测试”内容很长。", "zh-Hans"), ("これはい。“引用”です。はい。", "ja"),
      ("「引用」（注意）【重要】、好的，完成。", "zh-Hans"), ("いいえ、違います。「かぎ」と（括弧）。", "ja"),
    ]
    for (text, language) in texts {
      for width in stride(from: 60, through: 260, by: 2) {
        let tree = try layout(
          """
          canvas: { width: \(width), scale: 2, language: \(language) }
          sections:
            - cells: [ { title: "\(text)" } ]
          """)
        let lines = try #require(tree.elements(.title).first?.textBlock?.lines.map(\.text))
        #expect(lines.joined() == text)
        for (line, next) in zip(lines, lines.dropFirst()) {
          #expect(
            !(line.unicodeScalars.last.map(opening.contains) ?? false),
            "width \(width): \(lines.joined(separator: " | "))")
          #expect(
            !(next.unicodeScalars.first.map(closing.contains) ?? false),
            "width \(width): \(lines.joined(separator: " | "))")
        }
      }
    }
    // Pango's character fallback used to strand the quote: 支 | 付。“ | 测试” at 38 pt.
    let narrow = try layout(
      """
      canvas: { width: 70, scale: 2, language: zh-Hans }
      sections:
        - cells: [ { title: "请使用支付宝支付。“测试”内容很长。" } ]
      """)
    let lines = try #require(narrow.elements(.title).first?.textBlock?.lines.map(\.text))
    #expect(lines.contains("付。") && lines.contains("“测"), "\(lines)")
    // A line may end at 。 before an opening quote (LB19a).
    #expect(LineBreaks.eastAsianQuoteBreaks("付。“测试”") == "付。\u{200B}“测试”")
    #expect(LineBreaks.kinsokuSpans("say (hi) now").isEmpty)
  }
}
