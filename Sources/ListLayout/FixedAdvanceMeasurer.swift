import ListModel

/// A ``TextMeasuring`` without fonts: every character advances `advance × size` points, lines
/// break at spaces (a word longer than the line is cut at the width), and each line is
/// `max(lineHeight × size, minLineHeight)` tall with its baseline at 80 % of that. Tests use it
/// to check the layout's geometry (paddings, insets, grids, stacking) exactly, with numbers
/// they can work out by hand; Pango keeps its own tests.
package struct FixedAdvanceMeasurer: TextMeasuring {
  /// Advance of one character, as a fraction of the font size.
  package var advance: Double
  /// Line pitch, as a fraction of the font size (raised to the style's minimum line height).
  package var lineHeight: Double

  /// A measurer with half-em characters and 1.25-em lines by default.
  package init(advance: Double = 0.5, lineHeight: Double = 1.25) {
    self.advance = advance
    self.lineHeight = lineHeight
  }

  /// The width of `count` characters in `style`.
  package func width(of count: Int, style: TextStyle) -> Double {
    Double(count) * advance * style.size
  }

  package func measure(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection,
    alignment: TextAlignment
  ) throws -> MeasuredText {
    let perLine = max(1, Int((width / (advance * style.size)).rounded(.down)))
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      for word in paragraph.split(separator: " ") {
        var word = Substring(word)
        while !word.isEmpty {
          let candidate = current.isEmpty ? String(word) : current + " " + word
          if candidate.count <= perLine {
            current = candidate
            word = ""
          } else if current.isEmpty {
            current = String(word.prefix(perLine))
            word = word.dropFirst(perLine)
            lines.append(current)
            current = ""
          } else {
            lines.append(current)
            current = ""
          }
        }
      }
      lines.append(current)
    }
    var truncated = false
    if let maxLines, lines.count > maxLines {
      lines = Array(lines.prefix(maxLines))
      truncated = true
    }
    let pitch = max(lineHeight * style.size, style.minLineHeight)
    let measured = lines.enumerated().map { index, line in
      let lineWidth = self.width(of: line.count, style: style)
      let free = max(0, width - lineWidth)
      let x: Double
      switch (alignment, direction) {
      case (.center, _): x = free / 2
      case (.leading, .ltr): x = 0
      case (.leading, .rtl): x = free
      }
      return TextLine(
        text: line, x: x, y: Double(index) * pitch, height: pitch,
        baseline: (Double(index) + 0.8) * pitch,
        width: lineWidth, ellipsized: truncated && index == lines.count - 1,
        paragraphDirection: direction)
    }
    return MeasuredText(lines: measured, height: Double(lines.count) * pitch, truncated: truncated)
  }
}
