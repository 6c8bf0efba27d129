import CCodecs

// The libimagequant wrapper: its handles (`liq_attr`, `liq_histogram`, `liq_result`,
// `liq_image`) are opaque C pointers, kept in this file and freed with their objects.

/// A palette of at most 256 colours chosen by libimagequant, and the remapping of images to it
/// (dithered).
final class Quantization {
  private let attributes: QuantizerAttributes
  private let result: OpaquePointer
  /// The palette's colours (R, G, B).
  let colors: [(UInt8, UInt8, UInt8)]

  private init(attributes: QuantizerAttributes, result: OpaquePointer) throws {
    self.attributes = attributes
    self.result = result
    liq_set_dithering_level(result, 1.0)
    guard let palette = liq_get_palette(result) else {
      liq_result_destroy(result)
      throw AnimationError.quantisation("gave no palette")
    }
    let count = Int(palette.pointee.count)
    colors = withUnsafeBytes(of: palette.pointee.entries) { bytes in
      (0..<count).map { index in (bytes[index * 4], bytes[index * 4 + 1], bytes[index * 4 + 2]) }
    }
  }

  deinit { liq_result_destroy(result) }

  /// One palette for all the images `images` gives, one at a time, to its argument (their
  /// colours pooled in one histogram; none is kept).
  convenience init(sharedBy images: ((Bitmap) throws -> Void) throws -> Void) throws {
    let attributes = try QuantizerAttributes()
    guard let histogram = liq_histogram_create(attributes.pointer) else {
      throw AnimationError.quantisation("could not create a histogram")
    }
    defer { liq_histogram_destroy(histogram) }
    try images { image in
      try attributes.withImage(image) { handle in
        guard liq_histogram_add_image(histogram, attributes.pointer, handle) == LIQ_OK else {
          throw AnimationError.quantisation("could not read a frame")
        }
      }
    }
    var result: OpaquePointer?
    guard liq_histogram_quantize(histogram, attributes.pointer, &result) == LIQ_OK, let result
    else { throw AnimationError.quantisation("could not choose the palette") }
    try self.init(attributes: attributes, result: result)
  }

  /// The best palette for `image` alone.
  convenience init(for image: Bitmap) throws {
    let attributes = try QuantizerAttributes()
    let result = try attributes.withImage(image) { handle in
      var result: OpaquePointer?
      guard liq_image_quantize(handle, attributes.pointer, &result) == LIQ_OK, let result else {
        throw AnimationError.quantisation("could not quantise a frame")
      }
      return result
    }
    try self.init(attributes: attributes, result: result)
  }

  /// Each pixel of `image` as an index into ``colors`` (dithered).
  func indices(of image: Bitmap) throws -> [UInt8] {
    try attributes.withImage(image) { handle in
      var out = [UInt8](repeating: 0, count: image.width * image.height)
      let status = out.withUnsafeMutableBytes { buffer -> liq_error in
        guard let base = buffer.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
        return liq_write_remapped_image(result, handle, base, buffer.count)
      }
      guard status == LIQ_OK else { throw AnimationError.quantisation("could not remap a frame") }
      return out
    }
  }
}

/// libimagequant's settings (256 colours), destroyed with the object.
private final class QuantizerAttributes {
  let pointer: OpaquePointer

  init() throws {
    guard let pointer = liq_attr_create() else {
      throw AnimationError.quantisation("could not create its attributes")
    }
    self.pointer = pointer
    liq_set_max_colors(pointer, 256)
  }

  deinit { liq_attr_destroy(pointer) }

  /// Gives `body` a libimagequant image over `bitmap`'s pixels.
  func withImage<T>(_ bitmap: Bitmap, _ body: (OpaquePointer) throws -> T) throws -> T {
    try bitmap.pixels.withUnsafeBytes { raw in
      guard let base = raw.baseAddress,
        let image = liq_image_create_rgba(
          pointer, base, Int32(bitmap.width), Int32(bitmap.height), 0)
      else { throw AnimationError.quantisation("could not wrap a frame") }
      defer { liq_image_destroy(image) }
      return try body(image)
    }
  }
}
