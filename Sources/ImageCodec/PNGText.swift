import CCodecs

/// PNG `tEXt` chunks: written after the header of an encoded PNG, read back from any PNG.
///
/// ```swift
/// let png = try PNGText.insert(["ListRender-Fingerprint": "cairo=1.16.0"], into: PNGCodec.encode(bitmap))
/// PNGText.read(png)["ListRender-Fingerprint"]  // "cairo=1.16.0"
/// ```
package enum PNGText {
  private static let signature = PNGHeader.signature

  /// `png` with a text chunk for each entry (sorted by keyword) right after IHDR: `tEXt` when
  /// the text is Latin-1, `iTXt` (uncompressed UTF-8) otherwise. Keywords are 1...79 Latin-1
  /// printable characters.
  public static func insert(_ entries: [String: String], into png: [UInt8]) throws -> [UInt8] {
    guard png.count >= 33, Array(png.prefix(8)) == signature else {
      throw PNGError(message: "not a PNG")
    }
    // IHDR is always first: 8 signature + 4 length + 4 type + 13 data + 4 CRC = 33 bytes.
    var out = Array(png.prefix(33))
    for (keyword, text) in entries.sorted(by: { $0.key < $1.key }) {
      guard let key = latin1(keyword), (1...79).contains(key.count), !key.contains(0) else {
        throw PNGError(message: "bad PNG text keyword '\(keyword)'")
      }
      if let bytes = latin1(text) {
        out += chunk("tEXt", key + [0] + bytes)
      } else {
        // keyword, 0, not compressed, method 0, no language tag, no translated keyword, text.
        out += chunk("iTXt", key + [0, 0, 0, 0, 0] + Array(text.utf8))
      }
    }
    out += png[33...]
    return out
  }

  /// Every `tEXt` chunk of `png`, keyword → text (only `keyword`'s, when given: a golden's
  /// fingerprint is read without decoding its packed layout); empty when there are none or it
  /// is no PNG.
  public static func read(_ png: [UInt8], only keyword: String? = nil) -> [String: String] {
    guard png.count >= 8, Array(png.prefix(8)) == signature else { return [:] }
    var entries: [String: String] = [:]
    let wanted = keyword.flatMap(latin1)
    for chunk in pngChunks(png) where chunk.type == "tEXt" || chunk.type == "iTXt" {
      guard let zero = chunk.data.firstIndex(of: 0) else { continue }
      if let wanted, !chunk.data[..<zero].elementsEqual(wanted) { continue }
      let keyword = latin1Text(chunk.data[..<zero])
      if chunk.type == "tEXt" {
        entries[keyword] = latin1Text(chunk.data[(zero + 1)...])
        continue
      }
      // iTXt: compression flag and method, then language tag and translated keyword, each
      // ending in 0; only uncompressed text is read.
      let rest = Array(chunk.data[(zero + 1)...])
      guard rest.count >= 2, rest[0] == 0,
        let language = rest[2...].firstIndex(of: 0),
        let translated = rest[(language + 1)...].firstIndex(of: 0)
      else { continue }
      entries[keyword] = String(decoding: rest[(translated + 1)...], as: UTF8.self)
    }
    return entries
  }

  /// Latin-1 bytes as text (ASCII, the common case, decoded at once).
  private static func latin1Text(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// The text as Latin-1 bytes, or nil when it has other characters.
  private static func latin1(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars {
      guard scalar.value <= 0xFF else { return nil }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }
}

/// The CRC-32 of zlib and PNG (computed by libdeflate, with the CPU's carry-less multiply).
package enum Checksum {
  /// The CRC-32 of `bytes`.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      libdeflate_crc32(0, buffer.baseAddress, buffer.count)
    }
  }
}
