import FileIO
import Foundation
import FoundationXML
import GoldenImage
import ListModel
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import ListRenderCLI

/// `listrender diff`, `verify` and `record`, run as a user would.
@Suite("Golden CLI", .tags(.cli))
struct SuiteCLITests {
  /// The structure of Jenkins' JUnit schema (junit-10): `testsuites` of `testsuite`s of
  /// `testcase`s, each with optional `skipped`, `error`s, `failure`s and output; the attributes
  /// each element declares, no others; times as decimals, timestamps as ISO 8601.
  static let junitSchema = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
      <xs:complexType name="outcome" mixed="true">
        <xs:attribute name="message" type="xs:string"/>
        <xs:attribute name="type" type="xs:string"/>
      </xs:complexType>
      <xs:element name="testsuites">
        <xs:complexType>
          <xs:sequence><xs:element ref="testsuite" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
          <xs:attribute name="name" type="xs:string"/>
          <xs:attribute name="time" type="xs:decimal"/>
          <xs:attribute name="tests" type="xs:nonNegativeInteger"/>
          <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
          <xs:attribute name="disabled" type="xs:nonNegativeInteger"/>
          <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
        </xs:complexType>
      </xs:element>
      <xs:element name="testsuite">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="properties" minOccurs="0"/>
            <xs:element name="testcase" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="skipped" type="outcome" minOccurs="0"/>
                  <xs:element name="error" type="outcome" minOccurs="0" maxOccurs="unbounded"/>
                  <xs:element name="failure" type="outcome" minOccurs="0" maxOccurs="unbounded"/>
                  <xs:element name="system-out" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
                  <xs:element name="system-err" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
                </xs:sequence>
                <xs:attribute name="name" type="xs:string" use="required"/>
                <xs:attribute name="assertions" type="xs:string"/>
                <xs:attribute name="time" type="xs:decimal"/>
                <xs:attribute name="classname" type="xs:string"/>
                <xs:attribute name="status" type="xs:string"/>
              </xs:complexType>
            </xs:element>
            <xs:element name="system-out" type="xs:string" minOccurs="0"/>
            <xs:element name="system-err" type="xs:string" minOccurs="0"/>
          </xs:sequence>
          <xs:attribute name="name" type="xs:string" use="required"/>
          <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
          <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
          <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
          <xs:attribute name="time" type="xs:decimal"/>
          <xs:attribute name="disabled" type="xs:nonNegativeInteger"/>
          <xs:attribute name="skipped" type="xs:nonNegativeInteger"/>
          <xs:attribute name="timestamp" type="xs:dateTime"/>
          <xs:attribute name="hostname" type="xs:string"/>
          <xs:attribute name="id" type="xs:string"/>
          <xs:attribute name="package" type="xs:string"/>
        </xs:complexType>
      </xs:element>
    </xs:schema>
    """

  /// A folder with three small fixtures in two areas.
  private func makeSuite() throws -> URL {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("Fixtures")
    try FileManager.default.createDirectory(
      at: fixtures.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: fixtures.appendingPathComponent("b"), withIntermediateDirectories: true)
    let spec = { (title: String) in
      "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: \(title), asset: { icon: star } } ]\n"
    }
    try spec("One").write(
      to: fixtures.appendingPathComponent("a/one.yaml"), atomically: true, encoding: .utf8)
    try spec("Two").write(
      to: fixtures.appendingPathComponent("a/two.yaml"), atomically: true, encoding: .utf8)
    try spec("Three").write(
      to: fixtures.appendingPathComponent("b/three.yaml"), atomically: true, encoding: .utf8)
    return folder
  }

  private func suite(_ command: String, _ extra: [String] = [], in folder: URL) throws
    -> ProcessResult
  {
    try runListRender(
      [command, "Fixtures", "--golden", "Golden", "--report", "report", "--artifacts", "artifacts"]
        + extra, in: folder)
  }

  @Test("record writes every golden; verify then passes them all")
  func recordThenVerify() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = try suite("record", in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.contains("3 cases: 0 passed, 0 failed, 0 missing, 3 recorded"))
    let verify = try suite("verify", in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.contains("3 cases: 3 passed, 0 failed, 0 missing, 0 recorded"))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("report/index.html").path))
  }

  @Test(
    "WebP goldens: recorded with --golden-format webp, verified, failing; record --all converts")
  func webPGoldens() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = { (name: String) in folder.appendingPathComponent("Golden/" + name).path }
    // PNG goldens first; then every one rewritten as WebP, the PNG it replaces removed.
    #expect(try suite("record", in: folder).status == 0)
    let png = try PNGCodec.decode(file: golden("a/one.png"))
    let pngFingerprint = PNGText.read(
      [UInt8](try Data(contentsOf: URL(filePath: golden("a/one.png")))))[
        GoldenCheck.fingerprintKey]
    let convert = try suite("record", ["--all", "--golden-format", "webp"], in: folder)
    #expect(convert.status == 0, "\(convert.stderr)")
    for name in ["a/one", "a/two", "b/three"] {
      #expect(FileManager.default.fileExists(atPath: golden(name + ".webp")), "\(name)")
      #expect(!FileManager.default.fileExists(atPath: golden(name + ".png")), "\(name)")
    }
    // The same pixels, and the fingerprint that makes the comparison exact.
    let webp = [UInt8](try Data(contentsOf: URL(filePath: golden("a/one.webp"))))
    #expect(try WebPCodec.decode(webp) == png)
    #expect(
      WebPCodec.readText(webp)[GoldenCheck.fingerprintKey] == pngFingerprint
        && pngFingerprint != nil)
    let verify = try suite("verify", in: folder)
    #expect(verify.stdout.contains("3 cases: 3 passed"), "\(verify.stdout)\(verify.stderr)")
    // A changed spec fails against its WebP golden, naming it.
    try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: Changed } ]\n".write(
      to: folder.appendingPathComponent("Fixtures/a/one.yaml"), atomically: true, encoding: .utf8)
    let failing = try suite("verify", in: folder)
    #expect(failing.status == 1)
    #expect(failing.stderr.contains("Golden/a/one.webp does not match"), "\(failing.stderr)")
    // A new case is recorded in the format asked for, beside the others.
    try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: Four } ]\n".write(
      to: folder.appendingPathComponent("Fixtures/b/four.yaml"), atomically: true, encoding: .utf8)
    #expect(try suite("record", ["--filter", "b/four"], in: folder).status == 0)
    #expect(FileManager.default.fileExists(atPath: golden("b/four.png")))
  }

  @Test(
    "a subfolder of Fixtures reads the shared Fixtures/assets; --fixtures-root and --allow-path widen it"
  )
  func subfolderReadsSharedAssets() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures")
    try FileManager.default.createDirectory(
      at: fixtures.appendingPathComponent("assets"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("assets/avatar.png"),
      to: fixtures.appendingPathComponent("assets/avatar.png"))
    try
      "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: A, asset: { image: ../assets/avatar.png } } ]\n"
      .write(to: fixtures.appendingPathComponent("a/image.yaml"), atomically: true, encoding: .utf8)
    let record = try runListRender(
      ["record", "Fixtures/a", "--golden", "Golden/a", "--report", "report"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.contains("3 recorded"))
    // Elsewhere, the fixtures root is the folder given: the asset is outside it until allowed.
    let elsewhere = folder.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: fixtures, to: elsewhere)
    let refused = try runListRender(
      ["verify", "copy/a", "--golden", "Golden/a", "--report", "report"], in: folder)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--allow-path"))
    // The allowed folders are named once each.
    let allowed = refused.stderr.components(separatedBy: "may read (").last ?? ""
    #expect(!allowed.contains(","), "\(refused.stderr)")
    for extra in [["--fixtures-root", "copy"], ["--allow-path", "copy/assets"]] {
      let widened = try runListRender(
        ["verify", "copy/a", "--golden", "Golden/a", "--report", "report"] + extra, in: folder)
      #expect(widened.status == 0, "\(extra): \(widened.stderr)")
    }
  }

  @Test("verify --layout: record writes <case>.layout.json; a moved element fails with its lines")
  func layoutGoldens() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    // Pixel goldens only: the layout goldens are missing.
    let missing = try suite("verify", ["--layout"], in: folder)
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("3 cases: 0 passed, 0 failed, 3 missing"))
    #expect(missing.stderr.contains("a/one: no golden at Golden/a/one.layout.json"))
    let record = try suite("record", ["--layout"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Golden/b/three.layout.json").path))
    #expect(try suite("verify", ["--layout"], in: folder).status == 0)
    // A title moved down: the pixels and the layout both fail, each with its own message.
    let spec = folder.appendingPathComponent("Fixtures/a/two.yaml")
    try String(contentsOf: spec, encoding: .utf8)
      .replacingOccurrences(of: "{ title: Two,", with: "{ title: Two, subtitle: Second line,")
      .write(to: spec, atomically: true, encoding: .utf8)
    let verify = try suite("verify", ["--layout"], in: folder)
    #expect(verify.status == 1)
    #expect(verify.stdout.contains("3 cases: 2 passed, 1 failed"))
    #expect(verify.stderr.contains("a/two: Golden/a/two.png does not match"))
    #expect(verify.stderr.contains("a/two: Golden/a/two.layout.json does not match"))
    // A changed text says how to accept the change, as a missing golden says how to record it.
    #expect(verify.stderr.contains("if the change is intended, record it"))
    #expect(verify.stderr.contains("artifacts/a/two.layout.json.diff"))
    let diff = try String(
      contentsOf: folder.appendingPathComponent("artifacts/a/two.layout.json.diff"),
      encoding: .utf8)
    #expect(diff.contains("+          \"text\" : \"Second\""))  // the subtitle, wrapped at 120 pt
    // The report is complete on its own (as a CI job uploads it): every link and image in it
    // resolves to a file inside its folder.
    let report = folder.appendingPathComponent("report")
    let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
    let targets =
      html.components(separatedBy: "href=\"").dropFirst().map {
        String($0.prefix { $0 != "\"" })
      }
      + html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    let files = targets.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(files.contains { $0.hasSuffix(".panel.png") })
    for file in files {
      #expect(!file.contains(".."), "\(file)")
      #expect(
        FileManager.default.fileExists(atPath: report.appendingPathComponent(file).path), "\(file)")
    }
    // Without --layout, only pixels are compared.
    #expect(try suite("verify", in: folder).stderr.contains("layout.json") == false)
  }

  @Test("the report folder: a user's non-empty folder is refused, listrender's own is reused")
  func reportFolderOwnership() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    // `--report .`: the current folder holds the user's files; nothing is deleted.
    let mine = folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: mine.appendingPathComponent("photo.png"))
    let refused = try runListRender(
      ["verify", "Fixtures", "--golden", "Golden", "--report", "."], in: folder)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--report .: the folder holds files listrender did not write"))
    #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("photo.png").path))
    // A report folder that cannot be made is a sentence, not a Foundation error dump.
    try Data().write(to: folder.appendingPathComponent("plain-file"))
    let blocked = try suite("verify", ["--report", "plain-file/report"], in: folder)
    #expect(blocked.stderr.contains("cannot write plain-file/report: not a directory"))
    #expect(!blocked.stderr.contains("NSCocoaErrorDomain"))
    // A folder listrender made is rewritten run after run.
    #expect(try suite("verify", in: folder).status == 0)
    #expect(try suite("verify", in: folder).status == 0)
  }

  @Test("a hostile fixture name is escaped in the report's markup and file names")
  func reportEscapesNames() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = "x\" onerror=\"alert(1)"
    try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: X } ]\n".write(
      to: folder.appendingPathComponent("Fixtures/a/\(hostile).yaml"), atomically: true,
      encoding: .utf8)
    let verify = try suite("verify", in: folder)
    #expect(verify.status == 1)
    let html = try String(
      contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(!html.contains("onerror=\"alert"))
    #expect(html.contains("x&quot; onerror=&quot;alert(1)"))
  }

  @Test("bad input exits 2: a broken fixture is an error, an empty folder has no cases")
  func badInputStatus() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    try "canvas: { width: -5 }\nsections: []\n".write(
      to: folder.appendingPathComponent("Fixtures/b/broken.yaml"), atomically: true,
      encoding: .utf8)
    let verify = try suite("verify", in: folder)
    #expect(verify.status == 2)
    #expect(verify.stdout.contains("3 passed, 0 failed, 0 missing, 0 recorded, 1 error"))
    // The error line starts with the spec's place, for editors' and CI's problem matchers.
    #expect(
      verify.stderr.split(separator: "\n").contains {
        $0.hasPrefix("Fixtures/b/broken.yaml:1:18: canvas.width: -5 is out of range")
      }, "\(verify.stderr)")
    let empty = folder.appendingPathComponent("Empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = try runListRender(["verify", "Empty"], in: folder)
    #expect(none.status == 2)
    #expect(none.stderr.contains("Empty: no fixtures (.yaml or .json files) in this folder"))
  }

  @Test("verify Fixtures/a compares with Golden/a unless --golden says otherwise")
  func goldenFolderInferred() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    let verify = try runListRender(
      ["verify", "Fixtures/a", "--report", "report", "--artifacts", "artifacts"], in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.contains("2 cases: 2 passed"))
  }

  /// A suite of one fixture, `a/rows`, with a faint separator (#EEEEEE on white), recorded: its
  /// folder, the fixture's file, and the spec with text added to the first row's mapping.
  private func faintSeparatorSuite() throws -> (URL, URL, (String) -> String) {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = { (separator: String) in
      "canvas: { width: 360, scale: 1, theme: { colors: { divider: \"#EEEEEE\" } } }\nsections:\n  - cells:\n      - { title: One\(separator) }\n      - { title: Two }\n"
    }
    let file = fixtures.appendingPathComponent("rows.yaml")
    try spec("").write(to: file, atomically: true, encoding: .utf8)
    #expect(try suite("record", in: folder).status == 0)
    return (folder, file, spec)
  }

  @Test(
    "a golden stripped of its fingerprint is compared exactly and says so; a tolerant pass is counted"
  )
  func strippedFingerprint() throws {
    let (folder, file, spec) = try faintSeparatorSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("Golden/a/rows.png")
    let recorded = [UInt8](try Data(contentsOf: golden))
    let fingerprint = try #require(PNGText.read(recorded)[GoldenCheck.fingerprintKey])
    // What an image optimiser leaves: the same pixels, no text chunk.
    let stripped = try PNGCodec.encode(try PNGCodec.decode(recorded))
    #expect(PNGText.read(stripped)[GoldenCheck.fingerprintKey] == nil)
    try Data(stripped).write(to: golden)
    try spec(", separator: hidden").write(to: file, atomically: true, encoding: .utf8)
    let strict = try suite("verify", in: folder)
    #expect(strict.status == 1)
    #expect(
      strict.stderr.contains(
        "a/rows: Golden/a/rows.png has no environment fingerprint (its text chunk was removed, as image optimisers do), so it was compared exactly"
      ), "\(strict.stderr)")
    // A golden from another environment passes within tolerance, and the summary counts it.
    let other = fingerprint.replacingOccurrences(of: "pango=", with: "pango=0.")
    try Data(try PNGText.insert([GoldenCheck.fingerprintKey: other], into: stripped)).write(
      to: golden)
    let tolerant = try suite("verify", ["--json", "run.json"], in: folder)
    #expect(tolerant.status == 0, "\(tolerant.stderr)")
    let line = "1 passed within tolerance: goldens from other environments"
    #expect(tolerant.stdout.contains(line), "\(tolerant.stdout)")
    let page = try String(
      contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.contains(line))
    let run =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("run.json"))) as? [String: Any]
    #expect((run?["summary"] as? [String: Any])?["withinTolerance"] as? Int == 1)
    // With the fingerprint of this environment, the same render fails: exact again.
    try Data(try PNGText.insert([GoldenCheck.fingerprintKey: fingerprint], into: stripped)).write(
      to: golden)
    #expect(try suite("verify", in: folder).status == 1)
  }

  @Test("an animation's update file is no case of its own; --exclude leaves out the files it names")
  func updateFilesAndExclude() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try "sections:\n  - cells: [ { title: Next } ]\n".write(
      to: fixtures.appendingPathComponent("next.yaml"), atomically: true, encoding: .utf8)
    try """
    {"canvas": {"width": 120, "scale": 1}, "sections": [{"cells": [{"title": "First"}]}],
     "animation": {"fps": 10, "duration": 0.2,
       "events": [{"at": 0.1, "update": {"file": "next.yaml"}}]}}
    """.write(to: fixtures.appendingPathComponent("moving.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Fixtures/drafts"), withIntermediateDirectories: true)
    try "canvas: { width: 0 }\nsections: []\n".write(
      to: folder.appendingPathComponent("Fixtures/drafts/wip.yaml"), atomically: true,
      encoding: .utf8)
    let record = try suite("record", ["--exclude", "drafts/*"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.contains("4 cases:"), "\(record.stdout)")
    #expect(!record.stdout.contains("a/next"))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Golden/a/next.png").path))
    let verify = try suite("verify", ["--exclude", "wip"], in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.contains("4 cases: 4 passed"), "\(verify.stdout)")
    // Without --exclude the broken draft is a case again (and an error).
    #expect(try suite("verify", in: folder).status == 2)
  }

  @Test("the record commands a variant failure prints record exactly the failing variants")
  func recordHintsForVariants() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let axes = ["--variants", "appearance=light,dark"]
    #expect(try suite("record", axes, in: folder).status == 0)
    let file = folder.appendingPathComponent("Fixtures/a/one.yaml")
    try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "One", with: "Uno")
      .write(to: file, atomically: true, encoding: .utf8)
    /// The words of a command as a POSIX shell reads `'…'` quoting.
    func words(_ command: String) -> [String] {
      var words: [String] = []
      var current = ""
      var quoted = false
      for character in command {
        if character == "'" {
          quoted.toggle()
        } else if character == " ", !quoted {
          if !current.isEmpty { words.append(current) }
          current = ""
        } else {
          current.append(character)
        }
      }
      if !current.isEmpty { words.append(current) }
      return words
    }
    let failing = try suite("verify", axes, in: folder)
    #expect(failing.status == 1)
    // Each case's hint: the run's fixtures, goldens, variants and the case's own name.
    let hint = try #require(
      failing.stderr.components(separatedBy: "record it (`").dropFirst().first?
        .components(separatedBy: "`)").first)
    #expect(
      hint.hasSuffix("--variants appearance=light,dark --filter 'a/one@dark'")
        || hint.hasSuffix("--variants appearance=light,dark --filter 'a/one@light'"), "\(hint)")
    let one = try runListRender(Array(words(hint).dropFirst()), in: folder)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(
      one.stdout.contains("1 case: 0 passed, 0 failed, 0 missing, 1 recorded"), "\(one.stdout)")
    // The closing line: every failure at once, exactly.
    let still = try suite("verify", axes, in: folder)
    let all = try #require(
      still.stdout.components(separatedBy: "to accept every failure: ").dropFirst().first?
        .components(separatedBy: "\n").first)
    let accepted = try runListRender(Array(words(all).dropFirst()), in: folder)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout.contains("1 case: 0 passed, 0 failed, 0 missing, 1 recorded"))
    #expect(try suite("verify", axes, in: folder).status == 0)
  }

  @Test("a case that passes again loses the failure images an earlier run left; others keep theirs")
  func staleArtifactsRemoved() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try suite("record", ["--layout"], in: folder).status == 0)
    let one = folder.appendingPathComponent("Fixtures/a/one.yaml")
    let two = folder.appendingPathComponent("Fixtures/a/two.yaml")
    let original = try String(contentsOf: one, encoding: .utf8)
    for file in [one, two] {
      try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "One", with: "Uno")
        .replacingOccurrences(of: "Two", with: "Dos").replacingOccurrences(
          of: "width: 120", with: "width: 130"
        )
        .write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(try suite("verify", ["--layout"], in: folder).status == 1)
    let artifacts = folder.appendingPathComponent("artifacts/a")
    func files() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: artifacts.path).sorted()
    }
    #expect(try files().contains("one.panel.png"))
    let failed = try files()
    #expect(failed.contains("one.layout.json.diff"), "\(failed)")
    #expect(try files().contains("two.panel.png"))
    try original.write(to: one, atomically: true, encoding: .utf8)
    #expect(try suite("verify", ["--layout"], in: folder).status == 1)
    let left = try files()
    #expect(left.allSatisfy { $0.hasPrefix("two.") }, "\(left)")
    #expect(!left.isEmpty)
  }

  @Test(
    "what users read: --timings columns stay aligned past 10 s, verify --help names the skin axis, a decimal comma in { … } says to quote it"
  )
  func messagesUsersRead() throws {
    let table = PhaseClock.table([("fonts", 1.5), ("paint and encode", 123_456.78), ("write", 9)])
    let ends = table.components(separatedBy: "\n").map(\.count)
    #expect(Set(ends).count == 1, "\(table)")
    #expect(table.contains("paint and encode  123456.78 ms"), "\(table)")
    let help = try runListRender(["verify", "--help"])
    #expect(help.stdout.contains("skin"), "\(help.stdout)")
    let folder = try Paths.temporaryFolder(with: [
      "price.yaml":
        "canvas: { width: 360, scale: 1 }\nsections:\n  - cells: [ { title: Price, subtitle: 90,5 € } ]\n"
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let comma = try runListRender(["render", "price.yaml", "-o", "p.png"], in: folder)
    #expect(comma.status == 2)
    #expect(
      comma.stderr.contains("price.yaml:3:")
        && comma.stderr.contains("put a value that holds a comma in quotes"),
      "\(comma.stderr)")
  }

  @Test("strict by default: a hidden separator fails; pixelmatch's 0.1 would not see it")
  func strictByDefault() throws {
    let (folder, file, spec) = try faintSeparatorSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try spec(", separator: hidden").write(to: file, atomically: true, encoding: .utf8)
    let strict = try suite("verify", in: folder)
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("a/rows: Golden/a/rows.png does not match: 328 of"))
    // The perceptual threshold, asked for, sees nothing (#EEEEEE on white).
    let perceptual = try suite("verify", ["--threshold", "0.1"], in: folder)
    #expect(perceptual.status == 0, "\(perceptual.stderr)")
    // And `record` rewrites a golden whose pixels differ at all.
    let record = try suite("record", in: folder)
    #expect(record.stdout.contains("1 recorded"))
  }

  @Test("JUnit XML stays well-formed for case names holding U+FFFE, U+FFFF and C0 controls")
  func junitForbiddenCharacters() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    // No golden for it: its name is in a failure and in the case's attributes.
    try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: X } ]\n".write(
      to: folder.appendingPathComponent("Fixtures/a/x\u{FFFE}y\u{FFFF}z\u{1}.yaml"),
      atomically: true, encoding: .utf8)
    let verify = try runListRender(
      ["verify", "Fixtures", "--golden", "Golden", "--junit", "junit.xml"], in: folder)
    #expect(verify.status == 1, "\(verify.stderr)")
    let lint = Process()
    lint.executableURL = URL(filePath: "/usr/bin/xmllint")
    lint.arguments = ["--noout", "junit.xml"]
    lint.currentDirectoryURL = folder
    lint.standardOutput = FileHandle.nullDevice
    lint.standardError = FileHandle.nullDevice
    try lint.run()
    lint.waitUntilExit()
    #expect(lint.terminationStatus == 0, "junit.xml is not well-formed")
    let xml = try XMLDocument(contentsOf: folder.appendingPathComponent("junit.xml"), options: [])
    #expect(try xml.nodes(forXPath: "//testcase").count == 4)
  }

  @Test("CI outputs: JUnit XML, JSON, GitHub annotations; --filter and --last-failed")
  func ciOutputs() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Golden/b/three.png"))
    try "sections: []\ncanvas:\n  width: 0\n".write(
      to: folder.appendingPathComponent("Fixtures/a/zz-broken.yaml"), atomically: true,
      encoding: .utf8)
    let verify = try runListRender(
      [
        "verify", "Fixtures", "--report", "report", "--artifacts", "artifacts", "--junit",
        "out/junit.xml", "--json", "out/run.json",
      ], environment: ["GITHUB_ACTIONS": "true"], in: folder)
    #expect(verify.status == 2)
    let xml = try XMLDocument(
      contentsOf: folder.appendingPathComponent("out/junit.xml"), options: [])
    let root = try #require(xml.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let cases = try xml.nodes(forXPath: "//testcase")
    #expect(cases.count == 4)
    let failure = try xml.nodes(forXPath: "//testcase[@name='three']/failure").first
    #expect(failure?.stringValue?.contains("no golden at Golden/b/three.png") == true)
    #expect(try xml.nodes(forXPath: "//testcase[@name='zz-broken']/error").count == 1)
    // Valid against the JUnit schema Jenkins reads (its rules restated in junitSchema).
    let schema = folder.appendingPathComponent("junit.xsd")
    try Self.junitSchema.write(to: schema, atomically: true, encoding: .utf8)
    let lint = Process()
    lint.executableURL = URL(filePath: "/usr/bin/xmllint")
    lint.arguments = ["--noout", "--schema", schema.path, "out/junit.xml"]
    lint.currentDirectoryURL = folder
    lint.standardOutput = FileHandle.nullDevice
    lint.standardError = FileHandle.nullDevice
    try lint.run()
    lint.waitUntilExit()
    #expect(lint.terminationStatus == 0, "junit.xml does not validate")
    let run =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("out/run.json"))) as? [String: Any]
    let summary = try #require(run?["summary"] as? [String: Any])
    #expect(summary["passed"] as? Int == 2 && summary["missing"] as? Int == 1)
    #expect(summary["errors"] as? Int == 1)
    #expect((run?["cases"] as? [Any])?.count == 4)
    #expect(
      verify.stdout.contains(
        "::error file=Fixtures/b/three.yaml,line=1,title=b/three::b/three%3A no golden") == false)
    #expect(verify.stdout.contains("::error file=Fixtures/b/three.yaml,line=1,title=b/three::"))
    // A spec error points at its line and column.
    #expect(
      verify.stdout.contains(
        "::error file=Fixtures/a/zz-broken.yaml,line=3,col=10,title=a/zz-broken::"),
      "\(verify.stdout)")
    // --last-failed runs the two that did not pass; --filter takes globs and substrings.
    let again = try suite("verify", ["--last-failed"], in: folder)
    #expect(again.stdout.contains("2 cases:"), "\(again.stdout)")
    let filtered = try suite("verify", ["--filter", "a/*", "--filter", "nothing"], in: folder)
    #expect(filtered.stdout.contains("3 cases:"), "\(filtered.stdout)")
    let substring = try suite("verify", ["--filter", "two"], in: folder)
    #expect(substring.stdout.contains("1 case: 1 passed"), "\(substring.stdout)")
  }

  @Test("a filter that matches no case fails, naming it and the nearest cases, unless allowed")
  func noCaseIsNoPass() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    let none = try suite("verify", ["--filter", "a/onne*"], in: folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("--filter 'a/onne*' matched no case of 3"), "\(none.stderr)")
    #expect(none.stderr.contains("the nearest are a/one"), "\(none.stderr)")
    let allowed = try suite("verify", ["--filter", "a/onne*", "--pass-with-no-cases"], in: folder)
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.stdout.contains("0 cases:"))
    // Nothing failed last time: --last-failed selects nothing, and says so.
    #expect(try suite("verify", in: folder).status == 0)
    let noneFailed = try suite("verify", ["--last-failed"], in: folder)
    #expect(noneFailed.status == 1)
    #expect(
      noneFailed.stderr.contains("the last verify recorded no failure"), "\(noneFailed.stderr)")
  }

  @Test("record keeps the other failures of --last-failed; verify --filter updates only its cases")
  func lastFailedSurvivesRecord() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    for name in ["a/one", "a/two"] {
      try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: Changed } ]\n".write(
        to: folder.appendingPathComponent("Fixtures/\(name).yaml"), atomically: true,
        encoding: .utf8)
    }
    #expect(try suite("verify", in: folder).status == 1)
    // The report's accept command for one of them; the other still fails.
    #expect(try suite("record", ["--filter", "a/one"], in: folder).status == 0)
    let again = try suite("verify", ["--last-failed"], in: folder)
    #expect(again.status == 1)
    #expect(again.stdout.contains("2 cases: 1 passed, 1 failed"), "\(again.stdout)")
    // A verify of the passing case alone forgets no other failure either.
    #expect(try suite("verify", ["--filter", "b/three"], in: folder).status == 0)
    let last = try suite("verify", ["--last-failed"], in: folder)
    #expect(last.stdout.contains("1 case: 0 passed, 1 failed"), "\(last.stdout)")
  }

  @Test("the report's accept command, run as printed, makes a variant case pass")
  func acceptCommandKeepsVariants() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let variants = ["--variants", "appearance=dark", "--variants", "contentSize=L,XL"]
    #expect(try suite("record", variants, in: folder).status == 0)
    try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: Changed } ]\n".write(
      to: folder.appendingPathComponent("Fixtures/b/three.yaml"), atomically: true, encoding: .utf8)
    #expect(try suite("verify", variants, in: folder).status == 1)
    let page = try String(
      contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
    let start = try #require(page.range(of: "Accept this change: <code>"))
    let html = String(page[start.upperBound...].prefix { $0 != "<" })
    let command = html.replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
    #expect(
      command.contains("--variants appearance=dark --variants contentSize=L,XL"), "\(command)")
    #expect(command.contains("--filter 'b/three@dark-"), "\(command)")
    // Run as printed, `listrender` being this build's binary ($0 of the shell).
    let status = try runShell(
      "\"$0\" " + command.dropFirst("listrender ".count), in: folder)
    #expect(status == 0)
    // That variant passes now; the other size of it still differs.
    let after = try suite("verify", variants + ["--filter", "b/three"], in: folder)
    #expect(after.stdout.contains("2 cases: 1 passed, 1 failed"), "\(after.stdout)")
  }

  @Test("conventions: --version, -j, --variants one value each, LISTRENDER_RECORD checked")
  func conventions() throws {
    let version = try runListRender(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("listrender "))
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    // The fixtures folder after --variants is the folder, not another value.
    let run = try runListRender(
      [
        "verify", "-j", "1", "--variants", "appearance=light", "Fixtures", "--golden", "Golden",
        "--report", "r2",
      ], in: folder)
    #expect(run.status == 1, "\(run.stderr)")  // the light variant has no golden yet
    #expect(run.stdout.contains("3 cases: 0 passed, 0 failed, 3 missing"))
    let typo = try runListRender(
      ["verify", "Fixtures"], environment: ["LISTRENDER_RECORD": "misisng"], in: folder)
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("LISTRENDER_RECORD=misisng is not a record mode"))
    let typoCommand = try runListRender(["verfy", "Fixtures"])
    #expect(typoCommand.status == 2)
    #expect(typoCommand.stderr.contains("unknown subcommand 'verfy' (did you mean 'verify'?)"))
    // Completion scripts list the record modes (make install puts them in place).
    let bash = try runListRender(["--generate-completion-script", "bash"])
    #expect(bash.stdout.contains("'never'$'\\n''missing'$'\\n''failed'$'\\n''all'"))
    let help = try runListRender(["verify", "--help"])
    #expect(help.stdout.contains("--record <mode>"))
    #expect(help.stdout.contains("(default: the number of cores)"))
  }

  @Test("record --optimize re-compresses goldens losslessly, keeping pixels and fingerprint")
  func optimize() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    let golden = folder.appendingPathComponent("Golden/a/one.png")
    let before = [UInt8](try Data(contentsOf: golden))
    let run = try suite("record", ["--optimize"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("optimized 3 goldens"))
    let after = [UInt8](try Data(contentsOf: golden))
    #expect(after.count < before.count, "\(before.count) → \(after.count) bytes")
    #expect(try PNGCodec.decode(after) == PNGCodec.decode(before))
    #expect(PNGText.read(after)[GoldenCheck.fingerprintKey] != nil)
    #expect(try suite("verify", in: folder).status == 0)
    // An animated case recorded with --optimize keeps every frame of its APNG golden (only the
    // stills are re-compressed).
    try
      "canvas: { width: 120, scale: 1, theme: material }\nsections:\n  - cells: [ { style: boxed, title: P } ]\nanimation: { fps: 10, duration: 0.3, events: [ { at: 0, press: { section: 0, item: 0, x: 20, y: 20 } } ] }\n"
      .write(
        to: folder.appendingPathComponent("Fixtures/a/press.yaml"), atomically: true,
        encoding: .utf8)
    // (The still is recorded first, so that the run that optimizes has a passing still and a
    // recorded APNG: the case's report names the APNG.)
    _ = try suite("record", in: folder)
    let apngPath = folder.appendingPathComponent("Golden/a/press.apng.png")
    try FileManager.default.removeItem(at: apngPath)
    let animated = try suite("record", ["--optimize"], in: folder)
    #expect(animated.status == 0, "\(animated.stderr)")
    let apng = [UInt8](try Data(contentsOf: apngPath))
    #expect(AnimationBytes.chunks(apng).contains { $0.type == "acTL" })
    #expect(try suite("verify", in: folder).status == 0)
  }

  @Test("verify: one failing and one missing case exit 1 with their messages")
  func failingAndMissing() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    let golden = folder.appendingPathComponent("Golden")
    try FileManager.default.removeItem(at: golden.appendingPathComponent("b/three.png"))
    try FileManager.default.copyItem(
      at: golden.appendingPathComponent("a/one.png"),
      to: golden.appendingPathComponent("a/two.tmp.png"))
    try FileManager.default.removeItem(at: golden.appendingPathComponent("a/two.png"))
    try FileManager.default.moveItem(
      at: golden.appendingPathComponent("a/two.tmp.png"),
      to: golden.appendingPathComponent("a/two.png"))
    let verify = try suite("verify", in: folder)
    #expect(verify.status == 1)
    #expect(verify.stdout.contains("3 cases: 1 passed, 1 failed, 1 missing, 0 recorded"))
    #expect(verify.stderr.contains("a/two: Golden/a/two.png does not match"))
    #expect(verify.stderr.contains("artifacts/a/two.panel.png"))
    // The panel's three images carry their captions above them.
    let panel = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("artifacts/a/two.panel.png"))))
    let twoGolden = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("Golden/a/two.png"))))
    #expect(panel.height > twoGolden.height + 20, "a caption strip above the images")
    #expect(verify.stderr.contains("b/three: no golden at Golden/b/three.png"))
    let html = try String(
      contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(html.contains("images/1-a_two.expected.png"))
    #expect(html.contains("images/1-a_two.diff.png"))
    #expect(html.contains("images/1-a_two.actual.png"))
    #expect(html.contains("type=\"range\""))
    #expect(html.contains("<h2>Passed (1)</h2>"))
    // Each case's anchor is its name: report/index.html#a/two.
    #expect(html.contains("id=\"a/two\"") && html.contains("href=\"#a/two\""))
    // The passed case as a lazy thumbnail; the missing one shows its render.
    #expect(html.contains("<img loading=\"lazy\" src=\"images/0-a_one.png\""))
    #expect(html.contains("images/2-b_three.actual.png"))
    // Mode `missing` (from the flag or LISTRENDER_RECORD) records the missing one and still
    // fails the different one.
    let fromEnvironment = try runListRender(
      [
        "verify", "Fixtures", "--golden", "Golden", "--report", "report", "--artifacts",
        "artifacts",
      ],
      environment: ["LISTRENDER_RECORD": "missing"], in: folder)
    #expect(fromEnvironment.stdout.contains("1 failed, 0 missing, 1 recorded"))
    try FileManager.default.removeItem(at: golden.appendingPathComponent("b/three.png"))
    let partial = try suite("verify", ["--record", "missing"], in: folder)
    #expect(partial.stdout.contains("1 failed, 0 missing, 1 recorded"))
  }

  @Test("--shard: the shards' union is every case, with no overlap")
  func shards() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", in: folder)
    var seen: [String] = []
    for index in 1...2 {
      let result = try suite("verify", ["--shard", "\(index)/2", "--jobs", "1"], in: folder)
      #expect(result.status == 0)
      seen += result.stdout.split(separator: "\n").filter { $0.hasPrefix("passed ") }
        .map { String($0.dropFirst(8)).trimmingCharacters(in: .whitespaces) }
    }
    #expect(seen.sorted() == ["a/one", "a/two", "b/three"])
    #expect(try suite("verify", ["--shard", "3/2"], in: folder).status == 2)
  }

  @Test("--jobs gives the same results as serial")
  func jobs() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try suite("record", ["--jobs", "1"], in: folder)
    let serial = try Data(contentsOf: folder.appendingPathComponent("Golden/b/three.png"))
    _ = try suite("record", ["--jobs", "3", "--all"], in: folder)
    #expect(try Data(contentsOf: folder.appendingPathComponent("Golden/b/three.png")) == serial)
    let parallel = try suite("verify", ["--jobs", "3"], in: folder)
    let single = try suite("verify", ["--jobs", "1"], in: folder)
    func lines(_ result: ProcessResult) -> [String] {
      result.stdout.split(separator: "\n").map(String.init).filter { !$0.contains(" in ") }.sorted()
    }
    #expect(lines(parallel) == lines(single))
  }

  @Test(
    "--variants renders every combination against case@variant goldens; --contact-sheet lays them out"
  )
  func variants() throws {
    let folder = try makeSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let args = [
      "--variants", "appearance=light,dark", "--variants", "direction=ltr,rtl", "--contact-sheet",
      "sheet.png",
    ]
    let record = try suite("record", args, in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.contains("12 cases"))
    for name in ["a/one@light-ltr", "a/one@dark-rtl", "b/three@dark-ltr"] {
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("Golden/\(name).png").path), "\(name)")
    }
    let dark = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("Golden/a/one@dark-ltr.png"))))
    #expect(dark[0, 0] == (6, 24, 36, 255))  // #061824, the Movistar dark background
    let sheet = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("sheet.png"))))
    #expect(sheet.width >= 4 * 120)
    #expect(try suite("verify", args, in: folder).status == 0)
    #expect(try suite("verify", ["--variants", "colour=red"], in: folder).status == 2)
  }

  @Test("diff prints the count and exits 1 when images differ, 0 when they match")
  func diff() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var a = Bitmap(width: 10, height: 10)
    for y in 0..<10 { for x in 0..<10 { a[x, y] = (255, 255, 255, 255) } }
    var b = a
    b[3, 3] = (0, 0, 0, 255)
    try AtomicFile.write(try PNGCodec.encode(a), to: folder.appendingPathComponent("a.png").path)
    try AtomicFile.write(try PNGCodec.encode(b), to: folder.appendingPathComponent("b.png").path)
    let different = try runListRender(["diff", "a.png", "b.png", "-o", "d.png"], in: folder)
    #expect(different.status == 1)
    #expect(different.stdout.contains("different pixels: 1"))
    let diff = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("d.png"))))
    #expect(diff[3, 3] == (255, 0, 0, 255))
    let same = try runListRender(["diff", "a.png", "a.png"], in: folder)
    #expect(same.status == 0)
    #expect(same.stdout.contains("different pixels: 0"))
    let loose = try runListRender(["diff", "a.png", "b.png", "--threshold", "1"], in: folder)
    #expect(loose.status == 0)
    let missing = try runListRender(["diff", "a.png", "nope.png"], in: folder)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope.png"))
    try AtomicFile.write(
      try PNGCodec.encode(Bitmap(width: 3, height: 3)),
      to: folder.appendingPathComponent("c.png").path)
    let sizes = try runListRender(["diff", "a.png", "c.png"], in: folder)
    #expect(sizes.status == 1)
    #expect(sizes.stderr.contains("10×10") && sizes.stderr.contains("3×3"))
  }
}

/// Variant values are checked with the arguments.
@Suite("Suite arguments", .tags(.cli))
struct SuiteArgumentTests {
  @Test("an unknown variant value is bad input, named, before any case runs")
  func unknownVariant() throws {
    let result = try runListRender(
      [
        "verify", Paths.fixtures.path, "--golden", Paths.golden.path, "--variants",
        "appearance=purple",
      ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--variants appearance=purple: unknown value 'purple'"))
  }
}

/// Numeric options are checked against the limits in code, and their messages quote them.
@Suite("Option ranges", .tags(.cli))
struct OptionRangeTests {
  @Test(
    "an option out of range is bad input, with the range from the limit it checks",
    arguments: [
      (["render", "--scale", "9"], "--scale must be within \(SpecLimits.scaleRange.text)"),
      (["render", "--width", "0"], "--width must be within \(SpecLimits.widthRange.text)"),
      (["render", "--threads", "65"], "--threads must be within 1...64"),
      (["verify", "--jobs", "0"], "--jobs must be within 1...64"),
      (["diff", "a.png", "b.png", "--alpha", "2"], "--alpha must be within 0...1"),
      (["animate", "--scale", "0.25"], "--scale must be within 0.5...4"),
    ])
  func outOfRange(arguments: [String], message: String) throws {
    let result = try runListRender(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message))
  }
}
