import Foundation
import ListRender
import RenderTestSupport
import StringCatalogs
import TestLevels
import Testing

/// Real apps' catalogs, which this repository does not hold (their licences are the apps'):
/// run with `LISTRENDER_REAL_XCSTRINGS=path/Localizable.xcstrings` and/or
/// `LISTRENDER_REAL_RES=path/app/src/main/res` set (the Continuous Integration article says
/// which public apps were used). Without them these tests are skipped, never passed.
@Suite("Real apps' catalogs", .tags(.cli))
struct RealCatalogTests {
  static let xcstrings = ProcessInfo.processInfo.environment["LISTRENDER_REAL_XCSTRINGS"]
  static let res = ProcessInfo.processInfo.environment["LISTRENDER_REAL_RES"]

  struct Entry: Decodable {
    var key: String
    var locale: String
    var form: String?
    var number: Double?
    var verdict: String
    var verdicts: [String]?
  }

  struct File: Decodable {
    var keys: [Entry]
    var summary: [String: [String: Int]]
  }

  func entries(_ url: URL) throws -> [Entry] {
    try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).keys
  }

  /// Runs `catalog` on `path` and checks what holds for any real catalog: it is read (exit 0
  /// or 1, never 2), every locale asked for has its list and every key its entries, no
  /// character lacks a font, and right-to-left locales are drawn right to left.
  func check(_ path: String, locales: String, rightToLeft: [String]) throws -> [Entry] {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      [
        "catalog", path, "--locales", locales, "--scale", "1", "-o", "out", "--json",
        "verdicts.json",
      ], in: folder)
    #expect([0, 1].contains(result.status), "\(result.stderr)")
    let file = try JSONDecoder().decode(
      File.self, from: Data(contentsOf: folder.appendingPathComponent("verdicts.json")))
    let all = file.keys
    let byLocale = Dictionary(grouping: all, by: \.locale)
    // The per-locale summary: every locale drawn, each row counted under each of its verdicts.
    #expect(Set(file.summary.keys) == Set(byLocale.keys))
    for (locale, list) in byLocale {
      let counted = list.reduce(0) { $0 + max(1, $1.verdicts?.count ?? 0) }
      #expect(file.summary[locale]?.values.reduce(0, +) == counted, "\(locale)")
    }
    // No plural row is drawn with a number of another category (a pseudolocale counts in the
    // source language's rules, which the catalog command uses for it).
    var wrongNumbers: [String] = []
    for entry in all {
      guard let form = entry.form, let number = entry.number,
        Pseudolocale(tag: entry.locale) == nil,
        let rules = PluralRules(locale: entry.locale) ?? PluralRules(locale: "en")
      else { continue }
      if rules.category(for: number).rawValue != form {
        wrongNumbers.append("\(entry.key) \(entry.locale) \(form) drawn with \(number)")
      }
    }
    #expect(wrongNumbers.isEmpty, "\(wrongNumbers.prefix(20))")
    let keys = Set(all.map(\.key))
    for (locale, list) in byLocale {
      // Every key has a row in every locale (its own text, or the source's marked missing),
      // but for keys never translated, shown in the source language only.
      #expect(Set(list.map(\.key)).count >= keys.count * 9 / 10, "\(locale)")
      #expect(!list.contains { $0.verdict == "missing-glyph" }, "\(locale)")
    }
    for locale in rightToLeft {
      // One list, or its first page.
      let whole = folder.appendingPathComponent("out/\(locale).png")
      let page =
        FileManager.default.fileExists(atPath: whole.path)
        ? whole : folder.appendingPathComponent("out/\(locale)-0001.png")
      let image = try PNGCodec.decode([UInt8](try Data(contentsOf: page)))
      // The first row's title: ink in the right half, none in the left quarter.
      var left = 0
      var right = 0
      for y in 8..<40 {
        for x in 0..<image.width {
          guard image.pixels[(y * image.width + x) * 4] < 120 else { continue }
          if x < image.width / 4 { left += 1 } else if x > image.width / 2 { right += 1 }
        }
      }
      #expect(right > 20 && left == 0, "\(locale): left \(left), right \(right)")
    }
    return all
  }

  @Test(
    "an app's String Catalog: every key in every locale; German cut more often than English",
    .enabled(if: xcstrings != nil))
  func stringCatalog() throws {
    let path = try #require(Self.xcstrings)
    let all = try check(path, locales: "all", rightToLeft: [])
    #expect(Set(all.map(\.locale)).count >= 15)
    #expect(all.contains { $0.form != nil }, "plural variations")
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try runListRender(
      [
        "catalog", path, "--locales", "en,de,pl", "--max-lines", "1", "--width", "200",
        "--scale", "1", "-o", "out", "--json", "cut.json",
      ], in: folder)
    let cut = try entries(folder.appendingPathComponent("cut.json"))
    func truncated(_ locale: String) -> Int {
      cut.filter { $0.locale == locale && $0.verdict == "truncated" }.count
    }
    #expect(truncated("de") > truncated("en"), "de \(truncated("de")), en \(truncated("en"))")
    // Polish plural rows: each of one, few, many for the keys that vary.
    let polishForms = Set(cut.filter { $0.locale == "pl" }.compactMap(\.form))
    #expect(polishForms.isSuperset(of: ["one", "few", "many"]), "\(polishForms)")
  }

  @Test(
    "an app's Android resources: scripts of every kind, right to left where written so",
    .enabled(if: res != nil))
  func androidResources() throws {
    let path = try #require(Self.res)
    // The scripts wanted, those the app's resources have (a locale it lacks is an error, exit
    // 2: an app's releases add and drop locales).
    let folders = Set(try FileManager.default.contentsOfDirectory(atPath: path))
    let folderOf = ["en": "values", "zh-Hans-CN": "values-zh-rCN", "zh-Hant-TW": "values-zh-rTW"]
    let locales = [
      "en", "ar", "he", "fa", "ur", "pl", "ru", "uk", "ja", "ko", "zh-Hans-CN", "zh-Hant-TW", "hi",
      "bn", "ta", "th", "my", "ka", "am", "el",
    ].filter { folders.contains(folderOf[$0] ?? "values-\($0)") }.joined(separator: ",")
    let all = try check(path, locales: locales, rightToLeft: ["ar", "he", "fa", "ur"])
    #expect(Set(all.map(\.locale)).count == locales.split(separator: ",").count)
    // Arabic has six plural forms, each a row of the keys that vary.
    #expect(Set(all.filter { $0.locale == "ar" }.compactMap(\.form)).count == 6)
  }

  @Test(
    "spec mode on a real catalog: its first keys audited in every locale",
    .enabled(if: xcstrings != nil || res != nil))
  func specMode() throws {
    for path in [Self.xcstrings, Self.res].compactMap(\.self) {
      let folder = try Paths.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let keys = try entries(try catalogJSON(path, in: folder)).filter { $0.form == nil }
        .map(\.key)
      var seen = Set<String>()
      let cells = keys.filter { seen.insert($0).inserted }.prefix(12).map {
        "      - title: { key: \(jsonString($0)), args: [Ana, Bo, Cy, Di, Ed] }"
      }
      let spec =
        "strings: [\(jsonString(path))]\ncanvas: { width: 320, scale: 1 }\nsections:\n  - cells:\n"
        + cells.joined(separator: "\n") + "\n"
      try spec.write(
        to: folder.appendingPathComponent("list.yaml"), atomically: true, encoding: .utf8)
      let result = try runListRender(
        [
          "audit", "list.yaml", "--variants", "locale=all", "--rules", "translation",
          "--allow-path", (path as NSString).deletingLastPathComponent,
        ], in: folder)
      #expect([0, 1].contains(result.status), "\(result.stderr)\n\(spec)")
      #expect(!result.stdout.contains("missing-glyph"), "\(result.stdout)")
    }
  }

  /// The catalog's source-language entries as `--json` writes them.
  private func catalogJSON(_ path: String, in folder: URL) throws -> URL {
    let result = try runListRender(
      [
        "catalog", path, "--locales", "en", "--scale", "1", "-o", "source", "--json",
        "source.json",
      ], in: folder)
    #expect([0, 1].contains(result.status), "\(result.stderr)")
    return folder.appendingPathComponent("source.json")
  }

  private func jsonString(_ text: String) -> String {
    (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }
}
