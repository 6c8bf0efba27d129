import Foundation
import GoldenImage
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// pixelmatch's counts on images small enough to reason out by hand (mapbox/pixelmatch v7.2.0).
@Suite("Perceptual comparison", .tags(.render))
struct ComparisonTests {
  /// A `width × height` image of one colour.
  private func image(_ width: Int, _ height: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width { bitmap[x, y] = color }
    }
    return bitmap
  }

  /// The pixel at (x, y) as [r, g, b, a], or [] without an image.
  private func pixel(_ bitmap: Bitmap?, _ x: Int, _ y: Int) -> [UInt8] {
    guard let bitmap else { return [] }
    let p = bitmap[x, y]
    return [p.r, p.g, p.b, p.a]
  }

  private func count(_ a: Bitmap, _ b: Bitmap, _ options: ComparisonOptions = ComparisonOptions())
    -> Int?
  {
    Pixelmatch.compare(a, b, options: options)?.differingPixels
  }

  @Test("identical images: 0, and the diff is the image in light grey")
  func identical() throws {
    let a = image(4, 4, (128, 128, 128, 255))
    let result = try #require(Pixelmatch.compare(a, a))
    #expect(result.differingPixels == 0)
    // 255 + (128 − 255) × 0.1 = 242.3, truncated.
    #expect(pixel(result.diff, 0, 0) == [242, 242, 242, 255])
  }

  @Test("one pixel changed in a flat image: exactly 1, drawn red")
  func onePixel() throws {
    let a = image(10, 10, (255, 255, 255, 255))
    var b = a
    b[5, 5] = (0, 0, 0, 255)
    let result = try #require(Pixelmatch.compare(a, b))
    #expect(result.differingPixels == 1)
    #expect(pixel(result.diff, 5, 5) == [255, 0, 0, 255])
    #expect(pixel(result.diff, 0, 0) == [255, 255, 255, 255])
  }

  @Test("a change below the threshold is not counted; a lower threshold counts it")
  func threshold() {
    let a = image(3, 3, (255, 255, 255, 255))
    var b = a
    b[1, 1] = (245, 245, 245, 255)  // ΔY = 10: 0.5053 × 100 ≈ 50.5 < 35215 × 0.1² = 352.15
    #expect(count(a, b) == 0)
    var strict = ComparisonOptions()
    strict.threshold = 0.03  // 35215 × 0.0009 ≈ 31.7 < 50.5
    #expect(count(a, b, strict) == 1)
  }

  /// A black | grey | white edge at column `edge` (grey is the anti-aliasing column).
  private func edge(at column: Int) -> Bitmap {
    var bitmap = Bitmap(width: 10, height: 10)
    for y in 0..<10 {
      for x in 0..<10 {
        let value: UInt8 = x < column ? 0 : x == column ? 128 : 255
        bitmap[x, y] = (value, value, value, 255)
      }
    }
    return bitmap
  }

  @Test("an anti-aliased edge moved by one pixel: 0 counted, 20 with includeAA, drawn yellow")
  func antialiasedEdge() throws {
    let a = edge(at: 4)
    let b = edge(at: 5)
    // Columns 4 (grey → black) and 5 (white → grey) differ on all 10 rows; each is an
    // anti-aliased pixel in one of the images, so none counts.
    let result = try #require(Pixelmatch.compare(a, b))
    #expect(result.differingPixels == 0)
    #expect(pixel(result.diff, 4, 3) == [255, 255, 0, 255])
    var include = ComparisonOptions()
    include.includeAA = true
    #expect(count(a, b, include) == 20)
  }

  @Test("translucent pixels: invisible colour changes do not count; alpha changes do")
  func translucent() {
    // Fully transparent pixels of different colours look the same.
    #expect(count(image(3, 3, (255, 0, 0, 0)), image(3, 3, (0, 0, 255, 0))) == 0)
    // Opaque white against transparent white: the same over a white background, but not over
    // pixelmatch's default checkerboard (48 at byte offset 0).
    let opaque = image(1, 1, (255, 255, 255, 255))
    let clear = image(1, 1, (255, 255, 255, 0))
    #expect(count(opaque, clear) == 1)
    var white = ComparisonOptions()
    white.checkerboard = false
    #expect(count(opaque, clear, white) == 0)
  }

  @Test("images that differ only in alpha are compared through the blend")
  func alphaOnly() {
    let a = image(3, 3, (0, 0, 0, 255))
    let b = image(3, 3, (0, 0, 0, 0))
    // Black against the background: every pixel differs, none is anti-aliasing (all equal).
    #expect(count(a, b) == 9)
  }

  @Test("diffColorAlt marks pixels where the first image is brighter; diffMask drops the rest")
  func diffColours() throws {
    let a = image(3, 3, (255, 255, 255, 255))
    var b = a
    b[1, 1] = (0, 0, 0, 255)
    var options = ComparisonOptions()
    options.diffColorAlt = DiffColor(red: 0, green: 255, blue: 0)
    options.diffMask = true
    let result = try #require(Pixelmatch.compare(a, b, options: options))
    #expect(pixel(result.diff, 1, 1) == [0, 255, 0, 255])
    #expect(pixel(result.diff, 0, 0) == [0, 0, 0, 0])
    var c = image(3, 3, (0, 0, 0, 255))
    c[1, 1] = (255, 255, 255, 255)
    let darker = try #require(Pixelmatch.compare(image(3, 3, (0, 0, 0, 255)), c, options: options))
    #expect(pixel(darker.diff, 1, 1) == [255, 0, 0, 255])
  }

  @Test("different sizes are no comparison")
  func sizes() {
    #expect(Pixelmatch.compare(image(2, 2, (0, 0, 0, 255)), image(2, 3, (0, 0, 0, 255))) == nil)
  }

  @Test("policies: exact passes; maxDiffPixels and maxDiffPixelRatio bound the count")
  func policies() {
    var policy = GoldenPolicy()
    #expect(policy.accepts(0, of: 100))
    #expect(!policy.accepts(1, of: 100))
    policy.maxDiffPixels = 5
    #expect(policy.accepts(5, of: 100))
    #expect(!policy.accepts(6, of: 100))
    policy.maxDiffPixelRatio = 0.01
    #expect(!policy.accepts(5, of: 100))  // both bounds hold
    policy.maxDiffPixels = nil
    #expect(policy.accepts(1, of: 100))
    #expect(!policy.accepts(2, of: 100))
  }

  @Test("a failing check writes expected, actual, diff and a three-panel image, and names them")
  func failureArtifacts() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("Golden/case.png").path
    let check = GoldenCheck(
      artifactsFolder: folder.appendingPathComponent("artifacts").path,
      fingerprint: ["pango": "1.50.12", "cairo": "1.16.0"])
    let a = image(10, 10, (255, 255, 255, 255))
    #expect(
      try check.verify(a, name: "area/case", goldenPath: golden, mode: .never).outcome == .missing)
    #expect(
      try check.verify(a, name: "area/case", goldenPath: golden, mode: .missing).outcome
        == .recorded)
    #expect(
      try check.verify(a, name: "area/case", goldenPath: golden, mode: .never).outcome == .passed)
    var b = a
    b[2, 2] = (0, 0, 0, 255)
    var elsewhere = check
    elsewhere.fingerprint["pango"] = "1.52.0"
    let report = try elsewhere.verify(b, name: "area/case", goldenPath: golden, mode: .never)
    #expect(report.outcome == .failed)
    #expect(report.verdict == .different(differing: 1, total: 100))
    #expect(report.message.contains("pango: 1.50.12 → 1.52.0"))
    #expect(report.message.hasPrefix("area/case: the golden was recorded on another environment"))
    let artifacts = try #require(report.artifacts)
    let panelPath = try #require(artifacts.panel)
    for path in [artifacts.expected, artifacts.actual, panelPath, artifacts.diff ?? ""] {
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
      #expect(report.message.contains(path) || path == artifacts.expected)
    }
    let panel = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: panelPath))))
    #expect(panel.width == 3 * 10 + 2 * 8)
    // A size mismatch names both sizes.
    let small = image(5, 5, (255, 255, 255, 255))
    let mismatch = try check.verify(small, name: "area/case", goldenPath: golden, mode: .never)
    #expect(mismatch.message.contains("expected 10×10, actual 5×5"))
    // Mode failed re-records a failing golden; mode all records a passing one too.
    #expect(
      try check.verify(b, name: "area/case", goldenPath: golden, mode: .failed).outcome == .recorded
    )
    #expect(
      try check.verify(b, name: "area/case", goldenPath: golden, mode: .all).outcome == .recorded)
  }

  @Test(
    "a font file named by one fingerprint only is no other environment (compared exactly); a font whose CRC changed is"
  )
  func fontsLoadedAreNoEnvironment() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("case.png").path
    let check = GoldenCheck(
      artifactsFolder: folder.appendingPathComponent("artifacts").path,
      fingerprint: ["pango": "1.50.12", "font A.ttf": "11111111", "font B.ttf": "22222222"])
    let a = image(10, 10, (255, 255, 255, 255))
    _ = try check.verify(a, name: "case", goldenPath: golden, mode: .missing)
    var b = a
    b[2, 2] = (250, 250, 250, 255)  // invisible to pixelmatch's 0.1, not to an exact comparison
    var fewer = check
    fewer.fingerprint["font B.ttf"] = nil
    fewer.fingerprint["font C.ttf"] = "33333333"
    let exact = try fewer.verify(b, name: "case", goldenPath: golden, mode: .never)
    #expect(exact.outcome == .failed, "\(exact.message)")
    #expect(exact.otherEnvironment == nil)
    var changed = check
    changed.fingerprint["font B.ttf"] = "44444444"
    let tolerant = try changed.verify(b, name: "case", goldenPath: golden, mode: .never)
    #expect(tolerant.outcome == .passed)
    #expect(tolerant.otherEnvironment == "font B.ttf: 22222222 → 44444444")
  }

  @Test("PNG text chunks round-trip and keep the image readable")
  func textChunks() throws {
    let png = try PNGCodec.encode(image(2, 2, (1, 2, 3, 255)))
    let tagged = try PNGText.insert(
      ["ListRender-Fingerprint": "cairo=1.16.0\npango=1.50.12"], into: png)
    #expect(PNGText.read(tagged)["ListRender-Fingerprint"] == "cairo=1.16.0\npango=1.50.12")
    #expect(try PNGCodec.decode(tagged) == PNGCodec.decode(png))
    #expect(PNGText.read(png).isEmpty)
  }
}

@Test("the identical-bytes path passes equal pixels only: one changed pixel fails, counted once")
func exactMatchPath() {
  var expected = Bitmap(width: 64, height: 48)
  expected.fill(red: 240, green: 240, blue: 240)
  #expect(
    compareImages(expected: expected, actual: expected, policy: GoldenPolicy()).verdict
      == .identical)
  for (x, y) in [(0, 0), (63, 47), (31, 20)] {
    var actual = expected
    actual[x, y] = (0, 0, 0, 255)
    let (verdict, diff) = compareImages(expected: expected, actual: actual, policy: GoldenPolicy())
    #expect(verdict == .different(differing: 1, total: 64 * 48), "\(x),\(y)")
    #expect(diff != nil)
  }
}

@Test("a golden's fingerprint is read alone, without decoding the other text chunks")
func fingerprintAlone() throws {
  var bitmap = Bitmap(width: 2, height: 2)
  bitmap.fill(red: 1, green: 2, blue: 3)
  let png = try PNGText.insert(
    [
      "ListRender-Fingerprint": "cairo=1.16.0",
      "ListRender-Layout": String(repeating: "x", count: 9_000), "Other": "é",
    ],
    into: try PNGCodec.encode(bitmap))
  #expect(
    PNGText.read(png, only: "ListRender-Fingerprint") == ["ListRender-Fingerprint": "cairo=1.16.0"])
  #expect(PNGText.read(png).count == 3)
  #expect(PNGText.read(png)["Other"] == "é")
}
