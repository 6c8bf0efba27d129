import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// `verify --cache`: a case none of whose inputs changed passes unrendered; a changed spec, font
/// file or golden is rendered again; two runs share a cache; a damaged entry is ignored.
@Suite("Result cache", .tags(.cli))
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

  /// The cache of a first run of the suite and its four entries (`ab/cdef…`).
  private func filledCache(_ folder: URL) throws -> (URL, [String]) {
    _ = try rendered(folder)
    let cache = folder.appendingPathComponent("cache")
    let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter {
      $0.count == 65
    }
    #expect(entries.count == 4)
    return (cache, entries)
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

  @Test(
    "every input of a verdict is in its key: an animation's update file, the variant's axis, the renderer's bytes"
  )
  func everyInput() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fx/rows")
    // An animation whose update comes from a file beside it (not a case of its own).
    let update = folder.appendingPathComponent("fx/updates")
    try FileManager.default.createDirectory(at: update, withIntermediateDirectories: true)
    try "sections:\n  - cells: [ { title: Next } ]\n".write(
      to: update.appendingPathComponent("next.yml"), atomically: true, encoding: .utf8)
    try """
    canvas: { width: 160, scale: 1 }
    sections:
      - cells: [ { title: First } ]
    animation:
      fps: 10
      duration: 0.4
      events:
        - { at: 0.1, duration: 0.2, update: { file: ../updates/next.yml } }
    """.write(to: fixtures.appendingPathComponent("upd.yaml"), atomically: true, encoding: .utf8)
    let record = try runListRender(["record", "fx", "--golden", "gold"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(try rendered(folder).rendered.contains("rows/upd"))
    #expect(try rendered(folder).rendered.isEmpty)
    try "sections:\n  - cells: [ { title: Changed next } ]\n".write(
      to: update.appendingPathComponent("next.yml"), atomically: true, encoding: .utf8)
    let edited = try rendered(folder)
    #expect(edited.rendered == ["rows/upd"])
    #expect(edited.status == 1)
    try FileManager.default.removeItem(at: fixtures.appendingPathComponent("upd.yaml"))
    // `width=300` and `height=300` both name the case `@300`: the axis is in the key.
    let row = ["--filter", "rows/row0@*"]
    let wide = try runListRender(
      ["record", "fx", "--golden", "gold", "--variants", "width=300"] + row, in: folder)
    #expect(wide.status == 0, "\(wide.stderr)")
    #expect(try rendered(folder, ["--variants", "width=300"] + row).status == 0)
    #expect(try rendered(folder, ["--variants", "width=300"] + row).rendered.isEmpty)
    let tall = try rendered(folder, ["--variants", "height=300"] + row)
    #expect(tall.rendered == ["rows/row0@300"])
    #expect(tall.status == 1)
    // Another renderer binary of the same size and time: every case is rendered again.
    #expect(try rendered(folder).rendered.isEmpty)
    let copy = folder.appendingPathComponent("listrender-copy")
    var bytes = try Data(contentsOf: Paths.binary)
    bytes[bytes.count - 1] ^= 0x01  // the section table's padding: the binary still runs
    try bytes.write(to: copy)
    chmod(copy.path, 0o755)
    var times = stat()
    stat(Paths.binary.path, &times)
    var stamps = [times.st_atim, times.st_mtim]
    utimensat(AT_FDCWD, copy.path, &stamps, 0)
    let json = folder.appendingPathComponent("copy.json")
    let other = Process()
    other.executableURL = copy
    other.arguments = [
      "verify", "fx", "--golden", "gold", "--cache", "cache", "--json", json.path,
    ]
    other.currentDirectoryURL = folder
    other.standardOutput = FileHandle.nullDevice
    other.standardError = FileHandle.nullDevice
    try other.run()
    other.waitUntilExit()
    #expect(other.terminationStatus == 0)
    let run = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let messages = (run?["cases"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    #expect(messages.count == 4)
    #expect(!messages.contains { $0.contains("(cached") }, "\(messages)")
  }

  @Test(
    "an entry edited to list no files is a miss; a FIFO at an entry's path never blocks; --cache '' is a bad option"
  )
  func entriesProveThemselves() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (cache, entries) = try filledCache(folder)
    // Each entry keeps its lines but lists no files (well-formed, the seal left as it was).
    for entry in entries {
      let url = cache.appendingPathComponent(entry)
      let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      try (lines.filter { !$0.hasPrefix("file ") }.joined(separator: "\n") + "\n").write(
        to: url, atomically: true, encoding: .utf8)
    }
    // The font and the image case list files: their entries no longer prove themselves.
    let emptied = try rendered(folder).rendered
    #expect(emptied.contains("rows/font") && emptied.contains("rows/image"), "\(emptied)")
    #expect(try rendered(folder).rendered.isEmpty)
    // A FIFO where an entry goes: the case is rendered, the entry not written, nothing waits.
    for entry in entries {
      try FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
    }
    for entry in entries { mkfifo(cache.appendingPathComponent(entry).path, 0o644) }
    let process = Process()
    process.executableURL = Paths.binary
    process.arguments = [
      "verify", "fx", "--golden", "gold", "--cache", "cache", "--report", "fifo",
    ]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    let finished = !process.isRunning
    if !finished { process.terminate() }
    process.waitUntilExit()
    #expect(finished, "verify --cache blocked on a FIFO")
    #expect(process.terminationStatus == 0)
    let empty = try runListRender(["verify", "fx", "--golden", "gold", "--cache", ""], in: folder)
    #expect(empty.status == 2, "\(empty.stderr)")
    #expect(empty.stderr.contains("--cache needs a folder"), "\(empty.stderr)")
  }

  @Test("an entry listing more files than any case reads, or files that are not there, is ignored")
  func hostileEntries() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (cache, entries) = try filledCache(folder)
    let digest = String(repeating: "0", count: 64)
    for (index, entry) in entries.enumerated() {
      let url = cache.appendingPathComponent(entry)
      let key = entry.replacingOccurrences(of: "/", with: "")
      let files =
        index % 2 == 0
        ? (0..<2_000).map { "file \(digest) /nowhere/\($0)\n" }.joined()
        : "file \(digest) /dev/zero\nfile \(digest) \(String(repeating: "x", count: 5_000))\n"
      try "listrender-cache 3\n\(key)\npassed\n\(files)".write(
        to: url, atomically: true, encoding: .utf8)
    }
    #expect(try rendered(folder).rendered.count == 4)
    #expect(try rendered(folder).rendered.isEmpty)
  }
}
