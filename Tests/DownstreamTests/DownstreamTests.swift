import Foundation
import GoldenTesting
import ListRender
import Testing

/// What a downstream package meets: validation of values built in code, the README's blocks
/// compiled here.
@Suite("Downstream use")
struct DownstreamTests {
  @Test("a document built in code with a bad value is a SpecError, not a hang or a crash")
  func validation() throws {
    var section = Section(cells: [RowCell("Inbox").cell])
    section.arrangement = .columns(0)
    #expect {
      try ListRenderer().render(ListDocument(sections: [section]))
    } throws: { error in
      (error as? SpecError)?.path == "sections[0].arrangement.columns"
    }
  }

  @Test("every Swift block of the README's Swift sections is in ReadmeExamples.swift")
  func readmeBlocksCompile() throws {
    let here = URL(filePath: #filePath).deletingLastPathComponent()
    let readme = try String(
      contentsOf: here.appending(path: "../../README.md").standardized, encoding: .utf8)
    let examples = try String(
      contentsOf: here.appending(path: "ReadmeExamples.swift"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
      $0.components(separatedBy: "```").first
    }
    let compiled = blocks.filter { examples.contains($0) }
    #expect(compiled.count >= 4, "README blocks found in ReadmeExamples.swift: \(compiled.count)")
    // Only the README's CLI-free illustrations may stay out (marked `// illustration`).
    for block in blocks where !examples.contains(block) {
      #expect(block.contains("// illustration"), "not compiled by a test:\n\(block)")
    }
  }
}
