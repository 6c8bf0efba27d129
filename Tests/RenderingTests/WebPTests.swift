import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Lossless WebP: the still output and golden format whose pixels equal the PNG's.
@Suite("WebP codec", .tags(.render))
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
}
