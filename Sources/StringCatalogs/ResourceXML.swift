import Foundation

/// A small reader of the XML that resource files are written in: elements, attributes, text,
/// CDATA, comments, processing instructions, the five named entities and character references.
/// A document type declaration is refused and no entity is defined or fetched, so nothing a
/// file says makes the reader expand or read without bound; every error has its line and
/// column. (Foundation's XMLParser stops the process on some malformed input.)
struct ResourceXML {
  /// What the reader meets, in order.
  enum Event {
    case start(name: String, attributes: [String: String])
    case end(name: String)
    case text(String)
  }

  let bytes: [UInt8]
  let file: String
  /// The offset of the construct being read, for errors.
  private var mark = 0
  private var index = 0

  init(_ bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// The line and column (1-based, in bytes) of `offset`.
  func place(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return (line, offset - lineStart + 1)
  }

  func fail(_ message: String, at offset: Int? = nil) -> CatalogError {
    let (line, column) = place(of: offset ?? mark)
    return CatalogError(file: file, line: line, column: column, message: message)
  }

  private func starts(with text: String) -> Bool {
    let utf8 = Array(text.utf8)
    return index + utf8.count <= bytes.count && Array(bytes[index..<(index + utf8.count)]) == utf8
  }

  /// The offset of `text` from the current index, or nil.
  private func find(_ text: String) -> Int? {
    let utf8 = Array(text.utf8)
    guard bytes.count >= utf8.count else { return nil }
    var position = index
    while position + utf8.count <= bytes.count {
      if bytes[position] == utf8[0], Array(bytes[position..<(position + utf8.count)]) == utf8 {
        return position
      }
      position += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipSpace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// A name: everything up to white space, `/`, `>` or `=`.
  private mutating func name() throws -> String {
    let start = index
    while index < bytes.count, !Self.isSpace(bytes[index]),
      ![0x2F, 0x3E, 0x3D, 0x3C].contains(bytes[index])
    {
      index += 1
    }
    guard index > start else { throw fail("expected a name", at: start) }
    return string(start..<index)
  }

  /// Text with its entities and character references replaced.
  private func decoded(_ range: Range<Int>) throws -> String {
    guard bytes[range].contains(0x26) else { return string(range) }
    var out = ""
    var position = range.lowerBound
    var runStart = position
    while position < range.upperBound {
      guard bytes[position] == 0x26 else {
        position += 1
        continue
      }
      out += string(runStart..<position)
      guard
        let semicolon = bytes[position..<min(range.upperBound, position + 12)].firstIndex(of: 0x3B)
      else { throw fail("an & that starts no entity (write &amp;)", at: position) }
      let entity = string((position + 1)..<semicolon)
      switch entity {
      case "amp": out += "&"
      case "lt": out += "<"
      case "gt": out += ">"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        var value: UInt32?
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          value = UInt32(entity.dropFirst(2), radix: 16)
        } else if entity.hasPrefix("#") {
          value = UInt32(entity.dropFirst(), radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
          throw fail("unknown entity &\(entity);", at: position)
        }
        out.unicodeScalars.append(scalar)
      }
      position = semicolon + 1
      runStart = position
    }
    return out + string(runStart..<range.upperBound)
  }

  /// Reads the whole document, handing each event to `handle` with its offset.
  mutating func read(_ handle: (Event, Int) throws -> Void) throws {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw CatalogError(file: file, message: "not UTF-8 text")
    }
    if starts(with: "\u{FEFF}") { index += 3 }
    var open: [String] = []
    var sawRoot = false
    while index < bytes.count {
      mark = index
      guard bytes[index] == 0x3C else {
        let start = index
        while index < bytes.count, bytes[index] != 0x3C { index += 1 }
        if open.isEmpty {
          guard bytes[start..<index].allSatisfy(Self.isSpace) else {
            throw fail("text outside the root element")
          }
        } else {
          try handle(.text(try decoded(start..<index)), start)
        }
        continue
      }
      if starts(with: "<!--") {
        index += 4
        guard let end = find("-->") else { throw fail("a comment that never ends") }
        index = end + 3
      } else if starts(with: "<![CDATA[") {
        index += 9
        guard let end = find("]]>") else { throw fail("a CDATA section that never ends") }
        guard !open.isEmpty else { throw fail("CDATA outside the root element") }
        try handle(.text(string(index..<end)), mark)
        index = end + 3
      } else if starts(with: "<?") {
        guard let end = find("?>") else { throw fail("a processing instruction that never ends") }
        index = end + 2
      } else if starts(with: "<!") {
        throw fail("a document type or declaration, which resource files do not have")
      } else if starts(with: "</") {
        index += 2
        let name = try self.name()
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x3E else {
          throw fail("expected > after </\(name)")
        }
        index += 1
        guard let last = open.last else { throw fail("</\(name)> closes nothing") }
        guard last == name else { throw fail("</\(name)> where </\(last)> was expected") }
        open.removeLast()
        try handle(.end(name: name), mark)
      } else {
        index += 1
        let name = try self.name()
        guard open.count < CatalogLimits.maxDepth else {
          throw fail("nested more than \(CatalogLimits.maxDepth) levels")
        }
        guard !open.isEmpty || !sawRoot else { throw fail("a second root element <\(name)>") }
        var attributes: [String: String] = [:]
        var selfClosing = false
        while true {
          skipSpace()
          guard index < bytes.count else { throw fail("<\(name) never ends") }
          if bytes[index] == 0x3E {
            index += 1
            break
          }
          if starts(with: "/>") {
            index += 2
            selfClosing = true
            break
          }
          let attributeStart = index
          let attribute = try self.name()
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x3D else {
            throw fail("expected = after the attribute \(attribute)", at: attributeStart)
          }
          index += 1
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
            throw fail("expected a quoted value for \(attribute)", at: attributeStart)
          }
          let quote = bytes[index]
          index += 1
          let valueStart = index
          while index < bytes.count, bytes[index] != quote, bytes[index] != 0x3C { index += 1 }
          guard index < bytes.count, bytes[index] == quote else {
            throw fail("the value of \(attribute) never ends", at: attributeStart)
          }
          guard attributes[attribute] == nil else {
            throw fail("the attribute \(attribute) twice", at: attributeStart)
          }
          attributes[attribute] = try decoded(valueStart..<index)
          index += 1
        }
        sawRoot = true
        try handle(.start(name: name, attributes: attributes), mark)
        if selfClosing {
          try handle(.end(name: name), mark)
        } else {
          open.append(name)
        }
      }
    }
    mark = bytes.count
    if let last = open.last { throw fail("<\(last)> is never closed") }
    guard sawRoot else { throw fail("no root element") }
  }
}
