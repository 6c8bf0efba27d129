import Foundation
import GoldenImage
import GoldenSuite
import GoldenTesting
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Failures explained in the list's terms, measured: fourteen kinds of change, five lists each,
/// each recorded, changed and verified; the explanation's first line must say what changed in
/// the input (in the spec's own terms, or the file), and no line may be wrong.
@Suite("Failure explanations", .tags(.render))
struct ExplanationTests {
  enum Kind: String, CaseIterable {
    case text, wrap, spacing, colour, asset, font
    case appearance, theme, locale, control, inserted, removed, lineSpacing, timing
  }

  /// How many lists each kind is tried on.
  static let lists = 5

  /// The `index`-th list: 3 to 6 rows in one of two themes and three styles; the first row has
  /// an image and a title from the string catalog, the second a subtitle cut to one line, the
  /// third a switch; every text in the spec's brand font.
  static func spec(_ index: Int, change: Kind? = nil) -> String {
    let rows = 3 + index % 4
    let material = index % 2 == 1
    var theme = material ? "material" : "mistica"
    if change == .theme { theme = material ? "mistica" : "mistica, skin: vivo" }
    let style = ["fullWidth", "boxed", "fullWidth"][index % 3]
    let colours = change == .colour ? ", colors: { textPrimary: \"#C2185B\" }" : ""
    let appearance = change == .appearance ? ", appearance: dark" : ""
    let locale = change == .locale ? "pl" : "de"
    var text = """
      fonts: [brand.ttf]
      strings: [app.xcstrings]
      canvas: { width: 320, scale: 1, locale: \(locale)\(appearance), theme: { name: \(theme), font: DejaVu Serif\(colours) } }
      sections:
        - inset: { top: \(change == .spacing ? 12 : 0), leading: 0, bottom: 0, trailing: 0 }
          lineSpacing: \(change == .lineSpacing ? 8 : 0)
          cells:

      """
    for row in 0..<rows {
      if change == .removed, row == 2 { continue }
      if change == .inserted, row == 1 { text += "      - { style: \(style), title: Wallet }\n" }
      let title =
        change == .text && row == textRow(index) ? "Changed \(index)" : "Row \(index)-\(row)"
      var cell = "      - { style: \(style), title: \"\(title)\""
      if row == 0 {
        cell = "      - { style: \(style), title: { key: greeting }, asset: { image: avatar.png }"
      }
      if row == 1 {
        let lines = change == .wrap ? 3 : 1
        cell +=
          ", subtitle: { text: \"A subtitle long enough to wrap over two or three lines of this narrow list\", maxLines: \(lines) }"
      }
      if row == 2 { cell += ", control: { switch: \(change == .control ? "false" : "true") }" }
      text += cell + " }\n"
    }
    if change == .timing || change == nil && index >= 100 {
      text += """
        animation:
          fps: 10
          duration: \(change == .timing ? "0.6" : "0.3")
          events:
            - { at: 0, press: { section: 0, item: 0, x: 40, y: 20 } }

        """
    }
    return text
  }

  /// The row whose title the text change changes (never the first, whose title is a key).
  static func textRow(_ index: Int) -> Int { 1 + index % (2 + index % 4) }

  /// A string catalog with one key, in English, German and Polish.
  static let catalog = """
    {"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {
      "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
      "de": {"stringUnit": {"state": "translated", "value": "Guten Tag"}},
      "pl": {"stringUnit": {"state": "translated", "value": "Dzień dobry"}}}}}}
    """

  /// The first line the change of `kind` to list `index` must give.
  static func first(_ kind: Kind, _ index: Int) -> String {
    let material = index % 2 == 1
    switch kind {
    case .text:
      return
        "sections[0].cells[\(textRow(index))] title: \"Row \(index)-\(textRow(index))\" → \"Changed \(index)\""
    case .wrap: return "sections[0].cells[1].subtitle.maxLines 1 → 3"
    case .spacing: return "sections[0].inset.top 0 → 12"
    case .colour: return "canvas.theme.colors.textPrimary none → #C2185B"
    case .asset: return "file avatar.png changed"
    case .font: return "file brand.ttf changed"
    case .appearance: return "canvas.appearance light → dark"
    case .theme:
      return material ? "canvas.theme.name material → mistica" : "canvas.theme.skin movistar → vivo"
    case .locale: return "canvas.locale de → pl"
    case .control: return "sections[0].cells[2].control.switch true → false"
    case .inserted: return "sections[0].cells[1] inserted (Wallet)"
    case .removed: return "sections[0].cells[2] removed (\"Row \(index)-2\")"
    case .lineSpacing: return "sections[0].lineSpacing 0 → 8"
    case .timing: return "animation.duration 0.3 → 0.6"
    }
  }

  /// Why `line`, a line of the explanation of a change of `kind` to list `index`, is wrong, or
  /// nil when it is right: a guess at a cause the input already says, the environment on one
  /// machine, a paint said to change where no paint can, a row said to come, go or change its
  /// text where none did, or a line about a row the change cannot reach.
  static func wrong(_ line: String, _ kind: Kind, _ index: Int) -> String? {
    if line.contains("token changed") || line.contains("changed above or around") {
      return "a guess where the input says the cause"
    }
    if line.hasPrefix("environment:") || line.hasPrefix("no text, size") {
      return "not what changed"
    }
    let paints: Set<Kind> = [.colour, .appearance, .theme, .control]
    let saysPaint =
      line.contains(" colour ") || line.contains(" paint ")
      || line.range(of: #"#[0-9A-F]{6}"#, options: .regularExpression) != nil
    if !paints.contains(kind), saysPaint {
      return "a paint that did not change"
    }
    let structural: Set<Kind> = [.inserted, .removed]
    if !structural.contains(kind), line.contains(" inserted (") || line.contains(" removed (") {
      return "a row that neither came nor went"
    }
    // Another theme draws other elements (Material's shadows); nothing else adds or removes one.
    if !structural.contains(kind), kind != .theme,
      line.hasSuffix(" added") || line.hasSuffix(" removed")
    {
      return "an element that neither came nor went"
    }
    let retext: Set<Kind> = [.text, .locale, .theme]
    if !retext.contains(kind), line.contains("\" → \"") { return "a text that did not change" }
    // Lines about one row, for changes to one row: that row, or rows below it moving.
    let target: Int? =
      switch kind {
      case .text: textRow(index)
      case .wrap: 1
      case .control: 2
      default: nil
      }
    if let target, let range = line.range(of: #"cells\[(\d+)\]"#, options: .regularExpression) {
      let row = Int(line[range].dropFirst(6).dropLast()) ?? -1
      if row != target, !(row > target && line.contains("moved")) {
        return "a row the change does not reach"
      }
    }
    return nil
  }

  @Test(
    "fourteen kinds of change × five lists: the first line says the input's change, no line is wrong"
  )
  func accuracy() throws {
    let brand = Paths.fixtures.appendingPathComponent("text/brand")
    var right = 0
    var failures: [String] = []
    var wrongLines: [String] = []
    var linesSeen = 0
    for kind in Kind.allCases {
      for index in 0..<Self.lists {
        let folder = try Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = folder.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        func put(_ source: URL, as name: String) throws {
          let target = fixtures.appendingPathComponent(name)
          try? FileManager.default.removeItem(at: target)
          try FileManager.default.copyItem(at: source, to: target)
        }
        try put(Paths.fixtures.appendingPathComponent("assets/avatar.png"), as: "avatar.png")
        try put(brand.appendingPathComponent("DejaVuSerif.ttf"), as: "brand.ttf")
        try Self.catalog.write(
          to: fixtures.appendingPathComponent("app.xcstrings"), atomically: true, encoding: .utf8)
        let spec = fixtures.appendingPathComponent("list.yaml")
        let base = kind == .timing ? index + 100 : index
        try Self.spec(base).write(to: spec, atomically: true, encoding: .utf8)
        var configuration = SuiteConfiguration(
          fixtures: fixtures.path, golden: folder.appendingPathComponent("golden").path,
          jobs: 1, report: folder.appendingPathComponent("report").path,
          artifacts: folder.appendingPathComponent("artifacts").path, mode: .missing)
        _ = try GoldenSuite(configuration).run()
        // The change.
        switch kind {
        case .asset:
          try put(Paths.fixtures.appendingPathComponent("assets/landscape.png"), as: "avatar.png")
        case .font:
          try put(brand.appendingPathComponent("DejaVuSerif-Bold.ttf"), as: "brand.ttf")
        default:
          try Self.spec(base, change: kind).write(to: spec, atomically: true, encoding: .utf8)
        }
        configuration.mode = .never
        let run = try GoldenSuite(configuration).run()
        let report = try #require(run.results.first?.report)
        let lines = report.explanation
        let expected = Self.first(kind, base)
        // A changed font file is an input: compared exactly, never as another environment.
        let exact = kind != .font || report.otherEnvironment == nil
        if report.outcome == .failed, lines.first == expected, exact {
          right += 1
        } else {
          failures.append(
            "\(kind) #\(index) (\(report.outcome)\(exact ? "" : ", compared tolerantly")): \(lines.first ?? "(none)") — expected \(expected)"
          )
        }
        for line in lines.dropFirst() {
          linesSeen += 1
          if let why = Self.wrong(line, kind, base) {
            wrongLines.append("\(kind) #\(index): \(line) — \(why)")
          }
        }
      }
    }
    let total = Kind.allCases.count * Self.lists
    for failure in failures { print("explanation: first line not right: \(failure)") }
    print(
      "explanation accuracy: \(right) of \(total) first lines right (\(right * 100 / total) %); \(wrongLines.count) wrong of \(linesSeen) further lines"
    )
    #expect(right * 100 >= total * 95, "\(failures.joined(separator: "\n"))")
    #expect(wrongLines.isEmpty, "\(wrongLines.joined(separator: "\n"))")
  }

  @Test("a changed paint names its tokens: once when both sides agree, each side's otherwise")
  func namedPaints() {
    let cases: [(String, String, String?, String, String?)] = [
      // from, to, the golden's named paint (nil: kept none), this run's, what is said
      (
        "#0B2739", "#031A34", "textPrimary #0B2739", "textPrimary #031A34",
        "textPrimary #0B2739 → #031A34"
      ),
      ("#0B2739", "#031A34", nil, "textPrimary #031A34", "#0B2739 → textPrimary #031A34"),
      (
        "#0B2739", "#6B6C6F", "textPrimary #0B2739", "textSecondary #6B6C6F",
        "textPrimary #0B2739 → textSecondary #6B6C6F"
      ),
      (
        "on #0B9CEA", "off #949494", "on controlActivated #0B9CEA", "off control #949494",
        "on controlActivated #0B9CEA → off control #949494"
      ),
      (
        "#FFFFFF stroke #DDDDDD", "#FFFFFF stroke #123456",
        "backgroundContainer #FFFFFF stroke border #DDDDDD",
        "backgroundContainer #FFFFFF stroke border #123456", "stroke border #DDDDDD → #123456"
      ),
      (
        "#6B6C6F chevron_right", "#123456 chevron_right", "textSecondary #6B6C6F chevron_right",
        "textSecondary #123456 chevron_right", "textSecondary #6B6C6F → #123456"
      ),
      (
        "#0B2739 @50%", "#0B2739", "textPrimary #0B2739 @50%", "textPrimary #0B2739",
        "textPrimary #0B2739 @50% → textPrimary #0B2739"
      ),
      ("#0B2739", "#031A34", "#0B2739", "#031A34", nil),
      // A damaged golden's names: said as far as they go, never a crash.
      ("#0B2739", "#031A34", "x y z", "textPrimary #031A34", "#0B2739 → textPrimary #031A34"),
    ]
    var wrong: [String] = []
    for (from, to, namedFrom, namedTo, expected) in cases {
      let said = GoldenExplanation.namedChange(
        from: from, to: to, namedFrom: namedFrom, namedTo: namedTo)
      if said != expected {
        wrong.append("\(from) → \(to): \(said ?? "nil"), not \(expected ?? "nil")")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test("a golden record of 5,000 rows a side is explained in bounded time and lines")
  func hugeRecord() throws {
    func record(_ prefix: String) -> String {
      let rows = (0..<5_000).map {
        "{\"identity\": \"\(prefix)\($0)\", \"fields\": {\"title\": \"\(prefix)\($0)\"}}"
      }
      return """
        {"layout": {"width": 10, "height": 10, "scale": 1, "elements": []}, "files": {},
         "spec": {"fields": {}, "sections": [{"fields": {}, "rows": [\(rows.joined(separator: ","))]}]},
         "paints": {}}
        """
    }
    let old = try #require(GoldenExplanation.Recorded.read(record("a")))
    let new = try #require(GoldenExplanation.Recorded.read(record("b")))
    let clock = ContinuousClock()
    let start = clock.now
    let lines = GoldenExplanation(golden: old, current: new, environment: nil)
      .lines(expected: Bitmap(width: 10, height: 10), actual: Bitmap(width: 10, height: 10))
    #expect(clock.now - start < .seconds(5))
    #expect(lines.count <= 45, "\(lines.count)")
    #expect(lines.contains("… and 4960 more changes in the input"), "\(lines.suffix(3))")
  }

  /// A temporary folder with empty `fixtures` and `golden` folders in it.
  static func suiteFolder() throws -> (folder: URL, fixtures: URL, golden: URL) {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("fixtures")
    let golden = folder.appendingPathComponent("golden")
    for url in [fixtures, golden] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    return (folder, fixtures, golden)
  }

  @Test("text a crafted golden carries is printed escaped: no workflow command, no terminal escape")
  func craftedGoldenText() throws {
    let (folder, fixtures, golden) = try Self.suiteFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Now }] }]\n"
    try yaml.write(
      to: fixtures.appendingPathComponent("case.yaml"), atomically: true, encoding: .utf8)
    // A golden of other pixels whose fingerprint names a library version with a line feed, a
    // workflow command and an escape sequence.
    let renderer = try ListRenderer()
    let other = try ListDocument.decode(yaml: yaml.replacingOccurrences(of: "Now", with: "Then"))
    var fingerprint = try renderer.fingerprint(for: other)
    fingerprint["pango"] = "1.0\n::error file=x.yaml::planted\u{1B}[31m"
    let check = GoldenCheck(fingerprint: fingerprint)
    try Data(try check.goldenBytes(try renderer.render(other))).write(
      to: golden.appendingPathComponent("case.png"))
    let run = try runListRender(
      ["verify", "fixtures", "--golden", "golden"], environment: ["GITHUB_ACTIONS": "true"],
      in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    for (name, text) in [("stderr", run.stderr), ("stdout", run.stdout)] {
      #expect(!text.contains("\u{1B}"), "\(name) holds an escape: \(text)")
      #expect(
        !text.split(separator: "\n").contains { $0.hasPrefix("::error file=x.yaml") },
        "\(name) starts a planted workflow command: \(text)")
    }
    // (The fingerprint is kept a line a key: the planted line reads as a key of its own.)
    #expect(run.stderr.contains("x.yaml::planted\\u{1B}[31m"), "\(run.stderr)")
  }

  @Test("a golden without a layout still verifies, and its failure says it cannot name parts")
  func oldGolden() throws {
    let (folder, fixtures, golden) = try Self.suiteFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml =
      "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Old }, { title: Two }] }]\n"
    try yaml.write(
      to: fixtures.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
    // A golden as earlier versions wrote it: pixels and fingerprint, no layout.
    let renderer = try ListRenderer()
    let bitmap = try renderer.render(try ListDocument.decode(yaml: yaml))
    let check = GoldenCheck(
      fingerprint: try renderer.fingerprint(for: try ListDocument.decode(yaml: yaml)))
    try Data(try check.goldenBytes(bitmap)).write(to: golden.appendingPathComponent("old.png"))
    let configuration = SuiteConfiguration(
      fixtures: fixtures.path, golden: golden.path, report: folder.appendingPathComponent("r").path,
      artifacts: folder.appendingPathComponent("a").path)
    #expect(try GoldenSuite(configuration).run().exitStatus == 0)
    try yaml.replacingOccurrences(of: "Two", with: "Three").write(
      to: fixtures.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
    let failed = try GoldenSuite(configuration).run()
    let first = try #require(failed.results.first?.report.explanation.first)
    #expect(first.hasPrefix("the golden holds no layout"), "\(first)")
    #expect(first.contains("sections[0].cells[1]"), "\(first)")
  }

  @Test("the explanation reaches the terminal message, JSON, JUnit and the report")
  func outputs() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("list.yaml")
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Title }] }]\n".write(
      to: spec, atomically: true, encoding: .utf8)
    var configuration = SuiteConfiguration(
      fixtures: fixtures.path, golden: folder.appendingPathComponent("g").path,
      report: folder.appendingPathComponent("r").path,
      artifacts: folder.appendingPathComponent("a").path,
      outputs: [
        .junit(folder.appendingPathComponent("junit.xml").path),
        .json(folder.appendingPathComponent("run.json").path),
      ], mode: .missing)
    _ = try GoldenSuite(configuration).run()
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Changed Title }] }]\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    configuration.mode = .never
    let run = try GoldenSuite(configuration).run()
    let line = "sections[0].cells[0] title: \"Title\" → \"Changed Title\""
    let report = try #require(run.results.first?.report)
    #expect(report.explanation.first == line)
    #expect(report.message.contains("\n  why: " + line))
    let read = { (name: String) in
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    #expect(try read("junit.xml").contains("why: sections[0].cells[0] title: &quot;Title&quot;"))
    #expect(try read("run.json").contains("\"explanation\""))
    #expect(try read("r/results.json").contains("Changed Title"))
    #expect(try read("r/index.html").contains("<ul class=\"why\"><li>sections[0].cells[0] title"))
  }
}

extension ExplanationTests {
  @Test("a Swift test's golden of a document keeps its layout and explains its failure")
  func swiftHelpers() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = ListDocument(canvas: Canvas(width: 200, scale: 1)) {
      Section { RowCell("Inbox", subtitle: "3 unread") }
    }
    let after = ListDocument(canvas: Canvas(width: 200, scale: 1)) {
      Section { RowCell("Inbox", subtitle: "4 unread") }
    }
    let recorded = try verifyGolden(
      before, named: "inbox", record: .missing, goldenFolder: folder.path,
      artifactsFolder: folder.appendingPathComponent("artifacts").path)
    #expect(recorded.outcome == .recorded)
    let failed = try verifyGolden(
      after, named: "inbox", record: .never, goldenFolder: folder.path,
      artifactsFolder: folder.appendingPathComponent("artifacts").path)
    #expect(failed.outcome == .failed)
    #expect(
      failed.explanation.first == "sections[0].cells[0] subtitle: \"3 unread\" → \"4 unread\"",
      "\(failed.explanation)")
  }
}

extension ExplanationTests {
  @Test("an animation's failure is explained frame range by frame range")
  func animation() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("press.yaml")
    func write(title: String, release: Double) throws {
      try """
      canvas: { width: 200, scale: 1, theme: material }
      sections: [{ cells: [{ style: boxed, title: \(title) }] }]
      animation:
        fps: 20
        duration: 1.0
        events:
          - { at: 0.1, press: { section: 0, item: 0, x: 60, y: 28 } }
          - { at: \(release), release: { section: 0, item: 0 } }
      """.write(to: spec, atomically: true, encoding: .utf8)
    }
    try write(title: "Fibre", release: 0.5)
    var configuration = SuiteConfiguration(
      fixtures: fixtures.path, golden: folder.appendingPathComponent("g").path,
      report: folder.appendingPathComponent("r").path,
      artifacts: folder.appendingPathComponent("a").path, mode: .missing)
    _ = try GoldenSuite(configuration).run()
    configuration.mode = .never
    // The title: every frame, one range.
    try write(title: "Fiber", release: 0.5)
    let retitled = try #require(try GoldenSuite(configuration).run().results.first?.report)
    #expect(
      retitled.explanation.contains(
        "frames 0–19: sections[0].cells[0] title: \"Fibre\" → \"Fiber\""),
      "\(retitled.explanation)")
    // The release later: only the frames after the old release differ, named as such.
    try write(title: "Fibre", release: 0.7)
    let later = try #require(try GoldenSuite(configuration).run().results.first?.report)
    let frames = later.explanation.filter { $0.hasPrefix("frame") }
    #expect(
      !frames.isEmpty && !frames.contains { $0.hasPrefix("frames 0–") }, "\(later.explanation)")
    #expect(frames.allSatisfy { $0.contains("sections[0].cells[0]") }, "\(later.explanation)")
  }
}

extension ExplanationTests {
  /// A golden's layout record as a crafted file could hold it: every number `value`.
  static func hostileRecord(_ value: String) -> String {
    let frame = "{\"x\": \(value), \"y\": -\(value), \"width\": \(value), \"height\": \(value)}"
    let element = { (kind: String) in
      "{\"kind\": \"\(kind)\", \"path\": \"sections[0].cells[0]\", \"frame\": \(frame), \"lines\": 2147483647, \"truncated\": true, \"text\": [{\"text\": \"x\", \"frame\": \(frame)}]}"
    }
    let layout =
      "{\"width\": \(value), \"height\": \(value), \"scale\": \(value), \"elements\": [\(element("cell")), \(element("title")), \(element("subtitle"))]}"
    return "{\"files\": {\"brand.ttf\": \"0\"}, \"layout\": \(layout)}"
  }

  @Test(
    "a golden whose layout record holds 0, 2^31 or 1e300 fails its case with an explanation, never a crash",
    arguments: ["0", "2147483648", "1e300"])
  func hostileLayouts(value: String) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fixtures")
    let golden = folder.appendingPathComponent("golden")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    func write(_ title: String) throws {
      try """
      canvas: { width: 200, scale: 1 }
      sections: [{ cells: [{ title: \(title), subtitle: Two }] }]
      animation:
        fps: 10
        duration: 0.3
        events: [{ at: 0.1, press: { section: 0, item: 0, x: 20, y: 20 } }]
      """.write(
        to: fixtures.appendingPathComponent("case.yaml"), atomically: true, encoding: .utf8)
    }
    try write("One")
    var configuration = SuiteConfiguration(
      fixtures: fixtures.path, golden: golden.path, report: folder.appendingPathComponent("r").path,
      artifacts: folder.appendingPathComponent("a").path, mode: .missing)
    _ = try GoldenSuite(configuration).run()
    // Both goldens rewritten with the crafted record in place of their own.
    let record = PackedText.pack(Self.hostileRecord(value))
    let frames = PackedText.pack(
      "{\"files\": {}, \"frames\": [2147483647, -1, 0], \"layouts\": [\(Self.hostileRecord(value)).layout]}"
        .replacingOccurrences(of: "}.layout]", with: "}]"))
    let still = golden.appendingPathComponent("case.png")
    let stillBytes = [UInt8](try Data(contentsOf: still))
    let fingerprint = PNGText.read(stillBytes)[GoldenCheck.fingerprintKey] ?? ""
    try Data(
      try RasterFormat.png.encode(
        try RasterFormat.decode(stillBytes),
        text: [GoldenCheck.fingerprintKey: fingerprint, GoldenCheck.layoutKey: record])
    ).write(to: still)
    let animation = golden.appendingPathComponent("case.apng.png")
    let sequence = try APNGCodec.decode([UInt8](try Data(contentsOf: animation)))
    try Data(
      try PNGText.insert(
        [GoldenCheck.fingerprintKey: fingerprint, GoldenCheck.framesKey: frames],
        into: try APNGCodec.encode(sequence, alpha: false))
    ).write(to: animation)
    try write("Changed")
    configuration.mode = .never
    let report = try #require(try GoldenSuite(configuration).run().results.first?.report)
    #expect(report.outcome == .failed)
    #expect(!report.explanation.isEmpty, "\(report.message)")
  }
}
