import ListModel

/// Font weights used by the design systems.
public enum FontWeight: Int, Sendable, Hashable {
  /// 300 (Roboto Light: a brand's `light` weight).
  case light = 300
  /// 400.
  case regular = 400
  /// 500.
  case medium = 500
  /// 700.
  case bold = 700
}

/// A font and its line metrics, as a type scale gives them.
public struct TextStyle: Equatable, Hashable, Sendable {
  /// Font family, resolved by the renderer's own font configuration.
  public var family: String
  /// Weight.
  public var weight: FontWeight
  /// Size in points.
  public var size: Double
  /// Each line is at least this tall; extra space is shared above and below (half-leading).
  public var minLineHeight: Double
  /// The text's language (BCP 47, as `canvas.language`): which Noto Sans CJK face draws Han
  /// characters first, and the language Pango shapes and breaks lines for.
  public var language: String

  /// A style from its parts.
  public init(
    family: String, weight: FontWeight, size: Double, minLineHeight: Double,
    language: String = "en"
  ) {
    self.family = family
    self.weight = weight
    self.size = size
    self.minLineHeight = minLineHeight
    self.language = language
  }
}

/// Text measured for a given width: its lines and its size.
package struct MeasuredText: Equatable, Sendable {
  /// The lines, positioned relative to the top left of the text block.
  public var lines: [TextLine]
  /// Block height: the sum of the line heights.
  public var height: Double
  /// Whether the text was cut to `maxLines` and ellipsized.
  public var truncated: Bool
  /// The first character no font has a glyph for (it would be drawn as a box), if any.
  public var missingCharacter: Unicode.Scalar?
  /// The family of a font that claims ``missingCharacter`` in its character map but drew no
  /// glyph for it (a damaged font), if any.
  public var missingCharacterClaimedBy: String?

  /// A measurement from its parts.
  public init(
    lines: [TextLine], height: Double, truncated: Bool, missingCharacter: Unicode.Scalar? = nil
  ) {
    self.lines = lines
    self.height = height
    self.truncated = truncated
    self.missingCharacter = missingCharacter
  }
}

/// Where lines sit across the text block.
public enum TextAlignment: Sendable, Equatable {
  /// At the leading edge of the layout direction.
  case leading
  /// Centred.
  case center
}

/// Breaks text into lines and measures it. Layout depends on this protocol only; the painter
/// module implements it with Pango, so layout and painting agree on every glyph.
package protocol TextMeasuring {
  /// Measures `text` wrapped at `width` points, cut to `maxLines` (nil: unlimited) with an
  /// ellipsis, each line placed by `alignment` in the layout `direction`.
  func measure(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection,
    alignment: TextAlignment
  ) throws -> MeasuredText
}

extension TextMeasuring {
  /// Measures with lines at the leading edge.
  public func measure(
    _ text: String, style: TextStyle, width: Double, maxLines: Int?, direction: LayoutDirection
  ) throws -> MeasuredText {
    try measure(
      text, style: style, width: width, maxLines: maxLines, direction: direction,
      alignment: .leading)
  }
}

/// Gives the intrinsic size of image files, in points (one pixel is one point, as a UIImage
/// loaded at scale 1). The painter module implements it; the layout needs only sizes.
package protocol ImageMeasuring {
  /// The image's size.
  /// - Throws: ``SpecError`` naming the file and field when the image cannot be read.
  func size(of image: FileReference) throws -> (width: Double, height: Double)
}
