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
  /// Blurred nine-slice tiles, by radius and σ in device pixels.
  var shadowTiles: [ShadowTileKey: AlphaMask] = [:]
  /// Finished shadow masks (A8 surfaces), by size, shape and row fraction.
  var shadowMasks: [ShadowMaskKey: CairoSurface] = [:]
  /// Nine-slice tiles as A8 surfaces, by radius, σ and row fraction.
  var sliceTiles: [SliceTileKey: SliceTile] = [:]
  /// Device pixels per point of the tree being painted.
  var scale = 1.0

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
  public func paint(_ tree: LayoutTree) throws -> Bitmap { try paintImage(tree).bitmap() }

  /// The tree painted, kept as the surface (encode it row by row with
  /// `PNGCodec.encode(rows:alpha:)`, or make a ``Bitmap``).
  public func paintImage(_ tree: LayoutTree) throws -> PaintedImage {
    let surface = try CairoSurface(width: tree.pixelWidth, height: tree.pixelHeight)
    let context = try CairoContext(surface: surface)
    let cr = context.pointer
    scale = tree.scale
    cairo_scale(cr, tree.scale, tree.scale)
    setSource(cr, tree.background)
    cairo_paint(cr)
    var index = tree.elements.startIndex
    while index < tree.elements.endIndex {
      let element = tree.elements[index]
      guard element.opacity < 1 else {
        try paint(element, cr)
        index += 1
        continue
      }
      // A run of one cell's elements at the same opacity is one group, composited once, as a
      // view's alpha dims its subviews together (an icon over its circle does not show it).
      var end = index + 1
      while end < tree.elements.endIndex, tree.elements[end].opacity == element.opacity,
        tree.elements[end].source == element.source
      {
        end += 1
      }
      cairo_push_group(cr)
      for member in tree.elements[index..<end] { try paint(member, cr) }
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, element.opacity)
      index = end
    }
    try context.checkStatus()
    return try PaintedImage(surface: surface, isOpaque: tree.background.alpha >= 1)
  }

  /// The one dispatch over element kinds; each kind is drawn in its own file.
  private func paint(_ element: LayoutElement, _ cr: OpaquePointer) throws {
    if let clip = element.clip {
      cairo_save(cr)
      defer { cairo_restore(cr) }
      addRoundedRect(cr, clip.rect, radius: clip.cornerRadius, corners: clip.corners)
      cairo_clip(cr)
      var unclipped = element
      unclipped.clip = nil
      try paint(unclipped, cr)
      return
    }
    let frame = element.frame
    switch element.content {
    case .box(let fill, let cornerRadius, let stroke, let corners):
      paintBox(
        cr, frame: frame, fill: fill, cornerRadius: cornerRadius, stroke: stroke, corners: corners)
    case .ellipse(let fill):
      paintEllipse(cr, frame: frame, fill: fill)
    case .text(let block):
      try paintText(cr, block: block, frame: frame)
    case .glyph(let name, let color):
      try paintGlyph(cr, name: name, color: color, frame: frame)
    case .image(let image):
      try paintImage(cr, image: image, frame: frame)
    case .toggle(let toggle):
      paintSwitch(cr, toggle, frame: frame)
    case .checkbox(let on, let tint, let outline, let mark):
      paintCheckbox(cr, on: on, tint: tint, outline: outline, mark: mark, frame: frame)
    case .radio(let on, let tint, let outline):
      paintRadio(cr, on: on, tint: tint, outline: outline, frame: frame)
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
