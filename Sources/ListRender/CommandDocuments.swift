import FileIO
import Foundation
import ListModel
import Synchronization

// What the commands that draw one document share: the document as a command line names it,
// and a renderer made while the command line is parsed.

/// The spec's document (`-`: from standard input), or the built-in showcase (its images
/// registered with `renderer`, which it needs), with the command line's `--scale` and `--width`
/// applied.
package func loadDocument(
  _ spec: String?, renderer: ListRenderer?, scale: Double?, width: Double?,
  allowing folders: [String] = [], locale: String? = nil, warnings: Bool = false,
  tokens: (brand: MisticaSkin, file: MisticaTokenFile)? = nil
) throws -> ListDocument {
  var document =
    if spec == "-" {
      try ListDocument.loadStandardInput(allowing: folders)
    } else if let spec {
      try ListDocument.load(path: spec, allowing: folders)
    } else {
      try Showcase.document(registeringImagesWith: renderer ?? ListRenderer())
    }
  if let scale { document.canvas.scale = scale }
  if let width { document.canvas.width = width }
  if let locale { document = try document.localized(to: locale) }
  // A brand's token file takes the place of that brand's skin, and only that brand's.
  if let tokens {
    if document.canvas.theme == .mistica, document.canvas.skin == tokens.brand {
      document.canvas.tokens = tokens.file
    } else if warnings {
      Terminal.error(
        "\(spec ?? "showcase"): note: --tokens gives \(tokens.brand.rawValue)'s tokens; this list is drawn in \(document.canvas.theme == .mistica ? document.canvas.skin.rawValue : document.canvas.theme.rawValue)\n"
      )
    }
  }
  // A keyed label drawn in another locale's text, or an unfinished one, is never silent.
  if warnings {
    if let fallback = document.marks.localeFallback {
      Terminal.error("\(spec ?? "showcase"): note: \(fallback)\n")
    }
    for note in document.marks.translationNotes {
      Terminal.error("\(spec ?? "showcase"): warning: \(note.message)\n")
    }
    for note in document.marks.colorNotes {
      Terminal.error("\(spec ?? "showcase"): warning: \(note)\n")
    }
  }
  return document
}

/// A renderer with the standard fonts (its font files registered, its icons read: a few
/// milliseconds), made on another thread while the main one parses the command line.
package enum EarlyRenderer {
  /// What the other thread made: written before `made` is left, read after waiting for it.
  private final class Made: @unchecked Sendable {
    var renderer: Result<ListRenderer, any Error>?
  }
  private static let made = Mutex<(Made, DispatchGroup)?>(nil)

  /// Starts making the renderer (on the main thread, once).
  package static func start() {
    let box = Made()
    let group = DispatchGroup()
    group.enter()
    Thread.detachNewThread {
      box.renderer = Result {
        let renderer = try ListRenderer()
        warmUp(renderer)
        return renderer
      }
      group.leave()
    }
    made.withLock { $0 = (box, group) }
  }

  /// A one-row list laid out with `renderer` while the main thread is still parsing and
  /// reading the spec: the standard fonts' faces opened and the first use of the layout code
  /// paid off the main thread's path (2 ms of the inbox's 45; painting one as well gained
  /// nothing more). The document's own text is shaped as it would be; its pixels do not change.
  private static func warmUp(_ renderer: ListRenderer) {
    let yaml =
      "canvas: { width: 120, scale: 3 }\nsections:\n  - cells: [ { title: Aa, subtitle: Aa } ]\n"
    guard let document = try? ListDocument.decode(yaml: yaml) else { return }
    _ = try? renderer.layout(document)
  }

  /// The renderer made early, or a new one when none was started (or it was taken).
  package static func take() throws -> ListRenderer {
    guard
      let (box, group) = made.withLock({ made in
        defer { made = nil }; return made
      })
    else {
      return try ListRenderer()
    }
    group.wait()
    return try box.renderer?.get() ?? ListRenderer()
  }
}

/// `render --watch`: runs `pass` again whenever one of the files it last named changes its
/// modification time or size, until the process is stopped. `pass` may replace the paths (a
/// spec's files once it is read); a pass that fails hands its error to `failed` and the watch
/// goes on with the paths it had.
package func watchFiles(
  _ paths: [String], pass: (inout [String]) throws -> Void, failed: (any Error) -> Void
) -> Never {
  watchFiles(paths, passes: .max, pass: pass, failed: failed)
  fatalError("a watch of Int.max passes ended")
}

/// ``watchFiles(_:pass:failed:)`` for `passes` passes. Each file is stamped before the pass
/// that reads it (a file the pass names for the first time, once it is named), so a change
/// made while a pass runs starts another.
package func watchFiles(
  _ paths: [String], passes: Int, pass: (inout [String]) throws -> Void,
  failed: (any Error) -> Void
) {
  var paths = paths
  var done = 0
  while done < passes {
    var watched = Dictionary(uniqueKeysWithValues: Set(paths).map { ($0, fileStamp($0)) })
    do {
      try pass(&paths)
    } catch {
      failed(error)
    }
    done += 1
    guard done < passes else { return }
    let named = Set(paths)
    watched = watched.filter { named.contains($0.key) }
    for path in named where watched[path] == nil { watched[path] = fileStamp(path) }
    while watched.allSatisfy({ fileStamp($0.key) == $0.value }) {
      Thread.sleep(forTimeInterval: 0.2)
    }
  }
}

/// A file's modification time and size ("" when it cannot be read), to notice changes.
func fileStamp(_ path: String) -> String {
  var status = stat()
  guard stat(path, &status) == 0 else { return "" }
  return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_size)"
}

/// `listrender animate`: the outputs its options ask for, written with a progress bar and a
/// line that says what was written.
package struct AnimateCommand {
  /// The spec's path (nil: the showcase), which names the default frames folder.
  package var spec: String?
  /// `-o`: the frames folder (nil with no other output: `<spec name>-frames`).
  package var folder: String?
  /// The frames' format.
  package var frameFormat: RasterFormat = .png
  /// `--apng`: one animated PNG.
  package var apng: String?
  /// `--gif`: one animated GIF.
  package var gif: String?
  /// `--layout`: each frame's layout dump into this folder.
  package var layouts: String?

  /// The command for `spec` and its outputs.
  package init(
    spec: String?, folder: String?, frameFormat: RasterFormat, apng: String?, gif: String?,
    layouts: String?
  ) {
    self.spec = spec
    self.folder = folder
    self.frameFormat = frameFormat
    self.apng = apng
    self.gif = gif
    self.layouts = layouts
  }

  /// The outputs asked for, in the order they are written.
  package var outputs: [AnimationOutput] {
    var outputs: [AnimationOutput] = []
    if let apng { outputs.append(.apng(apng)) }
    if let gif { outputs.append(.gif(gif)) }
    if let folder = framesFolder { outputs.append(.frames(folder: folder, frameFormat)) }
    if let layouts { outputs.append(.frameLayouts(folder: layouts)) }
    return outputs
  }

  /// `-o`, or with no output at all the spec's name with `-frames`.
  private var framesFolder: String? {
    folder
      ?? (apng == nil && gif == nil
        ? URL(fileURLWithPath: spec ?? Showcase.name).deletingPathExtension().lastPathComponent
          + "-frames" : nil)
  }

  /// Renders `document`'s frames into the outputs, then says what it wrote (on standard error
  /// when standard output carries an animation).
  package func run(_ document: ListDocument, renderer: ListRenderer, options: ExportOptions)
    throws
  {
    var progress: ProgressBar?
    var count = 0
    try renderer.exportAnimation(document, to: outputs, options: options) { event in
      switch event {
      case .phase: break
      case .warning(let warning): Terminal.error(warning + "\n")
      case .frame(let done, let total):
        if progress == nil { progress = ProgressBar(total: total) }
        progress?.update(done: done, label: "frames")
        count = total
      }
    }
    progress?.finish()
    var written: [String] = []
    if let framesFolder { written.append("\(count) frames in \(framesFolder)/") }
    if let apng { written.append(apng) }
    if let gif { written.append(gif) }
    let line = "wrote " + written.joined(separator: ", ") + "\n"
    if [apng, gif].contains(where: { $0.map(writesStandardOutput) ?? false }) {
      Terminal.error(line)
    } else {
      Terminal.out(line)
    }
  }
}

/// Whether writing `path` lands on this process's standard output (`-`, `/dev/stdout`, a link
/// to either).
func writesStandardOutput(_ path: String) -> Bool {
  if case .descriptor(STDOUT_FILENO) = OutputTarget(path) { return true }
  return false
}
