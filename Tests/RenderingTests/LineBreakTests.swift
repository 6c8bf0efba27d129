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

  /// Chromium's lines for Thai titles (where each line ends, in code points), read with
  /// headless Chromium (Debian's chromium, Range rectangles per character) over a 16 px Noto
  /// Sans Thai block, `lang="th"`, at each width from 96 to 320 px by 8 where the lines are
  /// the same 1 px narrower and wider. Chromium breaks Thai where ICU's dictionary says; Pango
  /// asks libthai's, which keeps ใช้งาน, ส่วนตัว, ภายหลัง and the like whole: 14 of these 220
  /// titles wrapped differently while libthai's breaks were kept.
  static let chromiumThaiLines: [(text: String, lines: [(width: Int, ends: [Int])])] = [
    (
      "แพ็กเกจอินเทอร์เน็ตใหม่ของคุณจะเปลี่ยนโดยอัตโนมัติตามปริมาณการใช้งานในแต่ละเดือน",
      [
        (96, [12, 26, 38, 50, 59, 70]), (104, [15, 29, 41, 53, 65, 75]),
        (112, [15, 29, 41, 53, 68]), (136, [19, 38, 53, 70]), (144, [19, 38, 53, 70]),
        (160, [23, 41, 62]), (168, [23, 41, 65]), (176, [23, 41, 65]), (200, [26, 53]),
        (208, [29, 53]), (224, [31, 62]), (240, [31, 65]), (248, [31, 65]), (256, [31, 65]),
        (264, [38, 75]), (272, [38, 75]), (280, [38, 75]), (288, [41]), (296, [41]), (304, [41]),
        (312, [41]), (320, [41]),
      ]
    ),
    (
      "พรุ่งนี้เจอกันที่ร้านกาแฟนะครับ",
      [
        (96, [17, 27]), (104, [17]), (120, [21]), (128, [21]), (136, [21]), (144, [21]),
        (152, [25]), (160, [25]), (168, [27]), (176, [27]), (184, [27]),
      ]
    ),
    (
      "ดาวน์โหลดล้มเหลวโปรดลองอีกครั้งในภายหลัง",
      [
        (96, [12, 23, 36]), (104, [12, 23, 36]), (112, [12, 26]), (120, [16, 33]),
        (128, [16, 33]), (136, [16, 33]), (152, [20]), (160, [20]), (168, [20]), (184, [23]),
        (192, [23]), (200, [26]), (208, [26]), (216, [26]), (224, [31]), (232, [31]), (240, [33]),
        (248, [33]), (256, [33]), (264, [36]), (272, [36]), (280, [36]),
      ]
    ),
    (
      "การตั้งค่าความเป็นส่วนตัวของบัญชีได้รับการบันทึกเรียบร้อยแล้ว",
      [
        (104, [14, 28, 42, 57]), (112, [14, 28, 42, 57]), (120, [18, 36, 48]),
        (128, [18, 36, 48]), (152, [22, 42]), (160, [22, 42]), (168, [25, 48]), (176, [25, 48]),
        (184, [25, 48]), (192, [28, 57]), (200, [28, 57]), (208, [28, 57]), (216, [28]),
        (224, [33]), (232, [33]), (240, [36]), (248, [36]), (256, [39]), (264, [39]), (272, [39]),
        (280, [42]), (288, [42]), (296, [42]), (304, [42]), (312, [42]), (320, [48]),
      ]
    ),
    (
      "แตะเพื่อเปิดการแจ้งเตือนสำหรับข้อความใหม่ทั้งหมด",
      [
        (96, [12, 24, 37]), (104, [15, 30, 41]), (112, [15, 30, 41]), (120, [15, 30, 41]),
        (136, [19, 37]), (144, [19, 37]), (160, [24, 41]), (168, [24]), (176, [24]), (184, [24]),
        (192, [24]), (208, [30]), (216, [30]), (224, [30]), (232, [30]), (240, [30]), (248, [30]),
        (256, [37]), (264, [37]), (272, [37]), (280, [41]), (288, [41]), (296, [41]), (304, [41]),
        (312, [41]), (320, [41]),
      ]
    ),
    (
      "ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ในขณะนี้",
      [
        (104, [15, 32]), (112, [15, 32]), (120, [18, 37]), (128, [18, 37]), (144, [21]),
        (152, [21]), (160, [21]), (168, [21]), (176, [21]), (184, [21]), (192, [21]), (200, [32]),
        (208, [32]), (216, [35]), (224, [35]), (232, [37]), (240, [37]), (248, [37]), (256, [40]),
      ]
    ),
    (
      "คุณมีข้อความที่ยังไม่ได้อ่านสามข้อความ",
      [
        (104, [15, 31]), (112, [15, 31]), (120, [18, 31]), (136, [21]), (152, [24]), (160, [24]),
        (176, [28]), (184, [28]), (192, [28]), (200, [31]), (208, [31]), (216, [31]), (224, [31]),
        (232, [31]), (240, [31]),
      ]
    ),
    (
      "อัปเดตแอปพลิเคชันเป็นเวอร์ชันล่าสุดเพื่อใช้ฟีเจอร์ใหม่",
      [
        (96, [6, 17, 29, 43]), (104, [6, 17, 29, 43]), (112, [6, 21, 40]), (128, [17, 35]),
        (136, [17, 40]), (152, [21, 43]), (160, [21, 43]), (168, [21, 50]), (176, [21, 50]),
        (184, [21, 50]), (192, [21]), (200, [29]), (208, [29]), (216, [29]), (224, [29]),
        (240, [35]), (248, [35]), (264, [40]), (272, [43]), (280, [43]), (288, [43]), (296, [43]),
        (304, [43]), (312, [50]), (320, [50]),
      ]
    ),
    (
      "ยอดเงินคงเหลือในกระเป๋าเงินอิเล็กทรอนิกส์ของคุณ",
      [
        (96, [9, 23, 27, 41]), (104, [14, 27, 41]), (112, [14, 27, 41]), (120, [16, 27, 44]),
        (128, [16, 27, 44]), (136, [16, 27, 44]), (144, [16, 27]), (152, [16, 27]), (168, [23]),
        (176, [23]), (184, [27]), (192, [27]), (200, [27]), (208, [27]), (216, [27]), (224, [27]),
        (232, [27]), (240, [27]), (248, [27]), (256, [27]), (264, [27]), (272, [41]), (280, [41]),
        (288, [41]), (304, [44]), (312, [44]),
      ]
    ),
    (
      "เลือกภาษาที่ต้องการใช้ในการแสดงผลเมนูและการแจ้งเตือน",
      [
        (96, [12, 24, 33, 43]), (112, [12, 27, 40]), (120, [12, 27, 40]), (128, [19, 33, 47]),
        (136, [19, 37]), (144, [22, 40]), (152, [22, 40]), (160, [24, 43]), (168, [24, 43]),
        (176, [24, 43]), (184, [27, 47]), (192, [27]), (200, [27]), (208, [27]), (216, [31]),
        (224, [31]), (232, [31]), (240, [33]), (248, [33]), (256, [33]), (264, [37]), (272, [37]),
        (280, [37]), (288, [40]), (296, [40]), (304, [40]), (312, [43]), (320, [43]),
      ]
    ),
  ]

  @Test(
    "libthai's breaking in this process answers with ICU's breaks, in TIS-620 and in wide characters"
  )
  func libthaiAnswersWithICU() throws {
    let breaking = try #require(LibthaiBreaking())
    let (narrow, wide) = (breaking.narrow, breaking.wide)
    let texts = Self.chromiumThaiLines.prefix(4).map(\.text) + ["ใช้งาน", "Wi-Fi ใช้งานได้ 5 GHz"]
    for text in texts {
      // ICU's breaks in character offsets, where a Thai character is on either side.
      let scalars = Array(text.unicodeScalars)
      var offsets: [Int: Int] = [:]
      var byte = 0
      for (index, scalar) in scalars.enumerated() {
        offsets[byte] = index
        byte += String(scalar).utf8.count
      }
      let isThai = { (scalar: Unicode.Scalar) in (0x0E01...0x0E5B).contains(scalar.value) }
      let breaks: [Int] = try #require(LineBreaks.icu(text)).compactMap { offsets[Int($0)] }
      let expected = breaks.filter { at in
        at > 0 && at < scalars.count && (isThai(scalars[at - 1]) || isThai(scalars[at]))
      }
      // TIS-620, as Pango hands it over: ASCII as it is, Thai from 0xA1.
      var tis: [UInt8] = scalars.map { scalar -> UInt8 in
        scalar.value < 0x80 ? UInt8(scalar.value) : UInt8(scalar.value - 0x0E00 + 0xA0)
      }
      tis.append(0)
      var positions = [Int32](repeating: -1, count: scalars.count + 1)
      let found = narrow(nil, tis, &positions, positions.count)
      #expect(positions.prefix(Int(found)).map(Int.init) == expected, "\(text)")
      var characters: [wchar_t] = scalars.map { wchar_t(bitPattern: $0.value) }
      characters.append(0)
      positions = [Int32](repeating: -1, count: scalars.count + 1)
      let foundWide = wide(nil, characters, &positions, positions.count)
      #expect(positions.prefix(Int(foundWide)).map(Int.init) == expected, "\(text)")
      #expect(!expected.isEmpty)
    }
  }

  @Test("a Thai title wraps as Chromium wraps it, at every width measured")
  func thaiAsChromium() throws {
    #expect(LineBreaks.thaiBreaksAreICUs, "libthai's breaking is not ListRender's here")
    let answered = LineBreaks.thaiTextsBrokenByICU
    for (text, widths) in Self.chromiumThaiLines {
      for (width, ends) in widths {
        let tree = try layout(
          """
          canvas: { width: \(width + 32), scale: 1, language: th }
          sections:
            - cells: [ { title: "\(text)" } ]
          """)
        let lines = try #require(tree.elements(.title).first?.textBlock).lines
        #expect(lines.map(\.text).joined() == text)
        var end = 0
        let found = lines.dropLast().map { line in
          end += line.text.unicodeScalars.count
          return end
        }
        #expect(found == ends, "width \(width): \(lines.map(\.text).joined(separator: " | "))")
      }
    }
    #expect(LineBreaks.thaiTextsBrokenByICU > answered)
  }

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
