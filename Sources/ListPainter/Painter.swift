import CPangoCairo
import ImageCodec
import ListLayout
import ListModel

/// Draws a ``LayoutTree`` with Cairo and Pango. It decides nothing about layout: every frame,
/// colour and line comes from the tree.
///
/// ```swift
/// let fonts = try FontSystem()
/// let bitmap = try Painter(fonts: fonts, images: ImageLibrary(), icons: IconCatalog()).paint(tree)
/// ```
public final class Painter {
  let shaper: TextShaper
  let images: ImageLibrary
  let icons: IconCatalog
  /// Shadow masks and nine-slice tiles, kept for the next frames.
  var shadows = ShadowRasterizer()
  /// Nine-slice tiles being blurred on another thread for the tree being painted.
  var preparedTiles: PreparedShadowTiles?
  /// Whether the background is left unpainted under boxes that paint over it (set off by the
  /// tests that compare both).
  var leavesCoveredBackground = true
  /// Device pixels per point of the tree being painted.
  var scale = 1.0
  /// Whether the tree is being written as SVG (whose masks cairo 1.16 places without the
  /// surface's device scale: shadows are drawn as images there).
  var drawsSVG = false

  /// A painter drawing text with `fonts`, image files from `images`, icons from `icons`.
  public convenience init(fonts: FontSystem, images: ImageLibrary, icons: IconCatalog) throws {
    self.init(sharingTextWith: try PangoTextMeasurer(fonts: fonts), images: images, icons: icons)
  }

  /// A painter that draws the paragraphs `measurer` shaped (each is shaped once per renderer).
  package init(
    sharingTextWith measurer: PangoTextMeasurer, images: ImageLibrary, icons: IconCatalog
  ) {
    shaper = measurer.shaper
    self.images = images
    self.icons = icons
  }

  /// The tree's pixels: `pixelWidth × pixelHeight`, straight RGBA.
  ///
  /// The tree is painted straight into the bitmap's buffer, its pixels converted where they
  /// are: no surface beside it, no copy (in a suite run, a buffer an earlier case gave back).
  public func paint(_ tree: LayoutTree) throws -> Bitmap {
    let (width, height) = (tree.pixelWidth, tree.pixelHeight)
    guard width > 0, height > 0 else { return try paintImage(tree).bitmap() }
    var failure: (any Error)?
    let pixels = PixelMemory.filled(count: width * height * 4) { buffer in
      do {
        let surface = try CairoSurface(width: width, height: height, clearing: buffer)
        try paintInBands(tree, bandRows: height, into: surface) { _, paint in try paint { _ in } }
        try surface.convertToRGBA()
        return true
      } catch {
        failure = error
        return false
      }
    }
    guard let pixels, let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
      throw failure ?? PainterError.cairo("pixel count mismatch")
    }
    return bitmap
  }

  /// The tree painted, kept as the surface (encode it row by row with
  /// `PNGCodec.encode(rows:alpha:)`, or make a ``Bitmap``).
  public func paintImage(_ tree: LayoutTree) throws -> PaintedImage {
    try paintInBands(tree, bandRows: tree.pixelHeight) { image, paint in
      try paint { _ in }
      return image
    }
  }

  /// Writes the tree as a vector document at `path` (SVG or PDF, sized in points): the same
  /// layout and drawing as the PNG, text as glyphs; shadows are embedded as images.
  package func paintVector(_ tree: LayoutTree, format: VectorFormat, to path: String) throws {
    let document = try CairoVectorSurface(
      format: format, path: path, width: tree.width, height: tree.height, scale: tree.scale)
    let context = try CairoContext(vector: document)
    scale = tree.scale
    drawsSVG = format == .svg
    defer { drawsSVG = false }
    context.scale(by: tree.scale)
    let bounds = tree.elements.map { visualRows($0, scale: tree.scale) }
    try paintBand(tree, bounds: bounds, covered: [], rows: 0..<tree.pixelHeight, context)
    try context.checkStatus()
    try document.finish()
  }

  /// Paints the tree band by band (`bandRows` device rows each, top to bottom), so another
  /// thread can read finished rows while later ones are painted: `body` gets the image at once
  /// and a function that paints it, calling its argument after each band with how many rows
  /// are done. Every band is clipped to its whole device rows, so the pixels are those of one
  /// pass.
  ///
  /// With `rows`, only those device rows of the tree are painted, into an image as tall as
  /// they are (a page): the drawing is moved up by whole device pixels, so the rows are those
  /// of the whole image, pixel for pixel.
  ///
  /// With `trail` (how the PNG encoder that `body` runs trails the painting), a tall image is
  /// painted into a ring of a few bands' rows (``RingPlan``): each band waits, in the encoder's
  /// report of the rows before it, until the rows it replaces are encoded. Such an image is
  /// only for that encoder: it holds no whole image.
  package func paintInBands<Result>(
    _ tree: LayoutTree, rows: Range<Int>? = nil, bandRows: Int, trail: PNGStripTrail? = nil,
    _ body: (PaintedImage, (_ afterBand: (Int) -> Void) throws -> Void) throws -> Result
  ) throws -> Result {
    try paintInBands(tree, rows: rows, bandRows: bandRows, trail: trail, into: nil, body)
  }

  /// ``paintInBands(_:rows:bandRows:trail:_:)`` into `given` (as wide as the tree, as tall as
  /// the rows) when there is one, rather than into a new surface.
  func paintInBands<Result>(
    _ tree: LayoutTree, rows: Range<Int>? = nil, bandRows: Int, trail: PNGStripTrail? = nil,
    into given: CairoSurface?,
    _ body: (PaintedImage, (_ afterBand: (Int) -> Void) throws -> Void) throws -> Result
  ) throws -> Result {
    let rows = rows ?? 0..<tree.pixelHeight
    let isOpaque = tree.background.alpha >= 1
    scale = tree.scale
    let bounds = tree.elements.map { visualRows($0, scale: tree.scale) }
    let covered = leavesCoveredBackground ? Self.coveredRows(tree) : []
    // Every drawing gives the same pixels whatever band clips it and wherever the surface's
    // first row is (a scaled image too: see `paintScaledImage`), so bands are cut anywhere.
    let bands = stride(from: rows.lowerBound, to: rows.upperBound, by: max(1, bandRows)).map {
      $0..<min(rows.upperBound, $0 + max(1, bandRows))
    }
    let offset = rows.lowerBound
    let ring = trail.flatMap { RingPlan(bandRows: max(1, bandRows), height: rows.count, trail: $0) }
    let height = ring?.rows ?? rows.count
    if let given, given.width != tree.pixelWidth || given.height != height {
      throw PainterError.cairo(
        "a \(given.width)×\(given.height) surface for \(tree.pixelWidth)×\(height) pixels")
    }
    let surface = try given ?? CairoSurface(width: tree.pixelWidth, height: height)
    let image = try PaintedImage(surface: surface, isOpaque: isOpaque, ring: ring)
    // Painted whole, the surface's row 0 is the tree's row `rows.lowerBound`: a device offset,
    // which cairo applies under every drawing, device-space ones (clips, shadow tiles)
    // included. In a ring, each band gets a surface of its own rows, offset the same way.
    func context(over surface: CairoSurface, from top: Int) throws -> CairoContext {
      if top != 0 { surface.setDeviceOffset(y: -top) }
      let context = try CairoContext(surface: surface)
      context.scale(by: tree.scale)
      return context
    }
    /// The context band `index` is painted with.
    let contextForBand: (_ index: Int, _ band: Range<Int>) throws -> CairoContext
    if let ring {
      contextForBand = { index, band in
        // The encoder said it is done with the rows this band replaces before handing back
        // (see ``ReusingRowSource``); an encoder that did not would see them change.
        guard image.consumedRows >= ring.needs[index] else {
          throw PainterError.cairo("the encoder still reads the rows band \(index) replaces")
        }
        let place = ring.places[index]
        let cr = try context(
          over: try CairoSurface(rows: place..<(place + band.count), of: surface),
          from: band.lowerBound)
        // The ring holds the pixels of an earlier band: a translucent background is painted
        // over cleared rows, as over a new surface.
        if !isOpaque { cr.clear() }
        return cr
      }
    } else {
      let whole = try context(over: surface, from: rows.lowerBound)
      contextForBand = { _, _ in whole }
    }
    // The tiles of shadows further down are blurred on another core meanwhile.
    if bands.count > 1 { prepareShadowTiles(for: tree) }
    defer { adoptPreparedTiles() }
    return try body(image) { afterBand in
      for (index, band) in bands.enumerated() {
        let cr = try contextForBand(index, band)
        try paintBand(tree, bounds: bounds, covered: covered, rows: band, cr)
        try cr.checkStatus()
        cr.flush()
        afterBand(band.upperBound - offset)
      }
    }
  }

  /// The device rows (sorted, apart) that an opaque box paints over from edge to edge: a
  /// rectangle of one opaque colour, unclipped, at full opacity, its top and bottom on whole
  /// device rows and its sides at or past the image's. Whatever is drawn under it there,
  /// the background included, ends as the box's colour (cairo's OVER of an opaque colour at
  /// full coverage is the colour), so the background is not painted there.
  static func coveredRows(_ tree: LayoutTree) -> [Range<Int>] {
    let scale = tree.scale
    /// `value` when it is a whole device coordinate (cairo's 24.8 fixed point takes it as
    /// one), else nil.
    func whole(_ value: Double) -> Int? {
      let rounded = value.rounded()
      guard abs(value - rounded) <= 1e-7, abs(rounded) < 1e9 else { return nil }
      return Int(rounded)
    }
    var rows: [Range<Int>] = []
    for element in tree.elements where element.opacity >= 1 && element.clip == nil {
      guard case .box(let fill, let cornerRadius, _, _, let gradient) = element.content,
        gradient == nil, fill.alpha >= 1
      else { continue }
      let frame = element.frame
      guard min(cornerRadius, frame.width / 2, frame.height / 2) <= 0,
        frame.x * scale <= 1e-7, (frame.x + frame.width) * scale >= Double(tree.pixelWidth) - 1e-7,
        let top = whole(frame.y * scale), let bottom = whole((frame.y + frame.height) * scale),
        top < bottom
      else { continue }
      rows.append(max(0, top)..<max(0, bottom))
    }
    rows.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in rows where !range.isEmpty {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// One band: the background and every element that reaches its rows (the tree's device
  /// rows), clipped to them. The background is left out of `covered` (``coveredRows(_:)``).
  private func paintBand(
    _ tree: LayoutTree, bounds: [Range<Int>], covered: [Range<Int>], rows: Range<Int>,
    _ cr: CairoContext
  ) throws {
    let whole = rows.count == tree.pixelHeight
    cr.save()
    defer { cr.restore() }
    if !whole {
      cr.clipToDeviceRect(x: 0, y: rows.lowerBound, width: tree.pixelWidth, height: rows.count)
    }
    cr.setSource(tree.background)
    if covered.contains(where: { $0.overlaps(rows) }) {
      // The rows no box covers, as whole device rows: the same pixels as painting them all.
      cr.inDeviceSpace {
        var top = rows.lowerBound
        for range in covered where range.overlaps(rows) {
          if range.lowerBound > top {
            cr.rectangle(
              x: 0, y: Double(top), width: Double(tree.pixelWidth),
              height: Double(range.lowerBound - top))
          }
          top = max(top, range.upperBound)
        }
        if top < rows.upperBound {
          cr.rectangle(
            x: 0, y: Double(top), width: Double(tree.pixelWidth),
            height: Double(rows.upperBound - top))
        }
        cr.fill()
      }
    } else {
      cr.paint()
    }
    let elements = tree.elements
    var index = elements.startIndex
    while index < elements.endIndex {
      let element = elements[index]
      guard element.opacity < 1 else {
        if whole || bounds[index].overlaps(rows) { try paint(element, cr) }
        index += 1
        continue
      }
      // A run of one cell's elements at the same opacity is one group, composited once, as a
      // view's alpha dims its subviews together (an icon over its circle does not show it).
      var end = index + 1
      while end < elements.endIndex, elements[end].opacity == element.opacity,
        elements[end].source == element.source
      {
        end += 1
      }
      let members = (index..<end).filter { whole || bounds[$0].overlaps(rows) }
      if let first = members.first {
        // The group is only as tall as the rows its members can touch (a group surface has
        // the clip's size; outside those rows it would hold nothing).
        let reach = members.reduce(bounds[first]) {
          min($0.lowerBound, bounds[$1].lowerBound)..<max($0.upperBound, bounds[$1].upperBound)
        }
        try cr.withSavedState {
          cr.clipToDeviceRect(
            x: 0, y: reach.lowerBound, width: tree.pixelWidth, height: reach.count)
          try cr.paintGroup(alpha: element.opacity) {
            for member in members { try paint(elements[member], cr) }
          }
        }
      }
      index = end
    }
  }

  /// The device rows an element can touch: its frame, grown by what it draws outside it
  /// (a shadow's offset, spread and blur; glyphs of fallback fonts; antialiasing).
  private func visualRows(_ element: LayoutElement, scale: Double) -> Range<Int> {
    var top = element.frame.y
    var bottom = element.frame.maxY
    let margin: Double
    switch element.content {
    case .shadow(let layers, _, _):
      margin =
        layers.map { abs($0.offsetY) + max(0, $0.spread) + 3 * $0.sigma }.max().map { $0 + 2 }
        ?? 2
    case .text(let block):
      margin = block.style.size + 2
    case .glyph:
      margin = element.frame.height + 2
    default:
      margin = 2
    }
    top -= margin
    bottom += margin
    if let clip = element.clip {
      top = max(top, clip.rect.y - 2)
      bottom = min(bottom, clip.rect.maxY + 2)
    }
    let first = Int((top * scale).rounded(.down))
    let last = Int((bottom * scale).rounded(.up))
    return first..<max(first, last)
  }

  /// The one dispatch over element kinds; each kind is drawn in its own file.
  private func paint(_ element: LayoutElement, _ cr: CairoContext) throws {
    if let clip = element.clip {
      cr.save()
      defer { cr.restore() }
      cr.addRoundedRect(clip.rect, radius: clip.cornerRadius, corners: clip.corners)
      cr.clip()
      var unclipped = element
      unclipped.clip = nil
      try paint(unclipped, cr)
      return
    }
    let frame = element.frame
    switch element.content {
    case .box(let fill, let cornerRadius, let stroke, let corners, let gradient):
      paintBox(
        cr, frame: frame, fill: fill, cornerRadius: cornerRadius, stroke: stroke, corners: corners,
        gradient: gradient)
    case .ellipse(let fill):
      paintEllipse(cr, frame: frame, fill: fill)
    case .text(let block):
      try paintText(cr, block: block, frame: frame)
    case .glyph(let name, let color, let mirrored):
      guard mirrored else {
        try paintGlyph(cr, name: name, color: color, frame: frame)
        return
      }
      // Mirrored about the frame's vertical centre line.
      try cr.withSavedState {
        cr.translate(x: 2 * frame.x + frame.width, y: 0)
        cr.scale(x: -1, y: 1)
        try paintGlyph(cr, name: name, color: color, frame: frame)
      }
    case .image(let image):
      try paintImage(cr, image: image, frame: frame)
    case .switch(let paint):
      paintSwitch(cr, paint, frame: frame)
    case .checkbox(let paint):
      paintCheckbox(cr, paint, frame: frame)
    case .radio(let paint):
      paintRadio(cr, paint, frame: frame)
    case .arc(let start, let sweep, let width, let color):
      paintArc(cr, start: start, sweep: sweep, width: width, color: color, frame: frame)
    case .shadow(let layers, let cornerRadius, let corners):
      try paintShadow(
        cr, layers: layers, cornerRadius: cornerRadius, corners: corners, frame: frame, scale: scale
      )
    case .ripple(let x, let y, let radius, let color, let cornerRadius, let corners):
      paintRipple(
        cr, x: x, y: y, radius: radius, color: color, cornerRadius: cornerRadius, corners: corners,
        frame: frame)
    }
  }
}
