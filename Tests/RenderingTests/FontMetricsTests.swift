import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import ListPainter

/// Fonts' metrics are made without Pango's sample layouts (CPangoMetrics): every field Pango
/// reads for lines is its own, and the approximate widths are the same whatever was measured
/// first.
@Suite("Font metrics", .tags(.render))
struct FontMetricsTests {
  /// Every font of the catalogue, as a world document loads them.
  private static let everyFont = FontFile.standard + FontCatalog.allExtraFiles

  /// A font of each kind the catalogue holds, in a language of its script: Roboto's weights and
  /// sizes, the Noto script fonts, Noto Sans CJK's faces, the colour emoji bitmaps (drawn through
  /// a scaling matrix), the icon font, symbols and mathematics.
  private static let fonts: [(description: String, language: String)] = [
    ("Roboto 16px", "en"), ("Roboto Medium 14px", "en"), ("Roboto Bold 20px", "de"),
    ("Roboto 12px", "ru"), ("Roboto Italic 34px", "el"), ("Noto Sans 14px", "vi"),
    ("Noto Sans Thai 14px", "th"), ("Noto Sans Devanagari 16px", "hi"),
    ("Noto Sans Arabic 20px", "ar"), ("Noto Sans Hebrew 14px", "he"),
    ("Noto Sans Bengali 14px", "bn"), ("Noto Sans Tamil 16px", "ta"),
    ("Noto Sans Gujarati 20px", "gu"), ("Noto Sans Telugu 14px", "te"),
    ("Noto Sans CJK JP 16px", "ja"), ("Noto Sans CJK SC 20px", "zh-cn"),
    ("Noto Sans CJK KR 14px", "ko"), ("Noto Sans CJK TC 12px", "zh-tw"),
    ("Noto Color Emoji 14px", "und-zsye"), ("Material Icons 24px", "en"),
    ("Noto Sans Symbols 14px", "en"), ("Noto Sans Symbols2 14px", "en"),
    ("Noto Sans Math 16px", "en"),
  ]

  @Test(
    "every field Pango reads for lines is the one its own function makes, for every kind of font")
  func sameAsPango() throws {
    let fonts = try FontSystem(files: Self.everyFont)
    var wrong: [String] = []
    for (description, language) in Self.fonts {
      let beside = try #require(
        try fonts.metricsBesidePango(description, language: language),
        "\(description) does not load")
      if beside.differences != 0 { wrong.append("\(description) (\(beside.differences) fields)") }
      // Half the em: the font's size in Pango units (1,024 a pixel) over two.
      let pixels = Int(description.split(separator: " ").last!.dropLast(2))!
      #expect(beside.width == pixels * 1024 / 2, "\(description)")
    }
    // Drawn through a scaled context (Pango then scales the metrics back by the scale).
    for scale in [2, 1.5, 3] {
      for (description, language) in Self.fonts.prefix(3) + Self.fonts.suffix(5) {
        let beside = try #require(
          try fonts.metricsBesidePango(description, language: language, scale: scale))
        if beside.differences != 0 {
          wrong.append("\(description) ×\(scale) (\(beside.differences) fields)")
        }
      }
    }
    #expect(wrong.isEmpty, "metrics unlike Pango's: \(wrong)")
    // Text turned sideways is left to Pango's own function.
    let before = FontSystem.metricsMade.pango
    let sideways = try #require(try fonts.metricsBesidePango("Roboto East 16px", language: "en"))
    #expect(sideways.differences == 0 && sideways.width == sideways.pangoWidth)
    // (At least once: the fonts of Pango's sample layouts are sideways too; other tests may
    // count at the same time.)
    #expect(FontSystem.metricsMade.pango >= before + 1)
  }

  @Test("a font's approximate width is the same whichever fonts were measured before it")
  func orderFree() throws {
    // Pango's own function leaves the widths 0 for a font measured while another font's
    // sample layout runs: the same font could get two values in two orders.
    var seen: [[Int]] = []
    for order in [Self.fonts, Self.fonts.reversed()] {
      let fonts = try FontSystem(files: Self.everyFont)
      var widths: [String: Int] = [:]
      for (description, language) in order {
        widths[description] = try #require(
          try fonts.metricsBesidePango(description, language: language)
        ).width
      }
      seen.append(Self.fonts.map { widths[$0.description]! })
    }
    #expect(seen[0] == seen[1])
  }

  @Test("a page in twelve scripts is laid out with the fonts' own metrics")
  func worldPage() throws {
    let before = FontSystem.metricsMade
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("bench/world.yaml").path,
      allowing: [Paths.fixtures.path])
    _ = try ListRenderer().layout(document)
    let after = FontSystem.metricsMade
    #expect(after.own > before.own)
  }
}
