import Foundation
import ListModel
import TestLevels
import TestSupport
import Testing
import Yams

/// `listrender schema`: the JSON Schema made from the decoder's own key tables. Every fixture
/// validates against it, and a misspelt or mistyped key is rejected by it as by the decoder.
@Suite("The spec's JSON Schema", .tags(.unit))
struct SchemaTests {
  /// A JSON value, as a YAML 1.2 document's scalars resolve (core schema).
  indirect enum Value {
    case object([String: Value])
    case array([Value])
    case string(String)
    case number(Double, isInteger: Bool)
    case bool(Bool)
    case null

    /// The YAML node as JSON: plain scalars by the core schema's rules, quoted ones as text.
    init(_ node: Node) {
      switch node {
      case .mapping(let mapping):
        var members: [String: Value] = [:]
        for (key, value) in mapping { members[key.string ?? ""] = Value(value) }
        self = .object(members)
      case .sequence(let sequence):
        self = .array(sequence.map(Value.init))
      case .scalar(let scalar):
        guard scalar.style == .plain else {
          self = .string(scalar.string)
          return
        }
        let text = scalar.string
        if ["", "~", "null", "Null", "NULL"].contains(text) {
          self = .null
        } else if ["true", "True", "TRUE"].contains(text) {
          self = .bool(true)
        } else if ["false", "False", "FALSE"].contains(text) {
          self = .bool(false)
        } else if text.range(of: #"^[-+]?[0-9]+$"#, options: .regularExpression) != nil,
          let number = Double(text)
        {
          self = .number(number, isInteger: true)
        } else if text.range(
          of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression
        )
          != nil, let number = Double(text)
        {
          self = .number(number, isInteger: number == number.rounded())
        } else {
          self = .string(text)
        }
      case .alias:
        self = .null
      }
    }
  }

  /// A validator of the JSON Schema keywords the schema uses: type, enum, const, minimum,
  /// maximum, minLength, pattern, properties, required, additionalProperties, items, maxItems,
  /// anyOf, $ref (to $defs). It returns the first problem, or nil.
  struct Validator {
    let root: [String: Any]

    func problem(_ value: Value, _ schema: [String: Any], at path: String) -> String? {
      if let reference = schema["$ref"] as? String {
        let name = String(reference.dropFirst("#/$defs/".count))
        guard let defs = root["$defs"] as? [String: Any], let target = defs[name] as? [String: Any]
        else { return "\(path): unknown $ref \(reference)" }
        return problem(value, target, at: path)
      }
      if let options = schema["anyOf"] as? [[String: Any]] {
        let problems = options.map { problem(value, $0, at: path) }
        guard problems.contains(where: { $0 == nil }) else {
          return problems.compactMap(\.self).min { $0.count > $1.count }
        }
      }
      if let types = schema["type"] {
        let allowed = (types as? [String]) ?? [(types as? String) ?? ""]
        guard allowed.contains(where: { matches(value, type: $0) }) else {
          return "\(path): not \(allowed.joined(separator: " or "))"
        }
      }
      if let words = schema["enum"] as? [String] {
        guard case .string(let text) = value, words.contains(text) else {
          return "\(path): not one of \(words)"
        }
      }
      if let word = schema["const"] as? String {
        guard case .string(let text) = value, text == word else { return "\(path): not \(word)" }
      }
      if case .number(let number, _) = value {
        if let minimum = schema["minimum"] as? Double, number < minimum {
          return "\(path): below \(minimum)"
        }
        if let maximum = schema["maximum"] as? Double, number > maximum {
          return "\(path): above \(maximum)"
        }
      }
      if case .string(let text) = value {
        if let length = schema["minLength"] as? Double, text.count < Int(length) {
          return "\(path): shorter than \(length)"
        }
        if let pattern = schema["pattern"] as? String,
          text.range(of: pattern, options: .regularExpression) == nil
        {
          return "\(path): '\(text)' does not match \(pattern)"
        }
      }
      if case .array(let items) = value {
        if let most = schema["maxItems"] as? Double, items.count > Int(most) {
          return "\(path): more than \(most) items"
        }
        if let itemSchema = schema["items"] as? [String: Any] {
          for (index, item) in items.enumerated() {
            if let found = problem(item, itemSchema, at: "\(path)[\(index)]") { return found }
          }
        }
      }
      if case .object(let members) = value, let properties = schema["properties"] as? [String: Any]
      {
        for name in (schema["required"] as? [String]) ?? [] where members[name] == nil {
          return "\(path): missing \(name)"
        }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
          guard let property = properties[name] as? [String: Any] else {
            if (schema["additionalProperties"] as? Bool) == false {
              return "\(path): unknown key \(name)"
            }
            continue
          }
          if let found = problem(member, property, at: "\(path).\(name)") { return found }
        }
      }
      return nil
    }

    func matches(_ value: Value, type: String) -> Bool {
      switch (value, type) {
      case (.object, "object"), (.array, "array"), (.string, "string"), (.bool, "boolean"),
        (.null, "null"), (.number, "number"):
        true
      case (.number(_, let isInteger), "integer"): isInteger
      default: false
      }
    }
  }

  func schema() throws -> [String: Any] {
    let text = SpecSchema.jsonSchema()
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func fixtures() throws -> [(name: String, text: String)] {
    try FixtureCases.all.map { name in
      (name, try String(contentsOf: Paths.fixtures.appendingPathComponent(name), encoding: .utf8))
    }
  }

  @Test("every fixture validates against the schema")
  func fixturesValidate() throws {
    let validator = Validator(root: try schema())
    let all = try fixtures()
    #expect(all.count > 100)
    for (name, text) in all {
      guard let node = try Yams.compose(yaml: text) else { continue }
      let found = validator.problem(Value(node), validator.root, at: "$")
      #expect(found == nil, "\(name): \(found ?? "")")
    }
  }

  @Test("a misspelt or mistyped key of any fixture is rejected by the schema and the decoder")
  func badKeysRejected() throws {
    let validator = Validator(root: try schema())
    var misspelt = 0
    var mistyped = 0
    for (name, text) in try fixtures() {
      guard let node = try Yams.compose(yaml: text) else { continue }
      // Every key of the fixture in turn, misspelt (one letter doubled at its end).
      var keys: [[String]] = []
      func collect(_ node: Node, _ path: [String]) {
        if case .mapping(let mapping) = node {
          for (key, value) in mapping {
            let here = path + [key.string ?? ""]
            keys.append(here)
            collect(value, here)
          }
        }
        if case .sequence(let sequence) = node {
          for (index, item) in sequence.enumerated() { collect(item, path + ["#\(index)"]) }
        }
      }
      collect(node, [])
      for path in keys.prefix(40) {
        guard let changed = rewrite(node, path, { key, value in (key + "x", value) }) else {
          continue
        }
        misspelt += 1
        #expect(
          validator.problem(Value(changed), validator.root, at: "$") != nil,
          "\(name): \(path) misspelt")
        #expect(throws: SpecError.self, "\(name): \(path) misspelt") {
          _ = try ListDocument.decode(
            yaml: try Yams.serialize(node: changed), file: name,
            baseDirectory: Paths.fixtures.appendingPathComponent(name).deletingLastPathComponent()
              .path)
        }
        // A number where text was, text where a number or a flag was: a mistyped value.
        guard
          let typed = rewrite(
            node, path,
            { key, value in
              guard case .scalar(let scalar) = value else { return nil }
              switch Value(value) {
              case .number, .bool:
                return (key, .mapping(Node.Mapping([(Node("not"), Node("a scalar"))])))
              case .string where scalar.style == .plain:
                return (key, .sequence(Node.Sequence([Node("a"), Node("list")])))
              default: return nil
              }
            })
        else { continue }
        mistyped += 1
        #expect(
          validator.problem(Value(typed), validator.root, at: "$") != nil,
          "\(name): \(path) mistyped")
      }
    }
    #expect(misspelt > 1_000 && mistyped > 500, "\(misspelt) misspelt, \(mistyped) mistyped")
  }

  /// `node` with the key at `path` (and its value) replaced by `change`; nil when `change`
  /// declines.
  func rewrite(_ node: Node, _ path: [String], _ change: (String, Node) -> (String, Node)?)
    -> Node?
  {
    guard let first = path.first else { return nil }
    switch node {
    case .mapping(let mapping):
      var pairs: [(Node, Node)] = []
      var changed = false
      for (key, value) in mapping {
        if key.string == first {
          if path.count == 1 {
            guard let (newKey, newValue) = change(first, value) else { return nil }
            pairs.append((Node(newKey), newValue))
          } else {
            guard let inner = rewrite(value, Array(path.dropFirst()), change) else { return nil }
            pairs.append((key, inner))
          }
          changed = true
        } else {
          pairs.append((key, value))
        }
      }
      return changed ? .mapping(Node.Mapping(pairs)) : nil
    case .sequence(let sequence):
      guard first.hasPrefix("#"), let index = Int(first.dropFirst()), index < sequence.count,
        let inner = rewrite(sequence[index], Array(path.dropFirst()), change)
      else { return nil }
      var items = Array(sequence)
      items[index] = inner
      return .sequence(Node.Sequence(items))
    default:
      return nil
    }
  }

  @Test("every object the decoder reads names its keys from the schema's tables")
  func tablesAreTheDecoders() throws {
    // An unknown key's error lists the allowed keys: the table's names, in its order.
    let error = #expect(throws: SpecError.self) { () throws -> Void in
      _ = try ListDocument.decode(yaml: "canvas: { widht: 3 }\nsections: []")
    }
    #expect(
      error?.message.hasSuffix(
        "allowed keys: " + SpecSchema.canvas.names.joined(separator: ", ")) == true,
      "\(error?.message ?? "")")
    let root = try schema()
    let defs = try #require(root["$defs"] as? [String: Any])
    #expect(
      Set(defs.keys) == ["canvas", "section", "header", "footer", "cell", "label", "control"])
    // Every help text is a sentence, and every key has one.
    let text = SpecSchema.jsonSchema()
    #expect(!text.contains("\"description\": \"\""))
  }
}
