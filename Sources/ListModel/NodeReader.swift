import Foundation
import Yams

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
    SpecLocation(file: file, line: node.mark?.line, column: node.mark?.column, path: path)
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
      let folder = (resolved as NSString).deletingLastPathComponent
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
    case .scalar: return isNull ? "null" : "a scalar"
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

  /// The node as a mapping whose keys must all be in `allowed`.
  func object(allowed: [String]) throws -> ObjectReader {
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
    guard range.contains(value) else {
      throw error(
        "\(scalar.string) is out of range; expected \(range.text)"
      )
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

  func color() throws -> Color {
    let text = try string()
    guard let color = Color(hex: text) else {
      throw error("'\(quoted(text))' is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA")
    }
    return color
  }

  private var describeScalar: String {
    if case .scalar(let scalar) = node, !isNull { return "'\(scalar.string)'" }
    return kindName
  }
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
  var allowedFolders: [String]?

  init(allowedFolders: [String]? = nil) {
    self.allowedFolders = allowedFolders.map { $0.map(canonical) }
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
  let parent = (standard as NSString).deletingLastPathComponent
  if let real = realpath(parent, nil) {
    defer { free(real) }
    return (String(cString: real) as NSString).appendingPathComponent(
      (standard as NSString).lastPathComponent)
  }
  return standard
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
