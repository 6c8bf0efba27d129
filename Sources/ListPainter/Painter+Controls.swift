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

  /// An 18 pt box centred in a 24 pt frame: filled with a tick when on, a 2 pt ring when off.
  func paintCheckbox(
    _ cr: CairoContext, on: Bool, tint: Color, outline: Color, mark: Color, frame: Rect
  ) {
    let box = Rect(x: frame.x + 3, y: frame.y + 3, width: 18, height: 18)
    if on {
      cr.addRoundedRect(box, radius: 2)
      cr.setSource(tint)
      cr.fill()
      cr.move(toX: frame.x + 7, y: frame.y + 12.5)
      cr.line(toX: frame.x + 10.5, y: frame.y + 16)
      cr.line(toX: frame.x + 17, y: frame.y + 8.5)
      cr.setSource(mark)
      cr.stroke(width: 2, cap: .round, roundJoins: true)
    } else {
      cr.addRoundedRect(Rect(x: box.x + 1, y: box.y + 1, width: 16, height: 16), radius: 1)
      cr.setSource(outline)
      cr.stroke(width: 2)
    }
  }

  /// A 20 pt ring (2 pt) centred in the frame, with a 10 pt dot when on.
  func paintRadio(_ cr: CairoContext, on: Bool, tint: Color, outline: Color, frame: Rect) {
    let cx = frame.x + frame.width / 2
    let cy = frame.y + frame.height / 2
    cr.newSubPath()
    cr.arc(centerX: cx, centerY: cy, radius: 9, from: 0, to: 2 * .pi)
    cr.setSource(on ? tint : outline)
    cr.stroke(width: 2)
    if on {
      cr.newSubPath()
      cr.arc(centerX: cx, centerY: cy, radius: 5, from: 0, to: 2 * .pi)
      cr.setSource(tint)
      cr.fill()
    }
  }
}
