import FileIO
import Foundation
import ListRender
import RenderTestSupport
import Testing

@Suite("PNG codec")
struct CodecTests {
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
