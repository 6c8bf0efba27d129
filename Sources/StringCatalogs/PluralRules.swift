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
    self.locale = locale
    self.categories = categories
  }

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

  /// The category ICU chooses for `number`.
  package func category(for number: Double) -> PluralCategory {
    var buffer = [CChar](repeating: 0, count: 16)
    let length = lr_plural_category(locale, number, &buffer, 16)
    guard length >= 0 else { return .other }
    return PluralCategory(rawValue: Self.text(buffer, length)) ?? .other
  }

  /// A number that falls in each of the locale's categories: the smallest whole number from 2
  /// to 1,000 that does (a count a list shows: Polish many is 5), else 0 or 1, else the first
  /// of a few decimals (Polish `other` is for fractions).
  package var samples: [PluralCategory: Double] {
    var found: [PluralCategory: Double] = [:]
    let candidates =
      (2...1_000).map(Double.init) + [0, 1, 0.5, 1.5, 2.5, 0.1, 1.1, 2.1, 5.5, 10.5]
    for number in candidates where found.count < categories.count {
      let category = category(for: number)
      if found[category] == nil { found[category] = number }
    }
    return found
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
