import Foundation
import ImageCodec

/// How close an image must be to its golden: pixelmatch options, then a tolerance in pixels
/// and/or as a ratio of all pixels. With no tolerance, any differing pixel fails.
///
/// ```swift
/// var policy = GoldenPolicy()
/// policy.maxDiffPixels = 20
/// ```
public struct GoldenPolicy: Equatable, Sendable {
  /// The comparison's options; nil (the default) chooses them from the golden: ListRender's
  /// renders are deterministic, so a golden recorded in this environment (same fingerprint) is
  /// compared exactly (``ComparisonOptions/exact``: threshold 0, anti-aliased pixels counted),
  /// and one from another environment with pixelmatch's defaults (threshold 0.1), the message
  /// saying so.
  public var options: ComparisonOptions?
  /// Pass when at most this many pixels differ.
  public var maxDiffPixels: Int?
  /// Pass when at most this fraction (0...1) of the pixels differ.
  public var maxDiffPixelRatio: Double?

  /// The default: options chosen from the golden's environment, no tolerance.
  public init() {}

  /// The options to compare with: the given ones, else exact for a golden from this
  /// environment and pixelmatch's defaults otherwise.
  public func options(sameEnvironment: Bool) -> ComparisonOptions {
    options ?? (sameEnvironment ? .exact : ComparisonOptions())
  }

  /// Whether `count` differing pixels out of `total` are acceptable.
  public func accepts(_ count: Int, of total: Int) -> Bool {
    if count == 0 { return true }
    guard maxDiffPixels != nil || maxDiffPixelRatio != nil else { return false }
    if let maxDiffPixels, count > maxDiffPixels { return false }
    if let maxDiffPixelRatio, Double(count) > maxDiffPixelRatio * Double(max(total, 1)) {
      return false
    }
    return true
  }
}

/// The outcome of comparing an image with its golden.
public enum GoldenVerdict: Equatable, Sendable {
  /// Same bytes or same pixels.
  case identical
  /// Pixels differ, within the policy.
  case withinTolerance(differing: Int, total: Int)
  /// Pixels differ beyond the policy.
  case different(differing: Int, total: Int)
  /// The sizes differ.
  case sizeMismatch(expected: Size, actual: Size)

  /// Whether the comparison passes.
  public var passed: Bool {
    switch self {
    case .identical, .withinTolerance: return true
    case .different, .sizeMismatch: return false
    }
  }

  /// A sentence for messages.
  public var summary: String {
    switch self {
    case .identical: return "identical"
    case .withinTolerance(let count, let total):
      return "\(count) of \(total) pixels differ, within tolerance"
    case .different(let count, let total):
      let percent = Double(count) * 100 / Double(max(total, 1))
      return "\(count) of \(total) pixels differ (\(String(format: "%.3f", percent))%)"
    case .sizeMismatch(let expected, let actual):
      return "sizes differ: expected \(expected), actual \(actual)"
    }
  }

  /// Pixel size, `W×H`.
  public struct Size: Equatable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `W×H`.
    public var description: String { "\(width)×\(height)" }

    /// A size in pixels.
    package init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }
}

/// Compares `actual` with `expected` under `policy`; the diff image comes with pixel differences.
public func compareImages(expected: Bitmap, actual: Bitmap, policy: GoldenPolicy) -> (
  verdict: GoldenVerdict, diff: Bitmap?
) {
  guard expected.width == actual.width, expected.height == actual.height else {
    return (
      .sizeMismatch(
        expected: .init(width: expected.width, height: expected.height),
        actual: .init(width: actual.width, height: actual.height)), nil
    )
  }
  // Identical bytes first, at memcmp's speed: a passing case pays for nothing more.
  let same = expected.pixels.withUnsafeBytes { a in
    actual.pixels.withUnsafeBytes { b in
      guard a.count == b.count else { return false }
      guard let x = a.baseAddress, let y = b.baseAddress else { return true }
      return memcmp(x, y, a.count) == 0
    }
  }
  if same { return (.identical, nil) }
  let result = Pixelmatch.compare(
    expected, actual, options: policy.options ?? ComparisonOptions())
  let count = result?.differingPixels ?? 0
  let total = expected.width * expected.height
  if count == 0 { return (.identical, result?.diff) }
  return (
    policy.accepts(count, of: total)
      ? .withinTolerance(differing: count, total: total)
      : .different(differing: count, total: total),
    result?.diff
  )
}

extension Bitmap {
  /// Images side by side, top-aligned, `gap` pixels apart on a grey background.
  public static func sideBySide(_ images: [Bitmap], gap: Int = 8) -> Bitmap {
    let width = images.reduce(0) { $0 + $1.width } + gap * max(0, images.count - 1)
    let height = images.map(\.height).max() ?? 0
    var canvas = Bitmap(width: width, height: height)
    canvas.fill(red: 128, green: 128, blue: 128)
    var x = 0
    for image in images {
      canvas.paste(image, atX: x, y: 0)
      x += image.width + gap
    }
    return canvas
  }

  /// Images stacked top to bottom, left-aligned, `gap` pixels apart on a grey background.
  public static func stacked(_ images: [Bitmap], gap: Int = 8) -> Bitmap {
    let width = images.map(\.width).max() ?? 0
    let height = images.reduce(0) { $0 + $1.height } + gap * max(0, images.count - 1)
    var canvas = Bitmap(width: width, height: height)
    canvas.fill(red: 128, green: 128, blue: 128)
    var y = 0
    for image in images {
      canvas.paste(image, atX: 0, y: y)
      y += image.height + gap
    }
    return canvas
  }

  /// Fills every pixel with an opaque colour.
  public mutating func fill(red: UInt8, green: UInt8, blue: UInt8) {
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = red
      pixels[index + 1] = green
      pixels[index + 2] = blue
      pixels[index + 3] = 255
    }
  }

  /// Copies `image` in with its top left at (x, y), clipped to this bitmap.
  public mutating func paste(_ image: Bitmap, atX x: Int, y: Int) {
    for row in 0..<image.height where y + row >= 0 && y + row < height {
      let columns = max(0, min(image.width, width - x))
      guard columns > 0, x >= 0 else { continue }
      let source = row * image.width * 4
      let target = ((y + row) * width + x) * 4
      pixels.replaceSubrange(
        target..<(target + columns * 4), with: image.pixels[source..<(source + columns * 4)])
    }
  }
}
