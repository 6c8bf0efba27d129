import CCodecs
import FileIO
import Foundation

/// A libpng failure, with libpng's own message.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// libpng's message, or ours when libpng gave none.
  public var message: String
  /// `PNG error: …`.
  public var description: String { "PNG error: \(message)" }
}

/// PNG encoding (strip-parallel deflate, ``PNGRowSource``) and decoding (libpng's simplified
/// `png_image_*` API).
///
/// ```swift
/// let bytes = try PNGCodec.encode(bitmap)
/// let back = try PNGCodec.decode(bytes)
/// ```
public enum PNGCodec {
  /// Largest image decoded, in pixels, so a hostile file cannot make us allocate without bound.
  public static let maxDecodedPixels = 100_000_000

  /// Threads used to compress when the caller does not say: one a core.
  public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// Encodes as RGB when the image is opaque, RGBA otherwise (or as `alpha` says), compressing
  /// strips of rows on `threads` threads; `compression` chooses speed or size (compact, what
  /// goldens keep, unless told). The bytes depend only on the pixels, the compression and the
  /// zlib version (not on the thread count; no timestamps).
  public static func encode(
    _ bitmap: Bitmap, alpha: Bool? = nil, threads: Int? = nil,
    compression: PNGCompression = .compact
  ) throws -> [UInt8] {
    try encode(
      rows: bitmap, alpha: alpha ?? !bitmap.isOpaque, threads: threads, compression: compression)
  }

  /// Encodes rows from any source (such as a painted surface, converted row by row, so no
  /// whole-image copy is made); see ``encode(_:alpha:threads:compression:)``.
  public static func encode(
    rows source: some PNGRowSource, alpha: Bool, threads: Int? = nil, scale: Double? = nil,
    compression: PNGCompression = .compact
  ) throws -> [UInt8] {
    try encodeRows(
      source, alpha: alpha, threads: threads, scale: scale, compression: compression,
      producing: nil)
  }

  /// Encodes rows while they are made: `produce` runs on this thread and calls `ready(n)`
  /// whenever rows `0..<n` are done; meanwhile the other threads compress each strip as soon as
  /// its rows are ready (and this thread helps when they fall behind). The bytes are those of
  /// ``encode(rows:alpha:threads:scale:compression:)``.
  public static func encode(
    rows source: some PNGRowSource, alpha: Bool, threads: Int? = nil, scale: Double? = nil,
    compression: PNGCompression = .compact,
    producing produce: (_ ready: (Int) -> Void) throws -> Void
  ) throws -> [UInt8] {
    try withoutActuallyEscaping(produce) { produce in
      try encodeRows(
        source, alpha: alpha, threads: threads, scale: scale, compression: compression,
        producing: produce)
    }
  }

  /// `sRGB` (perceptual) and `pHYs` for a still rendered at `scale` device pixels per point:
  /// 72 dpi × scale, so a scale-3 image opens at its size in points.
  static func stillChunks(scale: Double) -> [UInt8] {
    let perMetre = UInt32((72 * scale / 0.0254).rounded())
    return chunk("sRGB", [0]) + chunk("pHYs", be32(perMetre) + be32(perMetre) + [1])
  }

  private static func encodeRows(
    _ source: some PNGRowSource, alpha: Bool, threads: Int?, scale: Double?,
    compression: PNGCompression, producing produce: ((_ ready: (Int) -> Void) throws -> Void)?
  ) throws -> [UInt8] {
    guard source.width > 0, source.height > 0 else {
      throw PNGError(message: "cannot encode an empty image (\(source.width)×\(source.height))")
    }
    var pieces = try StripDeflate.zlibStream(
      source, alpha: alpha, threads: threads ?? defaultThreads, compression: compression,
      produce: produce)
    let length = pieces.reduce(0) { $0 + $1.count }
    // IHDR: size, 8 bits a channel, RGB (2) or RGBA (6), deflate, adaptive filters, no interlace.
    let header =
      be32(UInt32(source.width)) + be32(UInt32(source.height)) + [8, alpha ? 6 : 2, 0, 0, 0]
    var png: [UInt8] = PNGHeader.signature
    png.reserveCapacity(length + 64 + length / idatSize * 12)
    png += chunk("IHDR", header)
    if let scale { png += stillChunks(scale: scale) }
    appendIDAT(&pieces, to: &png)
    png += chunk("IEND", [])
    return png
  }

  /// Bytes an IDAT chunk holds at most.
  static let idatSize = 1 << 20

  /// The stream `pieces` join into, as IDAT chunks of at most ``idatSize`` bytes appended to
  /// `png`; each piece is let go once copied (the file is the only whole copy).
  static func appendIDAT(_ pieces: inout [[UInt8]], to png: inout [UInt8]) {
    var left = pieces.reduce(0) { $0 + $1.count }
    var piece = 0
    var offset = 0
    while left > 0 {
      let size = min(left, idatSize)
      png += be32(UInt32(size))
      let start = png.count
      png += Array("IDAT".utf8)
      var wanted = size
      while wanted > 0 {
        let take = min(wanted, pieces[piece].count - offset)
        png.append(contentsOf: pieces[piece][offset..<(offset + take)])
        offset += take
        wanted -= take
        if offset == pieces[piece].count {
          pieces[piece] = []
          piece += 1
          offset = 0
        }
      }
      let crc = png.withUnsafeBufferPointer { buffer in
        libdeflate_crc32(0, buffer.baseAddress.map { $0 + start }, buffer.count - start)
      }
      png += be32(crc)
      left -= size
    }
  }

  /// Whether an image of `width` × `height` (sides read from a file, each up to 2³² − 1) may be
  /// decoded: both sides positive and the pixels within ``maxDecodedPixels``, checked side by
  /// side first so that the product cannot overflow.
  package static func decodable(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= maxDecodedPixels && height <= maxDecodedPixels
      && width * height <= maxDecodedPixels
  }

  /// Decodes any PNG libpng reads into straight RGBA.
  public static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    try decode(bytes, fastPath: true)
  }

  /// ``decode(_:)``, with libpng alone when `fastPath` is false (for tests that the two give
  /// the same pixels, or both refuse).
  package static func decode(_ bytes: [UInt8], fastPath: Bool) throws -> Bitmap {
    if let header = PNGHeader(bytes) {
      guard PNGCodec.decodable(width: header.width, height: header.height)
      else {
        throw PNGError(
          message:
            "image is \(header.width)×\(header.height), larger than \(maxDecodedPixels) pixels")
      }
      guard Self.fits(header, in: bytes) else {
        throw PNGError(
          message:
            "the image data (\(bytes.count) bytes) is too short for \(header.width)×\(header.height) pixels"
        )
      }
      if header.bitDepth == 16, !header.interlaced, [0, 2, 4, 6].contains(header.colorType) {
        return try SixteenBitPNG.decode(bytes, header: header)
      }
      // The 8-bit RGB and RGBA files ListRender writes, with libdeflate; anything else (or a
      // file it cannot take whole) is libpng's below.
      if fastPath, let bitmap = fastDecode(bytes, header: header) { return bitmap }
    }
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

  /// `bytes` decoded by the libdeflate path alone, or nil where ``decode(_:)`` leaves them to
  /// libpng (for tests of which files take it).
  package static func fastDecoded(_ bytes: [UInt8]) -> Bitmap? {
    guard let header = PNGHeader(bytes),
      PNGCodec.decodable(width: header.width, height: header.height)
    else { return nil }
    return fastDecode(bytes, header: header)
  }

  /// `bytes` decoded by `lr_png_fast_decode` (see CCodecs' shim.h), or nil where libpng is to
  /// decode them.
  static func fastDecode(_ bytes: [UInt8], header: PNGHeader) -> Bitmap? {
    guard let channels = fastChannels(header) else { return nil }
    // The inflated rows' scratch and the pixels, reused from case to case in a suite run.
    let pixels = PixelMemory.withScratch(count: (header.width * channels + 1) * header.height) {
      raw in
      PixelMemory.filled(count: header.width * header.height * 4) { out in
        bytes.withUnsafeBufferPointer { source in
          lr_png_fast_decode(
            source.baseAddress, source.count, UInt32(header.width), UInt32(header.height),
            out.baseAddress, raw.baseAddress, raw.count, nil)
        } == 0
      }
    }
    return pixels.flatMap { Bitmap(width: header.width, height: header.height, pixels: $0) }
  }

  /// Whether `bytes` is a PNG that decodes to exactly `bitmap`'s pixels, found while decoding
  /// it row by row with the libdeflate path (every chunk's CRC and the stream's Adler-32
  /// checked), comparing each row and holding no decoded image. False does not say they
  /// differ: a file this path leaves to libpng, a damaged one or another image all give false,
  /// and ``decode(_:)`` tells them apart.
  package static func holdsExactly(_ bitmap: Bitmap, _ bytes: [UInt8]) -> Bool {
    guard let header = PNGHeader(bytes), header.width == bitmap.width,
      header.height == bitmap.height, decodable(width: header.width, height: header.height),
      let channels = fastChannels(header), fits(header, in: bytes),
      bitmap.pixels.count == header.width * header.height * 4
    else { return false }
    return PixelMemory.withScratch(count: (header.width * channels + 1) * header.height) { raw in
      var row = [UInt8](repeating: 0, count: header.width * 4)
      return bytes.withUnsafeBufferPointer { source in
        bitmap.pixels.withUnsafeBufferPointer { expected in
          lr_png_fast_decode(
            source.baseAddress, source.count, UInt32(header.width), UInt32(header.height),
            &row, raw.baseAddress, raw.count, expected.baseAddress)
        }
      } == 0
    }
  }

  /// The channels of a file the libdeflate path decodes (8-bit RGB: 3, RGBA: 4, not
  /// interlaced), or nil where libpng is to.
  private static func fastChannels(_ header: PNGHeader) -> Int? {
    guard header.bitDepth == 8, !header.interlaced else { return nil }
    return header.colorType == 2 ? 3 : header.colorType == 6 ? 4 : nil
  }

  /// Whether `bytes` are long enough for the rows `header` claims: deflate expands at most
  /// about 1032 to 1, so shorter data is refused before anything that size is allocated.
  private static func fits(_ header: PNGHeader, in bytes: [UInt8]) -> Bool {
    header.rawBytes <= bytes.count * 1032 + 65_536
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
}

extension PNGCodec {
  /// Reads and decodes a PNG or a WebP image (told apart by their first bytes), naming the
  /// file in errors.
  package static func decode(file path: String) throws -> Bitmap {
    let bytes: [UInt8]?
    do {
      bytes = try InputFile.readImage(path)
    } catch let error as InputFileError {
      throw PNGFileError(error.description)
    }
    guard let bytes else { throw PNGFileError("\(path): cannot read the file: there is none") }
    do {
      return try RasterFormat.decode(bytes)
    } catch {
      throw PNGFileError("\(path): \(error)")
    }
  }
}

/// A PNG file that cannot be read or decoded, named in the message.
package struct PNGFileError: Error, CustomStringConvertible {
  /// The message.
  package let description: String
  init(_ description: String) { self.description = description }
}
