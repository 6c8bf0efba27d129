import CCodecs

/// A libpng failure, with libpng's own message.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// libpng's message, or ours when libpng gave none.
  public var message: String
  /// `PNG error: …`.
  public var description: String { "PNG error: \(message)" }
}

/// PNG encoding and decoding through libpng's simplified `png_image_*` API.
///
/// ```swift
/// let bytes = try PNGCodec.encode(bitmap)
/// let back = try PNGCodec.decode(bytes)
/// ```
public enum PNGCodec {
  /// Largest image decoded, in pixels, so a hostile file cannot make us allocate without bound.
  public static let maxDecodedPixels = 100_000_000

  /// Encodes with libpng's fast flag: RGB when the image is opaque, RGBA otherwise (or as
  /// `alpha` says). The bytes depend only on the pixels and libpng/zlib versions (no timestamps).
  public static func encode(_ bitmap: Bitmap, alpha: Bool? = nil) throws -> [UInt8] {
    let opaque = !(alpha ?? !bitmap.isOpaque)
    let source: [UInt8] = opaque ? rgb(from: bitmap) : bitmap.pixels
    var image = png_image()
    image.version = lr_png_image_version()
    image.width = png_uint_32(bitmap.width)
    image.height = png_uint_32(bitmap.height)
    image.format = opaque ? lr_png_format_rgb() : lr_png_format_rgba()
    image.flags = lr_png_flag_fast()
    let stride = png_int_32(bitmap.width * (opaque ? 3 : 4))
    // One pass: a buffer of libpng's worst-case size, trimmed afterwards (measuring first would
    // compress twice).
    var size = lr_png_size_max(&image)
    var output = [UInt8](repeating: 0, count: Int(size))
    try source.withUnsafeBytes { buffer in
      try output.withUnsafeMutableBytes { out in
        try check(
          png_image_write_to_memory(
            &image, out.baseAddress, &size, 0, buffer.baseAddress, stride, nil),
          &image)
      }
    }
    output.removeSubrange(Int(size)...)
    return output
  }

  /// Decodes any PNG libpng reads into straight RGBA.
  public static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    var image = png_image()
    image.version = lr_png_image_version()
    try bytes.withUnsafeBytes { buffer in
      try check(png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count), &image)
    }
    let width = Int(image.width)
    let height = Int(image.height)
    guard width * height <= maxDecodedPixels else {
      png_image_free(&image)
      throw PNGError(message: "image is \(width)×\(height), larger than \(maxDecodedPixels) pixels")
    }
    image.format = lr_png_format_rgba()
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    try pixels.withUnsafeMutableBytes { out in
      try check(
        png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil), &image)
    }
    guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
      throw PNGError(message: "decoded size mismatch")
    }
    return bitmap
  }

  /// The one place libpng statuses are turned into errors; frees the image on failure.
  private static func check(_ status: Int32, _ image: inout png_image) throws {
    guard status == 0 || lr_png_image_failed(&image) != 0 else { return }
    let message = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    throw PNGError(message: message.isEmpty ? "libpng failed" : message)
  }

  private static func rgb(from bitmap: Bitmap) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
    bitmap.pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        var s = 0
        var d = 0
        while d < dst.count {
          dst[d] = src[s]
          dst[d + 1] = src[s + 1]
          dst[d + 2] = src[s + 2]
          s += 4
          d += 3
        }
      }
    }
    return out
  }
}
