import Foundation
import StringCatalogs
import TestLevels
import TestSupport
import Testing

@Suite("Android string resources", .tags(.unit))
struct AndroidResourcesTests {
  static let defaults = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
        <string name="app_name" translatable="false">Mi Movistar</string>
        <string name="greeting">Hello, <xliff:g id="name">%1$s</xliff:g>!</string>
        <string name="quote">Don\\'t say \\"never\\"\\nagain</string>
        <string name="spaced">  many    spaces\t here  </string>
        <string name="kept">"  kept   as is  "</string>
        <string name="cdata"><![CDATA[<b>bold</b> & more]]></string>
        <string name="at">\\@home \\u00e9t\\u00E9</string>
        <string-array name="days"><item>Monday</item></string-array>
        <plurals name="files">
            <item quantity="one">%d file</item>
            <item quantity="other">%d files</item>
        </plurals>
    </resources>
    """

  static let polish = """
    <resources>
        <string name="greeting">Cześć, %1$s!</string>
        <string name="app_name">Nie tłumacz</string>
        <plurals name="files">
            <item quantity="one">%d plik</item>
            <item quantity="few">%d pliki</item>
            <item quantity="many">%d plików</item>
            <item quantity="other">%d pliku</item>
        </plurals>
    </resources>
    """

  @Test("qualifiers as BCP 47 tags; folders that are not only a locale are none")
  func qualifiers() {
    let cases: [(String, String?)] = [
      ("de", "de"), ("pt-rBR", "pt-BR"), ("zh-rTW", "zh-Hant-TW"), ("zh-rCN", "zh-Hans-CN"),
      ("iw", "he"), ("in", "id"), ("b+sr+Latn", "sr-Latn"), ("b+es+419", "es-419"),
      ("en-rXA", "en-XA"), ("ar-rXB", "ar-XB"), ("night", nil), ("de-v21", nil),
      ("sw600dp", nil), ("land", nil), ("b+", nil),
    ]
    for (qualifiers, tag) in cases {
      #expect(AndroidResources.languageTag(qualifiers: qualifiers) == tag, "\(qualifiers)")
    }
  }

  @Test("strings, plurals, escapes, quotes, CDATA, inline markup and translatable=false")
  func reads() throws {
    let res = try Paths.temporaryFolder(with: [
      "values/strings.xml": Self.defaults,
      "values-pl/strings.xml": Self.polish,
      "values-pt-rBR/strings.xml":
        "<resources><string name=\"greeting\">Olá, %1$s!</string></resources>",
      "values-night/colors.xml":
        "<resources><string name=\"greeting\">ignored</string></resources>",
      "values/donottranslate.xml":
        "<resources><string name=\"channel_id\">newsChannel</string><string name=\"alias\">@string/greeting</string></resources>",
    ])
    defer { try? FileManager.default.removeItem(at: res) }
    let catalog = try AndroidResources.read(folder: res.path)
    #expect(catalog.locales == ["en", "pl", "pt-BR"])
    #expect(
      catalog.keys == [
        "channel_id", "alias", "app_name", "greeting", "quote", "spaced", "kept", "cdata", "at",
        "files",
      ])
    // donottranslate*.xml holds keys never translated; @string/ references are followed.
    #expect(catalog.text("channel_id", locale: "en")?.translatable == false)
    #expect(catalog.text("alias", locale: "en")?.value == "Hello, %1$s!")
    func text(_ key: String, _ locale: String = "en") -> String? {
      catalog.text(key, locale: locale)?.value
    }
    #expect(text("greeting") == "Hello, %1$s!")
    #expect(text("quote") == "Don't say \"never\"\nagain")
    #expect(text("spaced") == "many spaces here")
    #expect(text("kept") == "  kept   as is  ")
    #expect(text("cdata") == "<b>bold</b> & more")
    #expect(text("at") == "@home été")
    #expect(text("greeting", "pt-BR") == "Olá, %1$s!")
    #expect(catalog.text("app_name", locale: "en")?.translatable == false)
    #expect(catalog.text("app_name", locale: "pl") == nil)
    let files = try #require(catalog.text("files", locale: "pl"))
    let rules = try #require(PluralRules(locale: "pl"))
    #expect(files.resolved(count: 2, rules: rules) == "%d pliki")
    #expect(files.resolved(count: 5, rules: rules) == "%d plików")
  }

  @Test("escapes as Android reads them: surrogate pairs joined, quotes, \\@ and \\?")
  func escapes() {
    #expect(AndroidResources.unescape(#"\uD83E\uDDD8 calm"#) == "🧘 calm")
    #expect(AndroidResources.unescape(#"\u00E9t\u00E9"#) == "été")
    #expect(AndroidResources.unescape(#"lone \uD83E here"#) == "lone \u{FFFD} here")
    #expect(AndroidResources.unescape(#"\uZZZZ"#) == "uZZZZ")
    #expect(AndroidResources.unescape(#"a\nb\tc \'d\' \"e\" \@f \?g"#) == "a\nb\tc 'd' \"e\" @f ?g")
    #expect(AndroidResources.unescape(#""  quoted  ""#) == "  quoted  ")
  }

  @Test("an @string/ reference that leads nowhere is a bad-reference verdict, never drawn as ok")
  func badReferences() throws {
    let res = try Paths.temporaryFolder(with: [
      "values/strings.xml": """
      <resources>
        <string name="ok">Fine</string>
        <string name="alias">@string/ok</string>
        <string name="missing">@string/nowhere</string>
        <string name="loop_a">@string/loop_b</string>
        <string name="loop_b">@string/loop_a</string>
        <string name="to_plural">@string/files</string>
        <plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
        <string name="d0">@string/d1</string><string name="d1">@string/d2</string>
        <string name="d2">@string/d3</string><string name="d3">@string/d4</string>
        <string name="d4">@string/d5</string><string name="d5">@string/d6</string>
        <string name="d6">@string/d7</string><string name="d7">@string/d8</string>
        <string name="d8">@string/d9</string><string name="d9">End</string>
      </resources>
      """
    ])
    defer { try? FileManager.default.removeItem(at: res) }
    let catalog = try AndroidResources.read(folder: res.path)
    let rules = try #require(PluralRules(locale: "en"))
    func verdict(_ key: String) -> String {
      switch catalog.translation(
        of: key, locale: "en", count: nil, rules: rules, sourceRules: rules)?
        .problem
      {
      case .badReference(let why)?: "bad-reference: \(why)"
      case nil: "ok"
      default: "other"
      }
    }
    #expect(verdict("alias") == "ok")
    #expect(
      verdict("missing").hasPrefix(
        "bad-reference: @string/nowhere refers to @string/nowhere, which is no string"))
    #expect(verdict("loop_a").contains("cycle"), "\(verdict("loop_a"))")
    #expect(verdict("to_plural").contains("a plural"), "\(verdict("to_plural"))")
    #expect(verdict("d0").contains("more than 8 references deep"), "\(verdict("d0"))")
    #expect(verdict("d2") == "ok")
  }

  @Test("a values folder or a resource file that links outside the res folder is refused")
  func linksOutside() throws {
    let folder = try Paths.temporaryFolder(with: [
      "res/values/strings.xml": "<resources><string name=\"a\">A</string></resources>",
      "secret/strings.xml": "<resources><string name=\"a\">Secret</string></resources>",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let res = folder.appendingPathComponent("res")
    // A values-de folder that is a link to a folder outside.
    try FileManager.default.createSymbolicLink(
      at: res.appendingPathComponent("values-de"),
      withDestinationURL: folder.appendingPathComponent("secret"))
    #expect {
      try AndroidResources.read(folder: res.path)
    } throws: { error in
      "\(error)".contains("values-de: leads outside the catalog's folder")
    }
    try FileManager.default.removeItem(at: res.appendingPathComponent("values-de"))
    // A strings.xml that is a link to a file outside.
    try FileManager.default.createDirectory(
      at: res.appendingPathComponent("values-fr"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: res.appendingPathComponent("values-fr/strings.xml"),
      withDestinationURL: folder.appendingPathComponent("secret/strings.xml"))
    #expect {
      try AndroidResources.read(folder: res.path)
    } throws: { error in
      "\(error)".contains("strings.xml: leads outside the catalog's folder")
    }
    // A link that stays inside is read.
    try FileManager.default.removeItem(at: res.appendingPathComponent("values-fr/strings.xml"))
    try FileManager.default.createSymbolicLink(
      at: res.appendingPathComponent("values-fr/strings.xml"),
      withDestinationURL: res.appendingPathComponent("values/strings.xml"))
    #expect(try AndroidResources.read(folder: res.path).text("a", locale: "fr")?.value == "A")
  }

  @Test("a malformed resource names the file, the line and the column")
  func errors() throws {
    func message(_ text: String) -> String {
      do {
        _ = try AndroidResources.parse(Array(text.utf8), file: "res/values/strings.xml")
        return "no error"
      } catch {
        return String(describing: error)
      }
    }
    let broken = message("<resources>\n  <string name=\"a\">x</strin>\n</resources>")
    #expect(broken == "res/values/strings.xml:2:21: </strin> where </string> was expected")
    #expect(
      message("<resources>\n<!DOCTYPE x [<!ENTITY a \"b\">]>").contains(":2:1: a document type"))
    #expect(
      message("<resources><string name=\"a\">&bogus;</string></resources>").contains(
        "unknown entity &bogus;"))
    #expect(
      message("<resources><string name=\"a\">x</string>").contains("<resources> is never closed"))
    #expect(
      message("<resources><string name=\"a\" name=\"b\">x</string></resources>").contains(
        "the attribute name twice"))
    #expect(
      message(
        "<resources>\n<plurals name=\"p\">\n<item quantity=\"several\">x</item></plurals></resources>"
      )
      .contains("plurals[name=p]: <item> of <plurals> needs quantity"))
    #expect(message("<resources><string>x</string></resources>").contains("<string> has no name"))
    #expect(
      message("<resources><plurals name=\"p\"></plurals></resources>").contains("has no <item>"))
    for reference in ["&#0;", "&#2147483648;", "&#1e300;", "&#x110000;", "&#-1;"] {
      #expect(
        message("<resources><string name=\"a\">\(reference)</string></resources>")
          .contains("entity"), "\(reference)")
    }
    let deep =
      "<resources>" + String(repeating: "<b>", count: 40) + String(repeating: "</b>", count: 40)
      + "</resources>"
    #expect(message(deep).contains("nested more than 32 levels"))
  }

  @Test("a res folder that is not one is an error naming it")
  func folders() throws {
    #expect(throws: CatalogError.self) { try AndroidResources.read(folder: "/nonexistent/res") }
  }

  @Test("mutated resources are read or refused, never a crash")
  func fuzz() {
    var random = FuzzGenerator.seeded()
    let original = Array(Self.defaults.utf8)
    var refused = 0
    for _ in 0..<2_000 {
      let bytes = Mutation.mutated(original, &random)
      do { _ = try AndroidResources.parse(bytes, file: "fuzz.xml") } catch { refused += 1 }
    }
    #expect(refused > 0)
  }
}
