import Foundation
import GoldenImage
import GoldenSuite
import GoldenTesting
import ListRender
import RenderTestSupport
import Testing

/// Failures explained in the list's terms, measured: six kinds of change, ten lists each,
/// each recorded, changed and verified; the explanation's first line must name the kind of
/// change and the element it happened to.
@Suite("Failure explanations")
struct ExplanationTests {
  enum Kind: String, CaseIterable {
    case text, wrap, spacing, colour, asset, font
  }

  /// The `index`-th list: 3 to 6 rows in one of two themes and three styles; the first row has
  /// an image, the second a subtitle cut to one line; every text in the spec's brand font.
  static func spec(_ index: Int, change: Kind? = nil) -> String {
    let rows = 3 + index % 4
    let theme = index % 2 == 0 ? "mistica" : "material"
    let style = ["fullWidth", "boxed", "fullWidth"][index % 3]
    let colours = change == .colour ? ", colors: { textPrimary: \"#C2185B\" }" : ""
    var text = """
      fonts: [brand.ttf]
      canvas: { width: 320, scale: 1, theme: { name: \(theme), font: DejaVu Serif\(colours) } }
      sections:
        - inset: { top: \(change == .spacing ? 12 : 0), leading: 0, bottom: 0, trailing: 0 }
          cells:

      """
    for row in 0..<rows {
      let title =
        change == .text && row == index % rows ? "Changed \(index)" : "Row \(index)-\(row)"
      var cell = "      - { style: \(style), title: \"\(title)\""
      if row == 0 { cell += ", asset: { image: avatar.png }" }
      if row == 1 {
        let lines = change == .wrap ? 3 : 1
        cell +=
          ", subtitle: { text: \"A subtitle long enough to wrap over two or three lines of this narrow list\", maxLines: \(lines) }"
      }
      text += cell + " }\n"
    }
    return text
  }

  /// Whether `line` names the change of `kind` made to list `index`.
  static func names(_ line: String, _ kind: Kind, _ index: Int) -> Bool {
    let rows = 3 + index % 4
    switch kind {
    case .text:
      return line.hasPrefix("sections[0].cells[\(index % rows)] title: \"Row \(index)-")
        && line.hasSuffix("→ \"Changed \(index)\"")
    case .wrap: return line.hasPrefix("sections[0].cells[1] subtitle: 1 → ")
    case .spacing: return line.contains("moved 12 pt down") && line.contains("sections[0]")
    case .colour: return line.contains("colour") && line.contains("#C2185B")
    case .asset: return line == "file avatar.png changed"
    case .font: return line == "file brand.ttf changed"
    }
  }

  @Test("six kinds of change × ten lists: the first line names the kind and the element")
  func accuracy() throws {
    let brand = Paths.fixtures.appendingPathComponent("text/brand")
    var right = 0
    var wrong: [String] = []
    for kind in Kind.allCases {
      for index in 0..<10 {
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
        let spec = fixtures.appendingPathComponent("list.yaml")
        try Self.spec(index).write(to: spec, atomically: true, encoding: .utf8)
        var configuration = SuiteConfiguration(
          fixtures: fixtures.path, golden: folder.appendingPathComponent("golden").path,
          jobs: 1, report: folder.appendingPathComponent("report").path,
          artifacts: folder.appendingPathComponent("artifacts").path, mode: .missing)
        _ = try GoldenSuite(configuration).run()
        // The change.
        switch kind {
        case .text, .wrap, .spacing, .colour:
          try Self.spec(index, change: kind).write(to: spec, atomically: true, encoding: .utf8)
        case .asset:
          try put(Paths.fixtures.appendingPathComponent("assets/landscape.png"), as: "avatar.png")
        case .font:
          try put(brand.appendingPathComponent("DejaVuSerif-Bold.ttf"), as: "brand.ttf")
        }
        configuration.mode = .never
        let run = try GoldenSuite(configuration).run()
        let report = try #require(run.results.first?.report)
        let first = report.explanation.first ?? "(none)"
        if report.outcome == .failed, Self.names(first, kind, index) {
          right += 1
        } else {
          wrong.append("\(kind) #\(index) (\(report.outcome)): \(first)")
        }
      }
    }
    let rate = Double(right) / Double(Kind.allCases.count * 10)
    print("explanation accuracy: \(right) of \(Kind.allCases.count * 10) (\(Int(rate * 100)) %)")
    #expect(rate >= 0.95, "\(wrong.joined(separator: "\n"))")
  }

  @Test("a golden without a layout still verifies, and its failure says it cannot name parts")
  func oldGolden() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fixtures")
    let golden = folder.appendingPathComponent("golden")
    for url in [fixtures, golden] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
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
      junit: folder.appendingPathComponent("junit.xml").path,
      json: folder.appendingPathComponent("run.json").path, mode: .missing)
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
