import CPangoCairo
import ListLayout
import ListModel

/// A Pango font description, freed with the object.
final class FontDescription {
  let pointer: OpaquePointer

  init(_ style: TextStyle) throws {
    guard let pointer = pango_font_description_new() else {
      throw PainterError.creationFailed("a Pango font description")
    }
    pango_font_description_set_family(pointer, style.family)
    pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
    // Absolute size: user-space units, so points at any render scale and any DPI setting.
    pango_font_description_set_absolute_size(pointer, style.size * Double(lr_pango_scale()))
    self.pointer = pointer
  }

  deinit { pango_font_description_free(pointer) }
}

/// A Pango layout, unreferenced with the object.
final class PangoLayoutHandle {
  let pointer: OpaquePointer

  init(context: PangoContextHandle) throws {
    guard let pointer = pango_layout_new(context.pointer) else {
      throw PainterError.creationFailed("a Pango layout")
    }
    self.pointer = pointer
  }

  deinit { lr_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Logical extents in points.
  var logicalExtents: (x: Double, y: Double, width: Double, height: Double) {
    var logical = PangoRectangle()
    pango_layout_get_extents(pointer, nil, &logical)
    let unit = Double(lr_pango_scale())
    return (
      Double(logical.x) / unit, Double(logical.y) / unit, Double(logical.width) / unit,
      Double(logical.height) / unit
    )
  }

  /// Baseline of the first line from the layout's top, in points.
  var baseline: Double { Double(pango_layout_get_baseline(pointer)) / Double(lr_pango_scale()) }
}

/// Makes Pango layouts with the renderer's fonts; shared by measuring and painting so that both
/// see the same glyphs.
final class TextShaper {
  let context: PangoContextHandle
  private var descriptions: [TextStyle: FontDescription] = [:]
  private var direction: LayoutDirection?

  init(fonts: FontSystem) throws { context = try fonts.makeContext() }

  /// A layout of `text` in `style`. With `width`, text wraps there (word, then character); with
  /// `maxLines` as well, it is cut to that many lines and ends in an ellipsis.
  func layout(
    _ text: String, style: TextStyle, direction: LayoutDirection, width: Double? = nil,
    maxLines: Int? = nil
  ) throws -> PangoLayoutHandle {
    if self.direction != direction {
      pango_context_set_base_dir(
        context.pointer, direction == .rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
      self.direction = direction
    }
    let layout = try PangoLayoutHandle(context: context)
    // Like a UILabel with natural direction: each paragraph takes its direction from its first
    // strong character; the context's base direction applies to neutral text. Alignment comes
    // from the layout (the measurer places each line).
    pango_layout_set_auto_dir(layout.pointer, 1)
    pango_layout_set_font_description(layout.pointer, try description(for: style).pointer)
    if let width {
      pango_layout_set_width(
        layout.pointer, Int32((width * Double(lr_pango_scale())).rounded(.down)))
      pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
      if let maxLines {
        pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout.pointer, -Int32(clamping: maxLines))
      }
    }
    pango_layout_set_text(layout.pointer, text, -1)
    return layout
  }

  private func description(for style: TextStyle) throws -> FontDescription {
    if let cached = descriptions[style] { return cached }
    let description = try FontDescription(style)
    descriptions[style] = description
    return description
  }
}

/// ``TextMeasuring`` by Pango: real line breaking and real glyph metrics.
///
/// Each line is measured as the single-line layout the painter will draw, so layout and
/// pixels cannot disagree.
public final class PangoTextMeasurer: TextMeasuring {
  let shaper: TextShaper

  /// A measurer over `fonts`.
  public init(fonts: FontSystem) throws { shaper = try TextShaper(fonts: fonts) }

  /// See ``TextMeasuring/measure(_:style:width:maxLines:direction:alignment:)``.
  public func measure(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection,
    alignment: TextAlignment
  ) throws -> MeasuredText {
    let paragraph = try shaper.layout(
      text, style: style, direction: direction, width: width, maxLines: maxLines)
    let truncated = maxLines != nil && pango_layout_is_ellipsized(paragraph.pointer) != 0
    let utf8 = Array(text.utf8)
    let count = Int(pango_layout_get_line_count(paragraph.pointer))
    var lines: [TextLine] = []
    var top = 0.0
    for index in 0..<count {
      guard let line = pango_layout_get_line_readonly(paragraph.pointer, Int32(index)) else {
        continue
      }
      let start = min(utf8.count, Int(line.pointee.start_index))
      let isEllipsized = truncated && index == count - 1
      let end = isEllipsized ? utf8.count : min(utf8.count, start + Int(line.pointee.length))
      var lineText = String(decoding: utf8[start..<end], as: UTF8.self)
      if !isEllipsized {
        // Spaces at a wrap point take no room on the line (and would shift RTL alignment).
        while let last = lineText.last, last.isWhitespace { lineText.removeLast() }
      }
      let single = try shaper.layout(
        lineText, style: style, direction: direction, width: isEllipsized ? width : nil,
        maxLines: isEllipsized ? 1 : nil)
      let extents = single.logicalExtents
      let lineHeight = max(style.minLineHeight, extents.height)
      // Half-leading: the extra height of a minimum line height is shared above and below.
      let originY = top + (lineHeight - extents.height) / 2
      let left =
        switch alignment {
        case .center: (width - extents.width) / 2
        case .leading: direction == .rtl ? width - extents.width : 0
        }
      lines.append(
        TextLine(
          text: lineText, x: left - extents.x, y: originY, baseline: originY + single.baseline,
          width: extents.width, availableWidth: width, ellipsized: isEllipsized))
      top += lineHeight
    }
    return MeasuredText(lines: lines, height: top, truncated: truncated)
  }
}
