import CPangoCairo
import ListLayout

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
}
