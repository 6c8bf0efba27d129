import CLineBreaks

/// The documented bounds on a spec: nothing a spec says can make the renderer allocate without
/// bound. Each is checked while decoding and reported as a ``SpecError``.
package enum SpecLimits {
  /// Largest spec file read, in bytes.
  public static let maxFileBytes = 4 * 1024 * 1024
  /// Longest string in a spec, in UTF-8 bytes.
  public static let maxStringLength = 10_000
  /// All the text of a document, in UTF-8 bytes, counted after aliases are expanded.
  public static let maxTextBytes = 4 * 1024 * 1024
  /// Combining marks on one character (a base and its accents).
  public static let maxCombiningMarks = 32
  /// Largest `maxLines` of a label.
  public static let maxLinesRange: ClosedRange<Double> = 1...1_000
  /// Section spacing and insets, item widths, viewport height and offset, in points.
  public static let lengthRange: ClosedRange<Double> = 0...10_000
  /// Columns of a grid.
  public static let columnRange: ClosedRange<Double> = 1...12
  /// Elevation in points.
  public static let elevationRange: ClosedRange<Double> = 0...24
  /// Animation frames per second.
  public static let fpsRange: ClosedRange<Double> = 1...120
  /// Animation length in seconds.
  public static let durationRange: ClosedRange<Double> = 0.01...60
  /// Most frames in one animation.
  public static let maxFrames = 3_600
  /// Most animation events.
  public static let maxEvents = 1_000
  /// Most sections in one document.
  public static let maxSections = 1_000
  /// Most cells in one document, over all sections.
  public static let maxCells = 10_000
  /// Canvas width in points.
  public static let widthRange: ClosedRange<Double> = 1...4_096
  /// Render scale (device pixels per point).
  public static let scaleRange: ClosedRange<Double> = 0.5...4
  /// Safe-area insets in points.
  public static let insetRange: ClosedRange<Double> = 0...1_000
  /// Largest image side in pixels: cairo's own limit for an image surface.
  public static let maxPixelSide = 32_767
  /// Most pixels in one image (400 MB of RGBA).
  public static let maxPixels = 100_000_000
  /// Tallest SVG or PDF document, in points (350 m; vectors have no pixels, and the cells are
  /// bounded by ``maxCells``).
  public static let maxVectorHeight = 1_000_000.0
  /// A refresh control's pull progress.
  public static let progressRange: ClosedRange<Double> = 0...1
  /// A refresh control's rotation, in degrees.
  public static let angleRange: ClosedRange<Double> = -36_000...36_000
  /// The viewport's height (`canvas.height`), and an expandable cell's height state, in points.
  public static let heightRange: ClosedRange<Double> = 1...10_000
  /// How far the content is scrolled (`canvas.contentOffset`), in points.
  public static let contentOffsetRange: ClosedRange<Double> = -10_000...1_000_000
  /// A card's corner radius, in points.
  public static let cornerRadiusRange: ClosedRange<Double> = 0...100
  /// A stereo image's `size`, in points.
  public static let imageSizeRange: ClosedRange<Double> = 1...512
  /// A navigation badge's count.
  public static let badgeRange: ClosedRange<Double> = 0...999_999
  /// Characters of a monogram.
  public static let maxMonogramCharacters = 3
  /// States of an expandable cell.
  public static let maxExpansionStates = 16
  /// Times in an animation or a ripple frame (seconds from the start or from the press).
  public static let timeRange: ClosedRange<Double> = 0...60
  /// A touch point's x in a cell, in points.
  public static let touchXRange: ClosedRange<Double> = 0...4_096
  /// A touch point's y in a cell, and an expandable cell's collapsed height, in points.
  public static let touchYRange: ClosedRange<Double> = 0...10_000
  /// Font files a spec may list under `fonts:`.
  public static let maxFonts = 16
  /// The most `ignore:` patterns a spec gives (and `--ignore` options a run).
  public static let maxIgnorePatterns = 64
  /// String catalogs a spec may list under `strings:`.
  public static let maxCatalogs = 16
  /// Longest catalog key a label names, in bytes.
  public static let maxKeyBytes = 1_000
  /// Arguments a keyed label may give its placeholders (`args:`).
  public static let maxArguments = 9
  /// A keyed label's count (`count:`), which picks the plural form.
  public static let countRange: ClosedRange<Double> = -1_000_000_000...1_000_000_000
  /// Largest font file read, in bytes (Noto Sans CJK's collections are about 20 MiB).
  public static let maxFontFileBytes = 32 * 1024 * 1024
  /// Most faces in one font collection (`.ttc`): Noto Sans CJK has 10; fontconfig and
  /// FreeType would otherwise open every face a crafted header lists. With at most
  /// ``maxFonts`` files, a spec's fonts have at most 16 × 64 faces in all.
  public static let maxFacesPerCollection = 64
  /// Longest font family name (`canvas.theme.font`), in characters.
  public static let maxFamilyNameLength = 100

  /// What is wrong with a number of a spec (not finite, or outside `range`), or nil: the one
  /// range check, asked by the decoder (which names the line) and by
  /// ``ListDocument/validate()`` alike. `written` is the number as the spec wrote it.
  package static func problem(
    with value: Double, in range: ClosedRange<Double>, written: String? = nil
  ) -> String? {
    guard value.isFinite else { return "\(value) is not a finite number" }
    guard range.contains(value) else {
      return "\(written ?? value.limitText) is out of range; expected \(range.text)"
    }
    return nil
  }

  /// What is wrong with a language tag, or nil: BCP 47's shape (a 2–3 letter language, then
  /// subtags of 1–8 letters or digits, `-` between), at most 35 characters.
  package static func languageProblem(_ tag: String) -> String? {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    let valid =
      tag.count <= 35 && parts.count >= 1
      && (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
      && parts.dropFirst().allSatisfy {
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
    return valid
      ? nil : "'\(tag.prefix(40))' is not a language tag; expected BCP 47, such as en, ja, zh-Hans"
  }

  /// What is wrong with a font family name (`canvas.theme.font`), or nil: 1 to 100 characters,
  /// no commas (Pango would read a list of families) and no control characters.
  package static func familyProblem(_ name: String) -> String? {
    let valid =
      !name.allSatisfy(\.isWhitespace) && name.count <= maxFamilyNameLength
      && !name.unicodeScalars.contains { $0 == "," || $0.properties.generalCategory == .control }
    return valid
      ? nil
      : "'\(name.prefix(40))' is not a font family name; expected 1 to \(maxFamilyNameLength) characters without commas, such as \"Brand Sans\""
  }

  /// What is wrong with a string of a spec (too long, too many combining marks on one
  /// character, empty where text is required), or nil: the decoder and ``ListDocument/validate()``
  /// hold every string to this.
  package static func problem(with text: String, allowEmpty: Bool = true) -> String? {
    let bytes = text.utf8.count
    guard bytes <= maxStringLength else {
      return "is \(bytes) bytes long (UTF-8); at most \(maxStringLength) are allowed"
    }
    // A NUL would cut the text where C reads it (Pango draws "Pay" of "Pay \0 1,000,000 EUR");
    // no other C0 control is text either, but tab and newline.
    if let index = text.utf8.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A }) {
      let scalar = text.utf8[index]
      let offset = text.unicodeScalars.distance(
        from: text.unicodeScalars.startIndex,
        to: String.Index(index, within: text.unicodeScalars) ?? text.unicodeScalars.startIndex)
      let name = scalar == 0 ? "NULL" : "(a control character)"
      return String(
        format:
          "has U+%04X %@ at character %d; text takes no C0 control character but tab and newline",
        Int(scalar), name, offset + 1)
    }
    // ASCII has no combining marks: only other text is looked at scalar by scalar.
    var marks = 0
    let ascii = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
    for scalar in ascii == true ? "".unicodeScalars : text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        marks += 1
        guard marks <= maxCombiningMarks else {
          return "has more than \(maxCombiningMarks) combining marks on one character"
        }
      default:
        marks = 0
      }
    }
    // Thai, Lao, Khmer and Myanmar are wrapped at ICU's dictionary breaks: without ICU they
    // would break inside words, so such text is refused rather than drawn wrong.
    // ICU is asked about only for such text: a Latin list never opens it.
    if text.utf8.contains(where: { $0 >= 0xE0 }),
      text.unicodeScalars.contains(where: { isDictionaryScript($0.value) }),
      let problem = icuLineBreakProblem
    {
      return "is in a script wrapped at ICU's dictionary word breaks, and \(problem)"
    }
    if let run = longestUnbrokenRun(text), run > maxUnbrokenRun {
      return
        "has a word of \(run) characters with no space or break; at most \(maxUnbrokenRun) can be wrapped"
    }
    guard allowEmpty || !text.isEmpty else { return "must not be empty" }
    return nil
  }
}

/// The most letters, marks and digits in a row with no space, punctuation or other break
/// between them (scripts that break between any two characters, as Han, kana and Hangul, aside):
/// wrapping such a run character by character costs time that grows with its square.
package let maxUnbrokenRun = 1_000

/// The length of the longest run of letters, marks and digits in `text` (Han, kana and Hangul
/// end a run), or nil when it has none longer than ``maxUnbrokenRun`` could matter for. A run
/// in Thai, Lao, Khmer or Burmese, written without spaces, is measured between the breaks ICU's
/// dictionaries find in it (the breaks the text is wrapped at).
private func longestUnbrokenRun(_ text: String) -> Int? {
  guard text.utf8.count > maxUnbrokenRun else { return nil }
  var longest = 0
  var run = 0
  var runStart = text.unicodeScalars.startIndex
  var dictionary = false
  func close(_ end: String.UnicodeScalarView.Index) {
    if run > maxUnbrokenRun, dictionary {
      run = longestICUSegment(text.unicodeScalars[runStart..<end])
    }
    longest = max(longest, run)
  }
  var index = text.unicodeScalars.startIndex
  while index < text.unicodeScalars.endIndex {
    let scalar = text.unicodeScalars[index]
    let value = scalar.value
    let breaksAnywhere =
      (0x1100...0x11FF).contains(value) || (0x2E80...0x9FFF).contains(value)
      || (0xAC00...0xD7AF).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0x20000...0x3FFFF).contains(value)
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      if breaksAnywhere {
        close(index)
        run = 0
      } else {
        if run == 0 {
          runStart = index
          dictionary = false
        }
        run += 1
        dictionary = dictionary || isDictionaryScript(value)
      }
    default:
      close(index)
      run = 0
    }
    index = text.unicodeScalars.index(after: index)
  }
  close(text.unicodeScalars.endIndex)
  return longest
}

/// Nil when ICU's line breaking can be used; else why not (its library could not be opened).
private let icuLineBreakProblem: String? = {
  var breaks = [Int32](repeating: 0, count: 4)
  let found = lr_icu_line_breaks("a b", 3, &breaks, 4)
  return found < 0
    ? "ICU's libicuuc could not be opened (install the libicu package of the version listrender was built with)"
    : nil
}()

/// Thai, Lao, Khmer and Myanmar (with their extensions): scripts written without spaces, which
/// ICU breaks into words by dictionary.
private func isDictionaryScript(_ value: UInt32) -> Bool {
  (0x0E00...0x0EFF).contains(value) || (0x1000...0x109F).contains(value)
    || (0x1780...0x17FF).contains(value) || (0x19E0...0x19FF).contains(value)
    || (0xA9E0...0xA9FF).contains(value) || (0xAA60...0xAA7F).contains(value)
}

/// The most characters between two of ICU's line-break opportunities in `run`.
private func longestICUSegment(_ run: Substring.UnicodeScalarView) -> Int {
  let bytes = Array(String(run).utf8)
  guard bytes.count < Int32.max else { return run.count }
  var breaks = [Int32](repeating: 0, count: bytes.count + 1)
  let found = bytes.withUnsafeBufferPointer { text in
    text.withMemoryRebound(to: CChar.self) { chars in
      lr_icu_line_breaks(chars.baseAddress, Int32(bytes.count), &breaks, Int32(breaks.count))
    }
  }
  guard found > 0 else { return run.count }
  // Characters between breaks: UTF-8 bytes that start a character.
  var longest = 0
  var previous = 0
  for end in breaks.prefix(Int(found)).map(Int.init) where end <= bytes.count {
    let characters = bytes[previous..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    longest = max(longest, characters)
    previous = end
  }
  return longest
}

extension ClosedRange where Bound == Double {
  /// The range as a user writes it, for messages and help: "0.5...4", "1...4096".
  package var text: String { "\(lowerBound.limitText)...\(upperBound.limitText)" }
}

extension Double {
  /// A bound or value as a user writes it: whole numbers without a decimal point.
  package var limitText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

/// The bounds of the command line's numeric options that the spec does not bound itself. Each
/// check and its message (and each option's help) reads the range from here or from
/// ``SpecLimits``, so the text cannot drift from the limit.
package enum OptionRange {
  /// Worker threads of `render --threads` and `verify --jobs`.
  package static let workers: ClosedRange<Double> = 1...64
  /// Thresholds, opacities and ratios.
  package static let unit: ClosedRange<Double> = 0...1
  /// The results `verify --cache-size` keeps.
  package static let cacheSize: ClosedRange<Double> = 1...10_000_000
}
