import ListModel

/// A theme resolved for one canvas: colours for its appearance (with the spec's overrides),
/// type styles scaled to its content size, and the metrics of its design system.
///
/// ```swift
/// let theme = Theme(canvas: document.canvas)
/// let ink = theme[.textPrimary]
/// ```
package struct Theme: Equatable, Sendable {
  /// Which design system.
  public var name: ThemeName
  /// Light or dark.
  public var appearance: Appearance
  /// Every named colour.
  public var colors: [ColorName: Color]
  /// Row title.
  public var title: TextStyle
  /// Row subtitle and description.
  public var body: TextStyle
  /// Headline overline.
  public var overline: TextStyle
  /// Tag and badge text.
  public var caption: TextStyle
  /// Trailing text values and button labels.
  public var control: TextStyle
  /// Stereo cell title and detail (MDC fonts subtitle1 / body2, natural line height).
  public var stereoTitle: TextStyle
  /// Stereo cell detail.
  public var stereoDetail: TextStyle
  /// Label cell text.
  public var labelText: TextStyle
  /// Section header titles: 14 pt medium, secondary colour.
  public var sectionHeader: TextStyle
  /// Section footers: 12 pt regular, secondary colour.
  public var sectionFooter: TextStyle
  /// The elevation shadow model: the canvas's, else Mística (iOS) MDC's, Material web's.
  public var shadowModel: ShadowModel = .mdc
  /// Monogram initials: 16 pt medium at every content size, since the 40 pt circle is fixed.
  public var monogram = TextStyle(family: "Roboto", weight: .medium, size: 16, minLineHeight: 24)

  /// The colour of `name`.
  public subscript(_ name: ColorName) -> Color { colors[name] ?? .black }

  /// The theme a canvas asks for.
  public init(canvas: Canvas) {
    name = canvas.theme
    appearance = canvas.appearance
    let category = canvas.contentSize
    switch canvas.theme {
    case .mistica:
      colors = Self.movistar(canvas.appearance)
      // Mística follows Apple's Dynamic Type curves (Apple's Human Interface Guidelines, Dynamic
      // Type sizes).
      title = TypeCurve.appleBody.scale(Self.roboto(.medium, 16, 24), category)
      body = TypeCurve.appleSubheadline.scale(Self.roboto(.regular, 14, 20), category)
      overline = TypeCurve.appleCaption1.scale(Self.roboto(.medium, 12, 16), category)
      caption = TypeCurve.appleCaption1.scale(Self.roboto(.medium, 12, 16), category)
      control = TypeCurve.appleSubheadline.scale(Self.roboto(.regular, 14, 20), category)
      labelText = TypeCurve.appleBody.scale(Self.roboto(.regular, 16, 24), category)
      sectionHeader = TypeCurve.appleSubheadline.scale(Self.roboto(.medium, 14, 20), category)
      sectionFooter = TypeCurve.appleCaption1.scale(Self.roboto(.regular, 12, 16), category)
    case .material:
      colors = Self.material(canvas.appearance)
      // Material follows MDC's font scaler curves (material-components-ios
      // `Typography/src/FontScaler/MDCFontScaler.m`): Subtitle1 16, Body2 14.
      title = TypeCurve.mdcSubtitle1.scale(Self.roboto(.regular, 16, 24), category)
      body = TypeCurve.mdcBody2.scale(Self.roboto(.regular, 14, 20), category)
      overline = TypeCurve.mdcOverline.scale(Self.roboto(.medium, 10, 16), category)
      caption = TypeCurve.mdcCaption.scale(Self.roboto(.medium, 12, 16), category)
      control = TypeCurve.mdcBody2.scale(Self.roboto(.regular, 14, 20), category)
      labelText = TypeCurve.mdcBody1.scale(Self.roboto(.regular, 16, 24), category)
      // The M2 list subheader: Subtitle2-sized, medium, medium emphasis.
      sectionHeader = TypeCurve.mdcBody2.scale(Self.roboto(.medium, 14, 20), category)
      sectionFooter = TypeCurve.mdcCaption.scale(Self.roboto(.regular, 12, 16), category)
    }
    // MDCSelfSizingStereoCell uses subtitle1 and body2 at their natural line height
    // (`MDCSelfSizingStereoCell.m`).
    stereoTitle = TypeCurve.mdcSubtitle1.scale(Self.roboto(.regular, 16, 0), category)
    stereoDetail = TypeCurve.mdcBody2.scale(Self.roboto(.regular, 14, 0), category)
    shadowModel = canvas.shadow ?? (canvas.theme == .mistica ? .mdc : .web)
    for (name, color) in canvas.colors { colors[name] = color }
  }

  /// The colour of a press ripple (material-components-ios `MDCRippleLayer.m`, `MDCInkLayer.m`,
  /// `MDCBaseCell+MaterialTheming.m`): MDCRippleLayer black 0.12 (white in dark), themed Material
  /// list cells onSurface 0.16; MDCInkView black 0.14 (white in dark). Mística presses in its
  /// highlight colour (mistica-ios `ListTableViewCell.swift`: black 5%, white 5% in dark), ripple
  /// or highlight alike.
  public func rippleColor(_ style: RippleStyle) -> Color {
    if name == .mistica { return self[.highlight] }
    let ink = appearance == .dark ? Color.white : Color.black
    switch style {
    case .ink: return ink.withAlpha(0.14)
    case .ripple: return ink.withAlpha(name == .material ? 0.16 : 0.12)
    }
  }

  /// The fill of a surface at elevation `e`: Material dark surfaces lighten (Material's dark
  /// theme).
  public func surface(_ fill: Color, elevation e: Double) -> Color {
    guard name == .material, appearance == .dark, e >= 1,
      fill == self[.background] || fill == self[.backgroundContainer]
    else { return fill }
    return Elevation.darkSurface(self[.background], elevation: e)
  }

  private static func roboto(_ weight: FontWeight, _ size: Double, _ line: Double) -> TextStyle {
    TextStyle(family: "Roboto", weight: weight, size: size, minLineHeight: line)
  }

  // MARK: Metrics

  /// Minimum height of a row box: Mística 72 full-width / 92 boxed (mistica-ios
  /// `ListTableViewCell.swift`); Material by line count and leading element, the M2 list
  /// specification: 48/56 one line, 64/72 two lines, 88 three.
  public func rowMinHeight(style: CellStyle, hasAsset: Bool, lines: Int) -> Double {
    switch name {
    case .mistica:
      return style == .fullWidth ? 72 : 92
    case .material:
      switch lines {
      case ...1: return hasAsset ? 56 : 48
      case 2: return hasAsset ? 72 : 64
      default: return 88
      }
    }
  }

  /// Top and bottom margin of a row's content: Mística's 16 (`ListCellContentView.swift`); Material
  /// rows take their height from the line count (48 / 64 / 88), which leaves 8 around the text.
  public var rowVerticalMargin: Double { name == .mistica ? 16 : 8 }

  /// Corner radius of boxed cells: Mística 16 (Movistar `container`), a Material card 4.
  public var boxedCornerRadius: Double { name == .mistica ? 16 : 4 }

  /// Gap between a small (24 pt) icon and the text: Mística's 16; Material puts text at x 72.
  public var smallIconGap: Double { name == .mistica ? 16 : 32 }

  /// Ink that reads on `background` when the spec gives no colour: the theme's light-mode text
  /// colour on light fills, white on dark ones (relative luminance above or below 0.5).
  public func ink(on background: Color) -> Color {
    let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    guard luminance > 0.5 else { return .white }
    return name == .mistica ? Self.hex("#0B2739") : Color.black.withAlpha(0.87)
  }

  /// The switch drawn by this theme.
  public var switchStyle: SwitchStyle { name == .mistica ? .ios : .material }

  // MARK: Palettes

  /// The Movistar palette. `brand`, `onBrand`, `control`, `tag` and `tagText`
  /// are not in the reference: they are Movistar's brand blue and neutrals, chosen here.
  static func movistar(_ appearance: Appearance) -> [ColorName: Color] {
    switch appearance {
    case .light:
      return [
        .background: hex("#FFFFFF"), .backgroundContainer: hex("#FFFFFF"),
        .backgroundContainerBrand: hex("#019DF4"), .border: hex("#DDDDDD"),
        .divider: hex("#EEEEEE"), .textPrimary: hex("#0B2739"), .textSecondary: hex("#86888C"),
        .textPrimaryInverse: hex("#FFFFFF"), .textSecondaryInverse: hex("#E6F5FD"),
        .badge: hex("#D73241"), .brand: hex("#019DF4"), .onBrand: hex("#FFFFFF"),
        .control: hex("#B6B9BF"), .highlight: Color.black.withAlpha(0.05),
        .tag: hex("#E6F5FD"), .tagText: hex("#0B68A6"),
      ]
    case .dark:
      return [
        .background: hex("#061824"), .backgroundContainer: hex("#081F2E"),
        .backgroundContainerBrand: hex("#081F2E"), .border: hex("#081F2E"),
        .divider: Color.white.withAlpha(0.05), .textPrimary: hex("#EAEBEE"),
        .textSecondary: hex("#85939C"), .textPrimaryInverse: hex("#EAEBEE"),
        .textSecondaryInverse: hex("#85939C"), .badge: hex("#D73241"), .brand: hex("#019DF4"),
        .onBrand: hex("#FFFFFF"), .control: hex("#3A5566"),
        .highlight: Color.white.withAlpha(0.05), .tag: hex("#0B3A57"), .tagText: hex("#E6F5FD"),
      ]
    }
  }

  /// Material colours (material-components-ios `MDCSemanticColorScheme.m`): surface, onSurface at
  /// 0.87 / 0.6 emphasis, primary; dark surfaces #121212 with the elevation-1 overlay (#1E1E1E) on
  /// cards.
  static func material(_ appearance: Appearance) -> [ColorName: Color] {
    switch appearance {
    case .light:
      let onSurface = Color.black
      return [
        .background: hex("#FFFFFF"), .backgroundContainer: hex("#FFFFFF"),
        .backgroundContainerBrand: hex("#6200EE"), .border: onSurface.withAlpha(0.12),
        .divider: onSurface.withAlpha(0.12), .textPrimary: onSurface.withAlpha(0.87),
        .textSecondary: onSurface.withAlpha(0.6), .textPrimaryInverse: hex("#FFFFFF"),
        .textSecondaryInverse: Color.white.withAlpha(0.74), .badge: hex("#B00020"),
        .brand: hex("#6200EE"), .onBrand: hex("#FFFFFF"), .control: onSurface.withAlpha(0.54),
        .highlight: onSurface.withAlpha(0.12), .tag: hex("#6200EE").withAlpha(0.12),
        .tagText: hex("#6200EE"),
      ]
    case .dark:
      let onSurface = Color.white
      return [
        .background: hex("#121212"), .backgroundContainer: hex("#1E1E1E"),
        .backgroundContainerBrand: hex("#BB86FC"), .border: onSurface.withAlpha(0.12),
        .divider: onSurface.withAlpha(0.2), .textPrimary: onSurface.withAlpha(0.87),
        .textSecondary: onSurface.withAlpha(0.6), .textPrimaryInverse: Color.black.withAlpha(0.87),
        .textSecondaryInverse: Color.black.withAlpha(0.6), .badge: hex("#CF6679"),
        .brand: hex("#BB86FC"), .onBrand: hex("#000000"), .control: onSurface.withAlpha(0.6),
        .highlight: onSurface.withAlpha(0.12), .tag: hex("#BB86FC").withAlpha(0.24),
        .tagText: hex("#BB86FC"),
      ]
    }
  }

  static func hex(_ text: String) -> Color {
    guard let color = Color(hex: text) else { preconditionFailure("bad palette literal \(text)") }
    return color
  }
}

/// How a switch is drawn.
public enum SwitchStyle: String, Sendable, Equatable {
  /// iOS UISwitch, 51 × 31 (Mística on iOS).
  case ios
  /// Material switch: a 34 × 14 track with a 20 pt thumb.
  case material
}

/// Font scaling curves (`MDCFontScaler.m` and Apple's Dynamic Type sizes): sizes for XS … XXXL, AX1
/// … AX5; `L` is the fourth.
package struct TypeCurve: Sendable {
  let points: [Double]

  /// Apple Body / Headline.
  public static let appleBody = TypeCurve(points: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
  /// Apple Subheadline.
  public static let appleSubheadline = TypeCurve(
    points: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49])
  /// Apple Caption 1.
  public static let appleCaption1 = TypeCurve(
    points: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43])
  /// MDC Subtitle1.
  public static let mdcSubtitle1 = TypeCurve(
    points: [13, 14, 15, 16, 18, 20, 22, 25, 30, 37, 44, 52])
  /// MDC Body1.
  public static let mdcBody1 = TypeCurve(points: [13, 14, 15, 16, 18, 20, 22, 26, 30, 34, 38, 42])
  /// MDC Body2 (and Subtitle2).
  public static let mdcBody2 = TypeCurve(points: [11, 12, 13, 14, 16, 18, 20, 22, 25, 30, 36, 42])
  /// MDC Caption.
  public static let mdcCaption = TypeCurve(points: [11, 11, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28])
  /// MDC Overline.
  public static let mdcOverline = TypeCurve(points: [8, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26])

  /// `base × table[category] / table[L]`, rounded, as `MDCFontScaler` scales.
  public func scaled(_ base: Double, _ category: ContentSizeCategory) -> Double {
    let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
    return (base * points[index] / points[3]).rounded()
  }

  /// A style with its size and minimum line height scaled alike.
  public func scale(_ style: TextStyle, _ category: ContentSizeCategory) -> TextStyle {
    var scaledStyle = style
    scaledStyle.size = scaled(style.size, category)
    scaledStyle.minLineHeight = scaled(style.minLineHeight, category)
    return scaledStyle
  }
}
