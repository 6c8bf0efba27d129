import ListModel

/// The self-sizing label cell of OneBusAway/onebusaway-ios (OBAKit `SelfSizingCollectionCell`,
/// `Separated`): any number of lines inside the theme padding, a 0.5 pt separator from the leading
/// margin to the trailing edge, and a highlight background.
extension ListLayoutEngine {
  /// Theme padding (top and bottom).
  static let labelPadding = 8.0
  /// The layout margin the text and the separator start at.
  static let labelLeadingMargin = 16.0
  /// Table row minimum height.
  static let labelMinHeight = 40.0

  func layoutLabel(_ label: LabelCell, in context: CellContext) throws -> PlacedCell {
    let theme = context.theme
    let margin = Self.labelLeadingMargin
    let text = try textElement(
      label.text, role: .text, style: theme.labelText, color: theme[.textPrimary],
      x: context.x + margin, y: context.y + Self.labelPadding, width: context.width - 2 * margin,
      in: context, opacity: context.contentOpacity)
    // Self-sizing rounds heights up (OBAKit `SelfSizingCollectionCell`: `ceil`).
    let height = max(Self.labelMinHeight, (text.frame.height + 2 * Self.labelPadding).rounded(.up))
    var placedText = text
    placedText.frame.y = context.y + (height - text.frame.height) / 2
    let box = Rect(x: context.x, y: context.y, width: context.width, height: height)
    var elements = [
      LayoutElement(
        role: .cell, source: context.source, frame: box,
        content: .box(fill: theme[.background], cornerRadius: 0))
    ]
    if context.showsSeparator(byDefault: true) {
      // The theme's divider, as every other cell's (OBAKit's own is the system separator).
      let color = theme[.divider]
      let insets = context.separatorInsets(standard: (margin, 0), text: margin)
      elements.append(
        separator(
          under: box, leading: insets.leading, trailing: insets.trailing, color: color,
          thickness: 0.5, in: context))
    }
    if context.cell.state == .highlighted {
      // The theme's highlight, as every other cell's (OBAKit's own is the system fill).
      let fill = theme[.highlight]
      elements.append(
        LayoutElement(
          role: .highlight, source: context.source, frame: box,
          content: .box(fill: fill, cornerRadius: 0)))
    } else if let overlay = stateOverlay(box, cornerRadius: 0, in: context) {
      elements.append(overlay)
    }
    elements.append(placedText)
    return PlacedCell(elements: elements, height: height)
  }
}
