import Foundation
import GoldenTesting
import ListRender
import TestLevels
import Testing

/// What a downstream package meets: validation of values built in code, the README's blocks
/// compiled here.
@Suite("Downstream use", .tags(.render))
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

  @Test(
    "every Swift block of the README and the documentation's articles is in ReadmeExamples.swift")
  func readmeBlocksCompile() throws {
    let here = URL(filePath: #filePath).deletingLastPathComponent()
    let catalog = here.appending(path: "../../Sources/ListRender/ListRender.docc").standardized
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    #expect(articles.count >= 9, "\(articles)")
    var documents = [here.appending(path: "../../README.md").standardized]
    documents += articles.map { catalog.appending(path: $0) }
    let examples = try String(
      contentsOf: here.appending(path: "ReadmeExamples.swift"), encoding: .utf8)
    let blocks = try documents.flatMap { document in
      try String(contentsOf: document, encoding: .utf8)
        .components(separatedBy: "```swift\n").dropFirst().compactMap {
          $0.components(separatedBy: "```").first
        }
    }
    let compiled = blocks.filter { examples.contains($0) }
    #expect(compiled.count >= 5, "blocks found in ReadmeExamples.swift: \(compiled.count)")
    // Only the README's CLI-free illustrations may stay out (marked `// illustration`).
    for block in blocks where !examples.contains(block) {
      #expect(block.contains("// illustration"), "not compiled by a test:\n\(block)")
    }
  }

  @Test("what the YAML says compiles in Swift: icon assets, text and counts from variables")
  func dslMatchesYAML() throws {
    let subtitle = "Connected"
    let unread = 12
    let name: Substring = "Ana García Díaz".prefix(10)
    let document = ListDocument(canvas: Canvas(width: 360, scale: 1)) {
      Section {
        RowCell(
          "Wi-Fi", subtitle: subtitle, asset: .icon("wifi"), control: .navigation(badge: unread))
        RowCell("Fibre", asset: .icon("router", background: Color(hex: "#E3F2FD")!))
        RowCell(
          name, subtitle: Label("Lunch on Friday?", maxLines: 1), control: .navigation(badge: 2))
        RowCell("Plain", descriptionText: subtitle, control: .navigation(badge: 0))
        StereoCell(subtitle, detail: "A literal")
      }
    }
    let yaml = try ListDocument.decode(
      yaml: """
        canvas: { width: 360, scale: 1 }
        sections:
          - cells:
              - { title: Wi-Fi, subtitle: Connected, asset: { icon: wifi }, control: { navigation: { badge: 12 } } }
              - { title: Fibre, asset: { icon: router, background: "#E3F2FD" } }
              - { title: Ana García, subtitle: { text: Lunch on Friday?, maxLines: 1 }, control: { navigation: { badge: 2 } } }
              - { title: Plain, description: Connected, control: { navigation: { badge: 0 } } }
              - { kind: stereo, title: Connected, detail: A literal }
        """)
    #expect(document.sections[0].cells.map(\.kind) == yaml.sections[0].cells.map(\.kind))
    // A negative count is refused as the YAML's is.
    let negative = ListDocument { Section { RowCell("Bad", control: .navigation(badge: -1)) } }
    #expect(throws: SpecError.self) { try ListRenderer().render(negative) }
  }

}
