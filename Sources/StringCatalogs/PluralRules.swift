import CPluralRules
import Foundation

/// A locale's CLDR plural rules and number format, from ICU (`uplrules`, `unum`).
package struct PluralRules: Sendable {
  /// The locale (BCP 47).
  package let locale: String
  /// The categories the locale uses, in CLDR order (Polish: one, few, many, other).
  package let categories: [PluralCategory]

  /// The rules of `locale`; nil when ICU has none or the tag is malformed.
  package init?(locale: String) {
    guard Self.isLanguageTag(locale) else { return nil }
    var buffer = [CChar](repeating: 0, count: 64)
    let length = lr_plural_categories(locale, &buffer, 64)
    guard length >= 0 else { return nil }
    let names = Self.text(buffer, length).split(separator: " ")
    let categories = names.compactMap { PluralCategory(rawValue: String($0)) }.sorted()
    guard !categories.isEmpty else { return nil }
    var table = [Int8](repeating: 5, count: Self.tableSize)
    guard lr_plural_integer_table(locale, Int32(Self.tableSize), &table) == Int32(Self.tableSize)
    else { return nil }
    let all = PluralCategory.allCases
    self.locale = locale
    self.categories = categories
    self.integers = table.map { all[Int(min(max($0, 0), 5))] }
    var found: [PluralCategory: Double] = [:]
    // A count a list shows first (2 and up: Polish many is 5), then 0 and 1, then fractions.
    for number in Array(2..<Self.tableSize) + [0, 1] where found[integers[number]] == nil {
      found[integers[number]] = Double(number)
    }
    // Categories no count to 1,000 reaches: CLDR's own samples for them are whole millions
    // (French, Spanish, Italian, Portuguese and Catalan `many`: 1000000; Breton `many`), then
    // fractions (Polish `other`). ICU itself says each one's category.
    let more: [Double] = [
      1_000_000, 2_000_000, 10_000_000, 100_000_000, 1_000_000_000, 0.5, 1.5, 2.5, 0.1, 1.1, 2.1,
      5.5, 10.5, 0.0, 1.0,
    ]
    for number in more where found.count < categories.count {
      let category = Self.select(locale, number)
      if found[category] == nil { found[category] = number }
    }
    self.samples = found
  }

  /// How many whole numbers (from 0) have their category looked up once, when the rules are made.
  private static let tableSize = 1_001
  /// The category of each whole number 0...1,000.
  private let integers: [PluralCategory]

  /// A number that falls in each of the locale's categories, as ICU decides it: the smallest
  /// whole number from 2 to 1,000 that does (a count a list shows: Polish many is 5), else 0 or
  /// 1, else a whole million (French many is 1000000), else the first of a few decimals (Polish
  /// `other` is for fractions). A category none of these reaches has no sample: it is never
  /// drawn with another category's number.
  package let samples: [PluralCategory: Double]

  /// Whether `tag` has the shape of a BCP 47 tag: a language of 2–3 letters, then at most seven
  /// subtags of 1–8 letters or digits, joined by `-` (or `_`).
  package static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 8
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// Whether `category` holds a single whole number (Arabic `zero`, `one` and `two`; English
  /// `one`), among 0 to 1,000 and the millions: a form of it may leave its number out.
  package func holdsOneNumber(_ category: PluralCategory) -> Bool {
    integers.lazy.filter { $0 == category }.prefix(2).count == 1
      && samples[category].map { $0 < Double(Self.tableSize) } ?? false
  }

  /// The category ICU chooses for `number` (whole numbers to 1,000 from a table made once).
  package func category(for number: Double) -> PluralCategory {
    if number >= 0, number < Double(Self.tableSize), number == number.rounded() {
      return integers[Int(number)]
    }
    return Self.select(locale, number)
  }

  private static func select(_ locale: String, _ number: Double) -> PluralCategory {
    var buffer = [CChar](repeating: 0, count: 16)
    let length = lr_plural_category(locale, number, &buffer, 16)
    guard length >= 0 else { return .other }
    return PluralCategory(rawValue: Self.text(buffer, length)) ?? .other
  }

  /// Nil when ICU (plural rules, number formats) can be used; else why not, naming the
  /// libraries tried. Whatever needs plural rules or numbers fails with this, never falls back.
  package static var icuProblem: String? {
    lr_plural_icu_problem().map { String(cString: $0) }
  }

  /// `number` written for the locale (`1.234,5` in German); plain digits when ICU cannot.
  package func format(_ number: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = lr_format_number(locale, number, &buffer, 128)
    guard length >= 0 else {
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int(number)) : String(number)
    }
    return Self.text(buffer, length)
  }

  /// The first `length` bytes of a C buffer as UTF-8.
  private static func text(_ buffer: [CChar], _ length: Int32) -> String {
    String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
