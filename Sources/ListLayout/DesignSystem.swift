import ListModel

/// A design system as values: its palettes, type styles, metrics and press and shadow rules.
/// ``Theme`` resolves one for a canvas; layout and painting read only these values, so a new
/// design system or brand skin is one more value here.
package struct DesignSystem: Equatable, Sendable {
  /// Every named colour in light appearance.
  public var light: [ColorName: Color]
  /// Every named colour in dark appearance.
  public var dark: [ColorName: Color]
  /// Colours that are gradients in light appearance (`light` holds their first stop, for
  /// whatever draws them flat).
  public var lightGradients: [ColorName: LinearGradient] = [:]
  /// Colours that are gradients in dark appearance.
  public var darkGradients: [ColorName: LinearGradient] = [:]
  /// The type styles and the curves they scale along.
  public var types: TypeScale
  /// The minimum height of a row's box.
  public var rowMinimumHeight: RowMinimumHeight
  /// Top and bottom margin of a row's content.
  public var rowVerticalMargin: Double
  /// How a row's title, subtitle and description are sized.
  public var rowLabels: RowLabelSizing
  /// Corner radius of boxed rows and cards.
  public var boxedCornerRadius: Double
  /// Gap between a small (24 pt) icon and the text.
  public var smallIconGap: Double
  /// Text colour on light fills that give no ink of their own (monograms, icons on a fill).
  public var inkOnLight: Color
  /// The switch control.
  public var switchStyle: SwitchStyle
  /// The colour of a stereo cell's detail text.
  public var stereoDetailColor: ColorName
  /// How section headers sit.
  public var sectionHeader: SectionHeaderMetrics
  /// The elevation of a boxed row that gives none.
  public var boxedElevation: Double
  /// Whether an elevated box loses its border (a Material card's border stands in for a
  /// shadow).
  public var elevatedBoxDropsBorder: Bool
  /// The colour of presses.
  public var press: PressInk
  /// Whether dark surfaces lighten with elevation.
  public var darkSurfacesLighten: Bool
  /// The default elevation shadow model.
  public var shadowModel: ShadowModel
  /// A headline tag's pill.
  public var headlineTag = HeadlineTagMetrics.compact
  /// Whether a row's trailing control is centred on the whole row (else on its text).
  public var controlCentredOnRow = false
  /// Whether a disabled row dims its title, subtitle and description only (else its asset,
  /// headline and control too).
  public var disabledDimsLabelsOnly = false
  /// How a highlighted row shows its state.
  public var rowHighlight = RowHighlight.overlay
  /// A row's checkbox.
  public var checkbox = CheckboxMetrics.material
  /// How a card section's shadow is drawn.
  public var cardShadow = CardShadow()
  /// A row's radio button.
  public var radio = RadioMetrics.material
  /// A row's button.
  public var button = ButtonMetrics.pill
  /// Whether headers and the margins around boxed rows are the theme's `background` (a view's
  /// own fill, as UIKit draws them), else the page's.
  public var ownBackgrounds = false
  /// The Mística token each colour of ``light`` is read from (none for a palette of
  /// ListRender's own), so that the layout's paints can name it.
  public var lightTokenNames: [ColorName: String] = [:]
  /// The Mística token each colour of ``dark`` is read from.
  public var darkTokenNames: [ColorName: String] = [:]

  /// The design system a theme name stands for, in `skin` when it is Mística.
  public static func named(_ name: ThemeName, skin: MisticaSkin = .movistar) -> DesignSystem {
    named(name, skin: skin, tokens: nil)
  }

  /// The design system a theme name stands for, in `skin` with the colours, radii and weights
  /// of a brand token file when one is given (its brand still `skin`'s).
  package static func named(_ name: ThemeName, skin: MisticaSkin, tokens: MisticaTokenFile?)
    -> DesignSystem
  {
    switch name {
    case .mistica: .mistica(skin, tokens: (try? tokens?.skinTokens()) ?? nil)
    case .material: .material
    }
  }

  /// Telefónica Mística on iOS (mistica-ios `Sources/Mistica/Components/Lists/`) in a brand's
  /// skin: its colours, its `radius.container` on boxed rows and its row title weight; type
  /// follows Apple's Dynamic Type curves.
  public static func mistica(_ skin: MisticaSkin = .movistar) -> DesignSystem {
    mistica(skin, tokens: nil)
  }

  /// ``mistica(_:)`` with `tokens` (a brand file's) in place of the skin's own.
  package static func mistica(_ skin: MisticaSkin, tokens: MisticaSkinTokens?) -> DesignSystem {
    let tokens = tokens ?? skin.tokens
    var system = misticaBase
    system.light = tokens.light
    system.dark = tokens.dark
    system.lightGradients = tokens.lightGradients
    system.darkGradients = tokens.darkGradients
    system.lightTokenNames = tokens.lightTokenNames
    system.darkTokenNames = tokens.darkTokenNames
    system.boxedCornerRadius = tokens.containerRadius
    system.types.title.base.weight = tokens.titleWeight
    system.types.sectionHeader.base.weight = tokens.headerTitle1Weight
    system.types.sectionHeaderTitle2.base.weight = tokens.headerTitle2Weight
    system.types.headerLink.base.weight = tokens.linkWeight
    system.headlineTag = .misticaTagView
    // mistica-ios `TagView.swift` rounds the tag with the skin's `radius.indicator` (eSIMFLAG 8);
    // a radius past half the 28 pt height draws the capsule the others show.
    system.headlineTag.cornerRadius = tokens.indicatorRadius
    // mistica-ios `Checkbox.swift` (commit 7366aa0): `borderView.setMisticaRadius(.checkbox)`.
    system.checkbox = .mistica(cornerRadius: tokens.checkboxRadius)
    system.radio = .mistica
    // ListRender's own palette has no button tokens: its pill stays.
    system.button = skin == .original ? .pill : .misticaSmall(cornerRadius: tokens.buttonRadius)
    // mistica-ios `TitleView.swift` (commit 828547e) line 112: `contentView.backgroundColor =
    // .background`; a boxed cell's margins show the cell's own `.background` too.
    system.ownBackgrounds = true
    // mistica-ios `TitleView.swift` (commit 828547e): Movistar's headers default to `title2`, every
    // other brand's to `title1`.
    system.sectionHeader = .titleView(defaultStyle: skin == .movistar ? .title2 : .title1)
    // mistica-ios `VerticallyCenteredPresetView.swift`: the control presets centre their view
    // in the cell's right section, as tall as the cell's content.
    system.controlCentredOnRow = true
    // mistica-ios `CellCenterSectionView.swift` (commit 0bf6281): a disabled cell (its
    // `isUserInteractionEnabled` off, passed on by `ListTableViewCell`) sets the alpha of the
    // title, subtitle and detail labels to 0.5; the asset, the headline and the control keep
    // theirs.
    system.disabledDimsLabelsOnly = true
    return system
  }

  /// Mística's metrics and type, before a skin's colours, radius and title weight.
  private static let misticaBase = DesignSystem(
    light: [:], dark: [:],
    types: TypeScale(
      // Row labels at the font's own line height (`UILabel`); their minimums are per label.
      title: .init(.appleBody, roboto(.medium, 16, 0)),
      body: .init(.appleSubheadline, roboto(.regular, 14, 0)),
      overline: .init(.appleCaption1, roboto(.medium, 12, 16)),
      caption: .init(.appleCaption1, roboto(.medium, 12, 16)),
      control: .init(.appleSubheadline, roboto(.regular, 14, 20)),
      labelText: .init(.appleBody, roboto(.regular, 16, 24)),
      // mistica-ios `TitleView.swift`: `title1` is `textPreset1` (12 pt, Caption 1) upper-cased,
      // `title2` `textPreset5` (20 pt, Title 3), the link `textPreset2` (14 pt, Subheadline),
      // each at the font's own line height (`UILabel`); `FontStyle.swift` scales them.
      sectionHeader: .init(.appleCaption1, roboto(.medium, 12, 0)),
      sectionFooter: .init(.appleCaption1, roboto(.regular, 12, 16)),
      sectionHeaderTitle2: .init(.appleTitle3, roboto(.regular, 20, 0)),
      headerLink: .init(.appleSubheadline, roboto(.medium, 14, 0))),
    // mistica-ios `ListTableViewCell.swift` / `CellStyle+Toolkit.swift`: the cell is at least 72
    // full width, 92 boxed (its 8 pt outer margins included); 16 around the content
    // (`ListCellContentView.swift`); boxed rows take the skin's `radius.container`.
    // `CellCenterSectionView.swift`: title, subtitle and description at least 24, 20, 20.
    rowMinimumHeight: .byStyle(fullWidth: 72, boxed: 92), rowVerticalMargin: 16,
    rowLabels: .perLabel(title: 24, subtitle: 20, description: 20),
    boxedCornerRadius: 16, smallIconGap: 16, inkOnLight: hex("#0B2739"), switchStyle: .capsule,
    stereoDetailColor: .textSecondary, sectionHeader: .titleView(defaultStyle: .title1),
    boxedElevation: 0, elevatedBoxDropsBorder: false,
    // Mística presses in its highlight colour, the skin's backgroundContainerPressed (mistica-web
    // `list.css.ts` presses rows in it), ripple or not.
    press: .highlight, darkSurfacesLighten: false, shadowModel: .mdc,
    // mistica-ios `ListTableViewCell.swift` (commit e6e9239) `setHighlighted`: the highlighted
    // view (the box of a boxed row, else the cell's content view) turns `backgroundAlternative`.
    rowHighlight: .alternativeBackground)

  /// Material Design as material-components-ios themes it (`MDCSemanticColorScheme.m`); type
  /// follows MDC's font scaler curves (`MDCFontScaler.m`): Subtitle1 16, Body2 14.
  public static let material = DesignSystem(
    light: materialColors(.light), dark: materialColors(.dark),
    types: TypeScale(
      title: .init(.mdcSubtitle1, roboto(.regular, 16, 24)),
      body: .init(.mdcBody2, roboto(.regular, 14, 20)),
      overline: .init(.mdcOverline, roboto(.medium, 10, 16)),
      caption: .init(.mdcCaption, roboto(.medium, 12, 16)),
      control: .init(.mdcBody2, roboto(.regular, 14, 20)),
      labelText: .init(.mdcBody1, roboto(.regular, 16, 24)),
      // The M2 list subheader: Subtitle2-sized, medium, medium emphasis.
      sectionHeader: .init(.mdcBody2, roboto(.medium, 14, 20)),
      sectionFooter: .init(.mdcCaption, roboto(.regular, 12, 16))),
    // M2 lists: 48/56 one line, 64/72 two lines, 88 three, which leaves 8 around the text; a
    // card's corner radius 4; a small icon puts the text at x 72.
    rowMinimumHeight: .byLines, rowVerticalMargin: 8, rowLabels: .perLine, boxedCornerRadius: 4,
    smallIconGap: 32,
    inkOnLight: Color.black.withAlpha(0.87), switchStyle: .track,
    // `MDCSelfSizingStereoCell+MaterialTheming.m`: title and detail onSurface at 0.87.
    stereoDetailColor: .textPrimary, sectionHeader: .centred(minHeight: 48),
    boxedElevation: 1, elevatedBoxDropsBorder: true,
    // `MDCListColorThemer.m` (applied by `MDCBaseCell+MaterialTheming.m` and
    // `MDCSelfSizingStereoCell+MaterialTheming.m`): the cell's ink is onSurface at 0.16.
    press: .ink(alpha: 0.16), darkSurfacesLighten: true, shadowModel: .web,
    // `MDCCard.m`: an `MDCShapedShadowLayer` (MDC's shadow formulas) at elevation 1
    // (`MDCCardShadowElevationNormal`), 8 while pressed (`MDCCardShadowElevationHighlighted`).
    cardShadow: CardShadow(model: .mdc, pressedElevation: 8))

  static func roboto(_ weight: FontWeight, _ size: Double, _ line: Double) -> TextStyle {
    TextStyle(family: "Roboto", weight: weight, size: size, minLineHeight: line)
  }

  // MARK: Palettes

  /// ListRender's palette before skins (``MisticaSkin/original``): the earlier Movistar brand
  /// blue #019DF4, grey #86888C and tag blue of `tokens/movistar-legacy.json`, the navy text
  /// #0B2739, the dark surfaces and the alternative backgrounds of `tokens/movistar.json`,
  /// hand-picked neutrals for controls; links in the brand blue.
  static func original(_ appearance: Appearance) -> [ColorName: Color] {
    switch appearance {
    case .light:
      return [
        .background: hex("#FFFFFF"), .backgroundContainer: hex("#FFFFFF"),
        .backgroundContainerBrand: hex("#019DF4"), .border: hex("#DDDDDD"),
        .divider: hex("#EEEEEE"), .textPrimary: hex("#0B2739"), .textSecondary: hex("#86888C"),
        .textPrimaryInverse: hex("#FFFFFF"), .textSecondaryInverse: hex("#E6F5FD"),
        .badge: hex("#D73241"), .brand: hex("#019DF4"), .onBrand: hex("#FFFFFF"),
        .control: hex("#B6B9BF"), .highlight: Color.black.withAlpha(0.05),
        .tag: hex("#E6F5FD"), .tagText: hex("#0B68A6"), .textLink: hex("#019DF4"),
        .backgroundAlternative: hex("#F6F6F6"),
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
        .textLink: hex("#019DF4"), .backgroundAlternative: hex("#061824"),
      ]
    }
  }

  /// Material colours (material-components-ios `MDCSemanticColorScheme.m`): surface, onSurface at
  /// 0.87 / 0.6 emphasis, primary (also for links); dark surfaces #121212 with the elevation-1
  /// overlay (#1E1E1E) on cards. Material has no alternative background: its background stands in.
  static func materialColors(_ appearance: Appearance) -> [ColorName: Color] {
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
        .highlight: onSurface.withAlpha(0.16), .tag: hex("#6200EE").withAlpha(0.12),
        .tagText: hex("#6200EE"), .textLink: hex("#6200EE"), .backgroundAlternative: hex("#FFFFFF"),
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
        .highlight: onSurface.withAlpha(0.16), .tag: hex("#BB86FC").withAlpha(0.24),
        .tagText: hex("#BB86FC"), .textLink: hex("#BB86FC"), .backgroundAlternative: hex("#121212"),
      ]
    }
  }

  static func hex(_ text: String) -> Color { Color.literal(text) }
}

/// What a Mística skin sets: its colours in both appearances, the corner radius of its
/// containers (boxed rows) and its row title weight.
package struct MisticaSkinTokens: Equatable, Sendable {
  /// Every named colour in light appearance.
  public var light: [ColorName: Color]
  /// Every named colour in dark appearance.
  public var dark: [ColorName: Color]
  /// The colours that are gradients in light appearance.
  public var lightGradients: [ColorName: LinearGradient] = [:]
  /// The colours that are gradients in dark appearance.
  public var darkGradients: [ColorName: LinearGradient] = [:]
  /// `radius.container`.
  public var containerRadius: Double
  /// `radius.checkbox`.
  public var checkboxRadius: Double
  /// `radius.indicator` (a tag's corners).
  public var indicatorRadius: Double
  /// `radius.button`: a small button's corners (at most half its height).
  public var buttonRadius: Double
  /// `text.weight.rowTitle`.
  public var titleWeight: FontWeight
  /// `text.weight.title1`: a `title1` section header.
  public var headerTitle1Weight: FontWeight
  /// `text.weight.text5`: a `title2` section header (`textPreset5`).
  public var headerTitle2Weight: FontWeight
  /// `text.weight.link`: a section header's link.
  public var linkWeight: FontWeight
  /// The token each light colour is read from (none for ListRender's own palette).
  public var lightTokenNames = MisticaTokenFile.firstTokenNames
  /// The token each dark colour is read from.
  public var darkTokenNames = MisticaTokenFile.firstTokenNames

  /// ListRender's palette before skins, with medium titles and 16 pt cards, and mistica-ios's
  /// constants from before radius tokens: a checkbox radius of 2 (`Checkbox.swift`, commit
  /// 3443160) and a 14 pt tag radius (`TagView.swift`, a capsule at its 28 pt height).
  static let original = MisticaSkinTokens(
    light: DesignSystem.original(.light), dark: DesignSystem.original(.dark),
    containerRadius: 16, checkboxRadius: 2, indicatorRadius: 14, buttonRadius: 999,
    titleWeight: .medium,
    headerTitle1Weight: .medium, headerTitle2Weight: .regular, linkWeight: .medium,
    lightTokenNames: [:], darkTokenNames: [:])
}

/// The type styles of a design system, each with the curve it scales along.
package struct TypeScale: Equatable, Sendable {
  /// A style at the default content size (L) and its curve.
  package struct Role: Equatable, Sendable {
    /// The curve.
    public var curve: TypeCurve
    /// The style at `L`.
    public var base: TextStyle

    /// A role from its curve and base style.
    public init(_ curve: TypeCurve, _ base: TextStyle) {
      self.curve = curve
      self.base = base
    }

    /// The style at `category`.
    public func style(_ category: ContentSizeCategory) -> TextStyle {
      curve.scale(base, category)
    }
  }

  /// Row title.
  public var title: Role
  /// Row subtitle and description.
  public var body: Role
  /// Headline overline.
  public var overline: Role
  /// Tag and badge text.
  public var caption: Role
  /// Trailing text values and button labels.
  public var control: Role
  /// Label cell text.
  public var labelText: Role
  /// Section header titles.
  public var sectionHeader: Role
  /// Section footers.
  public var sectionFooter: Role
  /// Mística `title2` section header titles (Material's subheader has one style).
  public var sectionHeaderTitle2 = Role(
    .appleTitle3, TextStyle(family: "Roboto", weight: .regular, size: 20, minLineHeight: 0))
  /// A section header's link (its `detail`).
  public var headerLink = Role(
    .appleSubheadline, TextStyle(family: "Roboto", weight: .medium, size: 14, minLineHeight: 0))
  /// Stereo cell title: `MDCSelfSizingStereoCell` uses subtitle1 at its natural line height.
  public var stereoTitle = Role(
    .mdcSubtitle1, TextStyle(family: "Roboto", weight: .regular, size: 16, minLineHeight: 0))
  /// Stereo cell detail: body2 at its natural line height.
  public var stereoDetail = Role(
    .mdcBody2, TextStyle(family: "Roboto", weight: .regular, size: 14, minLineHeight: 0))
}

/// How tall a row is at least.
package enum RowMinimumHeight: Equatable, Sendable {
  /// A height for full-width rows and one for boxed rows, each the whole cell's, a boxed row's
  /// outer margins included (Mística: `systemLayoutSizeFitting` returns at least
  /// `cellStyle.minHeight`).
  case byStyle(fullWidth: Double, boxed: Double)
  /// The box's height by line count and leading element (M2 lists): 48/56 one line, 64/72 two,
  /// 88 three.
  case byLines

  /// The minimum height of a row's box, for a row whose box has `outerMargins` above and below
  /// it in the cell.
  public func boxHeight(style: CellStyle, hasAsset: Bool, lines: Int, outerMargins: Double)
    -> Double
  {
    switch self {
    case .byStyle(let fullWidth, let boxed):
      return (style == .fullWidth ? fullWidth : boxed) - outerMargins
    case .byLines:
      switch lines {
      case ...1: return hasAsset ? 56 : 48
      case 2: return hasAsset ? 72 : 64
      default: return 88
      }
    }
  }
}

/// Where a section header's text sits.
package enum SectionHeaderMetrics: Equatable, Sendable {
  /// mistica-ios `TitleView`: 16 above, 8 below, 16 at the sides; a title in `title1` or
  /// `title2` (`defaultStyle` when the spec names none) and its link 16 pt after it, the two on
  /// their first baseline.
  case titleView(defaultStyle: HeaderStyle)
  /// Centred in at least `minHeight`, 8 above and below.
  case centred(minHeight: Double)
}

/// A card section's shadow: its model unless the canvas names one (nil: the theme's), and its
/// elevation while one of its cells is highlighted (nil: the card's own).
package struct CardShadow: Equatable, Sendable {
  /// The shadow model.
  public var model: ShadowModel? = nil
  /// The elevation of a pressed card.
  public var pressedElevation: Double? = nil
}

/// How a highlighted row shows its state.
package enum RowHighlight: Equatable, Sendable {
  /// The theme's `highlight` colour over the row's box.
  case overlay
  /// mistica-ios: `backgroundAlternative` fills the box of a boxed row, and the whole cell
  /// (around the brand box) of a full-width or boxed-inverse one.
  case alternativeBackground
}

/// A row's checkbox: its size and how it is drawn.
package enum CheckboxMetrics: Equatable, Sendable {
  /// An 18 pt box in a 24 pt frame, a 2 pt ring in `control` when off, filled `brand` when on.
  case material
  /// mistica-ios `Checkbox.swift`: 18 pt scaled as `UIFontMetrics.default` scales (Body), the
  /// skin's corner radius, a 1 pt ring in `border` when off, filled `controlActivated` with its
  /// tick when on, over the view's own `background` fill.
  case mistica(cornerRadius: Double)
}

/// How a row's radio button is drawn.
package enum RadioMetrics: Equatable, Sendable {
  /// Material: a 2 pt ring of radius 9 in a 24 pt frame, a 10 pt dot when on, in the tint.
  case material
  /// mistica-ios `RadioButton.swift` (commit c067b57): 20 pt scaled by `UIFontMetrics.default`
  /// (line 76, the Body curve); on, a white disc under a `controlActivated` border a quarter of
  /// its width (lines 149–152); off, `background` under a 1 pt `control` border (153–156). It
  /// never reads the tint, so a boxed-inverse row keeps these colours.
  case mistica
}

/// How a row's button is drawn.
package enum ButtonMetrics: Equatable, Sendable {
  /// A 32 pt pill in the tint, its text 16 pt from each end.
  case pill
  /// mistica-ios `Button` small (`ButtonStyle+Toolkit.swift`, commit 0fe3aa5): insets 5 above
  /// and below, 12 at the sides, at least 104 wide, `textPreset2` medium; as tall as the taller
  /// of its title and its 20 pt loading indicator (`ButtonContentView.swift`); corners the
  /// brand's `radius.button` (`Button.swift`, `setMisticaRadius(.button)`), at most half its
  /// height; `primary` (`buttonPrimaryBackground`, `textButtonPrimary`), `primaryInverse` on
  /// an inverse row.
  case misticaSmall(cornerRadius: Double)
}

/// The colour of a pressed cell's feedback.
package enum PressInk: Equatable, Sendable {
  /// The theme's `highlight` colour, for ripples and highlights alike.
  case highlight
  /// Black (white in dark: onSurface) at `alpha`, for ripples and ink alike.
  case ink(alpha: Double)
}

/// How a row's title, subtitle and description are sized.
package enum RowLabelSizing: Equatable, Sendable {
  /// Every line at least its style's line height (M2 list text).
  case perLine
  /// As mistica-ios `CellCenterSectionView.swift` sizes its `IntrinsictHeightLabel`s: lines at
  /// the font's own pitch, a whole label at least `title`, `subtitle` or `description` tall
  /// (the minimum does not grow with the content size), its height rounded up to whole device
  /// pixels, its text centred vertically when the label is taller (`UILabel`).
  case perLabel(title: Double, subtitle: Double, description: Double)
}

/// A headline tag's pill: its height, least width and padding beside the text, its text, and
/// the space between it and the title.
package struct HeadlineTagMetrics: Equatable, Sendable {
  /// The pill's height; nil: the text's height and 2 pt above and below.
  public var height: Double?
  /// The pill's least width.
  public var minWidth: Double
  /// Space between the pill's sides and its text.
  public var padding: Double
  /// Whether the text is the body style in medium weight (else the caption style).
  public var bodyMediumText: Bool
  /// Space below the pill when a subtitle or description follows the title.
  public var gapBeforeTitleWithMore: Double
  /// Space below the pill when the title is the only text after it.
  public var gapBeforeLoneTitle: Double
  /// The pill's corner radius, at most half its height; nil: half its height (a capsule).
  public var cornerRadius: Double?

  /// A pill hugging 12 pt caption text, 8 pt each side, 8 pt above the title.
  public static let compact = HeadlineTagMetrics(
    height: nil, minWidth: 0, padding: 8, bodyMediumText: false, gapBeforeTitleWithMore: 8,
    gapBeforeLoneTitle: 8)

  /// mistica-ios `TagView.swift`: 28 pt tall, at least 56 wide, 12 pt each side of 14 pt medium
  /// text (`textPreset2(weight: .medium)`); `CellCenterSectionView.updateSpacing()` puts 8 pt
  /// under the headline only when a subtitle or description follows the title.
  public static let misticaTagView = HeadlineTagMetrics(
    height: 28, minWidth: 56, padding: 12, bodyMediumText: true, gapBeforeTitleWithMore: 8,
    gapBeforeLoneTitle: 0)
}
