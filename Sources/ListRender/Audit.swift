import Foundation
import ListPainter

/// An accessibility rule ``ListRenderer/audit(_:rules:)`` checks, each after a public source.
public enum AuditRule: String, CaseIterable, Codable, Sendable {
  /// Text against what is drawn behind it: at least 4.5:1, or 3:1 for large text (18 pt, or
  /// 14 pt bold). WCAG 2.1 success criterion 1.4.3; axe-core `color-contrast`; Android's
  /// Accessibility Test Framework `TextContrastCheck`.
  case textContrast = "text-contrast"
  /// A control's essential parts (switch track, checkbox and radio ring or fill, badge)
  /// against what is behind them: at least 3:1. WCAG 2.1 success criterion 1.4.11.
  case nonTextContrast = "non-text-contrast"
  /// What a user taps on its own: 44 × 44 pt under Mística (Apple's Human Interface
  /// Guidelines), 48 × 48 dp under Material (ATF `TouchTargetSizeCheck`).
  case targetSize = "target-size"
  /// Text cut short: by `maxLines` at an accessibility content size (AX1–AX5), or drawn
  /// outside its cell (Apple's `XCUIAccessibilityAuditType.textClipped`).
  case textClipped = "text-clipped"
  /// An icon-only control, or a cell with an image and no text, that has nothing to read
  /// (Apple's `sufficientElementDescription` audit; ATF `SpeakableTextPresentCheck`).
  case missingLabel = "missing-label"
}

/// One thing ``ListRenderer/audit(_:rules:)`` found: the rule, the element, what was measured
/// and what the rule requires.
///
/// ```swift
/// for finding in try renderer.audit(document) { print(finding) }
/// // text-contrast  sections[0].cells[1] subtitle  1.92:1  needs 4.5:1  list.yaml:7:20
/// ```
public struct AuditFinding: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The rule.
  public var rule: AuditRule
  /// The spec path of the element's cell (`sections[0].cells[2]`, `sections[1]`, `emptyView`).
  public var source: String
  /// What the element is: a layout role (`title`, `subtitle`, `control`, `badge`, `cell`, …).
  public var kind: String
  /// What was measured (`1.92:1`, `24 × 24 pt`, `cut to 1 line`).
  public var measured: String
  /// What the rule requires (`4.5:1`, `44 × 44 pt (Apple HIG)`).
  public var required: String
  /// The element's frame in points: what an overlay outlines.
  public var frame: Rect
  /// Where the spec says it, `file:line:column`, when known.
  public var location: String?
  /// The element's identity, which an audit golden matches the finding by: its cell's `id`,
  /// else its title, else its spec path (``source``). Inserting a row above does not change it.
  public var element: String

  /// A finding from its parts.
  public init(
    rule: AuditRule, source: String, kind: String, measured: String, required: String,
    frame: Rect, location: String? = nil
  ) {
    self.rule = rule
    self.source = source
    self.kind = kind
    self.measured = measured
    self.required = required
    self.frame = frame
    self.location = location
    self.element = source
  }

  /// `rule  source "element" kind  measured  needs required  file:line:column`.
  public var description: String {
    "\(rule.rawValue)  \(source)\(element == source ? "" : " \"\(element)\"") \(kind)  \(measured)  needs \(required)"
      + (location.map { "  \($0)" } ?? "")
  }

  /// The finding as an audit golden keeps it: one JSON object on one line, without the frame
  /// and the spec location (which move when unrelated things change).
  package var goldenLine: String {
    func quoted(_ text: String) -> String {
      let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
      return String(decoding: data, as: UTF8.self)
    }
    return
      "{\"element\": \(quoted(element)), \"kind\": \(quoted(kind)), \"measured\": \(quoted(measured)), \"required\": \(quoted(required)), \"rule\": \(quoted(rule.rawValue)), \"source\": \(quoted(source))}"
  }

  /// A finding as an audit golden keeps it, read back: what it is matched by and what was
  /// measured.
  package struct GoldenEntry: Equatable, Sendable {
    /// The element's identity; empty in a golden recorded before findings named it.
    package var element: String
    package var source: String
    package var rule: String
    package var kind: String
    package var measured: String
    package var required: String
    /// The line as written.
    package var line: String

    /// The finding as `listrender audit` prints it: `rule  path "element" part  measured  needs
    /// required`.
    package var sentence: String {
      "\(rule)  \(source)\(element.isEmpty || element == source ? "" : " \"\(element)\"") \(kind)  \(measured)  needs \(required)"
    }

    /// A golden line read, or nil when it is not a finding.
    package init?(line: String) {
      guard line.utf8.count <= 64 * 1024,
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let rule = object["rule"] as? String, let kind = object["kind"] as? String,
        let source = object["source"] as? String
      else { return nil }
      self.rule = rule
      self.kind = kind
      self.source = source
      self.element = object["element"] as? String ?? ""
      self.measured = object["measured"] as? String ?? ""
      self.required = object["required"] as? String ?? ""
      self.line = line
    }

    /// Whether `other` is the same finding: the same element, rule and part, whatever was
    /// measured.
    /// An older golden's finding, which names no element, is matched by its spec path.
    package func isSame(as other: GoldenEntry) -> Bool {
      guard rule == other.rule, kind == other.kind else { return false }
      return element.isEmpty || other.element.isEmpty
        ? source == other.source : element == other.element
    }

    /// How many of its rule's levels the measured value fails: a contrast under 3:1 fails both
    /// 4.5:1 and 3:1; a target under 24 pt fails both the design system's size and WCAG 2.2's
    /// 24 × 24 minimum (success criterion 2.5.8).
    package var level: Int {
      let number = Double(measured.prefix { $0.isNumber || $0 == "." }) ?? 0
      switch rule {
      case AuditRule.textContrast.rawValue, AuditRule.nonTextContrast.rawValue:
        return number < 3 ? 2 : 1
      case AuditRule.targetSize.rawValue:
        let height =
          Double(
            measured.split(separator: "×").dropFirst().first?.trimmingCharacters(in: .whitespaces)
              .prefix { $0.isNumber || $0 == "." } ?? "") ?? 0
        return min(number, height) < 24 ? 2 : 1
      default:
        return 1
      }
    }
  }

  /// Findings as an audit golden (`<case>.audit.json`): `{"findings": [...]}` with one finding
  /// a line, in the order found.
  package static func goldenText(_ findings: [AuditFinding]) -> String {
    guard !findings.isEmpty else { return "{\n  \"findings\": []\n}\n" }
    return "{\n  \"findings\": [\n"
      + findings.map { "    " + $0.goldenLine }.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  /// The finding lines of an audit golden's text (each without its trailing comma).
  package static func goldenLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { line in
      var line = line.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix(",") { line.removeLast() }
      return line
    }.filter { $0.hasPrefix("{\"") }
  }
}

/// WCAG 2.1's contrast arithmetic (relative luminance and contrast ratio).
package enum Contrast {
  /// Each 8-bit channel value made linear (WCAG's formula), for reading pixels.
  private static let linear8: [Double] = (0..<256).map { value in
    let c = Double(value) / 255
    return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// The relative luminance of an opaque 8-bit pixel.
  package static func luminance8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    0.2126 * linear8[Int(r)] + 0.7152 * linear8[Int(g)] + 0.0722 * linear8[Int(b)]
  }

  /// The relative luminance of an sRGB colour (channels 0...1).
  package static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
    func linear(_ c: Double) -> Double {
      c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  }

  /// The contrast ratio of two luminances, 1...21.
  package static func ratio(_ a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The ratio of `color` (at `opacity`, drawn over `background`) to `background`.
  package static func ratio(
    _ color: Color, opacity: Double, over background: (Double, Double, Double)
  ) -> Double {
    let alpha = max(0, min(1, color.alpha * opacity))
    let r = color.red * alpha + background.0 * (1 - alpha)
    let g = color.green * alpha + background.1 * (1 - alpha)
    let b = color.blue * alpha + background.2 * (1 - alpha)
    return ratio(luminance(r, g, b), luminance(background.0, background.1, background.2))
  }

  /// A ratio as audits print it, to two decimals (`1.92:1`); a ratio just under a threshold is
  /// never shown as the threshold (4.497 is `4.497:1`, not `4.50:1`).
  package static func text(_ ratio: Double) -> String {
    let shown = String(format: "%.2f", ratio)
    for threshold in [3.0, 4.5] where ratio < threshold && Double(shown) ?? 0 >= threshold {
      return String(format: "%.3f:1", (ratio * 1000).rounded(.down) / 1000)
    }
    return shown + ":1"
  }
}

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
    if rules.contains(.textContrast) || rules.contains(.nonTextContrast) {
      // What lies behind text and controls, drawn at one pixel a point without them. Icon
      // glyphs are left out too: they sit beside text, never under it.
      var behindText = tree
      behindText.scale = 1
      behindText.elements.removeAll {
        switch $0.content {
        case .text, .glyph: true
        default: false
        }
      }
      auditor.behindText = try paint(behindText)
      let controls = tree.elements.filter(Auditor.isControlPart).map(\.frame)
      if rules.contains(.nonTextContrast), !controls.isEmpty {
        // Only what lies under a control matters here: the rest is left unpainted.
        var behindControls = behindText
        behindControls.elements.removeAll { element in
          Auditor.isControlPart(element)
            || !controls.contains { Auditor.intersects($0, element.visualFrame) }
        }
        auditor.behindControls = try paint(behindControls)
      }
    }
    return auditor.findings()
  }

  /// The rendered list with each finding outlined and numbered, and below it a legend: one
  /// numbered line a finding with its rule, element, measured and required values.
  public func auditOverlay(_ document: ListDocument, findings: [AuditFinding]) throws -> Bitmap {
    try auditOverlay(of: layout(document), findings: findings)
  }

  /// ``auditOverlay(_:findings:)`` over a layout this renderer made already (the one the audit
  /// read: not laid out twice).
  package func auditOverlay(of layout: LayoutTree, findings: [AuditFinding]) throws -> Bitmap {
    var tree = layout
    let red = Color(red: 0.85, green: 0.0, blue: 0.2)
    let markStyle = TextStyle(family: "Roboto", weight: .bold, size: 11, minLineHeight: 0)
    let legendStyle = TextStyle(family: "Roboto", weight: .regular, size: 13, minLineHeight: 18)
    var marks: [LayoutElement] = []
    // Findings on one frame get their numbers side by side.
    var onFrame: [String: Double] = [:]
    for (index, finding) in findings.enumerated() {
      let frame = finding.frame
      let key = "\(frame.x),\(frame.y),\(frame.width),\(frame.height)"
      let shift = onFrame[key, default: 0]
      marks.append(
        LayoutElement(
          role: .highlight, source: "audit", frame: frame,
          content: .box(
            fill: red.withAlpha(0.08), cornerRadius: 2, stroke: Stroke(color: red, width: 2))))
      let number = String(index + 1)
      let measured = try measure(number, style: markStyle, width: 60, maxLines: 1)
      let width = max(16, (measured.lines.first?.width ?? 8) + 8)
      let tag = Rect(
        x: max(0, min(tree.width - width, frame.x - 6 + shift)), y: max(0, frame.y - 8),
        width: width, height: 16)
      onFrame[key] = shift + width + 2
      marks.append(
        LayoutElement(
          role: .badge, source: "audit", frame: tag, content: .box(fill: red, cornerRadius: 8)))
      marks.append(
        textElement(
          measured, text: number, style: markStyle, color: .white,
          frame: Rect(
            x: tag.x + (tag.width - (measured.lines.first?.width ?? 0)) / 2,
            y: tag.y + (tag.height - measured.height) / 2, width: tag.width,
            height: measured.height)))
    }
    // The legend: a white band under the list, one wrapped line a finding.
    var y = tree.height + 8
    let top = tree.height
    var legend: [LayoutElement] = []
    let lines =
      findings.isEmpty
      ? ["No findings."]
      : findings.enumerated().map { index, finding in
        "\(index + 1). \(finding.rule.rawValue): \(finding.source) \(finding.kind), "
          + "\(finding.measured) (needs \(finding.required))"
      }
    for line in lines {
      let measured = try measure(line, style: legendStyle, width: tree.width - 32, maxLines: nil)
      legend.append(
        textElement(
          measured, text: line, style: legendStyle, color: Color(red: 0.1, green: 0.1, blue: 0.1),
          frame: Rect(x: 16, y: y, width: tree.width - 32, height: measured.height)))
      y += measured.height + 4
    }
    let band = LayoutElement(
      role: .card, source: "audit",
      frame: Rect(x: 0, y: top, width: tree.width, height: y + 4 - top),
      content: .box(fill: .white, cornerRadius: 0, stroke: Stroke(color: red, width: 1)))
    tree.elements += marks + [band] + legend
    tree.height = y + 4
    return try paint(tree)
  }

  private func measure(_ text: String, style: TextStyle, width: Double, maxLines: Int?) throws
    -> MeasuredText
  {
    try measurer.measure(text, style: style, width: width, maxLines: maxLines, direction: .ltr)
  }

  private func textElement(
    _ measured: MeasuredText, text: String, style: TextStyle, color: Color, frame: Rect
  ) -> LayoutElement {
    LayoutElement(
      role: .text, source: "audit", frame: frame,
      content: .text(
        TextBlock(
          text: text, style: style, color: color, direction: .ltr, wrapWidth: frame.width,
          maxLines: nil, lines: measured.lines, truncated: measured.truncated)))
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

/// The rules applied to one layout: the elements grouped by the spec path they come from, and
/// the pixels behind text and controls.
struct Auditor {
  let document: ListDocument
  let tree: LayoutTree
  let rules: Set<AuditRule>
  var behindText: Bitmap?
  var behindControls: Bitmap?

  init(document: ListDocument, tree: LayoutTree, rules: Set<AuditRule>) {
    self.document = document
    self.tree = tree
    self.rules = rules
  }

  /// A control's drawn parts whose colour 1.4.11 judges.
  static func isControlPart(_ element: LayoutElement) -> Bool {
    switch element.content {
    case .switch, .checkbox, .radio: true
    case .ellipse, .box: element.role == .badge
    default: false
    }
  }

  /// The smallest tap target the design system asks for, and whose rule that is.
  var minimumTarget: (size: Double, unit: String, rule: String) {
    document.canvas.theme == .material
      ? (48, "dp", "Material, ATF TouchTargetSizeCheck") : (44, "pt", "Apple HIG, Mística")
  }

  func findings() -> [AuditFinding] {
    var out: [AuditFinding] = []
    let cellFrames = Dictionary(
      tree.elements.filter { $0.role == .cell }.map { ($0.source, $0.frame) },
      uniquingKeysWith: { first, _ in first })
    // Rounded boxes (a button's pill) by their cell, looked up for each label (not searched for
    // among all the list's elements, once a label).
    let roundedBoxes = Dictionary(
      grouping: tree.elements.filter {
        if case .box(_, let radius, _, _, _) = $0.content { return radius > 0 }
        return false
      }, by: \.source)
    for element in tree.elements where element.opacity > 0 {
      // WCAG 1.4.3 and 1.4.11 exempt inactive components: a disabled row's colours are not
      // judged (its clipped text and target still are).
      let state = cellState(of: element.source)
      let judged = state != .disabled
      if case .text(let block) = element.content, !block.text.isEmpty {
        out += textFindings(
          element, block, cell: cellFrames[element.source],
          boxes: roundedBoxes[element.source] ?? []
        ).filter {
          judged || $0.rule != .textContrast
        }
      }
      if judged, rules.contains(.nonTextContrast), Self.isControlPart(element),
        let finding = controlContrast(element)
      {
        out.append(finding)
      }
      if judged, rules.contains(.nonTextContrast), let finding = iconContrast(element) {
        out.append(finding)
      }
    }
    // A pressed or highlighted row shows its colours for a moment: its contrast findings say so.
    for index in out.indices
    where [.textContrast, .nonTextContrast].contains(out[index].rule)
      && cellState(of: out[index].source) == .highlighted
    {
      out[index].required += " (pressed: shown for a moment)"
    }
    out += targetAndLabelFindings()
    // Each finding by its element's identity: the cell's `id`, else its title, else its path.
    for index in out.indices { out[index].element = identity(of: out[index].source) }
    return out
  }

  /// The state of the cell at a spec path, when it is a cell.
  func cellState(of source: String) -> CellState? {
    guard let (section, cell) = Self.indices(source), let cell,
      document.sections.indices.contains(section),
      document.sections[section].cells.indices.contains(cell)
    else { return nil }
    return document.sections[section].cells[cell].state
  }

  /// The identity of the cell at a spec path (``AuditFinding/element``).
  func identity(of source: String) -> String {
    guard let (section, cell) = Self.indices(source), let cell,
      document.sections.indices.contains(section),
      document.sections[section].cells.indices.contains(cell)
    else { return source }
    let model = document.sections[section].cells[cell]
    let identity = model.identity.trimmingCharacters(in: .whitespacesAndNewlines)
    return identity.isEmpty ? source : identity
  }

  // MARK: Text

  private func textFindings(
    _ element: LayoutElement, _ block: TextBlock, cell: Rect?, boxes: [LayoutElement]
  )
    -> [AuditFinding]
  {
    var out: [AuditFinding] = []
    let location = self.location(of: element.source, kind: element.role.rawValue)
    if rules.contains(.textContrast), let behindText {
      let large = block.style.size >= 18 || (block.style.size >= 14 && block.style.weight == .bold)
      let needed = large ? 3.0 : 4.5
      var worst = Double.infinity
      // A label on a rounded box of its own (a button's pill) is judged on that box: the corners
      // of its line's rectangle that stick out of the pill are not behind its letters.
      let pill = boxes.first { other in
        guard other.role == element.role else { return false }
        return other.frame.x <= element.frame.x + 0.5 && other.frame.y <= element.frame.y + 0.5
          && other.frame.maxY >= element.frame.maxY - 0.5
          && other.frame.x + other.frame.width >= element.frame.x + element.frame.width - 0.5
      }
      // The pill less its antialiased edge (a point at the one pixel a point the audit reads).
      let shape = pill.flatMap { pill -> (Rect, Double)? in
        guard case .box(_, let radius, _, _, _) = pill.content, pill.frame.width > 2,
          pill.frame.height > 2
        else { return nil }
        let inner = Rect(
          x: pill.frame.x + 1, y: pill.frame.y + 1, width: pill.frame.width - 2,
          height: pill.frame.height - 2)
        return (inner, max(0, min(radius, pill.frame.height / 2, pill.frame.width / 2) - 1))
      }
      for line in block.lines where !line.text.isEmpty && line.width > 0 {
        let rect = Rect(
          x: element.frame.x + line.x, y: element.frame.y + line.y, width: line.width,
          height: line.height)
        for background in Self.colors(in: rect, of: behindText, inside: shape) {
          worst = min(
            worst, Contrast.ratio(block.color, opacity: element.opacity, over: background))
        }
      }
      if worst < needed {
        out.append(
          AuditFinding(
            rule: .textContrast, source: element.source, kind: element.role.rawValue,
            measured: Contrast.text(worst),
            required: large ? "3:1 (large text)" : "4.5:1", frame: element.frame,
            location: location))
      }
    }
    if rules.contains(.textClipped) {
      if block.truncated, document.canvas.contentSize.isAccessibilityCategory {
        out.append(
          AuditFinding(
            rule: .textClipped, source: element.source, kind: element.role.rawValue,
            measured: "cut to \(block.lines.count) line\(block.lines.count == 1 ? "" : "s")",
            required: "all text shown at \(document.canvas.contentSize.rawValue)",
            frame: element.frame, location: location))
      } else if let cell, let outside = Self.outside(element, block, cell: cell) {
        out.append(
          AuditFinding(
            rule: .textClipped, source: element.source, kind: element.role.rawValue,
            measured: outside, required: "text inside its cell", frame: element.frame,
            location: location))
      }
    }
    return out
  }

  /// How far a text's lines reach out of its cell's box (or its clip), or nil when inside.
  private static func outside(_ element: LayoutElement, _ block: TextBlock, cell: Rect) -> String? {
    let bounds = element.clip?.rect ?? cell
    var beyond = 0.0
    for line in block.lines where line.width > 0 {
      let left = element.frame.x + line.x
      let top = element.frame.y + line.y
      beyond = max(
        beyond, bounds.x - left, left + line.width - (bounds.x + bounds.width), bounds.y - top,
        top + line.height - bounds.maxY)
    }
    // Half a point is antialiasing and rounding, not clipping.
    guard beyond > 0.5 else { return nil }
    return String(format: "%.1f pt outside", beyond)
  }

  /// The darkest and the lightest colour of `bitmap` inside `rect` (points at one pixel a
  /// point), RGB 0...1: a text or control is judged against the one it contrasts least with (a
  /// gradient's or an image's worst part).
  static func colors(
    in rect: Rect, of bitmap: Bitmap, inside shape: (rect: Rect, radius: Double)? = nil
  ) -> [(Double, Double, Double)] {
    let x0 = max(0, Int(rect.x.rounded(.down)))
    let y0 = max(0, Int(rect.y.rounded(.down)))
    let x1 = min(bitmap.width, Int((rect.x + rect.width).rounded(.up)))
    let y1 = min(bitmap.height, Int((rect.y + rect.height).rounded(.up)))
    guard x0 < x1, y0 < y1 else { return [] }
    // Each pixel's luminance from a table (the pixels are straight RGBA).
    var darkest = (2.0, (0.0, 0.0, 0.0))
    var lightest = (-1.0, (1.0, 1.0, 1.0))
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      for y in y0..<y1 {
        var offset = (y * bitmap.width + x0) * 4
        for x in x0..<x1 {
          defer { offset += 4 }
          if let shape, !Self.contains(shape, x: Double(x) + 0.5, y: Double(y) + 0.5) {
            continue
          }
          var r = pixels[offset]
          var g = pixels[offset + 1]
          var b = pixels[offset + 2]
          let a = Int(pixels[offset + 3])
          if a < 255 {
            // A transparent canvas: what shows through is taken as white.
            func over(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 255 * (255 - a)) / 255) }
            r = over(r)
            g = over(g)
            b = over(b)
          }
          let l = Contrast.luminance8(r, g, b)
          if l < darkest.0 {
            darkest = (l, (Double(r) / 255, Double(g) / 255, Double(b) / 255))
          }
          if l > lightest.0 {
            lightest = (l, (Double(r) / 255, Double(g) / 255, Double(b) / 255))
          }
        }
      }
    }
    // Nothing sampled (the shape missed the rectangle): no colour to judge by.
    guard darkest.0 <= 1 else { return [] }
    return [darkest.1, lightest.1]
  }

  /// Whether the point lies inside a rounded rectangle.
  static func contains(_ shape: (rect: Rect, radius: Double), x: Double, y: Double) -> Bool {
    let box = shape.rect
    guard x >= box.x, x <= box.x + box.width, y >= box.y, y <= box.maxY else { return false }
    let r = shape.radius
    let cx = min(max(x, box.x + r), box.x + box.width - r)
    let cy = min(max(y, box.y + r), box.maxY - r)
    return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
  }

  // MARK: Controls

  private func controlContrast(_ element: LayoutElement) -> AuditFinding? {
    guard let behind = behindControls else { return nil }
    let essential: [Color]
    switch element.content {
    case .switch(let paint): essential = [paint.on ? paint.onColor : paint.offColor]
    case .checkbox(let paint): essential = [paint.on ? paint.fill : paint.ring]
    case .radio(let on, let tint, let outline): essential = [on ? tint : outline]
    case .ellipse(let fill): essential = [fill]
    case .box(let fill, _, _, _, _): essential = [fill]
    default: return nil
    }
    var worst = Double.infinity
    for background in Self.colors(in: element.frame, of: behind) {
      for color in essential {
        worst = min(worst, Contrast.ratio(color, opacity: element.opacity, over: background))
      }
    }
    guard worst < 3 else { return nil }
    let kind: String
    switch element.content {
    case .switch(let paint): kind = paint.on ? "switch track (on)" : "switch track (off)"
    case .checkbox(let paint): kind = paint.on ? "checkbox (checked)" : "checkbox outline"
    case .radio(let on, _, _): kind = on ? "radio (selected)" : "radio outline"
    default: kind = element.role.rawValue
    }
    return AuditFinding(
      rule: .nonTextContrast, source: element.source, kind: kind, measured: Contrast.text(worst),
      required: "3:1", frame: element.frame,
      location: location(of: element.source, kind: "control"))
  }

  /// An icon (a Material glyph: an asset, an icon button, a chevron, the empty view's icon)
  /// against what is drawn behind it (the list without text and glyphs): at least 3:1, as
  /// WCAG 2.1's 1.4.11 asks of graphics needed to understand the content.
  private func iconContrast(_ element: LayoutElement) -> AuditFinding? {
    guard case .glyph(_, let color, _) = element.content, let behindText else { return nil }
    var worst = Double.infinity
    for background in Self.colors(in: element.frame, of: behindText) {
      worst = min(worst, Contrast.ratio(color, opacity: element.opacity, over: background))
    }
    guard worst < 3 else { return nil }
    return AuditFinding(
      rule: .nonTextContrast, source: element.source, kind: "\(element.role.rawValue) icon",
      measured: Contrast.text(worst), required: "3:1", frame: element.frame,
      location: location(of: element.source, kind: "control"))
  }

  // MARK: Targets and labels

  private func targetAndLabelFindings() -> [AuditFinding] {
    var out: [AuditFinding] = []
    let bySource = Dictionary(grouping: tree.elements, by: \.source)
    let target = minimumTarget
    func tooSmall(_ frame: Rect) -> Bool {
      frame.width < target.size - 0.01 || frame.height < target.size - 0.01
    }
    func measured(_ frame: Rect) -> String {
      // To a tenth of a point: 65.4 × 32 pt.
      func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
      }
      return "\(number(frame.width)) × \(number(frame.height)) \(target.unit)"
    }
    let required = "\(Int(target.size)) × \(Int(target.size)) \(target.unit) (\(target.rule))"
    for (sectionIndex, section) in document.sections.enumerated() {
      for (cellIndex, cell) in section.cells.enumerated() {
        let source = ElementPath.cell(section: sectionIndex, item: cellIndex).description
        let parts = bySource[source] ?? []
        guard let box = parts.first(where: { $0.role == .cell }) else { continue }
        guard case .row(let row) = cell.kind else { continue }
        let controlFrame = Rect.union(parts.filter { $0.role == .control }.map(\.frame))
        switch row.control {
        case .navigation?, .switch?, .checkbox?, .radio?:
          // The row is the target (its whole box toggles or navigates).
          if rules.contains(.targetSize), tooSmall(box.frame) {
            out.append(
              AuditFinding(
                rule: .targetSize, source: source, kind: "cell", measured: measured(box.frame),
                required: required + ", the row is the target", frame: box.frame,
                location: location(of: source, kind: "cell")))
          }
        case .button?, .icon?:
          // Its own target, with the hit area the library gives it: its frame.
          if rules.contains(.targetSize), let frame = controlFrame, tooSmall(frame) {
            out.append(
              AuditFinding(
                rule: .targetSize, source: source, kind: "control", measured: measured(frame),
                required: required, frame: frame,
                location: location(of: source, kind: "control")))
          }
          if rules.contains(.missingLabel), case .icon? = row.control, row.controlLabel == nil,
            let frame = controlFrame
          {
            out.append(
              AuditFinding(
                rule: .missingLabel, source: source, kind: "control",
                measured: "an icon button with no text", required: "a label to read",
                frame: frame, location: location(of: source, kind: "control")))
          }
        case .text?, nil:
          break
        }
        if rules.contains(.missingLabel), row.asset != nil, row.assetLabel == nil,
          row.title.text.trimmingCharacters(in: .whitespaces).isEmpty,
          (row.subtitle?.text ?? "").isEmpty, (row.descriptionText?.text ?? "").isEmpty
        {
          out.append(
            AuditFinding(
              rule: .missingLabel, source: source, kind: "cell",
              measured: "an image with no text", required: "a label to read", frame: box.frame,
              location: location(of: source, kind: "cell")))
        }
      }
    }
    if rules.contains(.targetSize),
      let button = tree.elements.first(where: { $0.role == .emptyButton }), tooSmall(button.frame)
    {
      out.append(
        AuditFinding(
          rule: .targetSize, source: ElementPath.emptyView.description, kind: "emptyButton",
          measured: measured(button.frame), required: required, frame: button.frame))
    }
    return out
  }

  /// Whether two frames overlap.
  static func intersects(_ a: Rect, _ b: Rect) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.maxY && b.y < a.maxY
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
