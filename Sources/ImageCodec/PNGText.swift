import CCodecs

/// PNG `tEXt` chunks: written after the header of an encoded PNG, read back from any PNG.
///
/// ```swift
/// let png = try PNGText.insert(["ListRender-Fingerprint": "cairo=1.16.0"], into: PNGCodec.encode(bitmap))
/// PNGText.read(png)["ListRender-Fingerprint"]  // "cairo=1.16.0"
/// ```
public enum PNGText {
  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `png` with a `tEXt` chunk for each entry (sorted by keyword) right after IHDR. Keywords are
  /// 1...79 Latin-1 characters; text is stored as UTF-8 bytes.
  public static func insert(_ entries: [String: String], into png: [UInt8]) throws -> [UInt8] {
    guard png.count >= 33, Array(png.prefix(8)) == signature else {
      throw PNGError(message: "not a PNG")
    }
    // IHDR is always first: 8 signature + 4 length + 4 type + 13 data + 4 CRC = 33 bytes.
    var out = Array(png.prefix(33))
    for (keyword, text) in entries.sorted(by: { $0.key < $1.key }) {
      let key = Array(keyword.utf8)
      guard (1...79).contains(key.count), !key.contains(0) else {
        throw PNGError(message: "bad tEXt keyword '\(keyword)'")
      }
      out += chunk(type: "tEXt", data: key + [0] + Array(text.utf8))
    }
    out += png[33...]
    return out
  }

  /// Every `tEXt` chunk of `png`, keyword → text; empty when there are none or it is no PNG.
  public static func read(_ png: [UInt8]) -> [String: String] {
    guard png.count >= 8, Array(png.prefix(8)) == signature else { return [:] }
    var entries: [String: String] = [:]
    var offset = 8
    while offset + 12 <= png.count {
      let length =
        Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
        | Int(png[offset + 3])
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let start = offset + 8
      guard length >= 0, start + length + 4 <= png.count else { break }
      if type == "tEXt", let zero = png[start..<(start + length)].firstIndex(of: 0) {
        let key = String(decoding: png[start..<zero], as: UTF8.self)
        entries[key] = String(decoding: png[(zero + 1)..<(start + length)], as: UTF8.self)
      }
      if type == "IDAT" || type == "IEND" { break }
      offset = start + length + 4
    }
    return entries
  }

  private static func chunk(type: String, data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    let length = UInt32(data.count)
    var out: [UInt8] = [
      UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF),
      UInt8(length & 0xFF),
    ]
    out += typeBytes + data
    let crc = Checksum.crc32(typeBytes + data)
    out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    return out
  }
}

/// zlib's CRC-32.
public enum Checksum {
  /// The CRC-32 of `bytes`.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var crc = CCodecs.crc32(0, nil, 0)
      var base = buffer.baseAddress
      var remaining = buffer.count
      // zlib takes lengths as 32-bit: feed large inputs in pieces.
      while remaining > 0, let pointer = base {
        let piece = min(remaining, 1 << 30)
        crc = CCodecs.crc32(crc, pointer, uInt(piece))
        base = pointer + piece
        remaining -= piece
      }
      return UInt32(truncatingIfNeeded: crc)
    }
  }
}
