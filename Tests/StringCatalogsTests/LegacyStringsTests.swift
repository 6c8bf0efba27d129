import Foundation
import StringCatalogs
import TestLevels
import TestSupport
import Testing

/// Apple's `.lproj` folders: `.strings` and `.stringsdict` files read as a catalog, and every
/// kind of catalog told apart by what is there.
@Suite("Apple .lproj folders", .tags(.unit))
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

  @Test(".stringsdict width and device rules: each variation its own text, drawn as its own row")
  func widthAndDeviceRules() throws {
    let plist = { (body: String) in
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>\(body)</dict></plist>
      """
    }
    let folder = try Paths.temporaryFolder(with: [
      "en.lproj/Localizable.stringsdict": plist(
        """
        <key>welcome</key><dict><key>NSStringVariableWidthRuleType</key><dict>
        <key>100</key><string>Welcome to the settings of your account</string>
        <key>20</key><string>Welcome</string>
        <key>50</key><string>Welcome to settings</string></dict></dict>
        <key>open</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
        <key>iphone</key><string>Tap to open</string>
        <key>mac</key><string>Click to open</string>
        <key>other</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ to open</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict></dict>
        </dict></dict>
        """),
      "de.lproj/Localizable.stringsdict": plist(
        """
        <key>welcome</key><dict><key>NSStringVariableWidthRuleType</key><dict>
        <key>20</key><string>Willkommen</string>
        <key>100</key><string>Willkommen in den Einstellungen deines Kontos</string></dict></dict>
        """),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = try StringCatalog.read(folder.path)
    // Widths in order of their number, the union of the source's and the translation's.
    #expect(catalog.devices("welcome", locale: "de") == ["width 20", "width 50", "width 100"])
    #expect(catalog.devices("open", locale: "en") == ["iphone", "mac", "other"])
    let rules = try #require(PluralRules(locale: "de"))
    func drawn(_ key: String, _ locale: String, _ variation: String?, count: Double? = nil)
      -> String?
    {
      catalog.translation(
        of: key, locale: locale, count: count, rules: rules, sourceRules: rules,
        device: variation
      ).map { "\($0.text) \($0.problem.map { "\($0)" } ?? "ok")" }
    }
    #expect(drawn("welcome", "de", "width 20") == "Willkommen ok")
    #expect(
      drawn("welcome", "de", "width 100") == "Willkommen in den Einstellungen deines Kontos ok")
    // German has no width 50: its widest text not wider than 50 is drawn, as iOS picks it.
    #expect(drawn("welcome", "de", "width 50") == "Willkommen ok")
    #expect(drawn("welcome", "en", nil) == "Welcome to the settings of your account ok")
    #expect(drawn("open", "en", "mac") == "Click to open ok")
    // A device's text may itself vary by number.
    #expect(drawn("open", "en", "other", count: 1) == "%d item to open ok")
    #expect(drawn("open", "en", nil, count: 5) == "%d items to open ok")
    // Widths that are not whole numbers of ems, a rule in a rule and too many are refused.
    for (body, words) in [
      (
        "<key>w</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>wide</key><string>x</string></dict></dict>",
        "w.NSStringVariableWidthRuleType: 'wide' is not a width"
      ),
      (
        "<key>w</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>mac</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>x</string></dict></dict></dict></dict>",
        "a rule inside a rule"
      ),
      (
        "<key>w</key><dict><key>NSStringVariableWidthRuleType</key><dict>"
          + (1...17).map { "<key>\($0)</key><string>x</string>" }.joined() + "</dict></dict>",
        "more than 16 variations"
      ),
      ("<key>w</key><dict><key>other</key><string>x</string></dict>", "nor a width or device rule"),
    ] {
      #expect {
        try LegacyStrings.parseStringsdict(Array(plist(body).utf8), file: "bad.stringsdict")
      } throws: { error in
        "\(error)".contains(words)
      }
    }
  }

  @Test(".stringsdict widths at 0, -1, 2^31 and 1e300 are refused; mutated rules read or refused")
  func widthEdgesAndFuzz() {
    func rule(_ width: String) -> [UInt8] {
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>w</key><dict><key>NSStringVariableWidthRuleType</key>
        <dict><key>\(width)</key><string>x</string><key>20</key><string>Welcome</string></dict>
        </dict><key>d</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
        <key>iphone</key><string>Tap</string><key>other</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>one</key><string>%d item</string><key>other</key><string>%d items</string>
        </dict></dict></dict></dict></dict></plist>
        """.utf8)
    }
    for width in Mutation.edgeNumbers {
      #expect(throws: CatalogError.self, "width \(width)") {
        try LegacyStrings.parseStringsdict(rule(width), file: "edge.stringsdict")
      }
    }
    var random = FuzzGenerator.seeded()
    var refused = 0
    for _ in 0..<2_000 {
      do {
        _ = try LegacyStrings.parseStringsdict(
          Mutation.mutated(rule("50"), &random), file: "fuzz.stringsdict")
      } catch {
        refused += 1
      }
    }
    #expect(refused > 0)
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
