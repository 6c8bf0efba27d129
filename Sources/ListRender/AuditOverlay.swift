import Foundation
import ListPainter

extension ListRenderer {
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
