import Foundation
import ListPainter

/// WCAG 2.1's contrast arithmetic (relative luminance and contrast ratio).
package enum Contrast {
  /// Each 8-bit channel value made linear (WCAG's formula), for reading pixels.
  private static let linear8: [Double] = (0..<256).map { value in
    let c = Double(value) / 255
    return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// The relative luminance of an opaque 8-bit pixel.
  package static func luminance8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    0.2126 * linear8[Int(r)] + 0.7152 * linear8[Int(g)] + 0.0722 * linear8[Int(b)]
  }

  /// The relative luminance of an sRGB colour (channels 0...1).
  package static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
    func linear(_ c: Double) -> Double {
      c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  }

  /// The contrast ratio of two luminances, 1...21.
  package static func ratio(_ a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The ratio of `color` (at `opacity`, drawn over `background`) to `background`.
  package static func ratio(
    _ color: Color, opacity: Double, over background: (Double, Double, Double)
  ) -> Double {
    let alpha = max(0, min(1, color.alpha * opacity))
    let r = color.red * alpha + background.0 * (1 - alpha)
    let g = color.green * alpha + background.1 * (1 - alpha)
    let b = color.blue * alpha + background.2 * (1 - alpha)
    return ratio(luminance(r, g, b), luminance(background.0, background.1, background.2))
  }

  /// A ratio as audits print it, to two decimals (`1.92:1`); a ratio just under a threshold is
  /// never shown as the threshold (4.497 is `4.497:1`, not `4.50:1`).
  package static func text(_ ratio: Double) -> String {
    let shown = String(format: "%.2f", ratio)
    for threshold in [3.0, 4.5] where ratio < threshold && Double(shown) ?? 0 >= threshold {
      return String(format: "%.3f:1", (ratio * 1000).rounded(.down) / 1000)
    }
    return shown + ":1"
  }

  /// The darkest and the lightest colour of `bitmap` inside `rect` (points at one pixel a
  /// point), RGB 0...1: a text or control is judged against the one it contrasts least with (a
  /// gradient's or an image's worst part).
  package static func colors(
    in rect: Rect, of bitmap: Bitmap, inside shape: (rect: Rect, radius: Double)? = nil
  ) -> [(Double, Double, Double)] {
    let x0 = max(0, Int(rect.x.rounded(.down)))
    let y0 = max(0, Int(rect.y.rounded(.down)))
    let x1 = min(bitmap.width, Int((rect.x + rect.width).rounded(.up)))
    let y1 = min(bitmap.height, Int((rect.y + rect.height).rounded(.up)))
    guard x0 < x1, y0 < y1 else { return [] }
    // Each pixel's luminance from a table (the pixels are straight RGBA).
    var darkest = (2.0, (0.0, 0.0, 0.0))
    var lightest = (-1.0, (1.0, 1.0, 1.0))
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      for y in y0..<y1 {
        var offset = (y * bitmap.width + x0) * 4
        for x in x0..<x1 {
          defer { offset += 4 }
          if let shape, !Self.contains(shape, x: Double(x) + 0.5, y: Double(y) + 0.5) {
            continue
          }
          var r = pixels[offset]
          var g = pixels[offset + 1]
          var b = pixels[offset + 2]
          let a = Int(pixels[offset + 3])
          if a < 255 {
            // A transparent canvas: what shows through is taken as white.
            func over(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 255 * (255 - a)) / 255) }
            r = over(r)
            g = over(g)
            b = over(b)
          }
          let l = Contrast.luminance8(r, g, b)
          if l < darkest.0 {
            darkest = (l, (Double(r) / 255, Double(g) / 255, Double(b) / 255))
          }
          if l > lightest.0 {
            lightest = (l, (Double(r) / 255, Double(g) / 255, Double(b) / 255))
          }
        }
      }
    }
    // Nothing sampled (the shape missed the rectangle): no colour to judge by.
    guard darkest.0 <= 1 else { return [] }
    return [darkest.1, lightest.1]
  }

  /// Whether the point lies inside a rounded rectangle.
  package static func contains(_ shape: (rect: Rect, radius: Double), x: Double, y: Double) -> Bool
  {
    let box = shape.rect
    guard x >= box.x, x <= box.x + box.width, y >= box.y, y <= box.maxY else { return false }
    let r = shape.radius
    let cx = min(max(x, box.x + r), box.x + box.width - r)
    let cy = min(max(y, box.y + r), box.maxY - r)
    return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
  }
}
