import FileIO
import Foundation
import ImageCodec
import TestLevels
import Testing

/// The codecs on bitmaps made here: no renderer, no fonts (what the renderer paints is encoded
/// and compared in RenderingTests).
@Suite("PNG and WebP codecs", .tags(.unit))
struct CodecTests {
  @Test("an opaque image is written as RGB and reads back the same")
  func opaqueRoundTrip() throws {
    var bitmap = Bitmap(width: 3, height: 2)
    for y in 0..<2 {
      for x in 0..<3 { bitmap[x, y] = (UInt8(x * 80), UInt8(y * 120), 200, 255) }
    }
    let png = try PNGCodec.encode(bitmap)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR colour type (byte 25): 2 = RGB.
    #expect(png[25] == 2)
    #expect(try PNGCodec.decode(png) == bitmap)
  }

  @Test("a translucent image is written as RGBA and keeps its alpha")
  func translucentRoundTrip() throws {
    var bitmap = Bitmap(width: 2, height: 2)
    bitmap[0, 0] = (255, 0, 0, 128)
    bitmap[1, 1] = (0, 0, 255, 255)
    let png = try PNGCodec.encode(bitmap)
    #expect(png[25] == 6)
    #expect(try PNGCodec.decode(png) == bitmap)
  }

  @Test("bytes that are not a PNG are an error, not a crash")
  func garbage() {
    #expect(throws: PNGError.self) { try PNGCodec.decode([1, 2, 3, 4, 5, 6, 7, 8, 9]) }
    #expect(throws: PNGError.self) { try PNGCodec.decode([]) }
  }

  @Test("transparent pixels keep their colour; text entries ride in their own chunk")
  func transparencyAndText() throws {
    var bitmap = Bitmap(width: 5, height: 3)
    for y in 0..<3 {
      for x in 0..<5 {
        bitmap[x, y] = (UInt8(x * 50), UInt8(y * 90), 77, UInt8([0, 1, 128, 254, 255][x]))
      }
    }
    let entries = ["ListRender-Fingerprint": "cairo=1.16.0\nfont=é"]
    let webp = try WebPCodec.encode(bitmap, text: entries)
    #expect(RasterFormat.of(webp) == .webp)
    #expect(try WebPCodec.decode(webp) == bitmap)
    #expect(WebPCodec.readText(webp) == entries)
    #expect(WebPCodec.readText(try WebPCodec.encode(bitmap)).isEmpty)
    #expect(try RasterFormat.decode(webp) == bitmap)
  }

  @Test("damaged, oversized and foreign bytes are errors, not crashes")
  func refusals() throws {
    let webp = try WebPCodec.encode(Bitmap(width: 4, height: 4))
    #expect(throws: (any Error).self) { try WebPCodec.decode(Array(webp.prefix(20))) }
    #expect(throws: (any Error).self) { try WebPCodec.decode([UInt8](repeating: 7, count: 64)) }
    #expect(throws: (any Error).self) { try WebPCodec.encode(Bitmap(width: 16_384, height: 1)) }
    #expect(WebPCodec.readText([1, 2, 3]).isEmpty)
    #expect(RasterFormat.of(try PNGCodec.encode(Bitmap(width: 1, height: 1))) == .png)
    // A PNG header claiming 2^32 - 1 pixels a side: refused, its product never computed
    // (found by the file fuzzer: the multiplication trapped).
    var png = try PNGCodec.encode(Bitmap(width: 1, height: 1))
    png.replaceSubrange(16..<24, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    #expect(throws: (any Error).self) { try PNGCodec.decode(png) }
    #expect(throws: (any Error).self) { try APNGCodec.decode(png) }
  }

  @Test("one check tells a raster file's format; each encodes its text and reads it back")
  func rasterFormats() throws {
    var bitmap = Bitmap(width: 3, height: 2)
    bitmap[1, 1] = (10, 200, 30, 255)
    let text = ["ListRender-Fingerprint": "cairo=1.16.0\nfont=ü"]
    for format in RasterFormat.allCases {
      let plain = try format.encode(bitmap)
      let carried = try format.encode(bitmap, text: text)
      #expect(RasterFormat.of(plain) == format && RasterFormat.of(carried) == format)
      #expect(try RasterFormat.decode(carried) == bitmap, "\(format)")
      #expect(RasterFormat.text(in: carried) == text, "\(format)")
      #expect(RasterFormat.text(in: plain).isEmpty, "\(format)")
      let header = try #require(RasterFormat.header(of: carried))
      #expect(header.format == format && header.width == 3 && header.height == 2)
      #expect(format.fileExtension == format.rawValue)
    }
    // The PNG encoding with text is the PNG's bytes with the text chunk inserted (what a golden
    // recorded before RasterFormat existed holds).
    #expect(
      try RasterFormat.png.encode(bitmap, text: text)
        == (try PNGText.insert(text, into: try PNGCodec.encode(bitmap))))
    #expect(
      try RasterFormat.webp.encode(bitmap, text: text) == (try WebPCodec.encode(bitmap, text: text))
    )
    for foreign: [UInt8] in [[], [1, 2, 3], Array("RIFF0000WEBX".utf8), [0xFF, 0xD8, 0xFF, 0xE0]] {
      #expect(RasterFormat.of(foreign) == nil)
      #expect(RasterFormat.header(of: foreign) == nil)
      #expect(RasterFormat.text(in: foreign).isEmpty)
    }
    #expect(RasterFormat.webp.maxSide == 16_383)
  }
}

@Test("parentPath and lastPathPart give NSString's answers, and a one-letter path does not trap")
func pathParts() {
  for path in [
    "x/a", "/a", "/", "rows/title-only", "a/b/c.yaml", "ab", "list.yaml", "x//y/", "/x/",
  ] {
    #expect(parentPath(path) == (path as NSString).deletingLastPathComponent, "\(path)")
    #expect(lastPathPart(path) == (path as NSString).lastPathComponent, "\(path)")
  }
  // swift-corelibs-foundation traps on these two; ours answer.
  #expect(parentPath("a") == "")
  #expect(parentPath("a/") == "")
  #expect(lastPathPart("a") == "a")
}

@Test("packed text round-trips, and a packed text is refused past its bound or when damaged")
func packedText() {
  let text = String(repeating: "{\"frame\":{\"x\":16,\"y\":8},\"kind\":\"title\"} é ", count: 500)
  let packed = PackedText.pack(text)
  #expect(packed.count < text.utf8.count / 10)
  #expect(PackedText.unpack(packed, maxBytes: 1 << 20) == text)
  #expect(PackedText.unpack(packed, maxBytes: 1_000) == nil)
  #expect(PackedText.unpack("not base64!", maxBytes: 1 << 20) == nil)
  #expect(PackedText.unpack(String(packed.prefix(packed.count / 2)), maxBytes: 1 << 20) == nil)
  // A bomb: a megabyte of zeros packs to a few hundred bytes; a small bound refuses it.
  let bomb = PackedText.pack(String(repeating: "0", count: 1 << 20))
  #expect(PackedText.unpack(bomb, maxBytes: 64 * 1024) == nil)
}
