import Foundation
import ListModel

/// One Gaussian shadow of a shape: offset down, grown by `spread`, blurred with standard
/// deviation `sigma`, all in points (CSS Backgrounds and Borders 3: σ = blur / 2).
public struct ShadowLayer: Equatable, Sendable {
  /// Vertical offset.
  public var offsetY: Double
  /// Gaussian standard deviation.
  public var sigma: Double
  /// Growth of the shape before blurring (negative shrinks).
  public var spread: Double
  /// Colour (black with the layer's opacity).
  public var color: Color

  /// A layer from its parts.
  public init(offsetY: Double, sigma: Double, spread: Double, color: Color) {
    self.offsetY = offsetY
    self.sigma = sigma
    self.spread = spread
    self.color = color
  }
}

extension ShadowLayer {
  /// The same layer at another opacity.
  func withAlpha(_ alpha: Double) -> ShadowLayer {
    ShadowLayer(offsetY: offsetY, sigma: sigma, spread: spread, color: color.withAlpha(alpha))
  }

  /// How far below its surface's bottom edge the layer can still be seen, in points: where the
  /// Gaussian tail under a straight edge falls below half a colour level (0.5 / 255), and no
  /// further than the 3σ the painter blurs to (GTK `gsk/gskcairoblur.c`).
  public var visibleExtent: Double {
    let edge = max(0, offsetY + spread)
    let threshold = 0.5 / 255
    guard color.alpha > threshold, sigma > 0 else { return edge }
    // The darkness at z standard deviations past the edge is alpha × Q(z); solve for z.
    let tail = threshold / color.alpha
    var low = 0.0
    var high = 3.0
    for _ in 0..<50 {
      let mid = (low + high) / 2
      if 0.5 * erfc(mid / 2.0.squareRoot()) > tail { low = mid } else { high = mid }
    }
    return max(0, offsetY + spread + high * sigma)
  }
}

/// Elevation: the shadows a surface casts, and how dark surfaces lighten (material-components-ios
/// `ShadowLayer/src/MDCShadowLayer.m`, material-components-web
/// `mdc-elevation/_elevation-theme.scss`).
package enum Elevation {
  /// The shadow layers for elevation `e` points in `model`; none when e ≤ 0.
  ///
  /// ```swift
  /// Elevation.shadows(2, model: .mdc)  // ambient and key layers
  /// ```
  public static func shadows(_ e: Double, model: ShadowModel) -> [ShadowLayer] {
    guard e > 0 else { return [] }
    switch model {
    case .mdc:
      // MDCShadowLayer: blur radius (CALayer shadowRadius, the Gaussian σ), offset, opacity.
      return [
        ShadowLayer(
          offsetY: 0, sigma: max(0, 0.889544 * e - 0.003701), spread: 0,
          color: Color.black.withAlpha(0.08)),
        ShadowLayer(
          offsetY: 1.23118 * e - 0.03933, sigma: max(0, 0.666920 * e - 0.001648), spread: 0,
          color: Color.black.withAlpha(0.26)),
      ]
    case .web:
      // mdc-elevation's table (y / blur / spread in px = pt); rows missing from the table take
      // the nearest lower one; σ = blur / 2.
      let row = webTable.last { $0.elevation <= e } ?? webTable[0]
      return zip(row.layers, [0.20, 0.14, 0.12]).map { layer, opacity in
        ShadowLayer(
          offsetY: layer.y, sigma: layer.blur / 2, spread: layer.spread,
          color: Color.black.withAlpha(opacity))
      }
    }
  }

  /// The shadow `fraction` of the way from elevation `from` to `to`: each layer's offset, blur,
  /// spread and opacity interpolated (a layer missing on one side is there at opacity 0).
  public static func shadows(from: Double, to: Double, fraction: Double, model: ShadowModel)
    -> [ShadowLayer]
  {
    let start = shadows(from, model: model)
    let end = shadows(to, model: model)
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
    return (0..<max(start.count, end.count)).map { index in
      let first = index < start.count ? start[index] : end[index].withAlpha(0)
      let last = index < end.count ? end[index] : start[index].withAlpha(0)
      return ShadowLayer(
        offsetY: mix(first.offsetY, last.offsetY), sigma: mix(first.sigma, last.sigma),
        spread: mix(first.spread, last.spread),
        color: first.color.withAlpha(mix(first.color.alpha, last.color.alpha)))
    }
  }

  private static let webTable:
    [(elevation: Double, layers: [(y: Double, blur: Double, spread: Double)])] = [
      (1, [(2, 1, -1), (1, 1, 0), (1, 3, 0)]),
      (2, [(3, 1, -2), (2, 2, 0), (1, 5, 0)]),
      (3, [(3, 3, -2), (3, 4, 0), (1, 8, 0)]),
      (4, [(2, 4, -1), (4, 5, 0), (1, 10, 0)]),
      (6, [(3, 5, -1), (6, 10, 0), (1, 18, 0)]),
      (8, [(5, 5, -3), (8, 10, 1), (3, 14, 2)]),
      (12, [(7, 8, -4), (12, 17, 2), (5, 22, 4)]),
      (16, [(8, 10, -5), (16, 24, 2), (6, 30, 5)]),
      (24, [(11, 15, -7), (24, 38, 3), (9, 46, 8)]),
    ]

  /// A Material dark surface at elevation `e`: white over it at 4.5·ln(e+1) + 2 percent (e ≥ 1), so
  /// #121212 gives #1E1E1E at 1 and #393939 at 24 (Material Design's dark theme elevation overlay).
  public static func darkSurface(_ surface: Color, elevation e: Double) -> Color {
    guard e >= 1 else { return surface }
    let alpha = (4.5 * log(e + 1) + 2) / 100
    func mix(_ c: Double) -> Double { ((c + (1 - c) * alpha) * 255).rounded() / 255 }
    return Color(red: mix(surface.red), green: mix(surface.green), blue: mix(surface.blue))
  }
}

/// The ripple of a press at one moment: where its circle is, how big, how opaque.
package struct RippleState: Equatable, Sendable {
  /// Centre, from the cell's left, in points.
  public var x: Double
  /// Centre, from the cell's top, in points.
  public var y: Double
  /// Radius in points.
  public var radius: Double
  /// Opacity multiplier of the ripple colour, 0...1.
  public var opacity: Double
}

/// Ripples as pure functions of time (material-components-ios
/// `Ripple/src/private/MDCRippleLayer.m`, `Ink/src/private/MDCInkLayer.m`): MDCRippleLayer and
/// MDCInkLayer.
///
/// ```swift
/// let s = RippleTimeline.state(.ripple, at: 0.1, x: 40, y: 20, release: nil, width: 360, height: 72)
/// ```
package enum RippleTimeline {
  /// The ripple `t` seconds after a press at (x, y) in a cell of the given size, released
  /// `release` seconds after the press (nil: held); nil once it has faded out after a release.
  public static func state(
    _ style: RippleStyle, at t: Double, x: Double, y: Double, release: Double?, width: Double,
    height: Double
  ) -> RippleState? {
    guard t >= 0 else { return nil }
    let centerX = width / 2
    let centerY = height / 2
    let halfDiagonal = (width * width + height * height).squareRoot() / 2
    let startRadius: Double
    let endRadius = halfDiagonal + 10
    let progress: Double
    let fadeIn: Double
    let fadeOutStart: Double?
    switch style {
    case .ripple:
      // Start at 0.3 × the long side at the touch; expand over 225 ms, ease-in-out, moving to
      // the centre; fade in over 75 ms; fade out over 150 ms, not before 150 ms while expanding.
      startRadius = 0.3 * max(width, height)
      progress = CubicBezier.easeInOut.value(at: min(t / 0.225, 1))
      fadeIn = min(t / 0.075, 1)
      fadeOutStart = release.map { $0 < 0.225 ? max($0, 0.150) : $0 }
    case .ink:
      // Start at clamp(min(w,h)/300, 0.2, 0.6) of the final radius; expand over 333 ms after
      // 83 ms, cubic-bezier(0.4, 0, 0.2, 1); fade in over 83 ms; fade out over 150 ms, 250 ms
      // later when released while still expanding.
      startRadius = min(max(min(width, height) / 300, 0.2), 0.6) * endRadius
      progress = CubicBezier.standard.value(at: min(max((t - 0.083) / 0.333, 0), 1))
      fadeIn = min(t / 0.083, 1)
      fadeOutStart = release.map { $0 < 0.416 ? $0 + 0.250 : $0 }
    }
    var opacity = fadeIn
    if let start = fadeOutStart, t > start {
      // Gone once the fade-out has run its course.
      guard t < start + 0.150 else { return nil }
      opacity *= 1 - (t - start) / 0.150
    }
    return RippleState(
      x: x + (centerX - x) * progress, y: y + (centerY - y) * progress,
      radius: startRadius + (endRadius - startRadius) * progress, opacity: opacity)
  }
}

/// A CSS cubic-bezier timing function, solved for x by bisection (deterministic).
package struct CubicBezier: Sendable {
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// Core Animation's ease-in-ease-out: cubic-bezier(0.42, 0, 0.58, 1).
  public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
  /// Material's standard curve: cubic-bezier(0.4, 0, 0.2, 1).
  public static let standard = CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)

  /// The curve's y where its x is `x` (0...1).
  public func value(at x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    // A curve symmetric about its middle passes exactly through (0.5, 0.5).
    if x == 0.5, x1 + x2 == 1, y1 + y2 == 1 { return 0.5 }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if component(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return component((low + high) / 2, y1, y2)
  }

  private func component(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }
}
