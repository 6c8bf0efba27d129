import StringCatalogs
import TestLevels
import Testing

/// Locales asked for, matched as the platforms fall back.
@Suite("Locale fallback", .tags(.unit))
struct LocaleMatchTests {
  static let catalog = ["en", "de", "fr-CA", "zh-Hans", "zh-Hant", "he", "id", "pt-PT", "pt-BR"]

  @Test(
    "each tag falls back along the platform's chain to the catalog's own tag",
    arguments: [
      ("de", "de"), ("DE", "de"), ("de-DE", "de"), ("de_AT", "de"), ("en-US", "en"),
      ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"),
      ("zh-Hans-CN", "zh-Hans"), ("ZH-hant", "zh-Hant"), ("zh-rTW", "zh-Hant"),
      ("iw", "he"), ("in", "id"), ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("fr", "fr-CA"),
    ])
  func fallback(asked: String, drawn: String) {
    #expect(LocaleMatch.match(asked, in: Self.catalog) == drawn)
  }

  @Test(
    "a tag the catalog has nothing near matches nothing",
    arguments: ["xx", "th", "ja-JP", "zh", "es-419"])
  func nothingNear(asked: String) {
    #expect(LocaleMatch.match(asked, in: Self.catalog) == nil)
  }

  @Test("legacy codes both ways, and Portuguese as the catalog has it")
  func legacyAndPortuguese() {
    #expect(LocaleMatch.match("he", in: ["en", "iw"]) == "iw")
    #expect(LocaleMatch.match("yi", in: ["ji"]) == "ji")
    #expect(LocaleMatch.match("id-ID", in: ["en", "in"]) == "in")
    #expect(LocaleMatch.match("pt", in: ["en", "pt-PT"]) == "pt-PT")
    #expect(LocaleMatch.match("pt-BR", in: ["pt"]) == "pt")
  }
}
