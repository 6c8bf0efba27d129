import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Goldens, fonts and outputs from untrusted hands: damaged files fail their case naming the
/// file, oversized or odd files are refused before they are read, and no input crashes the
/// process or makes it work without bound. Every damaged file is made here, from a good one.
@Suite("Untrusted goldens, fonts and outputs", .tags(.cli))
struct UntrustedInputTests {
  /// A suite of `motion/expand` with its goldens, in a folder of its own.
  private func expandSuite() throws -> URL {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("Fixtures/motion")
    let golden = folder.appendingPathComponent("Golden/motion")
    for url in [fixtures, golden] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("motion/expand.yaml"),
      to: fixtures.appendingPathComponent("expand.yaml"))
    for name in ["expand.png", "expand.apng.png"] {
      try FileManager.default.copyItem(
        at: Paths.golden.appendingPathComponent("motion/" + name),
        to: golden.appendingPathComponent(name))
    }
    return folder
  }

  private func verify(_ folder: URL, _ extra: [String] = []) throws -> ProcessResult {
    try runListRender(
      ["verify", "Fixtures", "--report", "report", "--artifacts", "artifacts"] + extra,
      in: folder)
  }

  /// The golden APNG rewritten chunk by chunk: `edit` gets each chunk's type, its index among
  /// chunks of that type and its data, and returns the chunks to write (CRCs made right,
  /// unless `breakCRC` names a chunk to leave wrong).
  private func rewriteAPNG(
    in folder: URL, breakCRC: (type: String, index: Int)? = nil,
    _ edit: (String, Int, [UInt8]) -> [(String, [UInt8])]
  ) throws {
    let url = folder.appendingPathComponent("Golden/motion/expand.apng.png")
    let bytes = [UInt8](try Data(contentsOf: url))
    var out = Array(bytes.prefix(8))
    var counts: [String: Int] = [:]
    for chunk in AnimationBytes.chunks(bytes) {
      let index = counts[chunk.type, default: 0]
      counts[chunk.type] = index + 1
      for (type, data) in edit(chunk.type, index, chunk.data) {
        var written = AnimationBytes.chunk(type, data)
        if let breakCRC, breakCRC.type == type, breakCRC.index == index {
          written[written.count - 1] ^= 0xFF
        }
        out += written
      }
    }
    try Data(out).write(to: url)
  }

  @Test("an update file naming itself, or another update file, is an error at its key, not a crash")
  func updateFileCycle() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = { (next: String) in
      """
      canvas: { width: 120, scale: 1 }
      sections:
        - cells: [ { title: A } ]
      animation:
        duration: 0.2
        events:
          - { at: 0, update: { file: \(next) } }
      """
    }
    try spec("b.yaml").write(
      to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    try spec("a.yaml").write(
      to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
    for file in ["a.yaml", "b.yaml"] {
      let result = try runListRender(["render", file, "-o", "out.png"], in: folder)
      #expect(result.status == 2, "\(result.stderr)")
      #expect(
        result.stderr.contains(
          ":7:32: animation.events[0].update.file: an update file names no update file of its own"),
        "\(result.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }
  }

  @Test("an APNG golden's frame rate of 1e300 fails the case naming the file, no signal")
  func hugeFrameRate() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try rewriteAPNG(in: folder) { type, _, data in
      guard type == "tEXt", data.starts(with: Array("ListRender-FPS".utf8)) else {
        return [(type, data)]
      }
      return [(type, Array("ListRender-FPS".utf8) + [0] + Array("1e300".utf8))]
    }
    for _ in 0..<3 {
      let result = try verify(folder, ["--json", "run.json"])
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains("Golden/motion/expand.apng.png"), "\(result.stderr)")
      #expect(result.stderr.contains("frame rate"))
      let json = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
      #expect(json.contains("expand.apng.png"), "the JSON names the APNG")
    }
  }

  @Test(
    "damaged APNG goldens fail naming the file: zero delays, acTL counts, no acTL, order, CRCs",
    arguments: ["zero delay", "acTL 2^31", "acTL max", "no acTL", "out of sequence", "bad CRC"])
  func damagedAPNG(_ damage: String) throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected: String
    switch damage {
    case "zero delay":
      expected = "has no delay"
      try rewriteAPNG(in: folder) { type, _, data in
        guard type == "fcTL" else { return [(type, data)] }
        var zero = data
        zero[20] = 0
        zero[21] = 0
        return [(type, zero)]
      }
    case "acTL 2^31", "acTL max":
      expected = "acTL"
      let count: [UInt8] = damage == "acTL max" ? [0xFF, 0xFF, 0xFF, 0xFF] : [0x80, 0, 0, 0]
      try rewriteAPNG(in: folder) { type, _, data in
        type == "acTL" ? [(type, count + data.dropFirst(4))] : [(type, data)]
      }
    case "no acTL":
      expected = "no animation control"
      try rewriteAPNG(in: folder) { type, _, data in type == "acTL" ? [] : [(type, data)] }
    case "out of sequence":
      expected = "out of sequence"
      try rewriteAPNG(in: folder) { type, index, data in
        guard type == "fcTL", index == 2 else { return [(type, data)] }
        return [(type, [0, 0, 0x7F, 0] + data.dropFirst(4))]
      }
    default:
      expected = "chunk fcTL 3: bad CRC"
      try rewriteAPNG(in: folder, breakCRC: ("fcTL", 3)) { type, _, data in [(type, data)] }
    }
    let result = try verify(folder)
    #expect(result.status == 1, "\(damage): \(result.stderr)")
    #expect(
      result.stderr.contains("Golden/motion/expand.apng.png") && result.stderr.contains(expected),
      "\(damage): \(result.stderr)")
  }

  @Test("one delay of 4,999 s is reported from the delays, with a bounded number of files")
  func hugeDelay() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try rewriteAPNG(in: folder) { type, index, data in
      guard type == "fcTL", index == 3 else { return [(type, data)] }
      var long = data
      long.replaceSubrange(20..<24, with: [0x13, 0x87, 0, 1])  // 4999/1 s
      return [(type, long)]
    }
    let started = Date()
    let result = try verify(folder)
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(result.status == 1)
    #expect(result.stderr.contains("timing differs"), "\(result.stderr)")
    let files =
      FileManager.default.enumerator(
        atPath: folder.appendingPathComponent("artifacts").path)?.allObjects.count ?? 0
    #expect(files < 2_200, "\(files) artifact files")
  }

  @Test("goldens that are no regular file, or too large, are errors naming them, at once")
  func oddGoldens() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let still = folder.appendingPathComponent("Golden/motion/expand.png")
    try FileManager.default.removeItem(at: still)
    // 3 GB, sparse: refused by its size before a byte is read.
    #expect(FileManager.default.createFile(atPath: still.path, contents: Data()))
    let handle = try FileHandle(forWritingTo: still)
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    for (make, reason) in [
      ({}, "an image file is at most"),
      (
        {
          try FileManager.default.removeItem(at: still)
          #expect(mkfifo(still.path, 0o644) == 0)
        }, "it is a FIFO, not a regular file"
      ),
      (
        {
          try FileManager.default.removeItem(at: still)
          try FileManager.default.createDirectory(at: still, withIntermediateDirectories: false)
        }, "it is a folder, not a regular file"
      ),
      (
        {
          try FileManager.default.removeItem(at: still)
          try FileManager.default.createSymbolicLink(
            atPath: still.path, withDestinationPath: "/dev/zero")
        }, "it is a device, not a regular file"
      ),
    ] as [(() throws -> Void, String)] {
      try make()
      let started = Date()
      for command in ["verify", "record"] {
        let result = try runListRender(
          [command, "Fixtures", "--report", "report", "--artifacts", "artifacts"], in: folder)
        #expect(result.status == 2, "\(command) \(reason): \(result.stderr)")
        #expect(
          result.stderr.contains("Golden/motion/expand.png: ") && result.stderr.contains(reason),
          "\(result.stderr)")
      }
      #expect(Date().timeIntervalSince(started) < 10)
    }
    // A golden linked to /dev/null would be "recorded" every time while nothing is kept.
    try FileManager.default.removeItem(at: still)
    try FileManager.default.createSymbolicLink(atPath: still.path, withDestinationPath: "/dev/null")
    let record = try runListRender(
      ["record", "Fixtures", "--all", "--report", "report", "--artifacts", "artifacts"], in: folder)
    #expect(record.status == 2, "\(record.stderr)")
    #expect(record.stderr.contains("expand.png: it is a device"), "\(record.stderr)")
  }

  @Test("a text golden (audit, layout, accessibility) past 32 MiB is refused by its size, unread")
  func largeTextGoldens() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    for kind in ["audit.json", "layout.json", "accessibility.json"] {
      let golden = folder.appendingPathComponent("Golden/motion/expand.\(kind)")
      // 500 MB, sparse: an image may be that large, a text golden may not.
      #expect(FileManager.default.createFile(atPath: golden.path, contents: Data("{".utf8)))
      let handle = try FileHandle(forWritingTo: golden)
      try handle.truncate(atOffset: 500 << 20)
      try handle.close()
      let result = try runListRender(
        ["verify", "Fixtures", "--report", "report", "--artifacts", "artifacts", "--layout"],
        in: folder)
      #expect(result.status == 2, "\(kind): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "expand.\(kind): it is 524288000 bytes; such a file is at most 33554432"),
        "\(kind): \(result.stderr)")
      try FileManager.default.removeItem(at: golden)
    }
  }

  @Test("a NUL or another C0 control in text is an error at its place; tab and newline are text")
  func controlCharacters() throws {
    for (text, code) in [
      ("Pay \\0 1,000,000 EUR", "U+0000 NULL at character 5"), ("A\\u0007", "U+0007"),
    ] {
      #expect {
        try ListDocument.decode(yaml: "sections:\n  - cells: [ { title: \"\(text)\" } ]\n")
      } throws: { error in "\(error)".contains(code) && "\(error)".contains("2:") }
    }
    #expect(throws: SpecError.self) {
      try ListRenderer().layout(
        ListDocument(canvas: Canvas(width: 200, scale: 1)) { Section { RowCell("Pay \u{0} now") } })
    }
    _ = try ListDocument.decode(yaml: "sections:\n  - cells: [ { title: \"A\\tB\\nC\" } ]\n")
  }

  @Test("one 10,000-letter word at width 60 is refused at once; 1,000 letters wrap")
  func longWord() throws {
    let long = String(repeating: "a", count: 10_000)
    let started = Date()
    #expect {
      try ListRenderer().layout(
        ListDocument.decode(
          yaml: "canvas: { width: 60 }\nsections:\n  - cells: [ { title: \(long) } ]\n"))
    } throws: { error in "\(error)".contains("a word of 10000 characters") }
    #expect(Date().timeIntervalSince(started) < 1)
    let tree = try ListRenderer().layout(
      ListDocument.decode(
        yaml: "canvas: { width: 60 }\nsections:\n  - cells: [ { title: \(long.prefix(1_000)) } ]\n")
    )
    #expect(tree.height > 1_000)
  }

  @Test("a font collection listing 20,000 faces is refused at its fonts: line")
  func manyFaces() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // ttcf, version 1.0, 20,000 offsets all pointing at one font.
    let font = [UInt8](
      try Data(contentsOf: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf")))
    let count = 20_000
    let header = 12 + 4 * count
    var ttc = Array("ttcf".utf8) + [0, 1, 0, 0] + AnimationBytes.be32(count)
    for _ in 0..<count { ttc += AnimationBytes.be32(header) }
    ttc += font
    try Data(ttc).write(to: folder.appendingPathComponent("many.ttc"))
    try "fonts: [ many.ttc ]\nsections:\n  - cells: [ { title: A } ]\n".write(
      to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
    let started = Date()
    let result = try runListRender(["render", "spec.yaml", "-o", "x.png"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("spec.yaml:1:") && result.stderr.contains("20000 faces"),
      "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test("outputs compared by where they lead: a dangling link, a link between two outputs, a loop")
  func outputsThroughLinks() throws {
    let animation = try String(
      contentsOf: Paths.fixtures.appendingPathComponent("motion/expand.yaml"), encoding: .utf8)
    let folder = try Paths.temporaryFolder(with: [
      "a.yaml": "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: A } ]\n",
      "m.yaml": animation,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, target) in [
      ("l.png", "out.png"), ("g.png", "a.gif"), ("loopa", "loopb"), ("loopb", "loopa"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }
    let still = try runListRender(
      ["render", "a.yaml", "-o", "out.png", "--layout", "l.png"], in: folder)
    #expect(still.status == 2 && still.stderr.contains("both write"), "\(still.stderr)")
    let moving = try runListRender(
      ["animate", "m.yaml", "--apng", "g.png", "--gif", "a.gif"], in: folder)
    #expect(moving.status == 2 && moving.stderr.contains("both write"), "\(moving.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    let loop = try runListRender(["render", "a.yaml", "-o", "loopa"], in: folder)
    #expect(loop.status == 1 && loop.stderr.contains("loop"), "\(loop.stderr)")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(
        atPath: folder.appendingPathComponent("loopa").path)) == "loopb", "the link stays")
  }

  @Test("animate -o DIR killed part way leaves no frame under its final name")
  func killedAnimation() throws {
    let long = """
      canvas: { width: 360, scale: 3 }
      sections:
        - cells: [ { title: Pressed }, { title: Other } ]
      animation:
        fps: 60
        duration: 10
        events: [ { at: 0, press: { section: 0, item: 0, x: 30, y: 20 } } ]
      """
    let folder = try Paths.temporaryFolder(with: ["long.yaml": long])
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = Paths.binary
    process.arguments = ["animate", "long.yaml", "-o", "frames"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Until some frames are written (in the staging folder), then SIGKILL.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let staged = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      let hidden = staged.filter { $0.hasPrefix(".frames.") }
      if let first = hidden.first,
        ((try? FileManager.default.contentsOfDirectory(
          atPath: folder.appendingPathComponent(first).path)) ?? []).count > 5
      {
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let frames =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("frames").path)) ?? []
    #expect(frames.filter { $0.hasPrefix("frame-") }.isEmpty, "\(frames.count) final frames")
  }

  @Test("a brand font overwritten or truncated while renders draw with it: never a signal")
  func fontOverwrittenDuringRenders() throws {
    let text = (0..<40).map { "Brand \($0) ÀÉÎÕÜ àéîõü ĀĒĪŌŪ ąęįųő Ωμέγα Привет" }
    let cells = text.map { "      - { title: \"\($0)\", subtitle: \"\($0.uppercased())\" }" }
    let spec =
      "fonts: [ brand.ttf ]\ncanvas: { width: 360, scale: 2, theme: { name: mistica, font: DejaVu Serif } }\n"
      + "sections:\n  - cells:\n" + cells.joined(separator: "\n") + "\n"
    let folder = try Paths.temporaryFolder(with: ["spec.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf").path
    try FileManager.default.copyItem(
      atPath: font, toPath: folder.appendingPathComponent("brand.ttf").path)
    // Overwrite in place, truncate and rewrite, over and over, while 20 renders run.
    let script = """
      ( end=$((SECONDS + 60)); while [ $SECONDS -lt $end ] && [ ! -e stop ]; do
          truncate -s 1000 brand.ttf; cat '\(font)' > brand.ttf
          dd if=/dev/urandom of=brand.ttf bs=4096 seek=10 count=4 conv=notrunc 2>/dev/null
          cat '\(font)' > brand.ttf
        done ) &
      for i in $(seq 1 20); do
        "$0" render spec.yaml -o out$i.png 2>/dev/null; echo $? >> statuses
      done
      touch stop; wait
      """
    _ = try runShell(script, in: folder)
    let statuses = try String(
      contentsOf: folder.appendingPathComponent("statuses"), encoding: .utf8
    ).split(separator: "\n").compactMap { Int32($0) }
    #expect(statuses.count == 20)
    // 0 (drawn from the bytes checked) or 2 (the file was caught half-written: not a font,
    // or a checksum that changed): never a signal (128 + n).
    #expect(statuses.allSatisfy { $0 == 0 || $0 == 2 }, "\(statuses)")
  }

  @Test(
    "a full disk under the artifacts keeps a pixel failure a failure, with its message",
    .enabled(if: FullDisk.canMount, "needs root and a tmpfs mount for a full disk"))
  func fullDiskArtifacts() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A still that differs: the title changed.
    let fixture = folder.appendingPathComponent("Fixtures/motion/expand.yaml")
    let spec = try String(contentsOf: fixture, encoding: .utf8)
    try spec.replacingOccurrences(of: "Delivery details", with: "Delivery changed").write(
      to: fixture, atomically: true, encoding: .utf8)
    let small = folder.appendingPathComponent("small")
    let disk = try #require(try FullDisk(at: small))
    defer { disk.unmount() }
    let result = try runListRender(
      ["verify", "Fixtures", "--report", "report", "--artifacts", "small"], in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("does not match"), "\(result.stderr)")
    #expect(
      result.stderr.contains("could not be written") && result.stderr.contains("disk is full"))
  }

  @Test("two records sharing one report folder both run")
  func sharedReportFolder() throws {
    let folder = try expandSuite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      for i in $(seq 1 10); do
        rm -rf shared
        "$0" record Fixtures --report shared --artifacts a1 > /dev/null 2> e1 & first=$!
        "$0" record Fixtures --report shared --artifacts a2 > /dev/null 2> e2; echo $? >> statuses
        wait $first; echo $? >> statuses
        cat e1 e2 >> errors
      done
      """
    _ = try runShell(script, in: folder)
    let statuses = try String(
      contentsOf: folder.appendingPathComponent("statuses"), encoding: .utf8)
    let errors =
      (try? String(
        contentsOf: folder.appendingPathComponent("errors"), encoding: .utf8)) ?? ""
    #expect(statuses == String(repeating: "0\n", count: 20), "\(errors)")
  }
}
