import ArgumentParser
import Foundation
import GoldenImage
import ImageCodec
import ListRender

struct Animate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render the frames of a spec's animation: PNG files, an APNG and/or a GIF.",
    discussion: """
      Frame i shows the list at i / fps seconds (a virtual clock), so the same spec gives the
      same frames. Frames are encoded as they are drawn. With no spec, the built-in showcase's
      animation. With no output option, frames go to <spec name>-frames/.
      """)

  @Argument(help: "The spec file (with an `animation:` section).")
  var spec: String?

  @Option(name: .shortAndLong, help: "Write frame-0000.png, frame-0001.png, … into this folder.")
  var output: String?

  @Option(help: "Write one animated PNG.")
  var apng: String?

  @Option(help: "Write one animated GIF (libimagequant palettes, giflib).")
  var gif: String?

  @Option(
    name: .customLong("layout"),
    help:
      "Also write each frame's layout (frame-0000.json, …: cells' identity, height, expand state, alpha) into this folder."
  )
  var layoutFolder: String?

  @Option(help: "Only frames A..B (inclusive, 0-based).")
  var frames: String?

  @Option(help: "Device pixels per point, overriding canvas.scale (0.5...4).")
  var scale: Double?

  @Option(help: "Canvas width in points, overriding canvas.width (1...4096).")
  var width: Double?

  func validate() throws {
    if let scale, !SpecLimits.scaleRange.contains(scale) {
      throw ValidationError("--scale must be within 0.5...4")
    }
    if let width, !SpecLimits.widthRange.contains(width) {
      throw ValidationError("--width must be within 1...4096")
    }
    if let frames, Self.parseRange(frames) == nil {
      throw ValidationError("--frames must be A..B with 0 ≤ A ≤ B, such as 0..29")
    }
  }

  static func parseRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.components(separatedBy: "..").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 0, parts[0] <= parts[1] else { return nil }
    return parts[0]...parts[1]
  }

  func run() throws {
    do {
      let renderer = try ListRenderer()
      let document = try loadDocument(spec, renderer: renderer, scale: scale, width: width)
      guard let animation = document.animation else {
        printError("\(spec ?? Showcase.name): the spec has no `animation:` section")
        throw ReportedFailure(status: ExitStatus.badInput)
      }
      let all = 0..<animation.frameCount
      var range = all
      if let frames, let chosen = Self.parseRange(frames) {
        guard chosen.upperBound < animation.frameCount else {
          printError("--frames \(frames): the animation has frames 0..\(animation.frameCount - 1)")
          throw ReportedFailure(status: ExitStatus.badInput)
        }
        range = chosen.lowerBound..<(chosen.upperBound + 1)
      }
      let folder =
        output
        ?? (apng == nil && gif == nil
          ? URL(fileURLWithPath: spec ?? Showcase.name).deletingPathExtension().lastPathComponent
            + "-frames" : nil)
      let alpha = (document.canvas.background?.alpha ?? 1) < 1
      let apngWriter = try apng.map {
        try APNGWriter(path: $0, frameCount: range.count, fps: animation.fps, alpha: alpha)
      }
      let gifWriter = try gif.map { try GIFWriter(path: $0, fps: animation.fps) }
      let progress = FrameProgress(total: range.count)
      try renderer.layoutFrames(document, range: range) { index, state, tree in
        let frame = try renderer.paint(tree)
        if let layoutFolder {
          let name = String(format: "frame-%04d.json", index)
          let dump = FrameDump(
            time: AnimationTimeline.time(ofFrame: index, fps: animation.fps), frame: state,
            tree: tree)
          try AtomicFile.write(
            [UInt8](try dump.json()), to: (layoutFolder as NSString).appendingPathComponent(name))
        }
        if let folder {
          let name = String(format: "frame-%04d.png", index)
          try AtomicFile.write(
            try PNGCodec.encode(frame, alpha: alpha),
            to: (folder as NSString).appendingPathComponent(name))
        }
        try apngWriter?.add(frame)
        try gifWriter?.add(frame)
        progress.update(done: index - range.lowerBound + 1)
      }
      try apngWriter?.finish()
      try gifWriter?.finish()
      progress.finish()
      var written: [String] = []
      if let folder { written.append("\(range.count) frames in \(folder)/") }
      if let apng { written.append(apng) }
      if let gif { written.append(gif) }
      print("wrote " + written.joined(separator: ", "))
    } catch let failure as ReportedFailure {
      throw failure
    } catch {
      throw report(error)
    }
  }
}

/// A progress bar on a terminal; silent otherwise.
struct FrameProgress {
  let total: Int
  private let terminal = isatty(STDERR_FILENO) != 0

  init(total: Int) { self.total = total }

  func update(done: Int) {
    guard terminal else { return }
    let width = 30
    let filled = total == 0 ? width : width * done / total
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r\(bar) frame \(done)/\(total)\u{1B}[K".utf8))
  }

  func finish() {
    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
