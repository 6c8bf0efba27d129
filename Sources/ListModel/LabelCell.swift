import Foundation
import Yams

/// The self-sizing label cell of OBAKit: any number of lines and a bottom separator.
public struct LabelCell: Equatable, Sendable {
  /// The text.
  public var text: Label

  /// A label cell with its text.
  public init(text: Label) { self.text = text }

  /// A label cell with its text.
  public init(_ text: Label) { self.text = text }
}

/// A text label: its text and how many lines it may take (nil: unlimited). In a spec it is a
/// string, or `{ text: …, maxLines: 2 }`.
///
/// ```swift
/// let title: Label = "Inbox"
/// let clipped = Label("A long text", maxLines: 1)
/// ```
public struct Label: Equatable, Sendable, ExpressibleByStringLiteral {
  /// The text.
  public var text: String
  /// Lines at most before the text is cut with an ellipsis; nil for no limit.
  public var maxLines: Int?

  /// A label from its text and line limit.
  public init(_ text: String, maxLines: Int? = nil) {
    self.text = text
    self.maxLines = maxLines
  }

  /// A label with no line limit.
  public init(stringLiteral text: String) { self.init(text) }
}

// MARK: Spec

extension ListDocument {
  /// A string, or `{ text, maxLines }`.
  static func decodeLabel(
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

extension SpecWriter {
  /// A string, or `{ text, maxLines }` when its line limit is not the field's default.
  func label(_ label: Label, defaultMaxLines: Int? = nil) -> Node {
    guard label.maxLines != defaultMaxLines, let maxLines = label.maxLines else {
      return string(label.text)
    }
    return map([("text", string(label.text)), ("maxLines", number(maxLines))])
  }
}

extension Validator {
  mutating func label(_ label: Label?, _ field: String, allowEmpty: Bool = true) throws {
    guard let label else { return }
    try string(label.text, field, allowEmpty: allowEmpty)
    if let maxLines = label.maxLines {
      try inside(field) { try $0.count(maxLines, SpecLimits.maxLinesRange, "maxLines") }
    }
  }
}
