import Foundation

/// What a row's control is to VoiceOver and to a finger, in one place: a new control answers
/// each of these switches before it builds.
extension Control {
  /// What a user taps to use the control.
  enum TapTarget {
    /// The whole row: it navigates or toggles (UIKit's cell selection).
    case row
    /// The control's own frame, the hit area the library gives it (a button, an icon button).
    case own
    /// Nothing: a trailing value is read, not tapped.
    case none
  }

  /// What a user taps to use the control.
  var tapTarget: TapTarget {
    switch self {
    case .navigation, .switch, .checkbox, .radio: .row
    case .button, .icon: .own
    case .text: .none
    }
  }

  /// Whether VoiceOver has nothing to read for the control without an `accessibilityLabel`:
  /// an icon button.
  var needsLabel: Bool {
    switch self {
    case .icon: true
    case .navigation, .switch, .checkbox, .radio, .text, .button: false
    }
  }

  /// Whether the row reads as a button (it navigates).
  var makesRowAButton: Bool {
    switch self {
    case .navigation: true
    case .switch, .checkbox, .radio, .text, .button, .icon: false
    }
  }

  /// The control as an element of its own, as VoiceOver reads it: its label (the
  /// `accessibilityLabel` when given, else its own text, else the row's title), its value and
  /// its trait. Nil when it is none: a chevron (the row is the button), an icon button with
  /// no label.
  func spokenElement(label: String?, rowTitle: String) -> (
    label: String, value: String?, trait: String
  )? {
    switch self {
    case .navigation: nil
    case .switch(let on): (label ?? rowTitle, on ? "on" : "off", "switch")
    case .checkbox(let on): (label ?? rowTitle, on ? "checked" : "unchecked", "checkbox")
    case .radio(let on): (label ?? rowTitle, on ? "selected" : "not selected", "radio")
    case .text(let value): (label ?? value, nil, "staticText")
    case .button(let title): (label ?? title, nil, "button")
    case .icon: label.map { ($0, nil, "button") }
    }
  }
}
