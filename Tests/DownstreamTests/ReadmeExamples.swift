// The README's Swift examples, compiled and run as a package that depends on ListRender would
// (no @testable import). `ReadmeTests` checks that each README block appears here verbatim.
import Foundation
import GoldenSuite
import GoldenTesting
import GoldenXCTest
import ListRender
import Synchronization
import Testing
import XCTest

// README: building a document in code
let inbox = ListDocument(canvas: Canvas(width: 360, scale: 2, theme: .material)) {
  Section(header: "Inbox") {
    RowCell(
      "Ana García", subtitle: "Lunch on Friday?",
      asset: .monogram("AG", background: Color(hex: "#3F51B5")!),
      control: .navigation(badge: 2))
    StereoCell("Bruno Díaz", detail: "Wraps fully", leading: .icon("person"))
    Label("A plain label cell")
  }
}
// README end

// README: Swift Testing
@Test func inboxMatchesItsGolden() throws {
  expectGolden(inbox)  // Golden/ReadmeExamples/inboxMatchesItsGolden.png
  expectGolden(try loadFixture("Fixtures/inbox.yaml"), named: "ReadmeExamples/inbox-spec")
}

@Test(.goldens(record: .missing)) func inboxGeometry() throws {
  let renderer = try ListRenderer()
  expectGolden(of: inbox, as: .layout(renderer: renderer))  // …/inboxGeometry.layout.json
}

@Test func inboxAsWebP() throws {
  // Lossless WebP: the PNG's pixels and fingerprint in about 40 % of its bytes.
  expectGolden(of: inbox, as: .webPImage(renderer: try ListRenderer()))  // …/inboxAsWebP.webp
}
// README end

// README: XCTest
final class InboxTests: XCTestCase {
  func testInbox() throws {
    assertGolden(inbox)  // Golden/ReadmeExamples/testInbox.png
  }
}
// README end

// README: rendering
@Test func renderingAFile() throws {
  let renderer = try ListRenderer()  // owns fonts and Pango state; one per thread
  let spec = URL(filePath: #filePath).deletingLastPathComponent().appending(
    path: "Fixtures/inbox.yaml")
  let document = try ListDocument(contentsOf: spec)  // SpecError with file:line:column
  let tree = try renderer.layout(document)  // frames in points, text in lines
  let png = try renderer.renderPNG(tree)  // PNG bytes, painted and encoded at once
  let small = try renderer.renderPNG(tree, compression: .compact)  // smaller: what goldens keep
  let yaml = try inbox.yaml()  // a document made in code, as a spec
  #expect(try ListDocument.decode(yaml: yaml) == inbox)
  #expect(try PNGCodec.decode(png) == (try renderer.render(document)))
  #expect(try PNGCodec.decode(small) == PNGCodec.decode(png) && small.count < png.count)
}
// README end

// README: exporting
@Test func exportingFiles() throws {
  let renderer = try ListRenderer()
  let folder = FileManager.default.temporaryDirectory.appending(path: "export-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  // All of them or none: each is written to a temporary and renamed once every one is whole.
  try renderer.export(
    inbox,
    to: [
      .image(folder.appending(path: "inbox.png").path),  // the format from the name
      .image(folder.appending(path: "inbox.webp").path),  // lossless: the PNG's pixels
      .layout(folder.appending(path: "inbox.json").path),
    ])
  #expect(FileManager.default.fileExists(atPath: folder.appending(path: "inbox.webp").path))
}
// README end

// README: suites
@Test func suiteAsALibrary() throws {
  let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
  let scratch = FileManager.default.temporaryDirectory.appending(path: "suite-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  let configuration = SuiteConfiguration(
    fixtures: fixtures.path, golden: scratch.appending(path: "Golden").path,
    report: scratch.appending(path: "report").path, filter: ["inbox"], mode: .missing)
  let finished = Mutex(0)
  // The library prints nothing: it tells what happens, and the caller shows it.
  let run = try GoldenSuite(configuration).run { event in
    if case .caseFinished = event { finished.withLock { $0 += 1 } }
  }
  #expect(run.exitStatus == 0 && finished.withLock { $0 } == run.results.count)
}
// README end

// README: strategies
@Test func cellFramesKeepTheirGolden() throws {
  // Only the cells' frames, one per line, kept as Golden/ReadmeExamples/cells.frames.txt.
  let cellFrames = GoldenStrategy<String, String>.lines(pathExtension: "frames.txt").pullback {
    (tree: LayoutTree) in
    tree.elements.filter { $0.role == .cell }.map { "\($0.source) \($0.frame)" }
      .joined(separator: "\n")
  }
  expectGolden(of: try ListRenderer().layout(inbox), as: cellFrames, named: "ReadmeExamples/cells")
}
// README end

// README: animation and accessibility goldens
@Test(.goldens(record: .missing)) func pressAnimates() throws {
  let renderer = try ListRenderer()
  let press = try loadFixture("Fixtures/press.yaml")  // a spec with an `animation:`
  expectGolden(of: press, as: .animation(renderer: renderer))  // …/pressAnimates.apng.png
}

@Test(.goldens(record: .missing)) func readAloud() throws {
  let renderer = try ListRenderer()
  expectGolden(of: inbox, as: .accessibility(renderer: renderer))  // …/readAloud.accessibility.json
}
// README end
