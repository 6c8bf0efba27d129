import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// A card's shadow against the same CSS box-shadow drawn by Chromium (MDCShadowLayer.m's figures as CSS).
@Suite("Shadows against Chromium", .tags(.browser))
struct ShadowBrowserTests {
  /// Material web's box-shadow for an elevation, as CSS.
  private func css(_ elevation: Double) -> String {
    Elevation.shadows(elevation, model: .web).map { layer in
      let blur = layer.sigma * 2
      return
        "0 \(fmt(layer.offsetY))px \(fmt(blur))px \(fmt(layer.spread))px rgba(0,0,0,\(layer.color.alpha))"
    }.joined(separator: ", ")
  }

  private func fmt(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// The largest channel difference between our render and Chromium's of one card, and how
  /// many pixels differ by more than 3.
  private func difference(elevation: Double, chromium: String) throws -> (worst: Int, over3: Int) {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let html = folder.appendingPathComponent("card.html")
    try """
    <!doctype html><html><head><style>html, body { margin: 0; background: #fff }
    div { position: absolute; left: 60px; top: 50px; width: 240px; height: 120px;
    border-radius: 8px; background: #fff; box-shadow: \(css(elevation)) }</style></head>
    <body><div></div></body></html>
    """.write(to: html, atomically: true, encoding: .utf8)
    let shot = folder.appendingPathComponent("shot.png")
    try chromiumScreenshot(
      chromium, page: html, to: shot, window: "360,280", extra: ["--force-device-scale-factor=1"])
    let theirs = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
    let card = Rect(x: 60, y: 50, width: 240, height: 120)
    let tree = LayoutTree(
      width: 360, height: 280, scale: 1, background: .white,
      elements: [
        LayoutElement(
          role: .shadow, source: "card", frame: card,
          content: .shadow(
            layers: Elevation.shadows(elevation, model: .web), cornerRadius: 8, corners: .all)),
        LayoutElement(
          role: .cell, source: "card", frame: card, content: .box(fill: .white, cornerRadius: 8)),
      ])
    let ours = try ListRenderer().paint(tree)
    #expect(ours.width == theirs.width && ours.height == theirs.height)
    var worst = 0
    var over3 = 0
    for pixel in 0..<min(ours.width * ours.height, theirs.width * theirs.height) {
      var largest = 0
      for channel in 0..<3 {
        let index = pixel * 4 + channel
        largest = max(largest, abs(Int(ours.pixels[index]) - Int(theirs.pixels[index])))
      }
      worst = max(worst, largest)
      if largest > 3 { over3 += 1 }
    }
    print(
      "shadow at elevation \(Int(elevation)): largest channel difference to Chromium \(worst), \(over3) of \(ours.width * ours.height) pixels differ by more than 3"
    )
    return (worst, over3)
  }

  @Test(
    "Material web shadows at elevations 2, 8 and 24 match Chromium's box-shadow closely",
    .enabled(if: chromium != nil, "Chromium is not installed"))
  func againstChromium() throws {
    let chromium = try #require(chromium)
    for elevation in [2.0, 8, 24] {
      let (worst, over3) = try difference(elevation: elevation, chromium: chromium)
      // Measured 6, 7 and 6 (Chromium 156, cairo 1.16): what remains is the antialiasing of
      // the rounded corners, where Skia and cairo cover arcs a little differently.
      #expect(worst <= 8, "elevation \(elevation): largest difference \(worst)")
      #expect(over3 <= 40, "elevation \(elevation): \(over3) pixels differ by more than 3")
    }
  }
}
