import ListModel

/// Named colours of a theme, resolved for one appearance.
public struct Palette: Equatable, Sendable {
  /// Page and full-width cell background.
  public var background: Color
  /// Separators between rows.
  public var divider: Color
  /// Titles and subtitles.
  public var textPrimary: Color
  /// Descriptions.
  public var textSecondary: Color

  /// The Movistar palette of Mística (REFERENCE §1), light or dark.
  public static func movistar(_ appearance: Appearance) -> Palette {
    switch appearance {
    case .light:
      return Palette(
        background: hex("#FFFFFF"), divider: hex("#EEEEEE"), textPrimary: hex("#0B2739"),
        textSecondary: hex("#86888C"))
    case .dark:
      return Palette(
        background: hex("#061824"), divider: Color.white.withAlpha(0.05),
        textPrimary: hex("#EAEBEE"), textSecondary: hex("#85939C"))
    }
  }

  private static func hex(_ text: String) -> Color {
    guard let color = Color(hex: text) else { preconditionFailure("bad palette literal \(text)") }
    return color
  }
}

/// Mística list metrics (REFERENCE §1).
public enum MisticaMetrics {
  /// Minimum height of a full-width row.
  public static let fullWidthMinHeight = 72.0
  /// Inner margin on every side of a row's content.
  public static let innerMargin = 16.0
  /// Separator inset from the leading and trailing edges.
  public static let separatorInset = 16.0
  /// Title → subtitle (or → description when there is no subtitle).
  public static let titleSpacing = 2.0
  /// Subtitle → description.
  public static let subtitleSpacing = 4.0
  /// Title: 16 pt medium, lines at least 24 pt.
  public static let title = TextStyle(
    family: "Roboto", weight: .medium, size: 16, minLineHeight: 24)
  /// Subtitle and description: 14 pt regular, lines at least 20 pt.
  public static let body = TextStyle(
    family: "Roboto", weight: .regular, size: 14, minLineHeight: 20)
}

/// Apple's Dynamic Type curves (REFERENCE §5), which Mística follows.
public enum DynamicType {
  /// The text styles whose curves scale Mística's labels.
  public enum Curve: Sendable {
    /// Body/Headline: the title follows it.
    case body
    /// Subheadline: subtitle and description follow it.
    case subheadline
  }

  // Categories in ContentSizeCategory.allCases order: XS S M L XL XXL XXXL AX1 … AX5.
  private static let bodyPoints: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
  private static let subheadlinePoints: [Double] = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]

  /// `base × table[category] / table[L]`, rounded (REFERENCE §1, "Dynamic Type").
  public static func scaled(_ base: Double, curve: Curve, category: ContentSizeCategory) -> Double {
    let table = curve == .body ? bodyPoints : subheadlinePoints
    let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
    return (base * table[index] / table[3]).rounded()
  }

  /// A style with its size and minimum line height scaled alike.
  public static func scaled(
    _ style: TextStyle, curve: Curve, category: ContentSizeCategory
  ) -> TextStyle {
    var scaledStyle = style
    scaledStyle.size = scaled(style.size, curve: curve, category: category)
    scaledStyle.minLineHeight = scaled(style.minLineHeight, curve: curve, category: category)
    return scaledStyle
  }
}
