import CFastPNG
import Foundation
import ImageCodec
import TestLevels
import Testing

/// The fast PNG encoder (``PNGCompression/fast``) on bitmaps made here: libpng reads back the
/// pixels encoded, and neither the thread count nor the vector code changes a byte.
@Suite("Fast PNG encoder", .tags(.unit))
struct FastPNGTests {
  /// A bitmap of `pattern`: flat areas, gradients, stripes and noise (a fixed generator), with
  /// alpha when `translucent`.
  static func bitmap(width: Int, height: Int, pattern: Int, translucent: Bool) -> Bitmap {
    var image = Bitmap(width: width, height: height)
    var seed: UInt32 = 0x9E37_79B9 &* UInt32(pattern + 1)
    func noise() -> UInt8 {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: seed >> 24)
    }
    for y in 0..<height {
      for x in 0..<width {
        let value: (UInt8, UInt8, UInt8)
        switch (pattern + x / 37 + y / 29) % 4 {
        case 0: value = (240, 240, 245)  // flat: runs
        case 1: value = (UInt8(truncatingIfNeeded: x * 3), UInt8(truncatingIfNeeded: y), 90)
        case 2: value = x % 5 < 2 ? (12, 40, 57) : (255, 255, 255)  // stripes, as text is
        default: value = (noise(), noise(), noise())
        }
        image[x, y] = (value.0, value.1, value.2, translucent ? UInt8((x + y) % 256) : 255)
      }
    }
    return image
  }

  @Test(
    "fast PNGs read back with libpng as the pixels encoded, RGB and RGBA, across strips",
    arguments: [(1, 1), (2, 3), (17, 300), (300, 5), (64, 129), (513, 260)])
  func roundTrip(width: Int, height: Int) throws {
    for translucent in [false, true] {
      for pattern in 0..<3 {
        let image = Self.bitmap(
          width: width, height: height, pattern: pattern, translucent: translucent)
        let png = try PNGCodec.encode(image, threads: 2, compression: .fast)
        #expect(png[25] == (translucent ? 6 : 2))
        // Compared as one Bool (a failing expectation of two bitmaps would diff every byte).
        let same = try PNGCodec.decode(png, fastPath: false) == image
        #expect(same, "\(width)×\(height) pattern \(pattern) translucent \(translucent)")
      }
    }
  }

  @Test("the bytes are the same on 1, 2 and 3 threads and with each level of vector code")
  func sameBytes() throws {
    let image = Self.bitmap(width: 333, height: 401, pattern: 1, translucent: false)
    let translucent = Self.bitmap(width: 97, height: 300, pattern: 2, translucent: true)
    defer { _ = lr_fpng_vector_level(-1) }
    let best = lr_fpng_vector_level(-1)
    var seen: [[UInt8]] = []
    var seenTranslucent: [[UInt8]] = []
    for level in 0...best {
      #expect(lr_fpng_vector_level(Int32(level)) == level)
      for threads in 1...3 {
        seen.append(try PNGCodec.encode(image, threads: threads, compression: .fast))
        seenTranslucent.append(
          try PNGCodec.encode(translucent, threads: threads, compression: .fast))
      }
    }
    #expect(Set(seen).count == 1)
    #expect(Set(seenTranslucent).count == 1)
    let decoded = try PNGCodec.decode(seen[0], fastPath: false) == image
    #expect(decoded)
  }

  /// A million pixels of one opaque colour.
  static let flat: Bitmap = {
    var flat = Bitmap(width: 1000, height: 1000)
    for y in 0..<1000 {
      for x in 0..<1000 { flat[x, y] = (30, 60, 90, 255) }
    }
    return flat
  }()

  /// FNV-1a (64 bits) of `bytes`: enough to pin an encoder's output in a test.
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }

  /// The bytes written before the encoder's speed work of 2026-11-28 (an AVX-512 filter step,
  /// a branch-free bit writer, a radix sort of the Huffman leaves): a change that makes it
  /// faster must write the same files, at every level of vector code.
  @Test("the fast encoder writes the bytes it wrote before its speed work, at every vector level")
  func pinnedBytes() throws {
    let images = [
      Self.bitmap(width: 333, height: 401, pattern: 1, translucent: false),
      Self.bitmap(width: 1080, height: 300, pattern: 0, translucent: false),
      Self.bitmap(width: 97, height: 300, pattern: 2, translucent: true),
      Self.bitmap(width: 1, height: 200, pattern: 3, translucent: false),
    ]
    let pinned: [UInt64] = [
      0xF133_1085_D842_2DBC, 0xD303_C37E_92BF_B235, 0x4C09_7E7C_4B4A_1F71, 0x4425_D083_514B_B97A,
    ]
    defer { _ = lr_fpng_vector_level(-1) }
    let best = lr_fpng_vector_level(-1)
    for level in 0...best {
      _ = lr_fpng_vector_level(Int32(level))
      for (image, digest) in zip(images, pinned) {
        let png = try PNGCodec.encode(image, threads: 2, compression: .fast)
        #expect(Self.fnv1a(png) == digest, "\(image.width)×\(image.height) at level \(level)")
      }
    }
  }

  @Test("runs cost next to nothing: a flat million pixels is a few kilobytes, noise is not")
  func runs() throws {
    let flat = Self.flat
    let png = try PNGCodec.encode(flat, compression: .fast)
    #expect(png.count < 8_000, "\(png.count) bytes")
    let flatBack = try PNGCodec.decode(png, fastPath: false) == flat
    #expect(flatBack)
    // Noise cannot be coded shorter than itself: every byte a literal, still read back.
    let noisy = Self.bitmap(width: 64, height: 64, pattern: 3, translucent: false)
    let noisePNG = try PNGCodec.encode(noisy, compression: .fast)
    let noisyBack = try PNGCodec.decode(noisePNG, fastPath: false) == noisy
    #expect(noisyBack)
  }
}

@Test("an APNG of fast frames reads back as the sequence, as a compact one does")
func fastAPNG() throws {
  let first = FastPNGTests.bitmap(width: 90, height: 140, pattern: 0, translucent: false)
  var second = first
  for y in 30..<60 {
    for x in 10..<50 { second[x, y] = (200, 20, UInt8(x), 255) }
  }
  let sequence = FrameSequence(frames: [first, first, second, first], fps: 20)
  for compression in [PNGCompression.fast, .compact] {
    let apng = try APNGCodec.encode(sequence, alpha: false, compression: compression)
    let same = try APNGCodec.decode(apng) == sequence
    #expect(same, "\(compression)")
  }
}
