import CCodecs
import Foundation
import ImageCodec
import RenderTestSupport
import TestLevels
import Testing

/// Goldens decoded with libdeflate (the 8-bit RGB and RGBA files ListRender writes) give the
/// pixels libpng gives, and a damaged file is refused as libpng refuses it.
@Suite("PNG decoding: libdeflate beside libpng", .tags(.render))
struct PNGDecodeSamenessTests {
  /// Every PNG under Golden/ and Fixtures/.
  static func files() -> [URL] {
    [Paths.golden, Paths.fixtures].flatMap { folder in
      (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".png") }.sorted().map { folder.appendingPathComponent($0) }
    }
  }

  @Test("every golden and fixture image: the same pixels both ways, and goldens take the fast path")
  func sameAsLibpng() throws {
    var fast = 0
    var differing: [String] = []
    let files = Self.files()
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      if PNGCodec.fastDecoded(bytes) != nil { fast += 1 }
      let ours = try? PNGCodec.decode(bytes, fastPath: true)
      let libpng = try? PNGCodec.decode(bytes, fastPath: false)
      if ours != libpng { differing.append(file.lastPathComponent) }
    }
    #expect(files.count > 150)
    // The goldens are ListRender's own 8-bit files: all but a few fixture images (palettes,
    // grey) take the libdeflate path.
    #expect(fast > 150, "\(fast) of \(files.count)")
    #expect(differing == [])
  }

  @Test("3,000 damaged goldens: refused both ways or decoded to the same pixels")
  func damagedAlike() throws {
    var random = FuzzGenerator.seeded()
    let originals = try ["rows/title-only.png", "rows/dark.png", "effects/shadow-room.png"].map {
      [UInt8](try Data(contentsOf: Paths.golden.appendingPathComponent($0)))
    }
    var differing = 0
    var refused = 0
    for index in 0..<3_000 {
      let bytes = Mutation.mutated(originals[index % originals.count], &random)
      let ours = try? PNGCodec.decode(bytes, fastPath: true)
      let libpng = try? PNGCodec.decode(bytes, fastPath: false)
      if ours == nil { refused += 1 }
      if ours != libpng { differing += 1 }
    }
    #expect(refused > 1_000)
    #expect(differing == 0)
  }

  @Test(
    "3,000 damaged goldens: 'holds exactly these pixels' never where the file does not decode to them, and wherever the fast decoder gives them"
  )
  func holdsExactlyDamaged() throws {
    var random = FuzzGenerator.seeded()
    let originals = try ["rows/title-only.png", "rows/dark.png", "effects/shadow-room.png"].map {
      [UInt8](try Data(contentsOf: Paths.golden.appendingPathComponent($0)))
    }
    let images = try originals.map { try PNGCodec.decode($0) }
    // A yes where the file holds other pixels (or none) is a wrong answer; a no is only "not
    // certain" (the golden is then decoded and compared), but it must be the fast decoder's.
    var wrong = 0
    var notFast = 0
    var (held, notHeld, decodedAlike) = (0, 0, 0)
    for index in 0..<3_000 {
      let bytes = Mutation.mutated(originals[index % originals.count], &random)
      let image = images[index % images.count]
      let truth = (try? PNGCodec.decode(bytes)) == image
      let said = PNGCodec.holdsExactly(image, bytes)
      if said && !truth { wrong += 1 }
      if said != (PNGCodec.fastDecoded(bytes) == image) { notFast += 1 }
      if truth { decodedAlike += 1 }
      if said { held += 1 } else { notHeld += 1 }
    }
    for (bytes, image) in zip(originals, images) where !PNGCodec.holdsExactly(image, bytes) {
      wrong += 1
    }
    #expect(held > 0 && notHeld > 2_000, "\(held) held, \(notHeld) not, \(decodedAlike) alike")
    #expect(wrong == 0)
    #expect(notFast == 0)
  }

  /// `pixels` (RGB or RGBA rows) filtered row by row with `filters[y % count]` (0 None, 1 Sub,
  /// 2 Up, 3 Average, 4 Paeth), deflated by zlib, in a PNG whose IDAT is cut in `parts` chunks.
  static func png(
    _ pixels: [UInt8], width: Int, height: Int, channels: Int, filters: [UInt8], parts: Int
  ) -> [UInt8] {
    let rowBytes = width * channels
    var raw: [UInt8] = []
    for y in 0..<height {
      let filter = filters[y % filters.count]
      raw.append(filter)
      for i in 0..<rowBytes {
        let x = Int(pixels[y * rowBytes + i])
        let a = i >= channels ? Int(pixels[y * rowBytes + i - channels]) : 0
        let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + i]) : 0
        let c = i >= channels && y > 0 ? Int(pixels[(y - 1) * rowBytes + i - channels]) : 0
        let predictor: Int
        switch filter {
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: predictor = 0
        }
        raw.append(UInt8(truncatingIfNeeded: x - predictor))
      }
    }
    var size = compressBound(uLong(raw.count))
    var deflated = [UInt8](repeating: 0, count: Int(size))
    _ = compress2(&deflated, &size, raw, uLong(raw.count), 9)
    deflated.removeSubrange(Int(size)...)
    func be32(_ value: Int) -> [UInt8] { AnimationBytes.be32(value) }
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file += AnimationBytes.chunk(
      "IHDR", be32(width) + be32(height) + [8, channels == 3 ? 2 : 6, 0, 0, 0])
    let part = (deflated.count + parts - 1) / parts
    for start in stride(from: 0, to: deflated.count, by: part) {
      file += AnimationBytes.chunk(
        "IDAT", Array(deflated[start..<min(deflated.count, start + part)]))
    }
    return file + AnimationBytes.chunk("IEND", [])
  }

  @Test("every row filter, RGB and RGBA, IDAT in one or three chunks: the pixels written")
  func everyFilter() throws {
    var random = FuzzGenerator.seeded()
    var checked = 0
    var wrong: [String] = []
    for channels in [3, 4] {
      for filters: [UInt8] in [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4], [4, 3, 2, 1]] {
        for parts in [1, 3] {
          let (width, height) = (37, 23)
          let pixels = (0..<(width * height * channels)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }
          let file = Self.png(
            pixels, width: width, height: height, channels: channels, filters: filters,
            parts: parts)
          let expected = (0..<(width * height)).flatMap { index -> [UInt8] in
            let pixel = pixels[(index * channels)..<(index * channels + channels)]
            return channels == 4 ? Array(pixel) : Array(pixel) + [255]
          }
          let fast = PNGCodec.fastDecoded(file)
          checked += 1
          if fast?.pixels != expected { wrong.append("fast \(channels) \(filters) \(parts)") }
          // Compared as it is decoded: these pixels, and not with one byte changed in the
          // first, a middle or the last row (any channel, alpha included).
          let image = try #require(Bitmap(width: width, height: height, pixels: expected))
          if !PNGCodec.holdsExactly(image, file) {
            wrong.append("holds \(channels) \(filters) \(parts)")
          }
          for at in [0, expected.count / 2 + 1, expected.count - 2, expected.count - 1] {
            var changed = expected
            changed[at] &+= 1
            let other = try #require(Bitmap(width: width, height: height, pixels: changed))
            if PNGCodec.holdsExactly(other, file) {
              wrong.append("holds changed \(at) \(channels) \(filters) \(parts)")
            }
          }
          let narrower = try #require(
            Bitmap(
              width: width - 1, height: height,
              pixels: Array(expected.prefix((width - 1) * height * 4))))
          if PNGCodec.holdsExactly(narrower, file) { wrong.append("holds narrower \(channels)") }
          if try PNGCodec.decode(file, fastPath: false).pixels != expected {
            wrong.append("libpng \(channels) \(filters) \(parts)")
          }
        }
      }
    }
    #expect(checked == 28)
    #expect(wrong == [])
  }

  @Test(
    "numbers a PNG claims at 0, 2^31 and 2^32 - 1 (sides, a chunk's length), CRCs right: refused both ways, nothing that size allocated"
  )
  func claimedNumbersAtTheEdges() throws {
    let good = [UInt8](
      try Data(contentsOf: Paths.golden.appendingPathComponent("rows/title-only.png")))
    let chunks = AnimationBytes.chunks(good)
    let signature = Array(good.prefix(8))
    func file(_ replaced: (String, [UInt8]) -> [UInt8]) -> [UInt8] {
      signature + chunks.flatMap { replaced($0.type, $0.data) }
    }
    var cases: [[UInt8]] = []
    for side in [0, 1 << 31, (1 << 32) - 1] {
      for field in [0, 4] {
        cases.append(
          file { type, data in
            guard type == "IHDR" else { return AnimationBytes.chunk(type, data) }
            var header = data
            header.replaceSubrange(field..<(field + 4), with: AnimationBytes.be32(side))
            return AnimationBytes.chunk(type, header)
          })
      }
    }
    // An IDAT whose length field claims 2^31 or 2^32 - 1 bytes (the file is shorter).
    for length in [1 << 31, (1 << 32) - 1] {
      cases.append(
        file { type, data in
          let chunk = AnimationBytes.chunk(type, data)
          guard type == "IDAT" else { return chunk }
          return AnimationBytes.be32(length) + chunk.dropFirst(4)
        })
    }
    var decoded = 0
    let image = try PNGCodec.decode(good)
    for bytes in cases {
      #expect(PNGCodec.fastDecoded(bytes) == nil)
      #expect(!PNGCodec.holdsExactly(image, bytes))
      if (try? PNGCodec.decode(bytes, fastPath: true)) != nil { decoded += 1 }
      if (try? PNGCodec.decode(bytes, fastPath: false)) != nil { decoded += 1 }
    }
    #expect(cases.count == 8)
    #expect(decoded == 0)
  }
}
