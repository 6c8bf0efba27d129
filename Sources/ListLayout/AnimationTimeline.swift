import ListModel

/// One frame of an animation: the document as it is at that moment (ripples, expand heights,
/// pressed elevations set on its cells) and, while a list update runs, the list it comes from.
public struct AnimationFrame: Equatable, Sendable {
  /// The document at the frame's time; its sections are the list after the latest update.
  public var document: ListDocument
  /// The update in progress, if any.
  public var update: ListUpdateProgress?

  /// A frame from its parts.
  public init(document: ListDocument, update: ListUpdateProgress? = nil) {
    self.document = document
    self.update = update
  }
}

/// A list update part way through: the sections before it and how far it has gone along its
/// curve (0: the old list, 1: the new one).
public struct ListUpdateProgress: Equatable, Sendable {
  /// The list before the update, its cells in their state at this moment.
  public var from: [Section]
  /// The eased progress, 0...1.
  public var fraction: Double

  /// A progress from its parts.
  public init(from: [Section], fraction: Double) {
    self.from = from
    self.fraction = fraction
  }
}

/// Animations as pure functions of time: frame i is the document at i / fps seconds, so the
/// same spec and fps give the same frames.
///
/// ```swift
/// let frame12 = AnimationTimeline.frame(document, at: AnimationTimeline.time(ofFrame: 12, fps: 60))
/// ```
package enum AnimationTimeline {
  /// The time of frame `index`.
  public static func time(ofFrame index: Int, fps: Double) -> Double { Double(index) / fps }

  /// Seconds per turn of a refreshing spinner (Material's circular progress indicator).
  public static let refreshTurn = 1.333
  /// How long a toggle, a transition or a list update lasts unless its event says: UIKit's default
  /// animation, 0.3 s with ease-in-out (UIKit's `UIView.animate` default, used by TableKit's
  /// expandable cells).
  public static let defaultDuration = 0.3
  /// How long a pressed cell takes to rise and to settle (Material motion: 280 ms,
  /// cubic-bezier(0.4, 0, 0.2, 1)).
  public static let elevationDuration = 0.28

  /// The document as it is `t` seconds in (see ``frame(_:at:)``), without the list it may be
  /// updating from.
  public static func document(_ document: ListDocument, at t: Double) -> ListDocument {
    frame(document, at: t).document
  }

  /// The frame `t` seconds in: each pressed cell carries its ripple (and, with
  /// `pressedElevation`, its rising shadow and highlighted state), expandable cells their
  /// height along the current transition, the list is the latest update's, and a refreshing
  /// spinner has turned by 360° × t / 1.333 s.
  public static func frame(_ document: ListDocument, at t: Double) -> AnimationFrame {
    guard let animation = document.animation else { return AnimationFrame(document: document) }
    var result = document
    if result.refreshControl?.refreshing == true {
      result.refreshControl?.angle += 360 * t / refreshTurn
    }
    var current = document.sections
    var expansions: [String: ExpansionTrack] = [:]
    var presses: [String: PressTrack] = [:]
    var update: (from: [Section], start: Double, duration: Double)?
    for event in animation.eventsInTimeOrder where event.time <= t {
      if case .update(let next) = event.action {
        update = (
          applying(expansions, presses, at: event.time, to: current), event.time,
          event.duration ?? defaultDuration
        )
        current = next
        continue
      }
      guard event.section < current.count, event.item < current[event.section].cells.count
      else { continue }
      let cell = current[event.section].cells[event.item]
      let key = Self.key(current, event.section, event.item)
      switch event.action {
      case .press(let x, let y):
        presses[key] = PressTrack(at: event.time, x: x, y: y, release: nil)
      case .release:
        presses[key]?.release = event.time
      case .toggle, .transition:
        guard let expandable = cell.expandable else { continue }
        let track = expansions[key] ?? ExpansionTrack(resting: expandable.state)
        let target: ExpansionState
        if case .transition(let to) = event.action {
          guard to != track.target else { continue }
          target = to
        } else {
          let states = expandable.states
          let index = states.firstIndex(of: track.target).map { $0 + 1 } ?? 0
          target = states[index % states.count]
        }
        expansions[key] = ExpansionTrack(
          target: target, from: track.curve(at: event.time), start: event.time,
          duration: event.duration ?? defaultDuration)
      case .update:
        break
      }
    }
    result.sections = applying(expansions, presses, at: t, to: current)
    var progress: ListUpdateProgress?
    if let update, t < update.start + update.duration {
      // The old list is shown in its state now, so cells that stay keep moving as one.
      let from = applying(expansions, presses, at: t, to: update.from)
      progress = ListUpdateProgress(
        from: from,
        fraction: CubicBezier.easeInOut.value(at: (t - update.start) / update.duration))
    }
    return AnimationFrame(document: result, update: progress)
  }

  /// A cell's key across updates: its section's identity and its own.
  static func key(_ sections: [Section], _ section: Int, _ item: Int) -> String {
    sections[section].identity(at: section) + "\u{1F}" + sections[section].cells[item].identity
  }

  /// `sections` with each cell's expansion, ripple and pressed elevation at time `t`.
  private static func applying(
    _ expansions: [String: ExpansionTrack], _ presses: [String: PressTrack], at t: Double,
    to sections: [Section]
  ) -> [Section] {
    var result = sections
    for section in result.indices {
      for item in result[section].cells.indices {
        let key = Self.key(sections, section, item)
        var cell = result[section].cells[item]
        if let track = expansions[key] {
          cell.expandable?.state = track.target
          if t < track.start + track.duration {
            cell.motion = CellMotion(height: track.curve(at: t))
          }
        }
        if let press = presses[key] {
          cell.ripple = RippleFrame(
            x: press.x, y: press.y, elapsed: t - press.at,
            release: press.release.flatMap { $0 <= t ? $0 - press.at : nil })
          if let pressed = cell.pressedElevation {
            let fraction = press.elevationFraction(at: t)
            if fraction > 0 {
              var motion = cell.motion ?? CellMotion()
              motion.elevation = (from: cell.elevation ?? 0, to: pressed, fraction: fraction)
              cell.motion = motion
            }
            // One pressed overlay: the ripple is the press's feedback (MDC's ink), so the
            // cell does not also take its highlighted state.
          }
        }
        result[section].cells[item] = cell
      }
    }
    return result
  }
}

/// Where an expandable cell is heading and where it came from.
private struct ExpansionTrack {
  var target: ExpansionState
  var from: HeightCurve
  var start: Double
  var duration: Double

  init(resting state: ExpansionState) {
    target = state
    from = .state(state)
    start = -.infinity
    duration = 0
  }

  init(target: ExpansionState, from: HeightCurve, start: Double, duration: Double) {
    self.target = target
    self.from = from
    self.start = start
    self.duration = duration
  }

  /// The height at `t`: on the ease-in-out curve from `from` to the target.
  func curve(at t: Double) -> HeightCurve {
    guard t < start + duration, duration > 0 else { return .state(target) }
    let fraction = CubicBezier.easeInOut.value(at: (t - start) / duration)
    return .between(from, .state(target), fraction: fraction)
  }
}

/// A press and its release.
private struct PressTrack {
  var at: Double
  var x: Double
  var y: Double
  var release: Double?

  /// How far a pressed cell's shadow has risen towards its pressed elevation at `t`: up along
  /// the standard curve while held, back down from wherever it was after the release.
  func elevationFraction(at t: Double) -> Double {
    let duration = AnimationTimeline.elevationDuration
    func rise(_ time: Double) -> Double {
      CubicBezier.standard.value(at: max(0, time - at) / duration)
    }
    guard let release, release <= t else { return rise(t) }
    let settle = CubicBezier.standard.value(at: (t - release) / duration)
    return rise(release) * (1 - settle)
  }
}
