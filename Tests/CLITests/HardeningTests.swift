import CCodecs
import FileIO
import Foundation
import GoldenImage
import ListModel
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The bad-input catalogue: each case runs the binary as a careless or hostile user would, and
/// checks the exit status, the message, and that nothing was left behind or changed.
@Suite("Bad-input catalogue: outputs", .tags(.cli))
struct OutputCatalogueTests {
  private let spec = "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: A } ]\n"
  private let animation = """
    canvas: { width: 120, scale: 1 }
    sections:
      - cells: [ { title: A } ]
    animation:
      fps: 60
      duration: 60
      events:
        - { at: 0, press: { section: 0, item: 0, x: 10, y: 10 } }
    """

  private func folder(with files: [String: String] = [:]) throws -> URL {
    try Paths.temporaryFolder(with: files)
  }

  private func contents(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("devices are written into, never replaced; a full disk is an error")
  func specialFiles() throws {
    let folder = try folder(with: ["a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    let null = try runListRender(["render", "a.yaml", "-o", "/dev/null"], in: folder)
    #expect(null.status == 0, "\(null.stderr)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    let full = try runListRender(["render", "a.yaml", "-o", "/dev/full"], in: folder)
    #expect(full.status == 1)
    #expect(full.stderr.contains("cannot write /dev/full: the disk is full"))
    #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    // Standard output as a pipe: the PNG goes down the pipe.
    let piped = try runListRender(["render", "a.yaml", "-o", "/dev/stdout"], in: folder)
    #expect(piped.status == 0)
    #expect(piped.stdoutBytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(try contents(folder) == ["a.yaml"])
  }

  @Test(
    "an output that is an input or another output is refused before rendering",
    arguments: [
      ["render", "a.yaml", "-o", "a.yaml"],
      ["render", "a.yaml", "-o", "./link.yaml"],
      ["render", "a.yaml", "-o", "x.png", "--layout", "x.png"],
      ["render", "a.yaml", "-o", "star.png"],
      ["animate", "b.yaml", "--apng", "x.png", "--gif", "x.png", "--frames", "0..1"],
      ["animate", "b.yaml", "-o", "d", "--apng", "d/frame-0000.png", "--frames", "0..1"],
      ["diff", "p.png", "q.png", "-o", "p.png"],
      ["render", "a.yaml", "-o", ""],
    ])
  func outputsOverInputs(_ arguments: [String]) throws {
    let folder = try folder(with: [
      "a.yaml":
        "sections:\n  - cells:\n      - { title: A }\n      - { title: B, asset: { icon: star.png } }\n",
      "b.yaml": animation,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let star = Paths.fixtures.appendingPathComponent("assets/star.png")
    for name in ["star.png", "p.png", "q.png"] {
      try FileManager.default.copyItem(at: star, to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: "a.yaml")
    let before = try contents(folder).map { name in
      (name, try? Data(contentsOf: folder.appendingPathComponent(name)))
    }
    let result = try runListRender(arguments, in: folder)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(
      result.stderr.contains("write over") || result.stderr.contains("both write")
        || result.stderr.contains("is empty"), "\(result.stderr)")
    let after = try contents(folder).map { name in
      (name, try? Data(contentsOf: folder.appendingPathComponent(name)))
    }
    #expect(after.map(\.0) == before.map(\.0))
    #expect(zip(after, before).allSatisfy { $0.1 == $1.1 })
  }

  @Test("an output that is a link is followed, as the shell does: its target is replaced")
  func linkedOutput() throws {
    let folder = try folder(with: ["a.yaml": spec, "target.png": "old"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("out.png").path,
      withDestinationPath: folder.appendingPathComponent("target.png").path)
    let result = try runListRender(["render", "a.yaml", "-o", "out.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let written = try Data(contentsOf: folder.appendingPathComponent("target.png"))
    #expect(written.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    var status = stat()
    #expect(lstat(folder.appendingPathComponent("out.png").path, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFLNK)
    // Temporaries are created exclusively, with a random name, beside the target: none is left.
    #expect(try contents(folder) == ["a.yaml", "out.png", "target.png"])
  }

  @Test("I/O failures read as sentences naming the path, and leave nothing")
  func ioErrors() throws {
    let folder = try folder(with: ["a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("d"), withIntermediateDirectories: false)
    let intoFolder = try runListRender(["render", "a.yaml", "-o", "d"], in: folder)
    #expect(intoFolder.status == 1)
    #expect(intoFolder.stderr.contains("cannot write d: it is a folder"))
    #expect(!intoFolder.stderr.contains("NSCocoaErrorDomain"))
    // A read-only file system (sysfs is mounted read-only here).
    let readOnly = try runListRender(["render", "a.yaml", "-o", "/sys/listrender.png"], in: folder)
    #expect(readOnly.status == 1)
    #expect(
      readOnly.stderr.contains("cannot write /sys/listrender.png: the file system is read-only")
        || readOnly.stderr.contains("cannot write /sys/listrender.png: permission denied"),
      "\(readOnly.stderr)")
    // A legal 254-byte name: the temporary beside it must fit the 255-byte limit too.
    let long = String(repeating: "n", count: 250) + ".png"
    let longName = try runListRender(["render", "a.yaml", "-o", long], in: folder)
    #expect(longName.status == 0, "\(longName.stderr)")
    #expect(try contents(folder) == ["a.yaml", "d", long].sorted())
    #expect(try contents(folder.appendingPathComponent("d")).isEmpty)
  }

  @Test("SIGTERM during a large render leaves neither the output nor a temporary")
  func interruptedRender() throws {
    let cells = String(
      repeating:
        "      - { title: Row, description: Some longer text that wraps over the width of a row }\n",
      count: 100)
    let folder = try folder(with: [
      "big.yaml": "canvas: { scale: 3 }\nsections:\n  - cells:\n" + cells
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    var interrupted = 0
    for delay in [20_000, 40_000, 60_000, 80_000, 120_000] where interrupted == 0 {
      let process = Process()
      process.executableURL = Paths.binary
      process.arguments = ["render", "big.yaml", "-o", "big.png"]
      process.currentDirectoryURL = folder
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(delay))
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
      if process.terminationStatus == 143 {
        interrupted += 1
        #expect(try contents(folder) == ["big.yaml"])
      } else {
        // Finished before the signal: the whole output, and no temporary.
        #expect(process.terminationStatus == 0)
        #expect(try contents(folder) == ["big.png", "big.yaml"])
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("big.png"))
      }
    }
    #expect(interrupted > 0, "every render finished before the signal")
  }

  @Test(
    "SIGTERM or SIGINT during animate leaves no frames and no temporaries",
    arguments: [
      SIGTERM, SIGINT,
    ])
  func interrupts(signal number: Int32) throws {
    let status = 128 + number
    let folder = try folder(with: ["b.yaml": animation])
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = Paths.binary
    process.arguments = ["animate", "b.yaml", "-o", "frames", "--apng", "b.png"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until frames are being written (to the hidden staging folder beside frames/), then
    // interrupt.
    let frames = folder.appendingPathComponent("frames")
    let deadline = Date().addingTimeInterval(20)
    func staged() -> Int {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      guard let staging = names.first(where: { $0.hasPrefix(".frames.") }) else { return 0 }
      return
        (try? FileManager.default.contentsOfDirectory(
          atPath: folder.appendingPathComponent(staging).path))?.count ?? 0
    }
    while Date() < deadline, staged() < 5 { usleep(20_000) }
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
    #expect((try? contents(frames)) ?? [] == [])
    #expect(try contents(folder).filter { $0 != "frames" } == ["b.yaml"])
  }
}

/// Bounded work for any input: each hostile input is refused quickly with a clear message.
@Suite("Bad-input catalogue: bounded work and resources", .tags(.cli))
struct BoundedWorkCatalogueTests {
  private func run(
    _ files: [String: [UInt8]], _ arguments: [String], prepare: (URL) throws -> Void = { _ in }
  )
    throws -> (ProcessResult, Double)
  {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, bytes) in files {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    try prepare(folder)
    let start = Date()
    let result = try runListRender(arguments, in: folder)
    return (result, Date().timeIntervalSince(start))
  }

  private func spec(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("aliases count each time they are used: a small spec cannot expand to hours of work")
  func aliasAmplification() throws {
    // Words of five letters: the text budget is what stops it, not the longest-word rule.
    let long = String(repeating: "xxxxx ", count: 1_500)
    var text = "sections:\n  - cells:\n      - { title: &t \"\(long)\", description: *t }\n"
    text += String(
      repeating: "      - { title: *t, description: { text: *t, maxLines: 1000 } }\n", count: 2_000)
    let (result, seconds) = try run(["a.yaml": spec(text)], ["render", "a.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("adds up to more than 4194304 bytes"))
    #expect(seconds < 10)
  }

  @Test("a character with thousands of accents is refused")
  func combiningMarks() throws {
    let text =
      "sections:\n  - cells:\n      - title: \"a" + String(repeating: "\u{301}", count: 4_000)
      + "\"\n"
    let (result, seconds) = try run(["a.yaml": spec(text)], ["render", "a.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("more than 32 combining marks on one character"))
    #expect(seconds < 10)
  }

  @Test("a file longer than stat says is read whole, and still stopped at the limit")
  func fileLongerThanStat() throws {
    // /proc files are regular files whose stat size is 0.
    let path = "/proc/self/maps"
    let fail = { (message: String) in
      SpecError(file: path, line: nil, column: nil, path: "", message: message)
    }
    let bytes = try readRegularFile(path, limit: 1 << 20, fail: fail)
    #expect(bytes.count > 1_000)
    #expect(String(decoding: bytes, as: UTF8.self).contains("\n"))
    #expect {
      try readRegularFile(path, limit: 100, fail: fail)
    } throws: {
      "\($0)".contains("more than 100 bytes")
    }
  }

  @Test("a 4,000,000-byte unknown key: a short message, no slow suggestion")
  func hugeKey() throws {
    let text =
      "sections:\n  - cells:\n      - title: A\n        ? "
      + String(repeating: "k", count: 4_000_000) + "\n        : 1\n"
    let (result, seconds) = try run(["a.yaml": spec(text)], ["render", "a.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown key 'kkkk"))
    #expect(result.stderr.utf8.count < 1_000)
    #expect(seconds < 10)
  }

  @Test(
    "folders as spec or image, and FIFOs as image, are errors; a FIFO spec with no writer is empty; never a wait",
    arguments: [
      ["render", "pipe.yaml"], ["render", "d"], ["render", "image.yaml"],
      ["render", "folder-image.yaml"],
    ])
  func notRegularFiles(_ arguments: [String]) throws {
    let image = "sections:\n  - cells: [ { title: A, asset: { image: pipe.png } } ]\n"
    let folderImage = "sections:\n  - cells: [ { title: A, asset: { image: d } } ]\n"
    let (result, seconds) = try run(
      ["image.yaml": spec(image), "folder-image.yaml": spec(folderImage)], arguments
    ) { folder in
      #expect(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
      #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644) == 0)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("d"), withIntermediateDirectories: false)
    }
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    // A FIFO given as the spec is read like standard input: with no writer, it is empty.
    #expect(
      result.stderr.contains("is not a regular file") || result.stderr.contains("is a folder")
        || (arguments == ["render", "pipe.yaml"] && result.stderr.contains("the spec is empty")),
      "\(result.stderr)")
    #expect(seconds < 10)
  }

  @Test("a link to an oversized image is measured where it points, and not read")
  func linkedLargeFile() throws {
    let text = "sections:\n  - cells: [ { title: A, asset: { image: link.png } } ]\n"
    let (result, _) = try run(["a.yaml": spec(text)], ["render", "a.yaml"]) { folder in
      let big = folder.appendingPathComponent("big.png").path
      #expect(FileManager.default.createFile(atPath: big, contents: nil))
      #expect(truncate(big, 20 << 20) == 0)  // sparse: 20 MiB, nothing written
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: big)
    }
    #expect(result.status == 2)
    #expect(result.stderr.contains("20971520 bytes; at most 16777216 are allowed"))
  }

  @Test(
    "truncated JPEG and WebP files and unsupported formats are errors",
    arguments: [
      "landscape.jpg", "landscape.webp", "tga",
    ])
  func damagedImages(_ name: String) throws {
    var bytes: [UInt8]
    if name == "tga" {
      // A valid 2×2 uncompressed true-colour TGA: a format gdk-pixbuf reads but ListRender does not.
      bytes =
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0] + Array(repeating: 200, count: 12)
    } else {
      let whole = [UInt8](
        try Data(contentsOf: Paths.fixtures.appendingPathComponent("assets/\(name)")))
      bytes = Array(whole.prefix(whole.count / 2))
    }
    let text = "sections:\n  - cells: [ { title: A, asset: { image: pic } } ]\n"
    let (result, _) = try run(["a.yaml": spec(text), "pic": bytes], ["render", "a.yaml"])
    #expect(result.status == 2, "\(name): \(result.stderr)")
    #expect(result.stderr.contains("a.yaml:2:"))
    #expect(result.stderr.contains("sections[0].cells[0].asset.image"))
    if name == "tga" { #expect(result.stderr.contains("not a supported image")) }
  }

  @Test("a PNG header claiming 10000 × 10000 over 100 bytes of data is refused before allocating")
  func lyingHeader() throws {
    let header: [UInt8] = [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 6, 0, 0, 0]
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + AnimationBytes.chunk("IHDR", header)
      + AnimationBytes.chunk("IDAT", Array(repeating: 0, count: 100))
      + AnimationBytes.chunk("IEND", [])
    let small = try PNGCodec.encode(Bitmap(width: 2, height: 2))
    let (result, _) = try run(
      ["big.png": png, "small.png": small], ["diff", "big.png", "small.png"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("too short for 10000×10000 pixels"))
  }

  @Test("16-bit PNGs compare by their high bytes, as pixelmatch reads them")
  func sixteenBit() throws {
    var bitmap = Bitmap(width: 64, height: 64)
    for y in 0..<64 {
      for x in 0..<64 {
        bitmap[x, y] = (UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), UInt8(255 - x))
      }
    }
    // The same pixels as 16-bit samples (v × 257), and a 16-bit grey 0x8080 against 8-bit 0x80.
    let rgba16 = Self.png16(width: 64, height: 64, colorType: 6) { x, y in
      let p = bitmap[x, y]
      return [p.r, p.g, p.b, p.a]
    }
    let grey16 = Self.png16(width: 64, height: 64, colorType: 0) { _, _ in [0x80] }
    var grey8 = Bitmap(width: 64, height: 64)
    for y in 0..<64 { for x in 0..<64 { grey8[x, y] = (0x80, 0x80, 0x80, 255) } }
    let files: [String: [UInt8]] = [
      "a16.png": rgba16, "a8.png": try PNGCodec.encode(bitmap, alpha: true),
      "g16.png": grey16, "g8.png": try PNGCodec.encode(grey8),
    ]
    for (a, b) in [("a16.png", "a8.png"), ("g16.png", "g8.png")] {
      let (result, _) = try run(files, ["diff", a, b])
      #expect(result.status == 0, "\(a) vs \(b): \(result.stdout)")
      #expect(result.stdout.contains("different pixels: 0"))
    }
  }

  /// A 16-bit PNG whose samples are `samples(x, y)` × 257 (no filter).
  static func png16(width: Int, height: Int, colorType: UInt8, samples: (Int, Int) -> [UInt8])
    -> [UInt8]
  {
    var raw: [UInt8] = []
    for y in 0..<height {
      raw.append(0)
      for x in 0..<width {
        for value in samples(x, y) { raw += [value, value] }
      }
    }
    var size = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(size))
    _ = compressed.withUnsafeMutableBufferPointer { out in
      raw.withUnsafeBufferPointer {
        compress2(out.baseAddress, &size, $0.baseAddress, uLong($0.count), 6)
      }
    }
    compressed.removeSubrange(Int(size)...)
    let header =
      AnimationBytes.be32(width) + AnimationBytes.be32(height) + [16, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + AnimationBytes.chunk("IHDR", header)
      + AnimationBytes.chunk("IDAT", compressed) + AnimationBytes.chunk("IEND", [])
  }
}

/// Messages that point at the problem.
@Suite("Bad-input catalogue: messages", .tags(.cli))
struct MessageCatalogueTests {
  @Test(
    "syntax, encoding and emptiness errors name the place",
    arguments: [
      (
        "sections:\n  - cells:\n      - title: B\n        subtitle: [one, two\n", "a.yaml:4:19:",
        "flow sequence that starts here"
      ),
      ("sections:\n  - cells:\n      - { title: \"A\u{FFFD}\" }\n", "", ""),
      ("sections: []\n", "a.yaml:1:11: sections: the list is empty", "emptyView"),
      (
        "canvas: { width: 100, safeArea: { leading: 80, trailing: 80 } }\nsections:\n  - cells: [ { title: A } ]\n",
        "a.yaml:1:33: canvas.safeArea: leading", "leave no room"
      ),
    ])
  func messages(_ text: String, _ place: String, _ words: String) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    let result = try runListRender(["render", "a.yaml"], in: folder)
    guard !place.isEmpty else {
      // A valid replacement character is text like any other: drawn, no error.
      #expect(result.status == 0, "\(result.stderr)")
      return
    }
    #expect(result.status == 2)
    #expect(result.stderr.contains(place), "\(result.stderr)")
    #expect(result.stderr.contains(words), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.yaml"])
  }

  static let head: [UInt8] = Array("sections:\n  - cells:\n      - { title: \"A".utf8)
  static let invalidByte: [UInt8] = head + [0xFF] + Array("\" }\n".utf8)
  static let nulByte: [UInt8] = head + [0x00] + Array("B\" }\n".utf8)
  static let badByteCases: [([UInt8], String)] = [
    (invalidByte, "a.yaml:3:20: the file is not UTF-8 text"),
    (nulByte, "a.yaml:3:20: not valid YAML or JSON: control characters are not allowed"),
  ]

  @Test(
    "an invalid UTF-8 byte and a NUL byte are reported at their line and column",
    arguments: badByteCases)
  func badBytes(_ bytes: [UInt8], _ expected: String) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(bytes).write(to: folder.appendingPathComponent("a.yaml"))
    let result = try runListRender(["render", "a.yaml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
  }

  @Test(
    "every number is finite and in range; image-size errors name the spec",
    arguments: [
      (
        "sections:\n  - cells: [ { kind: stereo, title: A, leadingImage: { image: x.png, size: .nan } } ]\n",
        "expected a number"
      ),
      ("canvas: { width: nan }\nsections:\n  - cells: [ { title: A } ]\n", "expected a number"),
      ("canvas: { scale: .inf }\nsections:\n  - cells: [ { title: A } ]\n", "expected a number"),
      (
        "canvas: { scale: 4 }\nsections:\n  - cells:\n"
          + String(repeating: "      - { title: A }\n", count: 200),
        "a.yaml:1:18: canvas.scale: the image would be"
      ),
    ])
  func numbers(_ text: String, _ expected: String) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    let result = try runListRender(["render", "a.yaml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
  }
}

/// What a spec may read: its own folder, and folders given with --allow-path.
@Suite("Bad-input catalogue: path policy", .tags(.cli))
struct PathPolicyCatalogueTests {
  /// `outside/secret.png` beside `spec/`, the spec in `spec/`.
  private func layout() throws -> URL {
    let root = try Paths.temporaryFolder()
    for folder in ["spec", "outside"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("assets/star.png"),
      to: root.appendingPathComponent("outside/secret.png"))
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("spec/link.png").path,
      withDestinationPath: root.appendingPathComponent("outside/secret.png").path)
    return root
  }

  @Test(
    "paths that leave the spec's folder are refused, naming where they lead and the flag",
    arguments: [
      "../outside/secret.png", "link.png",
      "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss",
    ])
  func outside(_ image: String) throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(at: root) }
    try "sections:\n  - cells: [ { title: A, asset: { image: \"\(image)\" } } ]\n".write(
      to: root.appendingPathComponent("spec/a.yaml"), atomically: true, encoding: .utf8)
    let result = try runListRender(["render", "a.yaml"], in: root.appendingPathComponent("spec"))
    #expect(result.status == 2)
    #expect(result.stderr.contains("a.yaml:2:"), "\(result.stderr)")
    #expect(result.stderr.contains("outside the folders this spec may read"))
    #expect(result.stderr.contains("--allow-path"))
    // Allowed, it renders.
    let allowed = (image as NSString).deletingLastPathComponent
    let folder = image.hasPrefix("/") ? allowed : root.appendingPathComponent("outside").path
    let widened = try runListRender(
      ["render", "a.yaml", "--allow-path", folder], in: root.appendingPathComponent("spec"))
    if image.hasSuffix(".png") { #expect(widened.status == 0, "\(widened.stderr)") }
  }

  @Test("an SVG's references to other files, absolute, relative or remote, are never followed")
  func svgReferences() throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(at: root) }
    let plain =
      "<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24'><rect width='24' height='24' fill='#0a0'/></svg>"
    let reaching = """
      <svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='24' height='24'>
      <rect width='24' height='24' fill='#0a0'/>
      <image href='file:///etc/passwd' width='24' height='24'/>
      <image xlink:href='../outside/secret.png' width='24' height='24'/>
      <image href='http://127.0.0.1:9/x.png' width='24' height='24'/>
      </svg>
      """
    let spec = root.appendingPathComponent("spec")
    try plain.write(to: spec.appendingPathComponent("plain.svg"), atomically: true, encoding: .utf8)
    try reaching.write(
      to: spec.appendingPathComponent("reaching.svg"), atomically: true, encoding: .utf8)
    for name in ["plain", "reaching"] {
      try
        "canvas: { width: 100, scale: 1 }\nsections:\n  - cells: [ { title: A, asset: { icon: \(name).svg, template: false } } ]\n"
        .write(to: spec.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
      let result = try runListRender(["render", "\(name).yaml"], in: spec)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let a = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: spec.appendingPathComponent("plain.png"))))
    let b = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: spec.appendingPathComponent("reaching.png"))))
    #expect(a == b)
  }
}
