import ListModel

/// Problems that stop a layout.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The image would exceed the documented pixel limits (``SpecLimits``).
  case imageTooLarge(width: Int, height: Int)

  /// A sentence for the terminal.
  public var description: String {
    switch self {
    case .imageTooLarge(let width, let height):
      return
        "the image would be \(width)×\(height) px; the limits are \(SpecLimits.maxPixelSide) px a side and \(SpecLimits.maxPixels) px in all (lower canvas.scale or the number of cells)"
    }
  }
}

/// Lays out a document: model + text measurement → ``LayoutTree``. Pure geometry, no drawing.
///
/// ```swift
/// let tree = try ListLayoutEngine(measurer: measurer).layout(document)
/// print(tree.height)  // points
/// ```
public struct ListLayoutEngine {
  let measurer: any TextMeasuring

  /// An engine that measures text with `measurer`.
  public init(measurer: any TextMeasuring) { self.measurer = measurer }

  /// The layout of the whole document.
  public func layout(_ document: ListDocument) throws -> LayoutTree {
    let canvas = document.canvas
    let palette = Palette.movistar(canvas.appearance)
    var elements: [LayoutElement] = []
    var y = canvas.safeArea.top
    let rowWidth = canvas.width - canvas.safeArea.leading - canvas.safeArea.trailing
    for (sectionIndex, section) in document.sections.enumerated() {
      for (cellIndex, cell) in section.cells.enumerated() {
        let row = try layoutRow(
          cell, source: "sections[\(sectionIndex)].cells[\(cellIndex)]",
          origin: (canvas.safeArea.leading, y), width: rowWidth,
          isLast: cellIndex == section.cells.count - 1, canvas: canvas, palette: palette)
        elements += row.elements
        y += row.height
      }
    }
    let height = y + canvas.safeArea.bottom
    if canvas.direction == .rtl {
      elements = elements.map { element in
        var mirrored = element
        mirrored.frame = element.frame.mirrored(in: canvas.width)
        return mirrored
      }
    }
    let tree = LayoutTree(
      width: canvas.width, height: height, scale: canvas.scale,
      background: canvas.background ?? palette.background, elements: elements)
    let pixels = tree.pixelWidth * tree.pixelHeight
    guard tree.pixelWidth <= SpecLimits.maxPixelSide, tree.pixelHeight <= SpecLimits.maxPixelSide,
      pixels <= SpecLimits.maxPixels, tree.pixelHeight > 0
    else { throw LayoutError.imageTooLarge(width: tree.pixelWidth, height: tree.pixelHeight) }
    return tree
  }

  /// A Mística full-width row (REFERENCE §1): 16 inner margins, title / subtitle / description
  /// stacked with 2 and 4 pt gaps, at least 72 pt tall, the text block centred vertically, a
  /// separator inset 16/16 at the bottom unless it is the section's last row.
  private func layoutRow(
    _ cell: Cell, source: String, origin: (x: Double, y: Double), width: Double, isLast: Bool,
    canvas: Canvas, palette: Palette
  ) throws -> (elements: [LayoutElement], height: Double) {
    let margin = MisticaMetrics.innerMargin
    let textWidth = max(1, width - 2 * margin)
    let category = canvas.contentSize
    let titleStyle = DynamicType.scaled(MisticaMetrics.title, curve: .body, category: category)
    let bodyStyle = DynamicType.scaled(MisticaMetrics.body, curve: .subheadline, category: category)

    // (role, style, colour, measured text, gap above)
    var labels: [(LayoutElement.Role, TextStyle, Color, MeasuredText, Double)] = []
    func add(_ label: Label?, _ role: LayoutElement.Role, _ style: TextStyle, _ color: Color) throws
    {
      guard let label else { return }
      let measured = try measurer.measure(
        label.text, style: style, width: textWidth, maxLines: label.maxLines,
        direction: canvas.direction)
      let gap: Double =
        switch (labels.last?.0, role) {
        case (nil, _): 0
        case (.subtitle?, .description): MisticaMetrics.subtitleSpacing
        default: MisticaMetrics.titleSpacing
        }
      labels.append((role, style, color, measured, gap))
    }
    try add(cell.title, .title, titleStyle, palette.textPrimary)
    try add(cell.subtitle, .subtitle, bodyStyle, palette.textPrimary)
    try add(cell.description, .description, bodyStyle, palette.textSecondary)

    let textHeight = labels.reduce(0) { $0 + $1.4 + $1.3.height }
    // Self-sizing rounds heights up to whole points (REFERENCE §6), so geometry is the same
    // at every scale.
    let height = max(MisticaMetrics.fullWidthMinHeight, (textHeight + 2 * margin).rounded(.up))
    var elements = [
      LayoutElement(
        role: .cell, source: source,
        frame: Rect(x: origin.x, y: origin.y, width: width, height: height),
        content: .box(fill: palette.background, cornerRadius: 0))
    ]
    var textY = origin.y + (height - textHeight) / 2
    for (role, style, color, measured, gap) in labels {
      textY += gap
      elements.append(
        LayoutElement(
          role: role, source: source,
          frame: Rect(x: origin.x + margin, y: textY, width: textWidth, height: measured.height),
          content: .text(
            TextBlock(
              style: style, color: color, direction: canvas.direction, lines: measured.lines,
              truncated: measured.truncated))))
      textY += measured.height
    }
    if !isLast {
      // A hairline: one device pixel, like UITableView's separator.
      let thickness = 1 / canvas.scale
      let inset = MisticaMetrics.separatorInset
      elements.append(
        LayoutElement(
          role: .separator, source: source,
          frame: Rect(
            x: origin.x + inset, y: origin.y + height - thickness, width: max(0, width - 2 * inset),
            height: thickness),
          content: .box(fill: palette.divider, cornerRadius: 0)))
    }
    return (elements, height)
  }
}
