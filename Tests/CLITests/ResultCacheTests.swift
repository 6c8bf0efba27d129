import Foundation
import ListRender
import TestSupport
import Testing

/// `verify --cache`: a case none of whose inputs changed passes unrendered; a changed spec, font
/// file or golden is rendered again; two runs share a cache; a damaged entry is ignored.
@Suite("Result cache")
struct ResultCacheTests {
  /// Four fixtures (one with its own font file and one with an image) and their goldens.
  private func suite() throws -> URL {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("fx/rows")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for index in 0..<2 {
      try "canvas: { width: 160, scale: 1 }\nsections:\n  - cells: [ { title: Row \(index) } ]\n"
        .write(
          to: fixtures.appendingPathComponent("row\(index).yaml"), atomically: true,
          encoding: .utf8)
    }
    let brand = Paths.fixtures.appendingPathComponent("text/brand")
    try FileManager.default.copyItem(
      at: brand.appendingPathComponent("DejaVuSerif.ttf"),
      to: fixtures.appendingPathComponent("Brand.ttf"))
    try """
    fonts: [Brand.ttf]
    canvas: { width: 160, scale: 1, theme: { name: mistica, font: DejaVu Serif } }
    sections:
      - cells: [ { title: Brand } ]
    """.write(to: fixtures.appendingPathComponent("font.yaml"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("assets/avatar.png"),
      to: fixtures.appendingPathComponent("avatar.png"))
    try """
    canvas: { width: 160, scale: 1 }
    sections:
      - cells: [ { title: Image, asset: { image: avatar.png } } ]
    """.write(to: fixtures.appendingPathComponent("image.yaml"), atomically: true, encoding: .utf8)
    let record = try runListRender(["record", "fx", "--golden", "gold"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    return folder
  }

  /// The names of the cases a run rendered (those not passed from the cache), from its JSON.
  private func rendered(_ folder: URL, _ arguments: [String] = []) throws -> (
    status: Int32, rendered: [String]
  ) {
    let json = folder.appendingPathComponent("run-\(UUID().uuidString).json")
    let result = try runListRender(
      ["verify", "fx", "--golden", "gold", "--cache", "cache", "--json", json.path] + arguments,
      in: folder)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let cases = object?["cases"] as? [[String: Any]] ?? []
    return (
      result.status,
      cases.filter { !(($0["message"] as? String) ?? "").contains("(cached") }.compactMap {
        $0["name"] as? String
      }.sorted()
    )
  }

  @Test("unchanged cases pass from the cache; a changed spec, font file or golden is rendered")
  func invalidation() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = ["rows/font", "rows/image", "rows/row0", "rows/row1"]
    #expect(try rendered(folder).rendered == all)
    let warm = try rendered(folder)
    #expect(warm.status == 0)
    #expect(warm.rendered.isEmpty)
    // A changed spec: that case alone is rendered, and fails.
    let fixtures = folder.appendingPathComponent("fx/rows")
    try "canvas: { width: 160, scale: 1 }\nsections:\n  - cells: [ { title: Changed } ]\n".write(
      to: fixtures.appendingPathComponent("row0.yaml"), atomically: true, encoding: .utf8)
    let changed = try rendered(folder)
    #expect(changed.status == 1)
    #expect(changed.rendered == ["rows/row0"])
    // A failed case is not kept: it is rendered again next time.
    #expect(try rendered(folder).rendered == ["rows/row0"])
    // The font file replaced by another face: rendered (and failing).
    try FileManager.default.removeItem(at: fixtures.appendingPathComponent("Brand.ttf"))
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif-Bold.ttf"),
      to: fixtures.appendingPathComponent("Brand.ttf"))
    #expect(try rendered(folder).rendered == ["rows/font", "rows/row0"])
    // The image file touched with the same bytes: still cached (keys are content, not time).
    let image = fixtures.appendingPathComponent("avatar.png")
    try Data(contentsOf: image).write(to: image)
    #expect(!(try rendered(folder).rendered.contains("rows/image")))
    // A golden rewritten (another golden's bytes): rendered.
    let gold = folder.appendingPathComponent("gold/rows")
    try FileManager.default.removeItem(at: gold.appendingPathComponent("row1.png"))
    try FileManager.default.copyItem(
      at: gold.appendingPathComponent("image.png"), to: gold.appendingPathComponent("row1.png"))
    #expect(try rendered(folder).rendered.contains("rows/row1"))
  }

  @Test(
    "two verifies share one cache at once; a damaged or truncated entry is ignored; --cache-size keeps the most recent"
  )
  func sharingAndDamage() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two processes at once on an empty cache.
    let results = try (0..<2).map { _ in
      let process = Process()
      process.executableURL = Paths.binary
      process.arguments = [
        "verify", "fx", "--golden", "gold", "--cache", "cache", "--report",
        "r-\(UUID().uuidString)",
      ]
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in results {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    #expect(try rendered(folder).rendered.isEmpty)
    // Every entry damaged: one cut short, the others with other bytes. All are rendered again
    // and their entries written anew.
    let cache = folder.appendingPathComponent("cache")
    let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter {
      $0.count == 65
    }
    #expect(entries.count == 4, "\(entries)")
    for (index, entry) in entries.enumerated() {
      let url = cache.appendingPathComponent(entry)
      let bytes = try Data(contentsOf: url)
      try (index == 0 ? bytes.prefix(10) : Data("garbage\n".utf8)).write(to: url)
    }
    #expect(try rendered(folder).rendered.count == 4)
    #expect(try rendered(folder).rendered.isEmpty)
    // A cache of two: after a run, two entries are left, and the other cases render again.
    _ = try rendered(folder, ["--cache-size", "2"])
    let kept = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter {
      $0.count == 65
    }
    #expect(kept.count == 2)
    #expect(try rendered(folder, ["--cache-size", "2"]).rendered.count == 2)
  }

  @Test("an entry listing more files than any case reads, or files that are not there, is ignored")
  func hostileEntries() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try rendered(folder)
    let cache = folder.appendingPathComponent("cache")
    let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter {
      $0.count == 65
    }
    #expect(entries.count == 4)
    let digest = String(repeating: "0", count: 64)
    for (index, entry) in entries.enumerated() {
      let url = cache.appendingPathComponent(entry)
      let key = entry.replacingOccurrences(of: "/", with: "")
      let files =
        index % 2 == 0
        ? (0..<2_000).map { "file \(digest) /nowhere/\($0)\n" }.joined()
        : "file \(digest) /dev/zero\nfile \(digest) \(String(repeating: "x", count: 5_000))\n"
      try "listrender-cache 2\n\(key)\npassed\n\(files)".write(
        to: url, atomically: true, encoding: .utf8)
    }
    #expect(try rendered(folder).rendered.count == 4)
    #expect(try rendered(folder).rendered.isEmpty)
  }
}
