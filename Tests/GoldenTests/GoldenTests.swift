import Foundation
import GoldenImage
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@Suite("Golden images", .tags(.render))
struct GoldenTests {
  @Test("the fixture folder holds cases")
  func hasCases() {
    #expect(FixtureCases.all.count >= 5)
  }

  @Test("fixture renders match its golden", arguments: FixtureCases.all)
  func fixtureMatchesGolden(_ relativePath: String) throws {
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(relativePath).path,
      allowing: [Paths.fixtures.path])
    let renderer = try ListRenderer()
    let name = (relativePath as NSString).deletingPathExtension
    // The same path as `listrender verify`: decode the golden, compare with pixelmatch, write
    // artifacts on failure. Strict: any changed pixel fails.
    let check = strictGoldenCheck(renderer)
    let (bitmap, tree) = try renderer.renderWithLayout(document)
    let report = try check.verify(
      bitmap, name: name, goldenPath: Paths.golden.appendingPathComponent(name + ".png").path,
      mode: try RecordMode.fromEnvironment())
    #expect(!report.isFailure, "\(report.message)")
    // A case may keep its geometry too (`Golden/<area>/<case>.layout.json`, as `listrender
    // record --layout` writes it): checked line by line when present.
    let layout = GoldenStrategy<LayoutTree, String>.layout
    let layoutPath = Paths.golden.appendingPathComponent(
      name + "." + layout.format.pathExtension
    ).path
    if FileManager.default.fileExists(atPath: layoutPath) {
      let layoutReport = try check.verify(
        try layout.snapshot(tree), as: layout.format, name: name, goldenPath: layoutPath,
        mode: try RecordMode.fromEnvironment())
      #expect(!layoutReport.isFailure, "\(layoutReport.message)")
    }
    // And what VoiceOver reads, where the case keeps it (`<case>.accessibility.json`).
    let accessibility = GoldenStrategy<ListDocument, String>.accessibility(renderer: renderer)
    let accessibilityPath = Paths.golden.appendingPathComponent(
      name + "." + accessibility.format.pathExtension
    ).path
    if FileManager.default.fileExists(atPath: accessibilityPath) {
      let accessibilityReport = try check.verify(
        try accessibility.snapshot(document), as: accessibility.format, name: name,
        goldenPath: accessibilityPath, mode: try RecordMode.fromEnvironment())
      #expect(!accessibilityReport.isFailure, "\(accessibilityReport.message)")
    }
    // An animated case keeps every frame (`Golden/<area>/<case>.apng.png`), compared frame by
    // frame.
    if document.animation != nil {
      let animation = GoldenStrategy<FrameSequence, FrameSequence>.animation
      let animationReport = try check.verify(
        try renderer.frameSequence(document), as: animation.format, name: name,
        goldenPath: Paths.golden.appendingPathComponent(
          name + "." + animation.format.pathExtension
        ).path, mode: try RecordMode.fromEnvironment())
      #expect(!animationReport.isFailure, "\(animationReport.message)")
    }
  }
}

@Suite("Showcase", .tags(.render))
struct ShowcaseTests {
  @Test("the embedded showcase is byte for byte Fixtures/showcase.yaml")
  func embeddedMatchesFixture() throws {
    let fixture = try String(
      contentsOf: Paths.fixtures.appendingPathComponent("showcase.yaml"), encoding: .utf8)
    #expect(Showcase.yaml == fixture)
  }
}
