import Foundation
import StringCatalogs
import Yams

/// The drawing surface and the environment a list is laid out in.
public struct Canvas: Equatable, Sendable {
  /// Width in points (default 360).
  public var width: Double = 360
  /// Device pixels per point (default 3).
  public var scale: Double = 3
  /// The design system whose figures are used.
  public var theme: ThemeName = .mistica
  /// The Mística brand whose colours, corner radius and title weight are used (`theme.skin`;
  /// Mística only).
  public var skin: MisticaSkin = .movistar
  /// Named colours that replace the theme's (`canvas.theme.colors`).
  public var colors: [ColorName: Color] = [:]
  /// Mística colour tokens that replace the token file's (`canvas.theme.colors` naming a token
  /// that is no theme colour: `brand`, `highlight`, `backgroundBrandSecondary`…).
  package var tokenColors: [String: Color] = [:]
  /// The font family of every text style (`canvas.theme.font`), such as a brand's typeface
  /// listed in ``ListDocument/fonts``; nil: the design system's (Roboto). Characters the family
  /// lacks fall back through the standard order; a weight it lacks takes its nearest one.
  public var font: String?
  /// Where the spec names ``font`` (for errors about it).
  package var fontMark = SourceMark()
  /// Light or dark palette.
  public var appearance: Appearance = .light
  /// The text's language, a BCP 47 tag (`ja`, `zh-Hans`, `zh-Hant`, `ko`, `th`, `ar`; default
  /// `en`): which CJK glyphs Han characters take, and the rules of shaping and line breaking.
  public var language: String = "en"
  /// Left-to-right or right-to-left layout.
  public var direction: LayoutDirection = .ltr
  /// The locale whose translations labels with a ``CatalogKey`` take (BCP 47: `de`, `pt-BR`,
  /// `ar`; or a pseudolocale, `en-XA` or `ar-XB`); nil: the catalogs' source language. A spec's
  /// `locale` also sets ``language`` and ``direction`` (right to left for Arabic, Hebrew,
  /// Persian, Urdu, …) unless the spec gives them.
  public var locale: String?
  /// Whether the spec gave `language` and `direction` itself (a locale then leaves them).
  package var given = GivenKeys()
  /// A Mística brand token file read in place of the skin's own tokens (`theme.tokens`): the
  /// skin still names the brand, the file gives its colours, radii and weights.
  package var tokens: MisticaTokenFile?
  /// The Dynamic Type category that scales every font (default `L`).
  public var contentSize: ContentSizeCategory = .L
  /// Insets that content keeps clear of, like a device's safe area.
  public var safeArea: EdgeInsets = .zero
  /// The image's background; the theme's `background` colour when nil.
  public var background: Color?
  /// The viewport's height in points (a device screen); nil: as tall as the content.
  public var height: Double?
  /// How far the content is scrolled, in points (0: resting at the top of the safe area).
  public var contentOffset: Double = 0
  /// Whether section headers stay at the top while their section is on screen.
  public var stickyHeaders = false
  /// The elevation shadow model; nil: the theme's (Mística MDC iOS, Material web).
  public var shadow: ShadowModel?
  /// The ripple model of pressed cells.
  public var ripple: RippleStyle = .ripple

  /// A canvas from its parts; by default 360 pt wide at scale 3, Mística light, left to right.
  public init(
    width: Double = 360, scale: Double = 3, theme: ThemeName = .mistica,
    skin: MisticaSkin = .movistar, colors: [ColorName: Color] = [:], font: String? = nil,
    appearance: Appearance = .light,
    direction: LayoutDirection = .ltr, contentSize: ContentSizeCategory = .L,
    safeArea: EdgeInsets = .zero, background: Color? = nil, height: Double? = nil,
    contentOffset: Double = 0, stickyHeaders: Bool = false, shadow: ShadowModel? = nil,
    ripple: RippleStyle = .ripple
  ) {
    self.width = width
    self.scale = scale
    self.theme = theme
    self.skin = skin
    self.colors = colors
    self.font = font
    self.appearance = appearance
    self.direction = direction
    self.contentSize = contentSize
    self.safeArea = safeArea
    self.background = background
    self.height = height
    self.contentOffset = contentOffset
    self.stickyHeaders = stickyHeaders
    self.shadow = shadow
    self.ripple = ripple
  }
}

/// How elevation shadows are computed (`MDCShadowLayer.m` or `_elevation-theme.scss`).
public enum ShadowModel: String, CaseIterable, Sendable {
  /// MDC iOS MDCShadowLayer: an ambient and a key shadow from formulas.
  case mdc
  /// Material web: umbra, penumbra and ambient from the elevation table.
  case web
}

/// The ink of pressed cells (`MDCRippleLayer.m` or `MDCInkLayer.m`).
public enum RippleStyle: String, CaseIterable, Sendable {
  /// MDCRippleLayer (the default).
  case ripple
  /// MDCInkLayer.
  case ink
}

/// Insets in points.
public struct EdgeInsets: Equatable, Sendable {
  /// Top inset.
  public var top: Double
  /// Leading inset (left in LTR, right in RTL).
  public var leading: Double
  /// Bottom inset.
  public var bottom: Double
  /// Trailing inset (right in LTR, left in RTL).
  public var trailing: Double

  /// Insets from their four sides.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No inset on any side.
  public static let zero = EdgeInsets()
}

/// The design systems ListRender draws.
public enum ThemeName: String, CaseIterable, Sendable {
  /// Telefónica Mística (mistica-ios), in a brand's skin (`canvas.skin`; Movistar by default).
  case mistica
  /// Material Design (material-components-ios).
  case material
}

/// A brand of the Mística design system: its colours, container corner radius and row title
/// weight, from the brand's token file in Telefonica/mistica-design (`tokens/<brand>.json`).
public enum MisticaSkin: String, CaseIterable, Sendable {
  /// Movistar (`tokens/movistar.json`), the default: mistica-ios's default brand.
  case movistar
  /// O2 (`tokens/o2.json`).
  case o2
  /// Vivo (`tokens/vivo.json`).
  case vivo
  /// Telefónica (`tokens/telefonica.json`).
  case telefonica
  /// Blau (`tokens/blau.json`).
  case blau
  /// Tu (`tokens/tu.json`).
  case tu
  /// eSIMFLAG (`tokens/esimflag.json`).
  case esimflag
  /// ListRender's palette before skins: the earlier Movistar brand blue #019DF4 and greys of
  /// `tokens/movistar-legacy.json` with the navy text and dark surfaces of `tokens/movistar.json`,
  /// medium titles, 16 pt cards. It matches no single token file; kept for goldens made with it.
  case original
}

/// The named colours of a theme; `canvas.theme.colors` may override any of them.
public enum ColorName: String, CaseIterable, Sendable {
  /// Page and full-width cell background.
  case background
  /// Boxed cell background.
  case backgroundContainer
  /// Boxed-inverse cell background.
  case backgroundContainerBrand
  /// Boxed cell border.
  case border
  /// Separators.
  case divider
  /// Titles and subtitles.
  case textPrimary
  /// Descriptions and chevrons.
  case textSecondary
  /// Titles on brand backgrounds.
  case textPrimaryInverse
  /// Descriptions on brand backgrounds.
  case textSecondaryInverse
  /// Badge fill.
  case badge
  /// Active controls, buttons, selection.
  case brand
  /// Text and glyphs on `brand`.
  case onBrand
  /// Inactive control outlines and switch tracks.
  case control
  /// Pressed-state overlay.
  case highlight
  /// Headline tag fill.
  case tag
  /// Headline tag text.
  case tagText
  /// Links: a section header's link (Mística `textLink`).
  case textLink
  /// The alternative background: a highlighted Mística row (Mística `backgroundAlternative`).
  case backgroundAlternative

  /// The colour a spec name stands for: a case's own name, or the Mística token a case is
  /// named after (`controlActivated` is ``brand``, `backgroundContainerPressed` is
  /// ``highlight``). A spec's `brand` and `highlight` are Mística's tokens of those names (a
  /// brand colour, an accent), not these cases: nil for them.
  public init?(specName: String) {
    if let alias = Self.tokenAliases[specName] {
      self = alias
    } else if let name = ColorName(rawValue: specName), Self.tokenAliases[name.specName] == nil {
      self = name
    } else {
      return nil
    }
  }

  /// The name a spec gives this colour: the case's own, or for ``brand`` and ``highlight`` the
  /// Mística token each is made from (a spec's `brand` and `highlight` name other tokens).
  package var specName: String {
    Self.tokenAliases.first { $0.value == self }?.key ?? rawValue
  }

  /// Mística token names accepted for the cases named otherwise.
  package static let tokenAliases: [String: ColorName] = [
    "controlActivated": .brand, "backgroundContainerPressed": .highlight,
  ]

  /// Every name a spec may give a theme colour, in the cases' order.
  package static var specNames: [String] { allCases.map(\.specName) }
}

/// Light or dark palette.
public enum Appearance: String, CaseIterable, Sendable {
  /// The light palette.
  case light
  /// The dark palette.
  case dark
}

/// The direction rows are laid out in.
public enum LayoutDirection: String, CaseIterable, Sendable {
  /// Left to right.
  case ltr
  /// Right to left: every frame mirrored horizontally.
  case rtl
}

/// Dynamic Type categories (UIKit's `UIContentSizeCategory`), `L` being the default.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

  /// Whether this is one of the accessibility sizes (AX1…AX5), where rows stack their parts.
  public var isAccessibilityCategory: Bool {
    switch self {
    case .AX1, .AX2, .AX3, .AX4, .AX5: return true
    default: return false
    }
  }
}

// MARK: Spec

/// The keys of `canvas:`. Decoding, encoding, validation and `--variants` each switch over every
/// key, so a new key is a compile error in this file until all four handle it.
package enum CanvasKey: String, CaseIterable, Sendable {
  case width, scale, theme, appearance, language, direction, contentSize, safeArea, background
  case height, locale
  case contentOffset, stickyHeaders, shadow, ripple
}

extension Canvas {
  /// Reads `canvas:`, key by key in the enum's order.
  static func decode(_ reader: NodeReader) throws -> Canvas {
    let object = try reader.object(SpecSchema.canvas)
    var canvas = Canvas()
    for key in CanvasKey.allCases {
      if let field = object.optional(key.rawValue) { try canvas.read(key, from: field) }
    }
    canvas.given.language = object.optional(CanvasKey.language.rawValue) != nil
    canvas.given.direction = object.optional(CanvasKey.direction.rawValue) != nil
    if canvas.locale != nil { canvas.localize(to: canvas.locale) }
    return canvas
  }

  private mutating func read(_ key: CanvasKey, from field: NodeReader) throws {
    switch key {
    case .width: width = try field.number(in: SpecLimits.widthRange)
    case .scale: scale = try field.number(in: SpecLimits.scaleRange)
    case .theme:
      guard case .mapping = field.node else {
        theme = try field.enumeration(ThemeName.self)
        return
      }
      let object = try field.object(SpecSchema.theme)
      if let name = object.optional("name") { theme = try name.enumeration(ThemeName.self) }
      if let field = object.optional("skin") {
        skin = try field.enumeration(MisticaSkin.self)
        guard theme == .mistica else {
          throw field.error("skins are Mística brands; the \(theme.rawValue) theme has none")
        }
      }
      if let field = object.optional("font") {
        let name = try field.string()
        if let problem = SpecLimits.familyProblem(name) { throw field.error(problem) }
        font = name
        fontMark = SourceMark(field.location)
      }
      if let field = object.optional("colors") {
        (colors, tokenColors) = try ListDocument.decodeColors(field)
      }
      if let field = object.optional("tokens") {
        guard theme == .mistica else {
          throw field.error("token files are Mística brands'; the \(theme.rawValue) theme has none")
        }
        let path = try field.filePath()
        do {
          let file = try MisticaTokenFile.read(path)
          if let problem = file.skinProblem { throw field.error(problem) }
          tokens = file
        } catch let error as CatalogError {
          throw field.error("\(error.description)")
        }
      }
    case .appearance: appearance = try field.enumeration(Appearance.self)
    case .language: language = try field.languageTag()
    case .direction: direction = try field.enumeration(LayoutDirection.self)
    case .locale: locale = try field.languageTag()
    case .contentSize: contentSize = try field.enumeration(ContentSizeCategory.self)
    case .safeArea: safeArea = try ListDocument.decodeInsets(field)
    case .background: background = try field.color()
    case .height: height = try field.number(in: SpecLimits.heightRange)
    case .contentOffset: contentOffset = try field.number(in: SpecLimits.contentOffsetRange)
    case .stickyHeaders: stickyHeaders = try field.bool()
    case .shadow: shadow = try field.enumeration(ShadowModel.self)
    case .ripple: ripple = try field.enumeration(RippleStyle.self)
    }
  }

  /// The value of `key` as a spec writes it; nil when it is at its default.
  func node(_ key: CanvasKey, _ writer: SpecWriter) -> Node? {
    let standard = Canvas()
    switch key {
    case .width: return width == standard.width ? nil : writer.number(width)
    case .scale: return scale == standard.scale ? nil : writer.number(scale)
    case .theme:
      guard
        !colors.isEmpty || !tokenColors.isEmpty || skin != standard.skin || font != nil
          || tokens != nil
      else {
        return theme == standard.theme ? nil : writer.plain(theme.rawValue)
      }
      let named =
        ColorName.allCases.compactMap { name in
          colors[name].map { (name.specName, writer.color($0)) }
        }
        + tokenColors.sorted(by: { $0.key < $1.key }).map { ($0.key, writer.color($0.value)) }
      var pairs = [("name", writer.plain(theme.rawValue))]
      if skin != standard.skin { pairs.append(("skin", writer.plain(skin.rawValue))) }
      if let font { pairs.append(("font", writer.string(font))) }
      if let tokens { pairs.append(("tokens", writer.string(tokens.file))) }
      if !named.isEmpty { pairs.append(("colors", writer.map(named))) }
      return writer.map(pairs)
    case .appearance:
      return appearance == standard.appearance ? nil : writer.plain(appearance.rawValue)
    case .language:
      return language == Self.language(ofLocale: locale) ? nil : writer.string(language)
    case .direction:
      return direction == Self.direction(ofLocale: locale) ? nil : writer.plain(direction.rawValue)
    case .locale: return locale.map(writer.string)
    case .contentSize:
      return contentSize == standard.contentSize ? nil : writer.plain(contentSize.rawValue)
    case .safeArea: return safeArea == .zero ? nil : writer.insets(safeArea)
    case .background: return background.map(writer.color)
    case .height: return height.map(writer.number)
    case .contentOffset: return contentOffset == 0 ? nil : writer.number(contentOffset)
    case .stickyHeaders: return stickyHeaders ? writer.bool(true) : nil
    case .shadow: return shadow.map { writer.plain($0.rawValue) }
    case .ripple: return ripple == standard.ripple ? nil : writer.plain(ripple.rawValue)
    }
  }

  /// Holds the value of `key` to the limits decoding holds a spec to.
  func check(_ key: CanvasKey, _ validator: inout Validator) throws {
    switch key {
    case .width: try validator.number(width, SpecLimits.widthRange, key.rawValue)
    case .scale: try validator.number(scale, SpecLimits.scaleRange, key.rawValue)
    case .theme:
      if theme != .mistica && skin != .movistar {
        throw validator.fail(
          "skins are Mística brands; the \(theme.rawValue) theme has none", at: "theme.skin")
      }
      if let font, let problem = SpecLimits.familyProblem(font) {
        throw validator.fail(problem, at: "theme.font")
      }
      for (name, value) in colors.sorted(by: { $0.key.specName < $1.key.specName }) {
        try validator.color(value, "theme.colors.\(name.specName)")
      }
    case .safeArea: try validator.insets(safeArea, SpecLimits.insetRange, key.rawValue)
    case .background: try validator.color(background, key.rawValue)
    case .height: try validator.number(height, SpecLimits.heightRange, key.rawValue)
    case .contentOffset:
      try validator.number(contentOffset, SpecLimits.contentOffsetRange, key.rawValue)
    case .language:
      if let problem = SpecLimits.languageProblem(language) {
        throw validator.fail(problem, at: key.rawValue)
      }
    case .locale:
      if let locale, let problem = SpecLimits.languageProblem(locale) {
        throw validator.fail(problem, at: key.rawValue)
      }
    case .appearance, .direction, .contentSize, .stickyHeaders, .shadow, .ripple:
      break  // enumerations and booleans: every value is valid
    }
  }

  /// Takes the value of `key` from `other`: a suite's variant (`--variants key=value`) applied
  /// to a fixture's canvas.
  package mutating func take(_ key: CanvasKey, from other: Canvas) {
    switch key {
    case .width: width = other.width
    case .scale: scale = other.scale
    case .theme:
      let sameBrand = other.skin == skin
      theme = other.theme
      skin = other.skin
      if other.font != nil {
        font = other.font
        fontMark = other.fontMark
      }
      if !other.colors.isEmpty { colors = other.colors }
      if !other.tokenColors.isEmpty { tokenColors = other.tokenColors }
      // Another skin is another brand: a token file given for this one does not carry over.
      tokens = other.tokens ?? (sameBrand ? tokens : nil)
    case .appearance: appearance = other.appearance
    case .language: language = other.language
    case .direction: direction = other.direction
    case .locale: localize(to: other.locale)
    case .contentSize: contentSize = other.contentSize
    case .safeArea: safeArea = other.safeArea
    case .background: background = other.background
    case .height: height = other.height
    case .contentOffset: contentOffset = other.contentOffset
    case .stickyHeaders: stickyHeaders = other.stickyHeaders
    case .shadow: shadow = other.shadow
    case .ripple: ripple = other.ripple
    }
  }
}

extension ListDocument {
  static func decodeInsets(_ reader: NodeReader) throws -> EdgeInsets {
    let object = try reader.object(SpecSchema.insets)
    func side(_ key: String) throws -> Double {
      try object.optional(key)?.number(in: SpecLimits.insetRange) ?? 0
    }
    return EdgeInsets(
      top: try side("top"), leading: try side("leading"), bottom: try side("bottom"),
      trailing: try side("trailing"))
  }

  /// `theme.colors`: theme colours by their spec names, and Mística colour tokens by theirs
  /// (`brand`, `highlight`, `backgroundBrandSecondary`…), each replaced.
  static func decodeColors(_ reader: NodeReader) throws -> (
    [ColorName: Color], tokens: [String: Color]
  ) {
    let object = try reader.object(SpecSchema.colors)
    var colors: [ColorName: Color] = [:]
    for name in ColorName.allCases {
      if let field = object.optional(name.specName) { colors[name] = try field.color() }
    }
    var tokens: [String: Color] = [:]
    for name in SpecSchema.colorTokenNames {
      guard let field = object.optional(name) else { continue }
      tokens[name] = try field.color()
      if let role = ColorName(rawValue: name) {
        reader.budget.colorNotes.append(
          "\(field.path): '\(name)' now replaces Mística's \(name) token; to replace "
            + (role == .brand ? "the colour of active controls" : "the pressed-row overlay")
            + ", which it replaced before, write '\(role.specName)'")
      }
    }
    return (colors, tokens)
  }
}

extension SpecWriter {
  func canvas(_ canvas: Canvas) -> Node? {
    let pairs = CanvasKey.allCases.compactMap { key in
      canvas.node(key, self).map { (key.rawValue, $0) }
    }
    return pairs.isEmpty ? nil : map(pairs)
  }

  func insets(_ insets: EdgeInsets) -> Node {
    map([
      ("top", number(insets.top)), ("leading", number(insets.leading)),
      ("bottom", number(insets.bottom)), ("trailing", number(insets.trailing)),
    ])
  }
}

extension Validator {
  mutating func canvas(_ canvas: Canvas) throws {
    for key in CanvasKey.allCases { try canvas.check(key, &self) }
  }
}
