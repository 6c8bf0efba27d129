import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The golden suite run from Swift, as `listrender verify` runs it, without the binary.
@Suite("Golden suite as a library", .tags(.render))
struct GoldenSuiteTests {
  /// A fixtures folder with two cases and a goldens folder holding their goldens.
  static func workspace() throws -> (folder: URL, fixtures: String, golden: String) {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("Fixtures/rows")
    let golden = folder.appendingPathComponent("Golden/rows")
    for url in [fixtures, golden] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    for name in ["title-only", "dark"] {
      try FileManager.default.copyItem(
        at: Paths.fixtures.appendingPathComponent("rows/\(name).yaml"),
        to: fixtures.appendingPathComponent("\(name).yaml"))
      try FileManager.default.copyItem(
        at: Paths.golden.appendingPathComponent("rows/\(name).png"),
        to: golden.appendingPathComponent("\(name).png"))
    }
    return (folder, fixtures.path, golden.path)
  }

  @Test("a suite of matching goldens passes: results, summary, report and JUnit")
  func passes() throws {
    let (folder, fixtures, golden) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = SuiteConfiguration(
      fixtures: fixtures, golden: golden, jobs: 2,
      report: folder.appendingPathComponent("report").path,
      artifacts: folder.appendingPathComponent("artifacts").path,
      outputs: [.junit(folder.appendingPathComponent("junit.xml").path)])
    #expect(configuration.goldenFolder == golden)
    let run = try GoldenSuite(configuration).run()
    #expect(run.results.map(\.suiteCase.name) == ["dark", "title-only"])
    #expect(run.results.allSatisfy { $0.report.outcome == .passed })
    #expect(run.exitStatus == 0)
    #expect(run.summary.hasPrefix("2 cases: 2 passed, 0 failed"))
    for file in ["report/index.html", "junit.xml"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path))
    }
  }

  @Test("record of every fixture into an empty folder writes Golden/'s bytes, file for file")
  func recordingIsGolden() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("Golden")
    let run = try GoldenSuite(
      SuiteConfiguration(
        fixtures: Paths.fixtures.path, golden: golden.path,
        report: folder.appendingPathComponent("report").path,
        artifacts: folder.appendingPathComponent("artifacts").path, mode: .missing)
    ).run()
    #expect(run.exitStatus == 0)
    let written =
      (FileManager.default.enumerator(atPath: golden.path)?.allObjects as? [String] ?? [])
      .filter {
        !$0.hasSuffix("/")
          && (try? FileManager.default.attributesOfItem(
            atPath: golden.appendingPathComponent($0).path)[.type] as? FileAttributeType)
            == .typeRegular
      }
    // An image a case, and an APNG an animated case.
    #expect(written.count >= run.results.count)
    var differing: [String] = []
    for file in written.sorted() {
      let recorded = try Data(contentsOf: golden.appendingPathComponent(file))
      let kept = try? Data(contentsOf: Paths.golden.appendingPathComponent(file))
      if recorded != kept { differing.append(file) }
    }
    #expect(differing == [], "recorded again, these differ from Golden/")
  }

  @Test("a golden that differs fails with exit status 1 and its artifacts; filters select cases")
  func fails() throws {
    let (folder, fixtures, golden) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The dark row's golden stands in for the light one: every pixel of the row differs.
    let titleOnly = URL(fileURLWithPath: golden).appendingPathComponent("title-only.png")
    try FileManager.default.removeItem(at: titleOnly)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: golden).appendingPathComponent("dark.png"), to: titleOnly)
    let artifacts = folder.appendingPathComponent("artifacts")
    var configuration = SuiteConfiguration(
      fixtures: fixtures, golden: golden, jobs: 1,
      report: folder.appendingPathComponent("report").path, artifacts: artifacts.path)
    configuration.filter = ["title-*"]
    let run = try GoldenSuite(configuration).run()
    #expect(run.results.map(\.suiteCase.name) == ["title-only"])
    #expect(run.results.first?.report.outcome == .failed)
    #expect(run.exitStatus == 1)
    let panel = try #require(run.results.first?.report.artifacts?.panel)
    #expect(FileManager.default.fileExists(atPath: panel))
    #expect(panel.hasPrefix(artifacts.path))
  }

  @Test("any canvas key is a variant axis; the variant names the case")
  func variants() throws {
    let (folder, fixtures, golden) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = SuiteConfiguration(
      fixtures: fixtures, golden: golden,
      variants: [
        try VariantAxis(parsing: "stickyHeaders=true"), try VariantAxis(parsing: "scale=1"),
      ],
      report: folder.appendingPathComponent("report").path,
      artifacts: folder.appendingPathComponent("artifacts").path, filter: ["dark*"],
      mode: .missing)
    let run = try GoldenSuite(configuration).run()
    #expect(run.results.map(\.suiteCase.name) == ["dark@true-1"])
    #expect(run.results.first?.report.outcome == .recorded)
    let recorded = URL(fileURLWithPath: golden).appendingPathComponent("dark@true-1.png")
    let bitmap = try PNGCodec.decode([UInt8](try Data(contentsOf: recorded)))
    #expect(bitmap.width == 360)
  }

  @Test("a folder without fixtures is bad input: exit status 2, nothing run")
  func badFolder() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = SuiteConfiguration(
      fixtures: folder.path, report: folder.appendingPathComponent("report").path)
    #expect {
      try GoldenSuite(configuration).run()
    } throws: { error in
      (error as? any ExitStatusError)?.exitStatus == 2
        && "\(error)".contains("no fixtures")
    }
  }
}

@Test("SHA-256 gives FIPS 180-4's digests, whole or in pieces")
func sha256Vectors() {
  func digest(_ text: String, pieces: Int = 1) -> String {
    var hash = SHA256()
    let bytes = Array(text.utf8)
    let size = max(1, bytes.count / pieces)
    for start in stride(from: 0, to: bytes.count, by: size) {
      hash.update(bytes[start..<min(bytes.count, start + size)])
    }
    return hash.hex()
  }
  #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
  for pieces in [1, 3, 7, 56] {
    #expect(
      digest(long, pieces: pieces)
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
  #expect(
    digest(String(repeating: "a", count: 1_000_000), pieces: 13)
      == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  // FIPS 180-4's (NIST's) 896-bit message.
  #expect(
    digest(
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      pieces: 5) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
}

@Test("SHA-256 of 1,000 inputs of every length around the block edges equals sha256sum's")
func sha256AgainstCoreutils() throws {
  let folder = try Paths.temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  // Lengths 0…299 and random ones to 5,000, bytes from a fixed generator.
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
  var mine: [String] = []
  for index in 0..<1_000 {
    let length = index < 300 ? index : Int(next() % 5_000)
    let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
    try Data(bytes).write(to: folder.appendingPathComponent(String(format: "%04d", index)))
    var hash = SHA256()
    hash.update(bytes)
    mine.append(hash.hex())
  }
  let tool = Process()
  tool.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
  tool.arguments = (0..<1_000).map { String(format: "%04d", $0) }
  tool.currentDirectoryURL = folder
  let output = Pipe()
  tool.standardOutput = output
  try tool.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  tool.waitUntilExit()
  let theirs = text.split(separator: "\n").map { String($0.prefix(64)) }
  #expect(theirs.count == 1_000)
  #expect(zip(mine, theirs).filter { $0 != $1 }.count == 0)
}

@Test(
  "one escaper for the HTML report and the JUnit XML: references valid in both, XML's forbidden characters as ?"
)
func markupEscaping() {
  #expect(markupEscape("plain/case-name") == "plain/case-name")
  #expect(markupEscape("a<b & 'c' \"d\">") == "a&lt;b &amp; &#39;c&#39; &quot;d&quot;&gt;")
  #expect(markupEscape("tab\tline\nbell\u{07}") == "tab\tline\nbell?")
  #expect(markupEscape("\u{FFFE}\u{FFFF}ｆｕｌｌ") == "??ｆｕｌｌ")
}
