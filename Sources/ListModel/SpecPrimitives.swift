import FileIO
import Foundation
import Yams

// The primitives every spec type's code is written with: reading a node (with its location),
// writing one, and checking a value built in code against the same limits.

/// A place in a spec file, kept on values whose problems are only found after decoding (a
/// missing image, an unknown icon name), so those errors still name the file, line and field.
public struct SpecLocation: Equatable, Sendable {
  /// The spec file.
  public var file: String
  /// 1-based line, when known.
  public var line: Int?
  /// 1-based column, when known.
  public var column: Int?
  /// The field path.
  public var path: String
  /// The folders files named here may be read from (nil: anywhere): a reader checks the file
  /// it opened against them, after opening it, so a link swapped after the spec was read
  /// cannot lead it elsewhere.
  package var readableFolders: [String]?

  /// A location from its parts.
  public init(file: String = "<inline>", line: Int? = nil, column: Int? = nil, path: String = "") {
    self.file = file
    self.line = line
    self.column = column
    self.path = path
  }

  /// A ``SpecError`` at this place.
  public func error(_ message: String) -> SpecError {
    SpecError(file: file, line: line, column: column, path: path, message: message)
  }
}

/// Where a spec named a value, kept beside it without taking part in equality: two documents
/// that say the same are equal wherever they said it.
package struct SourceMark: Equatable, Sendable {
  /// The place; nil for a value set in code.
  package var location: SpecLocation?

  /// No place (a value set in code), or `location`.
  package init(_ location: SpecLocation? = nil) { self.location = location }

  package static func == (lhs: SourceMark, rhs: SourceMark) -> Bool { true }
}

// MARK: Reading

/// A YAML node together with where it sits: the file, its field path and its mark. Every
/// decoding error is made here, so each one names the file, line, column and path.
struct NodeReader {
  let node: Node
  let path: String
  let file: String
  /// The folder relative paths in the spec are resolved against.
  let base: String
  /// The text read so far in the whole document (shared by every reader of one decode).
  var budget = DecodeBudget()

  var location: SpecLocation {
    var location = SpecLocation(
      file: file, line: node.mark?.line, column: node.mark?.column, path: path)
    location.readableFolders = budget.allowedFolders
    return location
  }

  func error(_ message: String) -> SpecError { location.error(message) }

  /// A path from the spec, made absolute against the spec's folder.
  func filePath() throws -> String {
    let raw = try string(allowEmpty: false)
    let path = raw.hasPrefix("/") ? raw : (base as NSString).appendingPathComponent(raw)
    guard let allowed = budget.allowedFolders else { return path }
    // Where the path really leads (links followed), compared with the allowed folders.
    let resolved = canonical(path)
    guard allowed.contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) else {
      let folder = parentPath(resolved)
      throw error(
        "'\(quoted(raw))' resolves to \(resolved), outside the folders this spec may read (\(allowed.joined(separator: ", "))); allow it with --allow-path \(folder)"
      )
    }
    return path
  }

  func bool() throws -> Bool {
    guard case .scalar(let scalar) = node, scalar.style == .plain,
      ["true", "false"].contains(scalar.string)
    else { throw error("expected true or false, found \(kindName)") }
    return scalar.string == "true"
  }

  /// The field `key` of this node, when it is a mapping holding it (before key checks).
  func peek(_ key: String) -> NodeReader? {
    guard case .mapping(let mapping) = node, let value = mapping[key] else { return nil }
    return child(value, key: key)
  }

  var isNull: Bool {
    if case .scalar(let scalar) = node {
      return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }
    return false
  }

  var kindName: String {
    switch node {
    case .scalar(let scalar): return isNull ? "null" : shownScalar(scalar.string)
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    }
  }

  func child(_ node: Node, key: String) -> NodeReader {
    NodeReader(
      node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, base: base,
      budget: budget)
  }

  /// The node as a mapping whose keys must all be `table`'s (the keys `listrender schema`
  /// describes: the decoder has no list of its own).
  func object(_ table: SpecObject) throws -> ObjectReader {
    let allowed = table.names
    guard case .mapping(let mapping) = node else {
      throw error("expected a mapping, found \(kindName)")
    }
    var fields: [String: NodeReader] = [:]
    for (keyNode, value) in mapping {
      let keyReader = NodeReader(node: keyNode, path: path, file: file, base: base, budget: budget)
      guard case .scalar(let key) = keyNode else { throw keyReader.error("keys must be strings") }
      guard allowed.contains(key.string) else {
        var message = "unknown key '\(quoted(key.string))'"
        if let near = closest(to: key.string, in: allowed) {
          message += " (did you mean '\(near)'?)"
        }
        message += "; allowed keys: \(allowed.joined(separator: ", "))"
        // `{ detail: 90,5 € }`: the comma ended the value and `5 €` became a key of its own,
        // with no value (Yams does not keep a mapping's flow style, so the key tells: no key
        // starts with a digit or holds a space).
        if case .scalar(let bare) = value, bare.string.isEmpty,
          key.string.first?.isNumber == true || key.string.contains(where: \.isWhitespace)
        {
          message +=
            ". Inside { … } a comma separates keys: put a value that holds a comma in quotes (\"90,5 €\")"
        }
        throw child(keyNode, key: quoted(key.string)).error(message)
      }
      guard fields[key.string] == nil else {
        throw child(keyNode, key: quoted(key.string)).error(
          "duplicate key '\(quoted(key.string))'")
      }
      fields[key.string] = child(value, key: key.string)
    }
    return ObjectReader(fields: fields, owner: self)
  }

  /// The node as a list of at most `maxCount` items.
  func list(maxCount: Int) throws -> [NodeReader] {
    guard case .sequence(let sequence) = node else {
      throw error("expected a list, found \(kindName)")
    }
    guard sequence.count <= maxCount else {
      throw error("has \(sequence.count) items; at most \(maxCount) are allowed")
    }
    return sequence.enumerated().map { index, item in
      NodeReader(node: item, path: "\(path)[\(index)]", file: file, base: base, budget: budget)
    }
  }

  func string(allowEmpty: Bool = true) throws -> String {
    guard case .scalar(let scalar) = node, !isNull else {
      throw error("expected a string, found \(kindName)")
    }
    if let problem = SpecLimits.problem(with: scalar.string, allowEmpty: allowEmpty) {
      throw error(problem)
    }
    // Each use of an alias counts again: the limit is on the text the document expands to.
    budget.textBytes += scalar.string.utf8.count
    guard budget.textBytes <= SpecLimits.maxTextBytes else {
      throw error(
        "the document's text adds up to more than \(SpecLimits.maxTextBytes) bytes (an alias counts each time it is used)"
      )
    }
    return scalar.string
  }

  func number(in range: ClosedRange<Double>) throws -> Double {
    guard case .scalar(let scalar) = node, scalar.style == .plain, !isNull,
      let value = Double(scalar.string), value.isFinite
    else { throw error("expected a number, found \(describeScalar)") }
    if let problem = SpecLimits.problem(with: value, in: range, written: scalar.string) {
      throw error(problem)
    }
    return value
  }

  func integer(in range: ClosedRange<Double>) throws -> Int {
    let value = try number(in: range)
    guard value == value.rounded() else { throw error("expected a whole number, found \(value)") }
    return Int(value)
  }

  func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E
  where E.RawValue == String {
    let raw = try string()
    if let value = E(rawValue: raw) { return value }
    let names = E.allCases.map(\.rawValue)
    var message = "unknown value '\(quoted(raw))'"
    if let near = closest(to: raw, in: names) { message += " (did you mean '\(near)'?)" }
    throw error(message + "; expected one of: \(names.joined(separator: ", "))")
  }

  /// A BCP 47 language tag (``SpecLimits/languageProblem(_:)``).
  func languageTag() throws -> String {
    let tag = try string()
    if let problem = SpecLimits.languageProblem(tag) { throw error(problem) }
    return tag
  }

  /// A colour, or (`themeNames`) the name of a theme colour (`textPrimary`, `controlActivated`,
  /// …) or of a Mística colour token (`brand`, `backgroundBrandSecondary`, …).
  func color(themeNames: Bool = false) throws -> Color {
    let text = try string()
    if themeNames, let name = ColorName(specName: text) { return .theme(name) }
    if themeNames,
      SpecSchema.colorTokenNameSet.contains(text)
        || budget.canvas?.tokens?.colors.values.contains(where: { $0[text] != nil }) == true
    {
      let canvas = budget.canvas ?? Canvas()
      guard canvas.theme == .mistica else {
        throw error(
          "'\(text)' is a Mística colour token; the \(canvas.theme.rawValue) theme has none")
      }
      if let note = MisticaTokenFile.changedMeaning(of: text, in: canvas) {
        budget.colorNotes.append("\(path): \(note)")
      }
      return .token(text)
    }
    guard let color = Color(hex: text) else {
      throw error(
        "'\(quoted(text))' is not a colour; expected "
          + (themeNames
            ? "#RGB, #RRGGBB, #RRGGBBAA, a theme colour ("
              + ColorName.specNames.joined(separator: ", ")
              + ") or a colour token of the Mística brand's token file (brand, backgroundBrandSecondary, …)"
            : "#RGB, #RRGGBB or #RRGGBBAA"))
    }
    return color
  }

  private var describeScalar: String { kindName }
}

/// The fields of a mapping, read by name.
struct ObjectReader {
  let fields: [String: NodeReader]
  let owner: NodeReader

  /// The field, or nil when it is absent or null.
  func optional(_ key: String) -> NodeReader? {
    guard let field = fields[key], !field.isNull else { return nil }
    return field
  }

  /// Throws unless exactly one of the cases of `keys` is present (in the order of its cases);
  /// returns it.
  func exactlyOne<Key: RawRepresentable & CaseIterable>(of keys: Key.Type) throws -> Key
  where Key.RawValue == String {
    let names = keys.allCases.map(\.rawValue)
    let name = try exactlyOne(of: names)
    guard let key = Key(rawValue: name) else { throw owner.error("unknown key '\(name)'") }
    return key
  }

  /// Throws unless exactly one of `keys` is present; returns it.
  func exactlyOne(of keys: [String]) throws -> String {
    let present = keys.filter { optional($0) != nil }
    guard present.count == 1 else {
      throw owner.error("expected exactly one of: \(keys.joined(separator: ", "))")
    }
    return present[0]
  }

  func required(_ key: String) throws -> NodeReader {
    guard let field = optional(key) else { throw owner.error("missing required key '\(key)'") }
    return field
  }
}

/// Names near a misspelt one, for "did you mean" messages.
package enum NameSuggestions {
  /// Up to `count` candidates nearest to `word` by edit distance, nearest first, each near
  /// enough to be a typo; a candidate containing `word` counts as near.
  public static func nearest(to word: String, in candidates: [String], count: Int = 3) -> [String] {
    guard word.utf8.count <= 64 else { return [] }
    let lower = word.lowercased()
    let limit = max(2, word.count / 3)
    var scored: [(name: String, distance: Int)] = []
    for candidate in candidates {
      var distance = editDistance(lower, candidate.lowercased())
      if candidate.contains(lower) { distance = min(distance, limit) }
      if distance <= limit { scored.append((candidate, distance)) }
    }
    scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
    return scored.prefix(count).map(\.name)
  }
}

/// What one decode shares between its readers: the text read so far (an alias is read each
/// time it is used) and the folders files may be read from (nil: anywhere).
final class DecodeBudget {
  var textBytes = 0
  /// The document's canvas once read: colour tokens are named against its theme and brand.
  var canvas: Canvas?
  /// ``DocumentMarks/colorNotes`` so far.
  var colorNotes: [String] = []
  var allowedFolders: [String]?
  /// The spec files read so far besides the one being decoded (update files).
  var specFiles: [String] = []
  /// Whether the spec being decoded is an animation's update file.
  var isUpdateFile = false

  init(allowedFolders: [String]? = nil) {
    // Each folder once, as it really is (the spec's own folder is often one of those given).
    self.allowedFolders = allowedFolders.map { folders in
      var seen: Set<String> = []
      return folders.map(canonical).filter { seen.insert($0).inserted }
    }
  }
}

/// A path made comparable: absolute, standardized, with links resolved for the part that
/// exists (shared with the command line's output checks).
package func canonical(_ path: String) -> String {
  let standard = URL(fileURLWithPath: path).standardizedFileURL.path
  if let real = realpath(standard, nil) {
    defer { free(real) }
    return String(cString: real)
  }
  let parent = parentPath(standard)
  if let real = realpath(parent, nil) {
    defer { free(real) }
    return (String(cString: real) as NSString).appendingPathComponent(
      (standard as NSString).lastPathComponent)
  }
  return standard
}

/// A scalar as a message shows what was found: in double quotes, at most 60 Unicode scalars,
/// quotes, backslashes and control characters escaped (`found "on"`).
package func shownScalar(_ text: String) -> String {
  var shown = ""
  for scalar in quoted(text).unicodeScalars {
    switch scalar {
    case "\"": shown += "\\\""
    case "\\": shown += "\\\\"
    case "\n": shown += "\\n"
    case "\t": shown += "\\t"
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: shown.unicodeScalars.append(scalar)
    }
  }
  return "\"" + shown + "\""
}

/// `text` for a message: at most 60 Unicode scalars, then an ellipsis (counted in scalars, so a
/// character carrying thousands of accents is cut too).
func quoted(_ text: String) -> String {
  guard text.unicodeScalars.count > 60 else { return text }
  var view = String.UnicodeScalarView()
  view.append(contentsOf: text.unicodeScalars.prefix(60))
  return String(view) + "…"
}

/// The candidate nearest to `word`, when it is near enough to be a typo (one
/// ``NameSuggestions`` rule for every "did you mean").
func closest(to word: String, in candidates: [String]) -> String? {
  NameSuggestions.nearest(to: word, in: candidates, count: 1).first
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous = Array(0...b.count)
  for i in 1...a.count {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    previous = current
  }
  return previous[b.count]
}

// MARK: Writing

/// Builds the spec's node tree from the model: the decoder's format, in reverse.
struct SpecWriter {
  typealias Pairs = [(String, Node)]

  /// A mapping with `accessibilityLabel` added when there is one.
  func labelled(_ node: Node, _ label: String?) -> Node {
    guard let label, case .mapping(let mapping) = node else { return node }
    var pairs: Pairs = mapping.compactMap { key, value in key.string.map { ($0, value) } }
    pairs.append(("accessibilityLabel", string(label)))
    return map(pairs)
  }

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

}

/// Spec nodes through Swift's coders: mappings as keyed containers, sequences as unkeyed ones,
/// scalars as numbers, booleans, null or strings by their style.
enum SpecCoding {
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
enum SpecJSON {
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

// MARK: Checking

/// Walks a document, keeping the field path and the text budget.
struct Validator {
  var path: [String] = []
  var textBytes = 0
  var cells = 0
  /// Every character above ASCII in the document's strings, each once (which fonts it needs).
  var scalars: Set<Unicode.Scalar> = []
  /// The languages labels give their own text (`language:`), each once.
  var languages: Set<String> = []
  /// The styles of every section header seen (nil: the brand's default).
  var headerStyles: Set<HeaderStyle?> = []

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
    if let problem = SpecLimits.problem(with: value, in: range) { throw fail(problem, at: field) }
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
    if !text.utf8.allSatisfy({ $0 < 0x80 }) {
      for scalar in text.unicodeScalars where scalar.value >= 0x80 { scalars.insert(scalar) }
    }
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

  func insets(_ insets: EdgeInsets, _ range: ClosedRange<Double>, _ field: String) throws {
    for (name, value) in [
      ("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom),
      ("trailing", insets.trailing),
    ] {
      try number(value, range, "\(field).\(name)")
    }
  }

}
