import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The virtual clock and `listrender animate` (issue 5).
@Suite("Animation", .tags(.cli))
struct AnimationTests {
  private let spec = SampleDocuments.pressAnimation

  private func makeSpec() throws -> URL {
    let folder = try Paths.temporaryFolder()
    try spec.write(
      to: folder.appendingPathComponent("press.yaml"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("animate writes PNG frames, an APNG and a GIF with the right frame counts and delays")
  func outputs() throws {
    let folder = try makeSpec()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      ["animate", "press.yaml", "-o", "frames", "--apng", "press.png", "--gif", "press.gif"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let frames = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("frames").path)
    #expect(frames.sorted() == (0..<10).map { String(format: "frame-%04d.png", $0) })
    // APNG: as many frames as differ from the one before (identical ones merged), lasting
    // 10 × 1/20 s in all; libpng reads the first frame.
    let apng = [UInt8](try Data(contentsOf: folder.appendingPathComponent("press.png")))
    let chunks = AnimationBytes.chunks(apng)
    let acTL = try #require(chunks.first { $0.type == "acTL" })
    let controls = chunks.filter { $0.type == "fcTL" }
    #expect(AnimationBytes.be32(acTL.data, 0) == controls.count)
    #expect(controls.count < 10)
    let total = controls.reduce(0.0) {
      $0 + Double(AnimationBytes.be16($1.data, 20)) / Double(AnimationBytes.be16($1.data, 22))
    }
    #expect(abs(total - 0.5) < 1e-9)
    let first = try PNGCodec.decode(apng)
    let frame0 = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("frames/frame-0000.png"))))
    #expect(first == frame0)
    // GIF: as many images, 50 cs in all, looping.
    let gif = [UInt8](try Data(contentsOf: folder.appendingPathComponent("press.gif")))
    let (images, delays, loops) = AnimationBytes.gifFrames(gif)
    #expect(images == controls.count)
    #expect(delays.reduce(0, +) == 50)
    #expect(loops)
    #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
  }

  @Test("the same spec gives the same bytes: PNG frames, APNG and GIF alike")
  func deterministic() throws {
    let folder = try makeSpec()
    defer { try? FileManager.default.removeItem(at: folder) }
    for run in ["a", "b"] {
      let result = try runListRender(
        [
          "animate", "press.yaml", "-o", "frames-\(run)", "--apng", "\(run).png", "--gif",
          "\(run).gif",
        ],
        in: folder)
      #expect(result.status == 0, "\(result.stderr)")
    }
    for (a, b) in [
      ("a.png", "b.png"), ("a.gif", "b.gif"),
      ("frames-a/frame-0004.png", "frames-b/frame-0004.png"),
    ] {
      #expect(
        try Data(contentsOf: folder.appendingPathComponent(a))
          == Data(contentsOf: folder.appendingPathComponent(b)), "\(a)")
    }
  }

  @Test("--frames renders a range; bad ranges and specs without animation are bad input")
  func ranges() throws {
    let folder = try makeSpec()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(
      ["animate", "press.yaml", "--frames", "3..5", "-o", "part"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("part").path
      ).sorted()
        == ["frame-0003.png", "frame-0004.png", "frame-0005.png"])
    #expect(
      try runListRender(["animate", "press.yaml", "--frames", "5..10"], in: folder).status == 2)
    #expect(
      try runListRender(["animate", "press.yaml", "--frames", "banana"], in: folder).status == 2)
    try "sections: []\n".write(
      to: folder.appendingPathComponent("still.yaml"), atomically: true, encoding: .utf8)
    let still = try runListRender(["animate", "still.yaml"], in: folder)
    #expect(still.status == 2)
    #expect(still.stderr.contains("no `animation:`"))
  }

  @Test("animate --layout writes each frame's cells: identity, height, expand state, alpha")
  func frameLayoutFiles() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender([
      "animate", Paths.fixtures.appendingPathComponent("motion/expand.yaml").path,
      "-o", folder.appendingPathComponent("frames").path,
      "--layout", folder.appendingPathComponent("layout").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("layout").path
    ).sorted()
    #expect(files == (0..<7).map { String(format: "frame-%04d.json", $0) })
    let data = try Data(contentsOf: folder.appendingPathComponent("layout/frame-0003.json"))
    let dump = try JSONDecoder().decode(FrameDump.self, from: data)
    #expect(dump.time == 0.15)
    #expect(dump.cells.map(\.identity) == ["#0/Above", "#0/Delivery details", "#0/Below"])
    let expanding = dump.cells[1]
    #expect(expanding.expandState == "expanded")
    #expect(expanding.height > 60 && expanding.alpha == 1)
    #expect(dump.cells[0].expandState == nil)
  }
}
