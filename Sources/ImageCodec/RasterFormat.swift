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
}

extension RasterFormat {
  /// The format `bytes` are in, by their first bytes (never a file's name); nil for another.
  package static func of(_ bytes: [UInt8]) -> RasterFormat? {
    if bytes.starts(with: PNGHeader.signature) { return .png }
    if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      return .webp
    }
    return nil
  }

  /// The widest and tallest image the format holds, in pixels (WebP's header has 14 bits a
  /// side; ListRender's own limits are lower for PNG).
  package var maxSide: Int {
    switch self {
    case .png: Int(Int32.max)
    case .webp: WebPCodec.maxSide
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
