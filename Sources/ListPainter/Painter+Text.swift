import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// Draws the lines of the paragraph the measurer shaped (the same Pango lines, taken from the
  /// shared cache), each at its stored place.
  func paintText(_ cr: OpaquePointer, block: TextBlock, frame: Rect) throws {
    let paragraph = try shaper.paragraph(
      block.text, style: block.style, width: block.wrapWidth, maxLines: block.maxLines,
      direction: block.direction)
    guard paragraph.lines.count == block.lines.count else {
      throw PainterError.textMismatch(String(block.text.prefix(40)))
    }
    setSource(cr, block.color)
    for (line, shaped) in zip(block.lines, paragraph.lines) {
      cairo_move_to(cr, frame.x + line.x - shaped.left, frame.y + line.baseline)
      pango_cairo_show_layout_line(cr, shaped.line)
    }
  }

  /// A Material icon: its glyph in the Material Icons font at the frame's height, its logical
  /// box centred in the frame.
  func paintGlyph(_ cr: OpaquePointer, name: String, color: Color, frame: Rect) throws {
    guard let character = icons.character(for: name) else {
      throw PainterError.unknownIcon(name)
    }
    let style = TextStyle(
      family: "Material Icons", weight: .regular, size: frame.height, minLineHeight: 0)
    let layout = try shaper.layout(String(character), style: style, direction: .ltr)
    let extents = layout.logicalExtents
    setSource(cr, color)
    cairo_move_to(
      cr, frame.x + (frame.width - extents.width) / 2 - extents.x,
      frame.y + (frame.height - extents.height) / 2 - extents.y)
    pango_cairo_show_layout(cr, layout.pointer)
  }
}
