import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// iOS: a 51 × 31 pill with a 27 pt thumb 2 pt from the edge. Material: a 34 × 14 track
  /// (half-opaque tint when on) under a 20 pt thumb.
  func paintSwitch(_ cr: OpaquePointer, _ toggle: SwitchPaint, frame: Rect) {
    let thumbBorder = Color.black.withAlpha(0.08)
    switch toggle.style {
    case .ios:
      addRoundedRect(cr, frame, radius: frame.height / 2)
      setSource(cr, toggle.on ? toggle.onColor : toggle.offColor)
      cairo_fill(cr)
      let diameter = frame.height - 4
      let x = toggle.on != toggle.isMirrored ? frame.x + frame.width - 2 - diameter : frame.x + 2
      let thumb = Rect(x: x, y: frame.y + 2, width: diameter, height: diameter)
      paintEllipse(cr, frame: thumb, fill: toggle.thumb)
      addEllipse(cr, thumb)
      setSource(cr, thumbBorder)
      cairo_set_line_width(cr, 0.5)
      cairo_stroke(cr)
    case .material:
      let track = Rect(x: frame.x + 1, y: frame.y + 3, width: 34, height: 14)
      addRoundedRect(cr, track, radius: 7)
      setSource(cr, toggle.on ? toggle.onColor.withAlpha(0.5) : toggle.offColor.withAlpha(0.38))
      cairo_fill(cr)
      let thumb = Rect(
        x: toggle.on != toggle.isMirrored ? frame.x + 16 : frame.x, y: frame.y, width: 20,
        height: 20)
      paintEllipse(cr, frame: thumb, fill: toggle.on ? toggle.onColor : toggle.thumb)
      addEllipse(cr, thumb)
      setSource(cr, thumbBorder)
      cairo_set_line_width(cr, 0.5)
      cairo_stroke(cr)
    }
  }

  /// An 18 pt box centred in a 24 pt frame: filled with a tick when on, a 2 pt ring when off.
  func paintCheckbox(
    _ cr: OpaquePointer, on: Bool, tint: Color, outline: Color, mark: Color, frame: Rect
  ) {
    let box = Rect(x: frame.x + 3, y: frame.y + 3, width: 18, height: 18)
    if on {
      addRoundedRect(cr, box, radius: 2)
      setSource(cr, tint)
      cairo_fill(cr)
      cairo_move_to(cr, frame.x + 7, frame.y + 12.5)
      cairo_line_to(cr, frame.x + 10.5, frame.y + 16)
      cairo_line_to(cr, frame.x + 17, frame.y + 8.5)
      cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
      cairo_set_line_width(cr, 2)
      setSource(cr, mark)
      cairo_stroke(cr)
    } else {
      addRoundedRect(cr, Rect(x: box.x + 1, y: box.y + 1, width: 16, height: 16), radius: 1)
      cairo_set_line_width(cr, 2)
      setSource(cr, outline)
      cairo_stroke(cr)
    }
  }

  /// A 20 pt ring (2 pt) centred in the frame, with a 10 pt dot when on.
  func paintRadio(_ cr: OpaquePointer, on: Bool, tint: Color, outline: Color, frame: Rect) {
    let cx = frame.x + frame.width / 2
    let cy = frame.y + frame.height / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, cx, cy, 9, 0, 2 * Double.pi)
    cairo_set_line_width(cr, 2)
    setSource(cr, on ? tint : outline)
    cairo_stroke(cr)
    if on {
      cairo_new_sub_path(cr)
      cairo_arc(cr, cx, cy, 5, 0, 2 * Double.pi)
      setSource(cr, tint)
      cairo_fill(cr)
    }
  }
}
