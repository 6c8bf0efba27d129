import Foundation
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import GoldenImage

/// What VoiceOver would read: the reading order, labels, values, traits and frames.
@Suite("Accessibility snapshots", .tags(.render))
struct AccessibilityTests {
  private let settings = """
    canvas: { width: 360, scale: 1 }
    sections:
      - header: Settings
        cells:
          - { headline: { tag: NEW }, title: Fibre 1 Gb, subtitle: Installation in 48 h, description: Symmetric fibre with a router included., control: { switch: true } }
          - { title: Roaming, state: disabled, control: { checkbox: false } }
          - { title: Plan, control: { navigation: { badge: 4 } } }
          - { kind: stereo, title: Bruno, detail: A stereo cell }
    """

  @Test("a Mística row reads title, headline, subtitle, description; then its switch and value")
  func misticaOrder() throws {
    let renderer = try ListRenderer()
    let elements = try renderer.accessibilityElements(of: try ListDocument.decode(yaml: settings))
    #expect(
      elements.map(\.label) == [
        "Settings",
        "Fibre 1 Gb, NEW, Installation in 48 h, Symmetric fibre with a router included.",
        "Fibre 1 Gb", "Roaming", "Roaming", "Plan", "4", "Bruno, A stereo cell",
      ])
    #expect(
      elements.map(\.kind) == [
        "header", "cell", "control", "cell", "control", "cell", "badge", "cell",
      ])
    #expect(elements[0].traits == ["header"])
    #expect(elements[2].value == "on" && elements[2].traits == ["switch"])
    // A disabled row and its control are dimmed; a navigation row is a button.
    #expect(elements[3].traits == ["dimmed"])
    #expect(elements[4].value == "unchecked" && elements[4].traits == ["checkbox", "dimmed"])
    #expect(elements[5].traits == ["button"])
    // Frames: the switch inside its cell.
    let cell = elements[1].frame
    let control = elements[2].frame
    #expect(control.x >= cell.x && control.maxY <= cell.maxY && control.y >= cell.y)
  }

  @Test(
    "accessibilityLabel on a row's control and asset: read by VoiceOver's snapshot, clears missing-label, kept through YAML"
  )
  func accessibilityLabels() throws {
    let renderer = try ListRenderer()
    let yaml = """
      canvas: { width: 360, scale: 1 }
      sections:
        - cells:
            - { title: Share, control: { icon: share, accessibilityLabel: Share this list } }
            - { title: " ", asset: { icon: person, background: "#E3F2FD", accessibilityLabel: Ana } }
      """
    let document = try ListDocument.decode(yaml: yaml)
    let elements = try renderer.accessibilityElements(of: document)
    #expect(elements.contains { $0.kind == "control" && $0.label == "Share this list" })
    #expect(elements.contains { $0.kind == "image" && $0.label == "Ana" })
    #expect(try renderer.audit(document, rules: [.missingLabel]).isEmpty)
    // Without the labels, both are found.
    let bare = try ListDocument.decode(
      yaml: yaml.replacingOccurrences(of: ", accessibilityLabel: Share this list", with: "")
        .replacingOccurrences(of: ", accessibilityLabel: Ana", with: ""))
    #expect(try renderer.audit(bare, rules: [.missingLabel]).count == 2)
    // Written back to YAML and read again: the same document.
    #expect(try ListDocument.decode(yaml: try document.yaml()) == document)
    // Only a row's asset and control take one.
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells: [ { kind: stereo, title: A, leadingImage: { icon: person, accessibilityLabel: X } } ]\n"
      )
    }
  }

  @Test("right to left and accessibility sizes change frames, not the order")
  func framesNotOrder() throws {
    let renderer = try ListRenderer()
    let base = try renderer.accessibilityElements(of: try ListDocument.decode(yaml: settings))
    for change in ["direction: rtl", "contentSize: AX3"] {
      let yaml = settings.replacingOccurrences(of: "scale: 1 }", with: "scale: 1, \(change) }")
      let other = try renderer.accessibilityElements(of: try ListDocument.decode(yaml: yaml))
      #expect(other.map(\.label) == base.map(\.label), "\(change)")
      #expect(other.map(\.kind) == base.map(\.kind), "\(change)")
      #expect(other.map(\.frame) != base.map(\.frame), "\(change)")
    }
  }

  @Test("hidden text is not read, truncated text is read whole")
  func hiddenAndTruncated() throws {
    let renderer = try ListRenderer()
    let yaml = """
      canvas: { width: 200, scale: 1 }
      sections:
        - cells:
            - { title: Delivery, description: Hidden while collapsed, expandable: { collapsedHeight: 60, hiddenWhenCollapsed: [description] } }
            - { title: { text: A title far too long for one line of this narrow list, maxLines: 1 } }
      """
    let elements = try renderer.accessibilityElements(of: try ListDocument.decode(yaml: yaml))
    #expect(
      elements.map(\.label) == [
        "Delivery", "A title far too long for one line of this narrow list",
      ])
  }

  @Test(
    "the accessibility strategy: Golden/headline/tag.accessibility.json matches; a change names the element"
  )
  func strategy() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("headline/tag.yaml").path,
      allowing: [Paths.fixtures.path])
    let strategy = GoldenStrategy<ListDocument, String>.accessibility(renderer: renderer)
    let check = strictGoldenCheck(renderer)
    let golden = Paths.golden.appendingPathComponent("headline/tag.accessibility.json").path
    let same = try check.verify(
      try strategy.snapshot(document), as: strategy.format, name: "headline/tag",
      goldenPath: golden, mode: .never)
    #expect(same.passed, "\(same.message)")
    var changed = document
    if case .row(var row) = changed.sections[0].cells[0].kind {
      row.title.text = "Fibre 2 Gb"
      changed.sections[0].cells[0].kind = .row(row)
    }
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var local = check
    local.artifactsFolder = folder.path
    let report = try local.verify(
      try strategy.snapshot(changed), as: strategy.format, name: "headline/tag",
      goldenPath: golden, mode: .never)
    #expect(report.outcome == .failed)
    #expect(report.message.contains("1 of 7 lines differ"), "\(report.message)")
    #expect(
      report.message.contains(
        "+    {\"kind\": \"cell\", \"label\": \"Fibre 2 Gb, NEW, Installation in 48 h\""))
  }
}
