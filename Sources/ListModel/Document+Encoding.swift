import Foundation
import Yams

/// A document written back in the spec's own format: `yaml()` and `json()` give text that
/// `listrender render` draws as the document draws, and `Codable` reads and writes the same
/// format through any coder (`JSONEncoder`, `JSONDecoder`, …). Fields at their defaults are
/// left out; colours are written as 8-bit hex; file paths as they are held (absolute after
/// decoding); a cell's `motion` (set by the animation timeline, never by a spec) is not written.
///
/// ```swift
/// let yaml = try inbox.yaml()
/// try yaml.write(to: URL(filePath: "inbox.yaml"), atomically: true, encoding: .utf8)
/// let same = try JSONDecoder().decode(ListDocument.self, from: JSONEncoder().encode(inbox))
/// ```
extension ListDocument: Codable {
  /// The document as a YAML spec.
  public func yaml() throws -> String { try Yams.serialize(node: specNode, sortKeys: false) }

  /// The document as a JSON spec (keys in the spec's order, two-space indents).
  public func json() -> String { SpecJSON.text(specNode) + "\n" }

  /// Writes the document in the spec format.
  public func encode(to encoder: any Encoder) throws {
    try SpecCoding.encode(specNode, to: encoder)
  }

  /// Reads a document in the spec format, with the spec's checks (relative paths are resolved
  /// against the current folder). Errors are ``SpecError``s naming the field path.
  public init(from decoder: any Decoder) throws {
    let node = try SpecCoding.node(from: decoder)
    self = try Self.decode(node: node, file: "<decoder>")
  }

  /// The document as a spec's YAML node tree.
  var specNode: Node { SpecWriter().document(self) }
}

/// Builds the spec's node tree from the model: the decoder's format, in reverse.
private struct SpecWriter {
  typealias Pairs = [(String, Node)]

  func map(_ pairs: Pairs) -> Node {
    .mapping(Node.Mapping(pairs.map { (Node.scalar(.init($0.0)), $0.1) }))
  }
  func string(_ text: String) -> Node { .scalar(.init(text, .implicit, .doubleQuoted)) }
  func number(_ value: Double) -> Node { .scalar(.init(Self.numberText(value), .implicit, .plain)) }
  func number(_ value: Int) -> Node { number(Double(value)) }
  func bool(_ value: Bool) -> Node { .scalar(.init(value ? "true" : "false", .implicit, .plain)) }
  func plain(_ text: String) -> Node { .scalar(.init(text, .implicit, .plain)) }
  func color(_ color: Color) -> Node { string(color.description) }

  /// Whole numbers without a decimal point; others in Swift's shortest exact form.
  static func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  func document(_ document: ListDocument) -> Node {
    var pairs: Pairs = []
    if let canvas = canvas(document.canvas) { pairs.append(("canvas", canvas)) }
    pairs.append(("sections", .sequence(.init(document.sections.map(section)))))
    if let empty = document.emptyView {
      var fields: Pairs = []
      if let icon = empty.icon { fields.append(("icon", self.icon(icon))) }
      if let title = empty.title { fields.append(("title", string(title))) }
      if let message = empty.message { fields.append(("message", string(message))) }
      if let button = empty.button { fields.append(("button", string(button))) }
      if empty.elevation != 0 { fields.append(("elevation", number(empty.elevation))) }
      pairs.append(("emptyView", map(fields)))
    }
    if let refresh = document.refreshControl {
      pairs.append(
        (
          "refreshControl",
          map([
            ("progress", number(refresh.progress)), ("refreshing", bool(refresh.refreshing)),
            ("angle", number(refresh.angle)),
          ])
        ))
    }
    if let animation = document.animation { pairs.append(("animation", self.animation(animation))) }
    return map(pairs)
  }

  func canvas(_ canvas: Canvas) -> Node? {
    let standard = Canvas()
    var pairs: Pairs = []
    if canvas.width != standard.width { pairs.append(("width", number(canvas.width))) }
    if canvas.scale != standard.scale { pairs.append(("scale", number(canvas.scale))) }
    if canvas.colors.isEmpty {
      if canvas.theme != standard.theme { pairs.append(("theme", plain(canvas.theme.rawValue))) }
    } else {
      let colors = ColorName.allCases.compactMap { name in
        canvas.colors[name].map { (name.rawValue, color($0)) }
      }
      pairs.append(
        ("theme", map([("name", plain(canvas.theme.rawValue)), ("colors", map(colors))])))
    }
    if canvas.appearance != standard.appearance {
      pairs.append(("appearance", plain(canvas.appearance.rawValue)))
    }
    if canvas.direction != standard.direction {
      pairs.append(("direction", plain(canvas.direction.rawValue)))
    }
    if canvas.contentSize != standard.contentSize {
      pairs.append(("contentSize", plain(canvas.contentSize.rawValue)))
    }
    if canvas.safeArea != .zero { pairs.append(("safeArea", insets(canvas.safeArea))) }
    if let background = canvas.background { pairs.append(("background", color(background))) }
    if let height = canvas.height { pairs.append(("height", number(height))) }
    if canvas.contentOffset != 0 { pairs.append(("contentOffset", number(canvas.contentOffset))) }
    if canvas.stickyHeaders { pairs.append(("stickyHeaders", bool(true))) }
    if let shadow = canvas.shadow { pairs.append(("shadow", plain(shadow.rawValue))) }
    if canvas.ripple != standard.ripple { pairs.append(("ripple", plain(canvas.ripple.rawValue))) }
    return pairs.isEmpty ? nil : map(pairs)
  }

  func insets(_ insets: EdgeInsets) -> Node {
    map([
      ("top", number(insets.top)), ("leading", number(insets.leading)),
      ("bottom", number(insets.bottom)), ("trailing", number(insets.trailing)),
    ])
  }

  func section(_ section: Section) -> Node {
    var pairs: Pairs = []
    if let id = section.id { pairs.append(("id", string(id))) }
    if let header = section.header { pairs.append(("header", supplementary(header))) }
    if let footer = section.footer { pairs.append(("footer", supplementary(footer))) }
    // A card's section gets a default inset when none is given: always write it then.
    if section.inset != .zero || section.card != nil {
      pairs.append(("inset", insets(section.inset)))
    }
    if section.lineSpacing != 0 { pairs.append(("lineSpacing", number(section.lineSpacing))) }
    if section.interitemSpacing != 0 {
      pairs.append(("interitemSpacing", number(section.interitemSpacing)))
    }
    switch section.arrangement {
    case .columns(1): break
    case .columns(let columns): pairs.append(("columns", number(columns)))
    case .itemWidth(let width): pairs.append(("width", number(width)))
    }
    if let card = section.card {
      var fields: Pairs = [("elevation", number(card.elevation))]
      if let radius = card.cornerRadius { fields.append(("cornerRadius", number(radius))) }
      pairs.append(("card", map(fields)))
    }
    if section.showHeaderWhenEmpty { pairs.append(("showHeaderWhenEmpty", bool(true))) }
    pairs.append(("cells", .sequence(.init(section.cells.map(cell)))))
    return map(pairs)
  }

  func supplementary(_ text: SupplementaryText) -> Node {
    guard let detail = text.detail else { return string(text.title) }
    return map([("title", string(text.title)), ("detail", string(detail))])
  }

  /// A string, or `{ text, maxLines }` when its line limit is not the field's default.
  func label(_ label: Label, defaultMaxLines: Int? = nil) -> Node {
    guard label.maxLines != defaultMaxLines, let maxLines = label.maxLines else {
      return string(label.text)
    }
    return map([("text", string(label.text)), ("maxLines", number(maxLines))])
  }

  func icon(_ icon: Icon) -> Node {
    switch icon.source {
    case .named(let name): string(name)
    case .file(let path): string(path)
    }
  }

  /// `template: false` beside a file icon that keeps its colours.
  func template(_ icon: Icon) -> Pairs {
    if case .file = icon.source, !icon.isTemplate { return [("template", bool(false))] }
    return []
  }

  func cell(_ cell: Cell) -> Node {
    var pairs: Pairs = []
    switch cell.kind {
    case .row(let row):
      if row.style != .fullWidth { pairs.append(("style", plain(row.style.rawValue))) }
      if let asset = row.asset { pairs.append(("asset", self.asset(asset))) }
      switch row.headline {
      case .tag(let text)?: pairs.append(("headline", map([("tag", string(text))])))
      case .overline(let text)?: pairs.append(("headline", map([("text", string(text))])))
      case nil: break
      }
      pairs.append(("title", label(row.title)))
      if let subtitle = row.subtitle { pairs.append(("subtitle", label(subtitle))) }
      if let text = row.descriptionText { pairs.append(("description", label(text))) }
      if let control = row.control { pairs.append(("control", self.control(control))) }
    case .stereo(let stereo):
      pairs.append(("kind", plain("stereo")))
      if let image = stereo.leadingImage { pairs.append(("leadingImage", stereoImage(image))) }
      if let image = stereo.trailingImage { pairs.append(("trailingImage", stereoImage(image))) }
      pairs.append(("title", label(stereo.title, defaultMaxLines: 1)))
      if let detail = stereo.detail { pairs.append(("detail", label(detail, defaultMaxLines: 3))) }
    case .label(let labelCell):
      pairs.append(("kind", plain("label")))
      pairs.append(("text", label(labelCell.text)))
    }
    if let id = cell.id { pairs.append(("id", string(id))) }
    if cell.state != .normal { pairs.append(("state", plain(cell.state.rawValue))) }
    if cell.separatorInset != .standard {
      pairs.append(
        (
          "separator",
          map([
            ("visibility", plain(cell.separator.rawValue)),
            ("inset", plain(cell.separatorInset.rawValue)),
          ])
        ))
    } else if cell.separator != .automatic {
      pairs.append(("separator", plain(cell.separator.rawValue)))
    }
    if let elevation = cell.elevation { pairs.append(("elevation", number(elevation))) }
    if let pressed = cell.pressedElevation { pairs.append(("pressedElevation", number(pressed))) }
    if let ripple = cell.ripple {
      var fields: Pairs = [
        ("x", number(ripple.x)), ("y", number(ripple.y)), ("t", number(ripple.elapsed)),
      ]
      if let release = ripple.release { fields.append(("release", number(release))) }
      pairs.append(("ripple", map(fields)))
    }
    if let expandable = cell.expandable {
      var fields: Pairs = [
        ("states", .sequence(.init(expandable.states.map(expansionState)))),
        ("state", expansionState(expandable.state)),
        ("collapsedHeight", number(expandable.collapsedHeight)),
      ]
      if !expandable.hiddenWhenCollapsed.isEmpty {
        fields.append(
          ("hiddenWhenCollapsed", .sequence(.init(expandable.hiddenWhenCollapsed.map(plain)))))
      }
      pairs.append(("expandable", map(fields)))
    }
    return map(pairs)
  }

  func expansionState(_ state: ExpansionState) -> Node {
    switch state {
    case .collapsed: plain("collapsed")
    case .expanded: plain("expanded")
    case .height(let height): number(height)
    }
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
    case .monogram(let text, let background, let color):
      return map(
        [("monogram", string(text)), ("background", self.color(background))]
          + optionalColor(color))
    }
  }

  func optionalColor(_ color: Color?) -> Pairs { color.map { [("color", self.color($0))] } ?? [] }

  func stereoImage(_ image: StereoImage) -> Node {
    switch image {
    case .image(let reference, let size, let shape):
      var pairs: Pairs = [("image", string(reference.path))]
      if let size { pairs.append(("size", number(size))) }
      if shape != .rectangle { pairs.append(("shape", plain(shape.rawValue))) }
      return map(pairs)
    case .icon(let icon, let background, let color):
      return map(
        [("icon", self.icon(icon))] + (background.map { [("background", self.color($0))] } ?? [])
          + optionalColor(color) + template(icon))
    case .monogram(let text, let background, let color):
      return map(
        [("monogram", string(text)), ("background", self.color(background))]
          + optionalColor(color))
    }
  }

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
    case .icon(let icon): return map([("icon", self.icon(icon))])
    case .button(let text): return map([("button", string(text))])
    }
  }

  func animation(_ animation: Animation) -> Node {
    let events = animation.eventsInTimeOrder.map { event -> Node in
      var pairs: Pairs = [("at", number(event.time))]
      if let duration = event.duration { pairs.append(("duration", number(duration))) }
      let target: Pairs = [("section", number(event.section)), ("item", number(event.item))]
      switch event.action {
      case .press(let x, let y):
        pairs.append(("press", map(target + [("x", number(x)), ("y", number(y))])))
      case .release: pairs.append(("release", map(target)))
      case .toggle: pairs.append(("toggle", map(target)))
      case .transition(let state):
        pairs.append(("transition", map(target + [("to", expansionState(state))])))
      case .update(let sections):
        pairs.append(("update", map([("sections", .sequence(.init(sections.map(section))))])))
      }
      return map(pairs)
    }
    return map([
      ("fps", number(animation.fps)), ("duration", number(animation.duration)),
      ("events", .sequence(.init(events))),
    ])
  }
}

/// Spec nodes through Swift's coders: mappings as keyed containers, sequences as unkeyed ones,
/// scalars as numbers, booleans, null or strings by their style.
private enum SpecCoding {
  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  static func encode(_ node: Node, to encoder: any Encoder) throws {
    switch node {
    case .mapping(let mapping):
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in mapping {
        try encode(value, to: container.superEncoder(forKey: Key(stringValue: key.string ?? "")))
      }
    case .sequence(let sequence):
      var container = encoder.unkeyedContainer()
      for item in sequence { try encode(item, to: container.superEncoder()) }
    case .scalar(let scalar):
      var container = encoder.singleValueContainer()
      if scalar.style == .plain {
        switch scalar.string {
        case "true": return try container.encode(true)
        case "false": return try container.encode(false)
        case "null": return try container.encodeNil()
        default:
          if let number = Double(scalar.string) { return try container.encode(number) }
        }
      }
      try container.encode(scalar.string)
    case .alias:
      break
    }
  }

  /// Any coder's value as a node: nil, booleans and numbers as plain scalars, strings quoted
  /// (so "12" stays a string), keyed containers as mappings (keys sorted: coders keep no order),
  /// unkeyed ones as sequences. Depth is bounded as the YAML decoder's is.
  static func node(from decoder: any Decoder, depth: Int = 0) throws -> Node {
    guard depth < 64 else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "nested more than 64 levels"))
    }
    if let keyed = try? decoder.container(keyedBy: Key.self) {
      var pairs: [(Node, Node)] = []
      for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        pairs.append(
          (
            .scalar(.init(key.stringValue)),
            try node(from: keyed.superDecoder(forKey: key), depth: depth + 1)
          ))
      }
      return .mapping(.init(pairs))
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      var items: [Node] = []
      while !unkeyed.isAtEnd {
        guard items.count < SpecLimits.maxCells else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "too many items"))
        }
        items.append(try node(from: unkeyed.superDecoder(), depth: depth + 1))
      }
      return .sequence(.init(items))
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() { return .scalar(.init("null", .implicit, .plain)) }
    if let value = try? single.decode(Bool.self) {
      return .scalar(.init(value ? "true" : "false", .implicit, .plain))
    }
    if let value = try? single.decode(Double.self) {
      return .scalar(.init(SpecWriter.numberText(value), .implicit, .plain))
    }
    return .scalar(.init(try single.decode(String.self), .implicit, .doubleQuoted))
  }
}

/// JSON text for a spec node, keys in order.
private enum SpecJSON {
  static func text(_ node: Node, indent: String = "") -> String {
    let inner = indent + "  "
    switch node {
    case .mapping(let mapping):
      guard !mapping.isEmpty else { return "{}" }
      let fields = mapping.map { key, value in
        inner + quote(key.string ?? "") + ": " + text(value, indent: inner)
      }
      return "{\n" + fields.joined(separator: ",\n") + "\n" + indent + "}"
    case .sequence(let sequence):
      guard !sequence.isEmpty else { return "[]" }
      let items = sequence.map { inner + text($0, indent: inner) }
      return "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
    case .scalar(let scalar):
      if scalar.style == .plain,
        ["true", "false", "null"].contains(scalar.string) || Double(scalar.string) != nil
      {
        return scalar.string
      }
      return quote(scalar.string)
    case .alias:
      return "null"
    }
  }

  static func quote(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
