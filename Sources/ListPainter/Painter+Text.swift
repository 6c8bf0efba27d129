import ListLayout
import ListModel

extension Painter {
  /// Draws the lines of the paragraph the measurer shaped (the same Pango lines, taken from the
  /// shared cache), each at its stored place.
  func paintText(_ cr: CairoContext, block: TextBlock, frame: Rect) throws {
    let paragraph = try shaper.paragraph(
      block.text, style: block.style, width: block.wrapWidth, maxLines: block.maxLines,
      direction: block.direction)
    guard paragraph.lines.count == block.lines.count else {
      throw PainterError.textMismatch(String(block.text.prefix(40)))
    }
    cr.setSource(block.color)
    for (line, shaped) in zip(block.lines, paragraph.lines) {
      cr.show(shaped, x: frame.x + line.x - shaped.left, y: frame.y + line.baseline)
      // A glyph FreeType cannot draw (a damaged or hostile font) fails cairo here: said with
      // the line and the fonts it was drawn with, not as a bare "error in libfreetype".
      do {
        try cr.checkStatus()
      } catch PainterError.cairo(let message) {
        throw PainterError.cairo(
          "\(message), drawing \(shownScalar(String(line.text.prefix(40)))) with "
            + shaped.families.map(shownScalar).joined(separator: ", "))
      }
    }
  }

  /// A Material icon: its glyph in the Material Icons font at the frame's height, its logical
  /// box centred in the frame.
  func paintGlyph(_ cr: CairoContext, name: String, color: Color, frame: Rect) throws {
    guard let character = icons.character(for: name) else {
      throw PainterError.unknownIcon(name)
    }
    let style = TextStyle(
      family: FontCatalog.iconFamily, weight: .regular, size: frame.height, minLineHeight: 0)
    let layout = try shaper.layout(String(character), style: style, direction: .ltr)
    let extents = layout.logicalExtents
    cr.setSource(color)
    cr.show(
      layout, x: frame.x + (frame.width - extents.width) / 2 - extents.x,
      y: frame.y + (frame.height - extents.height) / 2 - extents.y)
  }
}
