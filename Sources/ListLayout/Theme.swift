import ListModel

/// A theme resolved for one canvas: its design system's values, colours for its appearance
/// (with the spec's overrides) and type styles scaled to its content size.
///
/// Layout and painting read values from here and never ask which design system it is: a new
/// design system (or a brand's skin) is a new ``DesignSystem`` value, not a new branch.
///
/// ```swift
/// let theme = Theme(canvas: document.canvas)
/// let ink = theme[.textPrimary]
/// ```
package struct Theme: Equatable, Sendable {
  /// The design system's metrics and rules.
  public var system: DesignSystem
  /// Light or dark.
  public var appearance: Appearance
  /// Every named colour.
  public var colors: [ColorName: Color]
  /// The named colours that are gradients (where a box of that colour is filled with it); a
  /// spec's own colour for the name replaces the gradient.
  public var gradients: [ColorName: LinearGradient]
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
  /// Stereo cell title (MDC font subtitle1, natural line height).
  public var stereoTitle: TextStyle
  /// Stereo cell detail (MDC font body2, natural line height).
  public var stereoDetail: TextStyle
  /// Label cell text.
  public var labelText: TextStyle
  /// Section header titles (Mística `title1`, Material's subheader).
  public var sectionHeader: TextStyle
  /// Section footers: 12 pt regular, secondary colour.
  public var sectionFooter: TextStyle
  /// Mística `title2` section header titles.
  public var sectionHeaderTitle2: TextStyle
  /// A section header's link.
  public var headerLink: TextStyle
  /// The elevation shadow model: the canvas's, else the design system's.
  public var shadowModel: ShadowModel
  /// Monogram initials: 16 pt medium at every content size, since the 40 pt circle is fixed.
  public var monogram = TextStyle(family: "Roboto", weight: .medium, size: 16, minLineHeight: 24)

  /// The colour of `name`.
  public subscript(_ name: ColorName) -> Color {
    // Every design system and skin defines every name (SkinTests checks them all); a debug
    // build stops at a palette that lost one rather than drawing it black.
    guard let color = colors[name] else {
      assertionFailure("the theme has no colour \(name.rawValue)")
      return .black
    }
    return color
  }

  /// `color` itself, or the theme's colour it names (``Color/theme(_:)``), or the Mística
  /// colour token it names (`canvas.theme.colors` first, then the brand's token file).
  /// - Throws: ``LayoutError/unknownColorToken(name:theme:)`` for a token the theme lacks.
  package func resolve(_ color: Color) throws -> Color {
    if let name = color.themeName { return self[name] }
    guard let token = color.tokenName else { return color }
    if let replaced = tokenColors[token] { return replaced.from(token: token) }
    guard let skin = tokenSkin else {
      throw LayoutError.unknownColorToken(name: token, theme: "a theme without Mística token files")
    }
    let file = canvasTokens ?? skin.colorTokenFile
    guard let value = file.color(token, appearance) else {
      throw LayoutError.unknownColorToken(name: token, theme: file.file)
    }
    return value.from(token: token)
  }

  /// ``resolve(_:)-(Color)`` for an optional colour.
  package func resolve(_ color: Color?) throws -> Color? { try color.map { try resolve($0) } }

  /// Where a colour token is read from: the canvas's token file, else its brand's (looked up
  /// only when a token is named); nil for a theme without token files. And the tokens
  /// `canvas.theme.colors` replaces.
  private var canvasTokens: MisticaTokenFile?
  private var tokenSkin: MisticaSkin?
  private var tokenColors: [String: Color] = [:]

  /// The theme a canvas asks for.
  public init(canvas: Canvas) {
    self.init(
      system: DesignSystem.named(canvas.theme, skin: canvas.skin, tokens: canvas.tokens),
      canvas: canvas)
  }

  /// `system` resolved for a canvas's appearance, content size and overrides.
  public init(system: DesignSystem, canvas: Canvas) {
    self.system = system
    appearance = canvas.appearance
    colors = canvas.appearance == .dark ? system.dark : system.light
    for (name, token) in canvas.appearance == .dark ? system.darkTokenNames : system.lightTokenNames
    {
      colors[name] = colors[name]?.from(token: token)
    }
    gradients = canvas.appearance == .dark ? system.darkGradients : system.lightGradients
    let category = canvas.contentSize
    let types = system.types
    title = types.title.style(category)
    body = types.body.style(category)
    overline = types.overline.style(category)
    caption = types.caption.style(category)
    control = types.control.style(category)
    labelText = types.labelText.style(category)
    sectionHeader = types.sectionHeader.style(category)
    sectionFooter = types.sectionFooter.style(category)
    sectionHeaderTitle2 = types.sectionHeaderTitle2.style(category)
    headerLink = types.headerLink.style(category)
    stereoTitle = types.stereoTitle.style(category)
    stereoDetail = types.stereoDetail.style(category)
    shadowModel = canvas.shadow ?? system.shadowModel
    if canvas.theme == .mistica { (canvasTokens, tokenSkin) = (canvas.tokens, canvas.skin) }
    tokenColors = canvas.tokenColors
    for (name, color) in canvas.colors {
      colors[name] = color.from(token: colors[name]?.origin)
      gradients[name] = nil
    }
    for path in Self.textStylePaths {
      self[keyPath: path].language = canvas.language
      if let font = canvas.font { self[keyPath: path].family = font }
    }
  }

  /// Every text style of the theme.
  private static var textStylePaths: [WritableKeyPath<Theme, TextStyle>] {
    [
      \Theme.title, \.body, \.overline, \.caption, \.control, \.labelText, \.sectionHeader,
      \.sectionFooter, \.sectionHeaderTitle2, \.headerLink, \.stereoTitle, \.stereoDetail,
      \.monogram,
    ]
  }

  /// Whether text in headers of `headerStyles` (nil: the default style) and every other text
  /// style of the theme may be bold. The layout draws text in the theme's styles, raising a
  /// weight to medium at most (a headline tag, a button), so without a bold style no text asks
  /// for a bold face; the `title2` header style counts only where a header takes it.
  package func hasBoldText(headerStyles: Set<HeaderStyle?>) -> Bool {
    hasText(weighing: .bold, headerStyles: headerStyles)
  }

  /// Whether any text is light (a brand's `light` weight, `text5` in O2, Vivo and Blau), as
  /// ``hasBoldText(headerStyles:)`` tells bold.
  package func hasLightText(headerStyles: Set<HeaderStyle?>) -> Bool {
    hasText(weighing: .light, headerStyles: headerStyles)
  }

  private func hasText(weighing weight: FontWeight, headerStyles: Set<HeaderStyle?>) -> Bool {
    let usesTitle2 =
      headerStyles.contains(.title2)
      || (headerStyles.contains(nil) && system.sectionHeader == .titleView(defaultStyle: .title2))
    return Self.textStylePaths.contains { path in
      self[keyPath: path].weight == weight && (path != \.sectionHeaderTitle2 || usesTitle2)
    }
  }

  /// The colour of a press ripple of either style: the design system's press ink (its
  /// highlight colour, or black/white at the ink's alpha).
  public var rippleColor: Color {
    switch system.press {
    case .highlight:
      return self[.highlight]
    case .ink(let alpha):
      return (appearance == .dark ? Color.white : Color.black).withAlpha(alpha)
    }
  }

  /// The fill of a surface at elevation `e`: where the design system lightens dark surfaces
  /// (Material's dark theme), the background and container fills lighten with elevation.
  public func surface(_ fill: Color, elevation e: Double) -> Color {
    guard system.darkSurfacesLighten, appearance == .dark, e >= 1,
      fill == self[.background] || fill == self[.backgroundContainer]
    else { return fill }
    return Elevation.darkSurface(self[.background], elevation: e)
  }

  /// Minimum height of a row's box, whose cell has `outerMargins` above and below it.
  public func rowMinHeight(style: CellStyle, hasAsset: Bool, lines: Int, outerMargins: Double)
    -> Double
  {
    system.rowMinimumHeight.boxHeight(
      style: style, hasAsset: hasAsset, lines: lines, outerMargins: outerMargins)
  }

  /// Top and bottom margin of a row's content.
  public var rowVerticalMargin: Double { system.rowVerticalMargin }

  /// Corner radius of boxed cells and cards.
  public var boxedCornerRadius: Double { system.boxedCornerRadius }

  /// Gap between a small (24 pt) icon and the text.
  public var smallIconGap: Double { system.smallIconGap }

  /// The switch drawn by this theme.
  public var switchStyle: SwitchStyle { system.switchStyle }

  /// Ink that reads on `background` when the spec gives no colour: the design system's
  /// light-mode text colour on light fills, white on dark ones (relative luminance above or
  /// below 0.5).
  public func ink(on background: Color) -> Color {
    let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    return luminance > 0.5 ? system.inkOnLight : .white
  }
}

/// How a switch is drawn.
public enum SwitchStyle: String, Sendable, Equatable {
  /// iOS UISwitch: a 51 × 31 capsule with a 27 pt thumb (Mística on iOS).
  case capsule
  /// Material switch: a 34 × 14 track under a 20 pt thumb, in a 36 × 20 frame.
  case track

  /// The switch's frame in points.
  public var size: (width: Double, height: Double) {
    switch self {
    case .capsule: (51, 31)
    case .track: (36, 20)
    }
  }
}

/// Font scaling curves (`MDCFontScaler.m` and Apple's Dynamic Type sizes): sizes for XS … XXXL, AX1
/// … AX5; `L` is the fourth.
package struct TypeCurve: Equatable, Sendable {
  let points: [Double]

  /// Apple Body / Headline.
  public static let appleBody = TypeCurve(points: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
  /// Apple Title 3 (Apple Human Interface Guidelines, Typography: iOS Dynamic Type sizes).
  public static let appleTitle3 = TypeCurve(
    points: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55])
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

  /// `table[category] / table[L]`: what `UIFontMetrics.scaledValue(for:)` multiplies a length
  /// by (not rounded).
  public func factor(_ category: ContentSizeCategory) -> Double {
    let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
    return points[index] / points[3]
  }

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
