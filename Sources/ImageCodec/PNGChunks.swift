/// Reading and writing PNG chunks: length, type, data, CRC-32 (used for text chunks and APNG).

/// The chunks of a PNG after its signature: type and data; a truncated chunk ends the list.
func pngChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
  var chunks: [(String, [UInt8])] = []
  var offset = 8
  while offset + 12 <= png.count {
    let length =
      Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
      | Int(png[offset + 3])
    let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
    guard offset + 12 + length <= png.count else { break }
    chunks.append((type, Array(png[(offset + 8)..<(offset + 8 + length)])))
    offset += 12 + length
  }
  return chunks
}

func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
  let body = Array(type.utf8) + data
  return be32(UInt32(data.count)) + body + be32(Checksum.crc32(body))
}

func be32(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
