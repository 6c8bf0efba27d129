import Foundation
import Yams

/// Frames computed from a virtual clock: frame i shows the list at i / fps seconds.
public struct Animation: Equatable, Sendable {
  /// Frames per second.
  public var fps: Double
  /// Length in seconds.
  public var duration: Double
  /// What happens, by time: presses and releases, toggles and transitions of expandable cells,
  /// list updates.
  public var events: [AnimationEvent]

  /// An animation from its parts.
  public init(fps: Double = 60, duration: Double = 1, events: [AnimationEvent] = []) {
    self.fps = fps
    self.duration = duration
    self.events = events
  }

  /// How many frames: ceil(duration × fps).
  public var frameCount: Int { Int((duration * fps).rounded(.up)) }
}

/// Something that happens to a cell (or to the list) at a time.
public struct AnimationEvent: Equatable, Sendable {
  /// What happens.
  public enum Action: Equatable, Sendable {
    /// A touch down at (x, y) in the cell, in points.
    case press(x: Double, y: Double)
    /// The touch lifts.
    case release
    /// An expandable cell goes to the next state of its `states`, wrapping (TableKit's
    /// `toggleState()`).
    case toggle
    /// An expandable cell goes to a state; nothing happens when it is there already
    /// (`transition(to:)`).
    case transition(to: ExpansionState)
    /// The list is replaced: sections and cells are matched by identity and the change animates
    /// (IGListKit's `IGListDiff`).
    case update(sections: [Section])

    /// Whether this is a `transition(to:)`.
    public var isTransition: Bool {
      if case .transition = self { return true }
      return false
    }

    /// The spec key that says this action (`press`, `release`, …): one switch, so an action
    /// cannot be added without its key, nor a key without its decoding.
    var kind: ListDocument.EventKind {
      switch self {
      case .press: .press
      case .release: .release
      case .toggle: .toggle
      case .transition: .transition
      case .update: .update
      }
    }
  }

  /// Seconds from the start.
  public var time: Double
  /// The cell's section index (at the time of the event; 0 for an update).
  public var section: Int
  /// The cell's index in its section (0 for an update).
  public var item: Int
  /// What happens.
  public var action: Action
  /// How long a toggle, transition or update animates, in seconds; nil: 0.3 s (UIKit's default).
  public var duration: Double?

  /// An event from its parts.
  public init(time: Double, section: Int, item: Int, action: Action, duration: Double? = nil) {
    self.time = time
    self.section = section
    self.item = item
    self.action = action
    self.duration = duration
  }
}

/// The height states of an expandable cell (TableKit's expandable cells).
public enum ExpansionState: Equatable, Hashable, Sendable {
  /// At the cell's `collapsedHeight`.
  case collapsed
  /// At its full measured height.
  case expanded
  /// At exactly this height, in points.
  case height(Double)
}

/// A cell that expands and collapses between heights; its content is laid out at full height
/// and clipped to the current one.
public struct Expandable: Equatable, Sendable {
  /// The states `toggle` cycles through (default: collapsed, expanded).
  public var states: [ExpansionState]
  /// The state the cell starts in (default: collapsed).
  public var state: ExpansionState
  /// The height of the collapsed state, in points (the TableKit demo's 60).
  public var collapsedHeight: Double
  /// Labels drawn at alpha 0 when collapsed and 1 otherwise (`title`, `subtitle`,
  /// `description`, `detail`, `text`, `headline`).
  public var hiddenWhenCollapsed: [String]

  /// The label names ``hiddenWhenCollapsed`` may hold (the spec's field names).
  package static let hideableLabels = [
    "headline", "title", "subtitle", "description", "detail", "text",
  ]

  /// An expandable from its parts.
  public init(
    states: [ExpansionState] = [.collapsed, .expanded], state: ExpansionState = .collapsed,
    collapsedHeight: Double = 60, hiddenWhenCollapsed: [String] = []
  ) {
    self.states = states
    self.state = state
    self.collapsedHeight = collapsedHeight
    self.hiddenWhenCollapsed = hiddenWhenCollapsed
  }
}

/// A height a cell is shown at, possibly part way between two others (a transition that
/// started while another was running starts from where that one was).
public indirect enum HeightCurve: Equatable, Sendable {
  /// A state's height.
  case state(ExpansionState)
  /// `fraction` of the way from one height to another.
  case between(HeightCurve, HeightCurve, fraction: Double)
}

/// How an animation frame presents a cell beyond its spec: set by the animation timeline, never
/// by a spec.
public struct CellMotion: Equatable, Sendable {
  /// The height shown (nil: the cell's own, or its expandable state's).
  public var height: HeightCurve?
  /// The elevation shadow, part way between two elevations (a pressed cell rising).
  public var elevation: (from: Double, to: Double, fraction: Double)?

  /// A motion from its parts.
  public init(
    height: HeightCurve? = nil, elevation: (from: Double, to: Double, fraction: Double)? = nil
  ) {
    self.height = height
    self.elevation = elevation
  }

  /// Equal heights and equal elevation motions.
  public static func == (lhs: CellMotion, rhs: CellMotion) -> Bool {
    lhs.height == rhs.height && lhs.elevation?.from == rhs.elevation?.from
      && lhs.elevation?.to == rhs.elevation?.to
      && lhs.elevation?.fraction == rhs.elevation?.fraction
  }
}

// MARK: Spec

extension ListDocument {
  static func decodeAnimation(_ reader: NodeReader, sections: [Section]) throws -> Animation {
    let object = try reader.object(SpecSchema.animation)
    var animation = Animation(
      fps: try object.optional("fps")?.number(in: SpecLimits.fpsRange) ?? 60,
      duration: try object.optional("duration")?.number(in: SpecLimits.durationRange) ?? 1)
    if let problem = animation.frameCountProblem { throw reader.error(problem) }
    var decoded: [(event: AnimationEvent, reader: NodeReader, target: NodeReader?)] = []
    for field in try object.optional("events")?.list(maxCount: SpecLimits.maxEvents) ?? [] {
      let event = try field.object(SpecSchema.event)
      let at = try event.optional("at")?.number(in: SpecLimits.timeRange) ?? 0
      let duration = try event.optional("duration")?.number(in: SpecLimits.durationRange)
      let kind = try event.exactlyOne(of: EventKind.self)
      let target = try event.required(kind.rawValue)
      let keys: SpecObject
      switch kind {
      case .press: keys = SpecSchema.pressTarget
      case .transition: keys = SpecSchema.transitionTarget
      case .release, .toggle: keys = SpecSchema.cellEventTarget
      case .update:
        let update = try target.object(SpecSchema.updateTarget)
        let sections: [Section]
        if try update.exactlyOne(of: ["sections", "file"]) == "file" {
          // The update file is held to the same folders as the spec.
          let field = try update.required("file")
          guard !update.owner.budget.isUpdateFile else {
            throw field.error(
              "an update file names no update file of its own; give its sections inline")
          }
          let path = try field.filePath()
          let loaded = try load(
            path: path, allowing: update.owner.budget.allowedFolders ?? [], isUpdateFile: true)
          sections = loaded.sections
          update.owner.budget.specFiles += [path] + loaded.marks.specFiles
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
      let location = try target.object(keys)
      let action: AnimationEvent.Action
      switch kind {
      case .press:
        action = .press(
          x: try location.optional("x")?.number(in: SpecLimits.touchXRange) ?? 0,
          y: try location.optional("y")?.number(in: SpecLimits.touchYRange) ?? 0)
      case .release: action = .release
      case .toggle: action = .toggle
      case .transition: action = .transition(to: try decodeExpansionState(location.required("to")))
      case .update: continue  // read above
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
    // Events happen in time order (the spec's order kept for equal times).
    decoded = Animation.timeOrder(decoded.map(\.event.time)).map { decoded[$0] }
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

  /// The keys of an event that say what happens.
  enum EventKind: String, CaseIterable {
    case press, release, toggle, transition, update
  }

  /// `collapsed`, `expanded` or a height in points.
  static func decodeExpansionState(_ reader: NodeReader) throws -> ExpansionState {
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

  static func decodeExpandable(_ reader: NodeReader) throws -> Expandable {
    let object = try reader.object(SpecSchema.expandable)
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
}

extension SpecWriter {
  func expansionState(_ state: ExpansionState) -> Node {
    switch state {
    case .collapsed: plain("collapsed")
    case .expanded: plain("expanded")
    case .height(let height): number(height)
    }
  }

  func animation(_ animation: Animation) -> Node {
    let events = animation.eventsInTimeOrder.map { event -> Node in
      var pairs: Pairs = [("at", number(event.time))]
      if let duration = event.duration { pairs.append(("duration", number(duration))) }
      let target: Pairs = [("section", number(event.section)), ("item", number(event.item))]
      let fields: Pairs
      switch event.action {
      case .press(let x, let y): fields = target + [("x", number(x)), ("y", number(y))]
      case .release, .toggle: fields = target
      case .transition(let state): fields = target + [("to", expansionState(state))]
      case .update(let sections): fields = [("sections", .sequence(.init(sections.map(section))))]
      }
      pairs.append((event.action.kind.rawValue, map(fields)))
      return map(pairs)
    }
    return map([
      ("fps", number(animation.fps)), ("duration", number(animation.duration)),
      ("events", .sequence(.init(events))),
    ])
  }
}

extension Validator {
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
    if let problem = animation.frameCountProblem { throw fail(problem) }
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

extension Animation {
  /// The events in the order they happen: by time, the given order kept for equal times.
  public var eventsInTimeOrder: [AnimationEvent] {
    Self.timeOrder(events.map(\.time)).map { events[$0] }
  }

  /// The indices of events at `times` in the order they happen: by time, the given order kept
  /// for equal times.
  static func timeOrder(_ times: [Double]) -> [Int] {
    times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
  }

  /// Why the animation has too many frames, or nil.
  var frameCountProblem: String? {
    guard frameCount > SpecLimits.maxFrames else { return nil }
    return "\(frameCount) frames (duration × fps); at most \(SpecLimits.maxFrames) are allowed"
  }

  /// The first event, in time order, that names a cell missing from the list as it is when it
  /// happens (or a toggle of a cell that is not expandable, or an update whose sections or
  /// cells cannot be told apart): its index in ``events`` and what is wrong.
  package func timelineProblem(sections: [Section]) -> (index: Int, message: String)? {
    var current = sections
    for index in Self.timeOrder(events.map(\.time)) {
      let event = events[index]
      switch event.action {
      case .update(let next):
        if let problem =
          Section.identityProblem(current, role: "the list before this update")
          ?? Section.identityProblem(next, role: "this update")
        {
          return (index, problem)
        }
        current = next
      case .press, .release, .toggle, .transition:
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
            "\(ElementPath.cell(section: event.section, item: event.item)) is not expandable (give it `expandable:`)"
          )
        }
      }
    }
    return nil
  }
}
