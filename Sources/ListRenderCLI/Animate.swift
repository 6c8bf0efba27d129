import ArgumentParser
import Dispatch
import FileIO
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

  @Option(
    name: .customLong("frame-format"),
    help: "The files -o writes: png (frame-0000.png, …) or webp (lossless, frame-0000.webp, …).")
  var frameFormat: RasterFormat = .png

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

  @OptionGroup var fileAccess: PathOptions

  @Option(help: "Only frames A..B (inclusive, 0-based).")
  var frames: String?

  @OptionGroup var canvas: CanvasOptions

  @OptionGroup var compression: CompressionOptions

  @OptionGroup var localeOption: LocaleOptions

  @OptionGroup var tokensOption: TokensOptions

  func validate() throws {
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
      let renderer = try EarlyRenderer.take()
      renderer.allowsMissingGlyphs = allowMissingGlyphs
      let document = try loadDocument(
        spec, renderer: renderer, scale: canvas.scale, width: canvas.width,
        allowing: fileAccess.allowedFolders, locale: localeOption.locale, warnings: true,
        tokens: try tokensOption.file())
      let command = AnimateCommand(
        spec: spec, folder: output, frameFormat: frameFormat, apng: apng, gif: gif,
        layouts: layoutFolder)
      try command.run(
        document, renderer: renderer,
        options: ExportOptions(
          spec: spec, frames: frames.flatMap(Self.parseRange),
          compression: compression.compression))
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: spec ?? Showcase.name)
    }
  }
}

extension RasterFormat: ExpressibleByArgument {}
