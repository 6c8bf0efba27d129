import Foundation
import GoldenImage
import ListRender
import Testing

/// Every spec under `Fixtures/` is one case: `Fixtures/<area>/<case>.yaml` is compared with
/// `Golden/<area>/<case>.png`. Adding a case is adding those two files.
enum FixtureCases {
  static var all: [String] {
    let root = Paths.fixtures.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
      .sorted()
  }
}

@Suite("Golden images")
struct GoldenTests {
  @Test("the fixture folder holds cases")
  func hasCases() {
    #expect(FixtureCases.all.count >= 5)
  }

  @Test("fixture renders match its golden byte for byte", arguments: FixtureCases.all)
  func fixtureMatchesGolden(_ relativePath: String) throws {
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(relativePath).path)
    let png = try PNGCodec.encode(try ListRenderer().render(document))
    let name = (relativePath as NSString).deletingPathExtension + ".png"
    let goldenPath = Paths.golden.appendingPathComponent(name).path
    let outcome = try GoldenFile.verify(png, at: goldenPath, mode: RecordMode.fromEnvironment())
    switch outcome {
    case .matched, .recorded:
      break
    case .missing:
      Issue.record(
        "no golden at Golden/\(name); look at the render, then record it with LISTRENDER_RECORD=missing"
      )
    case .differs:
      let actual = Paths.root.appendingPathComponent(".build/golden-artifacts/\(name)")
      try AtomicFile.write(png, to: actual.path)
      Issue.record("Golden/\(name) differs from the render; the render is at \(actual.path)")
    }
  }
}

@Suite("Showcase")
struct ShowcaseTests {
  @Test("the embedded showcase is byte for byte Fixtures/showcase.yaml")
  func embeddedMatchesFixture() throws {
    let fixture = try String(
      contentsOf: Paths.fixtures.appendingPathComponent("showcase.yaml"), encoding: .utf8)
    #expect(Showcase.yaml == fixture)
  }
}
