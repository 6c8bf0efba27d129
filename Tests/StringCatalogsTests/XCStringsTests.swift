import Foundation
import StringCatalogs
import TestLevels
import TestSupport
import Testing

@Suite("Apple String Catalogs", .tags(.unit))
struct XCStringsTests {
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Inbox" : {},
        "files.count" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
            "pl" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliki" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld plików" } },
              "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld pliku" } } } } }
          }
        },
        "sent" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%@ sent %#@photos@" },
              "substitutions" : { "photos" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg photo" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } } } } } }
            },
            "de" : { "stringUnit" : { "state" : "new", "value" : "%@ hat gesendet" } }
          }
        },
        "brand" : { "shouldTranslate" : false, "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Movistar" } } } },
        "home" : { "localizations" : {
          "en" : { "variations" : { "device" : {
            "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } } } }
      },
      "version" : "1.0"
    }
    """

  func parse(_ text: String) throws -> StringCatalog {
    try XCStrings.parse(Array(text.utf8), file: "Localizable.xcstrings")
  }

  @Test("keys, locales, states, plurals, substitutions, devices and keys as their own text")
  func reads() throws {
    let catalog = try parse(Self.catalog)
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.keys == ["Inbox", "brand", "files.count", "home", "sent"])
    #expect(catalog.locales == ["en", "de", "pl"])
    #expect(catalog.text("Inbox", locale: "en")?.value == "Inbox")
    #expect(catalog.text("Inbox", locale: "de") == nil)
    #expect(catalog.text("brand", locale: "en")?.translatable == false)
    #expect(catalog.text("home", locale: "en")?.value == "Click")
    let polish = try #require(PluralRules(locale: "pl"))
    let files = try #require(catalog.text("files.count", locale: "pl"))
    #expect(files.state == .needsReview)
    #expect(files.resolved(count: 2, rules: polish) == "%lld pliki")
    #expect(files.resolved(count: 5, rules: polish) == "%lld plików")
    #expect(files.resolved(count: 1, rules: polish) == "%lld plik")
    let english = try #require(PluralRules(locale: "en"))
    let sent = try #require(catalog.text("sent", locale: "en"))
    #expect(sent.substitutions["photos"]?.argument == 2)
    #expect(sent.resolved(count: 1, rules: english) == "%@ sent %lld photo")
    #expect(sent.resolved(count: 3, rules: english) == "%@ sent %lld photos")
    #expect(catalog.text("sent", locale: "de")?.state == .new)
  }

  @Test("a malformed catalog names the file and where: line and column, or the entry's path")
  func errors() throws {
    func message(_ text: String) -> String {
      do {
        _ = try parse(text)
        return "no error"
      } catch {
        return String(describing: error)
      }
    }
    let syntax = message("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": { \"a\" ]\n}")
    #expect(syntax.hasPrefix("Localizable.xcstrings:"))
    #expect(syntax.contains("not JSON"))
    #expect(
      message(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": 3}}}}}}"#
      )
        == #"Localizable.xcstrings: strings["k"].localizations["de"].stringUnit.value: expected a string, found a number or boolean"#
    )
    #expect(
      message(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"variations": {"plural": {"several": {}}}}}}}}"#
      )
      .contains("'several' is not a CLDR plural category"))
    #expect(
      message(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "done", "value": "x"}}}}}}"#
      )
      .contains("unknown state 'done'"))
    #expect(message(#"{"strings": {}}"#).contains("sourceLanguage: expected a string"))
    #expect(
      message(#"{"sourceLanguage": "not a tag!", "strings": {}}"#).contains(
        "is not a BCP 47 language tag"))
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(message(deep) == "Localizable.xcstrings:1:33: nested more than 32 levels")
    for number in Mutation.edgeNumbers {
      #expect(
        message(
          #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": \#(number), "variations": {"plural": {"other": {"stringUnit": {"value": "x"}}}}}}}}}}}"#
        ).contains("argNum: expected a whole number from 1 to 99"), "\(number)")
    }
    let long = String(repeating: "x", count: 10_001)
    #expect(
      message(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "\#(long)"}}}}}}"#
      )
      .contains("is 10001 bytes long; at most 10000 are allowed"))
  }

  @Test(
    "JSON is read strictly: escapes and surrogate pairs decoded, anything else refused where it is")
  func strictJSON() throws {
    func value(_ literal: String) throws -> String? {
      try parse(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "#
          + literal + "}}}}}}"
      ).text("k", locale: "de")?.value
    }
    #expect(
      try value(#""Tab\t \"q\" \u00e9 \ud83d\ude00 \/ \\ \n""#) == "Tab\t \"q\" é 😀 / \\ \n")
    #expect(try value(#""Größe ☃""#) == "Größe ☃")
    let wrong: [(String, String)] = [
      (#"{"sourceLanguage": "en", "strings": {},}"#, ":1:40: not JSON: expected a member's name"),
      (
        "{\"sourceLanguage\": \"en\", // a comment\n \"strings\": {}}",
        ":1:26: not JSON: expected a member's name"
      ),
      (#"{"sourceLanguage": "en", "strings": {"k": {"argNum": 01}}}"#, "a leading zero"),
      (#"{"sourceLanguage": "en\ud800", "strings": {}}"#, "a lone surrogate"),
      (#"{"sourceLanguage": "en\x", "strings": {}}"#, "an unknown escape"),
      ("{\"sourceLanguage\": \"e\tn\", \"strings\": {}}", "a control character"),
      (#"{"sourceLanguage": "en", "strings": {}} []"#, "text after the JSON value"),
      (#"{"sourceLanguage": "en", "strings": {"#, "expected a member's name"),
      (#"{"sourceLanguage": tru, "strings": {}}"#, "unexpected character"),
      (#"{"sourceLanguage": 1e999, "strings": {}}"#, "a number out of range"),
    ]
    for (text, expected) in wrong {
      do {
        _ = try parse(text)
        Issue.record("read: \(text)")
      } catch {
        #expect(String(describing: error).contains(expected), "\(error) for \(text)")
      }
    }
    // Bytes that are not UTF-8 inside a string.
    var bytes = Array(#"{"sourceLanguage": "en", "strings": {"k": {}}}"#.utf8)
    bytes[38] = 0xFF
    #expect(throws: CatalogError.self) { _ = try XCStrings.parse(bytes, file: "bad.xcstrings") }
  }

  @Test("a file that is not there, a folder or too large is refused before it is read")
  func files() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: CatalogError.self) {
      try XCStrings.read(folder.appendingPathComponent("none.xcstrings").path)
    }
    #expect(throws: CatalogError.self) { try XCStrings.read(folder.path) }
    let big = folder.appendingPathComponent("big.xcstrings")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: UInt64(CatalogLimits.maxCatalogBytes + 1))
    try handle.close()
    #expect(throws: CatalogError.self) { try XCStrings.read(big.path) }
  }

  @Test("mutated catalogs are read or refused, never a crash")
  func fuzz() {
    var random = FuzzGenerator.seeded()
    let original = Array(Self.catalog.utf8)
    var refused = 0
    for _ in 0..<2_000 {
      let bytes = Mutation.mutated(original, &random)
      do { _ = try XCStrings.parse(bytes, file: "fuzz.xcstrings") } catch { refused += 1 }
    }
    #expect(refused > 0)
  }
}
