import CCodecs

/// What a PNG's IHDR says, read before any pixel is decoded.
struct PNGHeader {
  var width: Int
  var height: Int
  var bitDepth: Int
  var colorType: Int
  var interlaced: Bool

  /// Samples a pixel: grey 1, grey+alpha 2, RGB 3, RGBA 4, palette 1.
  var channels: Int {
    switch colorType {
    case 0, 3: return 1
    case 4: return 2
    case 2: return 3
    default: return 4
    }
  }

  /// Bytes the image's rows take once inflated (with their filter bytes; interlacing adds a
  /// little, not counted).
  var rawBytes: Int { height * (1 + (width * channels * bitDepth + 7) / 8) }

  /// The eight bytes every PNG (and APNG) starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 33, bytes.starts(with: Self.signature),
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func be32(_ offset: Int) -> Int {
      Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
    }
    width = be32(16)
    height = be32(20)
    bitDepth = Int(bytes[24])
    colorType = Int(bytes[25])
    interlaced = bytes[28] != 0
  }
}

/// 16-bit PNGs read as pixelmatch's PNG reader reads them: the high byte of each sample (libpng's
/// simplified API would take 16-bit data as linear light and convert it). Non-interlaced
/// grey, grey+alpha, RGB and RGBA.
enum SixteenBitPNG {
  static func decode(_ bytes: [UInt8], header: PNGHeader) throws -> Bitmap {
    // Every chunk whole and its CRC right: a truncated file is an error, not black rows.
    let data = try checkedPNGChunks(bytes).filter { $0.type == "IDAT" }.flatMap(\.data)
    let bpp = header.channels * 2
    let stride = header.width * bpp
    var raw = [UInt8](repeating: 0, count: header.height * (stride + 1))
    var stream = z_stream()
    guard lr_inflate_init(&stream) == Z_OK else { throw PNGError(message: "zlib inflate") }
    defer { inflateEnd(&stream) }
    var input = data
    let status = input.withUnsafeMutableBufferPointer { source in
      raw.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.avail_out == 0) else {
      throw PNGError(message: "the image data is damaged or incomplete")
    }
    // Undo the row filters (None, Sub, Up, Average, Paeth) in place.
    var previous = [UInt8](repeating: 0, count: stride)
    var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
    for y in 0..<header.height {
      let start = y * (stride + 1)
      let filter = raw[start]
      var row = Array(raw[(start + 1)..<(start + 1 + stride)])
      for i in 0..<stride {
        let a = i >= bpp ? Int(row[i - bpp]) : 0
        let b = Int(previous[i])
        let c = i >= bpp ? Int(previous[i - bpp]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: throw PNGError(message: "unknown row filter \(filter)")
        }
        row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
      }
      for x in 0..<header.width {
        let sample = { (channel: Int) in row[x * bpp + channel * 2] }
        let out = (y * header.width + x) * 4
        switch header.colorType {
        case 0:
          (pixels[out], pixels[out + 1], pixels[out + 2], pixels[out + 3]) = (
            sample(0), sample(0), sample(0), 255
          )
        case 4:
          (pixels[out], pixels[out + 1], pixels[out + 2], pixels[out + 3]) = (
            sample(0), sample(0), sample(0), sample(1)
          )
        case 2:
          (pixels[out], pixels[out + 1], pixels[out + 2], pixels[out + 3]) = (
            sample(0), sample(1), sample(2), 255
          )
        default:
          (pixels[out], pixels[out + 1], pixels[out + 2], pixels[out + 3]) = (
            sample(0), sample(1), sample(2), sample(3)
          )
        }
      }
      previous = row
    }
    guard let bitmap = Bitmap(width: header.width, height: header.height, pixels: pixels) else {
      throw PNGError(message: "decoded size mismatch")
    }
    return bitmap
  }
}
