import ArgumentParser
import Foundation
import GoldenImage
import GoldenSuite
import ListPainter
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
      "Output: .png, or .svg / .pdf (vector, text as glyphs); - writes the PNG to standard output (default: the spec's name with .png, here).",
      valueName: "file"))
  var output: String?

  @Option(name: .long, help: "Also write the layout (frames in points, text lines) as JSON.")
  var layout: String?

  @Option(
    name: .long,
    help:
      "Also write what VoiceOver would read, element by element in reading order (label, value, traits, frame), as JSON."
  )
  var accessibility: String?

  @Option(
    name: .long,
    help: "Device pixels per point, overriding canvas.scale (\(SpecLimits.scaleRange.text)).")
  var scale: Double?

  @Option(
    name: .long,
    help: "Canvas width in points, overriding canvas.width (\(SpecLimits.widthRange.text)).")
  var width: Double?

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

  @Option(
    name: .customLong("allow-path"),
    help:
      "Also let the spec read files under this folder (repeatable; default: only its own folder)."
  )
  var allowedFolders: [String] = []

  @Option(
    name: .long,
    help: "Threads that compress the PNG (default: the number of cores; the bytes are the same).")
  var threads: Int?

  @Flag(
    name: .long,
    help: "Paint, then encode, instead of both at once (to time the two phases apart).")
  var sequential = false

  func validate() throws {
    if watch && (spec == nil || spec == "-") {
      throw ValidationError("--watch needs a spec file to watch")
    }
    try require(scale, in: SpecLimits.scaleRange, option: "scale")
    try require(width, in: SpecLimits.widthRange, option: "width")
    try require(threads, in: OptionRange.workers, option: "threads")
  }

  /// What `-o` asks for.
  fileprivate enum OutputKind {
    case png
    case standardOutput
    case vector(VectorFormat)
  }

  private var outputKind: OutputKind {
    get throws {
      let path = output ?? defaultOutput
      if path == "-" { return .standardOutput }
      // A device or a pipe (/dev/stdout, /dev/null) takes a PNG whatever its name.
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
        status.st_mode & S_IFMT != S_IFDIR
      {
        return .png
      }
      switch (path as NSString).pathExtension.lowercased() {
      case "png", "": return .png
      case "svg": return .vector(.svg)
      case "pdf": return .vector(.pdf)
      default:
        throw ValidationError(
          "-o \(path): the output's extension must be .png, .svg or .pdf (or - for a PNG on standard output)"
        )
      }
    }
  }

  func run() throws {
    guard watch, let spec else {
      try renderOnce()
      return
    }
    // Each pass renders, then waits for the spec or a file it used (the last pass that decoded
    // tells which) to change its modification time or size.
    var paths = [spec]
    while true {
      do {
        try renderOnce { paths = [spec] + $0.resourcePaths }
        // One line per render, seen at once even when standard output is a pipe (print's
        // buffer would hold it).
        FileHandle.standardOutput.write(Data("rendered \(output ?? defaultOutput)\n".utf8))
      } catch let failure as any ExitStatusError {
        // Reported; keep watching for the fix.
        printFailure(failure)
      }
      let watched = Dictionary(uniqueKeysWithValues: Set(paths).map { ($0, fileStamp($0)) })
      while watched.allSatisfy({ fileStamp($0.key) == $0.value }) {
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  /// Renders once; `decoded` gets the document as soon as it is read.
  private func renderOnce(decoded: (ListDocument) -> Void = { _ in }) throws {
    var clock = PhaseClock(enabled: timings)
    do {
      let renderer = try ListRenderer()
      renderer.allowsMissingGlyphs = allowMissingGlyphs
      if !watch {
        // The process ends after this one render: its fonts, Pango font map and HarfBuzz faces
        // are left to the exit rather than torn down one by one (5 ms for a page in many
        // scripts).
        _ = Unmanaged.passRetained(renderer)
      }
      clock.lap("fonts and icons")
      let document = try loadDocument(
        spec, renderer: renderer, scale: scale, width: width, allowing: allowedFolders)
      decoded(document)
      let toStandardOutput = output == "-"
      try checkOutputs(
        (toStandardOutput ? [] : [("-o", output ?? defaultOutput)])
          + (layout.map { [("--layout", $0)] } ?? [])
          + (accessibility.map { [("--accessibility", $0)] } ?? []),
        inputs: (spec.flatMap { $0 == "-" ? nil : [("the spec", $0)] } ?? [])
          + document.resourcePaths.map { ("a file the spec uses", $0) })
      // After the overwrite checks (their message says more): the kind of output.
      let kind = try outputKind
      clock.lap("decode")
      let tree = try renderer.layout(document)
      var seen: Set<String> = []
      for warning in missingGlyphWarnings(tree, seen: &seen) {
        FileHandle.standardError.write(Data((warning + "\n").utf8))
      }
      clock.lap("layout")
      if case .vector(let format) = kind {
        // Both outputs or neither: each goes to its temporary, renamed when both are whole.
        let outputs = StagedOutputs()
        outputs.add(try renderer.stagedVector(tree, format: format, to: output ?? defaultOutput))
        if let layout { try outputs.add(try tree.dumpJSON(), to: layout) }
        if let accessibility {
          try outputs.add(
            Data(try ListRenderer.accessibilityJSON(of: document, tree: tree).utf8),
            to: accessibility)
        }
        try outputs.commit()
        clock.lap("paint and write")
        clock.report()
        return
      }
      let png: [UInt8]
      if sequential {
        let image = try renderer.paintImage(tree)
        clock.lap("paint")
        png = try PNGCodec.encode(
          rows: image, alpha: !image.isOpaque, threads: threads, scale: tree.scale)
        clock.lap("encode")
      } else {
        // Painted and encoded at once: the other cores compress rows already painted.
        png = try renderer.renderPNG(tree, threads: threads)
        clock.lap("paint and encode")
      }
      let layoutJSON = try layout.map { _ in try tree.dumpJSON() }
      // Everything is rendered before anything is written, and every output is written to its
      // temporary before any is renamed into place: all of them, or none.
      let outputs = StagedOutputs()
      if !kind.isStandardOutput { try outputs.add(png, to: output ?? defaultOutput) }
      if let layout, let layoutJSON { try outputs.add(layoutJSON, to: layout) }
      if let accessibility {
        try outputs.add(
          Data(try ListRenderer.accessibilityJSON(of: document, tree: tree).utf8), to: accessibility
        )
      }
      if kind.isStandardOutput { FileHandle.standardOutput.write(Data(png)) }
      try outputs.commit()
      clock.lap("write")
      clock.report()
    } catch let failure as CommandFailure {
      throw failure
    } catch let error as ValidationError {
      throw CommandFailure(error.message, status: ExitStatus.badInput)
    } catch {
      throw CommandFailure.wrapping(error, file: spec ?? Showcase.name)
    }
  }

  private var defaultOutput: String {
    let source = spec == "-" ? "stdin" : spec ?? Showcase.name
    return URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".png"
  }
}

/// A file's modification time and size ("" when it cannot be read), to notice changes.
func fileStamp(_ path: String) -> String {
  var status = stat()
  guard stat(path, &status) == 0 else { return "" }
  return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_size)"
}

extension Render.OutputKind {
  fileprivate var isStandardOutput: Bool {
    if case .standardOutput = self { return true }
    return false
  }
}
