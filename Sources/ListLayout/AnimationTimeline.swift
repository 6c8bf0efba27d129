import ListModel

/// Animations as pure functions of time: frame i is the document at i / fps seconds, so the
/// same spec and fps give the same frames (DESIGN.md, style rule 4).
///
/// ```swift
/// let frame12 = AnimationTimeline.document(document, at: AnimationTimeline.time(ofFrame: 12, fps: 60))
/// ```
public enum AnimationTimeline {
  /// The time of frame `index`.
  public static func time(ofFrame index: Int, fps: Double) -> Double { Double(index) / fps }

  /// Seconds per turn of a refreshing spinner (Material's circular progress indicator).
  public static let refreshTurn = 1.333

  /// The document as it is `t` seconds in: each cell pressed by then carries its ripple (the
  /// latest press, with its release once that has happened), and a refreshing spinner has
  /// turned by 360° × t / 1.333 s.
  public static func document(_ document: ListDocument, at t: Double) -> ListDocument {
    guard let animation = document.animation else { return document }
    var result = document
    if result.refreshControl?.refreshing == true {
      result.refreshControl?.angle += 360 * t / refreshTurn
    }
    var pressedAt: [Int: [Int: Double]] = [:]
    for event in animation.events where event.at <= t {
      guard event.section < result.sections.count,
        event.item < result.sections[event.section].cells.count
      else { continue }
      switch event.action {
      case .press(let x, let y):
        pressedAt[event.section, default: [:]][event.item] = event.at
        result.sections[event.section].cells[event.item].ripple = RippleFrame(
          x: x, y: y, t: t - event.at)
      case .release:
        guard let pressed = pressedAt[event.section]?[event.item] else { continue }
        result.sections[event.section].cells[event.item].ripple?.release = event.at - pressed
      }
    }
    return result
  }
}
