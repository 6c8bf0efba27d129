import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The HTML report of a deliberately failing case, opened in headless Chromium: the screenshot
/// must show the three images (not a broken page).
@Suite("HTML report in a browser", .tags(.browser))
struct ReportBrowserTests {
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
      try #require(chromium), page: folder.appendingPathComponent("report/index.html"),
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

  @Test(
    "the report's wipe puts expected left of the divider and actual right; zoom 4× is 4× wider",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func wipeAndZoom() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("one.yaml")
    let yaml = { (state: String) in
      "canvas: { width: 200, scale: 1 }\nsections:\n  - cells: [ { title: Wipe, state: \(state) } ]\n"
    }
    try yaml("normal").write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["record"], in: folder).status == 0)
    // Selected: a brand-tinted overlay over the whole cell, so every pixel tells which image.
    try yaml("selected").write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["verify"], in: folder).status == 1)
    let page = folder.appendingPathComponent("report/index.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("expected · 200 × 72 px") && html.contains("actual · 200 × 72 px"))
    #expect(html.contains("listrender record Fixtures --filter &#39;a/one&#39;"), "\(html)")
    let actual = try PNGCodec.decode(
      [UInt8](
        try Data(
          contentsOf: folder.appendingPathComponent(".build/golden-artifacts/a/one.actual.png"))))
    let tint = actual[4, 4]
    func shot(_ query: String) throws -> Bitmap {
      let url = try #require(URL(string: page.absoluteString + query))
      let file = folder.appendingPathComponent("shot-\(abs(query.hashValue)).png")
      try chromiumScreenshot(try #require(chromium), page: url, to: file, window: "1100,800")
      return try PNGCodec.decode([UInt8](try Data(contentsOf: file)))
    }
    func xs(of color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), in image: Bitmap) -> [Int] {
      var found: [Int] = []
      for y in 0..<image.height {
        for x in 0..<image.width where image[x, y] == color { found.append(x) }
      }
      return found
    }
    // Wipe at 50 %: the tint only right of the middle of a 200 px image (expected is white).
    let wiped = try shot("?view=wipe&wipe=50")
    let tinted = xs(of: tint, in: wiped)
    let all = xs(of: tint, in: try shot("?view=wipe&wipe=0"))
    #expect(tinted.count > 1_000, "the actual half is shown")
    let left = try #require(all.min())
    let right = try #require(all.max())
    #expect(right - left > 190, "at 0 % the whole actual image shows")
    #expect(try #require(tinted.min()) >= left + 95, "nothing of actual left of the divider")
    // Zoom: the actual view at 4× is four times as wide as at 1×.
    let one = xs(of: tint, in: try shot("?view=actual&zoom=1"))
    let four = xs(of: tint, in: try shot("?view=actual&zoom=4"))
    let width1 = try #require(one.max()) - (try #require(one.min()))
    let width4 = try #require(four.max()) - (try #require(four.min()))
    #expect(abs(Double(width4) / Double(width1) - 4) < 0.1, "\(width1) → \(width4)")
  }

  @Test(
    "an animated case's frame scrubber opens at the first differing frame",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func frameScrubber() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("press.yaml")
    let yaml = { (press: String) in
      """
      canvas: { width: 200, scale: 1, theme: material }
      sections:
        - cells: [ { style: boxed, title: Press } ]
      animation:
        fps: 10
        duration: 0.8
        events:
          - { at: \(press), press: { section: 0, item: 0, x: 100, y: 30 } }
          - { at: 0.6, release: { section: 0, item: 0 } }

      """
    }
    try yaml("0.1").write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["record"], in: folder).status == 0)
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Golden/a/press.apng.png").path))
    // The press one frame later: frames 0 and 1 match (a press starts at nothing), frame 2 differs.
    try yaml("0.2").write(to: spec, atomically: true, encoding: .utf8)
    let verify = try runListRender(["verify"], in: folder)
    #expect(verify.status == 1)
    #expect(
      verify.stderr.contains(
        "a/press: Golden/a/press.apng.png does not match: frames 2–3 of 8 differ (first at 0.200 s: "
      ), "\(verify.stderr)")
    let page = folder.appendingPathComponent("report/index.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    // Every href and src of the report resolves inside its folder.
    for match in html.matches(of: /(?:src|href)="(images\/[^"]+)"/) {
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("report/" + match.1).path))
    }
    let dom = try chromiumDOM(try #require(chromium), page: page)
    #expect(dom.contains("frame 2 of 8 · 0.200 s · differs"), "\(dom.suffix(2000))")
    // The screenshot at that state: expected, diff (red) and actual of frame 2 side by side.
    let shot = folder.appendingPathComponent("shot.png")
    try chromiumScreenshot(
      try #require(chromium), page: page, to: shot, window: "1200,800",
      extra: ["--allow-file-access-from-files"])
    let image = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
    var red = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y] == (255, 0, 0, 255) { red += 1 }
    }
    #expect(red > 20, "no diff pixels in the frames view")
  }

  @Test(
    "side by side fits a 1200 px window: three 800 px images are scaled, none is cut",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func sideBySideFits() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("Fixtures/a")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("wide.yaml")
    let yaml = { (title: String) in
      "canvas: { width: 400, scale: 2 }\nsections:\n  - cells: [ { title: \(title), control: { text: \(title) } } ]\n"
    }
    try yaml("Report").write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["record"], in: folder).status == 0)
    try yaml("Changed").write(to: spec, atomically: true, encoding: .utf8)
    #expect(try runListRender(["verify"], in: folder).status == 1)
    let shot = folder.appendingPathComponent("shot.png")
    try chromiumScreenshot(
      try #require(chromium), page: folder.appendingPathComponent("report/index.html"),
      to: shot, window: "1200,700")
    let image = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
    // The actual image's trailing value is on screen: the rightmost ink pixel is inside the
    // card, left of the window's edge.
    var rightmost = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        // Movistar's ink (11, 39, 57), scaled down and so blended with white: bluish, not grey.
        let p = image[x, y]
        if p.r < 150 && Int(p.b) - Int(p.r) > 15 { rightmost = max(rightmost, x) }
      }
    }
    #expect(rightmost > 800, "no actual image on the right")
    #expect(rightmost < 1200 - 24, "the actual image runs past the window")
  }

}
