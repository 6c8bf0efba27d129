/// One validation for every document, however it was made: decoded from YAML or JSON, built
/// in code, or changed after decoding. Every value is held to ``SpecLimits`` — the bounds the
/// decoder holds a spec to — so no document can hang or crash the renderer or make it
/// allocate without bound. The renderer runs it before laying anything out.
extension ListDocument {
  /// Checks every value against ``SpecLimits``; throws a ``SpecError`` naming the field path
  /// (`sections[0].arrangement`) of the first problem. Its file is `<document>`: a decoded spec
  /// has already been checked with file, line and column.
  ///
  /// ```swift
  /// var section = Section(cells: [Cell(.label(LabelCell(text: "Hi")))])
  /// section.arrangement = .columns(0)
  /// try ListDocument(sections: [section]).validate()
  /// // <document>: sections[0].arrangement.columns: 0 is out of range; expected 1...12
  /// ```
  public func validate() throws {
    var validator = Validator()
    try validator.check(self)
  }
}

extension Animation {
  /// The events in the order they happen: by time, the given order kept for equal times.
  public var eventsInTimeOrder: [AnimationEvent] {
    events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// The first event, in time order, that names a cell missing from the list as it is when it
  /// happens (or a toggle of a cell that is not expandable, or an update whose sections or
  /// cells cannot be told apart): its index in ``events`` and what is wrong.
  package func timelineProblem(sections: [Section]) -> (index: Int, message: String)? {
    let ordered = events.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    var current = sections
    for (index, event) in ordered {
      switch event.action {
      case .update(let next):
        if let problem =
          Section.identityProblem(current, role: "the list before this update")
          ?? Section.identityProblem(next, role: "this update")
        {
          return (index, problem)
        }
        current = next
      default:
        guard event.section < current.count else {
          return (
            index,
            "section \(event.section) does not exist at \(event.time) s (the list has \(current.count))"
          )
        }
        let cells = current[event.section].cells
        guard event.item < cells.count else {
          return (
            index,
            "item \(event.item) does not exist in section \(event.section) at \(event.time) s (it has \(cells.count))"
          )
        }
        if event.action == .toggle || event.action.isTransition,
          cells[event.item].expandable == nil
        {
          return (
            index,
            "sections[\(event.section)].cells[\(event.item)] is not expandable (give it `expandable:`)"
          )
        }
      }
    }
    return nil
  }
}

extension Section {
  /// Two sections, or two cells of one section, with the same identity cannot be told apart by
  /// an update: a message naming both and suggesting `id:`, or nil.
  package static func identityProblem(_ sections: [Section], role: String) -> String? {
    var sectionSeen: [String: Int] = [:]
    for (index, section) in sections.enumerated() {
      let identity = section.identity(at: index)
      if let first = sectionSeen[identity] {
        return
          "in \(role), sections[\(first)] and sections[\(index)] have the same identity '\(identity)'; give them distinct `id:`s"
      }
      sectionSeen[identity] = index
      var cellSeen: [String: Int] = [:]
      for (item, cell) in section.cells.enumerated() {
        if let first = cellSeen[cell.identity] {
          return
            "in \(role), sections[\(index)].cells[\(first)] and sections[\(index)].cells[\(item)] have the same identity '\(cell.identity.prefix(60))'; give them distinct `id:`s"
        }
        cellSeen[cell.identity] = item
      }
    }
    return nil
  }
}

/// Walks a document, keeping the field path and the text budget.
private struct Validator {
  var path: [String] = []
  var textBytes = 0
  var cells = 0

  func fail(_ message: String, at field: String? = nil) -> SpecError {
    let parts = path + (field.map { [$0] } ?? [])
    var text = ""
    for part in parts {
      if part.hasPrefix("[") || text.isEmpty { text += part } else { text += "." + part }
    }
    return SpecError(file: "<document>", line: nil, column: nil, path: text, message: message)
  }

  mutating func inside<T>(_ field: String, _ body: (inout Validator) throws -> T) rethrows -> T {
    path.append(field)
    defer { path.removeLast() }
    return try body(&self)
  }

  func number(_ value: Double, _ range: ClosedRange<Double>, _ field: String) throws {
    guard value.isFinite else { throw fail("\(value) is not a finite number", at: field) }
    guard range.contains(value) else {
      throw fail("\(value.limitText) is out of range; expected \(range.text)", at: field)
    }
  }

  func number(_ value: Double?, _ range: ClosedRange<Double>, _ field: String) throws {
    if let value { try number(value, range, field) }
  }

  func count(_ value: Int, _ range: ClosedRange<Double>, _ field: String) throws {
    try number(Double(value), range, field)
  }

  mutating func string(_ text: String?, _ field: String, allowEmpty: Bool = true) throws {
    guard let text else { return }
    if let problem = SpecLimits.problem(with: text, allowEmpty: allowEmpty) {
      throw fail(problem, at: field)
    }
    textBytes += text.utf8.count
    guard textBytes <= SpecLimits.maxTextBytes else {
      throw fail(
        "the document's text adds up to more than \(SpecLimits.maxTextBytes) bytes", at: field)
    }
  }

  func color(_ color: Color?, _ field: String) throws {
    guard let color else { return }
    for (name, value) in [
      ("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha),
    ] {
      guard value.isFinite, (0...1).contains(value) else {
        throw fail("\(name) \(value) is out of range; expected 0...1", at: field)
      }
    }
  }

  mutating func label(_ label: Label?, _ field: String, allowEmpty: Bool = true) throws {
    guard let label else { return }
    try string(label.text, field, allowEmpty: allowEmpty)
    if let maxLines = label.maxLines {
      try inside(field) { try $0.count(maxLines, SpecLimits.maxLinesRange, "maxLines") }
    }
  }

  func insets(_ insets: EdgeInsets, _ range: ClosedRange<Double>, _ field: String) throws {
    for (name, value) in [
      ("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom),
      ("trailing", insets.trailing),
    ] {
      try number(value, range, "\(field).\(name)")
    }
  }

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

  mutating func check(_ document: ListDocument) throws {
    try inside("canvas") { try $0.canvas(document.canvas) }
    if let empty = document.emptyView {
      try inside("emptyView") { v in
        try v.icon(empty.icon, "icon")
        try v.string(empty.title, "title")
        try v.string(empty.message, "message")
        try v.string(empty.button, "button")
        try v.number(empty.elevation, SpecLimits.elevationRange, "elevation")
      }
    }
    if let refresh = document.refreshControl {
      try inside("refreshControl") { v in
        try v.number(refresh.progress, SpecLimits.progressRange, "progress")
        try v.number(refresh.angle, SpecLimits.angleRange, "angle")
      }
    }
    try sections(document.sections, "sections")
    if let animation = document.animation {
      try inside("animation") { try $0.animation(animation, sections: document.sections) }
    }
  }

  mutating func canvas(_ canvas: Canvas) throws {
    try number(canvas.width, SpecLimits.widthRange, "width")
    try number(canvas.scale, SpecLimits.scaleRange, "scale")
    try insets(canvas.safeArea, SpecLimits.insetRange, "safeArea")
    try color(canvas.background, "background")
    for (name, value) in canvas.colors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      try color(value, "theme.colors.\(name.rawValue)")
    }
    try number(canvas.height, SpecLimits.heightRange, "height")
    try number(canvas.contentOffset, SpecLimits.contentOffsetRange, "contentOffset")
  }

  mutating func sections(_ sections: [Section], _ field: String) throws {
    guard sections.count <= SpecLimits.maxSections else {
      throw fail(
        "has \(sections.count) items; at most \(SpecLimits.maxSections) are allowed", at: field)
    }
    // Each list (the document's, an update's) may hold up to maxCells cells.
    let outer = cells
    cells = 0
    defer { cells = outer }
    for (index, section) in sections.enumerated() {
      try inside("\(field)[\(index)]") { try $0.section(section) }
    }
  }

  mutating func section(_ section: Section) throws {
    try string(section.id, "id", allowEmpty: false)
    for (name, text) in [("header", section.header), ("footer", section.footer)] {
      if let text {
        try inside(name) { v in
          try v.string(text.title, "title")
          try v.string(text.detail, "detail")
        }
      }
    }
    try insets(section.inset, SpecLimits.insetRange, "inset")
    try number(section.lineSpacing, SpecLimits.lengthRange, "lineSpacing")
    try number(section.interitemSpacing, SpecLimits.lengthRange, "interitemSpacing")
    switch section.arrangement {
    case .columns(let columns):
      try count(columns, SpecLimits.columnRange, "arrangement.columns")
    case .itemWidth(let width):
      try number(width, SpecLimits.widthRange, "arrangement.itemWidth")
    }
    if let card = section.card {
      try number(card.elevation, SpecLimits.elevationRange, "card.elevation")
      try number(card.cornerRadius, SpecLimits.cornerRadiusRange, "card.cornerRadius")
    }
    cells += section.cells.count
    guard cells <= SpecLimits.maxCells else {
      throw fail("the document has more than \(SpecLimits.maxCells) cells", at: "cells")
    }
    for (index, cell) in section.cells.enumerated() {
      try inside("cells[\(index)]") { try $0.cell(cell) }
    }
  }

  mutating func cell(_ cell: Cell) throws {
    try string(cell.id, "id", allowEmpty: false)
    switch cell.kind {
    case .row(let row):
      try asset(row.asset)
      switch row.headline {
      case .tag(let text)?: try string(text, "headline.tag", allowEmpty: false)
      case .overline(let text)?: try string(text, "headline.text", allowEmpty: false)
      case nil: break
      }
      try label(row.title, "title", allowEmpty: false)
      try label(row.subtitle, "subtitle")
      try label(row.descriptionText, "description")
      try control(row.control)
    case .stereo(let stereo):
      try label(stereo.title, "title", allowEmpty: false)
      try label(stereo.detail, "detail")
      try stereoImage(stereo.leadingImage, "leadingImage")
      try stereoImage(stereo.trailingImage, "trailingImage")
    case .label(let label):
      try self.label(label.text, "text", allowEmpty: false)
    }
    try number(cell.elevation, SpecLimits.elevationRange, "elevation")
    try number(cell.pressedElevation, SpecLimits.elevationRange, "pressedElevation")
    if let ripple = cell.ripple {
      try inside("ripple") { v in
        try v.number(ripple.x, SpecLimits.touchXRange, "x")
        try v.number(ripple.y, SpecLimits.touchYRange, "y")
        try v.number(ripple.elapsed, SpecLimits.timeRange, "t")
        try v.number(ripple.release, SpecLimits.timeRange, "release")
      }
    }
    if let expandable = cell.expandable {
      try inside("expandable") { try $0.expandable(expandable) }
    }
    if let motion = cell.motion {
      try inside("motion") { try $0.motion(motion) }
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
    default: break
    }
  }

  mutating func stereoImage(_ image: StereoImage?, _ field: String) throws {
    switch image {
    case .image(let reference, let size, _)?:
      try string(reference.path, "\(field).image", allowEmpty: false)
      try number(size, SpecLimits.imageSizeRange, "\(field).size")
    case .icon(let icon, let background, let color)?:
      try self.icon(icon, "\(field).icon")
      try self.color(background, "\(field).background")
      try self.color(color, "\(field).color")
    case .monogram(let text, let background, let color)?:
      try monogram(text, "\(field).monogram")
      try self.color(background, "\(field).background")
      try self.color(color, "\(field).color")
    case nil:
      break
    }
  }

  func expansionState(_ state: ExpansionState, _ field: String) throws {
    if case .height(let height) = state { try number(height, SpecLimits.heightRange, field) }
  }

  mutating func expandable(_ expandable: Expandable) throws {
    guard (1...SpecLimits.maxExpansionStates).contains(expandable.states.count) else {
      throw fail(
        "has \(expandable.states.count) states; give 1 to \(SpecLimits.maxExpansionStates)",
        at: "states")
    }
    for (index, state) in expandable.states.enumerated() {
      try expansionState(state, "states[\(index)]")
    }
    try expansionState(expandable.state, "state")
    try number(expandable.collapsedHeight, SpecLimits.touchYRange, "collapsedHeight")
    let labels = Expandable.hideableLabels
    for (index, name) in expandable.hiddenWhenCollapsed.enumerated() where !labels.contains(name) {
      throw fail(
        "unknown label '\(name.prefix(40))'; expected one of: \(labels.joined(separator: ", "))",
        at: "hiddenWhenCollapsed[\(index)]")
    }
  }

  func motion(_ motion: CellMotion) throws {
    func check(_ curve: HeightCurve, _ field: String, depth: Int) throws {
      guard depth < 64 else { throw fail("nests more than 64 curves", at: field) }
      switch curve {
      case .state(let state): try expansionState(state, field)
      case .between(let from, let to, let fraction):
        try number(fraction, 0...1, "\(field).fraction")
        try check(from, field, depth: depth + 1)
        try check(to, field, depth: depth + 1)
      }
    }
    if let height = motion.height { try check(height, "height", depth: 0) }
    if let elevation = motion.elevation {
      try number(elevation.from, SpecLimits.elevationRange, "elevation.from")
      try number(elevation.to, SpecLimits.elevationRange, "elevation.to")
      try number(elevation.fraction, 0...1, "elevation.fraction")
    }
  }

  mutating func animation(_ animation: Animation, sections: [Section]) throws {
    try number(animation.fps, SpecLimits.fpsRange, "fps")
    try number(animation.duration, SpecLimits.durationRange, "duration")
    guard animation.frameCount <= SpecLimits.maxFrames else {
      throw fail(
        "\(animation.frameCount) frames (duration × fps); at most \(SpecLimits.maxFrames) are allowed"
      )
    }
    guard animation.events.count <= SpecLimits.maxEvents else {
      throw fail(
        "has \(animation.events.count) items; at most \(SpecLimits.maxEvents) are allowed",
        at: "events")
    }
    for (index, event) in animation.events.enumerated() {
      try inside("events[\(index)]") { v in
        try v.number(event.time, SpecLimits.timeRange, "at")
        try v.number(event.duration, SpecLimits.durationRange, "duration")
        try v.count(event.section, 0...Double(SpecLimits.maxSections), "section")
        try v.count(event.item, 0...Double(SpecLimits.maxCells), "item")
        switch event.action {
        case .press(let x, let y):
          try v.number(x, SpecLimits.touchXRange, "press.x")
          try v.number(y, SpecLimits.touchYRange, "press.y")
        case .transition(let state):
          try v.expansionState(state, "transition.to")
        case .update(let next):
          try v.sections(next, "update.sections")
        case .release, .toggle:
          break
        }
      }
    }
    if let problem = animation.timelineProblem(sections: sections) {
      throw fail(problem.message, at: "events[\(problem.index)]")
    }
  }
}
