import Foundation
import GoldenImage
import GoldenSuite
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The files a suite reads that another run wrote: a shard's `results.json` (merge-reports), an
/// audit golden, a text golden and a result cache entry, mutated and given hostile numbers. Any error is fine; a crash, a hang or a
/// long run is not.
@Suite("Fuzzing what shards and audits hand in", .tags(.render))
struct SuiteFuzzTests {
  static let hostileNumbers = [
    "0", "-1", "2147483648", "4294967295", "9223372036854775808", "1e300", "-1e300", "1e-300",
    "nan", "\"\"", "[]", "null", "[2147483648,1e300,0,-1]",
    // A shard's share: huge, zero, negative and not whole.
    "\"1/2147483648\"", "\"1/9223372036854775807\"", "\"0/0\"", "\"-1/3\"", "\"1/1e300\"",
  ]

  static func mutate(_ text: String, _ random: inout FuzzGenerator) -> String {
    // A hostile number after a key's colon, or a byte flipped, cut or copied.
    String(
      decoding: Mutation.mutated(Array(text.utf8), &random, values: hostileNumbers), as: UTF8.self)
  }

  @Test(
    "mutated results.json, audit and text goldens and cache entries never crash, hang, run long or pass a changed case"
  )
  func fuzz() throws {
    let seconds = FuzzGenerator.seconds / 3
    var random = FuzzGenerator.seeded()
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A real shard report of two fixtures, one of them failing.
    let fixtures = folder.appendingPathComponent("fx")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for name in ["a", "b"] {
      try "canvas: { width: 80, scale: 1 }\nsections:\n  - cells: [ { title: \(name) } ]\n".write(
        to: fixtures.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
    }
    var configuration = SuiteConfiguration(
      fixtures: fixtures.path, golden: folder.appendingPathComponent("gold").path,
      report: folder.appendingPathComponent("shard").path, mode: .missing)
    _ = try GoldenSuite(configuration).run()
    try "canvas: { width: 80, scale: 1 }\nsections:\n  - cells: [ { title: changed } ]\n".write(
      to: fixtures.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
    configuration.mode = .never
    _ = try GoldenSuite(configuration).run()
    let results = folder.appendingPathComponent("shard/results.json")
    let seed = try String(contentsOf: results, encoding: .utf8)
    let audit = AuditFinding.goldenText([
      AuditFinding(
        rule: .textContrast, source: "sections[0].cells[0]", kind: "title", measured: "1.92:1",
        required: "4.5:1", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    ])
    let check = GoldenCheck(artifactsFolder: folder.appendingPathComponent("artifacts").path)
    // A result cache with a's entry (b fails, so it has none); an entry is mutated each round
    // and the run must never pass b, whatever the entry says.
    var cached = configuration
    cached.cache = folder.appendingPathComponent("cache").path
    cached.report = folder.appendingPathComponent("cached").path
    _ = try GoldenSuite(cached).run()
    let entries = try FileManager.default.subpathsOfDirectory(atPath: cached.cache ?? "")
      .filter { $0.count == 65 }.map { (cached.cache! as NSString).appendingPathComponent($0) }
    let entry = try #require(entries.first)
    let entryText = try String(contentsOfFile: entry, encoding: .utf8)
    let bName = "b"
    let layout = (0..<20).map { "{\"frame\": {\"x\": \($0)}, \"kind\": \"title\"}" }.joined(
      separator: "\n")
    let (executions, slowest, _) = try FuzzGenerator.loop(for: seconds) { _ in
      try Self.mutate(seed, &random).write(to: results, atomically: true, encoding: .utf8)
      _ = try? ReportMerge(
        folders: [folder.appendingPathComponent("shard").path],
        report: folder.appendingPathComponent("merged").path
      ).run()
      let mutated = AuditSnapshot(text: Self.mutate(audit, &random))
      _ = try? GoldenFormat<AuditSnapshot>.audit.compare(
        mutated, AuditSnapshot(text: audit), check, folder.appendingPathComponent("a").path)
      _ = try? GoldenFormat<AuditSnapshot>.audit.compare(
        AuditSnapshot(text: audit), mutated, check, folder.appendingPathComponent("b").path)
      // A text golden (a layout dump) mutated, both ways round.
      let text = Self.mutate(layout, &random)
      _ = try? GoldenFormat<String>.lines(pathExtension: "layout.json").compare(
        text, layout, check, folder.appendingPathComponent("c").path)
      // A cache entry mutated, and written where b's entry would go too.
      let damaged = Self.mutate(entryText, &random)
      try damaged.write(toFile: entry, atomically: true, encoding: .utf8)
      for other in entries.dropFirst() {
        try damaged.write(toFile: other, atomically: true, encoding: .utf8)
      }
      if let run = try? GoldenSuite(cached).run() {
        #expect(
          run.results.first { $0.report.name == bName }?.report.outcome == .failed,
          "a damaged cache entry passed a changed case")
      }
      return ""
    }
    print("fuzzing shard results and audit goldens: \(executions) inputs, slowest \(slowest) s")
    #expect(executions > 0)
    #expect(slowest < 10)
  }

  @Test("the Material icon codepoint map is an input of every cache key, by content")
  func iconMapInKey() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("a.yaml")
    try "sections:\n  - cells: [ { title: A } ]\n".write(
      to: spec, atomically: true, encoding: .utf8)
    let map = folder.appendingPathComponent("map.scss")
    let original = try Data(contentsOf: URL(fileURLWithPath: ListRenderer.iconMapPath))
    try original.write(to: map)
    func key() throws -> String? {
      try ResultCache(
        folder: folder.appendingPathComponent("cache").path, limit: 10,
        options: SuiteConfiguration(fixtures: folder.path), fingerprint: ["pango": "1"],
        iconMap: map.path
      ).key(name: "a", variant: [], spec: spec.path, goldens: [])
    }
    let before = try #require(try key())
    #expect(try key() == before)
    // The same size and time, another codepoint: another key.
    var changed = original
    if let index = changed.firstIndex(of: UInt8(ascii: "e")) { changed[index] = UInt8(ascii: "f") }
    let stamp = try FileManager.default.attributesOfItem(atPath: map.path)[.modificationDate]
    try changed.write(to: map)
    try FileManager.default.setAttributes([.modificationDate: stamp as Any], ofItemAtPath: map.path)
    #expect(try key() != before)
  }
}
