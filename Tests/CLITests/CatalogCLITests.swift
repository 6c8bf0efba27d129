import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@Suite("listrender catalog", .tags(.cli))
struct CatalogCLITests {
  /// A catalog in English, German, Polish and Arabic: a long German title, Polish plurals, a
  /// key German lacks, a translation with the wrong placeholder, one not yet reviewed.
  static let xcstrings = SampleCatalogs.xcstrings

  struct Entry: Decodable {
    var key: String
    var locale: String
    var form: String?
    var text: String
    var lines: Int
    var verdict: String
  }

  func entries(_ url: URL) throws -> [Entry] {
    struct File: Decodable { var keys: [Entry] }
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).keys
  }

  @Test("every key in every locale and form, with its verdict; a list a locale and the grid")
  func verdicts() throws {
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": Self.xcstrings])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      [
        "catalog", "Localizable.xcstrings", "--max-lines", "1", "--width", "200", "-o", "out",
        "--json", "verdicts.json",
      ], in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("out").path
    ).sorted()
    #expect(names == ["ar.png", "de.png", "en.png", "index.html", "pl.png"])
    let all = try entries(folder.appendingPathComponent("verdicts.json"))
    func verdict(_ key: String, _ locale: String, _ form: String? = nil) -> String? {
      all.first { $0.key == key && $0.locale == locale && $0.form == form }?.verdict
    }
    #expect(verdict("roaming", "en") == "ok")
    #expect(verdict("roaming", "de") == "truncated")
    #expect(verdict("greeting", "de") == "missing")
    #expect(verdict("greeting", "pl") == "bad-format")
    #expect(verdict("greeting", "ar") == "untranslated")
    // Polish plural rows: few for 2, many for 5, each with its number written in.
    let polish = all.filter { $0.key == "files" && $0.locale == "pl" }
    #expect(polish.map(\.form) == ["one", "few", "many", "other"])
    #expect(polish.first { $0.form == "few" }?.text == "2 pliki")
    #expect(polish.first { $0.form == "many" }?.text == "5 plików")
    #expect(all.filter { $0.key == "files" && $0.locale == "ar" }.count == 6)
    // The grid names every key and locale.
    let grid = try String(
      contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
    for word in ["roaming", "files · few", "greeting", ">ar<", ">pl<", "bad-format"] {
      #expect(grid.contains(word), "\(word)")
    }
    // Rows in the catalog's key order, each key's forms in CLDR's; Arabic cells right to left.
    let rows = [
      "files · zero", "files · one", "files · few", "files · other", "greeting", "roaming",
    ]
    let places = rows.compactMap { grid.range(of: "<th>\($0)</th>")?.lowerBound }
    #expect(places.count == rows.count && places == places.sorted(), "\(places)")
    #expect(grid.contains("lang=\"ar\" dir=\"rtl\""))
    #expect(grid.contains("lang=\"de\" dir=\"ltr\""))
  }

  @Test("a per-locale summary table, --problems-only, --keys, and keys only in translations")
  func translatorViews() throws {
    let folder = try Paths.temporaryFolder(with: [
      "Localizable.xcstrings": Self.xcstrings,
      // An Android key only a translation has: no default text, so no row.
      "res/values/strings.xml": "<resources><string name=\"hello\">Hello</string></resources>",
      "res/values-de/strings.xml":
        "<resources><string name=\"hello\">Hallo</string><string name=\"orphan\">Nur hier</string></resources>",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try runListRender(
      ["catalog", "Localizable.xcstrings", "-o", "all", "--json", "all.json", "--scale", "1"],
      in: folder)
    #expect(all.status == 1, "\(all.stderr)")
    // The table: a row a locale, a column a verdict that occurs, counts that add up.
    let lines = all.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("locale  ok") == true, "\(all.stderr)")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("all.json"))) as? [String: Any]
    let summary = json?["summary"] as? [String: [String: Int]] ?? [:]
    let keys = json?["keys"] as? [[String: Any]] ?? []
    #expect(summary.values.reduce(0) { $0 + $1.values.reduce(0, +) } == keys.count)
    #expect(summary["pl"]?["bad-format"] == 1, "\(summary)")
    // Each row's page file (there) and its top on it, rows of a locale going down the page.
    var lastTop: [String: Double] = [:]
    for entry in keys {
      let page = try #require(entry["page"] as? String, "\(entry)")
      let top = try #require(entry["y"] as? Double, "\(entry)")
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("all/\(page)").path))
      #expect(top >= 0 && top >= lastTop[page, default: -1], "\(entry)")
      lastTop[page] = top
    }
    #expect(lastTop.count == 4)
    #expect(summary["ar"]?["untranslated"] == 1, "\(summary)")
    #expect(all.stderr.contains("3 keys in 4 locales"), "\(all.stderr)")
    // The count of keys is the keys drawn; one only a translation has is said, not counted.
    let android = try runListRender(
      ["catalog", "res", "-o", "android", "--json", "android.json", "--scale", "1"], in: folder)
    #expect(android.status == 0, "\(android.stderr)")
    #expect(android.stderr.contains("1 key in 2 locales"), "\(android.stderr)")
    #expect(
      android.stderr.contains("1 key only in translations (no source text, not drawn): orphan"),
      "\(android.stderr)")
    let androidJSON =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("android.json"))) as? [String: Any]
    #expect(androidJSON?["keysOnlyInTranslations"] as? [String] == ["orphan"])
    // --problems-only: only rows with a verdict, only locales that have one; --keys a glob.
    let problems = try runListRender(
      [
        "catalog", "Localizable.xcstrings", "-o", "problems", "--problems-only", "--keys", "gr*",
        "--scale", "1",
      ], in: folder)
    #expect(problems.status == 1, "\(problems.stderr)")
    let pages = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("problems").path
    ).sorted()
    // greeting: missing in de, bad-format in pl, untranslated in ar; en is ok.
    #expect(pages == ["ar.png", "de.png", "index.html", "pl.png"], "\(pages)")
    #expect(problems.stderr.contains("1 key in 4 locales"), "\(problems.stderr)")
  }

  @Test("a text no list can draw is a refused row and the run goes on; keys × locales bounded")
  func refusedRowsAndBounds() throws {
    let long = String(repeating: "a", count: 3_000)
    let catalog = """
      {"sourceLanguage": "en", "strings": {
        "ok": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Fine"}},
          "de": {"stringUnit": {"state": "translated", "value": "Gut"}}}},
        "long": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\(long)"}},
          "de": {"stringUnit": {"state": "translated", "value": "Kurz"}}}}}}
      """
    // 401 keys in 500 locales: 200,500 rows, over the bound.
    var locales: [String] = []
    for first in "abcdefghijklmnopqrstuvwxyz" {
      for second in "abcdefghijklmnopqrstuvwxyz" where locales.count < 500 {
        for third in "abcdefghijklmnopqrstuvwxyz" where locales.count < 500 {
          locales.append("\(first)\(second)\(third)")
        }
      }
    }
    let localizations = locales.map {
      "\"\($0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"x\"}}"
    }.joined(separator: ",")
    let keys = (0..<401).map { "\"k\($0)\": {\"localizations\": {\(localizations)}}" }
    let huge = "{\"sourceLanguage\": \"aaa\", \"strings\": {\(keys.joined(separator: ","))}}"
    let folder = try Paths.temporaryFolder(with: [
      "refuse.xcstrings": catalog, "huge.xcstrings": huge,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runListRender(
      ["catalog", "refuse.xcstrings", "-o", "out", "--json", "v.json", "--scale", "1"], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("2 keys in 2 locales: 3 ok, 1 refused"), "\(run.stderr)")
    let json = try String(contentsOf: folder.appendingPathComponent("v.json"), encoding: .utf8)
    #expect(json.contains("has a word of 3000 characters"), "\(json.prefix(500))")
    let bounded = try runListRender(["catalog", "huge.xcstrings", "-o", "big"], in: folder)
    #expect(bounded.status == 2, "\(bounded.stderr)")
    #expect(
      bounded.stderr.contains("401 keys × 500 locales is more than 200,000"), "\(bounded.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("big").path))
  }

  @Test("--screenshots: one image a key and locale, named safely, each its key's rows")
  func screenshots() throws {
    let odd = Self.xcstrings.replacingOccurrences(
      of: "\"roaming\" : {", with: "\"Roaming / Ω \" : {")
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": odd])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runListRender(
      [
        "catalog", "Localizable.xcstrings", "--locales", "en,pl", "-o", "out", "--screenshots",
        "shots", "--scale", "1",
      ], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let shots = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("shots").path
    ).sorted()
    #expect(
      shots == [
        "Roaming_____@en.png", "Roaming_____@pl.png", "files@en.png", "files@pl.png",
        "greeting@en.png", "greeting@pl.png",
      ], "\(shots)")
    // Polish files: its four forms, one image; English: two.
    let polish = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("shots/files@pl.png"))))
    let english = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("shots/files@en.png"))))
    #expect(polish.height == english.height * 2, "\(polish.height) \(english.height)")
  }

  @Test("a row carries every verdict that applies: unfinished and cut short counts as both")
  func everyVerdict() throws {
    let catalog = """
      {"sourceLanguage": "en", "strings": {"long": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Short"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "Ein sehr langer deutscher Text, der in einer schmalen Zeile niemals Platz findet und abgeschnitten wird"}}}}}}
      """
    let folder = try Paths.temporaryFolder(with: ["c.xcstrings": catalog])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runListRender(
      [
        "catalog", "c.xcstrings", "--locales", "de", "--max-lines", "1", "-o", "out", "--json",
        "v.json", "--scale", "1",
      ], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("v.json"))) as? [String: Any]
    let entry = try #require((json?["keys"] as? [[String: Any]])?.first)
    #expect(entry["verdict"] as? String == "untranslated", "\(entry)")
    #expect(entry["verdicts"] as? [String] == ["untranslated", "truncated"], "\(entry)")
    #expect((entry["detail"] as? String)?.contains("state needs_review; cut to 1 of") == true)
    let summary = json?["summary"] as? [String: [String: Int]]
    #expect(
      summary?["de"] == ["untranslated": 1, "truncated": 1], "\(String(describing: summary))")
  }

  @Test("--changed-since: only the keys a translation pull request changes")
  func changedSince() throws {
    // The earlier catalog: no greeting, and roaming's Polish text another.
    let earlier = Self.xcstrings.replacingOccurrences(of: "Roaming danych", with: "Roaming")
      .replacingOccurrences(
        of: #""greeting" : { "localizations" : {"#, with: #""old" : { "localizations" : {"#)
    #expect(earlier != Self.xcstrings)
    let folder = try Paths.temporaryFolder(with: [
      "Localizable.xcstrings": Self.xcstrings, "old.xcstrings": earlier,
      "notes.txt": "not a catalog",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runListRender(
      [
        "catalog", "Localizable.xcstrings", "--changed-since", "old.xcstrings", "-o", "out",
        "--json", "v.json", "--scale", "1",
      ], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("v.json"))) as? [String: Any]
    let keys = Set((json?["keys"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String })
    // roaming (its Polish changed) and greeting (new); files did not change.
    #expect(keys == ["roaming", "greeting"], "\(keys)")
    let bad = try runListRender(
      ["catalog", "Localizable.xcstrings", "--changed-since", "notes.txt", "-o", "out2"],
      in: folder)
    #expect(bad.status == 2 && bad.stderr.contains("--changed-since: "), "\(bad.stderr)")
  }

  @Test("catalog -o refuses -, a link and a planted FIFO, and removes the pages of a longer run")
  func outputFolder() throws {
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": Self.xcstrings])
    defer { try? FileManager.default.removeItem(at: folder) }
    func catalog(_ locales: String, _ output: String) throws -> ProcessResult {
      try runListRender(
        ["catalog", "Localizable.xcstrings", "--locales", locales, "-o", output, "--scale", "1"],
        in: folder)
    }
    let dash = try catalog("de", "-")
    #expect(dash.status == 2 && dash.stderr.contains("-o -: the catalog writes a folder"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    // A link as the folder, and a link and a FIFO planted where a page goes.
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("linked"), withDestinationURL: elsewhere)
    let linked = try catalog("de", "linked")
    #expect(linked.status == 2 && linked.stderr.contains("linked: a link"), "\(linked.stderr)")
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: out.appendingPathComponent("de.png"),
      withDestinationURL: elsewhere.appendingPathComponent("planted.png"))
    let planted = try catalog("de", "out")
    #expect(planted.status == 2 && planted.stderr.contains("de.png is a link"), "\(planted.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    try FileManager.default.removeItem(at: out.appendingPathComponent("de.png"))
    #expect(mkfifo(out.appendingPathComponent("de.png").path, 0o644) == 0)
    let fifo = try catalog("de", "out")
    #expect(fifo.status == 2 && fifo.stderr.contains("de.png is a FIFO"), "\(fifo.stderr)")
    try FileManager.default.removeItem(at: out.appendingPathComponent("de.png"))
    // A run of de and ar, then of de alone: ar.png goes, a file of the user's stays.
    #expect(try catalog("de,ar", "out").status != 2)
    try "mine".write(to: out.appendingPathComponent("notes.png"), atomically: true, encoding: .utf8)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("ar.png").path))
    #expect(try catalog("de", "out").status != 2)
    let left = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(left == ["de.png", "index.html", "notes.png"], "\(left)")
  }

  @Test("Arabic is laid out right to left: the title ends at the row's right margin")
  func rightToLeft() throws {
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": Self.xcstrings])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      ["catalog", "Localizable.xcstrings", "--locales", "ar", "-o", "out", "--scale", "1"],
      in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    let image = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("out/ar.png"))))
    // The first row's title line: dark pixels in the right half, none in the left third.
    var left = 0
    var right = 0
    for y in 0..<48 {
      for x in 0..<image.width {
        let offset = (y * image.width + x) * 4
        guard image.pixels[offset] < 120 else { continue }
        if x < image.width / 3 { left += 1 } else if x > image.width / 2 { right += 1 }
      }
    }
    #expect(right > 20 && left == 0, "left \(left), right \(right)")
  }

  @Test("--locales pseudo: en-XA accented and longer, ar-XB right to left, every verdict ok")
  func pseudolocales() throws {
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": Self.xcstrings])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      ["catalog", "Localizable.xcstrings", "--locales", "pseudo", "-o", "out", "--json", "v.json"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let all = try entries(folder.appendingPathComponent("v.json"))
    #expect(Set(all.map(\.locale)) == ["en-XA", "ar-XB"])
    #expect(all.allSatisfy { $0.verdict == "ok" })
    #expect(
      all.first { $0.key == "roaming" && $0.locale == "en-XA" }?.text
        == "[Ðåţå ŕöåɱîñĝ one two]")
  }

  @Test("bad input exits 2 and writes nothing")
  func badInput() throws {
    let folder = try Paths.temporaryFolder(with: [
      "broken.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": 3}}",
      "Localizable.xcstrings": Self.xcstrings,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = try runListRender(["catalog", "broken.xcstrings", "-o", "out"], in: folder)
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("broken.xcstrings: strings[\"k\"]: expected an object"))
    let tag = try runListRender(
      ["catalog", "Localizable.xcstrings", "--locales", "de,not a tag", "-o", "out"], in: folder)
    #expect(tag.status == 2)
    #expect(tag.stderr.contains("'not a tag' is not a BCP 47 language tag"))
    let role = try runListRender(
      ["catalog", "Localizable.xcstrings", "--as", "headline", "-o", "out"], in: folder)
    #expect(role.status == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }
}
