import Foundation
import GoldenTesting
import ImageCodec
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import GoldenImage

/// Goldens as values: strategies, pullback, the layout strategy and its line diff.
@Suite("Golden strategies", .tags(.render))
struct GoldenStrategyTests {
  @Test(
    "a golden compared as it is decoded reports what decoding and comparing reports: same or other environment, no fingerprint, RGBA, WebP, one pixel off"
  )
  func comparedWhileDecoded() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var pixels: [UInt8] = []
    for index in 0..<(41 * 29) {
      pixels += [UInt8(index % 251), UInt8(index * 7 % 253), UInt8(index / 5 % 256), 255]
    }
    let image = try #require(Bitmap(width: 41, height: 29, pixels: pixels))
    var changed = image
    changed.pixels[4 * (41 * 28 + 40)] &+= 9
    let check = GoldenCheck(artifactsFolder: folder.path, fingerprint: ["cairo": "1.16.0"])
    let other = GoldenCheck(artifactsFolder: folder.path, fingerprint: ["cairo": "1.18.0"])
    let goldens: [(name: String, bytes: [UInt8], quick: Bool)] = [
      ("same", try check.goldenBytes(image), true),
      ("other-environment", try other.goldenBytes(image), true),
      ("no-fingerprint", try PNGCodec.encode(image), true),
      ("rgba", try PNGCodec.encode(image, alpha: true), true),
      ("webp", try check.goldenBytes(image, as: .webp), false),
      ("one-pixel-off", try check.goldenBytes(changed), false),
    ]
    let quick = GoldenFormat<Bitmap>.image
    var decoded = quick
    decoded.holdsExactly = nil
    var wrong: [String] = []
    for golden in goldens {
      let path = folder.appendingPathComponent(golden.name + ".png").path
      try Data(golden.bytes).write(to: URL(fileURLWithPath: path))
      if quick.holdsExactly?(golden.bytes, image) != golden.quick { wrong.append(golden.name) }
      let reports = try [quick, decoded].map { format in
        try check.verify(image, as: format, name: golden.name, goldenPath: path, mode: .never)
      }
      let (a, b) = (reports[0], reports[1])
      let files = reports.map { report in
        report.artifacts.map { [$0.expected, $0.actual, $0.diff, $0.panel] }
      }
      if a.outcome != b.outcome || a.verdict != b.verdict || a.message != b.message
        || a.otherEnvironment != b.otherEnvironment || files[0] != files[1]
      {
        wrong.append("\(golden.name): \(a.message) | \(b.message)")
      }
    }
    #expect(wrong == [])
  }

  @Test("the line diff: removed before added, hunk headers with 3 lines of context")
  func lineDiff() {
    let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
    let new = old.replacingOccurrences(of: "line 5", with: "line five")
    let diff = LineDiff(expected: old, actual: new)
    #expect(diff.changedCount == 1)
    #expect(
      diff.hunkLines() == [
        "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6",
        " line 7", " line 8",
      ])
    #expect(LineDiff(expected: old, actual: old).hunks.isEmpty)
    // Lines only added at the end, and two far-apart changes in two hunks.
    let appended = LineDiff(expected: "a\nb", actual: "a\nb\nc")
    #expect(appended.hunkLines() == ["@@ -1,2 +1,3 @@", " a", " b", "+c"])
    let far = LineDiff(
      expected: old,
      actual: old.replacingOccurrences(of: "line 1\n", with: "").replacingOccurrences(
        of: "line 10", with: "line ten"))
    #expect(far.hunks.count == 2)
    #expect(far.changedCount == 2)
  }

  @Test("a middle too large to align is shown removed, then added (bounded work)")
  func largeMiddle() {
    let count = 2_100  // 2,100² line pairs exceed the alignment limit
    let old = (0..<count).map { "a\($0)" }.joined(separator: "\n")
    let new = (0..<count).map { "b\($0)" }.joined(separator: "\n")
    let diff = LineDiff(expected: old, actual: new)
    #expect(count * count > LineDiff.alignmentCellLimit)
    #expect(diff.changedCount == count)
    #expect(diff.unifiedLines(limit: 4).last == "… \(2 * count + 1 - 4) more diff lines")
  }

  @Test("the layout strategy: Golden/lists/inset.layout.json matches; a change lists its lines")
  func layoutStrategy() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("lists/inset.yaml").path,
      allowing: [Paths.fixtures.path])
    let match = try verifyGolden(
      of: document, as: .layout(renderer: renderer), named: "lists/inset", record: .never)
    #expect(match.passed, "\(match)")

    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var moved = document
    moved.canvas.width += 40
    let result = try verifyGolden(
      of: moved, as: .layout(renderer: renderer), named: "lists/inset", record: .never,
      artifactsFolder: folder.path)
    #expect(!result.passed)
    let message = result.description
    #expect(message.contains("Golden/lists/inset.layout.json does not match"))
    // The first changed lines in the message (the cell 40 pt wider), all of them in the diff.
    #expect(message.contains("-        \"width\" : 328,\n  +        \"width\" : 368,"))
    let diffPath = folder.appendingPathComponent("lists/inset.layout.json.diff").path
    #expect(message.contains("diff: \(diffPath)"))
    let diff = try String(contentsOfFile: diffPath, encoding: .utf8)
    #expect(diff.hasPrefix("--- \(folder.path)/lists/inset.expected.layout.json\n+++ "))
    #expect(diff.contains("\n-  \"width\" : 360\n+  \"width\" : 400\n"))
  }

  @Test("pullback: a strategy for new values, recorded, then passing, then failing")
  func pullback() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Only the geometry of cells: their frames, one per line.
    let cellFrames = GoldenStrategy<String, String>.lines(pathExtension: "frames.txt").pullback {
      (tree: LayoutTree) in
      tree.elements.filter { $0.role == .cell }.map { "\($0.source) \($0.frame)" }
        .joined(separator: "\n")
    }
    let tree = try layout(
      "canvas: { width: 360 }\nsections:\n  - cells: [ { title: A }, { title: B } ]\n")
    let golden = folder.appendingPathComponent("Golden").path
    let artifacts = folder.appendingPathComponent("artifacts").path
    let recorded = try verifyGolden(
      of: tree, as: cellFrames, named: "cells", record: .missing, goldenFolder: golden,
      artifactsFolder: artifacts)
    #expect(recorded.outcome == .recorded)
    let text = try String(contentsOfFile: golden + "/cells.frames.txt", encoding: .utf8)
    #expect(text.split(separator: "\n").count == 2)
    #expect(
      try verifyGolden(
        of: tree, as: cellFrames, named: "cells", record: .never, goldenFolder: golden
      ).passed)
    let three = try layout(
      "canvas: { width: 360 }\nsections:\n  - cells: [ { title: A }, { title: B }, { title: C } ]\n"
    )
    let failed = try verifyGolden(
      of: three, as: cellFrames, named: "cells", record: .never, goldenFolder: golden,
      artifactsFolder: artifacts)
    #expect(failed.outcome == .failed)
    #expect(failed.description.contains("1 of 3 lines differ"))
    #expect(failed.description.contains("+sections[0].cells[2]"))
  }
}
