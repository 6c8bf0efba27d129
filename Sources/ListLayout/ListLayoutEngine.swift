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

/// Lays out a document: model + text and image measurement → ``LayoutTree``. Pure geometry,
/// no drawing. Cells are laid out left to right and mirrored at the end for RTL.
///
/// ```swift
/// let tree = try ListLayoutEngine(measurer: measurer, images: images).layout(document)
/// print(tree.height)  // points
/// ```
public struct ListLayoutEngine {
  let measurer: any TextMeasuring
  let images: any ImageMeasuring

  /// An engine that measures text with `measurer` and image files with `images`.
  public init(measurer: any TextMeasuring, images: any ImageMeasuring) {
    self.measurer = measurer
    self.images = images
  }

  /// The layout of the whole document.
  public func layout(_ document: ListDocument) throws -> LayoutTree {
    let canvas = document.canvas
    let theme = Theme(canvas: canvas)
    var elements: [LayoutElement] = []
    var y = canvas.safeArea.top
    let rowWidth = canvas.width - canvas.safeArea.leading - canvas.safeArea.trailing
    for (sectionIndex, section) in document.sections.enumerated() {
      for (cellIndex, cell) in section.cells.enumerated() {
        let context = CellContext(
          source: "sections[\(sectionIndex)].cells[\(cellIndex)]",
          x: canvas.safeArea.leading, y: y, width: rowWidth,
          isLast: cellIndex == section.cells.count - 1, cell: cell, canvas: canvas, theme: theme)
        let placed: PlacedCell
        switch cell.kind {
        case .row(let row): placed = try layoutRow(row, in: context)
        case .stereo(let stereo): placed = try layoutStereo(stereo, in: context)
        case .label(let label): placed = try layoutLabel(label, in: context)
        }
        elements += placed.elements
        y += placed.height
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
      background: canvas.background ?? theme[.background], elements: elements)
    let pixels = tree.pixelWidth * tree.pixelHeight
    guard tree.pixelWidth <= SpecLimits.maxPixelSide, tree.pixelHeight <= SpecLimits.maxPixelSide,
      pixels <= SpecLimits.maxPixels, tree.pixelHeight > 0
    else { throw LayoutError.imageTooLarge(width: tree.pixelWidth, height: tree.pixelHeight) }
    return tree
  }

  // MARK: Shared by the cell layouts

  /// Where one cell goes and what it knows about its surroundings.
  struct CellContext {
    let source: String
    let x: Double
    let y: Double
    let width: Double
    let isLast: Bool
    let cell: Cell
    let canvas: Canvas
    let theme: Theme

    var direction: LayoutDirection { canvas.direction }

    /// Whether the bottom separator is drawn, given the style's own rule.
    func showsSeparator(byDefault: Bool) -> Bool {
      switch cell.separator {
      case .automatic: return byDefault && !isLast
      case .visible: return true
      case .hidden: return false
      }
    }

    /// Opacity of labels and controls (disabled: 0.5, REFERENCE §1).
    var contentOpacity: Double { cell.state == .disabled ? 0.5 : 1 }
  }

  /// A cell's elements and the height it takes in the list.
  struct PlacedCell {
    var elements: [LayoutElement]
    var height: Double
  }

  /// Measures `text` and makes its element at (x, y).
  func textElement(
    _ label: Label, role: LayoutElement.Role, style: TextStyle, color: Color, x: Double, y: Double,
    width: Double, in context: CellContext, opacity: Double = 1
  ) throws -> LayoutElement {
    let measured = try measurer.measure(
      label.text, style: style, width: max(1, width), maxLines: label.maxLines,
      direction: context.direction)
    return LayoutElement(
      role: role, source: context.source,
      frame: Rect(x: x, y: y, width: max(1, width), height: measured.height),
      content: .text(
        TextBlock(
          style: style, color: color, direction: context.direction, lines: measured.lines,
          truncated: measured.truncated)),
      opacity: opacity)
  }

  /// One line of text at its natural width, for pills, badges and trailing values.
  func naturalText(
    _ text: String, role: LayoutElement.Role, style: TextStyle, color: Color, maxWidth: Double,
    in context: CellContext
  ) throws -> LayoutElement {
    let measured = try measurer.measure(
      text, style: style, width: max(1, maxWidth), maxLines: 1, direction: context.direction)
    let width = min(maxWidth, measured.lines.map(\.width).max() ?? 0)
    var lines = measured.lines
    if context.direction == .rtl {
      // Lines were right-aligned in `maxWidth`; the frame is only as wide as the text.
      for index in lines.indices { lines[index].x -= maxWidth - width }
    }
    return LayoutElement(
      role: role, source: context.source,
      frame: Rect(x: 0, y: 0, width: width, height: measured.height),
      content: .text(
        TextBlock(
          style: style, color: color, direction: context.direction, lines: lines,
          truncated: measured.truncated)))
  }

  /// The highlight or selection overlay of a cell's box, if its state has one.
  func stateOverlay(_ frame: Rect, cornerRadius: Double, in context: CellContext) -> LayoutElement?
  {
    let fill: Color
    switch context.cell.state {
    case .highlighted: fill = context.theme[.highlight]
    // Selection: the brand colour at 8%, Material's selected state layer.
    case .selected: fill = context.theme[.brand].withAlpha(0.08)
    case .normal, .disabled: return nil
    }
    return LayoutElement(
      role: .highlight, source: context.source, frame: frame,
      content: .box(fill: fill, cornerRadius: cornerRadius))
  }

  /// A hairline (one device pixel) at the bottom of `frame`, inset on both sides.
  func separator(
    under frame: Rect, leading: Double, trailing: Double, color: Color, thickness: Double? = nil,
    in context: CellContext
  ) -> LayoutElement {
    let height = thickness ?? 1 / context.canvas.scale
    return LayoutElement(
      role: .separator, source: context.source,
      frame: Rect(
        x: frame.x + leading, y: frame.maxY - height,
        width: max(0, frame.width - leading - trailing), height: height),
      content: .box(fill: color, cornerRadius: 0))
  }
}

extension Rect {
  /// The same rectangle moved by (dx, dy).
  func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }
}
