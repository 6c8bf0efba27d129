import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// A filled (optionally rounded) box; its stroke lies inside the frame.
  func paintBox(
    _ cr: OpaquePointer, frame: Rect, fill: Color, cornerRadius: Double, stroke: Stroke?,
    corners: LayoutElement.Corners = .all
  ) {
    if fill.alpha > 0 {
      addRoundedRect(cr, frame, radius: cornerRadius, corners: corners)
      setSource(cr, fill)
      cairo_fill(cr)
    }
    if let stroke, stroke.width > 0 {
      // A border is a hairline: whole device pixels wide, its edges on device pixels.
      let outer = frame.snapped(to: scale)
      let width = max(1, (stroke.width * scale).rounded()) / scale
      let half = width / 2
      let inset = Rect(
        x: outer.x + half, y: outer.y + half, width: outer.width - width,
        height: outer.height - width)
      addRoundedRect(cr, inset, radius: max(0, cornerRadius - half), corners: corners)
      setSource(cr, stroke.color)
      cairo_set_line_width(cr, width)
      cairo_stroke(cr)
    }
  }

  /// An arc of the circle inscribed in the frame, inset by half its width; degrees, clockwise
  /// from the top.
  func paintArc(
    _ cr: OpaquePointer, start: Double, sweep: Double, width: Double, color: Color, frame: Rect
  ) {
    let radius = min(frame.width, frame.height) / 2 - width / 2
    let toRadians = Double.pi / 180
    let from = (start - 90) * toRadians
    cairo_new_sub_path(cr)
    cairo_arc(
      cr, frame.x + frame.width / 2, frame.y + frame.height / 2, radius, from,
      from + sweep * toRadians)
    cairo_set_line_width(cr, width)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    setSource(cr, color)
    cairo_stroke(cr)
  }

  /// A ripple: its circle, clipped to the cell's (rounded) box — ripples are bounded.
  func paintRipple(
    _ cr: OpaquePointer, x: Double, y: Double, radius: Double, color: Color, cornerRadius: Double,
    corners: LayoutElement.Corners, frame: Rect
  ) {
    cairo_save(cr)
    addRoundedRect(cr, frame, radius: cornerRadius, corners: corners)
    cairo_clip(cr)
    cairo_new_sub_path(cr)
    cairo_arc(cr, frame.x + x, frame.y + y, radius, 0, 2 * Double.pi)
    setSource(cr, color)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// A filled ellipse inscribed in the frame.
  func paintEllipse(_ cr: OpaquePointer, frame: Rect, fill: Color) {
    addEllipse(cr, frame)
    setSource(cr, fill)
    cairo_fill(cr)
  }
}

extension Rect {
  /// The rectangle with its edges moved to the nearest device pixels.
  func snapped(to scale: Double) -> Rect {
    let left = (x * scale).rounded() / scale
    let top = (y * scale).rounded() / scale
    return Rect(
      x: left, y: top, width: ((x + width) * scale).rounded() / scale - left,
      height: ((y + height) * scale).rounded() / scale - top)
  }
}

func setSource(_ cr: OpaquePointer, _ color: Color) {
  cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
}

/// Adds the ellipse inscribed in `rect`.
func addEllipse(_ cr: OpaquePointer, _ rect: Rect) {
  cairo_save(cr)
  cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
  cairo_scale(cr, rect.width / 2, rect.height / 2)
  cairo_new_sub_path(cr)
  cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
  cairo_restore(cr)
}

/// Adds a rectangle with circular corners of `radius` (clamped to half the short side) on the
/// chosen corners.
func addRoundedRect(
  _ cr: OpaquePointer, _ rect: Rect, radius: Double, corners: LayoutElement.Corners = .all
) {
  let r = min(radius, rect.width / 2, rect.height / 2)
  guard r > 0 else {
    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    return
  }
  let top = corners != .bottom ? r : 0
  let bottomRadius = corners != .top ? r : 0
  let right = rect.x + rect.width
  let bottom = rect.y + rect.height
  cairo_new_sub_path(cr)
  corner(cr, right - top, rect.y + top, top, -Double.pi / 2, right, rect.y)
  corner(cr, right - bottomRadius, bottom - bottomRadius, bottomRadius, 0, right, bottom)
  corner(
    cr, rect.x + bottomRadius, bottom - bottomRadius, bottomRadius, Double.pi / 2, rect.x, bottom)
  corner(cr, rect.x + top, rect.y + top, top, Double.pi, rect.x, rect.y)
  cairo_close_path(cr)
}

/// A quarter circle from `angle`, or the sharp corner point when the radius is 0.
private func corner(
  _ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, _ angle: Double, _ x: Double,
  _ y: Double
) {
  if r > 0 {
    cairo_arc(cr, cx, cy, r, angle, angle + Double.pi / 2)
  } else {
    cairo_line_to(cr, x, y)
  }
}
