/// An image in memory: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom with
/// no padding. The one image type passed between painter, codecs and comparison.
///
/// ```swift
/// var bitmap = Bitmap(width: 2, height: 1)
/// bitmap[0, 0] = (255, 0, 0, 255)
/// let png = try PNGCodec.encode(bitmap)
/// ```
public struct Bitmap: Equatable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width × height × 4` bytes: R, G, B, A for each pixel.
  public var pixels: [UInt8]

  /// A transparent image of the given size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    self.pixels = Array(repeating: 0, count: width * height * 4)
  }

  /// An image over existing RGBA bytes; nil when the count does not match the size.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    get {
      let i = (y * width + x) * 4
      return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
    set {
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// Whether every pixel is fully opaque (such images are written as RGB).
  public var isOpaque: Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }
}
