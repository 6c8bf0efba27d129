import Foundation
import Yams

extension ListDocument {
  /// Reads and decodes a YAML or JSON spec file (JSON is YAML: one decoder serves both).
  ///
  /// The files it names (images, icons, update files) are read only from the spec's own
  /// folder and the folders in `allowing` (after following links): a spec from elsewhere
  /// cannot make the renderer read the machine's other files.
  ///
  /// ```swift
  /// let fixtures = URL(filePath: "Fixtures")
  /// let document = try ListDocument(
  ///   contentsOf: fixtures.appending(path: "rows/title-only.yaml"), allowing: [fixtures])
  /// ```
  /// - Throws: ``SpecError`` naming the file, line, column and field path.
  public init(contentsOf url: URL, allowing folders: [URL] = []) throws {
    self = try Self.load(path: url.path, allowing: folders.map(\.path))
  }

  /// ``init(contentsOf:allowing:)`` with paths, for the command line.
  package static func load(path: String, allowing folders: [String] = []) throws -> ListDocument {
    let fail = { (message: String) in
      SpecError(file: path, line: nil, column: nil, path: "", message: message)
    }
    // Only a regular file (after links) is read, opened without blocking: a folder or a FIFO
    // given as the spec is an error, never a wait.
    let data = try readRegularFile(path, limit: SpecLimits.maxFileBytes, fail: fail)
    guard let text = String(validating: data, as: UTF8.self) else {
      let (line, column) = position(ofByte: firstInvalidUTF8(in: data), in: data)
      throw SpecError(
        file: path, line: line, column: column, path: "",
        message: "the file is not UTF-8 text: an invalid byte here")
    }
    let base = (path as NSString).deletingLastPathComponent
    let folder = base.isEmpty ? "." : base
    return try decode(
      yaml: text, file: path, baseDirectory: folder, allowedFolders: [folder] + folders)
  }

  /// Decodes a spec from YAML or JSON text; `file` names it in errors and relative paths in it
  /// are resolved against `baseDirectory` (default: the current folder).
  /// - Throws: ``SpecError``.
  public static func decode(
    yaml text: String, file: String = "<inline>", baseDirectory: String? = nil
  ) throws -> ListDocument {
    try decode(yaml: text, file: file, baseDirectory: baseDirectory, allowedFolders: nil)
  }

  /// A document from a spec's node tree (as ``init(from:)`` makes it from any coder).
  static func decode(node: Node, file: String) throws -> ListDocument {
    try decodeDocument(
      NodeReader(
        node: node, path: "", file: file, base: FileManager.default.currentDirectoryPath,
        budget: DecodeBudget(allowedFolders: nil)))
  }

  /// ``decode(yaml:file:baseDirectory:)`` reading files only from `allowedFolders` (nil:
  /// anywhere).
  package static func decode(
    yaml text: String, file: String, baseDirectory: String?, allowedFolders: [String]?
  ) throws -> ListDocument {
    let root: Node?
    do {
      // Scalars are read as text by the decoder (numbers, booleans and null by its own rules),
      // so tags are not resolved (Yams would test every scalar against regular expressions).
      root = try Yams.compose(yaml: text, .basic)
    } catch let error as YamlError {
      throw specError(from: error, file: file)
    }
    guard let root else {
      throw SpecError(file: file, line: nil, column: nil, path: "", message: "the spec is empty")
    }
    let base = baseDirectory ?? FileManager.default.currentDirectoryPath
    return try decodeDocument(
      NodeReader(
        node: root, path: "", file: file, base: base,
        budget: DecodeBudget(allowedFolders: allowedFolders)))
  }

  private static func specError(from error: YamlError, file: String) -> SpecError {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      // With libyaml's context, the place where the construct began (an unclosed `[` is
      // reported where it opens, not at the end of the file), as PyYAML prints it.
      if let context {
        return SpecError(
          file: file, line: context.mark.line, column: context.mark.column, path: "",
          message:
            "not valid YAML or JSON: \(context.text) that starts here: \(problem) (at \(mark.line):\(mark.column))"
        )
      }
      return SpecError(
        file: file, line: mark.line, column: mark.column, path: "",
        message: "not valid YAML or JSON: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return SpecError(
        file: file, line: context.mark.line, column: context.mark.column, path: "",
        message: "duplicate keys: \(duplicates.joined(separator: ", "))")
    case .reader(let problem, let offset, let value, let yaml):
      // A control character: its line and column from its offset.
      let (line, column) = position(ofByte: offset ?? 0, in: Array(yaml.utf8))
      return SpecError(
        file: file, line: line, column: column, path: "",
        message:
          "not valid YAML or JSON: \(problem) (0x\(String(value, radix: 16, uppercase: true)))")
    default:
      return SpecError(
        file: file, line: nil, column: nil, path: "", message: "not valid YAML or JSON: \(error)")
    }
  }

  /// The offset of the first byte that does not belong to valid UTF-8.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length =
        byte < 0x80
        ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
      guard length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      else { return index }
      index += length
    }
    return index
  }

  /// The 1-based line and column of byte `offset` of `bytes`.
  static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  private static func decodeDocument(_ reader: NodeReader) throws -> ListDocument {
    let object = try reader.object(allowed: [
      "canvas", "sections", "emptyView", "refreshControl", "animation",
    ])
    var document = ListDocument()
    if let canvas = object.optional("canvas") { document.canvas = try decodeCanvas(canvas) }
    if let field = object.optional("emptyView") {
      let empty = try field.object(allowed: ["icon", "title", "message", "button", "elevation"])
      document.emptyView = EmptyView(
        icon: try empty.optional("icon").map(decodeIcon),
        title: try empty.optional("title")?.string(),
        message: try empty.optional("message")?.string(),
        button: try empty.optional("button")?.string())
      document.emptyView?.elevation =
        try empty.optional("elevation")?.number(in: SpecLimits.elevationRange) ?? 0
    }
    if let field = object.optional("refreshControl") {
      let refresh = try field.object(allowed: ["progress", "refreshing", "angle"])
      document.refreshControl = RefreshControl(
        progress: try refresh.optional("progress")?.number(in: SpecLimits.progressRange) ?? 0,
        refreshing: try refresh.optional("refreshing")?.bool() ?? false,
        angle: try refresh.optional("angle")?.number(in: SpecLimits.angleRange) ?? 0)
    }
    var cellCount = 0
    for sectionReader in try object.required("sections").list(maxCount: SpecLimits.maxSections) {
      let section = try decodeSection(sectionReader)
      cellCount += section.cells.count
      guard cellCount <= SpecLimits.maxCells else {
        throw sectionReader.error("the document has more than \(SpecLimits.maxCells) cells")
      }
      document.sections.append(section)
    }
    if let field = object.optional("animation") {
      document.animation = try decodeAnimation(field, sections: document.sections)
    }
    return document
  }

  private static func decodeAnimation(_ reader: NodeReader, sections: [Section]) throws -> Animation
  {
    let object = try reader.object(allowed: ["fps", "duration", "events"])
    var animation = Animation(
      fps: try object.optional("fps")?.number(in: SpecLimits.fpsRange) ?? 60,
      duration: try object.optional("duration")?.number(in: SpecLimits.durationRange) ?? 1)
    guard animation.frameCount <= SpecLimits.maxFrames else {
      throw reader.error(
        "\(animation.frameCount) frames (duration × fps); at most \(SpecLimits.maxFrames) are allowed"
      )
    }
    let kinds = ["press", "release", "toggle", "transition", "update"]
    var decoded: [(event: AnimationEvent, reader: NodeReader, target: NodeReader?)] = []
    for field in try object.optional("events")?.list(maxCount: SpecLimits.maxEvents) ?? [] {
      let event = try field.object(allowed: ["at", "duration"] + kinds)
      let at = try event.optional("at")?.number(in: SpecLimits.timeRange) ?? 0
      let duration = try event.optional("duration")?.number(in: SpecLimits.durationRange)
      let kind = try event.exactlyOne(of: kinds)
      let target = try event.required(kind)
      if kind == "update" {
        let update = try target.object(allowed: ["sections", "file"])
        let sections: [Section]
        if try update.exactlyOne(of: ["sections", "file"]) == "file" {
          // The update file is held to the same folders as the spec.
          sections = try load(
            path: try update.required("file").filePath(),
            allowing: update.owner.budget.allowedFolders ?? []
          ).sections
        } else {
          sections = try update.required("sections").list(maxCount: SpecLimits.maxSections)
            .map(decodeSection)
        }
        decoded.append(
          (
            AnimationEvent(
              time: at, section: 0, item: 0, action: .update(sections: sections), duration: duration
            ),
            target, nil
          ))
        continue
      }
      let keys: [String] =
        switch kind {
        case "press": ["section", "item", "x", "y"]
        case "transition": ["section", "item", "to"]
        default: ["section", "item"]
        }
      let location = try target.object(allowed: keys)
      let action: AnimationEvent.Action
      switch kind {
      case "press":
        action = .press(
          x: try location.optional("x")?.number(in: SpecLimits.touchXRange) ?? 0,
          y: try location.optional("y")?.number(in: SpecLimits.touchYRange) ?? 0)
      case "release": action = .release
      case "toggle": action = .toggle
      default: action = .transition(to: try decodeExpansionState(location.required("to")))
      }
      // Indices are checked below, against the list as it is when the event happens.
      let section = try location.required("section").integer(in: 0...Double(SpecLimits.maxSections))
      let item = try location.required("item").integer(in: 0...Double(SpecLimits.maxCells))
      decoded.append(
        (
          AnimationEvent(
            time: at, section: section, item: item, action: action, duration: duration), target,
          location.owner
        ))
    }
    // Events happen in time order (a stable sort keeps the spec's order for equal times).
    decoded = decoded.enumerated().sorted {
      ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset)
    }
    .map(\.element)
    animation.events = decoded.map(\.event)
    // The events against the list as it is when each happens (one check, shared with
    // `validate()`), reported at the event's target.
    if let problem = animation.timelineProblem(sections: sections) {
      let (_, eventReader, target) = decoded[problem.index]
      let isUpdate: Bool
      if case .update = decoded[problem.index].event.action {
        isUpdate = true
      } else {
        isUpdate = false
      }
      throw (isUpdate ? eventReader : target ?? eventReader).error(problem.message)
    }
    return animation
  }

  /// `collapsed`, `expanded` or a height in points.
  private static func decodeExpansionState(_ reader: NodeReader) throws -> ExpansionState {
    if case .scalar(let scalar) = reader.node, scalar.style == .plain,
      Double(scalar.string) != nil
    {
      return .height(try reader.number(in: SpecLimits.heightRange))
    }
    switch try reader.string() {
    case "collapsed": return .collapsed
    case "expanded": return .expanded
    case let other:
      throw reader.error(
        "unknown state '\(other.prefix(40))'; expected collapsed, expanded or a height in points")
    }
  }

  private static func decodeExpandable(_ reader: NodeReader) throws -> Expandable {
    let object = try reader.object(allowed: [
      "states", "state", "collapsedHeight", "hiddenWhenCollapsed",
    ])
    var expandable = Expandable()
    if let field = object.optional("states") {
      expandable.states = try field.list(maxCount: SpecLimits.maxExpansionStates).map(
        decodeExpansionState)
      guard !expandable.states.isEmpty else { throw field.error("give at least one state") }
    }
    if let field = object.optional("state") {
      expandable.state = try decodeExpansionState(field)
    }
    if let field = object.optional("collapsedHeight") {
      expandable.collapsedHeight = try field.number(in: SpecLimits.touchYRange)
    }
    if let field = object.optional("hiddenWhenCollapsed") {
      let labels = Expandable.hideableLabels
      expandable.hiddenWhenCollapsed = try field.list(maxCount: labels.count).map { item in
        let name = try item.string()
        guard labels.contains(name) else {
          var message = "unknown label '\(name.prefix(40))'"
          if let near = closest(to: name, in: labels) { message += " (did you mean '\(near)'?)" }
          throw item.error(message + "; expected one of: \(labels.joined(separator: ", "))")
        }
        return name
      }
    }
    return expandable
  }

  private static func decodeCanvas(_ reader: NodeReader) throws -> Canvas {
    let object = try reader.object(allowed: [
      "width", "scale", "theme", "appearance", "direction", "contentSize", "safeArea", "background",
      "height", "contentOffset", "stickyHeaders", "shadow", "ripple",
    ])
    var canvas = Canvas()
    if let field = object.optional("width") {
      canvas.width = try field.number(in: SpecLimits.widthRange)
    }
    if let field = object.optional("scale") {
      canvas.scale = try field.number(in: SpecLimits.scaleRange)
    }
    if let field = object.optional("theme") {
      if case .mapping = field.node {
        let theme = try field.object(allowed: ["name", "colors"])
        if let name = theme.optional("name") { canvas.theme = try name.enumeration(ThemeName.self) }
        if let colors = theme.optional("colors") { canvas.colors = try decodeColors(colors) }
      } else {
        canvas.theme = try field.enumeration(ThemeName.self)
      }
    }
    if let field = object.optional("appearance") {
      canvas.appearance = try field.enumeration(Appearance.self)
    }
    if let field = object.optional("direction") {
      canvas.direction = try field.enumeration(LayoutDirection.self)
    }
    if let field = object.optional("contentSize") {
      canvas.contentSize = try field.enumeration(ContentSizeCategory.self)
    }
    if let field = object.optional("safeArea") { canvas.safeArea = try decodeInsets(field) }
    if let field = object.optional("background") { canvas.background = try field.color() }
    if let field = object.optional("height") {
      canvas.height = try field.number(in: SpecLimits.heightRange)
    }
    if let field = object.optional("contentOffset") {
      canvas.contentOffset = try field.number(in: SpecLimits.contentOffsetRange)
    }
    if let field = object.optional("stickyHeaders") { canvas.stickyHeaders = try field.bool() }
    if let field = object.optional("shadow") {
      canvas.shadow = try field.enumeration(ShadowModel.self)
    }
    if let field = object.optional("ripple") {
      canvas.ripple = try field.enumeration(RippleStyle.self)
    }
    return canvas
  }

  private static func decodeInsets(_ reader: NodeReader) throws -> EdgeInsets {
    let object = try reader.object(allowed: ["top", "leading", "bottom", "trailing"])
    func side(_ key: String) throws -> Double {
      try object.optional(key)?.number(in: SpecLimits.insetRange) ?? 0
    }
    return EdgeInsets(
      top: try side("top"), leading: try side("leading"), bottom: try side("bottom"),
      trailing: try side("trailing"))
  }

  private static func decodeSection(_ reader: NodeReader) throws -> Section {
    let object = try reader.object(allowed: [
      "id", "cells", "header", "footer", "inset", "lineSpacing", "interitemSpacing", "columns",
      "width", "card", "showHeaderWhenEmpty",
    ])
    var section = Section(
      cells: try object.optional("cells")?.list(maxCount: SpecLimits.maxCells).map(decodeCell) ?? []
    )
    section.id = try object.optional("id")?.string(allowEmpty: false)
    section.header = try object.optional("header").map(decodeSupplementary)
    section.footer = try object.optional("footer").map(decodeSupplementary)
    if let field = object.optional("inset") { section.inset = try decodeInsets(field) }
    section.lineSpacing =
      try object.optional("lineSpacing")?.number(in: SpecLimits.lengthRange) ?? 0
    section.interitemSpacing =
      try object.optional("interitemSpacing")?.number(in: SpecLimits.lengthRange) ?? 0
    if object.optional("columns") != nil, object.optional("width") != nil {
      throw reader.error("give either columns or width, not both")
    }
    if let field = object.optional("columns") {
      section.arrangement = .columns(try field.integer(in: SpecLimits.columnRange))
    }
    if let field = object.optional("width") {
      section.arrangement = .itemWidth(try field.number(in: SpecLimits.widthRange))
    }
    if let field = object.optional("card") {
      let card = try field.object(allowed: ["elevation", "cornerRadius"])
      section.card = Card(
        elevation: try card.optional("elevation")?.number(in: SpecLimits.elevationRange) ?? 1,
        cornerRadius: try card.optional("cornerRadius")?.number(in: SpecLimits.cornerRadiusRange))
      if object.optional("inset") == nil {
        // A card needs room around it: 8 above and below, 16 on the sides unless told.
        section.inset = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
      }
    }
    section.showHeaderWhenEmpty = try object.optional("showHeaderWhenEmpty")?.bool() ?? false
    return section
  }

  /// A string, or `{ title, detail }`.
  private static func decodeSupplementary(_ reader: NodeReader) throws -> SupplementaryText {
    guard case .mapping = reader.node else {
      return SupplementaryText(title: try reader.string())
    }
    let object = try reader.object(allowed: ["title", "detail"])
    return SupplementaryText(
      title: try object.required("title").string(), detail: try object.optional("detail")?.string())
  }

  private static func decodeColors(_ reader: NodeReader) throws -> [ColorName: Color] {
    let names = ColorName.allCases.map(\.rawValue)
    let object = try reader.object(allowed: names)
    var colors: [ColorName: Color] = [:]
    for name in ColorName.allCases {
      if let field = object.optional(name.rawValue) { colors[name] = try field.color() }
    }
    return colors
  }

  private static let commonCellKeys = [
    "kind", "id", "state", "separator", "elevation", "ripple", "expandable", "pressedElevation",
  ]

  private static func decodeCell(_ reader: NodeReader) throws -> Cell {
    let kindName = try reader.peek("kind")?.enumeration(CellKindName.self) ?? .row
    let kind: Cell.Kind
    let object: ObjectReader
    switch kindName {
    case .row:
      object = try reader.object(
        allowed: commonCellKeys + [
          "style", "asset", "headline", "title", "subtitle", "description", "control",
        ])
      kind = .row(try decodeRow(object))
    case .stereo:
      object = try reader.object(
        allowed: commonCellKeys + ["leadingImage", "trailingImage", "title", "detail"])
      var stereo = StereoCell(
        title: try decodeLabel(object.required("title"), allowEmpty: false, defaultMaxLines: 1),
        detail: try object.optional("detail").map { try decodeLabel($0, defaultMaxLines: 3) })
      stereo.leadingImage = try object.optional("leadingImage").map(decodeStereoImage)
      stereo.trailingImage = try object.optional("trailingImage").map(decodeStereoImage)
      kind = .stereo(stereo)
    case .label:
      object = try reader.object(allowed: commonCellKeys + ["text"])
      kind = .label(LabelCell(text: try decodeLabel(object.required("text"), allowEmpty: false)))
    }
    var cell = Cell(
      kind, state: try object.optional("state")?.enumeration(CellState.self) ?? .normal)
    if let field = object.optional("separator") {
      // `separator: hidden`, or `{ visibility: visible, inset: text }`.
      if case .mapping = field.node {
        let separator = try field.object(allowed: ["visibility", "inset"])
        cell.separator =
          try separator.optional("visibility")?.enumeration(SeparatorVisibility.self) ?? .automatic
        cell.separatorInset =
          try separator.optional("inset")?.enumeration(SeparatorInset.self) ?? .standard
      } else {
        cell.separator = try field.enumeration(SeparatorVisibility.self)
      }
    }
    cell.elevation = try object.optional("elevation")?.number(in: SpecLimits.elevationRange)
    cell.id = try object.optional("id")?.string(allowEmpty: false)
    cell.expandable = try object.optional("expandable").map(decodeExpandable)
    cell.pressedElevation = try object.optional("pressedElevation")?.number(
      in: SpecLimits.elevationRange)
    if let field = object.optional("ripple") {
      let ripple = try field.object(allowed: ["x", "y", "t", "release"])
      cell.ripple = RippleFrame(
        x: try ripple.optional("x")?.number(in: SpecLimits.touchXRange) ?? 0,
        y: try ripple.optional("y")?.number(in: SpecLimits.touchYRange) ?? 0,
        elapsed: try ripple.optional("t")?.number(in: SpecLimits.timeRange) ?? 0,
        release: try ripple.optional("release")?.number(in: SpecLimits.timeRange)
      )
    }
    return cell
  }

  private enum CellKindName: String, CaseIterable {
    case row, stereo, label
  }

  private static func decodeRow(_ object: ObjectReader) throws -> RowCell {
    var row = RowCell(
      style: try object.optional("style")?.enumeration(CellStyle.self) ?? .fullWidth,
      title: try decodeLabel(object.required("title"), allowEmpty: false),
      subtitle: try object.optional("subtitle").map { try decodeLabel($0) },
      descriptionText: try object.optional("description").map { try decodeLabel($0) })
    row.asset = try object.optional("asset").map(decodeAsset)
    row.headline = try object.optional("headline").map(decodeHeadline)
    row.control = try object.optional("control").map(decodeControl)
    return row
  }

  private static func decodeIcon(_ reader: NodeReader) throws -> Icon {
    try decodeIcon(reader, template: nil)
  }

  /// An icon name or file; `template` (a file icon's `template: false`) keeps a file's colours.
  private static func decodeIcon(_ reader: NodeReader, template: NodeReader?) throws -> Icon {
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

  private static func decodeImage(_ reader: NodeReader) throws -> ImageReference {
    ImageReference(path: try reader.filePath(), location: reader.location)
  }

  private static func decodeAsset(_ reader: NodeReader) throws -> Asset {
    let object = try reader.object(allowed: [
      "icon", "image", "monogram", "background", "color", "template",
    ])
    let color = try object.optional("color")?.color()
    let kind = try object.exactlyOne(of: ["icon", "image", "monogram"])
    if kind != "icon", let template = object.optional("template") {
      throw template.error("template applies to icons only")
    }
    switch kind {
    case "icon":
      let icon = try decodeIcon(object.required("icon"), template: object.optional("template"))
      if let background = try object.optional("background")?.color() {
        return .largeIcon(icon, background: background, color: color)
      }
      return .smallIcon(icon, color: color)
    case "image":
      return .image(try decodeImage(object.required("image")))
    default:
      return .monogram(
        try decodeMonogram(object.required("monogram")),
        background: try object.required("background").color(), color: color)
    }
  }

  private static func decodeHeadline(_ reader: NodeReader) throws -> Headline {
    let object = try reader.object(allowed: ["tag", "text"])
    if try object.exactlyOne(of: ["tag", "text"]) == "tag" {
      return .tag(try object.required("tag").string(allowEmpty: false))
    }
    return .overline(try object.required("text").string(allowEmpty: false))
  }

  private static func decodeControl(_ reader: NodeReader) throws -> Control {
    let kinds = ["navigation", "switch", "checkbox", "radio", "text", "icon", "button"]
    let object = try reader.object(allowed: kinds)
    let present = kinds.filter { object.fields[$0] != nil }
    guard present.count == 1 else {
      throw reader.error("expected exactly one of: \(kinds.joined(separator: ", "))")
    }
    let field = object.fields[present[0]] ?? reader
    switch present[0] {
    case "navigation":
      guard !field.isNull else { return .navigation(badge: nil) }
      let navigation = try field.object(allowed: ["badge"])
      guard let badge = navigation.optional("badge") else { return .navigation(badge: nil) }
      if case .scalar(let scalar) = badge.node, ["true", "false"].contains(scalar.string) {
        return .navigation(badge: try badge.bool() ? .dot : nil)
      }
      let count = try badge.integer(in: SpecLimits.badgeRange)
      return .navigation(badge: count == 0 ? nil : .count(count))
    case "switch": return .switch(try field.bool())
    case "checkbox": return .checkbox(try field.bool())
    case "radio": return .radio(try field.bool())
    case "text": return .text(try field.string())
    case "icon": return .icon(try decodeIcon(field))
    default: return .button(try field.string(allowEmpty: false))
    }
  }

  /// What a row asset accepts, plus an image's `size` and `shape`.
  private static func decodeStereoImage(_ reader: NodeReader) throws -> StereoImage {
    let object = try reader.object(allowed: [
      "image", "icon", "monogram", "size", "shape", "background", "color", "template",
    ])
    let kind = try object.exactlyOne(of: ["image", "icon", "monogram"])
    let onlyFor: [String: String] = [
      "size": "image", "shape": "image", "template": "icon", "color": "icon or monogram",
    ]
    for (key, owner) in onlyFor where object.optional(key) != nil && !owner.contains(kind) {
      throw try object.required(key).error("\(key) applies to \(owner) only")
    }
    let color = try object.optional("color")?.color()
    switch kind {
    case "icon":
      return .icon(
        try decodeIcon(object.required("icon"), template: object.optional("template")),
        background: try object.optional("background")?.color(), color: color)
    case "monogram":
      return .monogram(
        try decodeMonogram(object.required("monogram")),
        background: try object.required("background").color(), color: color)
    default:
      if let background = object.optional("background") {
        throw background.error("background applies to icon or monogram only")
      }
      return .image(
        try decodeImage(object.required("image")),
        size: try object.optional("size")?.number(in: SpecLimits.imageSizeRange),
        shape: try object.optional("shape")?.enumeration(ImageShape.self) ?? .rectangle)
    }
  }

  private static func decodeMonogram(_ reader: NodeReader) throws -> String {
    let text = try reader.string(allowEmpty: false)
    guard text.count <= SpecLimits.maxMonogramCharacters else {
      throw reader.error("a monogram has at most \(SpecLimits.maxMonogramCharacters) characters")
    }
    return text
  }

  /// A string, or `{ text, maxLines }`.
  private static func decodeLabel(
    _ reader: NodeReader, allowEmpty: Bool = true, defaultMaxLines: Int? = nil
  ) throws -> Label {
    guard case .mapping = reader.node else {
      return Label(try reader.string(allowEmpty: allowEmpty), maxLines: defaultMaxLines)
    }
    let object = try reader.object(allowed: ["text", "maxLines"])
    return Label(
      try object.required("text").string(allowEmpty: allowEmpty),
      maxLines: try object.optional("maxLines")?.integer(in: SpecLimits.maxLinesRange)
        ?? defaultMaxLines)
  }
}
