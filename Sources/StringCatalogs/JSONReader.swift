import Foundation

/// An object's member: its name and value.
package struct JSONMember {
  package var key: String
  package var value: JSONValue
}

/// A JSON value as a catalog reader needs it: objects keep their members in the file's order.
package enum JSONValue {
  case object([JSONMember])
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  /// The last member named `key` of an object (JSON lets a later one win); nil otherwise.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// What the value is, for errors.
  package var kind: String {
    switch self {
    case .object: "an object"
    case .array: "a list"
    case .string: "a string"
    case .number, .bool: "a number or boolean"
    case .null: "null"
    }
  }
}

/// A strict JSON reader of untrusted bytes (RFC 8259: no comments, no trailing commas, UTF-8
/// only), nested at most ``CatalogLimits/maxDepth`` deep; an error names its line and column.
/// Made for String Catalogs: Foundation's `JSONSerialization` and the casts of its `Any` values
/// took half of reading a 2 MB catalog.
package struct JSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private let file: String

  /// The value `bytes` hold, or a ``CatalogError`` naming `file`, the line and the column.
  package static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer, file: file)
      reader.skipSpace()
      let value = try reader.value(depth: 0)
      reader.skipSpace()
      guard reader.index == buffer.count else { throw reader.fail("text after the JSON value") }
      return value
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// An error at the current byte: its line and column (in characters) are counted only now.
  private func fail(_ message: String, syntax: Bool = true) -> CatalogError {
    var line = 1
    var lineStart = 0
    for offset in 0..<min(index, bytes.count) where bytes[offset] == 0x0A {
      line += 1
      lineStart = offset + 1
    }
    let end = min(index, bytes.count)
    let column =
      String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
      .count + 1
    return CatalogError(
      file: file, line: line, column: column, message: (syntax ? "not JSON: " : "") + message)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws -> JSONValue {
    guard index < bytes.count else { throw fail("the text ends where a value was expected") }
    switch bytes[index] {
    case 0x7B: return try object(depth: depth + 1)
    case 0x5B: return try array(depth: depth + 1)
    case 0x22: return .string(try string())
    case 0x74: return try literal("true", .bool(true))
    case 0x66: return try literal("false", .bool(false))
    case 0x6E: return try literal("null", .null)
    case 0x2D, 0x30...0x39: return .number(try number())
    default: throw fail("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("unexpected end of text") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw fail("unexpected character")
    }
    index += count
    return value
  }

  private mutating func object(depth: Int) throws -> JSONValue {
    guard depth <= CatalogLimits.maxDepth else {
      throw fail("nested more than \(CatalogLimits.maxDepth) levels", syntax: false)
    }
    index += 1
    var members: [JSONMember] = []
    skipSpace()
    if index < bytes.count, bytes[index] == 0x7D {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x22 else {
        throw fail("expected a member's name in quotes")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3A else { throw fail("expected ':'") }
      index += 1
      skipSpace()
      members.append(JSONMember(key: key, value: try value(depth: depth)))
      skipSpace()
      guard index < bytes.count else { throw fail("the text ends inside an object") }
      if bytes[index] == 0x2C {
        index += 1
        continue
      }
      guard bytes[index] == 0x7D else { throw fail("expected ',' or '}'") }
      index += 1
      return .object(members)
    }
  }

  private mutating func array(depth: Int) throws -> JSONValue {
    guard depth <= CatalogLimits.maxDepth else {
      throw fail("nested more than \(CatalogLimits.maxDepth) levels", syntax: false)
    }
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == 0x5D {
      index += 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value(depth: depth))
      skipSpace()
      guard index < bytes.count else { throw fail("the text ends inside a list") }
      if bytes[index] == 0x2C {
        index += 1
        continue
      }
      guard bytes[index] == 0x5D else { throw fail("expected ',' or ']'") }
      index += 1
      return .array(items)
    }
  }

  /// A string from its opening quote: runs without escapes are taken whole (and checked to be
  /// UTF-8); escapes are decoded, surrogate pairs joined.
  private mutating func string() throws -> String {
    index += 1
    let start = index
    // The common case: no escape before the closing quote.
    while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20 {
      index += 1
    }
    if index < bytes.count, bytes[index] == 0x22 {
      let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
      guard let text = String(validating: run, as: UTF8.self) else {
        throw fail("a string is not UTF-8")
      }
      index += 1
      return text
    }
    var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while true {
      guard index < bytes.count else { throw fail("the text ends inside a string") }
      let byte = bytes[index]
      if byte == 0x22 {
        index += 1
        guard let text = String(validating: out, as: UTF8.self) else {
          throw fail("a string is not UTF-8")
        }
        return text
      }
      guard byte >= 0x20 else { throw fail("a control character inside a string") }
      guard byte == 0x5C else {
        out.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { throw fail("the text ends inside a string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case 0x22, 0x5C, 0x2F: out.append(escape)
      case 0x62: out.append(0x08)
      case 0x66: out.append(0x0C)
      case 0x6E: out.append(0x0A)
      case 0x72: out.append(0x0D)
      case 0x74: out.append(0x09)
      case 0x75:
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
          // A high surrogate must be followed by `\u` and a low one.
          guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
            throw fail("a lone surrogate in a string")
          }
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in a string") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw fail("a lone surrogate in a string")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("not a character") }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
      default: throw fail("an unknown escape in a string")
      }
    }
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("the text ends inside an escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw fail("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number as RFC 8259 writes one: `-`, digits without a leading zero, fraction, exponent.
  private mutating func number() throws -> Double {
    let start = index
    if bytes[index] == 0x2D { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - from
    }
    let whole = index
    guard digits() > 0 else { throw fail("a number without digits") }
    if bytes[whole] == 0x30, index - whole > 1 { throw fail("a number with a leading zero") }
    if index < bytes.count, bytes[index] == 0x2E {
      index += 1
      guard digits() > 0 else { throw fail("a number without digits after '.'") }
    }
    if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
      index += 1
      if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
      guard digits() > 0 else { throw fail("a number without digits in its exponent") }
    }
    guard index - start <= 64,
      let value = Double(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
      value.isFinite
    else { throw fail("a number out of range") }
    return value
  }
}
