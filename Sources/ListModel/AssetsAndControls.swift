import Foundation
import Yams

/// An icon: a Material icon by name (its ligature in the Material Icons font) or an SVG or PNG
/// file. A string literal is a Material icon's name.
public struct Icon: Equatable, Sendable, ExpressibleByStringLiteral {
  /// Where the icon comes from.
  public enum Source: Equatable, Sendable {
    /// A Material icon name such as `favorite`.
    case named(String)
    /// An SVG or PNG file (absolute path, resolved against the spec's folder).
    case file(String)
  }

  /// The icon's source.
  public var source: Source
  /// Where the spec names it.
  public var location: SpecLocation
  /// A template image, as on iOS: a file icon keeps its alpha and takes the icon colour
  /// (default). `false` keeps the file's own colours. Named icons are always tinted.
  public var isTemplate: Bool
  /// Whether a directional Material icon (`arrow_forward`, `send`, `logout`, … — those
  /// Material's guidance mirrors) is mirrored in a right-to-left layout (`mirrorInRTL`; default
  /// true). Other icons and files are never mirrored.
  public var mirrorsInRTL: Bool = true

  /// An icon from its source.
  public init(
    _ source: Source, location: SpecLocation = SpecLocation(), isTemplate: Bool = true
  ) {
    self.source = source
    self.location = location
    self.isTemplate = isTemplate
  }

  /// A Material icon by name.
  public static func named(_ name: String) -> Icon { Icon(.named(name)) }

  /// An SVG or PNG file; `isTemplate` as the property.
  public static func file(_ path: String, isTemplate: Bool = true) -> Icon {
    Icon(.file(path), isTemplate: isTemplate)
  }

  /// A Material icon by name.
  public init(stringLiteral name: String) { self.init(.named(name)) }

  /// The same source, template and mirroring settings (where a spec names it does not count).
  public static func == (lhs: Icon, rhs: Icon) -> Bool {
    lhs.source == rhs.source && lhs.isTemplate == rhs.isTemplate
      && lhs.mirrorsInRTL == rhs.mirrorsInRTL
  }
}

/// Section A of a row (mistica-ios `ListCellContentView.swift`).
public enum Asset: Equatable, Sendable {
  /// A 24 pt icon, tinted (nil: the theme's icon colour).
  case smallIcon(Icon, color: Color? = nil)
  /// A 24 pt icon on a 40 pt circle.
  case largeIcon(Icon, background: Color, color: Color? = nil)
  /// An image clipped to a 40 pt circle, aspect-fill.
  case image(FileReference)
  /// Initials on a 40 pt circle.
  case monogram(String, background: Color, color: Color? = nil)
  /// An image `size` points across (mistica-ios `.custom(asset, size:)`; mistica-web's 16:9,
  /// 7:10 and square row images), aspect-fill: a rectangle at the image's aspect ratio whose
  /// longer side is `size`, or a circle `size` across.
  case customImage(FileReference, size: Double, shape: ImageShape)

  /// An icon as the YAML's `asset: { icon: … }` gives it: 24 pt and tinted, or on a 40 pt
  /// circle of `background` when one is given.
  ///
  /// ```swift
  /// RowCell("Wi-Fi", asset: .icon("wifi"))
  /// ```
  public static func icon(_ icon: Icon, background: Color? = nil, color: Color? = nil) -> Asset {
    background.map { .largeIcon(icon, background: $0, color: color) }
      ?? .smallIcon(icon, color: color)
  }
}

/// A navigation badge. An integer literal is a count.
public enum Badge: Equatable, Sendable, ExpressibleByIntegerLiteral {
  /// An 8 pt dot.
  case dot
  /// A number; above 9 it shows "+9".
  case count(Int)

  /// A count.
  public init(integerLiteral count: Int) { self = .count(count) }
}

/// Section C of a row.
public enum Control: Equatable, Sendable {
  /// Optional badge, then a chevron.
  case navigation(badge: Badge? = nil)
  /// A switch, on or off.
  case `switch`(Bool)
  /// A checkbox.
  case checkbox(Bool)
  /// A radio button.
  case radio(Bool)
  /// A trailing value.
  case text(String)
  /// A trailing icon.
  case icon(Icon)
  /// A small button.
  case button(String)

  /// A chevron after a count badge, from a count held in a variable (`badge: 3` in the YAML);
  /// 0 shows no badge.
  ///
  /// ```swift
  /// let unread = 12
  /// RowCell("Inbox", control: .navigation(badge: unread))  // shows "+9"
  /// ```
  public static func navigation(badge count: Int) -> Control {
    .navigation(badge: count == 0 ? nil : .count(count))
  }
}

// MARK: Spec

extension ListDocument {
  static func decodeIcon(_ reader: NodeReader) throws -> Icon {
    try decodeIcon(reader, template: nil)
  }

  /// An icon name or file; `template` (a file icon's `template: false`) keeps a file's colours;
  /// `mirror` (`mirrorInRTL: false`) keeps a directional icon unmirrored in RTL.
  static func decodeIcon(_ reader: NodeReader, template: NodeReader?, mirror: NodeReader?)
    throws -> Icon
  {
    var icon = try decodeIcon(reader, template: template)
    if let mirror { icon.mirrorsInRTL = try mirror.bool() }
    return icon
  }

  /// An icon name or file; `template` (a file icon's `template: false`) keeps a file's colours.
  static func decodeIcon(_ reader: NodeReader, template: NodeReader?) throws -> Icon {
    let name = try reader.string(allowEmpty: false)
    let lower = name.lowercased()
    if lower.hasSuffix(".svg") || lower.hasSuffix(".png") {
      return Icon(
        .file(try reader.filePath()), location: reader.location,
        isTemplate: try template?.bool() ?? true)
    }
    if let template { throw template.error("template applies to icon files (.svg, .png) only") }
    return Icon(.named(name), location: reader.location)
  }

  static func decodeImage(_ reader: NodeReader) throws -> FileReference {
    FileReference(path: try reader.filePath(), location: reader.location)
  }

  /// An asset; `allowsLabel`: it may carry `accessibilityLabel` (a row's, read by the row).
  static func decodeAsset(_ reader: NodeReader, allowsLabel: Bool = false) throws -> Asset {
    let object = try reader.object(allowsLabel ? SpecSchema.rowAsset : SpecSchema.asset)
    let color = try object.optional("color")?.color(themeNames: true)
    let kind = try object.exactlyOne(of: AssetKind.self)
    for key in ["template", "mirrorInRTL"] where kind != .icon {
      if let field = object.optional(key) { throw field.error("\(key) applies to icons only") }
    }
    for key in ["size", "shape"] where kind != .image {
      if let field = object.optional(key) { throw field.error("\(key) applies to images only") }
    }
    switch kind {
    case .icon:
      let icon = try decodeIcon(
        object.required("icon"), template: object.optional("template"),
        mirror: object.optional("mirrorInRTL"))
      if let background = try object.optional("background")?.color(themeNames: true) {
        return .largeIcon(icon, background: background, color: color)
      }
      return .smallIcon(icon, color: color)
    case .image:
      let image = try decodeImage(object.required("image"))
      let size = try object.optional("size")?.number(in: SpecLimits.imageSizeRange)
      let shape = try object.optional("shape")?.enumeration(ImageShape.self)
      // Without a size or shape, the 40 pt circle of a row's image.
      guard size != nil || shape != nil else { return .image(image) }
      return .customImage(image, size: size ?? 40, shape: shape ?? .circle)
    case .monogram:
      return .monogram(
        try decodeMonogram(object.required("monogram")),
        background: try object.required("background").color(themeNames: true), color: color)
    }
  }

  static func decodeControl(_ reader: NodeReader) throws -> Control {
    // `control: navigation`: the one control that needs no value, named alone.
    if case .scalar(let scalar) = reader.node, scalar.string == ControlKind.navigation.rawValue {
      return .navigation(badge: nil)
    }
    let kinds = ControlKind.allCases
    let object = try reader.object(SpecSchema.control)
    let present = kinds.filter { object.fields[$0.rawValue] != nil }
    guard present.count == 1 else {
      throw reader.error(
        "expected exactly one of: \(kinds.map(\.rawValue).joined(separator: ", "))")
    }
    let field = object.fields[present[0].rawValue] ?? reader
    if let mirror = object.optional("mirrorInRTL"), present[0] != .icon {
      throw mirror.error(
        "mirrorInRTL goes with an icon control (control: { icon: …, mirrorInRTL: false })")
    }
    switch present[0] {
    case .navigation:
      guard !field.isNull else { return .navigation(badge: nil) }
      // `navigation: true` reads as `navigation: {}`.
      if case .scalar(let scalar) = field.node, scalar.style == .plain {
        guard scalar.string == "true" else {
          throw field.error(
            "expected true, {} or { badge: N }; leave out `control` for a row without one")
        }
        return .navigation(badge: nil)
      }
      let navigation = try field.object(SpecSchema.navigation)
      guard let badge = navigation.optional("badge") else { return .navigation(badge: nil) }
      if case .scalar(let scalar) = badge.node, ["true", "false"].contains(scalar.string) {
        return .navigation(badge: try badge.bool() ? .dot : nil)
      }
      let count = try badge.integer(in: SpecLimits.badgeRange)
      return .navigation(badge: count == 0 ? nil : .count(count))
    case .switch: return .switch(try field.bool())
    case .checkbox: return .checkbox(try field.bool())
    case .radio: return .radio(try field.bool())
    case .text: return .text(try field.string())
    case .icon:
      return .icon(
        try decodeIcon(field, template: nil, mirror: object.optional("mirrorInRTL")))
    case .button: return .button(try field.string(allowEmpty: false))
    }
  }

  /// The keys of `asset:` that say what it is.
  enum AssetKind: String, CaseIterable {
    case icon, image, monogram
  }

  /// The keys of `control:`, one per kind of control.
  enum ControlKind: String, CaseIterable {
    case navigation, `switch`, checkbox, radio, text, icon, button
  }

  static func decodeMonogram(_ reader: NodeReader) throws -> String {
    let text = try reader.string(allowEmpty: false)
    guard text.count <= SpecLimits.maxMonogramCharacters else {
      throw reader.error("a monogram has at most \(SpecLimits.maxMonogramCharacters) characters")
    }
    return text
  }
}

extension SpecWriter {
  func icon(_ icon: Icon) -> Node {
    switch icon.source {
    case .named(let name): string(name)
    case .file(let path): string(path)
    }
  }

  /// `template: false` beside a file icon that keeps its colours, `mirrorInRTL: false` beside
  /// one kept unmirrored.
  func template(_ icon: Icon) -> Pairs {
    var pairs: Pairs = []
    if case .file = icon.source, !icon.isTemplate { pairs.append(("template", bool(false))) }
    return pairs + mirror(icon)
  }

  /// `mirrorInRTL: false` beside an icon kept unmirrored (row assets, control icons, the empty
  /// view's icon).
  func mirror(_ icon: Icon) -> Pairs {
    icon.mirrorsInRTL ? [] : [("mirrorInRTL", bool(false))]
  }

  func asset(_ asset: Asset) -> Node {
    switch asset {
    case .smallIcon(let icon, let color):
      return map([("icon", self.icon(icon))] + optionalColor(color) + template(icon))
    case .largeIcon(let icon, let background, let color):
      return map(
        [("icon", self.icon(icon)), ("background", self.color(background))]
          + optionalColor(color) + template(icon))
    case .image(let image):
      return map([("image", string(image.path))])
    case .customImage(let image, let size, let shape):
      return map([
        ("image", string(image.path)), ("size", number(size)), ("shape", string(shape.rawValue)),
      ])
    case .monogram(let text, let background, let color):
      return map(
        [("monogram", string(text)), ("background", self.color(background))]
          + optionalColor(color))
    }
  }

  func optionalColor(_ color: Color?) -> Pairs { color.map { [("color", self.color($0))] } ?? [] }

  func control(_ control: Control) -> Node {
    switch control {
    case .navigation(let badge):
      switch badge {
      case nil: return map([("navigation", plain("null"))])
      case .dot?: return map([("navigation", map([("badge", bool(true))]))])
      case .count(let count)?: return map([("navigation", map([("badge", number(count))]))])
      }
    case .switch(let on): return map([("switch", bool(on))])
    case .checkbox(let on): return map([("checkbox", bool(on))])
    case .radio(let on): return map([("radio", bool(on))])
    case .text(let text): return map([("text", string(text))])
    case .icon(let icon):
      return map([("icon", self.icon(icon))] + mirror(icon))
    case .button(let text): return map([("button", string(text))])
    }
  }
}

extension Validator {
  mutating func icon(_ icon: Icon?, _ field: String) throws {
    switch icon?.source {
    case .named(let name)?: try string(name, field, allowEmpty: false)
    case .file(let path)?: try string(path, field, allowEmpty: false)
    case nil: break
    }
  }

  mutating func monogram(_ text: String, _ field: String) throws {
    try string(text, field, allowEmpty: false)
    guard text.count <= SpecLimits.maxMonogramCharacters else {
      throw fail(
        "a monogram has at most \(SpecLimits.maxMonogramCharacters) characters", at: field)
    }
  }

  mutating func asset(_ asset: Asset?) throws {
    switch asset {
    case .smallIcon(let icon, let color)?:
      try self.icon(icon, "asset.icon")
      try self.color(color, "asset.color")
    case .largeIcon(let icon, let background, let color)?:
      try self.icon(icon, "asset.icon")
      try self.color(background, "asset.background")
      try self.color(color, "asset.color")
    case .image(let image)?:
      try string(image.path, "asset.image", allowEmpty: false)
    case .customImage(let image, let size, _)?:
      try string(image.path, "asset.image", allowEmpty: false)
      try number(size, SpecLimits.imageSizeRange, "asset.size")
    case .monogram(let text, let background, let color)?:
      try monogram(text, "asset.monogram")
      try self.color(background, "asset.background")
      try self.color(color, "asset.color")
    case nil:
      break
    }
  }

  mutating func control(_ control: Control?) throws {
    switch control {
    case .navigation(.count(let count))?:
      try self.count(count, SpecLimits.badgeRange, "control.navigation.badge")
    case .text(let text)?: try string(text, "control.text")
    case .button(let text)?: try string(text, "control.button", allowEmpty: false)
    case .icon(let icon)?: try self.icon(icon, "control.icon")
    case .navigation(.dot)?, .navigation(nil)?, .switch?, .checkbox?, .radio?, nil: break
    }
  }
}

extension Control {
  /// The icon the control draws, if it draws one (the walks over a document's files and
  /// resources read it, so a new control kind is a compile error there until handled here).
  package var drawnIcon: Icon? {
    switch self {
    case .icon(let icon): icon
    case .navigation, .switch, .checkbox, .radio, .text, .button: nil
    }
  }
}
