import ListLayout
import ListModel

extension Painter {
  /// A filled (optionally rounded) box; its stroke lies inside the frame.
  func paintBox(
    _ cr: CairoContext, frame: Rect, fill: Color, cornerRadius: Double, stroke: Stroke?,
    corners: LayoutElement.Corners = .all, gradient: LinearGradient? = nil
  ) {
    if let gradient {
      cr.addRoundedRect(frame, radius: cornerRadius, corners: corners)
      cr.setSource(gradient, in: frame)
      cr.fill()
    } else if fill.alpha > 0 {
      cr.addRoundedRect(frame, radius: cornerRadius, corners: corners)
      cr.setSource(fill)
      cr.fill()
    }
    if let stroke, stroke.width > 0 {
      // A border is a hairline: whole device pixels wide, its edges on device pixels.
      let outer = frame.snapped(to: scale)
      let width = max(1, (stroke.width * scale).rounded()) / scale
      let half = width / 2
      let inset = Rect(
        x: outer.x + half, y: outer.y + half, width: outer.width - width,
        height: outer.height - width)
      cr.addRoundedRect(inset, radius: max(0, cornerRadius - half), corners: corners)
      cr.setSource(stroke.color)
      cr.stroke(width: width)
    }
  }

  /// An arc of the circle inscribed in the frame, inset by half its width; degrees, clockwise
  /// from the top.
  func paintArc(
    _ cr: CairoContext, start: Double, sweep: Double, width: Double, color: Color, frame: Rect
  ) {
    let radius = min(frame.width, frame.height) / 2 - width / 2
    let toRadians = Double.pi / 180
    let from = (start - 90) * toRadians
    cr.newSubPath()
    cr.arc(
      centerX: frame.x + frame.width / 2, centerY: frame.y + frame.height / 2, radius: radius,
      from: from, to: from + sweep * toRadians)
    cr.setSource(color)
    cr.stroke(width: width, cap: .round)
  }

  /// A ripple: its circle, clipped to the cell's (rounded) box — ripples are bounded.
  func paintRipple(
    _ cr: CairoContext, x: Double, y: Double, radius: Double, color: Color, cornerRadius: Double,
    corners: LayoutElement.Corners, frame: Rect
  ) {
    cr.withSavedState {
      cr.addRoundedRect(frame, radius: cornerRadius, corners: corners)
      cr.clip()
      cr.newSubPath()
      cr.arc(centerX: frame.x + x, centerY: frame.y + y, radius: radius, from: 0, to: 2 * .pi)
      cr.setSource(color)
      cr.fill()
    }
  }

  /// A filled ellipse inscribed in the frame.
  func paintEllipse(_ cr: CairoContext, frame: Rect, fill: Color) {
    cr.addEllipse(frame)
    cr.setSource(fill)
    cr.fill()
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

extension CairoContext {
  /// Adds a rectangle with circular corners of `radius` (clamped to half the short side) on the
  /// chosen corners.
  func addRoundedRect(_ rect: Rect, radius: Double, corners: LayoutElement.Corners = .all) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    guard r > 0 else {
      rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
      return
    }
    let top = corners != .bottom ? r : 0
    let bottomRadius = corners != .top ? r : 0
    let right = rect.x + rect.width
    let bottom = rect.y + rect.height
    newSubPath()
    corner(right - top, rect.y + top, top, -Double.pi / 2, right, rect.y)
    corner(right - bottomRadius, bottom - bottomRadius, bottomRadius, 0, right, bottom)
    corner(
      rect.x + bottomRadius, bottom - bottomRadius, bottomRadius, Double.pi / 2, rect.x, bottom)
    corner(rect.x + top, rect.y + top, top, Double.pi, rect.x, rect.y)
    closePath()
  }

  /// A quarter circle from `angle`, or the sharp corner point when the radius is 0.
  private func corner(
    _ cx: Double, _ cy: Double, _ r: Double, _ angle: Double, _ x: Double, _ y: Double
  ) {
    if r > 0 {
      arc(centerX: cx, centerY: cy, radius: r, from: angle, to: angle + Double.pi / 2)
    } else {
      line(toX: x, y: y)
    }
  }
}
