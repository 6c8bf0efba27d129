import CFastPNG
import Foundation
import ImageCodec
import TestLevels
import Testing

/// The compact PNG encoder (``PNGCompression/compact``): both decoders read back the pixels
/// encoded, whatever the matches reach (runs, rows above, repeats along a row, the window's
/// edge, strips before), and the thread count changes no byte.
@Suite("Compact PNG encoder", .tags(.unit))
struct CompactPNGTests {
  /// A bitmap whose rows repeat the ways a list's do: the pattern's rows (flat, gradient,
  /// stripes, noise), a "glyph" of noise stamped along each row at uneven steps, and every
  /// `period`-th row a copy of the row `period` up.
  static func bitmap(width: Int, height: Int, pattern: Int, period: Int, translucent: Bool)
    -> Bitmap
  {
    var image = FastPNGTests.bitmap(
      width: width, height: height, pattern: pattern, translucent: translucent)
    var seed: UInt32 = 0x85EB_CA6B &* UInt32(pattern + 7)
    func noise() -> UInt8 {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: seed >> 24)
    }
    let glyph = (0..<(7 * 9)).map { _ in (noise(), noise(), noise()) }
    for y in 0..<height {
      if y >= period, y % period == 0 {
        for x in 0..<width { image[x, y] = image[x, y - period] }
        continue
      }
      var x = 3 + y % 5
      while x + 7 <= width, y % 11 < 9 {
        for dx in 0..<7 {
          let value = glyph[(y % 11) * 7 + dx]
          image[x + dx, y] = (value.0, value.1, value.2, translucent ? 200 : 255)
        }
        x += 19 + (x / 19) % 4
      }
    }
    return image
  }

  static func readsBack(_ png: [UInt8], as image: Bitmap) throws -> Bool {
    // libpng (zlib's inflate) and the fast path (libdeflate) both.
    try PNGCodec.decode(png, fastPath: false) == image && PNGCodec.decode(png) == image
  }

  @Test(
    "compact PNGs read back as the pixels encoded, RGB and RGBA, across strips",
    arguments: [(1, 1), (2, 3), (17, 300), (300, 5), (64, 129), (513, 260), (1080, 140)])
  func roundTrip(width: Int, height: Int) throws {
    for translucent in [false, true] {
      for (pattern, period) in [(0, 2), (1, 3), (2, 1000), (3, 1)] {
        let image = Self.bitmap(
          width: width, height: height, pattern: pattern, period: period,
          translucent: translucent)
        let png = try PNGCodec.encode(image, threads: 2, compression: .compact)
        #expect(png[25] == (translucent ? 6 : 2))
        let same = try Self.readsBack(png, as: image)
        #expect(same, "\(width)×\(height) pattern \(pattern) translucent \(translucent)")
      }
    }
  }

  /// Rows of 16,384 bytes (5,461 RGB pixels): the row two up is exactly the 32 KiB window
  /// away; 8,192 RGBA pixels make a row wider than the window, where only the pixel before
  /// and the hash can match.
  @Test("matches at the window's edge and rows wider than the window read back")
  func windowEdges() throws {
    for (width, translucent) in [(5461, false), (8192, true), (10923, false)] {
      for period in [2, 1] {
        let image = Self.bitmap(
          width: width, height: 140, pattern: 1, period: period, translucent: translucent)
        let png = try PNGCodec.encode(image, threads: 2, compression: .compact)
        let same = try Self.readsBack(png, as: image)
        #expect(same, "\(width) wide, period \(period)")
      }
    }
  }

  @Test("the bytes are the same on 1, 2 and 3 threads")
  func sameBytes() throws {
    let image = Self.bitmap(width: 333, height: 401, pattern: 1, period: 4, translucent: false)
    let translucent = Self.bitmap(
      width: 97, height: 300, pattern: 2, period: 3, translucent: true)
    let pngs = try (1...3).map { try PNGCodec.encode(image, threads: $0, compression: .compact) }
    let translucentPNGs = try (1...3).map {
      try PNGCodec.encode(translucent, threads: $0, compression: .compact)
    }
    #expect(Set(pngs).count == 1)
    #expect(Set(translucentPNGs).count == 1)
  }

  /// The bytes written when the compact coding left zlib (2026-11-29): a change to it must
  /// either write these or say why the files changed.
  @Test("the compact encoder writes the bytes it was pinned at")
  func pinnedBytes() throws {
    let images = [
      Self.bitmap(width: 333, height: 401, pattern: 1, period: 4, translucent: false),
      Self.bitmap(width: 1080, height: 300, pattern: 0, period: 2, translucent: false),
      Self.bitmap(width: 97, height: 300, pattern: 2, period: 3, translucent: true),
      Self.bitmap(width: 1, height: 200, pattern: 3, period: 5, translucent: false),
    ]
    let digests = try images.map {
      FastPNGTests.fnv1a(try PNGCodec.encode($0, threads: 2, compression: .compact))
    }
    let pinned: [UInt64] = [
      0x3646_6C24_1C25_CC9A, 0x36DA_AF0A_AC0C_0FD2, 0x7F8E_2636_D461_3EF3, 0xA272_BF6A_ACA2_A48F,
    ]
    #expect(digests == pinned, "\(digests.map { String($0, radix: 16) })")
  }

  @Test("compact files are smaller than fast ones where a list's pixels repeat")
  func smaller() throws {
    let flat = FastPNGTests.flat
    let png = try PNGCodec.encode(flat, compression: .compact)
    // A run of one colour is matched 24 bytes back, a 258-byte match at a time: each under a
    // byte (its codes and four extra bits), so under a byte for every 258 of the 3,001,000.
    #expect(png.count < 3_001_000 / 258, "\(png.count) bytes")
    let flatBack = try Self.readsBack(png, as: flat)
    #expect(flatBack)
    let rows = Self.bitmap(width: 640, height: 400, pattern: 2, period: 3, translucent: false)
    let compact = try PNGCodec.encode(rows, compression: .compact)
    let fast = try PNGCodec.encode(rows, compression: .fast)
    #expect(compact.count < fast.count, "\(compact.count) against \(fast.count) bytes")
  }
}
