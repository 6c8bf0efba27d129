import Foundation
import ListRender
import RenderTestSupport
import Testing

/// Lossless WebP: the still output and golden format whose pixels equal the PNG's.
@Suite("WebP codec")
struct WebPTests {
  @Test(
    "renders survive a lossless WebP round trip exactly, and encode to the same bytes",
    arguments: [
      "showcase.yaml", "themes/mistica-dark.yaml", "effects/shadows-mdc-light.yaml",
    ])
  func fixtureRoundTrip(_ fixture: String) throws {
    let renderer = try ListRenderer()
    var document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(fixture).path,
      allowing: [Paths.fixtures.path])
    document.canvas.scale = 1
    let bitmap = try renderer.render(document)
    let webp = try WebPCodec.encode(bitmap)
    #expect(try WebPCodec.decode(webp) == bitmap)
    // Deterministic: the same pixels give the same bytes.
    #expect(try WebPCodec.encode(bitmap) == webp)
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
}
