import ListModel

/// Problems that stop a layout.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The image would exceed the documented pixel limits (``SpecLimits``).
  case imageTooLarge(width: Int, height: Int)
  /// An image would be longer than its file format allows (WebP: 16,383 px a side).
  case tooLargeForFormat(format: String, width: Int, height: Int, limit: Int)
  /// A vector document would be taller than ``SpecLimits/maxVectorHeight`` points.
  case documentTooTall(height: Double)
  /// The list has nothing to draw: no cell, no header shown, no empty view.
  case emptyList
  /// The safe area's leading and trailing insets leave no width for the list.
  case safeAreaTooWide(canvasWidth: Double, insets: Double)
  /// A colour names a Mística colour token the theme cannot give: a theme without token files
  /// (Material), or a token file without that token.
  case unknownColorToken(name: String, theme: String)
  /// A section header asks for a Mística style under a theme that has none (Material's one
  /// subheader style, as a variant may make it).
  case headerStyle(section: Int, style: String)

  /// A sentence for the terminal: the spec key first where the sentence needs it.
  public var description: String {
    switch self {
    case .imageTooLarge, .tooLargeForFormat, .emptyList, .documentTooTall: reason
    case .safeAreaTooWide, .unknownColorToken: "canvas.\(key): \(reason)"
    case .headerStyle(let section, _): "sections[\(section)].header.style: \(reason)"
    }
  }

  /// The spec key the error is about, for locating it in a decoded spec (`size` is the
  /// canvas's width, height or scale, whichever the spec gives).
  public var key: String {
    switch self {
    case .imageTooLarge, .tooLargeForFormat, .documentTooTall: "size"
    case .safeAreaTooWide: "safeArea"
    case .emptyList, .headerStyle: "sections"
    case .unknownColorToken: "theme"
    }
  }

  /// What is wrong, without the key's name (for a message that starts at the key's location).
  public var reason: String {
    switch self {
    case .imageTooLarge(let width, let height):
      "the image would be \(width)×\(height) px; the limits are \(SpecLimits.maxPixelSide) px a side and \(SpecLimits.maxPixels) px in all: render it in pages (listrender render SPEC --page-height 2000 writes NAME-0001.png, NAME-0002.png, …), as SVG or PDF (no pixel limit), at a lower canvas.scale, or one viewport (canvas.height and canvas.contentOffset)"
    case .tooLargeForFormat(let format, let width, let height, let limit):
      "the image would be \(width)×\(height) px; a \(format) image is at most \(limit) px a side: write it in another format, in \(format) pages (--page-height), or at a lower canvas.scale"
    case .documentTooTall(let height):
      "the document would be \(Int(height.rounded(.up))) pt tall; an SVG or PDF is at most \(Int(SpecLimits.maxVectorHeight)) pt (render it in PNG pages with --page-height, or as viewports with canvas.height and canvas.contentOffset)"
    case .emptyList:
      "the list is empty: there is nothing to draw (add cells, or an emptyView to show the empty state, or give canvas.height)"
    case .safeAreaTooWide(let width, let insets):
      "leading + trailing (\(insets) pt) leave no room in canvas.width (\(width) pt)"
    case .unknownColorToken(let name, let theme):
      "a colour names the Mística token '\(name)', which \(theme) does not have"
    case .headerStyle(_, let style):
      "\(style) is a Mística header style; the material theme draws its one subheader style (remove style, or use theme mistica)"
    }
  }
}

/// What bounds a layout's size.
package enum LayoutLimits: Sendable {
  /// The image limits of ``SpecLimits`` (a PNG, a frame).
  case pixels
  /// ``SpecLimits/maxVectorHeight`` points (SVG, PDF, and a list cut into PNG pages).
  case points
}

/// Lays out a document: model + text and image measurement → ``LayoutTree``. Pure geometry,
/// no drawing. Cells are laid out left to right and mirrored at the end for RTL.
///
/// ```swift
/// let tree = try ListLayoutEngine(measurer: measurer, images: images).layout(document)
/// print(tree.height)  // points
/// ```
package struct ListLayoutEngine {
  let measurer: any TextMeasuring
  let images: any ImageMeasuring
  /// Whether text with a character no font has is drawn (as a box) instead of failing.
  package var allowsMissingGlyphs = false
  /// What bounds the whole image: pixels (a PNG) or points (an SVG, a PDF, or a list cut into
  /// pages, each of which is held to the pixel limits).
  package var limits = LayoutLimits.pixels
  /// What the missing-glyph error advises (a package to install, or a font to add).
  package var missingGlyphAdvice = "add a font that has it under fonts:"

  /// An engine that measures text with `measurer` and image files with `images`.
  public init(measurer: any TextMeasuring, images: any ImageMeasuring) {
    self.measurer = measurer
    self.images = images
  }

  /// The roles drawn inside a cell's box: what does not fit there is cut to it, never drawn
  /// over its neighbours or off the canvas (``LayoutTree/contentOutsideCells``).
  static let cellContent: Set<LayoutElement.Role> = [
    .asset, .assetBackground, .headline, .title, .subtitle, .description, .detail, .text,
    .control, .badge, .chevron, .leadingImage, .trailingImage,
  ]

  /// Elements that reach sideways out of their cell (a grid item too narrow for its control)
  /// clipped to the cell's box.
  static func keptInsideCells(_ elements: [LayoutElement]) -> [LayoutElement] {
    let cells = LayoutTree.cellFrames(elements)
    guard !cells.isEmpty else { return elements }
    return elements.map { element in
      guard element.clip == nil, cellContent.contains(element.role),
        let cell = cells[element.source], element.reachesSideways(outOf: cell)
      else { return element }
      var kept = element
      kept.clip = Clip(rect: cell, cornerRadius: 0, corners: .all)
      return kept
    }
  }

  /// The layout of the whole document: sections top to bottom, then the viewport (height,
  /// scroll offset, sticky headers), then right-to-left mirroring.
  public func layout(_ document: ListDocument) throws -> LayoutTree {
    try viewport(
      of: try content(of: document), height: document.canvas.height,
      contentOffset: document.canvas.contentOffset)
  }

  /// A document's sections laid out top to bottom, before any viewport: what
  /// ``viewport(of:height:contentOffset:)`` cuts views from, so that a list seen through many
  /// viewports (an audit part by part) is laid out once.
  package struct Content {
    fileprivate var document: ListDocument
    fileprivate var theme: Theme
    fileprivate var background: Color
    fileprivate var list: ListBuilder
    fileprivate var bottom: Double
    fileprivate var hasCells: Bool
  }

  /// The sections of `document` laid out, with its refresh control.
  package func content(of document: ListDocument) throws -> Content {
    let canvas = document.canvas
    let sideInsets = canvas.safeArea.leading + canvas.safeArea.trailing
    guard sideInsets < canvas.width else {
      throw LayoutError.safeAreaTooWide(canvasWidth: canvas.width, insets: sideInsets)
    }
    let theme = Theme(canvas: canvas)
    let background = canvas.background ?? theme[.background]
    var list = ListBuilder()
    let pull = try refreshPull(document.refreshControl)
    var y = canvas.safeArea.top + pull
    for (index, section) in document.sections.enumerated() {
      y = try layoutSection(
        section, index: index, top: y, canvas: canvas, theme: theme, background: background,
        into: &list)
    }
    if let refresh = document.refreshControl {
      list.elements += refreshIndicator(refresh, pull: pull, canvas: canvas, theme: theme)
    }
    return Content(
      document: document, theme: theme, background: background, list: list, bottom: y,
      hasCells: document.sections.contains { !$0.cells.isEmpty })
  }

  /// What a viewport `height` points tall (nil: the whole content) scrolled by `contentOffset`
  /// shows of `content`: the same tree as ``layout(_:)`` of the document with that
  /// `canvas.height` and `canvas.contentOffset`.
  package func viewport(of content: Content, height viewportHeight: Double?, contentOffset: Double)
    throws -> LayoutTree
  {
    var canvas = content.document.canvas
    canvas.height = viewportHeight
    canvas.contentOffset = contentOffset
    var list = content.list
    let height: Double
    if content.hasCells || content.document.emptyView == nil {
      height = canvas.height ?? content.bottom + canvas.safeArea.bottom
    } else {
      // An empty list fills its viewport: the canvas height, or a phone-sized 480 pt.
      height = canvas.height ?? 480
    }
    if canvas.stickyHeaders {
      list.stickHeaders(visibleTop: canvas.safeArea.top + canvas.contentOffset)
    }
    // Sticky headers float above the list; others lie under elevated surfaces' shadows too.
    var elements =
      canvas.stickyHeaders
      ? Self.elevatedLast(list.elements) + list.headers.flatMap(\.elements)
      : Self.elevatedLast(list.elements + list.headers.flatMap(\.elements))
    if canvas.contentOffset != 0 {
      elements = elements.map { $0.offsetBy(0, -canvas.contentOffset) }
    }
    if !content.hasCells, let empty = content.document.emptyView {
      elements += try emptyViewElements(
        empty, viewportHeight: height, canvas: canvas, theme: content.theme)
    }
    if canvas.height != nil {
      // Only what the viewport shows is kept (and painted).
      elements = elements.filter { $0.frame.maxY > 0 && $0.frame.y < height }
    }
    if canvas.direction == .rtl {
      elements = elements.map { element in
        var mirrored = element
        mirrored.frame = element.frame.mirrored(in: canvas.width)
        return mirrored
      }
    }
    elements = Self.keptInsideCells(elements)
    // A content-sized image grows at the bottom to hold what can be seen of the shadows.
    var shadowRoom = 0.0
    if canvas.height == nil {
      let shadowBottom =
        elements.compactMap { element -> Double? in
          guard case .shadow(let layers, _, _) = element.content else { return nil }
          return element.frame.maxY + (layers.map(\.visibleExtent).max() ?? 0)
        }.max() ?? 0
      shadowRoom = max(0, shadowBottom.rounded(.up) - height)
    }
    var tree = LayoutTree(
      width: canvas.width, height: height + shadowRoom, scale: canvas.scale,
      background: content.background, elements: elements)
    tree.shadowRoom = shadowRoom
    if tree.pixelHeight == 0 { throw LayoutError.emptyList }
    switch limits {
    case .pixels: try tree.checkPixelLimits()
    case .points:
      guard tree.height <= SpecLimits.maxVectorHeight else {
        throw LayoutError.documentTooTall(height: tree.height)
      }
    }
    return tree
  }

  /// Elevation as drawing order, as Android draws it: every surface that casts a shadow (an
  /// elevated cell, a section card with its cells) is drawn after the flat ones, in document
  /// order, so its shadow lies over the rows, headers and footers below and beside it instead of
  /// being cut by the next row's background; a later elevated surface still covers an earlier
  /// one's shadow.
  static func elevatedLast(_ elements: [LayoutElement]) -> [LayoutElement] {
    let elevated = Set(elements.lazy.filter { $0.role == .shadow }.map(\.source))
    guard !elevated.isEmpty else { return elements }
    /// Whether `source` is an elevated surface's or inside one (`sections[0].cells[2]` is inside
    /// `sections[0]`'s card).
    func raised(_ source: String) -> Bool {
      if elevated.contains(source) { return true }
      var prefix = Substring(source)
      while let dot = prefix.lastIndex(of: ".") {
        prefix = prefix[..<dot]
        if elevated.contains(String(prefix)) { return true }
      }
      return false
    }
    var flat: [LayoutElement] = []
    var lifted: [LayoutElement] = []
    for element in elements {
      if raised(element.source) { lifted.append(element) } else { flat.append(element) }
    }
    return flat + lifted
  }

  /// Lays out one cell of any kind.
  func layoutCell(_ context: CellContext) throws -> PlacedCell {
    switch context.cell.kind {
    case .row(let row): return try layoutRow(row, in: context)
    case .stereo(let stereo): return try layoutStereo(stereo, in: context)
    case .label(let label): return try layoutLabel(label, in: context)
    }
  }

  // MARK: Shared by the cell layouts

  /// Where one cell goes and what it knows about its surroundings.
  struct CellContext {
    let source: String
    let x: Double
    let y: Double
    let width: Double
    let isLast: Bool
    let cell: Cell
    let canvas: Canvas
    let theme: Theme
    /// The cell after this one in its section.
    var next: Cell? = nil

    var direction: LayoutDirection { canvas.direction }

    /// Whether the bottom separator is drawn, given the style's own rule.
    func showsSeparator(byDefault: Bool) -> Bool {
      switch cell.separator {
      case .automatic: return byDefault && !isLast
      case .visible: return true
      case .hidden: return false
      }
    }

    /// Whether the next cell is a full-width row: automatic row separators are drawn only
    /// between two of them (never above a boxed card).
    var nextIsFullWidthRow: Bool {
      if case .row(let row)? = next?.kind { return row.style == .fullWidth }
      return false
    }

    /// Opacity of the whole content, asset, labels and control (disabled: 0.5, mistica-ios
    /// `ListCellContentView.swift`).
    var contentOpacity: Double { cell.state == .disabled ? 0.5 : 1 }

    /// Where the bottom separator starts and ends: the style's own `standard` inset, at the
    /// text's leading edge, or edge to edge.
    func separatorInsets(standard: (leading: Double, trailing: Double), text: Double) -> (
      leading: Double, trailing: Double
    ) {
      switch cell.separatorInset {
      case .standard: return standard
      case .text: return (text, 0)
      case .none: return (0, 0)
      }
    }
  }

  /// A cell's elements and the height it takes in the list.
  struct PlacedCell {
    var elements: [LayoutElement]
    var height: Double
  }

  /// Measures `text` and makes its element at (x, y).
  func textElement(
    _ label: Label, role: LayoutElement.Role, style: TextStyle, color: Color, x: Double, y: Double,
    width: Double, in context: CellContext, opacity: Double = 1,
    alignment: TextAlignment = .leading
  ) throws -> LayoutElement {
    var style = style
    if let language = label.language { style.language = language }
    let measured = try measurer.measure(
      label.text, style: style, width: max(1, width), maxLines: label.maxLines,
      direction: context.direction, alignment: alignment)
    try checkGlyphs(
      measured,
      at: label.location.path.isEmpty
        ? SpecLocation(file: "<document>", path: "\(context.source).\(role.rawValue)")
        : label.location)
    return LayoutElement(
      role: role, source: context.source,
      frame: Rect(x: x, y: y, width: max(1, width), height: measured.height),
      content: .text(
        TextBlock(
          text: label.text, style: style, color: color, direction: context.direction,
          wrapWidth: max(1, width), maxLines: label.maxLines, lines: measured.lines,
          truncated: measured.truncated, missingCharacter: measured.missingCharacter)),
      opacity: opacity)
  }

  /// Fails when `measured` has a character no font has (it would be a box), unless missing
  /// glyphs are allowed: the error names where the text is, the character and what to do.
  func checkGlyphs(_ measured: MeasuredText, at location: SpecLocation) throws {
    guard let scalar = measured.missingCharacter, !allowsMissingGlyphs else { return }
    let code = String(scalar.value, radix: 16, uppercase: true)
    let name = scalar.properties.name.map { " " + $0 } ?? ""
    let character = "U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)\(name)"
    if let family = measured.missingCharacterClaimedBy {
      throw location.error(
        "the font \(shownScalar(family)) claims \(character) but draws no glyph for it: the font file is damaged or its character map is wrong (replace the file, or render with --allow-missing-glyphs)"
      )
    }
    throw location.error(
      "no font has \(character) (\(missingGlyphAdvice), or render with --allow-missing-glyphs)")
  }

  /// Text at its natural width (the widest of its lines, at most `maxWidth`), for pills,
  /// badges and trailing values: one line unless `maxLines` says otherwise.
  func naturalText(
    _ text: String, role: LayoutElement.Role, style: TextStyle, color: Color, maxWidth: Double,
    in context: CellContext, direction: LayoutDirection? = nil, maxLines: Int? = 1
  ) throws -> LayoutElement {
    let direction = direction ?? context.direction
    let measured = try measurer.measure(
      text, style: style, width: max(1, maxWidth), maxLines: maxLines, direction: direction)
    try checkGlyphs(
      measured, at: SpecLocation(file: "<document>", path: "\(context.source).\(role.rawValue)"))
    let width = min(maxWidth, measured.lines.map(\.width).max() ?? 0)
    var lines = measured.lines
    if direction == .rtl {
      // Lines were right-aligned in `maxWidth`; the frame is only as wide as the text.
      for index in lines.indices { lines[index].x -= maxWidth - width }
    }
    return LayoutElement(
      role: role, source: context.source,
      frame: Rect(x: 0, y: 0, width: width, height: measured.height),
      content: .text(
        TextBlock(
          text: text, style: style, color: color, direction: direction, wrapWidth: max(1, maxWidth),
          maxLines: maxLines, lines: lines, truncated: measured.truncated,
          missingCharacter: measured.missingCharacter)))
  }

  /// The highlight or selection overlay of a cell's box, if its state has one.
  func stateOverlay(_ frame: Rect, cornerRadius: Double, in context: CellContext) -> LayoutElement?
  {
    let fill: Color
    switch context.cell.state {
    case .highlighted: fill = context.theme[.highlight]
    // Selection: the brand colour at 8%, Material's selected state layer.
    case .selected: fill = context.theme[.brand].withAlpha(0.08)
    case .normal, .disabled: return nil
    }
    return LayoutElement(
      role: .highlight, source: context.source, frame: frame,
      content: .box(fill: fill, cornerRadius: cornerRadius))
  }

  /// A hairline at the bottom of `frame`, inset on both sides: one device pixel, or
  /// `thickness` points rounded to whole device pixels (at least one), its edges on device
  /// pixels at every scale, as UIKit draws hairlines.
  func separator(
    under frame: Rect, leading: Double, trailing: Double, color: Color, thickness: Double? = nil,
    in context: CellContext
  ) -> LayoutElement {
    let scale = context.canvas.scale
    let pixels = max(1, ((thickness ?? 0) * scale).rounded())
    let bottom = (frame.maxY * scale).rounded(.down)
    return LayoutElement(
      role: .separator, source: context.source,
      frame: Rect(
        x: frame.x + leading, y: (bottom - pixels) / scale,
        width: max(0, frame.width - leading - trailing), height: pixels / scale),
      content: .box(fill: color, cornerRadius: 0))
  }
}

extension Rect {
  /// The same rectangle moved by (dx, dy).
  func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }
}
