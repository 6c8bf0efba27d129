import Foundation

/// One element VoiceOver would focus, in reading order: a section header, a cell, a cell's
/// control, or part of the empty view.
///
/// A Mística row reads as `mistica-ios` builds its label (`ListCellContentView
/// .defaultAccessibilityLabel`): title, headline, subtitle, description, joined by ", "; its
/// control is an element of its own after it, with its value. Stereo and label cells read their
/// labels in reading order. Text a collapsed cell hides is not read; truncated text is read
/// whole. Right to left and accessibility sizes change frames, never the order.
///
/// ```swift
/// let elements = try renderer.accessibilityElements(of: document)
/// elements.map(\.label)  // ["Settings", "Wi-Fi, NEW, Connected", "Wi-Fi", …]
/// ```
public struct AccessibilityElement: Codable, Equatable, Sendable {
  /// What it is: `header`, `footer`, `cell`, `control`, `badge`, `emptyView`.
  public var kind: String
  /// What is read first.
  public var label: String
  /// A control's state (`on`, `off`, `checked`, `unchecked`, `selected`, `not selected`), or
  /// nil.
  public var value: String?
  /// Accessibility traits as UIKit names them: `header`, `button`, `switch`, `checkbox`,
  /// `radio`, `staticText`, `selected`, and `dimmed` for a disabled row.
  public var traits: [String]
  /// The element's frame in points.
  public var frame: Rect
  /// The spec path it comes from (`sections[0]`, `sections[0].cells[2]`, `emptyView`).
  public var source: String

  /// An element from its parts.
  public init(
    kind: String, label: String, value: String? = nil, traits: [String] = [], frame: Rect,
    source: String
  ) {
    self.kind = kind
    self.label = label
    self.value = value
    self.traits = traits
    self.frame = frame
    self.source = source
  }
}

extension ListRenderer {
  /// What VoiceOver would read on the document's screen, element by element in reading order,
  /// each with its frame (from ``layout(_:)-(ListDocument)``).
  public func accessibilityElements(of document: ListDocument) throws -> [AccessibilityElement] {
    AccessibilityTree(document: document, tree: try layout(document)).elements
  }

  /// ``accessibilityElements(of:)`` as JSON (`{"elements": [...]}`, one element per line), as
  /// `listrender render --accessibility` writes it and accessibility goldens keep it.
  public func accessibilityJSON(of document: ListDocument) throws -> String {
    try AccessibilityTree.json(try accessibilityElements(of: document))
  }

  /// ``accessibilityJSON(of:)`` for a layout this renderer made of `document` already.
  package static func accessibilityJSON(of document: ListDocument, tree: LayoutTree) throws
    -> String
  {
    try AccessibilityTree.json(AccessibilityTree(document: document, tree: tree).elements)
  }
}

/// Builds the reading order from a document (what each element is) and its layout (where it
/// is, and which labels are shown).
struct AccessibilityTree {
  let elements: [AccessibilityElement]

  /// `{"elements": [...]}` with one element per line (a golden's line diff names the elements
  /// that changed), its keys in reading order: kind, label, value, traits, frame, source.
  static func json(_ elements: [AccessibilityElement]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func encoded<T: Encodable>(_ value: T) throws -> String {
      String(decoding: try encoder.encode(value), as: UTF8.self)
    }
    let lines = try elements.map { element in
      var fields = [
        "\"kind\": \(try encoded(element.kind))", "\"label\": \(try encoded(element.label))",
      ]
      if let value = element.value { fields.append("\"value\": \(try encoded(value))") }
      fields.append("\"traits\": \(try encoded(element.traits))")
      fields.append("\"frame\": \(try encoded(element.frame))")
      fields.append("\"source\": \(try encoded(element.source))")
      return "    {" + fields.joined(separator: ", ") + "}"
    }
    return "{\n  \"elements\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  init(document: ListDocument, tree: LayoutTree) {
    let bySource = Dictionary(grouping: tree.elements, by: \.source)
    var out: [AccessibilityElement] = []
    var footer: AccessibilityElement?
    func text(_ elements: [LayoutElement], _ role: LayoutElement.Role) -> String? {
      // A label a collapsed cell hides is drawn at alpha 0: not read.
      for element in elements where element.role == role && element.opacity > 0 {
        if case .text(let block) = element.content, !block.text.isEmpty { return block.text }
      }
      return nil
    }
    func union(_ elements: [LayoutElement]) -> Rect? { Rect.union(elements.map(\.frame)) }
    for (sectionIndex, section) in document.sections.enumerated() {
      let source = ElementPath.section(sectionIndex).description
      let own = bySource[source] ?? []
      for (role, kind) in [(LayoutElement.Role.header, "header"), (.footer, "footer")] {
        let parts = own.filter { $0.role == role || (role == .header && $0.role == .headerDetail) }
        guard let label = text(parts, role), let frame = union(parts) else { continue }
        let detail = text(parts, .headerDetail)
        let element = AccessibilityElement(
          kind: kind, label: detail.map { "\(label), \($0)" } ?? label,
          traits: kind == "header" ? ["header"] : ["staticText"], frame: frame, source: source)
        if kind == "header" { out.append(element) } else { footer = element }
      }
      for (cellIndex, cell) in section.cells.enumerated() {
        let cellSource = ElementPath.cell(section: sectionIndex, item: cellIndex).description
        let parts = (bySource[cellSource] ?? []).filter {
          ![.shadow, .ripple, .separator, .highlight].contains($0.role)
        }
        guard !parts.isEmpty else { continue }
        var traits: [String] = []
        if cell.state == .selected { traits.append("selected") }
        if cell.state == .disabled { traits.append("dimmed") }
        let labels: [String?]
        var control: Control?
        var controlLabel: String?
        var assetLabel: String?
        switch cell.kind {
        case .row(let row):
          labels = [
            text(parts, .title), text(parts, .headline), text(parts, .subtitle),
            text(parts, .description),
          ]
          control = row.control
          controlLabel = row.controlLabel
          assetLabel = row.assetLabel
        case .stereo:
          labels = [text(parts, .title), text(parts, .detail)]
        case .label:
          labels = [text(parts, .text)]
        }
        let frame =
          parts.first { $0.role == .cell }?.frame ?? union(parts)
          ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var cellTraits: [String] = []
        if control?.makesRowAButton == true { cellTraits.append("button") }
        out.append(
          AccessibilityElement(
            kind: "cell", label: labels.compactMap { $0 }.joined(separator: ", "),
            traits: cellTraits + traits, frame: frame, source: cellSource))
        // An asset with an accessibilityLabel is an image VoiceOver reads (otherwise decorative).
        if let assetLabel,
          let assetFrame = union(parts.filter { [.asset, .assetBackground].contains($0.role) })
        {
          out.append(
            AccessibilityElement(
              kind: "image", label: assetLabel, traits: ["image"], frame: assetFrame,
              source: cellSource))
        }
        guard let control else { continue }
        let controlParts = parts.filter { [.control, .badge].contains($0.role) }
        let controlFrame = union(controlParts) ?? frame
        let title = text(parts, .title) ?? ""
        let dimmed = traits.filter { $0 == "dimmed" }
        if case .navigation(let badge?) = control, case .count(let count) = badge,
          let badgeFrame = union(parts.filter { $0.role == .badge })
        {
          out.append(
            AccessibilityElement(
              kind: "badge", label: String(count), traits: ["staticText"] + dimmed,
              frame: badgeFrame, source: cellSource))
        }
        if let spoken = control.spokenElement(label: controlLabel, rowTitle: title) {
          out.append(
            AccessibilityElement(
              kind: "control", label: spoken.label, value: spoken.value,
              traits: [spoken.trait] + dimmed, frame: controlFrame, source: cellSource))
        }
      }
      if let footer {
        out.append(footer)
      }
      footer = nil
    }
    // The empty view: its title and message as one element, its button after it.
    let empty = bySource["emptyView"] ?? []
    let words = [text(empty, .emptyTitle), text(empty, .emptyMessage)].compactMap { $0 }
    if !words.isEmpty, let frame = union(empty.filter { $0.role != .emptyButton }) {
      out.append(
        AccessibilityElement(
          kind: "emptyView", label: words.joined(separator: ", "), traits: ["staticText"],
          frame: frame, source: ElementPath.emptyView.description))
    }
    if let button = text(empty, .emptyButton),
      let frame = union(empty.filter { $0.role == .emptyButton })
    {
      out.append(
        AccessibilityElement(
          kind: "control", label: button, traits: ["button"], frame: frame,
          source: ElementPath.emptyView.description))
    }
    elements = out
  }
}

extension Rect {
  /// The smallest rectangle holding every one of `frames`; nil for none.
  static func union(_ frames: [Rect]) -> Rect? {
    guard let first = frames.first else { return nil }
    var minX = first.x
    var minY = first.y
    var maxX = first.x + first.width
    var maxY = first.maxY
    for frame in frames.dropFirst() {
      minX = min(minX, frame.x)
      minY = min(minY, frame.y)
      maxX = max(maxX, frame.x + frame.width)
      maxY = max(maxY, frame.maxY)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
