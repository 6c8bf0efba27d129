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

/// A text label: its text, how many lines it may take (nil: unlimited) and, optionally, its own
/// language. In a spec it is a string, or `{ text: …, maxLines: 2, language: ja }`, or a key of
/// the spec's string catalogs: `{ key: settings.roaming, count: 3, args: [Ana] }`.
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
  /// The label's language (BCP 47) when it is not the canvas's.
  public var language: String?
  /// The catalog key its text comes from (``ListDocument/strings``), in the canvas's
  /// ``Canvas/locale``; nil for a text given as it is.
  public var key: CatalogKey?
  /// Where the label is in its spec (for errors about its text).
  public var location: SpecLocation
  /// Whether golden comparisons leave this label out (`mask: true`: a clock, a date).
  public var mask = false

  /// A label from its text, line limit and language.
  public init(
    _ text: String, maxLines: Int? = nil, language: String? = nil,
    location: SpecLocation = SpecLocation()
  ) {
    self.text = text
    self.maxLines = maxLines
    self.language = language
    self.location = location
  }

  /// A label with no line limit.
  public init(stringLiteral text: String) { self.init(text) }

  /// The label itself (``LabelConvertible``).
  public var listLabel: Label { self }

  /// Labels are equal when their text, line limit and language are (wherever they were read).
  public static func == (lhs: Label, rhs: Label) -> Bool {
    lhs.text == rhs.text && lhs.maxLines == rhs.maxLines && lhs.language == rhs.language
      && lhs.key == rhs.key && lhs.mask == rhs.mask
  }
}

// MARK: Spec

extension ListDocument {
  /// A string, or `{ text, maxLines, language }`, or `{ key, count, args, maxLines, language }`.
  static func decodeLabel(
    _ reader: NodeReader, allowEmpty: Bool = true, defaultMaxLines: Int? = nil
  ) throws -> Label {
    guard case .mapping = reader.node else {
      return Label(
        try reader.string(allowEmpty: allowEmpty), maxLines: defaultMaxLines,
        location: reader.location)
    }
    let object = try reader.object(SpecSchema.labelKeys)
    let maxLines =
      try object.optional("maxLines")?.integer(in: SpecLimits.maxLinesRange) ?? defaultMaxLines
    let language = try object.optional("language")?.languageTag()
    let mask = try object.optional("mask")?.bool() ?? false
    if try object.exactlyOne(of: ["text", "key"]) == "key" {
      let key = try object.required("key")
      var label = Label(
        key: try catalogKey(in: object), maxLines: maxLines, language: language,
        location: key.location)
      label.mask = mask
      return label
    }
    for field in ["count", "args"] {
      if let given = object.optional(field) {
        throw given.error("\(field) goes with key (a text from the spec's string catalogs)")
      }
    }
    let text = try object.required("text")
    var label = Label(
      try text.string(allowEmpty: allowEmpty), maxLines: maxLines, language: language,
      location: text.location)
    label.mask = mask
    return label
  }
}

extension SpecWriter {
  /// A string, or `{ text, maxLines, language }` when its line limit is not the field's default
  /// or it has a language of its own.
  func label(_ label: Label, defaultMaxLines: Int? = nil) -> Node {
    let maxLines = label.maxLines == defaultMaxLines ? nil : label.maxLines
    guard maxLines != nil || label.language != nil || label.key != nil || label.mask else {
      return string(label.text)
    }
    var pairs = label.key.map(catalogKey) ?? [("text", string(label.text))]
    if let maxLines { pairs.append(("maxLines", number(maxLines))) }
    if let language = label.language { pairs.append(("language", string(language))) }
    if label.mask { pairs.append(("mask", bool(true))) }
    return map(pairs)
  }
}

extension Validator {
  mutating func label(_ label: Label?, _ field: String, allowEmpty: Bool = true) throws {
    guard let label else { return }
    if let key = label.key {
      try inside(field) { validator in
        try validator.string(key.name, "key")
        if key.name.utf8.count > SpecLimits.maxKeyBytes {
          throw validator.fail("a key is at most \(SpecLimits.maxKeyBytes) bytes", at: "key")
        }
        try validator.number(key.count, SpecLimits.countRange, "count")
        try validator.count(key.arguments.count, 0...Double(SpecLimits.maxArguments), "args")
        for (index, argument) in key.arguments.enumerated() {
          try validator.string(argument, "args[\(index)]")
        }
      }
    }
    // A keyed label not yet in a locale has no text (the renderer puts it in first).
    try string(label.text, field, allowEmpty: allowEmpty || label.key != nil)
    if let maxLines = label.maxLines {
      try inside(field) { try $0.count(maxLines, SpecLimits.maxLinesRange, "maxLines") }
    }
    if let language = label.language {
      if let problem = SpecLimits.languageProblem(language) {
        throw inside(field) { $0.fail(problem, at: "language") }
      }
      languages.insert(language)
    }
  }
}

/// Text a cell's label can be made from: a ``Label`` (with its line limit and language) or a
/// `String` or `Substring`, so that a variable holding text reads as the YAML does.
///
/// ```swift
/// let name = "Ana García"
/// RowCell(name, subtitle: Label("Lunch on Friday?", maxLines: 1))
/// ```
public protocol LabelConvertible {
  /// The text as a label.
  var listLabel: Label { get }
}

extension Label: LabelConvertible {}

extension String: LabelConvertible {
  /// A label of this text, with no line limit.
  public var listLabel: Label { Label(self) }
}

extension Substring: LabelConvertible {
  /// A label of this text, with no line limit.
  public var listLabel: Label { Label(String(self)) }
}
