import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// Draws each line as the single-line layout the measurer measured, at its stored origin.
  func paintText(_ cr: OpaquePointer, block: TextBlock, frame: Rect) throws {
    setSource(cr, block.color)
    for line in block.lines {
      let layout = try shaper.layout(
        line.text, style: block.style, direction: block.direction,
        width: line.ellipsized ? line.availableWidth : nil, maxLines: line.ellipsized ? 1 : nil)
      cairo_move_to(cr, frame.x + line.x, frame.y + line.y)
      pango_cairo_show_layout(cr, layout.pointer)
    }
  }

  /// A Material icon: its glyph in the Material Icons font at the frame's height, its logical
  /// box centred in the frame.
  func paintGlyph(_ cr: OpaquePointer, name: String, color: Color, frame: Rect) throws {
    guard let character = icons.character(for: name) else {
      throw PainterError.creationFailed("icon '\(name)' (not in the Material Icons catalog)")
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
