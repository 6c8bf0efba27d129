import ArgumentParser
import CPangoThreads
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListRender

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a spec (YAML or JSON) to PNG; with no spec, the built-in showcase.",
    discussion: """
      Output is written to a temporary file and renamed, so a failed render leaves nothing.
      Exit status: 0 on success, 2 for a bad spec or arguments, 1 for other failures.
      """)

  @Argument(
    help: ArgumentHelp(
      "The spec file; - reads it from standard input. Omit it to render the built-in showcase.",
      valueName: "spec"))
  var spec: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Output: .png, .webp (lossless), or .svg / .pdf (vector, text as glyphs); - is standard output (PNG, or --format) (default: the spec's name with .png, here).",
      valueName: "file"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The output's format, whatever its name: png, webp, svg or pdf (default: by -o's extension; none: png).",
      valueName: "format"))
  var format: ImageFileFormat?

  @Option(
    name: .customLong("page-height"),
    help: ArgumentHelp(
      "Cut the image into pages this many points tall: NAME-0001.png, NAME-0002.png, … (PNG or WebP; a list taller than one image may be).",
      valueName: "points"))
  var pageHeight: Double?

  @Option(
    name: .long,
    help: "Also write the layout (frames in points, text lines) as JSON (- for standard output).")
  var layout: String?

  @Option(
    name: .long,
    help:
      "Also write what VoiceOver would read, element by element in reading order (label, value, traits, frame), as JSON."
  )
  var accessibility: String?

  @OptionGroup var canvas: CanvasOptions

  @OptionGroup var localeOption: LocaleOptions

  @OptionGroup var tokensOption: TokensOptions

  @Flag(
    help: ArgumentHelp(
      "Keep running: render again whenever the spec or a file it uses changes.",
      discussion:
        "Errors are printed and the watch goes on; stop it with Ctrl-C. Not with - as the spec."))
  var watch = false

  @Flag(
    name: .long,
    help:
      "Draw characters that no font has as boxes, with a warning per label, instead of failing."
  )
  var allowMissingGlyphs = false

  @Flag(name: .long, help: "Print how long each phase took (to stderr).")
  var timings = false

  @OptionGroup var fileAccess: PathOptions

  @Option(
    name: .long,
    help: "Threads that compress the PNG (default: the number of cores; the bytes are the same).")
  var threads: Int?

  @Flag(
    name: .long,
    help: "Paint, then encode, instead of both at once (to time the two phases apart).")
  var sequential = false

  @OptionGroup var compression: CompressionOptions

  func validate() throws {
    if watch && (spec == nil || spec == "-") {
      throw ValidationError("--watch needs a spec file to watch")
    }
    try require(threads, in: OptionRange.workers, option: "threads")
    try require(pageHeight, in: ExportOptions.pageHeightRange, option: "page-height")
  }

  /// What these arguments ask for (the plain form is read without the parser: see
  /// ``RenderRequest``).
  var request: RenderRequest {
    var request = RenderRequest()
    (request.spec, request.output, request.format) = (spec, output, format)
    (request.pageHeight, request.layout, request.accessibility) = (
      pageHeight, layout, accessibility
    )
    (request.scale, request.width, request.locale) = (
      canvas.scale, canvas.width, localeOption.locale
    )
    (request.allowedFolders, request.tokens) = (fileAccess.allowedFolders, tokensOption.tokens)
    (request.allowMissingGlyphs, request.timings) = (allowMissingGlyphs, timings)
    (request.threads, request.sequential) = (threads, sequential)
    request.compression = compression.compression
    return request
  }

  func run() throws {
    let request = request
    guard watch, let spec else {
      try renderOnce(request)
      return
    }
    watchFiles([spec]) { paths in
      try renderOnce(request) { paths = [spec] + $0.resourcePaths }
      // One line per render, seen at once even when standard output is a pipe (print's
      // buffer would hold it).
      Terminal.out("rendered \(output ?? request.defaultOutput)\n")
    } failed: {
      // Reported; keep watching for the fix.
      printFailure($0)
    }
  }

  /// Renders once; `decoded` gets the document as soon as it is read.
  private func renderOnce(_ request: RenderRequest, decoded: (ListDocument) -> Void = { _ in })
    throws
  {
    try request.render(keepsRenderer: watch, decoded: decoded)
    if timings {
      // Pango's font matches and sorts, run on the thread that asked (see CPangoThreads).
      Terminal.error(
        "fontconfig jobs".padding(toLength: 16, withPad: " ", startingAt: 0)
          + String(format: "%8ld", lr_pango_inline_fontconfig_jobs()) + " inline\n")
    }
  }
}

extension ImageFileFormat: ExpressibleByArgument {}
