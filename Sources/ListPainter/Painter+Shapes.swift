import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// A filled (optionally rounded) box; its stroke lies inside the frame.
  func paintBox(
    _ cr: OpaquePointer, frame: Rect, fill: Color, cornerRadius: Double, stroke: Stroke?
  ) {
    if fill.alpha > 0 {
      addRoundedRect(cr, frame, radius: cornerRadius)
      setSource(cr, fill)
      cairo_fill(cr)
    }
    if let stroke, stroke.width > 0 {
      let half = stroke.width / 2
      let inset = Rect(
        x: frame.x + half, y: frame.y + half, width: frame.width - stroke.width,
        height: frame.height - stroke.width)
      addRoundedRect(cr, inset, radius: max(0, cornerRadius - half))
      setSource(cr, stroke.color)
      cairo_set_line_width(cr, stroke.width)
      cairo_stroke(cr)
    }
  }

  /// A filled ellipse inscribed in the frame.
  func paintEllipse(_ cr: OpaquePointer, frame: Rect, fill: Color) {
    addEllipse(cr, frame)
    setSource(cr, fill)
    cairo_fill(cr)
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
