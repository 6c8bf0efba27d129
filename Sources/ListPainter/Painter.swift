import CPangoCairo
import ImageCodec
import ListLayout
import ListModel

/// Draws a ``LayoutTree`` with Cairo and Pango. It decides nothing about layout: every frame,
/// colour and line comes from the tree.
///
/// ```swift
/// let fonts = try FontSystem()
/// let bitmap = try Painter(fonts: fonts).paint(tree)
/// ```
public final class Painter {
  let shaper: TextShaper

  /// A painter drawing text with `fonts`.
  public init(fonts: FontSystem) throws { shaper = try TextShaper(fonts: fonts) }

  /// The tree's pixels: `pixelWidth × pixelHeight`, straight RGBA.
  public func paint(_ tree: LayoutTree) throws -> Bitmap {
    let surface = try CairoSurface(width: tree.pixelWidth, height: tree.pixelHeight)
    let context = try CairoContext(surface: surface)
    let cr = context.pointer
    cairo_scale(cr, tree.scale, tree.scale)
    setSource(cr, tree.background)
    cairo_paint(cr)
    for element in tree.elements {
      switch element.content {
      case .box(let fill, let cornerRadius):
        paintBox(cr, frame: element.frame, fill: fill, cornerRadius: cornerRadius)
      case .text(let block):
        try paintText(cr, block: block, frame: element.frame)
      }
    }
    try context.checkStatus()
    return try surface.bitmap()
  }

  private func paintBox(_ cr: OpaquePointer, frame: Rect, fill: Color, cornerRadius: Double) {
    guard fill.alpha > 0 else { return }
    addRoundedRect(cr, frame, radius: cornerRadius)
    setSource(cr, fill)
    cairo_fill(cr)
  }
}

func setSource(_ cr: OpaquePointer, _ color: Color) {
  cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
}

/// Adds a rectangle with circular corners of `radius` (clamped to half the short side).
func addRoundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
  let r = min(radius, rect.width / 2, rect.height / 2)
  guard r > 0 else {
    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    return
  }
  let right = rect.x + rect.width
  let bottom = rect.y + rect.height
  cairo_new_sub_path(cr)
  cairo_arc(cr, right - r, rect.y + r, r, -Double.pi / 2, 0)
  cairo_arc(cr, right - r, bottom - r, r, 0, Double.pi / 2)
  cairo_arc(cr, rect.x + r, bottom - r, r, Double.pi / 2, Double.pi)
  cairo_arc(cr, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
  cairo_close_path(cr)
}
