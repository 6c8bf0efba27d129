import Foundation
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import GoldenImage
@testable import ImageCodec

/// Animation goldens: one lossless APNG per animated case, compared frame by frame, its timing
/// exactly.
@Suite("Animation goldens", .tags(.render))
struct AnimationGoldenTests {
  /// A solid image.
  private func solid(_ value: UInt8, width: Int = 8, height: Int = 6) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    bitmap.fill(red: value, green: 40, blue: 200 - value)
    return bitmap
  }

  @Test("an APNG keeps every frame: repeats, changed rectangles, alpha, holds past 655 steps")
  func roundTrip() throws {
    var moved = solid(10)
    moved[3, 2] = (255, 0, 0, 255)
    var clear = solid(10)
    clear[0, 0] = (1, 2, 3, 4)
    let frames =
      [solid(10), solid(10), moved, moved, solid(10)] + Array(repeating: clear, count: 700)
    let sequence = FrameSequence(frames: frames, fps: 60)
    let apng = try APNGCodec.encode(sequence, alpha: true)
    let back = try APNGCodec.decode(apng)
    #expect(back.fps == 60)
    #expect(back.frames.count == frames.count)
    #expect(back == sequence)
    // Identical neighbours are one APNG frame: four frames written.
    #expect(AnimationBytes.chunks(apng).filter { $0.type == "fcTL" }.count == 4)
    #expect(sequence.delays.count == 4)
    // Bytes that are no APNG, or an APNG without frames, are refused.
    #expect(throws: (any Error).self) { try APNGCodec.decode(Array("not a png".utf8)) }
    #expect(throws: (any Error).self) { try APNGCodec.decode(try PNGCodec.encode(solid(1))) }
  }

  @Test(
    "motion/four-states' golden passes on itself; moving an event by one frame names that frame")
  func eventMovedByOneFrame() throws {
    let renderer = try ListRenderer()
    var document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("motion/four-states.yaml").path,
      allowing: [Paths.fixtures.path])
    let check = strictGoldenCheck(renderer)
    let golden = Paths.golden.appendingPathComponent("motion/four-states.apng.png").path
    let strategy = GoldenStrategy<ListDocument, FrameSequence>.animation(renderer: renderer)
    let same = try check.verify(
      try strategy.snapshot(document), as: strategy.format, name: "motion/four-states",
      goldenPath: golden, mode: .never)
    #expect(same.passed, "\(same.message)")
    #expect(same.message == "motion/four-states: all 10 frames match at 10 fps")

    // The second toggle 0.1 s (one frame at 10 fps) later: the frames before it are the same.
    var animation = try #require(document.animation)
    animation.events[1].time = 0.4
    document.animation = animation
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var local = check
    local.artifactsFolder = folder.path
    let moved = try local.verify(
      try strategy.snapshot(document), as: strategy.format, name: "motion/four-states",
      goldenPath: golden, mode: .never)
    #expect(moved.outcome == .failed)
    #expect(
      moved.message.contains(
        "does not match: frames 4–8 of 10 differ (first at 0.400 s: 4,109 px); the frame delays differ"
      ), "\(moved.message)")
    let frames = try #require(moved.artifacts?.frames)
    #expect(frames.firstDiffering == 4)
    #expect(frames.expected.count == 10 && frames.actual.count == 10)
    #expect(frames.diff[3] == nil && frames.diff[4] != nil)
    // The first differing frame's panel, and every frame for the report's scrubber.
    let panel = try #require(moved.artifacts?.panel)
    #expect(panel.hasSuffix("motion/four-states.frame-0004.panel.png"))

    #expect(FileManager.default.fileExists(atPath: panel))
    for path in frames.expected + frames.actual + frames.diff.compactMap({ $0 }) {
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
    }
  }

  @Test("delays are compared exactly: frames within tolerance but held differently fail")
  func delaysExactly() throws {
    var nearly = solid(10)
    nearly[1, 1] = (11, 40, 190, 255)
    let expected = FrameSequence(frames: [solid(10), solid(10), solid(90)], fps: 20)
    let actual = FrameSequence(frames: [solid(10), nearly, solid(90)], fps: 20)
    var check = GoldenCheck(artifactsFolder: try Paths.temporaryFolder().path)
    defer { try? FileManager.default.removeItem(atPath: check.artifactsFolder) }
    check.policy.maxDiffPixels = 5
    let format = GoldenFormat<FrameSequence>.animation
    let held = try format.compare(expected, actual, check, check.artifactsFolder + "/held")
    #expect(!held.passed)
    #expect(
      held.summary
        == "the frame delays differ: held frame 0 lasts 0.050 s, expected 0.100 s (3 held frames, expected 2)"
    )
    // Another frame rate, the same pictures: the timing differs.
    let faster = FrameSequence(frames: expected.frames, fps: 25)
    let rate = try format.compare(expected, faster, check, check.artifactsFolder + "/rate")
    #expect(!rate.passed)
    #expect(rate.summary.contains("expected 3 frames at 20 fps, actual 3 at 25 fps"))
    #expect(try format.compare(expected, expected, check, check.artifactsFolder + "/same").passed)
  }
}
