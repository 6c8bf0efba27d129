/// An element a golden comparison leaves out (a clock, a date, a counter): by its path, with
/// `*` standing for any run of characters but a dot (`sections[*].cells[*].detail`,
/// `sections[0].cells[2]` for a whole cell), or a row by its id, wherever the row is.
package enum IgnorePattern: Equatable, Hashable, Sendable {
  /// Elements whose path (`sections[0].cells[2]`) or path and role
  /// (`sections[0].cells[2].detail`) the pattern matches.
  case path(String)
  /// Every element of the row with this id (or identity: its title, when it has no id).
  case id(String)

  /// As a user writes it: the path, or `id: ROW`.
  package var description: String {
    switch self {
    case .path(let path): path
    case .id(let id): "id: \(id)"
    }
  }

  /// `--ignore`'s text read as a pattern: `id:ROW` (or `id: ROW`) for a row, else a path.
  package init(option text: String) {
    if text.hasPrefix("id:") {
      self = .id(String(text.dropFirst(3).drop { $0 == " " }))
    } else {
      self = .path(text)
    }
  }

  /// Whether `path` (and `path.role`) matches a path pattern: `*` is any run of characters
  /// but a dot; a pattern naming a cell matches every element of it.
  package static func matches(_ pattern: String, path: String, role: String) -> Bool {
    glob(Array(pattern.utf8)[...], Array(path.utf8)[...])
      || glob(Array(pattern.utf8)[...], Array((path + "." + role).utf8)[...])
  }

  /// `*` any run but `.`; the rest literal. Dynamic programming over the two texts: time
  /// and memory bounded by the product of their lengths, whatever the stars.
  private static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    let p = Array(pattern)
    let t = Array(text)
    let star = UInt8(ascii: "*")
    let dot = UInt8(ascii: ".")
    // row[j]: the pattern's first i bytes match the text's first j bytes.
    var row = [Bool](repeating: false, count: t.count + 1)
    row[0] = true
    for byte in p {
      var next = [Bool](repeating: false, count: t.count + 1)
      if byte == star {
        next[0] = row[0]
        for j in 1...max(1, t.count) where j <= t.count {
          next[j] = row[j] || (next[j - 1] && t[j - 1] != dot)
        }
      } else {
        for j in 1...max(1, t.count) where j <= t.count {
          next[j] = row[j - 1] && t[j - 1] == byte
        }
      }
      row = next
    }
    return row[t.count]
  }
}
