import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Spec mode: labels that name a key of the spec's string catalogs, drawn in `canvas.locale`,
/// `--locale` or each locale of `--variants locale=…`.
@Suite("Spec mode: labels from string catalogs", .tags(.cli))
struct SpecLocaleTests {
  static let files = SampleCatalogs.specWithKeys

  /// The texts of a document's rows, in order.
  func titles(_ document: ListDocument) -> [String] { SampleCatalogs.titles(document) }

  @Test(
    "bad keys, arguments and catalogs are errors at their line",
    arguments: [
      (
        "sections: [{ cells: [{ title: { key: roamin } }] }]",
        "3:38: sections[0].cells[0].title.key: key 'roamin' is in no catalog of strings: (did you mean 'roaming'?)"
      ),
      (
        "sections: [{ cells: [{ title: { key: greeting } }] }]",
        "3:38: sections[0].cells[0].title.key: key 'greeting' has the placeholder %1$@ that nothing fills (give args"
      ),
      (
        "sections: [{ cells: [{ title: { text: Hi, count: 2 } }] }]",
        "sections[0].cells[0].title.count: count goes with key"
      ),
      (
        "sections: [{ cells: [{ title: { text: Hi, key: roaming } }] }]",
        "expected exactly one of: text, key"
      ),
      (
        "sections: [{ cells: [{ title: { key: files, count: 1e12 } }] }]",
        "title.count: 1e12 is out of range"
      ),
    ])
  func errors(body: String, expected: String) throws {
    let folder = try Paths.temporaryFolder(with: [
      "Localizable.xcstrings": CatalogCLITests.xcstrings,
      "list.yaml": "strings: [Localizable.xcstrings]\ncanvas: { scale: 1 }\n" + body + "\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(["render", "list.yaml", "-o", "out.png"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
  }

  @Test("a catalog that cannot be read, or none, is an error naming it")
  func badCatalogs() throws {
    let folder = try Paths.temporaryFolder(with: [
      "broken.xcstrings": "{ \"sourceLanguage\": \"en\", \"strings\": { \"a\": 3 } }",
      "broken.yaml":
        "strings: [broken.xcstrings]\nsections: [{ cells: [{ title: { key: a } }] }]\n",
      "none.yaml": "sections: [{ cells: [{ title: { key: a } }] }]\n",
      "outside.yaml": "strings: [/etc/passwd]\nsections: []\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = try runListRender(["render", "broken.yaml", "-o", "out.png"], in: folder)
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("broken.yaml:1:11: strings[0]:"), "\(broken.stderr)")
    #expect(broken.stderr.contains("broken.xcstrings"), "\(broken.stderr)")
    let none = try runListRender(["render", "none.yaml", "-o", "out.png"], in: folder)
    #expect(none.status == 2)
    #expect(none.stderr.contains("names no string catalog (strings:)"), "\(none.stderr)")
    let outside = try runListRender(["render", "outside.yaml", "-o", "out.png"], in: folder)
    #expect(outside.status == 2)
    #expect(outside.stderr.contains("--allow-path"), "\(outside.stderr)")
  }

  @Test("--locale overrides canvas.locale and says what falls back to the source")
  func localeOption() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let german = try runListRender(
      ["render", "list.yaml", "--locale", "de", "-o", "de.png", "--layout", "de.json"],
      in: folder)
    #expect(german.status == 0, "\(german.stderr)")
    #expect(
      german.stderr.contains(
        "warning: sections[0].cells[0].subtitle: key 'greeting' in de: no text in this locale"),
      "\(german.stderr)")
    let layout = try String(contentsOf: folder.appendingPathComponent("de.json"), encoding: .utf8)
    #expect(layout.contains("5 Dateien"))
    let bad = try runListRender(
      ["render", "list.yaml", "--locale", "x!", "-o", "x.png"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--locale"), "\(bad.stderr)")
  }

  @Test("verify --variants locale=all: a golden a locale, each from the spec's catalog")
  func variantsOverLocales() throws {
    let folder = try Paths.temporaryFolder(with: [
      "fixtures/Localizable.xcstrings": CatalogCLITests.xcstrings,
      "fixtures/list.yaml": Self.files["list.yaml"] ?? "",
      "fixtures/plain.yaml": "canvas: { scale: 1 }\nsections: [{ cells: [{ title: Plain }] }]\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = try runListRender(
      [
        "record", "fixtures", "--golden", "golden", "--variants", "locale=all", "--report",
        "report",
      ], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let goldens = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("golden").path
    ).sorted()
    // Every locale of the catalog for the spec that has one; the plain spec once.
    #expect(
      goldens == ["list@ar.png", "list@de.png", "list@en.png", "list@pl.png", "plain.png"])
    let verify = try runListRender(
      [
        "verify", "fixtures", "--golden", "golden", "--variants", "locale=all", "--cache",
        "cache", "--report", "report",
      ], in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
    // A translation changed in the catalog fails the cached pass of its locale only.
    let catalog = folder.appendingPathComponent("fixtures/Localizable.xcstrings")
    let changed = try String(contentsOf: catalog, encoding: .utf8)
      .replacingOccurrences(of: "%lld pliki", with: "%lld plikii")
    try changed.write(to: catalog, atomically: true, encoding: .utf8)
    let again = try runListRender(
      [
        "verify", "fixtures", "--golden", "golden", "--variants", "locale=all", "--cache",
        "cache", "--report", "report",
      ], in: folder)
    #expect(again.status == 1, "\(again.stderr)")
    #expect(again.stdout.contains("FAIL list@pl") || again.stderr.contains("list@pl"))
    #expect(!again.stdout.contains("FAIL list@de"), "\(again.stdout)")
    // Pseudolocales are an axis of their own; `all` stands alone.
    let pseudo = try runListRender(
      [
        "record", "fixtures", "--golden", "pseudo", "--variants", "locale=pseudo", "--filter",
        "list", "--report", "report",
      ], in: folder)
    #expect(pseudo.status == 0, "\(pseudo.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("pseudo").path
      ).sorted() == ["list@ar-XB.png", "list@en-XA.png"])
    let mixed = try runListRender(
      ["verify", "fixtures", "--golden", "golden", "--variants", "locale=all,de"], in: folder)
    #expect(mixed.status == 2)
    #expect(
      mixed.stderr.contains("locale=all takes only pseudolocales beside it"), "\(mixed.stderr)")
  }

  @Test("audit --variants locale=all reports the catalog's verdicts and cut text per locale")
  func auditOverLocales() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      [
        "audit", "list.yaml", "--variants", "locale=all", "--rules", "translation", "--json",
        "audit.json",
      ], in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    func has(_ locale: String, _ words: String) -> Bool {
      lines.contains { $0.hasPrefix("[locale=\(locale)] translation") && $0.contains(words) }
    }
    #expect(has("de", "'greeting' in de: missing"), "\(lines)")
    #expect(has("pl", "'greeting' in pl: bad-format: lacks %1$@"), "\(lines)")
    #expect(has("ar", "'greeting' in ar: untranslated: state needs_review"), "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("[locale=en]") }, "\(lines)")
  }

  @Test(
    "a locale falls back along the platform's chain and says so; one with nothing near is exit 2")
  func fallbackAndRefusal() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    func render(_ locale: String, _ output: String) throws -> ProcessResult {
      try runListRender(["render", "list.yaml", "--locale", locale, "-o", output], in: folder)
    }
    // de-DE, DE and de_AT draw the catalog's German, with a note; the same bytes as de.
    let german = try render("de", "de.png")
    #expect(german.status == 0, "\(german.stderr)")
    for (index, tag) in ["de-DE", "DE", "de-AT"].enumerated() {
      let run = try render(tag, "fallback\(index).png")
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stderr.contains("note: locale '\(tag)' is drawn in the catalogs' 'de'"), "\(run.stderr)"
      )
      #expect(
        try Data(contentsOf: folder.appendingPathComponent("fallback\(index).png"))
          == Data(contentsOf: folder.appendingPathComponent("de.png")))
    }
    // A locale the catalog has nothing near: exit 2, the catalog's locales named, no image.
    for tag in ["xx", "zh-CN", "th"] {
      let run = try render(tag, "\(tag).png")
      #expect(run.status == 2, "\(tag): \(run.stderr)")
      #expect(
        run.stderr.contains(
          "canvas.locale: no catalog of strings: has the locale '\(tag)' or one it falls back to (they have en, ar, de, pl)"
        ), "\(run.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(tag).png").path))
    }
    // record --variants locale=de-DE,xx: exit 2, no golden written at all.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("fx"), withIntermediateDirectories: true)
    for name in ["list.yaml", "Localizable.xcstrings"] {
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent(name), to: folder.appendingPathComponent("fx/\(name)"))
    }
    // record and verify warn as render does, each warning once a run.
    let warned = try runListRender(
      ["record", "fx", "--golden", "warned", "--variants", "locale=de-DE,de-AT"], in: folder)
    #expect(warned.status == 0, "\(warned.stderr)")
    let warnings = warned.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(
      warnings.filter { $0.contains("key 'greeting' in de: no text in this locale") }.count == 1,
      "\(warned.stderr)")
    #expect(
      warned.stderr.contains("list.yaml: warning: locale 'de-DE' is drawn in the catalogs' 'de'"))
    let record = try runListRender(
      ["record", "fx", "--golden", "gold", "--variants", "locale=de-DE,xx"], in: folder)
    #expect(record.status == 2, "\(record.stdout)\(record.stderr)")
    let written =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("gold").path)) ?? []
    #expect(!written.contains { $0.contains("@xx") }, "\(written)")
    // catalog --locales: DE is the catalog's de; th is refused naming the catalog's locales.
    let catalog = try runListRender(
      ["catalog", "Localizable.xcstrings", "--locales", "DE", "-o", "grid", "--scale", "1"],
      in: folder)
    #expect(catalog.status != 2, "\(catalog.stderr)")
    #expect(
      catalog.stderr.contains("--locales: 'DE' is drawn in the catalog's 'de'"), "\(catalog.stderr)"
    )
    let none = try runListRender(
      ["catalog", "Localizable.xcstrings", "--locales", "th", "-o", "grid2", "--scale", "1"],
      in: folder)
    #expect(none.status == 2)
    #expect(none.stderr.contains("'th' is not in Localizable.xcstrings"), "\(none.stderr)")
  }

  @Test("locale=all,pseudo: the catalogs' locales and both pseudolocales; variant lists bounded")
  func allWithPseudoAndBounds() throws {
    let folder = try Paths.temporaryFolder(with: [
      "fx/Localizable.xcstrings": CatalogCLITests.xcstrings,
      "fx/list.yaml": Self.files["list.yaml"] ?? "",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = try runListRender(
      ["record", "fx", "--golden", "gold", "--variants", "locale=all,pseudo"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let goldens = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("gold").path
    ).sorted()
    #expect(
      goldens == [
        "list@ar-XB.png", "list@ar.png", "list@de.png", "list@en-XA.png", "list@en.png",
        "list@pl.png",
      ], "\(goldens)")
    let mixed = try runListRender(
      ["verify", "fx", "--golden", "gold", "--variants", "locale=all,de"], in: folder)
    #expect(mixed.status == 2 && mixed.stderr.contains("takes only pseudolocales beside it"))
    // 501 values on one axis; 500 × 500 cases: refused before any is made.
    let many = (0..<501).map { "x\($0)" }.joined(separator: ",")
    let tooMany = try runListRender(
      ["verify", "fx", "--golden", "gold", "--variants", "locale=\(many)"], in: folder)
    #expect(tooMany.status == 2 && tooMany.stderr.contains("at most 500"), "\(tooMany.stderr)")
    let widths = (100..<600).map(String.init).joined(separator: ",")
    let scales = (0..<500).map { String(format: "%.3f", 1 + Double($0) / 1000) }.joined(
      separator: ",")
    let product = try runListRender(
      [
        "verify", "fx", "--golden", "gold", "--variants", "width=\(widths)", "--variants",
        "scale=\(scales)",
      ], in: folder)
    #expect(product.status == 2, "\(product.stderr)")
    #expect(product.stderr.contains("more than 200,000 cases"), "\(product.stderr)")
  }

  /// Whether ICU's library can be hidden from a child process (a mount namespace, as root).
  static let canHideICU: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
      return false
    }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = ["-m", "true"]
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  @Test(
    "ICU that cannot be opened is exit 2 naming it, never plurals, numbers or breaks drawn wrong",
    .enabled(if: canHideICU, "needs root and unshare to hide ICU's library from a process"))
  func icuRequired() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: \"ភាសាខ្មែរ\" }] }]\n"
      .write(to: folder.appendingPathComponent("khmer.yaml"), atomically: true, encoding: .utf8)
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Plain }] }]\n"
      .write(to: folder.appendingPathComponent("latin.yaml"), atomically: true, encoding: .utf8)
    let library = try #require(
      try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/x86_64-linux-gnu")
        .first { $0.hasPrefix("libicuuc.so.") && $0.split(separator: ".").count == 3 })
    let commands = [
      "render list.yaml -o plural.png", "render khmer.yaml -o khmer.png",
      "catalog Localizable.xcstrings -o grid", "render latin.yaml -o latin.png",
    ]
    let script =
      "mount --bind /dev/null /usr/lib/x86_64-linux-gnu/\(library) || exit 99\n"
      + commands.map { "\(Paths.binary.path) \($0) 2>>err.txt; echo $? >> status.txt" }
      .joined(separator: "\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-m", "sh", "-c", script]
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let statuses = try String(
      contentsOf: folder.appendingPathComponent("status.txt"), encoding: .utf8
    ).split(separator: "\n")
    #expect(statuses == ["2", "2", "2", "0"], "\(statuses)")
    let errors = try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8)
    #expect(errors.contains("list.yaml: strings: ICU's \(library)"), "\(errors)")
    #expect(errors.contains("khmer.yaml:2:"), "\(errors)")
    #expect(errors.contains("catalog: ICU's \(library)"), "\(errors)")
    for name in ["plural.png", "khmer.png"] {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("latin.png").path))
  }
}

extension SpecLocaleTests {
  @Test("an Android res/ folder is a cache input: a resource file added to it is a miss")
  func resFolderInCache() throws {
    let folder = try Paths.temporaryFolder(with: [
      "fixtures/res/values/strings.xml":
        "<resources><string name=\"title\">Downloads</string></resources>\n",
      "fixtures/res/values-de/strings.xml":
        "<resources><string name=\"title\">Heruntergeladen</string></resources>\n",
      "fixtures/list.yaml":
        "strings: [res]\ncanvas: { scale: 1, locale: de }\nsections: [{ cells: [{ title: { key: title } }] }]\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = [
      "verify", "fixtures", "--golden", "golden", "--cache", "cache", "--report", "report",
    ]
    let record = try runListRender(
      ["record", "fixtures", "--golden", "golden", "--report", "report"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    _ = try runListRender(arguments, in: folder)
    let warm = try runListRender(arguments, in: folder)
    #expect(warm.status == 0 && warm.stdout.contains("1 cached"), "\(warm.stdout)")
    // A second resource file in values-de overrides nothing here, but it could: a miss.
    try "<resources/>\n".write(
      to: folder.appendingPathComponent("fixtures/res/values-de/more.xml"), atomically: true,
      encoding: .utf8)
    let cold = try runListRender(arguments, in: folder)
    #expect(cold.status == 0 && cold.stdout.contains("0 cached"), "\(cold.stdout)")
  }
}

@Test("listrender schema prints the spec's JSON Schema, made from the decoder's tables")
func schemaCommand() throws {
  let result = try runListRender(["schema"])
  #expect(result.status == 0, "\(result.stderr)")
  #expect(result.stdout == SpecSchema.jsonSchema())
  let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
  #expect(parsed?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
}
