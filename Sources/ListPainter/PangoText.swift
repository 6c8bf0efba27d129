import CLineBreaks
import CPangoCairo
import Dispatch
import ListLayout
import ListModel
import Synchronization

// C wrapper file: Pango's layouts, lines, contexts and font descriptions are opaque C pointers
// and live only here (and in FontSystem.swift), each freed with its Swift object.

/// A Pango font description, freed with the object.
final class FontDescription {
  let pointer: OpaquePointer

  init(_ style: TextStyle, families: Set<String>) throws {
    guard let pointer = pango_font_description_new() else {
      throw PainterError.creationFailed("a Pango font description")
    }
    // The whole fallback order, so that every machine picks the same font for a character
    // (of the families loaded: the others match nothing).
    pango_font_description_set_family(
      pointer, FontCatalog.familyList(style.family, language: style.language, loaded: families))
    pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
    // Absolute size: user-space units, so points at any render scale and any DPI setting.
    pango_font_description_set_absolute_size(pointer, style.size * Double(lr_pango_scale()))
    self.pointer = pointer
  }

  deinit { pango_font_description_free(pointer) }
}

/// A Pango layout, unreferenced with the object.
final class PangoLayoutHandle {
  let pointer: OpaquePointer

  init(context: PangoContextHandle) throws {
    guard let pointer = pango_layout_new(context.pointer) else {
      throw PainterError.creationFailed("a Pango layout")
    }
    self.pointer = pointer
  }

  deinit { lr_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Logical extents in points.
  var logicalExtents: (x: Double, y: Double, width: Double, height: Double) {
    var logical = PangoRectangle()
    pango_layout_get_extents(pointer, nil, &logical)
    let unit = Double(lr_pango_scale())
    return (
      Double(logical.x) / unit, Double(logical.y) / unit, Double(logical.width) / unit,
      Double(logical.height) / unit
    )
  }

  /// Baseline of the first line from the layout's top, in points.
  var baseline: Double { Double(pango_layout_get_baseline(pointer)) / Double(lr_pango_scale()) }
}

/// One line of a shaped paragraph, ready to draw with `pango_cairo_show_layout_line`.
struct ShapedLine {
  /// The line, owned by `layout` (kept alive by the paragraph).
  let line: UnsafeMutablePointer<PangoLayoutLine>
  /// Where the visible text starts, relative to the line's origin (spaces at a wrap point
  /// excluded), in points.
  let left: Double
  /// The visible advance width, in points.
  let width: Double
  /// The characters the line shows (trailing spaces at a wrap point removed; an ellipsized
  /// line's kept characters and the ellipsis).
  let text: String
  /// Whether Pango ended this line with an ellipsis.
  let ellipsized: Bool
  /// The resolved base direction of the line's paragraph.
  let direction: LayoutDirection
  /// The line's logical extent above and below its baseline, in points: the tallest of the
  /// fonts its runs use (a fallback font taller than the style's own raises it).
  var ascent = 0.0
  var descent = 0.0
  /// The families of the fonts the line's runs use, in run order, each once.
  var families: [String] {
    var buffer = [CChar](repeating: 0, count: 1024)
    lr_line_families(line, &buffer, Int32(buffer.count))
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }
  /// The family of the font Pango gave the line's first unknown glyph, if any.
  var unknownGlyphFamily: String? {
    var buffer = [CChar](repeating: 0, count: 256)
    lr_line_unknown_family(line, &buffer, Int32(buffer.count))
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  /// The first character of the line no font had a glyph for, or that only the icon font has
  /// (fontconfig would fall back to it for a private-use character, drawing an icon in a label).
  var missingCharacter: Unicode.Scalar? {
    var value = lr_line_unknown_char(line)
    // Only a private-use character can fall to the icon font: other lines skip the walk.
    if value == 0,
      text.unicodeScalars.contains(where: { $0.properties.generalCategory == .privateUse })
    {
      value = lr_line_char_in_family(line, FontCatalog.iconFamily)
    }
    return value == 0 ? nil : Unicode.Scalar(value)
  }
}

/// A paragraph shaped once: its Pango layouts (one, or two when the last visible line had to be
/// cut after a hard line break) and its lines. Measuring reads it; painting draws its lines.
final class ShapedParagraph {
  let layouts: [PangoLayoutHandle]
  let lines: [ShapedLine]
  let truncated: Bool

  init(layouts: [PangoLayoutHandle], lines: [ShapedLine], truncated: Bool) {
    self.layouts = layouts
    self.lines = lines
    self.truncated = truncated
  }
}

/// The vertical metrics of a style's primary font: its ascent and height, and the pitch (the
/// style's minimum line height or the font's own, whichever is taller) every line has at least.
struct LineMetrics {
  let ascent: Double
  let fontHeight: Double
  let pitch: Double
}

/// ICU's line-break opportunities, for the scripts Pango breaks otherwise: Thai, Lao, Khmer and
/// Burmese. Pango asks libthai for Thai's; in a process that links ListRender, libthai's
/// breaking answers with ICU's (CLineBreaks' thai_breaks.c), so its dictionary is never read.
package enum LineBreaks {
  /// Whether Pango's Thai breaks are ICU's in this process (libthai's line breaking is
  /// CLineBreaks' own): false only where the linker left libthai's (a plugin loaded with
  /// RTLD_LOCAL), where Thai lines break only where libthai and ICU agree.
  package static var thaiBreaksAreICUs: Bool { lr_thai_breaks_bound() != 0 }

  /// How many Thai texts Pango has had broken by ICU in this process.
  package static var thaiTextsBrokenByICU: Int { Int(lr_thai_breaks_answered()) }

  /// ICU's opportunities in `text` (UTF-8 byte offsets after 0, the end included); nil when ICU
  /// fails.
  package static func icu(_ text: String) -> [Int32]? {
    let utf8 = Array(text.utf8)
    var out = [Int32](repeating: 0, count: utf8.count + 1)
    let count = utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        out.withUnsafeMutableBufferPointer {
          lr_icu_line_breaks(chars.baseAddress, Int32(utf8.count), $0.baseAddress, Int32($0.count))
        }
      }
    }
    return count < 0 ? nil : Array(out.prefix(Int(count)))
  }

  /// Whether `scalar` is a Han, kana or Hangul letter.
  static func isEastAsianLetter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
      || (0x20000...0x3FFFF).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
      || (0xAC00...0xD7A3).contains(value)
  }

  /// Characters a CJK line never ends with (kinsoku, JIS X 4051 and GB/T 15834): opening quotes
  /// and brackets.
  static let opening: Set<UInt32> = [
    0x201C, 0x2018, 0x300C, 0x300E, 0xFF08, 0x3010, 0x3008, 0x300A, 0x3014, 0xFF3B, 0xFF5B,
    0x3016,
  ]

  /// Characters a CJK line never starts with: closing quotes and brackets, the ideographic
  /// comma and full stop, fullwidth comma, full stop, colon, semicolon, ! and ?.
  static let closing: Set<UInt32> = [
    0x201D, 0x2019, 0x300D, 0x300F, 0xFF09, 0x3011, 0x3009, 0x300B, 0x3015, 0xFF3D, 0xFF5D,
    0x3017, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F,
  ]

  /// `text` with a zero-width space at each opportunity that Unicode 15.1's UAX #14 rule LB19a
  /// (ICU 74 and later, as Chromium breaks) gives beside a quotation mark in East Asian text:
  /// before an opening “ or ‘ that follows a Han, kana or Hangul letter or closing punctuation
  /// (`。“` may end a line at `。`), and after a closing ” or ’ that a letter follows, each
  /// with a letter inside the quote. Pango (and the system's ICU 72) keep such a quote glued to
  /// both neighbours, which strands a character or leaves a gap at the end of a Chinese or
  /// Japanese line. Nil when there is no such place, or when the text has zero-width spaces of
  /// its own (its author chose the breaks).
  package static func eastAsianQuoteBreaks(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count >= 3, !scalars.contains("\u{200B}"),
      scalars.contains(where: { [0x201C, 0x201D, 0x2018, 0x2019].contains($0.value) })
    else { return nil }
    func letter(_ index: Int) -> Bool {
      scalars.indices.contains(index) && isEastAsianLetter(scalars[index])
    }
    func closes(_ index: Int) -> Bool {
      scalars.indices.contains(index) && closing.contains(scalars[index].value)
    }
    var result = String.UnicodeScalarView()
    var inserted = false
    for (index, scalar) in scalars.enumerated() {
      let isOpening = scalar.value == 0x201C || scalar.value == 0x2018
      if isOpening, letter(index - 1) || closes(index - 1), letter(index + 1) {
        result.append("\u{200B}")
        inserted = true
      }
      result.append(scalar)
      let isClosing = scalar.value == 0x201D || scalar.value == 0x2019
      if isClosing, letter(index - 1) || closes(index - 1), letter(index + 1) {
        result.append("\u{200B}")
        inserted = true
      }
    }
    return inserted ? String(result) : nil
  }

  /// The byte ranges of `text` to keep on one line so that no line ends with an opening quote
  /// or bracket and none starts with closing punctuation (kinsoku), in text that holds a Han,
  /// kana or Hangul letter: each such mark with the character on its inner side. Empty for other
  /// text.
  package static func kinsokuSpans(_ text: String) -> [Range<Int>] {
    guard text.unicodeScalars.contains(where: isEastAsianLetter) else { return [] }
    var spans: [Range<Int>] = []
    var offsets: [Int] = []
    var values: [UInt32] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      offsets.append(offset)
      values.append(scalar.value)
      offset += scalar.utf8.count
    }
    offsets.append(offset)
    for index in values.indices {
      if opening.contains(values[index]), index + 1 < values.count, values[index + 1] != 0x200B {
        spans.append(offsets[index]..<offsets[index + 2])
      }
      if closing.contains(values[index]), index > 0, values[index - 1] != 0x200B,
        ![0x20, 0x0A, 0x0D].contains(values[index - 1])
      {
        spans.append(offsets[index - 1]..<offsets[index + 1])
      }
    }
    return spans
  }

  /// ``icu(_:)`` when `text` holds Thai, Lao, Khmer or Burmese, else nil (Pango's own breaks).
  static func icuWhereNeeded(_ text: String) -> [Int32]? {
    guard text.unicodeScalars.contains(where: { lr_is_dictionary_script($0.value) != 0 }) else {
      return nil
    }
    return icu(text)
  }
}

/// The line-break dictionaries a document's text needs, read on other threads while its fonts
/// load: ICU's break engines for Thai, Lao, Khmer and Burmese (``LineBreaks/icuWhereNeeded(_:)``,
/// and Pango's Thai breaks; about 0.4 ms each). Each is read once per process and kept; the
/// breaks are the same whichever thread reads it first.
package enum DictionaryLineBreaking {
  private static let icuStarted = Mutex<Set<Unicode.Scalar>>([])

  /// Starts reading what `characters` need and nothing has started reading yet.
  package static func prepare(for characters: Set<Unicode.Scalar>) {
    // One character of each dictionary script not yet prepared (its block's first letter
    // stands for it: the engines are per script).
    let wanted = Set(
      characters.filter { lr_is_dictionary_script($0.value) != 0 }.map { scalar in
        Unicode.Scalar(scalar.value & ~0x7F) ?? scalar
      })
    let fresh = icuStarted.withLock { started in
      let fresh = wanted.subtracting(started)
      started.formUnion(fresh)
      return fresh
    }
    guard !fresh.isEmpty else { return }
    let sample = String(
      String.UnicodeScalarView(
        fresh.sorted().flatMap { block in
          characters.filter {
            $0.value & ~0x7F == block.value && lr_is_dictionary_script($0.value) != 0
          }
          .sorted().prefix(4)
        }))
    DispatchQueue.global().async { _ = LineBreaks.icu(sample) }
  }
}

/// Makes Pango layouts with the renderer's fonts and keeps every shaped paragraph, so that
/// measuring and painting use the same glyphs and each paragraph is shaped once per renderer.
///
/// There is one Pango context per layout direction and neither is changed after it is made:
/// a cached layout would otherwise be laid out again (its lines freed) when the context changed.
package final class TextShaper {
  private let contexts: [LayoutDirection: PangoContextHandle]
  private var descriptions: [TextStyle: FontDescription] = [:]
  private var metrics: [TextStyle: LineMetrics] = [:]
  private var paragraphs: [ParagraphKey: ShapedParagraph] = [:]
  /// The families the fonts hold (lowercased, without spaces).
  private let families: Set<String>
  /// Cached paragraphs at most; the cache is emptied when it would grow past this (a render of
  /// the largest document, 10,000 cells of three labels each, still fits).
  static let cacheLimit = 40_000

  /// What identifies a shaped paragraph.
  struct ParagraphKey: Hashable {
    let text: String
    let style: TextStyle
    let width: Double
    let maxLines: Int?
    let direction: LayoutDirection
  }

  init(fonts: FontSystem) throws {
    var contexts: [LayoutDirection: PangoContextHandle] = [:]
    for direction in LayoutDirection.allCases {
      let context = try fonts.makeContext()
      pango_context_set_base_dir(
        context.pointer, direction == .rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
      contexts[direction] = context
    }
    self.contexts = contexts
    families = fonts.familyKeys
    self.fonts = fonts
  }

  /// The fonts shaped with (to ask whether one of them claims a character).
  let fonts: FontSystem

  /// Takes over the paragraphs `other` shaped (the same fonts give the same glyphs): from now
  /// on only this shaper's thread uses them.
  package func adopt(_ other: ShapedParagraphs) {
    for (key, paragraph) in other.shaper.paragraphs where paragraphs[key] == nil {
      if paragraphs.count >= Self.cacheLimit { break }
      paragraphs[key] = paragraph
    }
  }

  /// How many paragraphs are cached (for tests of reuse).
  package var cachedParagraphCount: Int { paragraphs.count }

  /// Drops every shaped paragraph (a caller done with its documents, such as a suite between
  /// cases, keeps memory from growing with the number of documents).
  package func forgetParagraphs() { paragraphs.removeAll() }

  /// The language Pango is given for a label's text. A label in English (the default) is
  /// given none (`und`) unless it holds Hangul: Pango would otherwise take each other script's
  /// sample language (Thai for Thai, Hindi for Devanagari, Russian for Cyrillic, …) and build
  /// font fallback lists for every script in every text style (Noto's files have one script
  /// each, so the fonts drawn are the same; the text of 24 rows in twelve scripts is laid out
  /// in 27 ms instead of 48). Hangul keeps the old way, so that fontconfig still prefers Noto Sans
  /// CJK KR for it by language when that face is loaded (a document in English loads SC only;
  /// the faces draw Hangul alike); any other language is given as it is.
  static func shapingLanguage(_ language: String, text: String) -> String {
    guard language == "en" else { return language }
    let hangul = text.unicodeScalars.contains {
      (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value)
        || (0xA960...0xA97F).contains($0.value) || (0xAC00...0xD7AF).contains($0.value)
        || (0xD7B0...0xD7FF).contains($0.value)
    }
    return hangul ? language : "und"
  }

  /// A single-paragraph layout of `text` in `style`, for glyphs and pills that are never
  /// wrapped. `natural` lets the first strong character choose the direction.
  func layout(
    _ text: String, style: TextStyle, direction: LayoutDirection, natural: Bool = true
  ) throws -> PangoLayoutHandle {
    let layout = try PangoLayoutHandle(context: context(direction))
    pango_layout_set_auto_dir(layout.pointer, natural ? 1 : 0)
    pango_layout_set_font_description(layout.pointer, try description(for: style).pointer)
    lr_layout_set_language(layout.pointer, Self.shapingLanguage(style.language, text: text))
    pango_layout_set_text(layout.pointer, text, -1)
    return layout
  }

  /// The shared vertical metrics of `style`, read from a line of Latin text in its primary
  /// font (fallback fonts do not change a label's line pitch).
  func lineMetrics(_ style: TextStyle) throws -> LineMetrics {
    if let cached = metrics[style] { return cached }
    let reference = try layout("A", style: style, direction: .ltr)
    let height = reference.logicalExtents.height
    let measured = LineMetrics(
      ascent: reference.baseline, fontHeight: height, pitch: max(style.minLineHeight, height))
    metrics[style] = measured
    return measured
  }

  /// The paragraph `text` wrapped at `width` points (word, then character when a word is wider
  /// than the line), cut to `maxLines` lines with an ellipsis, explicit line breaks counting as
  /// lines. Each paragraph takes its base direction from its first strong character, else
  /// `direction`. Shaped once and kept.
  func paragraph(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection
  ) throws -> ShapedParagraph {
    let key = ParagraphKey(
      text: text, style: style, width: width, maxLines: maxLines, direction: direction)
    if let cached = paragraphs[key] { return cached }
    let shaped = try shape(key)
    if paragraphs.count >= Self.cacheLimit { paragraphs.removeAll(keepingCapacity: true) }
    paragraphs[key] = shaped
    return shaped
  }

  private func shape(_ key: ParagraphKey) throws -> ShapedParagraph {
    // Opportunities beside East Asian quotation marks are zero-width spaces in what Pango
    // breaks, taken out of the lines' text again.
    guard let broken = LineBreaks.eastAsianQuoteBreaks(key.text) else {
      return try shape(key, text: key.text)
    }
    let shaped = try shape(key, text: broken)
    return ShapedParagraph(
      layouts: shaped.layouts,
      lines: shaped.lines.map { line in
        ShapedLine(
          line: line.line, left: line.left, width: line.width,
          text: String(line.text.unicodeScalars.filter { $0 != "\u{200B}" }),
          ellipsized: line.ellipsized, direction: line.direction, ascent: line.ascent,
          descent: line.descent)
      },
      truncated: shaped.truncated)
  }

  private func shape(_ key: ParagraphKey, text: String) throws -> ShapedParagraph {
    let utf8 = Array(text.utf8)
    let hasHardBreaks = text.unicodeScalars.contains {
      $0 == "\n" || $0 == "\r" || $0 == "\u{2029}"
    }
    // Without hard breaks Pango's own limit (lines per paragraph) is the label's limit.
    let limit = hasHardBreaks ? nil : key.maxLines
    let layout = try wrapped(
      text, key: key, maxLines: limit, naturalDirection: true)
    let count = Int(pango_layout_get_line_count(layout.pointer))
    let pangoTruncated = limit != nil && pango_layout_is_ellipsized(layout.pointer) != 0
    guard let maxLines = key.maxLines, hasHardBreaks, count > maxLines else {
      let lines = try (0..<count).map { index in
        try shapedLine(
          layout, index, utf8: utf8, ellipsized: pangoTruncated && index == count - 1)
      }
      return ShapedParagraph(layouts: [layout], lines: lines, truncated: pangoTruncated)
    }
    // More lines than allowed across hard breaks: the lines before the last visible one stay as
    // shaped; the last one is the rest of its paragraph on one line, ending in an ellipsis
    // (Pango's when it overflows, else one added because later paragraphs are hidden), shaped
    // in the direction its paragraph resolved to.
    var lines = try (0..<(maxLines - 1)).map { try shapedLine(layout, $0, utf8: utf8) }
    guard let last = pango_layout_get_line_readonly(layout.pointer, Int32(maxLines - 1)) else {
      throw PainterError.creationFailed("a Pango layout line")
    }
    let start = min(utf8.count, Int(last.pointee.start_index))
    var end = start
    while end < utf8.count, utf8[end] != 0x0A, utf8[end] != 0x0D,
      !(utf8[end] == 0xE2 && end + 2 < utf8.count && utf8[end + 1] == 0x80
        && utf8[end + 2] == 0xA9)
    {
      end += 1
    }
    let rest = String(decoding: utf8[start..<end], as: UTF8.self)
    let resolved: LayoutDirection =
      pango_layout_line_get_resolved_direction(last) == PANGO_DIRECTION_RTL ? .rtl : .ltr
    let tail = try wrapped(
      rest + "\u{2026}", key: key, maxLines: 1, naturalDirection: false, direction: resolved)
    let tailLine = try shapedLine(tail, 0, utf8: Array((rest + "\u{2026}").utf8), ellipsized: true)
    lines.append(
      ShapedLine(
        line: tailLine.line, left: tailLine.left, width: tailLine.width, text: tailLine.text,
        ellipsized: true, direction: resolved, ascent: tailLine.ascent,
        descent: tailLine.descent))
    return ShapedParagraph(layouts: [layout, tail], lines: lines, truncated: true)
  }

  /// A layout wrapped at the key's width, limited to `maxLines` per paragraph with an ellipsis.
  private func wrapped(
    _ text: String, key: ParagraphKey, maxLines: Int?, naturalDirection: Bool,
    direction: LayoutDirection? = nil
  ) throws -> PangoLayoutHandle {
    let layout = try PangoLayoutHandle(context: context(direction ?? key.direction))
    // Like a UILabel: each paragraph takes its base direction from its first strong character;
    // the context's (the canvas's) applies to neutral text.
    pango_layout_set_auto_dir(layout.pointer, naturalDirection ? 1 : 0)
    pango_layout_set_font_description(layout.pointer, try description(for: key.style).pointer)
    lr_layout_set_language(layout.pointer, Self.shapingLanguage(key.style.language, text: text))
    pango_layout_set_width(
      layout.pointer, Int32((key.width * Double(lr_pango_scale())).rounded(.down)))
    pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
    // Thai, Lao, Khmer and Burmese break where ICU's dictionaries say (as iOS, Android and
    // Chromium break them), never inside a word.
    if let breaks = LineBreaks.icuWhereNeeded(text) {
      lr_layout_restrict_breaks(layout.pointer, text, breaks, Int32(breaks.count))
    }
    // No CJK line ends with an opening mark or starts with a closing one (kinsoku).
    let spans = LineBreaks.kinsokuSpans(text)
    if !spans.isEmpty {
      lr_layout_forbid_breaks(
        layout.pointer, spans.map { Int32($0.lowerBound) }, spans.map { Int32($0.upperBound) },
        Int32(spans.count))
    }
    if let maxLines {
      pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_END)
      pango_layout_set_height(layout.pointer, -Int32(clamping: maxLines))
    }
    pango_layout_set_text(layout.pointer, text, -1)
    return layout
  }

  /// Line `index` of `layout` with its visible extent: spaces at a wrap point take no room (and
  /// would shift lines aligned to the right).
  private func shapedLine(
    _ layout: PangoLayoutHandle, _ index: Int, utf8: [UInt8], ellipsized: Bool = false
  ) throws -> ShapedLine {
    guard let line = pango_layout_get_line_readonly(layout.pointer, Int32(index)) else {
      throw PainterError.creationFailed("a Pango layout line")
    }
    let unit = Double(lr_pango_scale())
    var logical = PangoRectangle()
    pango_layout_line_get_extents(line, nil, &logical)
    let start = min(utf8.count, Int(line.pointee.start_index))
    let end = ellipsized ? utf8.count : min(utf8.count, start + Int(line.pointee.length))
    var contentEnd = end
    if !ellipsized {
      while contentEnd > start, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[contentEnd - 1]) {
        contentEnd -= 1
      }
    }
    var left = Double(logical.x) / unit
    var width = Double(logical.width) / unit
    let direction: LayoutDirection =
      pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL ? .rtl : .ltr
    if contentEnd < end {
      let trailing = spaceWidth(line, from: contentEnd, to: end) / unit
      // Trailing spaces sit at the paragraph's end side (UAX #9, rule L1).
      if direction == .rtl { left += trailing }
      width -= trailing
    }
    return ShapedLine(
      line: line, left: left, width: max(0, width),
      text: ellipsized
        ? Self.shownText(line, capacity: utf8.count)
        : String(decoding: utf8[start..<contentEnd], as: UTF8.self),
      ellipsized: ellipsized, direction: direction, ascent: -Double(logical.y) / unit,
      descent: Double(logical.y + logical.height) / unit)
  }

  /// What an ellipsized line shows: the characters it kept and the ellipsis in place of the
  /// rest.
  private static func shownText(_ line: UnsafeMutablePointer<PangoLayoutLine>, capacity: Int)
    -> String
  {
    var buffer = [CChar](repeating: 0, count: capacity + 16)
    let count = lr_line_shown_text(line, &buffer, Int32(buffer.count))
    return String(
      decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The drawn width of the bytes `from..<to` of a line, in Pango units.
  private func spaceWidth(_ line: UnsafeMutablePointer<PangoLayoutLine>, from: Int, to: Int)
    -> Double
  {
    var ranges: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0
    pango_layout_line_get_x_ranges(line, Int32(from), Int32(to), &ranges, &count)
    defer { g_free(ranges) }
    guard let ranges else { return 0 }
    var total = 0.0
    for index in 0..<Int(count) {
      total += Double(ranges[2 * index + 1] - ranges[2 * index])
    }
    return total
  }

  private func context(_ direction: LayoutDirection) throws -> PangoContextHandle {
    guard let context = contexts[direction] else {
      throw PainterError.creationFailed("a Pango context")
    }
    return context
  }

  private func description(for style: TextStyle) throws -> FontDescription {
    if let cached = descriptions[style] { return cached }
    let description = try FontDescription(style, families: families)
    descriptions[style] = description
    return description
  }
}

/// Paragraphs shaped on one thread, handed to another (``TextShaper/adopt(_:)``).
///
/// `@unchecked Sendable` because it carries Pango objects across threads: the thread that made
/// them has finished with them before they are handed over, so no two threads ever use them at
/// once (each Pango font map, context and layout stays single-threaded).
package final class ShapedParagraphs: @unchecked Sendable {
  let shaper: TextShaper

  /// The paragraphs `measurer` has shaped.
  package init(of measurer: PangoTextMeasurer) { shaper = measurer.shaper }
}

/// ``TextMeasuring`` by Pango: real line breaking and real glyph metrics.
///
/// Each paragraph is shaped once and kept by the shaper it shares with the painter, which draws
/// the very lines measured here.
package final class PangoTextMeasurer: TextMeasuring {
  package let shaper: TextShaper

  /// A measurer over `fonts`.
  public convenience init(fonts: FontSystem) throws {
    self.init(shaper: try TextShaper(fonts: fonts))
  }

  init(shaper: TextShaper) { self.shaper = shaper }

  /// See ``TextMeasuring/measure(_:style:width:maxLines:direction:alignment:)``.
  package func measure(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection,
    alignment: TextAlignment
  ) throws -> MeasuredText {
    let paragraph = try shaper.paragraph(
      text, style: style, width: width, maxLines: maxLines, direction: direction)
    let metrics = try shaper.lineMetrics(style)
    var lines: [TextLine] = []
    var top = 0.0
    var missing: Unicode.Scalar?
    var claimedBy: String?
    for shaped in paragraph.lines {
      if missing == nil, let scalar = shaped.missingCharacter {
        missing = scalar
        // A font whose character map claims the character but which drew no glyph for it
        // (damaged outlines, a map that lies) is named: "no font has it" would mislead.
        if shaper.fonts.covers(scalar) { claimedBy = shaped.unknownGlyphFamily }
      }
      // A line holding a fallback font taller than the style's own (Burmese, Devanagari, Noto
      // Sans CJK) is as tall as that font needs, as TextKit grows a UILabel's line for it; a line
      // in the primary font alone keeps the style's pitch exactly.
      let ascent = max(metrics.ascent, shaped.ascent)
      let fontHeight = ascent + max(metrics.fontHeight - metrics.ascent, shaped.descent)
      let pitch = max(metrics.pitch, fontHeight)
      // Half-leading: the pitch's extra height is shared above and below the font's box.
      let baseline = top + (pitch - fontHeight) / 2 + ascent
      let left =
        switch alignment {
        case .center: (width - shaped.width) / 2
        case .leading: direction == .rtl ? width - shaped.width : 0
        }
      lines.append(
        TextLine(
          text: shaped.text, x: left, y: top, height: pitch, baseline: baseline,
          width: shaped.width, ellipsized: shaped.ellipsized,
          paragraphDirection: shaped.direction, fonts: shaped.families))
      top += pitch
    }
    var measured = MeasuredText(
      lines: lines, height: top, truncated: paragraph.truncated, missingCharacter: missing)
    measured.missingCharacterClaimedBy = claimedBy
    return measured
  }
}

extension CairoContext {
  /// Draws a shaped line with its baseline origin at user (x, y), in the current source.
  func show(_ line: ShapedLine, x: Double, y: Double) {
    move(toX: x, y: y)
    pango_cairo_show_layout_line(pointer, line.line)
  }

  /// Draws a whole layout with its top-left corner at user (x, y), in the current source.
  func show(_ layout: PangoLayoutHandle, x: Double, y: Double) {
    move(toX: x, y: y)
    pango_cairo_show_layout(pointer, layout.pointer)
  }
}
