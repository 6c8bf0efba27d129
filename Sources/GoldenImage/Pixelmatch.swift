import Dispatch
import Foundation
import ImageCodec
import Synchronization

/// Options of the comparison, with pixelmatch's defaults (mapbox/pixelmatch v7.2.0, `index.js`).
///
/// ```swift
/// var options = ComparisonOptions()
/// options.threshold = 0.2
/// options.includeAA = true
/// ```
public struct ComparisonOptions: Equatable, Sendable {
  /// Matching threshold, 0...1; smaller is more sensitive.
  public var threshold = 0.1
  /// Count anti-aliased pixels as differences instead of skipping them.
  public var includeAA = false
  /// Opacity of the expected image drawn in grey under the diff.
  public var alpha = 0.1
  /// Colour of anti-aliased pixels in the diff.
  public var aaColor: DiffColor = DiffColor(red: 255, green: 255, blue: 0)
  /// Colour of differing pixels in the diff.
  public var diffColor: DiffColor = DiffColor(red: 255, green: 0, blue: 0)
  /// Colour of differing pixels where the delta is negative (the first image is brighter
  /// there); nil: `diffColor`.
  public var diffColorAlt: DiffColor?
  /// Draw only differing pixels, over transparency.
  public var diffMask = false
  /// Blend translucent pixels over pixelmatch's checkerboard (true, its default) or white.
  public var checkerboard = true

  /// The defaults.
  public init() {}

  /// Every changed pixel counts: threshold 0, anti-aliased pixels included.
  public static var exact: ComparisonOptions {
    var options = ComparisonOptions()
    options.threshold = 0
    options.includeAA = true
    return options
  }
}

/// An opaque 8-bit colour a diff image marks pixels in (pixelmatch's `aaColor`, `diffColor`).
public struct DiffColor: Equatable, Sendable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8

  /// A colour from its channels, 0...255.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }
}

/// The result of comparing two images of the same size.
public struct PixelComparison: Sendable {
  /// Pixels whose colour differs beyond the threshold and are not anti-aliasing.
  public var differingPixels: Int
  /// The diff image, when asked for.
  public var diff: Bitmap?
}

/// pixelmatch v7.2.0 (mapbox/pixelmatch `index.js`), pixel for pixel: YIQ colour delta
/// (Kotsarenko & Ramos), anti-aliasing detection (Vysniauskas), checkerboard or white blending of
/// translucent pixels, and its diff image.
public enum Pixelmatch {
  /// Compares two images of equal size; returns nil when the sizes differ.
  public static func compare(
    _ first: Bitmap, _ second: Bitmap, options: ComparisonOptions = ComparisonOptions(),
    makeDiff: Bool = true
  ) -> PixelComparison? {
    guard first.width == second.width, first.height == second.height else { return nil }
    let width = first.width
    let height = first.height
    let count: Int
    var output: [UInt8]?
    let identical = first.pixels.withUnsafeBytes { x in
      second.pixels.withUnsafeBytes { y in
        guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
        return x.count == y.count && memcmp(p, q, x.count) == 0
      }
    }
    if identical {
      // Identical buffers short-cut to 0 (pixelmatch `index.js`).
      count = 0
      if makeDiff {
        var gray = [UInt8](repeating: 0, count: width * height * 4)
        if !options.diffMask {
          first.pixels.withUnsafeBufferPointer { img in
            gray.withUnsafeMutableBufferPointer { out in
              for i in 0..<(width * height) { drawGray(img, i * 4, options.alpha, out) }
            }
          }
        }
        output = gray
      }
    } else {
      (count, output) = compareBands(first, second, options: options, makeDiff: makeDiff)
    }
    return PixelComparison(
      differingPixels: count,
      diff: output.flatMap { Bitmap(width: width, height: height, pixels: $0) })
  }

  private typealias Pixels = UnsafeBufferPointer<UInt8>
  private typealias Output = UnsafeMutableBufferPointer<UInt8>

  /// Rows a band: the unit of work split over the cores.
  static let bandRows = 64

  /// Compares band by band on all cores: bands read both images (and neighbours across their
  /// edges) and make their own rows of the output; counts add up in band order.
  private static func compareBands(
    _ first: Bitmap, _ second: Bitmap, options: ComparisonOptions, makeDiff: Bool
  ) -> (Int, [UInt8]?) {
    let width = first.width
    let height = first.height
    let bands = (height + bandRows - 1) / bandRows
    let results = Mutex<[(count: Int, rows: [UInt8])]>(
      Array(repeating: (0, []), count: bands))
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let rows = (band * bandRows)..<min(height, (band + 1) * bandRows)
      var out = [UInt8](repeating: 0, count: makeDiff ? rows.count * width * 4 : 0)
      let count = first.pixels.withUnsafeBufferPointer { img1 in
        second.pixels.withUnsafeBufferPointer { img2 in
          out.withUnsafeMutableBufferPointer { buffer in
            compareRows(
              rows, img1, img2, width: width, height: height, options: options,
              output: makeDiff ? buffer : nil)
          }
        }
      }
      results.withLock { $0[band] = (count, out) }
    }
    let all = results.withLock { $0 }
    return (all.reduce(0) { $0 + $1.count }, makeDiff ? all.flatMap(\.rows) : nil)
  }

  private static func compareRows(
    _ rows: Range<Int>, _ img1: Pixels, _ img2: Pixels, width: Int, height: Int,
    options: ComparisonOptions, output: Output?
  ) -> Int {
    let maxDelta = 35215 * options.threshold * options.threshold
    let alt = options.diffColorAlt ?? options.diffColor
    // Identical pixels need no work unless they are drawn grey.
    let skipIdentical = output == nil || options.diffMask
    guard let first = img1.baseAddress, let second = img2.baseAddress else { return 0 }
    let raw1 = UnsafeRawPointer(first)
    let raw2 = UnsafeRawPointer(second)
    var count = 0
    let base = rows.lowerBound * width * 4
    for y in rows {
      var x = 0
      while x < width {
        let pos = (y * width + x) * 4
        if skipIdentical, x + 1 < width,
          raw1.loadUnaligned(fromByteOffset: pos, as: UInt64.self)
            == raw2.loadUnaligned(fromByteOffset: pos, as: UInt64.self)
        {
          // Two identical pixels at once.
          x += 2
          continue
        }
        let delta =
          samePixel(img1, pos, img2, pos)
          ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false, checkerboard: options.checkerboard)
        if abs(delta) > maxDelta {
          let isAA =
            antialiased(img1, x, y, width, height, img1, img2, options.checkerboard)
            || antialiased(img2, x, y, width, height, img2, img1, options.checkerboard)
          if !options.includeAA && isAA {
            if !options.diffMask { draw(output, pos - base, options.aaColor) }
          } else {
            draw(output, pos - base, delta < 0 ? alt : options.diffColor)
            count += 1
          }
        } else if !options.diffMask {
          drawGray(img1, pos, options.alpha, output, at: pos - base)
        }
        x += 1
      }
    }
    return count
  }

  /// The 3×3 neighbourhood of (x, y), clipped to the image: (x0, y0, x2, y2).
  @inline(__always)
  private static func neighbourhood(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> (
    Int, Int, Int, Int
  ) {
    (max(x - 1, 0), max(y - 1, 0), min(x + 1, width - 1), min(y + 1, height - 1))
  }

  @inline(__always)
  private static func samePixel(_ a: Pixels, _ i: Int, _ b: Pixels, _ j: Int) -> Bool {
    a[i] == b[j] && a[i + 1] == b[j + 1] && a[i + 2] == b[j + 2] && a[i + 3] == b[j + 3]
  }

  /// Whether the pixel looks anti-aliased in `img`: at most two neighbours of equal brightness
  /// (a border pixel starts with one), both a darker and a brighter neighbour, and the darkest
  /// or the brightest has 3+ identical neighbours in both images.
  private static func antialiased(
    _ img: Pixels, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ a: Pixels, _ b: Pixels,
    _ checkerboard: Bool
  ) -> Bool {
    let (x0, y0, x2, y2) = neighbourhood(x1, y1, width, height)
    let pos = (y1 * width + x1) * 4
    // A pixel on the border starts with one "equal" neighbour already counted.
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var minDelta = 0.0
    var maxDelta = 0.0
    var minX = 0
    var minY = 0
    var maxX = 0
    var maxY = 0
    // Columns outer, rows inner, as pixelmatch: ties keep the first extreme found.
    for x in x0...x2 {
      for y in y0...y2 where !(x == x1 && y == y1) {
        let other = (y * width + x) * 4
        let delta =
          samePixel(img, pos, img, other)
          ? 0 : colorDelta(img, img, pos, other, yOnly: true, checkerboard: checkerboard)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minDelta {
          minDelta = delta
          minX = x
          minY = y
        } else if delta > maxDelta {
          maxDelta = delta
          maxX = x
          maxY = y
        }
      }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return
      (hasManySiblings(a, minX, minY, width, height)
      && hasManySiblings(b, minX, minY, width, height))
      || (hasManySiblings(a, maxX, maxY, width, height)
        && hasManySiblings(b, maxX, maxY, width, height))
  }

  /// Whether the pixel has 3+ neighbours of exactly its RGBA (a border pixel starts with one).
  private static func hasManySiblings(
    _ img: Pixels, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int
  )
    -> Bool
  {
    let (x0, y0, x2, y2) = neighbourhood(x1, y1, width, height)
    let pos = (y1 * width + x1) * 4
    // A pixel on the border starts with one "equal" neighbour already counted.
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for x in x0...x2 {
      for y in y0...y2 where !(x == x1 && y == y1) {
        if samePixel(img, pos, img, (y * width + x) * 4) { zeroes += 1 }
        if zeroes > 2 { return true }
      }
    }
    return false
  }

  /// The signed squared YIQ distance (negative when the first pixel is brighter); with
  /// `yOnly`, the brightness difference alone. Translucent pixels are composited over the
  /// checkerboard keyed on the byte offset `k` (or white).
  private static func colorDelta(
    _ img1: Pixels, _ img2: Pixels, _ k: Int, _ m: Int, yOnly: Bool, checkerboard: Bool
  ) -> Double {
    let r1 = Double(img1[k])
    let g1 = Double(img1[k + 1])
    let b1 = Double(img1[k + 2])
    let a1 = Double(img1[k + 3])
    let r2 = Double(img2[m])
    let g2 = Double(img2[m + 1])
    let b2 = Double(img2[m + 2])
    let a2 = Double(img2[m + 3])
    var dr = r1 - r2
    var dg = g1 - g2
    var db = b1 - b2
    let da = a1 - a2
    if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
    if a1 < 255 || a2 < 255 {
      var rb = 255.0
      var gb = 255.0
      var bb = 255.0
      if checkerboard {
        rb = 48 + 159 * Double(k % 2)
        gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
        bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
      }
      dr = (r1 * a1 - r2 * a2 - rb * da) / 255
      dg = (g1 * a1 - g2 * a2 - gb * da) / 255
      db = (b1 * a1 - b2 * a2 - bb * da) / 255
    }
    let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    if yOnly { return y }
    let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
    let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  @inline(__always)
  private static func draw(_ output: Output?, _ pos: Int, _ color: DiffColor) {
    guard let output else { return }
    output[pos] = color.red
    output[pos + 1] = color.green
    output[pos + 2] = color.blue
    output[pos + 3] = 255
  }

  /// The expected pixel as grey blended with white by `alpha` (truncated like a Uint8Array).
  @inline(__always)
  private static func drawGray(
    _ img: Pixels, _ pos: Int, _ alpha: Double, _ output: Output?, at target: Int? = nil
  ) {
    guard output != nil else { return }
    let luma =
      Double(img[pos]) * 0.29889531 + Double(img[pos + 1]) * 0.58662247
      + Double(img[pos + 2]) * 0.11448223
    let value = 255 + (luma - 255) * alpha * Double(img[pos + 3]) / 255
    let byte = UInt8(max(0, min(255, value.rounded(.towardZero))))
    draw(output, target ?? pos, DiffColor(red: byte, green: byte, blue: byte))
  }
}
