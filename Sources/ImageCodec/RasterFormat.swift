import Foundation

/// The raster file formats ListRender writes and reads: a still golden, an animation frame, a
/// rendered image. Every place that differs by format switches over this type, so a new format
/// is led by the compiler to each of them.
///
/// ```swift
/// configuration.goldenFormat = .webp  // <case>.webp goldens
/// ```
public enum RasterFormat: String, CaseIterable, Sendable {
  /// PNG (RGB when opaque, RGBA otherwise; an APNG is a PNG too).
  case png
  /// Lossless WebP: the same pixels in a smaller file.
  case webp

  /// The file name extension, without its dot.
  public var fileExtension: String { rawValue }

  /// The format's name in messages (`PNG`, `WebP`).
  public var name: String {
    switch self {
    case .png: "PNG"
    case .webp: "WebP"
    }
  }
}

extension RasterFormat {
  /// The format `bytes` are in, by their first bytes (never a file's name); nil for another.
  package static func of(_ bytes: [UInt8]) -> RasterFormat? {
    allCases.first { format in
      format.signature.allSatisfy { mark in
        bytes.count >= mark.offset + mark.bytes.count
          && bytes[mark.offset..<mark.offset + mark.bytes.count].elementsEqual(mark.bytes)
      }
    }
  }

  /// The marks a file in this format starts with, each at its offset (WebP's RIFF size lies
  /// between its two).
  var signature: [(offset: Int, bytes: [UInt8])] {
    switch self {
    case .png: Self.pngSignature
    case .webp: Self.webpSignature
    }
  }
  // Made once: `of` reads them for every golden and image a run opens.
  private static let pngSignature = [(offset: 0, bytes: PNGHeader.signature)]
  private static let webpSignature = [
    (offset: 0, bytes: Array("RIFF".utf8)), (offset: 8, bytes: Array("WEBP".utf8)),
  ]

  /// The widest and tallest image the format holds, in pixels (WebP's header has 14 bits a
  /// side; ListRender's own limits are lower for PNG).
  package var maxSide: Int {
    switch self {
    case .png: Int(Int32.max)
    case .webp: WebPCodec.maxSide
    }
  }

  /// Whether the encoder takes rows while they are painted (PNG's strips are compressed on
  /// the other cores as bands are painted); otherwise an export paints, then encodes.
  package var encodesWhilePainting: Bool {
    switch self {
    case .png: true
    case .webp: false
    }
  }

  /// The rows of `source` (a painted image) in this format: a PNG encoded from the rows as
  /// they are (on `threads` threads, with `compression`, the still's pixel density from
  /// `scale`), a WebP from the whole image assembled from them. The one place an export picks
  /// the encoder of a painted image.
  package func encode(
    rows source: some PNGRowSource, alpha: Bool, threads: Int?, scale: Double? = nil,
    compression: PNGCompression
  ) throws -> [UInt8] {
    switch self {
    case .png:
      return try PNGCodec.encode(
        rows: source, alpha: alpha, threads: threads, scale: scale, compression: compression)
    case .webp:
      var pixels = [UInt8](repeating: 0, count: source.width * source.height * 4)
      pixels.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for y in 0..<source.height {
          source.copyRow(y, alpha: true, into: base + y * source.width * 4)
        }
      }
      guard let bitmap = Bitmap(width: source.width, height: source.height, pixels: pixels) else {
        throw PNGError(
          message: "the image's rows do not make a \(source.width)×\(source.height) image")
      }
      return try encode(bitmap)
    }
  }

  /// `bitmap` in this format, with `text` in its metadata (PNG `iTXt`, WebP `XMP `): how a golden
  /// carries its fingerprint. No text, no metadata chunk.
  package func encode(_ bitmap: Bitmap, text: [String: String] = [:]) throws -> [UInt8] {
    switch self {
    case .png:
      let png = try PNGCodec.encode(bitmap)
      return text.isEmpty ? png : try PNGText.insert(text, into: png)
    case .webp:
      return try WebPCodec.encode(bitmap, text: text)
    }
  }

  /// The image `bytes` hold, in whichever format they are (PNG when they are in none: its
  /// decoder says what is wrong).
  package static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    switch of(bytes) {
    case .webp?: try WebPCodec.decode(bytes)
    case .png?, nil: try PNGCodec.decode(bytes)
    }
  }

  /// The metadata text of an image in either format (empty for none, or for other bytes); only
  /// `keyword`'s entry when given.
  package static func text(in bytes: [UInt8], only keyword: String? = nil) -> [String: String] {
    switch of(bytes) {
    case .png?: PNGText.read(bytes, only: keyword)
    case .webp?: WebPCodec.readText(bytes)
    case nil: [:]
    }
  }

  /// The format, width and height an image's header claims (each at most 2³¹), before anything
  /// is decoded; nil for bytes in neither format.
  package static func header(of bytes: [UInt8]) -> (format: RasterFormat, width: Int, height: Int)?
  {
    switch of(bytes) {
    case .png?:
      guard let header = PNGHeader(bytes) else { return nil }
      return (.png, header.width, header.height)
    case .webp?:
      guard let size = WebPCodec.size(bytes) else { return nil }
      return (.webp, size.width, size.height)
    case nil:
      return nil
    }
  }
}
