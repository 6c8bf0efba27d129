import Foundation
import StringCatalogs
import TestSupport
import Testing

/// Apple's `.lproj` folders: `.strings` and `.stringsdict` files read as a catalog, and every
/// kind of catalog told apart by what is there.
@Suite("Apple .lproj folders")
struct LegacyStringsTests {
  @Test("a .strings file: quoted and bare keys, escapes, comments, UTF-16, key-only entries")
  func strings() throws {
    let text = #"""
      /* A comment; "not" = "a pair"; */
      "quoted" = "Hello, %@!";
      bare.key = "Bare \"quoted\" \\ back\nslash";
      // A line comment.
      "escapes" = "\U00E9t\U00E9 \UD83E\UDDD8 \t.";
      "lone" = "\UD83E x";
      "alone";
      """#
    let pairs = try LegacyStrings.parseStrings(Array(text.utf8), file: "a.strings")
    #expect(pairs.map(\.0) == ["quoted", "bare.key", "escapes", "lone", "alone"])
    #expect(
      pairs.map(\.1) == [
        "Hello, %@!", "Bare \"quoted\" \\ back\nslash", "été 🧘 \t.", "\u{FFFD} x", "alone",
      ])
    // UTF-16 with its byte order mark, little- and big-endian.
    for bigEndian in [false, true] {
      var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for unit in "\"k\" = \"Ünïcode\";".utf16 {
        bytes +=
          bigEndian
          ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
      #expect(try LegacyStrings.parseStrings(bytes, file: "u.strings").first?.1 == "Ünïcode")
    }
    // What is wrong is named with its line and column.
    for (bad, words) in [
      ("\"a\" = \"b\"\n\"c\" = \"d\";", "2:1: expected ; after the text"),
      ("\"a\" = \"never ends;", "a string that does not end"),
      ("/* open", "a comment that does not end"), ("\"a\" \"b\";", "expected = after the key"),
    ] {
      #expect {
        try LegacyStrings.parseStrings(Array(bad.utf8), file: "bad.strings")
      } throws: { error in
        "\(error)".contains(words)
      }
    }
  }

  @Test("a folder of .lproj folders: Base is the default language, .stringsdict plurals by CLDR")
  func folder() throws {
    let plural = { (forms: String) in
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>files</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@files@ ready</string>
      <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>\(forms)</dict></dict></dict></plist>
      """
    }
    let folder = try Paths.temporaryFolder(with: [
      "Base.lproj/Localizable.strings": "\"title\" = \"Settings\";\n\"only\" = \"Base\";\n",
      "en.lproj/Localizable.strings": "\"title\" = \"Settings (en)\";\n",
      "de.lproj/Localizable.strings": "\"title\" = \"Einstellungen\";\n",
      "Base.lproj/Localizable.stringsdict": plural(
        "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>"),
      "pl.lproj/Localizable.stringsdict": plural(
        "<key>one</key><string>%d plik</string><key>few</key><string>%d pliki</string><key>other</key><string>%d pliku</string>"
      ),
      "notes.txt": "not a locale",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CatalogSource.of(folder.path) == .lproj)
    let catalog = try StringCatalog.read(folder.path)
    #expect(catalog.locales == ["en", "de", "pl"])
    #expect(catalog.text("title", locale: "en")?.value == "Settings (en)")
    #expect(catalog.text("only", locale: "en")?.value == "Base")
    let rules = try #require(PluralRules(locale: "pl"))
    let source = try #require(PluralRules(locale: "en"))
    func polish(_ count: Double) -> String? {
      catalog.translation(
        of: "files", locale: "pl", count: count, rules: rules, sourceRules: source
      )
      .map { "\($0.text) \($0.problem.map { "\($0)" } ?? "ok")" }
    }
    #expect(polish(2) == "%d pliki ready ok")
    #expect(polish(1_000_000).map { $0.hasPrefix("%d pliku ready missingForm") } == true)
  }

  @Test("each kind of catalog is told by what is there; anything else is not a string catalog")
  func sources() throws {
    let folder = try Paths.temporaryFolder(with: [
      "app.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {}}",
      "res/values/strings.xml": "<resources/>",
      "apple/en.lproj/Localizable.strings": "\"a\" = \"b\";",
      "messages.po": "msgid \"a\"\nmsgstr \"b\"\n",
      "empty/readme.txt": "",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    func source(_ name: String) -> String {
      do {
        return try CatalogSource.of(folder.appendingPathComponent(name).path).rawValue
      } catch {
        return "\(error)"
      }
    }
    #expect(source("app.xcstrings") == "xcstrings")
    #expect(source("res") == "androidResources")
    #expect(source("apple") == "lproj")
    #expect(
      source("messages.po").hasSuffix(
        "not a string catalog: expected an .xcstrings file, or an Android res/ folder (values/, values-de/, …), or a folder of .lproj folders (en.lproj, de.lproj, …)"
      ))
    #expect(source("empty").contains("not a string catalog"))
    #expect(source("apple/en.lproj").contains("give the folder that holds every .lproj folder"))
    #expect(source("nowhere").contains("there is no such file or folder"))
  }
}
