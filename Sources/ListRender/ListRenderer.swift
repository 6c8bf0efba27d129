import Dispatch
import FileIO
import Foundation
@_exported import ImageCodec
@_exported import ListLayout
@_exported import ListModel
import ListPainter
import Synchronization

@_exported import struct ListPainter.FontFile
@_exported import class ListPainter.FontSystem
@_exported import enum ListPainter.LibraryVersions
@_exported import class ListPainter.PaintedImage
@_exported import enum ListPainter.PainterError
import enum ListPainter.VectorFormat

/// The front door: spec in, pixels out.
///
/// ```swift
/// let renderer = try ListRenderer()
/// let document = try ListDocument(contentsOf: URL(filePath: "list.yaml"))
/// let png = try PNGCodec.encode(try renderer.render(document))
/// ```
///
/// A renderer owns its fonts, icons, loaded images and Pango state and is not thread-safe: use
/// one per thread. Image files are read once per renderer.
public final class ListRenderer {
  /// The fonts of the last render: the standard files, and those of every script, symbol and
  /// emoji the documents rendered so far needed (loaded when first needed).
  public private(set) var fonts: FontSystem
  /// The Material icon names.
  package let icons: IconCatalog
  private let images: ImageLibrary
  private(set) var measurer: PangoTextMeasurer
  private var painter: Painter
  /// Whether text with a character no font has is drawn with a box for it instead of failing
  /// (`--allow-missing-glyphs`); each such label's ``TextBlock/missingCharacter`` names one.
  public var allowsMissingGlyphs = false
  /// The packages of catalogue fonts the last document needed that are not installed.
  private var missingFontPackages: Set<String> = []
  /// The files every document uses (``FontFile/standard`` unless given at init).
  let standardFiles: [FontFile]
  /// The catalogue files loaded: the standard ones and what documents needed so far.
  private var loadedCatalogue: [FontFile]
  /// The last document's own font files (`fonts:`).
  private var loadedCustom: [FontFile] = []
  /// Spec font files checked, with their CRC-32s.
  private let fontChecks = FontFileChecks()

  /// A renderer with the standard fonts.
  /// - Throws: ``PainterError/missingFont(path:package:)`` naming the Debian package to install.
  public init(fonts: FontSystem? = nil) throws {
    let fonts = try fonts ?? FontSystem()
    self.fonts = fonts
    standardFiles = fonts.files
    loadedCatalogue = fonts.files
    icons = try IconCatalog()
    images = ImageLibrary()
    measurer = try PangoTextMeasurer(fonts: fonts)
    painter = Painter(sharingTextWith: measurer, images: images, icons: icons)
  }

  /// Whether Pango breaks Thai lines where ICU says in this process (see `LineBreaks`), as the
  /// renderer's goldens assume.
  package static var thaiBreaksAreICUs: Bool { LineBreaks.thaiBreaksAreICUs }

  /// How many shaped paragraphs the renderer keeps (tests check that text is reused).
  package var shapedParagraphCount: Int { measurer.shaper.cachedParagraphCount }

  /// Forgets the paragraphs shaped for earlier documents once there are more than `limit`:
  /// a renderer that goes from document to document (a suite's worker) stays the same size
  /// whatever the number of documents.
  package func forgetShapedText(beyond limit: Int) {
    if measurer.shaper.cachedParagraphCount > limit { measurer.shaper.forgetParagraphs() }
  }

  /// Makes image bytes available at `path` as if a file were there (for images embedded in a
  /// program, such as the built-in showcase's).
  public func registerImage(_ bytes: [UInt8], at path: String) throws {
    try images.register(bytes, at: path)
  }

  /// The document's layout: every frame in points, text broken into lines.
  /// - Throws: ``SpecError`` for a value out of its limits (``ListDocument/validate()``, run
  ///   for every document, however it was made), unknown icons and unreadable images;
  ///   ``LayoutError``.
  public func layout(_ document: ListDocument) throws -> LayoutTree {
    try layout(document, limits: .pixels)
  }

  /// ``layout(_:)-(ListDocument)`` held to `limits`: pixels for an image, points for an SVG or
  /// PDF or a list cut into pages.
  package func layout(_ document: ListDocument, limits: LayoutLimits) throws -> LayoutTree {
    let document = try prepared(document)
    do {
      var engine = engine()
      engine.limits = limits
      return try engine.layout(document)
    } catch let error as LayoutError {
      throw Self.located(error, in: document)
    }
  }

  /// `document` laid out once and seen through viewports: `view(height, contentOffset, limits)`
  /// is ``layout(_:limits:)`` of the document with that `canvas.height` (nil: the whole list)
  /// and `canvas.contentOffset`, each cut from one layout of its sections (an audit lays a list
  /// out once: whole, then part by part when it is taller than one image).
  package func viewports(of document: ListDocument) throws -> (
    _ height: Double?, _ contentOffset: Double, _ limits: LayoutLimits
  ) throws -> LayoutTree {
    let document = try prepared(document)
    let engine = engine()
    let content: ListLayoutEngine.Content
    do {
      content = try engine.content(of: document)
    } catch let error as LayoutError {
      throw Self.located(error, in: document)
    }
    return { height, contentOffset, limits in
      var engine = engine
      engine.limits = limits
      do {
        return try engine.viewport(of: content, height: height, contentOffset: contentOffset)
      } catch let error as LayoutError {
        throw Self.located(error, in: document)
      }
    }
  }

  /// `document` with its catalogs' text in place, checked, and everything its layout needs
  /// made ready: line breaking for its scripts, its fonts, its images and icons, and its
  /// paragraphs shaped (on two cores when long).
  private func prepared(_ document: ListDocument) throws -> ListDocument {
    let document = try document.resolvingStrings()
    let text = try document.validatedText()
    DictionaryLineBreaking.prepare(for: text.characters)
    try loadFonts(for: document, text: text)
    try resolveResources(of: document)
    try shapeInParallel(document)
    return document
  }

  /// A layout error of a decoded spec as a ``SpecError`` at the key it is about (`file:line:
  /// column: sections: the list is empty…`); of a document built in code, as it is.
  static func located(_ error: LayoutError, in document: ListDocument) -> any Error {
    // The location names the key; the sentence need not say it again.
    document.located(error.reason, about: error.key) ?? error
  }

  /// A layout engine over this renderer's text and images, with its missing-glyph rule.
  private func engine() -> ListLayoutEngine {
    var engine = ListLayoutEngine(measurer: measurer, images: images)
    engine.allowsMissingGlyphs = allowsMissingGlyphs
    if !missingFontPackages.isEmpty {
      engine.missingGlyphAdvice =
        "install \(missingFontPackages.sorted().joined(separator: ", ")), or add a font under fonts:"
    }
    return engine
  }

  /// Loads the fonts `document` needs (``fontFiles(for:text:)``): the catalogue's files
  /// join those loaded before (the set only grows, and a character is always drawn by the
  /// first family of the fallback order that has it, so text drawn before draws the same
  /// after); the spec's own files replace the previous document's. Then checks that the
  /// family `canvas.theme.font` names is among them. Returns what ``fontFiles(for:text:)``
  /// found.
  @discardableResult
  private func loadFonts(for document: ListDocument, text: DocumentText) throws -> (
    catalogue: [FontFile], custom: [FontFile], missingPackages: Set<String>
  ) {
    let needed = try fontFiles(for: document, text: text)
    missingFontPackages = needed.missingPackages
    needsExtraFonts = needed.catalogue.count > standardFiles.count
    let catalogue = loadedCatalogue + needed.catalogue.filter { !loadedCatalogue.contains($0) }
    if catalogue != loadedCatalogue || needed.custom != loadedCustom {
      let grown = try FontSystem(files: catalogue + needed.custom)
      fonts = grown
      loadedCatalogue = catalogue
      loadedCustom = needed.custom
      measurer = try PangoTextMeasurer(fonts: grown)
      painter = Painter(sharingTextWith: measurer, images: images, icons: icons)
    }
    if let family = document.canvas.font,
      FontCatalog.familyKey(family) == FontCatalog.familyKey(FontCatalog.iconFamily)
    {
      throw
        (document.canvas.fontMark.location
        ?? SpecLocation(file: "<document>", path: "canvas.theme.font")).error(
          "\(shownScalar(family)) is the icon font: it draws icons by name (asset: { icon: … }), not text; name a text font"
        )
    }
    if let family = document.canvas.font, !fonts.hasFamily(family) {
      let location =
        document.canvas.fontMark.location
        ?? SpecLocation(file: "<document>", path: "canvas.theme.font")
      // Each family once (a family of four weights is four files), as a message shows text
      // read from a file: quoted and escaped.
      var given: [String] = []
      for name in needed.custom.flatMap({ fonts.families(in: $0.source) })
      where !given.contains(name) {
        given.append(name)
      }
      throw location.error(
        "no font is named \(shownScalar(family))"
          + (given.isEmpty
            ? "; list its files under fonts:"
            : "; the families of the files under fonts: are \(given.map(shownScalar).joined(separator: ", "))")
      )
    }
    return needed
  }

  /// The font files a document's text uses, independent of what was rendered before: the
  /// renderer's standard files, the catalogue's files for characters those lack (and the
  /// files of a catalogue family `canvas.theme.font` names), and the spec's own files, each
  /// checked (a regular file under ``SpecLimits/maxFontFileBytes``, starting as a TrueType,
  /// OpenType or collection file does). Catalogue packages that are not installed are named.
  private func fontFiles(for document: ListDocument, text: DocumentText) throws -> (
    catalogue: [FontFile], custom: [FontFile], missingPackages: Set<String>
  ) {
    let custom = try document.fonts.map { try fontChecks.check($0).file }
    // The same text, canvas and fonts as the last call (a suite's case asks for its layout and
    // then its fingerprint): the same files, without asking fontconfig again.
    let key = FontFilesKey(text: text, canvas: document.canvas, custom: custom)
    if let last = lastFontFiles, last.key == key { return last.value }
    let value = try neededFontFiles(for: document, text: text, custom: custom)
    lastFontFiles = (key, value)
    return value
  }

  /// What ``fontFiles(for:text:)`` decides on: the text, the canvas (its font and bold
  /// styles) and the spec's own font files.
  private struct FontFilesKey: Equatable {
    var text: DocumentText
    var canvas: Canvas
    var custom: [FontFile]
  }

  private func neededFontFiles(for document: ListDocument, text: DocumentText, custom: [FontFile])
    throws -> (catalogue: [FontFile], custom: [FontFile], missingPackages: Set<String>)
  {
    let covers: (Unicode.Scalar) -> Bool
    do {
      covers = try FontSystem.coverage(of: standardFiles + custom)
    } catch PainterError.unusableFont(let path) {
      let reference = document.fonts.first { $0.path == path } ?? FileReference(path: path)
      throw reference.location.error("font '\(path)': fontconfig could not read a face from it")
    }
    // Bold files only for a bold style, Noto Sans CJK only in the faces the text's languages
    // reach (FontCatalog): files no text could be drawn with are neither opened nor sorted.
    let theme = Theme(canvas: document.canvas)
    let bold = theme.hasBoldText(headerStyles: text.headerStyles)
    var wanted = FontCatalog.extraFiles(
      for: text.characters, covered: covers, languages: text.languages, bold: bold)
    // Roboto Light only for a light style (a brand's `title2` header).
    if theme.hasLightText(headerStyles: text.headerStyles) { wanted.append(FontFile.robotoLight) }
    if let family = document.canvas.font {
      wanted += FontCatalog.files(ofFamily: family, bold: bold)
    }
    var catalogue = standardFiles
    var missing: Set<String> = []
    for file in wanted where !catalogue.contains(file) {
      if FileManager.default.isReadableFile(atPath: file.path) {
        catalogue.append(file)
      } else {
        missing.insert(file.package)
      }
    }
    return (catalogue, custom, missing)
  }

  /// Every font file `document`'s text uses (``fingerprint(for:)``'s files), loaded: its path,
  /// the families it holds, its CRC-32, and where it comes from (`standard`, `catalogue`, or
  /// `fonts:` for the spec's own). For `listrender doctor SPEC`.
  package func fontsUsed(by document: ListDocument) throws -> [(
    path: String, families: [String], checksum: String, origin: String
  )] {
    let document = try document.resolvingStrings()
    let needed = try loadFonts(for: document, text: try document.validatedText())
    let sums = try fingerprint(for: document)
    // A collection named for different faces is listed once.
    var listed: Set<String> = []
    let origins =
      (needed.catalogue.map { ($0, standardFiles.contains($0) ? "standard" : "catalogue") }
      + needed.custom.map { ($0, "fonts:") }).filter { listed.insert($0.0.path).inserted }
    return origins.map { file, origin in
      (
        file.path, fonts.families(in: file.source),
        sums["font " + (file.path as NSString).lastPathComponent]
          ?? sums["input font " + (file.path as NSString).lastPathComponent] ?? "", origin
      )
    }
  }

  /// What decides a document's pixels on this machine: the library versions and a CRC-32 of
  /// every font file its text uses. The spec's own fonts are keyed `input font NAME`: inputs
  /// of the case like its images, so a changed brand font is compared exactly and named as a
  /// changed file, never taken for another environment. Recorded into golden PNGs.
  ///
  /// ```swift
  /// try renderer.fingerprint(for: document)["input font BrandSans-Regular.otf"]  // "5a0c11e2"
  /// ```
  public func fingerprint(for document: ListDocument) throws -> [String: String] {
    let document = try document.resolvingStrings()
    let needed = try fontFiles(for: document, text: try document.validatedText())
    var result = fingerprint(of: needed.catalogue)
    for file in needed.custom {
      let checksum = try fontChecks.check(FileReference(path: file.path)).checksum
      // The spec's own font is an input, like an image: a change to it is compared exactly
      // and named as a changed file, never taken for another environment (GoldenCheck's
      // `inputKeyPrefix`, "input ", marks such keys).
      result["input font " + (file.path as NSString).lastPathComponent] = String(
        format: "%08x", checksum)
    }
    return result
  }

  /// Lists with at least this many cells have their text shaped on two cores.
  package var parallelShapingThreshold = 300
  /// Lists with at least this many cells whose text needs fonts beyond the standard ones are
  /// shaped on two cores too: a script's first use (its faces read, its shaping prepared)
  /// costs more than shaping Latin text.
  /// (Four: a short page in many scripts is mostly each script's first use, which the two
  /// cores share.)
  package var parallelWorldShapingThreshold = 4
  /// Whether the last document's text needed catalogue fonts beyond the standard files.
  private var needsExtraFonts = false
  /// The last font files decided, and on what.
  private var lastFontFiles:
    (
      key: FontFilesKey,
      value: (catalogue: [FontFile], custom: [FontFile], missingPackages: Set<String>)
    )?

  /// Shaping text is most of a long list's layout, and it is done once per paragraph: a helper
  /// with its own fonts and Pango context lays out the second half of the cells on another
  /// core while this thread lays out the first half; this renderer then takes over what the
  /// helper shaped. The same fonts give the same glyphs, so the pixels do not change.
  private func shapeInParallel(_ document: ListDocument) throws {
    let cells = document.sections.reduce(0) { $0 + $1.cells.count }
    guard
      cells >= (needsExtraFonts ? parallelWorldShapingThreshold : parallelShapingThreshold),
      ProcessInfo.processInfo.activeProcessorCount > 1
    else { return }
    // The first half of the cells in document order, and the rest: sections often gather text
    // of one script, so each thread meets fonts of its own. A section's header goes with its
    // first cell and its footer with its last, so that no thread prepares a script's fonts
    // only for a header the other thread shapes anyway.
    var front = document
    var back = document
    front.sections = []
    back.sections = []
    var before = 0
    for section in document.sections {
      let split = min(section.cells.count, max(0, cells / 2 - before))
      before += section.cells.count
      var first = section
      var second = section
      first.cells = Array(section.cells[..<split])
      second.cells = Array(section.cells[split...])
      if first.cells.isEmpty || second.cells.isEmpty {
        if first.cells.isEmpty {
          back.sections.append(section)
        } else {
          front.sections.append(section)
        }
        continue
      }
      first.footer = nil
      second.header = nil
      front.sections.append(first)
      back.sections.append(second)
    }
    front.canvas.height = nil
    back.canvas.height = nil
    let files = fonts.files
    let icons = icons
    let secondHalf = back
    let helper = Mutex<Result<ShapedParagraphs, any Error>?>(nil)
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      let result = Result {
        let measurer = try PangoTextMeasurer(fonts: try FontSystem(files: files))
        let images = ImageLibrary()
        try Self.loadResources(of: secondHalf, images: images, icons: icons)
        var engine = ListLayoutEngine(measurer: measurer, images: images)
        engine.allowsMissingGlyphs = true
        _ = try? engine.layout(secondHalf)
        return ShapedParagraphs(of: measurer)
      }
      helper.withLock { $0 = result }
    }
    // A half that does not fit the pixel limits on its own is still shaped (hence `try?`).
    _ = try? engine().layout(front)
    done.wait()
    if case .success(let shaped)? = helper.withLock({ $0 }) {
      measurer.shaper.adopt(shaped)
    }
  }

  /// The document's pixels.
  public func render(_ document: ListDocument) throws -> Bitmap {
    // Laid out first: a document that needs more fonts replaces the painter.
    let tree = try layout(document)
    return try painter.paint(tree)
  }

  /// The pixels of a layout made by this renderer's ``layout(_:)``.
  public func paint(_ tree: LayoutTree) throws -> Bitmap {
    try painter.paint(tree)
  }

  /// A layout painted and encoded as PNG at once: bands of rows are painted on this thread
  /// while the other cores compress the rows already painted (the bytes of painting first and
  /// encoding after). A tall list is painted into a few bands' worth of memory used again and
  /// again, each band once the rows it replaces are compressed.
  public func renderPNG(
    _ tree: LayoutTree, threads: Int? = nil, compression: PNGCompression = .fast
  ) throws -> [UInt8] {
    try renderPNGInRing(tree, threads: threads, compression: compression).png
  }

  /// ``renderPNG(_:threads:compression:)`` of device rows `rows` (a page; all by default), and
  /// how many rows tall the ring of bands painted into was (nil: the image was painted whole),
  /// for tests that the ring is used and changes no byte (with bands of `bandRows` and a ring
  /// of `slackRows` beyond two bands, when given).
  package func renderPNGInRing(
    _ tree: LayoutTree, rows: Range<Int>? = nil, threads: Int? = nil,
    compression: PNGCompression = .fast, bandRows: Int = bandRows, slackRows: Int? = nil
  ) throws -> (png: [UInt8], ringRows: Int?) {
    let alpha = tree.background.alpha < 1
    let trail = PNGStripTrail(
      width: tree.pixelWidth, alpha: alpha, compression: compression,
      threads: threads ?? PNGCodec.defaultThreads, slackRows: slackRows)
    return try painter.paintInBands(tree, rows: rows, bandRows: bandRows, trail: trail) {
      image, paint in
      let png = try PNGCodec.encode(
        rows: image, alpha: !image.isOpaque, threads: threads, scale: tree.scale,
        compression: compression, producing: paint)
      return (png, image.ringRows)
    }
  }

  /// Writes the tree as an SVG or PDF document at `path` (through a temporary file renamed into
  /// place): the PNG's layout and drawing, in points, text as glyphs.
  package func renderVector(_ tree: LayoutTree, format: VectorFormat, to path: String) throws {
    try stagedVector(tree, format: format, to: path).commit()
  }

  /// ``renderVector(_:format:to:)`` written to its temporary, not yet renamed into place (for
  /// a command whose outputs are all written or none).
  package func stagedVector(_ tree: LayoutTree, format: VectorFormat, to path: String) throws
    -> TemporaryFile
  {
    let file = try TemporaryFile(for: path)
    close(file.descriptor)  // cairo opens the file by its name
    try painter.paintVector(tree, format: format, to: file.path)
    return file
  }

  /// Device rows `rows` of a layout (a page of it) painted as an image that tall: the same
  /// pixels as those rows of the whole image.
  package func paint(_ tree: LayoutTree, rows: Range<Int>) throws -> Bitmap {
    try painter.paintInBands(tree, rows: rows, bandRows: rows.count) { image, paint in
      try paint { _ in }
      return try image.bitmap()
    }
  }

  /// The tree painted in bands of `bandRows` (for tests that bands change no pixel).
  package func paintBandedForTests(_ tree: LayoutTree, bandRows: Int) throws -> Bitmap {
    try painter.paintInBands(tree, bandRows: bandRows) { image, paint in
      try paint { _ in }
      return try image.bitmap()
    }
  }

  /// Device rows painted between hand-overs to the encoder.
  static let bandRows = 256

  /// A layout painted and kept as its surface, for encoding without a whole-image copy:
  /// `PNGCodec.encode(rows: image, alpha: !image.isOpaque)`.
  public func paintImage(_ tree: LayoutTree) throws -> PaintedImage {
    try painter.paintImage(tree)
  }

  /// Renders the frames `range` of the document's animation one at a time, handing each to
  /// `body` as soon as it is drawn (so frames can be encoded as they come, not held).
  ///
  /// ```swift
  /// try renderer.renderFrames(document, range: 0..<document.animation!.frameCount) { index, frame in
  ///   try writer.add(frame)
  /// }
  /// ```
  public func renderFrames(
    _ document: ListDocument, range: Range<Int>, _ body: (Int, Bitmap) throws -> Void
  ) throws {
    try layoutFrames(document, range: range) { index, _, tree in
      try body(index, try painter.paint(tree))
    }
  }

  /// Every frame of the document's animation (one frame for a document without one), a frame
  /// identical to the one before it sharing its pixels: what an animation golden keeps.
  ///
  /// ```swift
  /// let sequence = try renderer.frameSequence(document)  // 7 frames at 20 fps
  /// ```
  public func frameSequence(_ document: ListDocument) throws -> FrameSequence {
    try frameSequence(document) { _ in }
  }

  /// ``frameSequence(_:)``, handing each frame's layout to `eachLayout` as it is drawn (a
  /// suite keeps them in the animation's golden).
  package func frameSequence(_ document: ListDocument, eachLayout: (LayoutTree) -> Void) throws
    -> FrameSequence
  {
    var frames: [Bitmap] = []
    try layoutFrames(document, range: 0..<(document.animation?.frameCount ?? 1)) { _, _, tree in
      eachLayout(tree)
      let bitmap = try painter.paint(tree)
      if let last = frames.last, last == bitmap {
        frames.append(last)
      } else {
        frames.append(bitmap)
      }
    }
    return FrameSequence(frames: frames, fps: document.animation?.fps ?? 60)
  }

  /// The layout of each frame `range` of the document's animation, handed to `body` in order.
  /// Every frame has the same size (APNG and GIF need it): a content-sized canvas is as tall
  /// as the tallest frame of the whole animation, the background showing below shorter content.
  public func layoutFrames(
    _ document: ListDocument, range: Range<Int>,
    _ body: (Int, AnimationFrame, LayoutTree) throws -> Void
  ) throws {
    let document = try document.resolvingStrings()
    try loadFonts(for: document, text: try document.validatedText())
    try resolveResources(of: document)
    let fps = document.animation?.fps ?? 60
    let count = document.animation?.frameCount ?? 1
    func frame(_ index: Int) -> AnimationFrame {
      AnimationTimeline.frame(document, at: AnimationTimeline.time(ofFrame: index, fps: fps))
    }
    var height = 0.0
    if document.canvas.height == nil {
      // Only toggles, transitions, updates and pressed elevations change a frame's height.
      let changesHeight =
        document.animation?.events.contains { event in
          switch event.action {
          case .press, .release:
            return document.sections.contains { $0.cells.contains { $0.pressedElevation != nil } }
          case .toggle, .transition, .update: return true
          }
        } ?? false
      let frames = changesHeight ? Array(0..<count) : [range.lowerBound]
      for index in frames { height = max(height, try layoutFrame(frame(index)).height) }
    }
    for index in range {
      let state = frame(index)
      var tree = try layoutFrame(state)
      tree.height = max(tree.height, height)
      try body(index, state, tree)
    }
  }

  /// The layout of one animation frame: the document at its time, and while a list update runs,
  /// the old and new lists interpolated.
  /// - Throws: ``SpecError`` for a value out of its limits, as ``layout(_:)-(ListDocument)``.
  public func layout(_ frame: AnimationFrame) throws -> LayoutTree {
    var text = try frame.document.validatedText()
    if let update = frame.update {
      var before = frame.document
      before.sections = update.from
      text = text.union(try before.validatedText())
      guard update.fraction.isFinite, (0...1).contains(update.fraction) else {
        throw SpecError(
          file: "<document>", line: nil, column: nil, path: "update.fraction",
          message: "\(update.fraction) is out of range; expected 0...1")
      }
    }
    try loadFonts(for: frame.document, text: text)
    return try layoutFrame(frame)
  }

  /// ``layout(_:)-(AnimationFrame)`` for frames the timeline made from a validated document.
  private func layoutFrame(_ frame: AnimationFrame) throws -> LayoutTree {
    let engine = engine()
    let new: LayoutTree
    do {
      new = try engine.layout(frame.document)
    } catch let error as LayoutError {
      throw Self.located(error, in: frame.document)
    }
    guard let update = frame.update else { return new }
    var before = frame.document
    before.sections = update.from
    return LayoutTransition.interpolate(
      from: try engine.layout(before), to: new, oldSections: update.from,
      newSections: frame.document.sections, fraction: update.fraction)
  }

  /// Layout and pixels together (the CLI writes both).
  public func renderWithLayout(_ document: ListDocument) throws -> (
    bitmap: Bitmap, layout: LayoutTree
  ) {
    let tree = try layout(document)
    return (try painter.paint(tree), tree)
  }

  /// Checks every icon name and loads every image file, so that problems are reported with
  /// their place in the spec before anything is laid out.
  private func resolveResources(of document: ListDocument) throws {
    try Self.loadResources(of: document, images: images, icons: icons)
  }

  private static func loadResources(
    of document: ListDocument, images: ImageLibrary, icons: IconCatalog
  ) throws {
    try forEachResource(of: document) { icon in
      switch icon.source {
      case .named(let name): try icons.validate(name, at: icon.location)
      case .file(let path): try images.load(FileReference(path: path, location: icon.location))
      }
    } image: { reference in
      try images.load(reference)
    }
  }

  /// Every icon and image file a document names (the empty view's icon, each cell's asset,
  /// control icon and stereo images, in every list of its animation), in document order.
  static func forEachResource(
    of document: ListDocument, icon resolveIcon: (Icon) throws -> Void,
    image resolveImage: (FileReference) throws -> Void
  ) throws {
    func resolve(_ image: StereoImage?) throws {
      switch image {
      case .icon(let icon, _, _)?: try resolveIcon(icon)
      case .image(let reference, _, _)?: try resolveImage(reference)
      case .monogram?, nil: break
      }
    }
    if let icon = document.emptyView?.icon { try resolveIcon(icon) }
    var lists = [document.sections]
    for event in document.animation?.events ?? [] {
      if case .update(let sections) = event.action { lists.append(sections) }
    }
    for section in lists.joined() {
      for cell in section.cells {
        switch cell.kind {
        case .row(let row):
          switch row.asset {
          case .smallIcon(let icon, _)?, .largeIcon(let icon, _, _)?: try resolveIcon(icon)
          case .image(let image)?, .customImage(let image, _, _)?: try resolveImage(image)
          case .monogram?, nil: break
          }
          if let icon = row.control?.drawnIcon { try resolveIcon(icon) }
        case .stereo(let stereo):
          try resolve(stereo.leadingImage)
          try resolve(stereo.trailingImage)
        case .label:
          break
        }
      }
    }
  }

  /// The SHA-256 of the file at `path` (a regular file of at most `maxBytes`), or nil.
  package static func fileDigest(_ path: String, maxBytes: Int) -> String? {
    FileDigest.sha256(ofFile: path, maxBytes: maxBytes)
  }

  /// The Material icon codepoint map a renderer reads its icon names from.
  package static var iconMapPath: String { IconCatalog.defaultPath }

  /// Every font file the catalogue may load (the standard ones and each script's), by path.
  package static var catalogueFontPaths: [String] {
    (FontFile.standard + FontCatalog.allExtraFiles).map(\.path)
  }

  /// Every file a document reads besides its spec: its fonts and update files, then its icon
  /// and image files,
  /// each once (what a result cache keys a case on).
  package static func inputFiles(of document: ListDocument) -> [String] {
    var files =
      document.fonts.map(\.path) + document.marks.specFiles
      + (document.marks.loadedStrings?.files ?? [])
      + (document.canvas.tokens.map { [$0.file] } ?? [])
    try? forEachResource(of: document) { icon in
      if case .file(let path) = icon.source { files.append(path) }
    } image: { reference in
      files.append(reference.path)
    }
    var seen = Set<String>()
    return files.filter { seen.insert($0).inserted }
  }
}
