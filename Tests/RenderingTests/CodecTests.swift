import FileIO
import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// What the renderer paints, encoded (the codecs on bitmaps made by hand are ImageCodecTests).
@Suite("Rendered images encoded", .tags(.render))
struct RenderedCodecTests {
  @Test("a rendered still carries sRGB and pHYs (72 dpi × scale); non-Latin-1 text is iTXt")
  func stillMetadata() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.decode(
      yaml: "canvas: { width: 100, scale: 3 }\nsections:\n  - cells: [ { title: A } ]\n")
    let png = try renderer.renderPNG(try renderer.layout(document))
    let bytes = Data(png)
    // pHYs: 72 × 3 / 0.0254 = 8504 pixels a metre on both axes, unit metre.
    let phys = try #require(bytes.range(of: Data("pHYs".utf8)))
    let data = Array(bytes[phys.upperBound..<(phys.upperBound + 9)])
    #expect(data == [0, 0, 0x21, 0x38, 0, 0, 0x21, 0x38, 1])
    #expect(bytes.range(of: Data("sRGB".utf8)) != nil)
    // The same pixels as a plain encode.
    #expect(try PNGCodec.decode(png) == (try renderer.render(document)))
    // Text chunks: Latin-1 as tEXt, anything else as iTXt, both read back.
    let tagged = try PNGText.insert(
      ["Plain": "café", "Greek": "Ελληνικά"], into: PNGCodec.encode(Bitmap(width: 1, height: 1)))
    #expect(PNGText.read(tagged) == ["Plain": "café", "Greek": "Ελληνικά"])
    #expect(Data(tagged).range(of: Data("iTXt".utf8)) != nil)
  }

  @Test("a rendered list is opaque and has the layout's pixel size")
  func renderedSize() throws {
    let document = try ListDocument.decode(
      yaml: "canvas: { width: 200, scale: 2 }\nsections:\n  - cells: [ { title: A } ]")
    let bitmap = try ListRenderer().render(document)
    #expect(bitmap.width == 400)
    #expect(bitmap.height == 144)
    #expect(bitmap.isOpaque)
    // The background is the Movistar light background, white.
    #expect(bitmap[0, 0] == (255, 255, 255, 255))
  }
}
