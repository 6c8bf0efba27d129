import ListLayout
import ListModel

extension Painter {
  /// iOS: a 51 × 31 pill with a 27 pt thumb 2 pt from the edge. Material: a 34 × 14 track
  /// (half-opaque tint when on) under a 20 pt thumb.
  func paintSwitch(_ cr: CairoContext, _ toggle: SwitchPaint, frame: Rect) {
    let thumbBorder = Color.black.withAlpha(0.08)
    let thumb: Rect
    switch toggle.style {
    case .capsule:
      cr.addRoundedRect(frame, radius: frame.height / 2)
      cr.setSource(toggle.on ? toggle.onColor : toggle.offColor)
      cr.fill()
      let diameter = frame.height - 4
      let x = toggle.on != toggle.isMirrored ? frame.x + frame.width - 2 - diameter : frame.x + 2
      thumb = Rect(x: x, y: frame.y + 2, width: diameter, height: diameter)
      paintEllipse(cr, frame: thumb, fill: toggle.thumb)
    case .track:
      let track = Rect(x: frame.x + 1, y: frame.y + 3, width: 34, height: 14)
      cr.addRoundedRect(track, radius: 7)
      cr.setSource(toggle.on ? toggle.onColor.withAlpha(0.5) : toggle.offColor.withAlpha(0.38))
      cr.fill()
      thumb = Rect(
        x: toggle.on != toggle.isMirrored ? frame.x + 16 : frame.x, y: frame.y, width: 20,
        height: 20)
      paintEllipse(cr, frame: thumb, fill: toggle.on ? toggle.onColor : toggle.thumb)
    }
    cr.addEllipse(thumb)
    cr.setSource(thumbBorder)
    cr.stroke(width: 0.5)
  }

  /// The box inset in the frame (over the frame's own fill, if any): filled with a tick when
  /// on, a ring inside its edge when off. The tick is drawn in an 18 pt box's units, scaled.
  func paintCheckbox(_ cr: CairoContext, _ paint: CheckboxPaint, frame: Rect) {
    if let background = paint.background {
      cr.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
      cr.setSource(background)
      cr.fill()
    }
    let box = Rect(
      x: frame.x + paint.inset, y: frame.y + paint.inset, width: frame.width - 2 * paint.inset,
      height: frame.height - 2 * paint.inset)
    if paint.on {
      cr.addRoundedRect(box, radius: paint.cornerRadius)
      cr.setSource(paint.fill)
      cr.fill()
      let unit = box.width / 18
      cr.move(toX: box.x + 4 * unit, y: box.y + 9.5 * unit)
      cr.line(toX: box.x + 7.5 * unit, y: box.y + 13 * unit)
      cr.line(toX: box.x + 14 * unit, y: box.y + 5.5 * unit)
      cr.setSource(paint.mark)
      cr.stroke(width: 2 * unit, cap: .round, roundJoins: true)
    } else {
      let half = paint.ringWidth / 2
      cr.addRoundedRect(
        Rect(
          x: box.x + half, y: box.y + half, width: box.width - paint.ringWidth,
          height: box.height - paint.ringWidth),
        radius: max(0, paint.cornerRadius - half))
      cr.setSource(paint.ring)
      cr.stroke(width: paint.ringWidth)
    }
  }

  /// A 20 pt ring (2 pt) centred in the frame, with a 10 pt dot when on.
  func paintRadio(_ cr: CairoContext, _ paint: RadioPaint, frame: Rect) {
    let cx = frame.x + frame.width / 2
    let cy = frame.y + frame.height / 2
    let radius = paint.diameter / 2
    if let fill = paint.fill {
      cr.newSubPath()
      cr.arc(centerX: cx, centerY: cy, radius: radius, from: 0, to: 2 * .pi)
      cr.setSource(fill)
      cr.fill()
    }
    // The ring is stroked along its middle, so that it lies inside the circle's edge.
    cr.newSubPath()
    cr.arc(centerX: cx, centerY: cy, radius: radius - paint.ringWidth / 2, from: 0, to: 2 * .pi)
    cr.setSource(paint.ring)
    cr.stroke(width: paint.ringWidth)
    if paint.dot > 0 {
      cr.newSubPath()
      cr.arc(centerX: cx, centerY: cy, radius: paint.dot / 2, from: 0, to: 2 * .pi)
      cr.setSource(paint.ring)
      cr.fill()
    }
  }
}
