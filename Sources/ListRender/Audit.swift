import Foundation
import ListModel
import ListPainter

extension ListRenderer {
  /// Checks the document's list against `rules` from what it draws: text and control colours
  /// against the pixels behind them, tap targets, clipped text and unlabelled elements.
  /// Findings come in reading order, rule by rule within an element.
  ///
  /// ```swift
  /// let findings = try renderer.audit(document)
  /// #expect(findings.isEmpty, "\(findings)")
  /// ```
  public func audit(_ document: ListDocument, rules: Set<AuditRule> = Set(AuditRule.allCases))
    throws -> [AuditFinding]
  {
    try audit(document, tree: layout(document), rules: rules)
  }

  /// ``audit(_:rules:)`` of a layout this renderer made of `document` already.
  package func audit(_ document: ListDocument, tree: LayoutTree, rules: Set<AuditRule>) throws
    -> [AuditFinding]
  {
    var auditor = Auditor(document: document, tree: tree, rules: rules)
    if rules.contains(where: \.readsPaintBehind) {
      // What lies behind text and controls, drawn at one pixel a point without them. Icon
      // glyphs are left out too: they sit beside text, never under it.
      var behindText = tree
      behindText.scale = 1
      behindText.elements.removeAll {
        switch $0.content {
        case .text, .glyph: true
        case .box, .ellipse, .image, .switch, .checkbox, .radio, .arc, .shadow, .ripple: false
        }
      }
      auditor.behindText = try paint(behindText)
      let controls = tree.elements.filter(Auditor.isControlPart).map(\.frame)
      if rules.contains(.nonTextContrast), !controls.isEmpty {
        // Only what lies under a control matters here: the rest is left unpainted.
        var behindControls = behindText
        behindControls.elements.removeAll { element in
          Auditor.isControlPart(element)
            || !controls.contains { Rect.intersects($0, element.visualFrame) }
        }
        auditor.behindControls = try paint(behindControls)
      }
    }
    return auditor.findings()
  }

  /// The tallest viewport of `whole` (a layout in points) that one image holds at its scale.
  package func viewportHeight(for whole: LayoutTree) -> Double {
    let scale = whole.scale
    let rowsAllowed = min(
      Double(SpecLimits.maxPixelSide),
      Double(SpecLimits.maxPixels) / max(1, (whole.width * scale).rounded(.up)))
    return min(
      SpecLimits.heightRange.upperBound, max(1, (rowsAllowed / scale).rounded(.down) - 1))
  }

  /// The findings of a list too tall for one image (`whole`, its layout in points): the list
  /// audited as viewports (`canvas.height`, `canvas.contentOffset`) one below the other, each
  /// as tall as an image may be; frames in the whole list's points; an element across two
  /// parts found once.
  /// `view` cuts the parts from one layout of `document` (``viewports(of:)``).
  package func auditInParts(
    _ document: ListDocument, whole: LayoutTree,
    view: (Double?, Double, LayoutLimits) throws -> LayoutTree, rules: Set<AuditRule>
  ) throws -> [AuditFinding] {
    let part = viewportHeight(for: whole)
    var findings: [AuditFinding] = []
    var seen = Set<String>()
    var top = 0.0
    while top < whole.height {
      var viewport = document
      viewport.canvas.height = min(part, whole.height - top)
      viewport.canvas.contentOffset = top
      let tree = try view(min(part, whole.height - top), top, .pixels)
      for var finding in try audit(viewport, tree: tree, rules: rules) {
        finding.frame.y += top
        guard seen.insert("\(finding.rule.rawValue) \(finding.source) \(finding.kind)").inserted
        else { continue }
        findings.append(finding)
      }
      top += part
    }
    return findings
  }

}

extension LayoutElement {
  /// The frame grown by what the element draws outside it (a shadow's reach).
  fileprivate var visualFrame: Rect {
    guard case .shadow(let layers, _, _) = content else { return frame }
    let reach = layers.map { abs($0.offsetY) + max(0, $0.spread) + 3 * $0.sigma }.max() ?? 0
    return Rect(
      x: frame.x - reach, y: frame.y - reach, width: frame.width + 2 * reach,
      height: frame.height + 2 * reach)
  }
}

/// One audited layout: the document and its layout, the rules asked for and the pixels behind
/// text and controls. Each rule's check (``AuditRule/check``) reads it.
struct Auditor {
  let document: ListDocument
  let tree: LayoutTree
  let rules: Set<AuditRule>
  var behindText: Bitmap?
  var behindControls: Bitmap?
  /// Each cell's box by its spec path.
  let cellFrames: [String: Rect]
  /// Rounded boxes (a button's pill) by their cell, looked up for each label (not searched for
  /// among all the list's elements, once a label).
  let roundedBoxes: [String: [LayoutElement]]

  init(document: ListDocument, tree: LayoutTree, rules: Set<AuditRule>) {
    self.document = document
    self.tree = tree
    self.rules = rules
    cellFrames = Dictionary(
      tree.elements.filter { $0.role == .cell }.map { ($0.source, $0.frame) },
      uniquingKeysWith: { first, _ in first })
    roundedBoxes = Dictionary(
      grouping: tree.elements.filter {
        if case .box(_, let radius, _, _, _) = $0.content { return radius > 0 }
        return false
      }, by: \.source)
  }

  /// A finding and its place in the report: drawn elements first, in drawing order, each
  /// element's findings in the order of `slot`; then each cell's targets and labels; then the
  /// empty view's.
  struct Placed {
    var order: [Int]
    var finding: AuditFinding
  }

  /// The order of a finding on the element drawn `index`-th.
  static func onElement(_ index: Int, slot: Int) -> [Int] { [0, index, slot] }

  /// The order of a finding on a row's target or label.
  static func onCell(_ path: ElementPath, slot: Int) -> [Int] {
    switch path {
    case .cell(let section, let item): [1, section, item, slot]
    case .section(let section): [1, section, -1, slot]
    case .emptyView: [2, slot]
    case .refreshControl: [3, slot]
    }
  }

  /// Every drawn element (a transparent one draws nothing), with its place in drawing order.
  var drawnElements: [(index: Int, element: LayoutElement)] {
    tree.elements.enumerated().filter { $0.element.opacity > 0 }.map { ($0.offset, $0.element) }
  }

  /// Whether WCAG judges the colours of the element's cell: 1.4.3 and 1.4.11 exempt inactive
  /// components, so a disabled row's colours are not (its clipped text and targets still are).
  func coloursJudged(_ element: LayoutElement) -> Bool {
    cellState(of: element.source) != .disabled
  }

  func findings() -> [AuditFinding] {
    var placed: [Placed] = []
    for rule in AuditRule.allCases where rules.contains(rule) {
      placed += rule.check.findings(in: self)
    }
    // Each order is made once (an element's slot, a cell's slot), so the sort is total.
    placed.sort { $0.order.lexicographicallyPrecedes($1.order) }
    var out = placed.map(\.finding)
    // A pressed or highlighted row shows its colours for a moment: its contrast findings say so.
    for index in out.indices
    where [.textContrast, .nonTextContrast].contains(out[index].rule)
      && cellState(of: out[index].source) == .highlighted
    {
      out[index].required += " (pressed: shown for a moment)"
    }
    // Each finding by its element's identity: the cell's `id`, else its title, else its path.
    for index in out.indices { out[index].element = identity(of: out[index].source) }
    return out
  }

  /// The smallest tap target the design system asks for, and whose rule that is.
  var minimumTarget: (size: Double, unit: String, rule: String) {
    document.canvas.theme == .material
      ? (48, "dp", "Material, ATF TouchTargetSizeCheck") : (44, "pt", "Apple HIG, Mística")
  }

  /// A control's drawn parts whose colour 1.4.11 judges.
  static func isControlPart(_ element: LayoutElement) -> Bool {
    switch element.content {
    case .switch, .checkbox, .radio: true
    case .ellipse, .box: element.role == .badge
    case .text, .glyph, .image, .arc, .shadow, .ripple: false
    }
  }

  /// The state of the cell at a spec path, when it is a cell.
  func cellState(of source: String) -> CellState? {
    cell(at: source)?.state
  }

  /// The cell at a spec path, when it is one of the document's cells.
  func cell(at source: String) -> Cell? {
    guard let (section, cell) = Self.indices(source), let cell,
      document.sections.indices.contains(section),
      document.sections[section].cells.indices.contains(cell)
    else { return nil }
    return document.sections[section].cells[cell]
  }

  /// The identity of the cell at a spec path (``AuditFinding/element``).
  func identity(of source: String) -> String {
    guard let model = cell(at: source) else { return source }
    let identity = model.identity.trimmingCharacters(in: .whitespacesAndNewlines)
    return identity.isEmpty ? source : identity
  }

  // MARK: Locations

  /// `file:line:column` of the spec text an element comes from: the label's own key for text,
  /// else the cell's title (a cell's first key in a flow mapping), when the document was read
  /// from a spec.
  func location(of source: String, kind: String) -> String? {
    guard let (section, cell) = Self.indices(source), document.sections.indices.contains(section)
    else {
      return nil
    }
    let label: Label?
    if let cell, document.sections[section].cells.indices.contains(cell) {
      let model = document.sections[section].cells[cell]
      switch model.kind {
      case .row(let row):
        switch kind {
        case "subtitle": label = row.subtitle
        case "description": label = row.descriptionText
        default: label = row.title
        }
      case .stereo(let stereo): label = kind == "detail" ? stereo.detail : stereo.title
      case .label(let labelCell): label = labelCell.text
      }
    } else {
      // A section's header or footer: its title's or detail's own place.
      let section = document.sections[section]
      let text = kind.hasPrefix("footer") ? section.footer : section.header
      let mark = kind.hasSuffix("Detail") ? text?.detailMark : text?.titleMark
      guard let place = mark?.location, let line = place.line else { return nil }
      return "\(place.file):\(line):\(place.column ?? 1)"
    }
    guard let place = label?.location, let line = place.line else { return nil }
    return "\(place.file):\(line):\(place.column ?? 1)"
  }

  /// `sections[i]` → (i, nil); `sections[i].cells[j]` → (i, j).
  static func indices(_ source: String) -> (Int, Int?)? {
    guard let path = ElementPath(source), let section = path.section else { return nil }
    return (section, path.item)
  }
}
