import Dispatch
import FileIO
import Foundation
import ListPainter
import Synchronization

import enum ListPainter.VectorFormat

/// The file formats a still image is written in.
public enum ImageFileFormat: String, CaseIterable, Sendable {
  /// PNG (RGB when opaque, RGBA otherwise), with the scale as its pixel density.
  case png
  /// SVG, in points, text as glyphs.
  case svg
  /// PDF, in points, text as glyphs.
  case pdf
  /// Lossless WebP: the PNG's pixels, in a smaller file.
  case webp

  /// The format a file name asks for by its extension (`.png`, `.svg`, `.pdf`, `.webp`; none,
  /// as `/dev/stdout` or `-`: PNG), or nil for another extension. The name decides, not what
  /// it leads to: `out.pdf` linked to a pipe gets a PDF.
  public static func forOutput(_ path: String) -> ImageFileFormat? {
    let pathExtension = (path as NSString).pathExtension.lowercased()
    return pathExtension.isEmpty ? .png : ImageFileFormat(rawValue: pathExtension)
  }

  /// The raster format of the same name.
  public init(_ raster: RasterFormat) {
    switch raster {
    case .png: self = .png
    case .webp: self = .webp
    }
  }

  /// The raster format this is, or nil for a vector format (SVG, PDF).
  public var raster: RasterFormat? {
    switch self {
    case .png: .png
    case .webp: .webp
    case .svg, .pdf: nil
    }
  }
}

/// One output of a still export (``ListRenderer/export(_:to:options:events:)``), by what it
/// holds. Each is named in messages by the `listrender` option that asks for it.
public enum StillOutput: Hashable, Sendable {
  /// The image at a path (`-`: standard output), in a format (nil: the one its name asks for,
  /// ``ImageFileFormat/forOutput(_:)``).
  case image(String, ImageFileFormat? = nil)
  /// The layout dump (frames in points, text lines) as JSON (`-`: standard output).
  case layout(String)
  /// What VoiceOver would read, element by element, as JSON.
  case accessibility(String)

  /// The `listrender` option that asks for this output.
  public var option: String {
    switch self {
    case .image: "-o"
    case .layout: "--layout"
    case .accessibility: "--accessibility"
    }
  }
}

/// One output of an animation export (``ListRenderer/exportAnimation(_:to:options:events:)``).
public enum AnimationOutput: Hashable, Sendable {
  /// The frames, `frame-0000.png`, `frame-0001.png`, … in a folder (or `frame-0000.webp`, …).
  case frames(folder: String, RasterFormat = .png)
  /// Each frame's layout, `frame-0000.json`, … in a folder.
  case frameLayouts(folder: String)
  /// The animation as one animated PNG.
  case apng(String)
  /// The animation as one animated GIF.
  case gif(String)

  /// The `listrender` option that asks for this output.
  public var option: String {
    switch self {
    case .frames: "-o"
    case .frameLayouts: "--layout"
    case .apng: "--apng"
    case .gif: "--gif"
    }
  }
}

/// How ``ListRenderer/export(_:to:options:events:)`` works: what it reads, which frames, which
/// threads.
public struct ExportOptions: Sendable {
  /// The spec file the document came from (an output must not write over it); nil for none.
  public var spec: String?
  /// The animation frames to write (0-based); nil: all of them.
  public var frames: ClosedRange<Int>?
  /// Threads that compress a PNG; nil: the number of cores (the bytes are the same).
  public var threads: Int?
  /// Paint the still, then encode it, instead of both at once (to time the two apart).
  public var sequential: Bool
  /// Cut the still into pages this many points tall, written as `NAME-0001.png`, … beside the
  /// image's path (PNG and WebP): a list taller than one image may be.
  public var pageHeight: Double?
  /// The heights a page may have, in points.
  package static let pageHeightRange: ClosedRange<Double> = 1...1_000_000
  /// How PNG files (stills, pages, frames, APNG) are compressed: for speed unless told.
  public var compression: PNGCompression

  /// Options: every frame, PNG compressed for speed on every core.
  public init(
    spec: String? = nil, frames: ClosedRange<Int>? = nil, threads: Int? = nil,
    sequential: Bool = false, pageHeight: Double? = nil, compression: PNGCompression = .fast
  ) {
    self.compression = compression
    self.pageHeight = pageHeight
    self.spec = spec
    self.frames = frames
    self.threads = threads
    self.sequential = sequential
  }
}

/// What an export tells as it goes.
public enum ExportEvent: Sendable {
  /// A phase finished (`layout`, `paint and encode`, `write`, …), for timings.
  case phase(String)
  /// A label has a character no font has, drawn as a box (with ``ListRenderer/allowsMissingGlyphs``).
  case warning(String)
  /// `done` of `total` animation frames are written.
  case frame(done: Int, total: Int)
}

/// Why an export was refused before anything was written.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An output's path is empty.
  case emptyPath(option: String, folder: Bool)
  /// An output would replace an input: the spec or a file it uses.
  case overwritesInput(option: String, input: String, path: String)
  /// Two outputs lead to the same file.
  case sameFile(option: String, other: String, path: String)
  /// The image's extension is not one of ``ImageFileFormat``'s.
  case unknownExtension(path: String)
  /// Animated outputs were asked of a document with no animation.
  case noAnimation(source: String)
  /// Pages were asked for in a vector format, for standard output, or of a height out of range.
  case pages(String)
  /// The frames asked for are not all in the animation.
  case framesOutOfRange(ClosedRange<Int>, count: Int)

  /// The sentence a command prints.
  public var description: String {
    switch self {
    case .emptyPath(let option, let folder):
      "\(option) is empty: give a \(folder ? "folder" : "file name")"
    case .overwritesInput(let option, let input, let path):
      "\(option) would write over \(input) (\(path)); choose another output"
    case .sameFile(let option, let other, let path):
      "\(option) and \(other) both write \(path); give them different paths"
    case .unknownExtension(let path):
      "-o \(path): the output's extension must be .png, .svg, .pdf or .webp (or none, for a PNG; --format picks one for -)"
    case .pages(let reason): reason
    case .noAnimation(let source): "\(source): the spec has no `animation:` section"
    case .framesOutOfRange(let frames, let count):
      "--frames \(frames.lowerBound)..\(frames.upperBound): the animation has frames 0..\(count - 1)"
    }
  }
}

extension ListRenderer {
  /// Writes a document's still to every output asked for: all of them, or none (each is
  /// written to a temporary beside it and renamed into place once all are whole).
  ///
  /// ```swift
  /// try renderer.export(document, to: [.image("inbox.png", .png), .layout("inbox.json")])
  /// ```
  /// - Throws: ``ExportError`` when an output is refused (before anything is written), else
  ///   the error of the step that failed.
  public func export(
    _ document: ListDocument, to outputs: [StillOutput], options: ExportOptions = ExportOptions(),
    events: (ExportEvent) -> Void = { _ in }
  ) throws {
    try exportStill(
      document, to: outputs, inputs: exportInputs(of: document, options: options),
      options: options, events: events)
  }

  /// Writes a document's animation to every output asked for: all of them, or none (frames
  /// written by a run that fails go again).
  ///
  /// ```swift
  /// try renderer.exportAnimation(document, to: [.apng("press.png"), .frames(folder: "frames")])
  /// ```
  /// - Throws: ``ExportError`` when an output is refused (before anything is written) or the
  ///   document has no animation, else the error of the step that failed.
  public func exportAnimation(
    _ document: ListDocument, to outputs: [AnimationOutput],
    options: ExportOptions = ExportOptions(), events: (ExportEvent) -> Void = { _ in }
  ) throws {
    try exportAnimation(
      document, to: outputs, inputs: exportInputs(of: document, options: options),
      options: options, events: events)
  }

  /// What an export must not write over: the spec and every file it uses.
  private func exportInputs(of document: ListDocument, options: ExportOptions) -> [(
    String, String
  )] {
    (options.spec.flatMap { $0 == "-" ? nil : [("the spec", $0)] } ?? [])
      + document.resourcePaths.map { ("a file the spec uses", $0) }
  }

  private func exportStill(
    _ document: ListDocument, to outputs: [StillOutput], inputs: [(String, String)],
    options: ExportOptions, events: (ExportEvent) -> Void
  ) throws {
    var image: (path: String, format: ImageFileFormat?)?
    var layoutPath: String?
    var accessibilityPath: String?
    var files: [(option: String, path: String)] = []
    for output in outputs {
      switch output {
      case .image(let path, let format):
        image = (path, format)
        files.append((output.option, path))
      case .layout(let path):
        layoutPath = path
        files.append((output.option, path))
      case .accessibility(let path):
        accessibilityPath = path
        files.append((output.option, path))
      }
    }
    try checkOutputs(files, inputs: inputs)
    // After the overwrite checks (their message says more): the image's format.
    var format: ImageFileFormat?
    if let image {
      format = image.format ?? ImageFileFormat.forOutput(image.path)
      guard format != nil else { throw ExportError.unknownExtension(path: image.path) }
    }
    events(.phase("decode"))
    if let pageHeight = options.pageHeight, let image, let format {
      try exportPages(
        document, to: image.path, format: format, pageHeight: pageHeight, layout: layoutPath,
        accessibility: accessibilityPath, inputs: inputs, options: options, events: events)
      return
    }
    let tree = try layout(document, limits: format == .svg || format == .pdf ? .points : .pixels)
    var seen: Set<String> = []
    for warning in missingGlyphWarnings(tree, seen: &seen) + tree.contentOutsideCells {
      events(.warning(warning))
    }
    events(.phase("layout"))
    // Everything is rendered before anything is written, and every output is written to its
    // temporary before any is renamed into place: all of them, or none.
    let staged = StagedOutputs()
    if let image, let format {
      if let raster = format.raster {
        guard tree.pixelWidth <= raster.maxSide, tree.pixelHeight <= raster.maxSide else {
          throw Self.located(
            LayoutError.tooLargeForFormat(
              format: raster.name, width: tree.pixelWidth, height: tree.pixelHeight,
              limit: raster.maxSide), in: document)
        }
        let bytes: [UInt8]
        if raster.encodesWhilePainting, !options.sequential {
          // Painted and encoded at once: the other cores compress rows already painted.
          bytes = try renderPNG(tree, threads: options.threads, compression: options.compression)
          events(.phase("paint and encode"))
        } else {
          let painted = try paintImage(tree)
          events(.phase("paint"))
          bytes = try raster.encode(
            rows: painted, alpha: !painted.isOpaque, threads: options.threads, scale: tree.scale,
            compression: options.compression)
          events(.phase("encode"))
        }
        try staged.add(bytes, to: image.path)
      } else {
        let vector: VectorFormat = format == .svg ? .svg : .pdf
        staged.add(try stagedVector(tree, format: vector, to: image.path))
        events(.phase("paint and write"))
      }
    }
    try stageDescriptions(
      of: document, tree: tree, layout: layoutPath, accessibility: accessibilityPath, in: staged)
    try staged.commit()
    if format?.raster != nil { events(.phase("write")) }
  }

  /// The still cut into pages `pageHeight` points tall, `NAME-0001.EXT`, … beside `path`, with
  /// the other still outputs (layout, accessibility) of the whole list: all of them or none.
  private func exportPages(
    _ document: ListDocument, to path: String, format: ImageFileFormat, pageHeight: Double,
    layout layoutPath: String?, accessibility accessibilityPath: String?,
    inputs: [(String, String)], options: ExportOptions, events: (ExportEvent) -> Void
  ) throws {
    guard let raster = format.raster else {
      throw ExportError.pages("pages are PNG or WebP images; an SVG or PDF holds the whole list")
    }
    guard path != "-" else {
      throw ExportError.pages("pages are files named after -o: give a file name, not -")
    }
    // Checked before any arithmetic: a page taller than this is no page (1e19 points trapped
    // converting to device rows).
    guard ExportOptions.pageHeightRange.contains(pageHeight) else {
      throw ExportError.pages(
        "--page-height must be within \(ExportOptions.pageHeightRange.lowerBound.formatted())…\(ExportOptions.pageHeightRange.upperBound.formatted()) points"
      )
    }
    // Pages are files beside -o: a device, a FIFO or a descriptor has no "beside".
    guard case .file = OutputTarget(path) else {
      throw ExportError.pages(
        "pages are files named after -o, which is not a file (\(path)); give a file name")
    }
    let tree = try layout(document, limits: .points)
    var seen: Set<String> = []
    for warning in missingGlyphWarnings(tree, seen: &seen) + tree.contentOutsideCells {
      events(.warning(warning))
    }
    events(.phase("layout"))
    guard let breaks = tree.pageBreaks(height: pageHeight, maxPages: Self.maxPages) else {
      throw ExportError.pages(
        "--page-height \(pageHeight) would cut the list into more than \(Self.maxPages) pages; give a taller page"
      )
    }
    for source in breaks.cut {
      events(
        .warning(
          "\(source) is taller than a page (--page-height \(pageHeight)): it is cut across pages"))
    }
    var top = 0
    let pages = breaks.ends.map { end in
      defer { top = end }
      return top..<end
    }
    // Each page is held to the image limits and its format's (WebP's are lower), and the
    // message says which page height fits, not to use --page-height.
    let side = min(raster.maxSide, SpecLimits.maxPixelSide)
    for page in pages
    where tree.pixelWidth > side || page.count > side
      || tree.pixelWidth * page.count > SpecLimits.maxPixels
    {
      let fits = min(Double(side), Double(SpecLimits.maxPixels) / Double(max(1, tree.pixelWidth)))
      throw ExportError.pages(
        tree.pixelWidth > side
          ? "the list is \(tree.pixelWidth) px wide at scale \(tree.scale.formatted()); a \(format.rawValue.uppercased()) page is at most \(side) px a side: give a lower canvas.scale or width"
          : "a page of --page-height \(pageHeight.formatted()) pt is \(page.count) px tall at scale \(tree.scale.formatted()); a \(format.rawValue.uppercased()) page is at most \(Int(fits)) px: give --page-height \(Int(fits / tree.scale)) or less"
      )
    }
    let stem = (path as NSString).deletingPathExtension
    let names = pages.indices.map { String(format: "%@-%04d.%@", stem, $0 + 1, format.rawValue) }
    try checkOutputs(
      names.map { ("-o", $0) } + (layoutPath.map { [("--layout", $0)] } ?? [])
        + (accessibilityPath.map { [("--accessibility", $0)] } ?? []), inputs: inputs)
    let staged = StagedOutputs()
    for (page, name) in zip(pages, names) {
      try staged.add(
        raster.encodesWhilePainting
          ? try renderPNGInRing(
            tree, rows: page, threads: options.threads, compression: options.compression
          ).png
          : try raster.encode(try paint(tree, rows: page)), to: name)
    }
    events(.phase("paint and encode"))
    try stageDescriptions(
      of: document, tree: tree, layout: layoutPath, accessibility: accessibilityPath, in: staged)
    try staged.commit()
    // Pages an earlier, longer render left after this set's last are removed: the folder holds
    // one list's pages.
    var index = names.count + 1
    while index <= names.count + Self.maxPages {
      let old = String(format: "%@-%04d.%@", stem, index, format.rawValue)
      var status = stat()
      guard lstat(old, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { break }
      unlink(old)
      index += 1
    }
    events(.phase("write"))
  }

  /// The most pages `--page-height` writes.
  package static let maxPages = 1_000

  /// The layout dump and the accessibility snapshot of a still, when asked for, staged with
  /// its image.
  private func stageDescriptions(
    of document: ListDocument, tree: LayoutTree, layout layoutPath: String?,
    accessibility accessibilityPath: String?, in staged: StagedOutputs
  ) throws {
    if let layoutPath { try staged.add(try tree.dumpJSON(), to: layoutPath) }
    if let accessibilityPath {
      try staged.add(
        Data(try Self.accessibilityJSON(of: document, tree: tree).utf8), to: accessibilityPath)
    }
  }

  private func exportAnimation(
    _ document: ListDocument, to outputs: [AnimationOutput], inputs: [(String, String)],
    options: ExportOptions, events: (ExportEvent) -> Void
  ) throws {
    do {
      guard let animation = document.animation else {
        throw ExportError.noAnimation(source: options.spec ?? Showcase.name)
      }
      var range = 0..<animation.frameCount
      if let chosen = options.frames {
        guard chosen.upperBound < animation.frameCount else {
          throw ExportError.framesOutOfRange(chosen, count: animation.frameCount)
        }
        range = chosen.lowerBound..<(chosen.upperBound + 1)
      }
      var framesFolder: String?
      var framesFormat = RasterFormat.png
      var layoutsFolder: String?
      var apng: String?
      var gif: String?
      var files: [(option: String, path: String)] = []
      for output in outputs {
        switch output {
        case .frames(let path, let format):
          framesFormat = format
          // Frames are files in a folder: standard output holds none.
          guard path != "-" else {
            throw ExportError.pages(
              "frames are files in a folder: -o names that folder, not - (for standard output give --apng - or --gif -)"
            )
          }
          framesFolder = path
        case .frameLayouts(let path): layoutsFolder = path
        case .apng(let path):
          apng = path
          files.append((output.option, path))
        case .gif(let path):
          gif = path
          files.append((output.option, path))
        }
      }
      let (folder, layoutFolder, frameFormat) = (framesFolder, layoutsFolder, framesFormat)
      let frameNames = range.map { String(format: "frame-%04d", $0) }
      try checkOutputs(
        files, inputs: inputs,
        folders: (folder.map {
          [("-o", $0, frameNames.map { $0 + "." + frameFormat.fileExtension })]
        }
          ?? [])
          + (layoutFolder.map { [("--layout", $0, frameNames.map { $0 + ".json" })] } ?? []))
      // Frames and layouts are written to hidden staging folders and reach their final names
      // only once all are written: a run that fails, or is killed, leaves none.
      let framesStage = try folder.map(StagedFolder.init(for:))
      let layoutsStage = try layoutFolder.map(StagedFolder.init(for:))
      let (framesStaging, layoutsStaging) = (framesStage?.staging, layoutsStage?.staging)
      let alpha = (document.canvas.background?.alpha ?? 1) < 1
      let apngWriter = try apng.map {
        try APNGWriter(
          path: $0, fps: animation.fps, alpha: alpha, compression: options.compression)
      }
      let gifWriter = try gif.map { try GIFWriter(path: $0, fps: animation.fps) }
      // PNG frames and layouts are encoded and written on a second thread while the next frame
      // is painted; APNG and GIF frames are added here, in order.
      let pipeline = FramePipeline()
      let frameFiles = FrameFiles()
      var seen: Set<String> = []
      try layoutFrames(document, range: range) { index, state, tree in
        for warning in missingGlyphWarnings(tree, seen: &seen)
          + tree.contentOutsideCells.filter({ seen.insert($0).inserted })
        {
          events(.warning(warning))
        }
        let image = try paintImage(tree)
        let layoutJSON = try layoutFolder.map { _ in
          try FrameDump(
            time: AnimationTimeline.time(ofFrame: index, fps: animation.fps), frame: state,
            tree: tree
          ).json()
        }
        try pipeline.submit {
          // Frames written by this run go again if it is interrupted.
          if let layoutsStaging, let layoutFolder, let layoutJSON {
            try writeStaged(
              layoutJSON, name: String(format: "frame-%04d.json", index), in: layoutsStaging,
              for: layoutFolder)
          }
          if let framesStaging, let folder {
            try writeStaged(
              try frameFiles.bytes(
                for: image, format: frameFormat, alpha: alpha,
                compression: options.compression),
              name: String(format: "frame-%04d.", index) + frameFormat.fileExtension,
              in: framesStaging, for: folder)
          }
        }
        if apngWriter != nil || gifWriter != nil {
          let frame = try image.bitmap()
          try apngWriter?.add(frame)
          try gifWriter?.add(frame)
        }
        events(.frame(done: index - range.lowerBound + 1, total: range.count))
      }
      try pipeline.finish()
      try apngWriter?.finish()
      try gifWriter?.finish()
      let imageNames = frameNames.map { $0 + "." + frameFormat.fileExtension }
      let layoutNames = frameNames.map { $0 + ".json" }
      try framesStage?.commit(imageNames)
      try layoutsStage?.commit(layoutNames)
      for (stage, names) in [(framesStage, imageNames), (layoutsStage, layoutNames)] {
        for name in names { if let stage { Interruption.forget(stage.path(name)) } }
      }
    } catch {
      // Nothing partial is left: the frames this run wrote go too.
      Interruption.removeAll()
      throw error
    }
  }
}

/// Writes the file `name` into a staging folder; a failure names the file as the user will see
/// it (`cannot write frames/frame-0003.png: the disk is full`).
private func writeStaged<Bytes: Collection>(
  _ bytes: Bytes, name: String, in staging: String, for folder: String
) throws where Bytes.Element == UInt8 {
  let path = (staging as NSString).appendingPathComponent(name)
  Interruption.removeOnInterrupt(path)
  do {
    // The staging folder is never made again here: an interrupted run removed it.
    try AtomicFile.write(bytes, to: path, makingFolders: false)
  } catch var error as FileWriteError {
    error.path = (folder as NSString).appendingPathComponent(name)
    throw error
  }
}

/// Refuses, before any work, outputs that are empty or would write over an input or over
/// another output of the same command (``ExportError``). Paths are compared by where they lead:
/// through links (a dangling link by the file it would make), `-` and `/dev/stdout` as the
/// same descriptor, existing files by their inode. Two outputs into the same character device
/// (`/dev/null`) are allowed.
/// - Parameters:
///   - outputs: each output's option and path.
///   - inputs: each input's description and path.
///   - folders: output folders and the file names the command will write into each.
package func checkOutputs(
  _ outputs: [(option: String, path: String)], inputs: [(what: String, path: String)],
  folders: [(option: String, path: String, names: [String])] = []
) throws {
  var written: [(option: String, path: String)] = []
  for output in outputs {
    guard !output.path.isEmpty else {
      throw ExportError.emptyPath(option: output.option, folder: false)
    }
    written.append((output.option, output.path))
  }
  for folder in folders {
    guard !folder.path.isEmpty else {
      throw ExportError.emptyPath(option: folder.option, folder: true)
    }
    let base = canonical(folder.path)
    written += folder.names.map {
      ("\(folder.option) \(folder.path)", (base as NSString).appendingPathComponent($0))
    }
  }
  let read = inputs.map { (what: $0.what, place: OutputPlace(input: $0.path)) }
  var seen: [OutputPlace: String] = [:]
  for (option, path) in written {
    let place = OutputPlace(output: path)
    if let input = read.first(where: { $0.place == place }) {
      throw ExportError.overwritesInput(option: option, input: input.what, path: place.shown)
    }
    if let other = seen[place], !place.isSharedDevice {
      throw ExportError.sameFile(option: other, other: option, path: place.shown)
    }
    seen[place] = option
  }
}

/// Where a path leads, for comparing outputs with inputs and with each other.
struct OutputPlace: Hashable {
  /// An existing file's device and inode, else the canonical path of the file to be made.
  private let key: String
  /// The path for a message.
  let shown: String
  /// A character device (`/dev/null`, a terminal): several outputs may go there.
  let isSharedDevice: Bool

  /// Where writing `path` lands (``OutputTarget``).
  init(output path: String) {
    var status = stat()
    switch OutputTarget(path) {
    case .descriptor(let number):
      shown = path
      guard fstat(number, &status) == 0 else {
        (key, isSharedDevice) = ("descriptor \(number)", false)
        return
      }
    case .inPlace(let device):
      shown = device
      guard stat(device, &status) == 0 else {
        (key, isSharedDevice) = (canonical(device), false)
        return
      }
    case .file(let file):
      shown = canonical(file)
      guard stat(file, &status) == 0 else {
        (key, isSharedDevice) = (shown, false)
        return
      }
    }
    key = "inode \(status.st_dev) \(status.st_ino)"
    isSharedDevice = status.st_mode & S_IFMT == S_IFCHR
  }

  /// Where reading `path` reads from.
  init(input path: String) {
    shown = canonical(path)
    var status = stat()
    key = stat(path, &status) == 0 ? "inode \(status.st_dev) \(status.st_ino)" : shown
    isSharedDevice = false
  }

  static func == (lhs: OutputPlace, rhs: OutputPlace) -> Bool { lhs.key == rhs.key }
  func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Work done on one background thread in order, at most two items ahead of the caller; the
/// first error stops the rest and is thrown to the caller.
final class FramePipeline: Sendable {
  private let queue = DispatchQueue(label: "listrender.frames")
  private let slots = DispatchSemaphore(value: 2)
  private let failure = Mutex<(any Error)?>(nil)

  /// Queues `work` (waiting while two items are queued); throws an earlier item's error.
  func submit(_ work: @escaping @Sendable () throws -> Void) throws {
    try check()
    slots.wait()
    queue.async { [self] in
      defer { slots.signal() }
      guard failure.withLock({ $0 == nil }) else { return }
      do { try work() } catch { failure.withLock { $0 = $0 ?? error } }
    }
  }

  /// Waits for every queued item; throws the first error.
  func finish() throws {
    queue.sync {}
    try check()
  }

  private func check() throws {
    if let error = failure.withLock({ $0 }) { throw error }
  }
}

/// The file bytes of consecutive frames: a frame identical to the one before it reuses its
/// bytes.
final class FrameFiles: Sendable {
  private let previous = Mutex<(image: PaintedImage, bytes: [UInt8])?>(nil)

  /// The PNG or WebP file of `image` (compressed on this thread: the caller's is painting the
  /// next frame).
  func bytes(
    for image: PaintedImage, format: RasterFormat, alpha: Bool, compression: PNGCompression
  ) throws -> [UInt8] {
    if let last = previous.withLock({ $0 }), last.image.hasSamePixels(as: image) {
      previous.withLock { $0 = (image, last.bytes) }
      return last.bytes
    }
    let bytes = try format.encode(
      rows: image, alpha: alpha, threads: 1, compression: compression)
    previous.withLock { $0 = (image, bytes) }
    return bytes
  }
}

/// One warning per text element of `tree` that has a character no font has (drawn as a box
/// under `allowsMissingGlyphs`), not repeating `seen` paths; adds them to `seen`.
func missingGlyphWarnings(_ tree: LayoutTree, seen: inout Set<String>) -> [String] {
  var warnings: [String] = []
  for element in tree.elements {
    guard case .text(let block) = element.content, let scalar = block.missingCharacter else {
      continue
    }
    let path = "\(element.source).\(element.role.rawValue)"
    guard seen.insert(path).inserted else { continue }
    let code = String(scalar.value, radix: 16, uppercase: true)
    let name = scalar.properties.name.map { " " + $0 } ?? ""
    warnings.append(
      "warning: \(path): no font has U+\(String(repeating: "0", count: max(0, 4 - code.count)))"
        + "\(code)\(name); drawn as a box")
  }
  return warnings
}
