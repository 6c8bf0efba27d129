import Foundation
import StringCatalogs
import TestLevels
import Testing

@Suite("Plural rules from ICU", .tags(.unit))
struct PluralRulesTests {
  @Test("Polish: one for 1, few for 2–4 and 22, many for 5 and 0, other for fractions")
  func polish() throws {
    let rules = try #require(PluralRules(locale: "pl"))
    #expect(rules.categories == [.one, .few, .many, .other])
    #expect(rules.category(for: 1) == .one)
    #expect(rules.category(for: 2) == .few)
    #expect(rules.category(for: 22) == .few)
    #expect(rules.category(for: 5) == .many)
    #expect(rules.category(for: 12) == .many)
    #expect(rules.category(for: 1.5) == .other)
    #expect(rules.samples == [.one: 1, .few: 2, .many: 5, .other: 0.5])
  }

  @Test("Arabic has all six categories, Japanese only other, English one and other")
  func categoryCounts() throws {
    let arabic = try #require(PluralRules(locale: "ar"))
    #expect(arabic.categories == PluralCategory.allCases)
    #expect(arabic.samples == [.zero: 0, .one: 1, .two: 2, .few: 3, .many: 11, .other: 100])
    #expect(arabic.category(for: 0) == .zero)
    #expect(arabic.category(for: 2) == .two)
    #expect(arabic.category(for: 3) == .few)
    #expect(arabic.category(for: 11) == .many)
    #expect(try #require(PluralRules(locale: "ja")).categories == [.other])
    #expect(try #require(PluralRules(locale: "en")).categories == [.one, .other])
  }

  @Test("numbers are written for the locale")
  func numbers() throws {
    #expect(try #require(PluralRules(locale: "de")).format(1234.5) == "1.234,5")
    #expect(try #require(PluralRules(locale: "en")).format(1234.5) == "1,234.5")
    #expect(try #require(PluralRules(locale: "ar-EG")).format(3) == "٣")
  }

  @Test("a tag that is not one is refused, not handed to ICU")
  func malformedTags() {
    #expect(PluralRules(locale: "") == nil)
    #expect(PluralRules(locale: "de\u{0}x") == nil)
    #expect(PluralRules(locale: String(repeating: "a", count: 100)) == nil)
  }
}

@Suite("Format placeholders", .tags(.unit))
struct PlaceholderTests {
  @Test("kinds and arguments: %@, %lld, %1$s, %.1f, %#@name@; %% is text")
  func kinds() {
    let found = Placeholder.all(in: "%@ sent %lld files (%.1f%%) %2$d %#@items@ 100%")
    #expect(
      found.map(\.description) == [
        "%1$text", "%2$integer", "%3$decimal", "%2$integer", "%#@items@",
      ])
  }

  @Test("a translation must take the same arguments of the same kinds")
  func mismatch() {
    #expect(Placeholder.mismatch(source: "%@ has %lld items", translation: "%1$@: %2$lld") == nil)
    #expect(
      Placeholder.mismatch(source: "%@ has %lld items", translation: "%2$lld Elemente von %1$@")
        == nil)
    #expect(
      Placeholder.mismatch(source: "%@ has %lld items", translation: "%lld Elemente von %@")
        == "lacks %1$text, %2$integer; has %1$integer, %2$text")
    #expect(Placeholder.mismatch(source: "%1$s", translation: "%1$d") != nil)
    #expect(Placeholder.mismatch(source: "Hello %@", translation: "Hallo") == "lacks %1$text")
  }

  @Test(
    "every category of a locale has a sample of its own category (French many: 1000000)",
    arguments: [
      "fr", "es", "it", "pt", "pt-PT", "ca", "br", "pl", "ru", "uk", "be", "cs", "sk", "lt", "lv",
      "ar", "he", "cy", "ga", "gd", "sl", "mt", "ro", "ja", "en", "de", "is", "mk", "kw",
    ])
  func samplesOfTheirOwnCategory(locale: String) throws {
    let rules = try #require(PluralRules(locale: locale))
    for category in rules.categories {
      let sample = try #require(rules.samples[category], "\(locale) \(category) has no sample")
      #expect(rules.category(for: sample) == category, "\(locale) \(category): \(sample)")
    }
  }

  @Test("Romance many and Breton many are a million, never another category's number")
  func millions() throws {
    for locale in ["fr", "es", "it", "pt", "ca", "br"] {
      let rules = try #require(PluralRules(locale: locale))
      #expect(rules.samples[.many] == 1_000_000, "\(locale)")
    }
    let breton = try #require(PluralRules(locale: "br"))
    #expect(breton.samples[.few] == 3)
  }
}
