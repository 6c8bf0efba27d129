import Foundation
import ListRender
import Testing

/// The bad-input catalogue: each case runs the binary as a careless or hostile user would, and
/// checks the exit status, the message, and that nothing was left behind or changed.
@Suite("Bad-input catalogue: outputs")
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
    let folder = try Paths.temporaryFolder()
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
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
    // Wait until frames are being written, then interrupt.
    let frames = folder.appendingPathComponent("frames")
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline,
      ((try? FileManager.default.contentsOfDirectory(atPath: frames.path))?.count ?? 0) < 5
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
    #expect((try? contents(frames)) ?? [] == [])
    #expect(try contents(folder).filter { $0 != "frames" } == ["b.yaml"])
  }
}
