import ArgumentParser
import Dispatch
import Foundation
import GoldenImage
import GoldenSuite
import ImageCodec
import ListRender
import Synchronization

struct Animate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "animate",
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

  @Option(
    name: .customLong("allow-path"),
    help:
      "Also let the spec read files under this folder (repeatable; default: only its own folder)."
  )
  var allowedFolders: [String] = []

  @Option(help: "Only frames A..B (inclusive, 0-based).")
  var frames: String?

  @Option(help: "Device pixels per point, overriding canvas.scale (\(SpecLimits.scaleRange.text)).")
  var scale: Double?

  @Option(help: "Canvas width in points, overriding canvas.width (\(SpecLimits.widthRange.text)).")
  var width: Double?

  func validate() throws {
    try require(scale, in: SpecLimits.scaleRange, option: "scale")
    try require(width, in: SpecLimits.widthRange, option: "width")
    if let frames, Self.parseRange(frames) == nil {
      throw ValidationError("--frames must be A..B with 0 ≤ A ≤ B, such as 0..29")
    }
  }

  static func parseRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.components(separatedBy: "..").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 0, parts[0] <= parts[1] else { return nil }
    return parts[0]...parts[1]
  }

  @Flag(
    name: .long,
    help:
      "Draw characters that no font has as boxes, with a warning per label, instead of failing."
  )
  var allowMissingGlyphs = false

  func run() throws {
    do {
      let renderer = try ListRenderer()
      renderer.allowsMissingGlyphs = allowMissingGlyphs
      let document = try loadDocument(
        spec, renderer: renderer, scale: scale, width: width, allowing: allowedFolders)
      guard let animation = document.animation else {
        throw CommandFailure(
          "\(spec ?? Showcase.name): the spec has no `animation:` section",
          status: ExitStatus.badInput)
      }
      let all = 0..<animation.frameCount
      var range = all
      if let frames, let chosen = Self.parseRange(frames) {
        guard chosen.upperBound < animation.frameCount else {
          throw CommandFailure(
            "--frames \(frames): the animation has frames 0..\(animation.frameCount - 1)",
            status: ExitStatus.badInput)
        }
        range = chosen.lowerBound..<(chosen.upperBound + 1)
      }
      let folder =
        output
        ?? (apng == nil && gif == nil
          ? URL(fileURLWithPath: spec ?? Showcase.name).deletingPathExtension().lastPathComponent
            + "-frames" : nil)
      let frameNames = range.map { String(format: "frame-%04d", $0) }
      try checkOutputs(
        (apng.map { [("--apng", $0)] } ?? []) + (gif.map { [("--gif", $0)] } ?? []),
        inputs: (spec.map { [("the spec", $0)] } ?? [])
          + document.resourcePaths.map { ("a file the spec uses", $0) },
        folders: (folder.map { [("-o", $0, frameNames.map { $0 + ".png" })] } ?? [])
          + (layoutFolder.map { [("--layout", $0, frameNames.map { $0 + ".json" })] } ?? []))
      // Folders this run makes go again if it fails or is interrupted (when left empty).
      for made in [folder, layoutFolder].compactMap({ $0 })
      where !FileManager.default.fileExists(atPath: made) {
        Interruption.removeFolderOnInterrupt(made)
      }
      let alpha = (document.canvas.background?.alpha ?? 1) < 1
      let apngWriter = try apng.map {
        try APNGWriter(path: $0, fps: animation.fps, alpha: alpha)
      }
      let gifWriter = try gif.map { try GIFWriter(path: $0, fps: animation.fps) }
      let progress = ProgressBar(total: range.count)
      // PNG frames and layouts are encoded and written on a second thread while the next frame
      // is painted; APNG and GIF frames are added here, in order.
      let pipeline = FramePipeline()
      let frameFiles = FrameFiles()
      var seen: Set<String> = []
      try renderer.layoutFrames(document, range: range) { index, state, tree in
        for warning in missingGlyphWarnings(tree, seen: &seen) {
          FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        let image = try renderer.paintImage(tree)
        let layoutJSON = try layoutFolder.map { _ in
          try FrameDump(
            time: AnimationTimeline.time(ofFrame: index, fps: animation.fps), frame: state,
            tree: tree
          ).json()
        }
        let layoutFolder = layoutFolder
        try pipeline.submit {
          // Frames written by this run go again if it is interrupted.
          if let layoutFolder, let layoutJSON {
            let path = (layoutFolder as NSString).appendingPathComponent(
              String(format: "frame-%04d.json", index))
            Interruption.removeOnInterrupt(path)
            try AtomicFile.write(layoutJSON, to: path)
          }
          if let folder {
            let path = (folder as NSString).appendingPathComponent(
              String(format: "frame-%04d.png", index))
            Interruption.removeOnInterrupt(path)
            try AtomicFile.write(try frameFiles.png(for: image, alpha: alpha), to: path)
          }
        }
        if apngWriter != nil || gifWriter != nil {
          let frame = try image.bitmap()
          try apngWriter?.add(frame)
          try gifWriter?.add(frame)
        }
        progress.update(done: index - range.lowerBound + 1, label: "frames")
      }
      try pipeline.finish()
      for name in frameNames {
        if let folder {
          Interruption.forget((folder as NSString).appendingPathComponent(name + ".png"))
        }
        if let layoutFolder {
          Interruption.forget((layoutFolder as NSString).appendingPathComponent(name + ".json"))
        }
      }
      try apngWriter?.finish()
      try gifWriter?.finish()
      progress.finish()
      var written: [String] = []
      if let folder { written.append("\(range.count) frames in \(folder)/") }
      if let apng { written.append(apng) }
      if let gif { written.append(gif) }
      print("wrote " + written.joined(separator: ", "))
    } catch let failure as CommandFailure {
      Interruption.removeAll()
      throw failure
    } catch {
      // Nothing partial is left: the frames this run wrote go too.
      Interruption.removeAll()
      throw CommandFailure.wrapping(error, file: spec ?? Showcase.name)
    }
  }
}
