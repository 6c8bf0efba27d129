import Foundation
import ListRender
import Testing

/// The HTML report of a deliberately failing case, opened in headless Chromium: the screenshot
/// must show the three images (not a broken page).
@Suite("HTML report in a browser")
struct ReportBrowserTests {
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "the report shows expected, diff and actual side by side",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func screenshot() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("one.yaml")
    try
      "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: Report, asset: { icon: star } } ]\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["record"], in: folder).status == 0)
    try
      "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: Changed, asset: { icon: favorite } } ]\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["verify"], in: folder).status == 1)
    let shot = folder.appendingPathComponent("shot.png")
    try chromiumScreenshot(
      try #require(Self.chromium), page: folder.appendingPathComponent("report/index.html"),
      to: shot, window: "1100,800")
    let image = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
    // The diff image's red pixels, and the dark Movistar text of the expected and actual images
    // to their left and right: three images side by side.
    var red: [(x: Int, y: Int)] = []
    var ink: [(x: Int, y: Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        if p.r == 255 && p.g == 0 && p.b == 0 { red.append((x, y)) }
        if p.r == 11 && p.g == 39 && p.b == 57 { ink.append((x, y)) }
      }
    }
    #expect(red.count > 20, "no diff pixels in the screenshot")
    let diffLeft = try #require(red.map(\.x).min())
    let diffRight = try #require(red.map(\.x).max())
    let rows = try #require(red.map(\.y).min())...(try #require(red.map(\.y).max()))
    // On the diff's own rows: the expected image's text to its left, the actual's to its right.
    #expect(
      ink.contains { $0.x < diffLeft && rows.contains($0.y) }, "no expected image beside the diff")
    #expect(
      ink.contains { $0.x > diffRight && rows.contains($0.y) }, "no actual image beside the diff")
  }
}
