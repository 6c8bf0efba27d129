import Foundation
import StringCatalogs
import TestLevels
import TestSupport
import Testing

/// Plural rows as CLDR says: each form drawn with a number of its own category, and a form the
/// locale needs but the translation lacks is a verdict of its own.
@Suite("Plural forms", .tags(.unit))
struct PluralFormTests {
  /// `files` in English (one, other) and translations that lack forms their languages need,
  /// and a German translation that lacks `other`; Russian and French complete.
  static let catalog = """
    {"sourceLanguage": "en", "strings": {"files": {"localizations": {
      "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
      "pl": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld plik"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld pliku"}}}}},
      "uk": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld файл"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld файлу"}}}}},
      "be": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld файл"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld файла"}}}}},
      "cs": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld soubor"}},
        "few": {"stringUnit": {"state": "translated", "value": "%lld soubory"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld souborů"}}}}},
      "de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld Datei"}}}}},
      "ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld файл"}},
        "few": {"stringUnit": {"state": "translated", "value": "%lld файла"}},
        "many": {"stringUnit": {"state": "translated", "value": "%lld файлов"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld файла"}}}}},
      "fr": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld fichier"}},
        "many": {"stringUnit": {"state": "translated", "value": "%lld de fichiers"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld fichiers"}}}}}
    }}}}
    """

  /// Every form of `locale` drawn with its own sample: the category, the sample, the verdict.
  static func rows(_ locale: String) throws -> [(PluralCategory, Double, String)] {
    let catalog = try XCStrings.parse(Array(catalog.utf8), file: "test.xcstrings")
    let rules = try #require(PluralRules(locale: locale))
    let source = try #require(PluralRules(locale: "en"))
    return try rules.categories.map { category in
      let sample = try #require(rules.samples[category])
      let translation = try #require(
        catalog.translation(
          of: "files", locale: locale, count: sample, rules: rules, sourceRules: source))
      let verdict: String =
        switch translation.problem {
        case .missingForm(let lacking)?: "missing-form \(lacking.rawValue)"
        case .missing?: "missing"
        case .badFormat?: "bad-format"
        case .untranslated?: "untranslated"
        case .badReference?: "bad-reference"
        case nil: "ok"
        }
      return (category, sample, verdict)
    }
  }

  @Test(
    "a form the locale needs that the translation lacks is missing-form; the rest are ok",
    arguments: [
      ("pl", ["ok", "missing-form few", "missing-form many", "ok"]),
      ("uk", ["ok", "missing-form few", "missing-form many", "ok"]),
      ("be", ["ok", "missing-form few", "missing-form many", "ok"]),
      ("cs", ["ok", "ok", "missing-form many", "ok"]),
      ("de", ["ok", "missing-form other"]),
      ("ru", ["ok", "ok", "ok", "ok"]),
      ("fr", ["ok", "ok", "ok"]),
    ])
  func missingForms(locale: String, verdicts: [String]) throws {
    let rows = try Self.rows(locale)
    #expect(rows.map(\.2) == verdicts, "\(locale): \(rows)")
    // Each row's number is of its own category.
    let rules = try #require(PluralRules(locale: locale))
    for (category, sample, _) in rows {
      #expect(rules.category(for: sample) == category, "\(locale) \(category) drawn with \(sample)")
    }
  }

  @Test("a text that names a substitution it does not define is a bad-reference verdict")
  func undefinedSubstitution() throws {
    let catalog = try XCStrings.parse(
      Array(
        """
        {"sourceLanguage": "en", "strings": {"k": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "%#@items@ in the basket"}}}}}}
        """.utf8), file: "test.xcstrings")
    let rules = try #require(PluralRules(locale: "en"))
    let translation = catalog.translation(
      of: "k", locale: "en", count: 3, rules: rules, sourceRules: rules)
    #expect(translation?.problem == .badReference("%#@items@ names no substitution of the text"))
  }

  @Test("substitutions that name each other and double at each step are refused at the bound")
  func substitutionBomb() throws {
    // s0 holds s1 eight times, s1 holds s2 eight times, …: 8^15 copies if built.
    var substitutions: [String] = []
    for index in 0..<16 {
      let form =
        index < 15
        ? String(repeating: "%#@s\(index + 1)@ ", count: 8) : String(repeating: "x", count: 100)
      substitutions.append(
        "\"s\(index)\": {\"argNum\": 1, \"formatSpecifier\": \"lld\", \"variations\": {\"plural\": {"
          + "\"one\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(form)\"}},"
          + "\"other\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(form)\"}}}}}")
    }
    let json = """
      {"sourceLanguage": "en", "strings": {"bomb": {"localizations": {"en": {
        "stringUnit": {"state": "translated", "value": "%#@s0@"},
        "substitutions": {\(substitutions.joined(separator: ", "))}}}}}}
      """
    let catalog = try XCStrings.parse(Array(json.utf8), file: "bomb.xcstrings")
    let rules = try #require(PluralRules(locale: "en"))
    let clock = ContinuousClock()
    let start = clock.now
    let translation = catalog.translation(
      of: "bomb", locale: "en", count: 3, rules: rules, sourceRules: rules)
    #expect(clock.now - start < .seconds(1))
    #expect(
      translation?.problem
        == .badReference("its substitutions name each other and grow past 40000 bytes"))
  }

  @Test("Android: a form whose category holds one number may leave the number out; messages in %d")
  func omittedCount() throws {
    let res = try Paths.temporaryFolder(with: [
      "values/strings.xml": """
      <resources><plurals name="files"><item quantity="one">%1$d file for %2$s</item>
      <item quantity="other">%1$d files for %2$s</item></plurals></resources>
      """,
      "values-ar/strings.xml": """
      <resources><plurals name="files">
      <item quantity="zero">لا ملفات لـ %2$s</item><item quantity="one">ملف واحد لـ %2$s</item>
      <item quantity="two">ملفان لـ %2$s</item><item quantity="few">%1$d ملفات لـ %2$s</item>
      <item quantity="many">%1$d ملفًا لـ %2$s</item><item quantity="other">ملف لـ %2$s</item>
      </plurals></resources>
      """,
    ])
    defer { try? FileManager.default.removeItem(at: res) }
    let catalog = try AndroidResources.read(folder: res.path)
    let rules = try #require(PluralRules(locale: "ar"))
    let source = try #require(PluralRules(locale: "en"))
    var verdicts: [String: String] = [:]
    for category in rules.categories {
      let sample = try #require(rules.samples[category])
      let problem = catalog.translation(
        of: "files", locale: "ar", count: sample, rules: rules, sourceRules: source)?.problem
      verdicts[category.rawValue] =
        switch problem {
        case nil: "ok"
        case .badFormat(let why)?: why
        default: "other"
        }
    }
    // zero, one, two hold one number each: the number may go; other holds many: it may not.
    #expect(
      verdicts == [
        "zero": "ok", "one": "ok", "two": "ok", "few": "ok", "many": "ok", "other": "lacks %1$d",
      ], "\(verdicts)")
  }

  @Test("Android: a count formatted as text (%s watching) may go too where it is the only argument")
  func omittedTextCount() throws {
    let res = try Paths.temporaryFolder(with: [
      "values/strings.xml": """
      <resources><plurals name="watching"><item quantity="one">%s watching</item>
      <item quantity="other">%s watching</item></plurals>
      <plurals name="shared"><item quantity="one">%1$s shared %2$s file</item>
      <item quantity="other">%1$s shared %2$s files</item></plurals></resources>
      """,
      "values-ar/strings.xml": """
      <resources><plurals name="watching">
      <item quantity="zero">لا مشاهد</item><item quantity="one">مشاهد واحد</item>
      <item quantity="two">مشاهدان</item><item quantity="few">%s مشاهدين</item>
      <item quantity="many">%s مشاهدًا</item><item quantity="other">مشاهد</item></plurals>
      <plurals name="shared">
      <item quantity="zero">لم تتم مشاركة أي ملف</item><item quantity="one">%1$s شارك ملفًا</item>
      <item quantity="two">%1$s شارك ملفين</item><item quantity="few">%1$s شارك %2$s ملفات</item>
      <item quantity="many">%1$s شارك %2$s ملفًا</item><item quantity="other">%1$s شارك %2$s ملف</item>
      </plurals></resources>
      """,
    ])
    defer { try? FileManager.default.removeItem(at: res) }
    let catalog = try AndroidResources.read(folder: res.path)
    let rules = try #require(PluralRules(locale: "ar"))
    let source = try #require(PluralRules(locale: "en"))
    func verdicts(_ key: String) throws -> [String] {
      try rules.categories.map { category in
        let sample: Double = try #require(rules.samples[category])
        let problem = catalog.translation(
          of: key, locale: "ar", count: sample, rules: rules, sourceRules: source)?.problem
        if case .badFormat(let why)? = problem { return "\(category.rawValue): \(why)" }
        return "\(category.rawValue): \(problem == nil ? "ok" : "other")"
      }
    }
    // The only argument is the count, whatever its kind: it may go where the category holds one
    // number (zero, one, two), not where it holds many (other).
    #expect(
      try verdicts("watching") == [
        "zero: ok", "one: ok", "two: ok", "few: ok", "many: ok", "other: lacks %1$s",
      ])
    // With two arguments of text, which one is the count cannot be told: none may go (the zero
    // form drops the name as well, which Android would never show).
    #expect(
      try verdicts("shared") == [
        "zero: lacks %1$s, %2$s", "one: lacks %2$s", "two: lacks %2$s", "few: ok", "many: ok",
        "other: ok",
      ])
  }

  @Test("each plural form keeps its own state: a sibling's needs_review marks only that form")
  func formStates() throws {
    let catalog = try XCStrings.parse(
      Array(
        """
        {"sourceLanguage": "en", "strings": {"files": {"localizations": {
          "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
          "ja": {"variations": {"plural": {"one": {"stringUnit": {"state": "needs_review", "value": "%lld ファイル"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld ファイル"}}}}},
          "pl": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld plik"}},
            "few": {"stringUnit": {"state": "needs_review", "value": "%lld pliki"}},
            "many": {"stringUnit": {"state": "translated", "value": "%lld plików"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld pliku"}}}}}}}}}
        """.utf8), file: "states.xcstrings")
    let source = try #require(PluralRules(locale: "en"))
    func verdicts(_ locale: String) throws -> [String] {
      let rules = try #require(PluralRules(locale: locale))
      return try rules.categories.map { category in
        let sample = try #require(rules.samples[category])
        let problem = catalog.translation(
          of: "files", locale: locale, count: sample, rules: rules, sourceRules: source)?.problem
        return problem == nil
          ? "ok" : problem == .untranslated(.needsReview) ? "untranslated" : "other"
      }
    }
    // Japanese draws only `other`: its unused `one` under review marks nothing.
    #expect(try verdicts("ja") == ["ok"])
    #expect(try verdicts("pl") == ["ok", "untranslated", "ok", "ok"])
  }

  @Test("a key that varies by device keeps each device's text; a review draws each")
  func deviceVariations() throws {
    let catalog = try XCStrings.parse(
      Array(
        """
        {"sourceLanguage": "en", "strings": {"tap": {"localizations": {
          "en": {"variations": {"device": {
            "iphone": {"stringUnit": {"state": "translated", "value": "Tap to open"}},
            "mac": {"stringUnit": {"state": "translated", "value": "Click to open"}},
            "other": {"stringUnit": {"state": "translated", "value": "Select to open"}}}}},
          "de": {"variations": {"device": {
            "iphone": {"stringUnit": {"state": "translated", "value": "Zum Öffnen tippen"}},
            "other": {"stringUnit": {"state": "needs_review", "value": "Zum Öffnen auswählen"}}}}}}}}}
        """.utf8), file: "devices.xcstrings")
    let rules = try #require(PluralRules(locale: "de"))
    #expect(catalog.devices("tap", locale: "de") == ["iphone", "mac", "other"])
    func drawn(_ device: String?) -> (String, Translation.Problem?)? {
      catalog.translation(
        of: "tap", locale: "de", count: nil, rules: rules, sourceRules: rules, device: device
      ).map { ($0.text, $0.problem) }
    }
    #expect(drawn("iphone")?.0 == "Zum Öffnen tippen")
    #expect(drawn("iphone")?.1 == nil)
    // German has no mac text: its text for every other device is drawn, under review.
    #expect(drawn("mac")?.0 == "Zum Öffnen auswählen")
    #expect(drawn("other")?.1 == .untranslated(.needsReview))
    // A spec's label reads the text every device not named reads.
    #expect(drawn(nil)?.0 == "Zum Öffnen auswählen")
  }
}
