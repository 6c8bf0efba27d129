import Foundation
import ImageCodec
import RenderTestSupport
import TestLevels
import Testing

/// Outputs through links, all-or-nothing outputs, specs from pipes and the dump's line texts:
/// the shell's rules, as a user relies on them.
@Suite("Bad-input catalogue: links, pipes, all or nothing", .tags(.cli))
struct LinksAndPipesTests {
  private let spec = "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: B } ]\n"
  private let animation = """
    canvas: { width: 120, scale: 1 }
    sections:
      - cells: [ { title: B } ]
    animation: { fps: 10, duration: 0.3, events: [ { at: 0, press: { section: 0, item: 0, x: 10, y: 10 } } ] }
    """

  private func folder(with files: [String: String] = [:]) throws -> URL {
    try Paths.temporaryFolder(with: files)
  }

  private func isLink(_ url: URL) -> Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
  }

  private func startsAsPNG(_ url: URL) -> Bool {
    (try? Data(contentsOf: url).prefix(8))
      == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  /// `name` in `folder` made a link to `real/target` (the folder made).
  private func link(_ name: String, to target: String, in folder: URL) throws -> URL {
    let real = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    return url
  }

  @Test("-o and --layout through links write the link's target; the links stay")
  func renderThroughLinks() throws {
    let folder = try folder(with: ["a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try link("out.png", to: "real/target.png", in: folder)
    let json = try link("out.json", to: "real/target.json", in: folder)
    let result = try runListRender(
      ["render", "a.yaml", "-o", "out.png", "--layout", "out.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(isLink(png) && isLink(json))
    #expect(startsAsPNG(folder.appendingPathComponent("real/target.png")))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("real/target.json").path)
    )
  }

  @Test("--apng, --gif and the frames of -o DIR through links write the targets")
  func animateThroughLinks() throws {
    let folder = try folder(with: ["a.yaml": animation])
    defer { try? FileManager.default.removeItem(at: folder) }
    let apng = try link("a.apng.png", to: "real/a.png", in: folder)
    let gif = try link("a.gif", to: "real/a.gif", in: folder)
    let frames = folder.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    let frame = frames.appendingPathComponent("frame-0000.png")
    try FileManager.default.createSymbolicLink(
      atPath: frame.path, withDestinationPath: "../real/frame.png")
    let result = try runListRender(
      ["animate", "a.yaml", "--apng", "a.apng.png", "--gif", "a.gif", "-o", "frames"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(isLink(apng) && isLink(gif) && isLink(frame))
    #expect(startsAsPNG(folder.appendingPathComponent("real/a.png")))
    #expect(startsAsPNG(folder.appendingPathComponent("real/frame.png")))
    let gifBytes = try Data(contentsOf: folder.appendingPathComponent("real/a.gif"))
    #expect(gifBytes.prefix(6) == Data("GIF89a".utf8))
  }

  @Test("record on goldens that are links writes the files they lead to")
  func goldenLinkFarm() throws {
    let folder = try folder(with: ["Fixtures/area/a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Golden/area"), withIntermediateDirectories: true)
    let golden = folder.appendingPathComponent("Golden/area/a.png")
    try FileManager.default.createSymbolicLink(
      atPath: golden.path, withDestinationPath: store.appendingPathComponent("a.png").path)
    let result = try runListRender(
      ["record", "Fixtures", "--golden", "Golden", "--report", "report"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(isLink(golden))
    #expect(startsAsPNG(store.appendingPathComponent("a.png")))
  }

  @Test(
    "a descriptor link (/proc/self/fd/1, /dev/stdout) takes the bytes; nothing is renamed over it")
  func descriptorLinks() throws {
    let folder = try folder(with: ["a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    // Standard output a pipe.
    for path in ["/dev/stdout", "/proc/self/fd/1"] {
      let piped = try runListRender(["render", "a.yaml", "-o", path], in: folder)
      #expect(piped.status == 0, "\(piped.stderr)")
      #expect(piped.stdoutBytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
    // Standard output a file, through a link of our own to the descriptor (a regression would
    // replace this link, never /dev/stdout).
    let mine = try link("stdout-link", to: "/proc/self/fd/1", in: folder)
    #expect(try runShell("\"$0\" render a.yaml -o stdout-link > out.png", in: folder) == 0)
    #expect(isLink(mine))
    #expect(startsAsPNG(folder.appendingPathComponent("out.png")))
  }

  @Test("a second output that cannot be written leaves no first one")
  func allOrNothing() throws {
    let folder = try folder(with: ["a.yaml": spec, "notafolder": "x"])
    defer { try? FileManager.default.removeItem(at: folder) }
    for layout in ["notafolder/layout.json", "/proc/listrender-test/layout.json"] {
      let result = try runListRender(
        ["render", "a.yaml", "-o", "out.png", "--layout", layout], in: folder)
      #expect(result.status != 0)
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
      #expect(result.stderr.contains("cannot write"))
    }
    let vector = try runListRender(
      ["render", "a.yaml", "-o", "out.svg", "--layout", "notafolder/layout.json"], in: folder)
    #expect(vector.status != 0)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.svg").path))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") })
  }

  @Test(
    "a full disk under --apng, --gif and -o DIR names the file and leaves nothing",
    .enabled(if: FullDisk.canMount, "needs root and a tmpfs mount for a full disk"))
  func fullDisk() throws {
    let folder = try folder(with: [
      "a.yaml": animation.replacingOccurrences(of: "duration: 0.3", with: "duration: 3")
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = folder.appendingPathComponent("small")
    let disk = try #require(try FullDisk(at: small))
    defer { disk.unmount() }
    for (option, name) in [("--apng", "a.png"), ("--gif", "a.gif"), ("-o", "frames")] {
      let result = try runListRender(
        ["animate", "a.yaml", "--scale", "4", option, "small/" + name], in: folder)
      #expect(result.status == 1, "\(option): \(result.stderr)")
      #expect(
        result.stderr.contains("cannot write \(small.lastPathComponent)/")
          || result.stderr.contains("cannot write small/"), "\(result.stderr)")
      #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: small.path).isEmpty)
    }
  }

  @Test("a spec from a pipe: process substitution, a FIFO with a writer, and one without")
  func specFromPipe() throws {
    let folder = try folder(with: ["a.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runShell("\"$0\" render <(cat a.yaml) -o piped.png", in: folder) == 0)
    #expect(startsAsPNG(folder.appendingPathComponent("piped.png")))
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // No writer: read as an empty spec at once, never a wait.
    let started = Date()
    let lonely = try runListRender(["render", "fifo", "-o", "lonely.png"], in: folder)
    #expect(lonely.status == 2)
    #expect(lonely.stderr.contains("the spec is empty"))
    #expect(Date().timeIntervalSince(started) < 5)
    // A writer waiting for a reader.
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "cat a.yaml > fifo"]
    writer.currentDirectoryURL = folder
    try writer.run()
    Thread.sleep(forTimeInterval: 0.2)
    let fed = try runListRender(["render", "fifo", "-o", "fed.png"], in: folder)
    writer.waitUntilExit()
    #expect(fed.status == 0, "\(fed.stderr)")
    #expect(startsAsPNG(folder.appendingPathComponent("fed.png")))
    // Folders and devices stay refused.
    let device = try runListRender(["render", "/dev/zero", "-o", "z.png"], in: folder)
    #expect(device.status == 2)
  }

  @Test("the layout dump's line text is what the line shows, ellipsis included")
  func dumpShowsTruncatedText() throws {
    let folder = try folder(with: [
      "a.yaml": """
      canvas: { width: 200, scale: 1 }
      sections:
        - cells:
            - title: { text: "Line A\\nLine B\\nLine C", maxLines: 1 }
              subtitle: { text: "One\\nTwo\\nThree", maxLines: 2 }
              description: { text: "A description far too long for one line of this canvas", maxLines: 1 }
      """
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      ["render", "a.yaml", "-o", "a.png", "--layout", "a.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try String(contentsOf: folder.appendingPathComponent("a.json"), encoding: .utf8)
    #expect(json.contains("\"text\" : \"Line A…\""))
    #expect(json.contains("\"text\" : \"One\""))
    #expect(json.contains("\"text\" : \"Two…\""))
    #expect(json.contains("\"text\" : \"A description"))
    #expect(!json.contains("\"text\" : \"Two\\nThree\""))
    #expect(!json.contains("Line B"))
  }

  /// The bytes of `name` in `folder` (empty when there is none).
  private func contents(_ name: String, in folder: URL) -> Data {
    (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
  }

  @Test("standard output full, closed or gone: exit 1 with a message, never a crash or a signal")
  func standardOutputFailures() throws {
    // A list long enough that its PNG outgrows a pipe's buffer (64 KiB).
    let rows = (0..<300).map { "      - { title: Row \($0), subtitle: 'Subtitle \($0 * 7919)' }" }
    let long =
      "canvas: { width: 600, scale: 1 }\nsections:\n  - cells:\n" + rows.joined(separator: "\n")
    let folder = try folder(with: ["a.yaml": spec, "long.yaml": long])
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      "$0" render a.yaml -o - > /dev/full 2> full.err; echo $? > full.rc
      "$0" render a.yaml -o - >&- 2> closed.err; echo $? > closed.rc
      "$0" render a.yaml -o /dev/stdout >&- 2> closed2.err; echo $? > closed2.rc
      "$0" render long.yaml -o - 2> pipe.err | head -c 1 > /dev/null
      echo ${PIPESTATUS[0]} > pipe.rc
      """
    _ = try runShell(script, in: folder)
    for (name, reason) in [
      ("full", "cannot write -: the disk is full"),
      ("closed", "cannot write -: it is not open for writing"),
      ("closed2", "cannot write /dev/stdout: it is not open for writing"),
      ("pipe", "cannot write -: the pipe's reader has closed it"),
    ] {
      let status = String(decoding: contents("\(name).rc", in: folder), as: UTF8.self)
      let message = String(decoding: contents("\(name).err", in: folder), as: UTF8.self)
      #expect(status == "1\n", "\(name): exit \(status) \(message)")
      #expect(message.contains(reason), "\(name): \(message)")
      #expect(!message.contains("Fatal error"), "\(name)")
    }
  }

  @Test("the name picks the format; - is standard output for every output; devices take all")
  func standardOutputEverywhere() throws {
    let folder = try folder(with: ["a.yaml": spec, "m.yaml": animation])
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      ln -s /dev/stdout out.pdf
      "$0" render a.yaml -o out.pdf | cat > pdf.bytes
      "$0" render a.yaml -o - --format svg | cat > svg.bytes
      "$0" render a.yaml -o x.png --layout - | cat > layout.bytes
      "$0" animate m.yaml --gif /dev/stdout 2> gif.err | cat > gif.bytes
      "$0" animate m.yaml --apng - 2> /dev/null | cat > apng.bytes
      "$0" animate m.yaml --apng /dev/fd/1 --gif /dev/null 2> /dev/null | cat > fd.bytes
      """
    #expect(try runShell(script, in: folder) == 0)
    #expect(contents("pdf.bytes", in: folder).prefix(4) == Data("%PDF".utf8))
    #expect(String(decoding: contents("svg.bytes", in: folder), as: UTF8.self).contains("<svg"))
    let layout = contents("layout.bytes", in: folder)
    #expect((try? JSONSerialization.jsonObject(with: layout)) != nil, "layout on stdout")
    #expect(contents("gif.bytes", in: folder).prefix(6) == Data("GIF89a".utf8))
    #expect(String(decoding: contents("gif.err", in: folder), as: UTF8.self).contains("wrote"))
    for name in ["apng.bytes", "fd.bytes"] {
      let bytes = contents(name, in: folder)
      #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(name)")
      #expect(bytes.range(of: Data("acTL".utf8)) != nil, "\(name) is animated")
    }
    // No file is named -.
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    // Two outputs that lead to standard output are refused before anything is written.
    let both = try runListRender(
      ["render", "a.yaml", "-o", "-", "--layout", "/dev/stdout"], in: folder)
    #expect(both.status == 2)
    #expect(both.stderr.contains("both write"), "\(both.stderr)")
    #expect(both.stdoutBytes.isEmpty)
  }
}
