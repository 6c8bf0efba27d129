import Foundation
import GoldenTesting
import ListRender
import TestLevels
import Testing

/// Golden checks as a dependent package meets them: failures at the call with counts and
/// paths, recordings that fail, default names.
@Suite("Downstream goldens", .tags(.render))
struct DownstreamGoldenTests {
  private let titleOnly =
    "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n      - title: Inbox\n"

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "listrender-downstream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a mismatch is an issue at the call: the golden, the count and the artifact paths")
  func mismatchAtTheCall() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = try ListDocument.decode(
      yaml: titleOnly.replacingOccurrences(of: "Inbox", with: "Outbox"))
    let line = #line + 2  // the line of the call below
    withKnownIssue {
      expectGolden(
        other, named: "rows/title-only", record: .never, artifactsFolder: folder.path)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == line
        && text.contains("Golden/rows/title-only.png does not match")
        && text.contains("pixels differ")
        && text.contains(folder.path + "/rows/title-only.panel.png")
    }
    // requireGolden stops the test at the call, reported once.
    try withKnownIssue {
      try requireGolden(
        other, named: "rows/title-only", record: .never, artifactsFolder: folder.path)
      Issue.record("not reached")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("does not match")
    }
  }

  @Test("recording fails visibly; a missing golden leaves the render to look at")
  func recordingIsVisible() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("Golden").path
    let artifacts = folder.appendingPathComponent("artifacts").path
    let document = try ListDocument.decode(yaml: titleOnly)
    let missing = try verifyGolden(
      document, named: "new", record: .never, goldenFolder: golden, artifactsFolder: artifacts)
    #expect(missing.outcome == .missing)
    #expect(missing.message.contains("look at \(artifacts)/new.actual.png"))
    #expect(FileManager.default.fileExists(atPath: artifacts + "/new.actual.png"))
    withKnownIssue {
      expectGolden(document, named: "new", record: .missing, goldenFolder: golden)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "recorded \(golden)/new.png — look at it, then run again"
    }
    expectGolden(document, named: "new", record: .never, goldenFolder: golden)
  }

  @Test("default names: Golden/<TestFile>/<test>.png, then .2 in the same test")
  func defaultNames() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.decode(yaml: titleOnly)
    withKnownIssue {
      expectGolden(document, record: .missing, goldenFolder: folder.path)
      expectGolden(document, record: .missing, goldenFolder: folder.path)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "recorded \(folder.path)/DownstreamGoldenTests/defaultNames")
    }
    for name in ["defaultNames.png", "defaultNames.2.png"] {
      #expect(
        FileManager.default.fileExists(
          atPath: folder.path + "/DownstreamGoldenTests/" + name))
    }
  }

  @Test("an animation golden from Swift Testing: every frame of motion/four-states")
  func animationGolden() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/motion/four-states.yaml").standardized.path)
    expectGolden(
      of: document, as: .animation(renderer: renderer), named: "motion/four-states",
      record: .never)
    // One event a frame later is a failure that names the frames.
    var later = document
    later.animation?.events[1].time = 0.4
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try verifyGolden(
      of: later, as: .animation(renderer: renderer), named: "motion/four-states",
      record: .never, artifactsFolder: folder.path)
    #expect(report.message.contains("frames 4–8 of 10 differ (first at 0.400 s"))
  }

  @Test("an accessibility golden from Swift Testing: what VoiceOver reads on headline/tag")
  func accessibilityGolden() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/headline/tag.yaml").standardized.path)
    expectGolden(
      of: document, as: .accessibility(renderer: renderer), named: "headline/tag", record: .never)
    let elements = try renderer.accessibilityElements(of: document)
    #expect(elements.first?.label == "Fibre 1 Gb, NEW, Installation in 48 h")
  }

  @Test("an audit golden from Swift Testing: the Movistar skin's known findings are accepted")
  func auditGolden() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/themes/skin-movistar.yaml").standardized.path)
    expectGolden(
      of: document, as: .audit(renderer: renderer), named: "themes/skin-movistar", record: .never)
    // White on Movistar's brand blue #0B9CEA is 3.02:1 (tokens/movistar.json).
    let findings = try renderer.audit(document, rules: [.textContrast])
    #expect(findings.first?.measured == "3.02:1")
  }

}
