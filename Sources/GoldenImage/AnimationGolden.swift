import Foundation
import ImageCodec

extension GoldenReport {
  /// An animation golden's failure, frame by frame: what the report's frame scrubber shows.
  public struct FrameArtifacts: Sendable {
    /// Frames per second of the new render.
    public var fps: Double
    /// The first frame that differs (0-based).
    public var firstDiffering: Int
    /// Each frame's expected image (frames that repeat share one file).
    public var expected: [String]
    /// Each frame's actual image.
    public var actual: [String]
    /// Each frame's diff image; nil for a frame that matches.
    public var diff: [String?]

    /// Frame artifacts from their parts.
    public init(
      fps: Double, firstDiffering: Int, expected: [String], actual: [String], diff: [String?]
    ) {
      self.fps = fps
      self.firstDiffering = firstDiffering
      self.expected = expected
      self.actual = actual
      self.diff = diff
    }
  }
}

extension GoldenStrategy where Value == FrameSequence, Format == FrameSequence {
  /// Animations, kept as one lossless APNG and compared frame by frame.
  public static var animation: GoldenStrategy<FrameSequence, FrameSequence> {
    GoldenStrategy(format: .animation) { $0 }
  }
}

extension GoldenFormat where Format == FrameSequence {
  /// Animation goldens: one lossless APNG (`<name>.apng.png`, identical neighbouring frames
  /// merged, each later frame only the rectangle that changed) carrying the checker's
  /// fingerprint. Every frame is compared with the checker's ``GoldenPolicy``, as a still is,
  /// and the timing exactly (frame rate, frame count, each frame's delay); a frame whose
  /// pixels are the very same as the frame before it, in both, is not compared again. A
  /// failure names the frames that differ and the first one's time and pixel count
  /// (`frames 12–17 of 36 differ (first at 0.600 s: 2,315 px)`), writes that frame's expected,
  /// diff, actual and panel images (`<name>.frame-0012.*.png`), and every frame for the
  /// report's scrubber (`<name>.frames/`).
  public static var animation: GoldenFormat<FrameSequence> {
    GoldenFormat(
      pathExtension: "apng.png",
      encode: { sequence, check in
        let alpha = sequence.frames.indices.contains { index in
          let frame = sequence.frames[index]
          return (index == 0 || !sameStorage(frame, sequence.frames[index - 1])) && !frame.isOpaque
        }
        let apng = try APNGCodec.encode(sequence, alpha: alpha)
        var text = check.animationMetadata()
        if !check.fingerprint.isEmpty {
          text[GoldenCheck.fingerprintKey] = GoldenCheck.format(check.fingerprint)
        }
        guard !text.isEmpty else { return apng }
        return try PNGText.insert(text, into: apng)
      },
      decode: { try APNGCodec.decode($0) },
      recordedFingerprint: { bytes in
        PNGText.read(bytes, only: GoldenCheck.fingerprintKey)[GoldenCheck.fingerprintKey]
          .map(GoldenCheck.parse)
      },
      compare: { expected, actual, check, base in
        try compareAnimations(expected: expected, actual: actual, check: check, base: base)
      })
  }
}

/// The most frames a failure's scrubber shows (and writes files for).
let maxScrubbedFrames = 1_000

/// Whether two images hold the very same pixel buffer (a repeated frame).
private func sameStorage(_ a: Bitmap, _ b: Bitmap) -> Bool {
  a.pixels.withUnsafeBufferPointer { x in
    b.pixels.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
  }
}

private func compareAnimations(
  expected: FrameSequence, actual: FrameSequence, check: GoldenCheck, base: String
) throws -> GoldenComparison {
  let count = min(expected.frames.count, actual.frames.count)
  var differing: [Int] = []
  var first: (index: Int, verdict: GoldenVerdict, diff: Bitmap?)?
  var diffs: [Int: Bitmap] = [:]
  var previous: (verdict: GoldenVerdict, diff: Bitmap?)?
  for index in 0..<count {
    let e = expected.frames[index]
    let a = actual.frames[index]
    let result: (verdict: GoldenVerdict, diff: Bitmap?)
    if index > 0, let previous, sameStorage(e, expected.frames[index - 1]),
      sameStorage(a, actual.frames[index - 1])
    {
      result = previous
    } else {
      result = compareImages(expected: e, actual: a, policy: check.policy)
    }
    previous = result
    guard !result.verdict.passed else { continue }
    differing.append(index)
    if let diff = result.diff { diffs[index] = diff }
    if first == nil { first = (index, result.verdict, result.diff) }
  }
  let timing = timingDifference(expected: expected, actual: actual)
  let total = max(expected.frames.count, actual.frames.count)
  if differing.isEmpty && timing == nil {
    return GoldenComparison(
      passed: true, verdict: .identical,
      summary: "all \(total) frames match at \(formatted(actual.fps)) fps")
  }
  var parts: [String] = []
  if let first {
    let pixels: String
    switch first.verdict {
    case .different(let differing, _): pixels = "\(grouped(differing)) px"
    default: pixels = first.verdict.summary
    }
    parts.append(
      "\(differing.count == 1 ? "frame" : "frames") \(ranges(differing)) of \(total) differ"
        + " (first at \(String(format: "%.3f", actual.time(ofFrame: first.index))) s: \(pixels))")
  }
  if let timing { parts.append(timing) }
  // The first differing frame's images (or, when only the timing differs, the first frame
  // past the shorter sequence's end, else frame 0), and every frame for the scrubber.
  let shown = first?.index ?? min(count, max(0, count - 1))
  let e = expected.frames[min(shown, expected.frames.count - 1)]
  let a = actual.frames[min(shown, actual.frames.count - 1)]
  let frameBase = base + ".frame-" + String(format: "%04d", shown)
  var (artifacts, files) = try check.imageArtifacts(
    base: frameBase, expected: e, actual: a, diff: first?.diff)
  var frames = GoldenReport.FrameArtifacts(
    fps: actual.fps, firstDiffering: shown, expected: [], actual: [], diff: [])
  let folder = base + ".frames"
  // The scrubber shows at most `maxScrubbedFrames` frames; a file is written per distinct frame
  // (a held frame, or the shorter sequence's last frame repeated, reuses its file), so a
  // golden claiming hours of one frame writes a bounded number of files.
  let scrubbed = min(total, maxScrubbedFrames)
  for (role, sequence) in [("expected", expected), ("actual", actual)] {
    var paths: [String] = []
    var lastFrame = -1
    for index in 0..<scrubbed {
      let frame = min(index, sequence.frames.count - 1)
      if let last = paths.last,
        frame == lastFrame
          || (frame > 0 && sameStorage(sequence.frames[frame], sequence.frames[frame - 1]))
      {
        lastFrame = frame
        paths.append(last)
        continue
      }
      lastFrame = frame
      let path = folder + "/\(role)-" + String(format: "%04d", index) + ".png"
      files.append((path, try PNGCodec.encode(sequence.frames[frame])))
      paths.append(path)
    }
    if role == "expected" { frames.expected = paths } else { frames.actual = paths }
  }
  for index in 0..<scrubbed {
    guard let diff = diffs[index] else {
      frames.diff.append(nil)
      continue
    }
    let path = folder + "/diff-" + String(format: "%04d", index) + ".png"
    files.append((path, try PNGCodec.encode(diff)))
    frames.diff.append(path)
  }
  artifacts.frames = frames
  var details = ["frame \(shown), expected | diff | actual: \(artifacts.panel ?? artifacts.actual)"]
  details.append("every frame: \(folder)/")
  return GoldenComparison(
    passed: false, verdict: first?.verdict, summary: parts.joined(separator: "; "),
    details: details, artifacts: artifacts, files: files)
}

/// How the timing of two sequences differs (frame rate, frame count, each APNG frame's
/// delay), or nil when it is the same.
private func timingDifference(expected: FrameSequence, actual: FrameSequence) -> String? {
  if expected.fps != actual.fps || expected.frames.count != actual.frames.count {
    return
      "the timing differs: expected \(expected.frames.count) frames at \(formatted(expected.fps)) fps, "
      + "actual \(actual.frames.count) at \(formatted(actual.fps)) fps"
  }
  let old = expected.delays
  let new = actual.delays
  guard old != new else { return nil }
  let index =
    zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(old.count, new.count)
  let say = { (delays: [Double]) in
    index < delays.count ? String(format: "%.3f s", delays[index]) : "none"
  }
  return
    "the frame delays differ: held frame \(index) lasts \(say(new)), expected \(say(old))"
    + " (\(new.count) held frames, expected \(old.count))"
}

/// Frame indices (from 0) as runs: `12–17, 20`; at most six runs, then an ellipsis.
private func ranges(_ indices: [Int]) -> String {
  var parts: [String] = []
  var start = indices.first ?? 0
  var end = start
  for index in indices.dropFirst() {
    if index == end + 1 {
      end = index
      continue
    }
    parts.append(start == end ? "\(start)" : "\(start)–\(end)")
    start = index
    end = index
  }
  if !indices.isEmpty { parts.append(start == end ? "\(start)" : "\(start)–\(end)") }
  return parts.count > 6
    ? parts.prefix(6).joined(separator: ", ") + ", …" : parts.joined(separator: ", ")
}

private func grouped(_ value: Int) -> String {
  let digits = String(value)
  var out = ""
  for (offset, character) in digits.enumerated() {
    if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
    out.append(character)
  }
  return out
}

private func formatted(_ fps: Double) -> String {
  fps == fps.rounded() ? String(Int(fps)) : String(fps)
}
