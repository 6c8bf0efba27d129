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

/// The chunks of a PNG read strictly, for files that must be whole (goldens): the signature,
/// every chunk inside the file with its CRC right, IEND last. A damage names the chunk
/// (`chunk fcTL 11: bad CRC`, counting that type's chunks from 0).
func checkedPNGChunks(_ png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
  guard png.count >= 8, png.starts(with: PNGHeader.signature) else {
    throw PNGError(message: "not a PNG")
  }
  var chunks: [(String, [UInt8])] = []
  var seen: [String: Int] = [:]
  var offset = 8
  while offset < png.count {
    guard offset + 12 <= png.count else {
      throw PNGError(message: "the file is cut short after \(offset) bytes")
    }
    let length =
      Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
      | Int(png[offset + 3])
    let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
    let number = seen[type, default: 0]
    seen[type] = number + 1
    guard length <= png.count - offset - 12 else {
      throw PNGError(message: "chunk \(type) \(number) is cut short")
    }
    let body = Array(png[(offset + 4)..<(offset + 8 + length)])
    let stored =
      UInt32(png[offset + 8 + length]) << 24 | UInt32(png[offset + 9 + length]) << 16
      | UInt32(png[offset + 10 + length]) << 8 | UInt32(png[offset + 11 + length])
    guard Checksum.crc32(body) == stored else {
      throw PNGError(message: "chunk \(type) \(number): bad CRC")
    }
    chunks.append((type, Array(body.dropFirst(4))))
    offset += 12 + length
    if type == "IEND" {
      guard offset == png.count else {
        throw PNGError(message: "\(png.count - offset) bytes follow the end (IEND)")
      }
      return chunks
    }
  }
  throw PNGError(message: "the file is cut short: it has no end (IEND)")
}

func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
  let body = Array(type.utf8) + data
  return be32(UInt32(data.count)) + body + be32(Checksum.crc32(body))
}

func be32(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
