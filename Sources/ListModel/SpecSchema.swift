import Foundation
import StringCatalogs

/// What a spec's value holds, as the decoder reads it: the one description the decoder takes
/// its keys from and `listrender schema` writes as a JSON Schema, so the two cannot drift.
package indirect enum SpecShape: Sendable {
  /// Text: any YAML scalar but null (`title: 42` is the text "42"); `nonEmpty`: at least one
  /// character.
  case text(nonEmpty: Bool = false)
  /// A number in a range (a plain YAML scalar, not quoted).
  case number(ClosedRange<Double>)
  /// A whole number in a range.
  case integer(ClosedRange<Double>)
  case boolean
  /// One of these words.
  case choice([String])
  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`; `themeNames`: or a theme colour's name.
  case color(themeNames: Bool)
  /// A file's path, relative to the spec's folder.
  case path
  /// A BCP 47 language tag.
  case languageTag
  case list(SpecShape, max: Int)
  case object(SpecObject)
  /// A shape defined once and named (`#/$defs/name`).
  case named(String)
  /// Any of these.
  case anyOf([SpecShape])
  /// Exactly this word.
  case constant(String)
  case null
}

/// One key of a spec object.
package struct SpecKey: Sendable {
  package let name: String
  package let shape: SpecShape
  package let help: String
  package let required: Bool

  package init(_ name: String, _ shape: SpecShape, _ help: String, required: Bool = false) {
    self.name = name
    self.shape = shape
    self.help = help
    self.required = required
  }
}

/// The keys a spec object may have; any other is an error (with the nearest names).
package struct SpecObject: Sendable {
  package let keys: [SpecKey]

  package init(_ keys: [SpecKey]) { self.keys = keys }

  /// The keys' names, in order.
  package var names: [String] { keys.map(\.name) }

  /// These keys and `more`.
  package func adding(_ more: [SpecKey]) -> SpecObject { SpecObject(keys + more) }
}

/// The spec's objects, each key with what it holds and what it means.
package enum SpecSchema {
  static let text = SpecShape.text()
  static let nonEmpty = SpecShape.text(nonEmpty: true)
  static func choice<E: RawRepresentable & CaseIterable>(_: E.Type) -> SpecShape
  where E.RawValue == String {
    .choice(E.allCases.map(\.rawValue))
  }

  // MARK: The document

  package static let document = SpecObject([
    SpecKey(
      "fonts", .list(.path, max: SpecLimits.maxFonts),
      "Font files the text may use besides the standard ones (TrueType, OpenType, collections)."),
    SpecKey(
      "strings", .list(.path, max: SpecLimits.maxCatalogs),
      "String catalogs ({ key: … } labels take their text from): .xcstrings files or Android res/ folders."
    ),
    SpecKey("canvas", .named("canvas"), "Size, scale, theme and environment of the image."),
    SpecKey(
      "sections", .list(.named("section"), max: SpecLimits.maxSections),
      "The list's sections, top to bottom.", required: true),
    SpecKey("emptyView", .object(emptyView), "Drawn centred when no section has a cell."),
    SpecKey("refreshControl", .object(refreshControl), "The pull-to-refresh indicator."),
    SpecKey("animation", .object(animation), "Frames for listrender animate."),
    SpecKey(
      "ignore", .list(.anyOf([nonEmpty, .object(ignoreRow)]), max: SpecLimits.maxIgnorePatterns),
      "Elements golden comparisons leave out (a clock, a date): element paths with * globs (sections[*].cells[*].detail) or { id: ROW }."
    ),
  ])

  /// A row of `ignore:` by its id.
  package static let ignoreRow = SpecObject([
    SpecKey("id", nonEmpty, "The id of a row whose every element is left out.", required: true)
  ])

  // MARK: Canvas

  /// Every canvas key (the decoder reads them in this order).
  package static let canvas = SpecObject(CanvasKey.allCases.map(canvasKey))

  static func canvasKey(_ key: CanvasKey) -> SpecKey {
    let shape: SpecShape
    let help: String
    switch key {
    case .width:
      (shape, help) = (.number(SpecLimits.widthRange), "Width in points (default 360).")
    case .scale:
      (shape, help) = (.number(SpecLimits.scaleRange), "Device pixels per point (default 3).")
    case .theme:
      (shape, help) = (
        .anyOf([choice(ThemeName.self), .object(theme)]),
        "mistica or material, or { name, skin, font, colors }."
      )
    case .appearance: (shape, help) = (choice(Appearance.self), "Light or dark palette.")
    case .language:
      (shape, help) = (
        .languageTag, "The text's language (BCP 47): CJK glyphs, shaping and line breaking."
      )
    case .direction:
      (shape, help) = (choice(LayoutDirection.self), "Left to right or right to left.")
    case .contentSize:
      (shape, help) = (choice(ContentSizeCategory.self), "Dynamic Type category (default L).")
    case .safeArea: (shape, help) = (.object(insets), "Insets content keeps clear of.")
    case .background:
      (shape, help) = (.color(themeNames: false), "The image's background (default: the theme's).")
    case .height:
      (shape, help) = (
        .number(SpecLimits.heightRange), "The viewport's height in points (default: the content's)."
      )
    case .locale:
      (shape, help) = (
        .languageTag,
        "The locale keyed labels take their text in (or en-XA, ar-XB); sets language and direction unless given."
      )
    case .contentOffset:
      (shape, help) = (
        .number(SpecLimits.contentOffsetRange), "How far the content is scrolled, in points."
      )
    case .stickyHeaders:
      (shape, help) = (
        .boolean, "Whether headers stay at the top while their section is on screen."
      )
    case .shadow: (shape, help) = (choice(ShadowModel.self), "The elevation shadow model.")
    case .ripple: (shape, help) = (choice(RippleStyle.self), "The ripple model of pressed cells.")
    }
    return SpecKey(key.rawValue, shape, help)
  }

  package static let theme = SpecObject([
    SpecKey("name", choice(ThemeName.self), "The design system."),
    SpecKey("skin", choice(MisticaSkin.self), "The Mística brand (Mística only)."),
    SpecKey("font", text, "The font family of every text style."),
    SpecKey("colors", .object(colors), "Theme colours replaced, by name."),
    SpecKey(
      "tokens", .path,
      "A Mística brand token file (Telefonica/mistica-design tokens/<brand>.json) giving the skin's colours, radii and weights."
    ),
  ])

  package static let colors = SpecObject(
    ColorName.specNames.map { SpecKey($0, .color(themeNames: false), "The \($0) colour.") }
      + colorTokenNames.map {
        SpecKey($0, .color(themeNames: false), "A colour token of the Mística brand's file.")
      })

  /// The Mística colour tokens a spec may name besides the theme colours, sorted.
  package static var colorTokenNames: [String] { MisticaSkin.colorTokenNames }

  /// ``colorTokenNames`` to look a name up in (made on first use: a spec naming a token).
  package static let colorTokenNameSet = Set(MisticaSkin.colorTokenNames)

  package static let insets = SpecObject(
    ["top", "leading", "bottom", "trailing"].map {
      SpecKey($0, .number(SpecLimits.insetRange), "Points on the \($0) side.")
    })

  // MARK: Sections

  package static let section = SpecObject([
    SpecKey("id", nonEmpty, "The identity list updates match the section by."),
    SpecKey("cells", .list(.named("cell"), max: SpecLimits.maxCells), "The section's cells."),
    SpecKey("header", .named("header"), "A title, or { title, detail, style }."),
    SpecKey("footer", .named("footer"), "A title, or { title, detail }."),
    SpecKey("inset", .object(insets), "Space around the section's items."),
    SpecKey("lineSpacing", .number(SpecLimits.lengthRange), "Points between rows of items."),
    SpecKey("interitemSpacing", .number(SpecLimits.lengthRange), "Points between items in a row."),
    SpecKey("columns", .integer(SpecLimits.columnRange), "Equal-width columns (not with width)."),
    SpecKey(
      "width", .number(SpecLimits.widthRange), "Fixed-width items that flow (not with columns)."),
    SpecKey("card", .object(card), "The section drawn as one card."),
    SpecKey("showHeaderWhenEmpty", .boolean, "Draw the header of a section with no cell."),
  ])

  /// A header's or footer's title or detail: text, or a catalog key.
  static let supplementaryText = SpecShape.anyOf([text, .object(catalogKey)])

  package static let header = SpecObject([
    SpecKey("title", supplementaryText, "The header's text.", required: true),
    SpecKey("detail", supplementaryText, "Trailing text, such as a link."),
    SpecKey("style", choice(HeaderStyle.self), "A Mística header's style."),
  ])

  package static let footer = SpecObject([
    SpecKey("title", supplementaryText, "The footer's text.", required: true),
    SpecKey("detail", supplementaryText, "Trailing text."),
  ])

  package static let card = SpecObject([
    SpecKey("elevation", .number(SpecLimits.elevationRange), "Elevation in points."),
    SpecKey("cornerRadius", .number(SpecLimits.cornerRadiusRange), "Corner radius in points."),
  ])

  // MARK: Cells

  static let commonCell = [
    SpecKey("id", nonEmpty, "The identity list updates match the cell by (default: its title)."),
    SpecKey("state", choice(CellState.self), "The state it is drawn in."),
    SpecKey(
      "separator", .anyOf([choice(SeparatorVisibility.self), .object(separator)]),
      "Whether it draws a bottom separator, or { visibility, inset }."),
    SpecKey("elevation", .number(SpecLimits.elevationRange), "Elevation in points."),
    SpecKey("ripple", .object(ripple), "A still frame of a press's ripple."),
    SpecKey("expandable", .object(expandable), "States the cell expands and collapses between."),
    SpecKey(
      "pressedElevation", .number(SpecLimits.elevationRange), "Elevation while pressed, in points."),
  ]

  package static let rowCell = SpecObject(
    [SpecKey("kind", .constant("row"), "A row (the default).")] + commonCell + [
      SpecKey("style", choice(CellStyle.self), "fullWidth, boxed or boxedInverse."),
      SpecKey("asset", .object(rowAsset), "An icon, image or monogram before the text."),
      SpecKey("headline", .object(headline), "A tag or an overline above the title."),
      SpecKey("title", .named("label"), "The title.", required: true),
      SpecKey("subtitle", .named("label"), "A line under the title."),
      SpecKey("description", .named("label"), "A longer text under the subtitle."),
      SpecKey("control", .named("control"), "The control at the end of the row."),
    ])

  package static let stereoCell = SpecObject(
    [SpecKey("kind", .constant("stereo"), "A Material stereo cell.", required: true)] + commonCell
      + [
        SpecKey("leadingImage", .object(stereoImage), "The image before the text."),
        SpecKey("trailingImage", .object(stereoImage), "The image after the text."),
        SpecKey("title", .named("label"), "The title.", required: true),
        SpecKey("detail", .named("label"), "Text under the title."),
      ])

  package static let labelCell = SpecObject(
    [SpecKey("kind", .constant("label"), "A self-sizing label cell.", required: true)]
      + commonCell + [SpecKey("text", .named("label"), "The text.", required: true)])

  package static let separator = SpecObject([
    SpecKey("visibility", choice(SeparatorVisibility.self), "Whether it is drawn."),
    SpecKey("inset", choice(SeparatorInset.self), "Where it starts."),
  ])

  package static let ripple = SpecObject([
    SpecKey("x", .number(SpecLimits.touchXRange), "Touch point from the cell's left, in points."),
    SpecKey("y", .number(SpecLimits.touchYRange), "Touch point from the cell's top, in points."),
    SpecKey("t", .number(SpecLimits.timeRange), "Seconds since the press."),
    SpecKey("release", .number(SpecLimits.timeRange), "Seconds after the press it was released."),
  ])

  static let expansionState = SpecShape.anyOf([
    .number(SpecLimits.heightRange), .choice(["collapsed", "expanded"]),
  ])

  package static let expandable = SpecObject([
    SpecKey(
      "states", .list(expansionState, max: SpecLimits.maxExpansionStates),
      "The states it toggles through: collapsed, expanded or a height."),
    SpecKey("state", expansionState, "The state it is drawn in."),
    SpecKey(
      "collapsedHeight", .number(SpecLimits.touchYRange), "Height when collapsed, in points."),
    SpecKey(
      "hiddenWhenCollapsed", .list(.choice(Expandable.hideableLabels), max: 6),
      "Labels hidden while collapsed."),
  ])

  // MARK: Labels

  package static let textLabel = SpecObject([
    SpecKey("text", text, "The text.", required: true),
    SpecKey("maxLines", .integer(SpecLimits.maxLinesRange), "Lines at most before an ellipsis."),
    SpecKey("language", .languageTag, "The label's language when not the canvas's."),
    SpecKey("mask", .boolean, "Left out of golden comparisons (a clock, a date)."),
  ])

  package static let catalogKey = SpecObject([
    SpecKey("key", text, "A key of the spec's string catalogs.", required: true),
    SpecKey("count", .number(SpecLimits.countRange), "The number that picks the plural form."),
    SpecKey(
      "args", .list(text, max: SpecLimits.maxArguments),
      "The texts the placeholders take, in order."
    ),
  ])

  package static let keyLabel = catalogKey.adding(Array(textLabel.keys.dropFirst()))

  /// Every key a label mapping may have: the decoder reads both forms from one mapping, then
  /// asks for exactly one of `text` and `key`.
  package static let labelKeys = SpecObject(textLabel.keys + catalogKey.keys)

  // MARK: Assets and controls

  static let assetKeys = [
    SpecKey("icon", nonEmpty, "A Material icon's name, or an .svg or .png file."),
    SpecKey("image", .path, "An image file (PNG, JPEG, WebP, SVG)."),
    SpecKey("monogram", nonEmpty, "Up to three letters on a coloured circle."),
    SpecKey("background", .color(themeNames: true), "The circle behind an icon or monogram."),
    SpecKey("color", .color(themeNames: true), "The icon's or monogram's colour."),
    SpecKey("template", .boolean, "false: an icon file keeps its own colours."),
    SpecKey("mirrorInRTL", .boolean, "false: a directional icon is not mirrored right to left."),
    SpecKey("size", .number(SpecLimits.imageSizeRange), "An image's size in points."),
    SpecKey("shape", choice(ImageShape.self), "An image's shape."),
  ]

  package static let asset = SpecObject(assetKeys)

  package static let rowAsset = asset.adding([
    SpecKey("accessibilityLabel", nonEmpty, "What VoiceOver reads for the asset.")
  ])

  package static let stereoImage = SpecObject(assetKeys)

  package static let headline = SpecObject([
    SpecKey("tag", nonEmpty, "A tag's text."),
    SpecKey("text", nonEmpty, "An overline's text."),
  ])

  package static let navigation = SpecObject([
    SpecKey(
      "badge", .anyOf([.integer(SpecLimits.badgeRange), .boolean]),
      "A count badge (0: none), or true for a dot.")
  ])

  package static let control = SpecObject(
    ListDocument.ControlKind.allCases.map(controlKey) + [
      SpecKey("mirrorInRTL", .boolean, "false: an icon control is not mirrored right to left."),
      SpecKey("accessibilityLabel", nonEmpty, "What VoiceOver reads for the control."),
    ])

  static func controlKey(_ kind: ListDocument.ControlKind) -> SpecKey {
    switch kind {
    case .navigation:
      SpecKey(
        "navigation", .anyOf([.boolean, .null, .object(navigation)]),
        "A chevron, optionally with { badge }.")
    case .switch: SpecKey("switch", .boolean, "A switch, on or off.")
    case .checkbox: SpecKey("checkbox", .boolean, "A checkbox, checked or not.")
    case .radio: SpecKey("radio", .boolean, "A radio button, selected or not.")
    case .text: SpecKey("text", text, "Trailing text.")
    case .icon: SpecKey("icon", nonEmpty, "An icon button: a Material icon's name or a file.")
    case .button: SpecKey("button", nonEmpty, "A small button's title.")
    }
  }

  // MARK: Empty view, refresh, animation

  package static let emptyView = SpecObject([
    SpecKey("icon", nonEmpty, "A Material icon's name, or an .svg or .png file."),
    SpecKey("mirrorInRTL", .boolean, "false: a directional icon is not mirrored right to left."),
    SpecKey("title", text, "The headline."),
    SpecKey("message", text, "A longer explanation."),
    SpecKey("button", text, "A button's title."),
    SpecKey("elevation", .number(SpecLimits.elevationRange), "The button's elevation."),
  ])

  package static let refreshControl = SpecObject([
    SpecKey("progress", .number(SpecLimits.progressRange), "How far the pull has gone, 0 to 1."),
    SpecKey("refreshing", .boolean, "Whether it spins."),
    SpecKey("angle", .number(SpecLimits.angleRange), "The spinning arc's rotation in degrees."),
  ])

  package static let animation = SpecObject([
    SpecKey("fps", .number(SpecLimits.fpsRange), "Frames a second (default 60)."),
    SpecKey("duration", .number(SpecLimits.durationRange), "Seconds (default 1)."),
    SpecKey(
      "events", .list(.object(event), max: SpecLimits.maxEvents),
      "Presses, releases, toggles, transitions and list updates in time order."),
  ])

  static let cellTarget = [
    SpecKey(
      "section", .integer(0...Double(SpecLimits.maxSections)), "The section's index.",
      required: true),
    SpecKey("item", .integer(0...Double(SpecLimits.maxCells)), "The cell's index.", required: true),
  ]

  package static let pressTarget = SpecObject(
    cellTarget + [
      SpecKey("x", .number(SpecLimits.touchXRange), "Touch point from the cell's left."),
      SpecKey("y", .number(SpecLimits.touchYRange), "Touch point from the cell's top."),
    ])

  package static let cellEventTarget = SpecObject(cellTarget)

  package static let transitionTarget = SpecObject(
    cellTarget + [SpecKey("to", expansionState, "The state it moves to.", required: true)])

  package static let updateTarget = SpecObject([
    SpecKey(
      "sections", .list(.named("section"), max: SpecLimits.maxSections), "The new list's sections."),
    SpecKey("file", .path, "A spec file whose sections are the new list."),
  ])

  package static let event = SpecObject(
    [
      SpecKey("at", .number(SpecLimits.timeRange), "Seconds from the start."),
      SpecKey("duration", .number(SpecLimits.durationRange), "The transition's seconds."),
    ] + ListDocument.EventKind.allCases.map(eventKey))

  static func eventKey(_ kind: ListDocument.EventKind) -> SpecKey {
    switch kind {
    case .press: SpecKey("press", .object(pressTarget), "A finger down on a cell.")
    case .release: SpecKey("release", .object(cellEventTarget), "The finger up.")
    case .toggle:
      SpecKey("toggle", .object(cellEventTarget), "An expandable cell to its next state.")
    case .transition:
      SpecKey("transition", .object(transitionTarget), "An expandable cell to a state.")
    case .update:
      SpecKey("update", .object(updateTarget), "The list replaced by another, animated.")
    }
  }
}

// MARK: JSON Schema

extension SpecSchema {
  /// The spec format as a JSON Schema (draft 2020-12), from the tables the decoder reads its
  /// keys from: every key's help as its `description`, words as `enum`, ranges as `minimum` and
  /// `maximum`, no key but the listed ones. `listrender schema` prints it.
  package static func jsonSchema() -> String {
    let definitions: [(String, SpecShape)] = [
      ("canvas", .object(canvas)),
      ("section", .object(section)),
      ("header", .anyOf([text, .object(header)])),
      ("footer", .anyOf([text, .object(footer)])),
      ("cell", .anyOf([.object(rowCell), .object(stereoCell), .object(labelCell)])),
      ("label", .anyOf([text, .object(textLabel), .object(keyLabel)])),
      ("control", .anyOf([.constant("navigation"), .object(control)])),
    ]
    var root: [(String, SchemaJSON)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("title", .string("ListRender spec")),
      (
        "description",
        .string(
          "A list drawn by listrender: its canvas, sections of cells, and optionally an animation.")
      ),
    ]
    root += json(.object(document)).members
    root.append(("$defs", .object(definitions.map { ($0.0, json($0.1)) })))
    return SchemaJSON.object(root).text() + "\n"
  }

  static let hexColor = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
  static let languagePattern = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,7}$"

  static func json(_ shape: SpecShape) -> SchemaJSON {
    switch shape {
    case .text(let nonEmpty):
      var members: [(String, SchemaJSON)] = [
        ("type", .array([.string("string"), .string("number"), .string("boolean")]))
      ]
      if nonEmpty { members.append(("minLength", .number(1))) }
      return .object(members)
    case .number(let range):
      return .object([
        ("type", .string("number")), ("minimum", .number(range.lowerBound)),
        ("maximum", .number(range.upperBound)),
      ])
    case .integer(let range):
      return .object([
        ("type", .string("integer")), ("minimum", .number(range.lowerBound)),
        ("maximum", .number(range.upperBound)),
      ])
    case .boolean: return .object([("type", .string("boolean"))])
    case .choice(let words): return .object([("enum", .array(words.map(SchemaJSON.string)))])
    case .color(let themeNames):
      let hex = SchemaJSON.object([("type", .string("string")), ("pattern", .string(hexColor))])
      guard themeNames else { return hex }
      return .object([
        (
          "anyOf",
          .array([
            hex,
            .object([
              ("enum", .array((ColorName.specNames + colorTokenNames).map(SchemaJSON.string)))
            ]),
          ])
        )
      ])
    case .path: return .object([("type", .string("string")), ("minLength", .number(1))])
    case .languageTag:
      return .object([("type", .string("string")), ("pattern", .string(languagePattern))])
    case .list(let item, let max):
      return .object([
        ("type", .string("array")), ("items", json(item)), ("maxItems", .number(Double(max))),
      ])
    case .object(let object):
      var members: [(String, SchemaJSON)] = [("type", .string("object"))]
      members.append(
        (
          "properties",
          .object(
            object.keys.map { key in
              (key.name, .object(json(key.shape).members + [("description", .string(key.help))]))
            })
        ))
      let required = object.keys.filter(\.required).map(\.name)
      if !required.isEmpty { members.append(("required", .array(required.map(SchemaJSON.string)))) }
      members.append(("additionalProperties", .bool(false)))
      return .object(members)
    case .named(let name): return .object([("$ref", .string("#/$defs/\(name)"))])
    case .anyOf(let shapes): return .object([("anyOf", .array(shapes.map(json)))])
    case .constant(let word): return .object([("const", .string(word))])
    case .null: return .object([("type", .string("null"))])
    }
  }
}

/// JSON with its members in order (a schema reads best in the order the spec format is told).
package indirect enum SchemaJSON: Sendable {
  case object([(String, SchemaJSON)])
  case array([SchemaJSON])
  case string(String)
  case number(Double)
  case bool(Bool)

  /// An object's members (none for another value).
  var members: [(String, SchemaJSON)] {
    if case .object(let members) = self { return members }
    return []
  }

  /// The value as JSON text, two spaces an indent; a short array of words on one line.
  func text(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      return "{\n"
        + members.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }
        .joined(separator: ",\n") + "\n" + indent + "}"
    case .array(let items):
      if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
        return "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
      }
      return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n"
        + indent + "]"
    case .string(let text): return Self.quoted(text)
    case .number(let value):
      return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .bool(let value): return value ? "true" : "false"
    }
  }

  static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
