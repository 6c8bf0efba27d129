import Foundation
import ListRender
import TestSupport
import Testing

/// The virtual clock and `listrender animate` (issue 5).
@Suite("Animation")
struct AnimationTests {
  private let spec = """
    canvas: { width: 200, scale: 1 }
    sections:
      - cells:
          - { title: Pressed }
          - { style: boxed, title: Other }
    animation:
      fps: 20
      duration: 0.5
      events:
        - { at: 0.1, press: { section: 0, item: 0, x: 30, y: 20 } }
        - { at: 0.3, release: { section: 0, item: 0 } }
    """

  @Test(
    "frame i is the document at i / fps: the press carries its age, the release once it happened")
  func timeline() throws {
    let document = try ListDocument.decode(yaml: spec)
    #expect(document.animation?.frameCount == 10)
    #expect(AnimationTimeline.document(document, at: 0.05).sections[0].cells[0].ripple == nil)
    let held = AnimationTimeline.document(document, at: 0.2).sections[0].cells[0].ripple
    #expect(held?.x == 30 && held?.y == 20)
    #expect(abs((held?.elapsed ?? 0) - 0.1) < 1e-12)
    #expect(held?.release == nil)
    let released = AnimationTimeline.document(document, at: 0.4).sections[0].cells[0].ripple
    #expect(abs((released?.release ?? 0) - 0.2) < 1e-12)
    #expect(AnimationTimeline.document(document, at: 0.4).sections[0].cells[1].ripple == nil)
  }

  @Test("a refreshing spinner turns with the clock")
  func spinner() throws {
    let document = try ListDocument.decode(
      yaml:
        "sections: []\nrefreshControl: { refreshing: true, angle: 30 }\nanimation: { fps: 10, duration: 2 }"
    )
    #expect(AnimationTimeline.document(document, at: 0).refreshControl?.angle == 30)
    let later = try #require(AnimationTimeline.document(document, at: 1.333).refreshControl?.angle)
    #expect(abs(later - 390) < 1e-9)
  }

  @Test("events must name existing cells; frames are bounded")
  func badEvents() {
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells: [ { title: A } ]\nanimation: { events: [ { at: 0, press: { section: 0, item: 3 } } ] }"
      )
    }
    #expect(throws: SpecError.self) {
      try ListDocument.decode(yaml: "sections: []\nanimation: { fps: 120, duration: 60 }")
    }
  }

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
}
