import Foundation
import ImageCodec
import ListPainter
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Colour emoji are drawn from their colour bitmaps, decoded once a glyph (CColorGlyphs): cairo's
/// grey copy of each, which it never draws, is left empty, and the loads after the first take
/// the kept bitmap. The pixels are those of the goldens recorded before either was done.
@Suite("Colour emoji decoded once", .tags(.render))
struct ColorGlyphTests {
  static let emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  @Test(
    "a kept bitmap fills the glyph slot as FreeType's own load does: 400 glyphs, every field and pixel"
  )
  func keptCopiesAreFreeTypes() throws {
    let result = try #require(
      FontSystem.colorGlyphCopiesDiffering(path: Self.emojiFont, glyphs: 400))
    #expect(result.compared > 300, "\(result.compared) colour glyphs compared")
    #expect(result.differing == 0)
    // An outline font is no colour bitmap font: nothing of it is kept or emptied.
    #expect(
      FontSystem.colorGlyphCopiesDiffering(
        path: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", glyphs: 10)
        == nil)
  }

  @Test("emoji draw their golden's pixels with no grey copy decoded and each bitmap decoded once")
  func emojiAsRecorded() throws {
    let before = FontSystem.colorGlyphs
    #expect(before.bound, "FT_Load_Glyph is FreeType's own here")
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("text/emoji.yaml").path,
      allowing: [Paths.fixtures.path])
    let golden = try Data(contentsOf: Paths.root.appendingPathComponent("Golden/text/emoji.png"))
    #expect(try PNGCodec.decode([UInt8](golden)) == (try renderer.render(document)))
    // At a scale no other test draws at, the glyphs are new to cairo: each is looked up for its
    // metrics when measured and drawn, and for its colour surface.
    _ = try renderer.render(
      ListDocument.decode(
        yaml:
          "canvas: { width: 300, scale: 1.75 }\nsections:\n  - cells: [ { title: \"🦜 🪼 🫎\" } ]\n"))
    let after = FontSystem.colorGlyphs
    #expect(after.greyCopiesEmptied >= before.greyCopiesEmptied + 3)
    #expect(after.decodesSaved >= before.decodesSaved + 6)
  }
}
