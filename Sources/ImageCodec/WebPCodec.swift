import CCodecs

/// Lossless WebP (libwebp): the same pixels as the PNG, in a smaller file. Text entries (a
/// golden's fingerprint) travel in a chunk of their own, `LRtx`, which WebP readers skip.
///
/// ```swift
/// let webp = try WebPCodec.encode(bitmap)
/// try WebPCodec.decode(webp) == bitmap  // true: lossless, transparent pixels' colours kept
/// ```
package enum WebPCodec {
  /// WebP's own limit on a side.
  package static let maxSide = 16_383
  /// The chunk that carries text entries: keyword, NUL, text, NUL for each (UTF-8), as PNG's
  /// `tEXt` keeps one.
  static let textChunk = "LRtx"

  /// `bitmap` as lossless WebP with `text` entries (sorted by key) in their chunk. Encoded on
  /// one thread at a fixed effort, so the same pixels give the same bytes.
  /// - Throws: ``PNGError`` (its message from libwebp) for an image WebP cannot hold.
  package static func encode(_ bitmap: Bitmap, text: [String: String] = [:]) throws -> [UInt8] {
    guard (1...maxSide).contains(bitmap.width), (1...maxSide).contains(bitmap.height) else {
      throw PNGError(
        message:
          "a WebP image is at most \(maxSide) px a side; this one is \(bitmap.width)×\(bitmap.height)"
      )
    }
    var config = WebPConfig()
    guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, 6) != 0 else {
      throw PNGError(message: "libwebp: cannot set up the encoder (version mismatch)")
    }
    // Lossless, the colour of fully transparent pixels kept (the golden is compared exactly),
    // one thread.
    config.lossless = 1
    config.exact = 1
    config.thread_level = 0
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw PNGError(message: "libwebp: cannot set up the picture (version mismatch)")
    }
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(bitmap.width)
    picture.height = Int32(bitmap.height)
    let imported = bitmap.pixels.withUnsafeBufferPointer {
      WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(bitmap.width * 4))
    }
    guard imported != 0 else { throw PNGError(message: "libwebp: out of memory") }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    picture.writer = WebPMemoryWrite
    try withUnsafeMutablePointer(to: &writer) { pointer in
      picture.custom_ptr = UnsafeMutableRawPointer(pointer)
      guard WebPEncode(&config, &picture) != 0 else {
        throw PNGError(
          message: "libwebp could not encode the image (error \(picture.error_code.rawValue))")
      }
    }
    let plain = Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    guard !text.isEmpty else { return plain }
    return try withText(text, in: plain)
  }

  /// A WebP image's width and height from its header, or nil when libwebp cannot read it.
  package static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let ok = bytes.withUnsafeBufferPointer {
      WebPGetInfo($0.baseAddress, $0.count, &width, &height)
    }
    return ok != 0 ? (Int(width), Int(height)) : nil
  }

  /// Decodes a WebP image into straight RGBA; its size is checked against the decoding limit
  /// before any pixel memory is taken.
  package static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer {
      WebPGetFeatures($0.baseAddress, $0.count, &features)
    }
    guard status == VP8_STATUS_OK else {
      throw PNGError(message: "not a WebP image libwebp can read (status \(status.rawValue))")
    }
    let width = Int(features.width)
    let height = Int(features.height)
    guard width > 0, height > 0, width * height <= PNGCodec.maxDecodedPixels else {
      throw PNGError(
        message: "image is \(width)×\(height), larger than \(PNGCodec.maxDecodedPixels) pixels")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let decoded = bytes.withUnsafeBufferPointer { input in
      pixels.withUnsafeMutableBufferPointer { output in
        WebPDecodeRGBAInto(
          input.baseAddress, input.count, output.baseAddress, output.count, Int32(width * 4))
      }
    }
    guard decoded != nil, let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
      throw PNGError(message: "libwebp could not decode the image")
    }
    return bitmap
  }

  /// The text entries of a WebP file written by ``encode(_:text:)`` (none for another).
  package static func readText(_ bytes: [UInt8]) -> [String: String] {
    bytes.withUnsafeBufferPointer { input -> [String: String] in
      var data = WebPData(bytes: input.baseAddress, size: input.count)
      guard let mux = WebPMuxCreate(&data, 0) else { return [:] }
      defer { WebPMuxDelete(mux) }
      var chunk = WebPData()
      guard WebPMuxGetChunk(mux, textChunk, &chunk) == WEBP_MUX_OK, let start = chunk.bytes else {
        return [:]
      }
      // Bounded by the file: the chunk lies inside the bytes given.
      let fields = UnsafeBufferPointer(start: start, count: chunk.size).split(
        separator: 0, omittingEmptySubsequences: false)
      var entries: [String: String] = [:]
      for pair in stride(from: 0, to: fields.count - 1, by: 2) {
        entries[String(decoding: fields[pair], as: UTF8.self)] = String(
          decoding: fields[pair + 1], as: UTF8.self)
      }
      return entries
    }
  }

  /// `webp` in the extended format, with the entries' chunk after the image.
  private static func withText(_ text: [String: String], in webp: [UInt8]) throws -> [UInt8] {
    guard text.allSatisfy({ !$0.key.utf8.contains(0) && !$0.value.utf8.contains(0) }) else {
      throw PNGError(message: "a WebP text entry cannot hold a NUL")
    }
    var payload: [UInt8] = []
    for (key, value) in text.sorted(by: { $0.key < $1.key }) {
      payload += Array(key.utf8) + [0] + Array(value.utf8) + [0]
    }
    guard let mux = WebPMuxNew() else { throw PNGError(message: "libwebpmux: out of memory") }
    defer { WebPMuxDelete(mux) }
    var assembled = WebPData()
    defer { WebPDataClear(&assembled) }
    // Copied in (copy_data 1), so the buffers need not outlive these calls.
    let status = webp.withUnsafeBufferPointer { image in
      payload.withUnsafeBufferPointer { entries in
        var imageData = WebPData(bytes: image.baseAddress, size: image.count)
        var entriesData = WebPData(bytes: entries.baseAddress, size: entries.count)
        guard WebPMuxSetImage(mux, &imageData, 1) == WEBP_MUX_OK,
          WebPMuxSetChunk(mux, textChunk, &entriesData, 1) == WEBP_MUX_OK
        else { return WEBP_MUX_BAD_DATA }
        return WebPMuxAssemble(mux, &assembled)
      }
    }
    guard status == WEBP_MUX_OK, let start = assembled.bytes else {
      throw PNGError(message: "libwebpmux could not add the text chunk (status \(status.rawValue))")
    }
    return Array(UnsafeBufferPointer(start: start, count: assembled.size))
  }
}
