import FileIO

/// Image files read from untrusted hands: ``InputFile`` refusing a header that claims more
/// pixels than the codecs decode, before the rest of the file is read.
extension InputFile {
  /// The image file at `path`; nil when nothing is there.
  /// - Throws: ``InputFileError`` as ``InputFile/read(_:maxBytes:refusing:)`` does, and for a
  ///   PNG or WebP header claiming more than ``PNGCodec/maxDecodedPixels``.
  package static func readImage(_ path: String, maxBytes: Int = maxImageBytes) throws -> [UInt8]? {
    try read(path, maxBytes: maxBytes, refusing: oversizedHeader)
  }

  /// The image file at `relative` beneath `folder` (``InputFile/read(_:beneath:maxBytes:refusing:)``).
  package static func readImage(_ relative: String, beneath folder: String, maxBytes: Int)
    throws -> [UInt8]?
  {
    try read(relative, beneath: folder, maxBytes: maxBytes, refusing: oversizedHeader)
  }

  /// Why a file whose first bytes are `header` is refused: a PNG or WebP header claiming more
  /// pixels than may be decoded; nil for anything else.
  static func oversizedHeader(_ header: [UInt8]) -> String? {
    guard let (width, height) = claimedSize(header),
      !PNGCodec.decodable(width: width, height: height)
    else { return nil }
    return
      "its header says \(width)×\(height) pixels; at most \(PNGCodec.maxDecodedPixels) are decoded"
  }

  /// What an image file is by its content, never its name: `png` (APNG too) or `webp`, with
  /// the width and height its header gives; nil for anything else (a page, a script, text).
  package static func imageKind(_ bytes: [UInt8]) -> (
    fileExtension: String, width: Int, height: Int
  )? {
    RasterFormat.header(of: bytes).map { ($0.format.fileExtension, $0.width, $0.height) }
  }

  /// The width and height a PNG's IHDR or a WebP's header gives (each at most 2³¹).
  static func claimedSize(_ bytes: [UInt8]) -> (Int, Int)? {
    RasterFormat.header(of: bytes).map { ($0.width, $0.height) }
  }

}
