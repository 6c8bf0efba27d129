/// Where an element of a list comes from in its spec: a section (its header, its footer, its
/// card), a cell of one, the empty view or the refresh control. Its ``description`` is the spec
/// path (`sections[1].cells[3]`): the one place the path is spelled, and ``init(_:)`` the one
/// place it is read back.
package enum ElementPath: Hashable, Sendable, CustomStringConvertible {
  /// `sections[i]`.
  case section(Int)
  /// `sections[i].cells[j]`.
  case cell(section: Int, item: Int)
  /// `emptyView`.
  case emptyView
  /// `refreshControl`.
  case refreshControl

  /// The path a spec path begins with: `sections[i]`, `sections[i].cells[j]` (whatever follows,
  /// such as `.title`), `emptyView` or `refreshControl`; nil for anything else.
  package init?(_ text: String) {
    if text == "emptyView" {
      self = .emptyView
      return
    }
    if text == "refreshControl" {
      self = .refreshControl
      return
    }
    var rest = Substring(text)
    guard let section = Self.index(after: "sections[", in: &rest) else { return nil }
    if let item = Self.index(after: ".cells[", in: &rest) {
      self = .cell(section: section, item: item)
    } else {
      self = .section(section)
    }
  }

  /// The number in `prefix<number>]` at the start of `text`, which is then advanced past it.
  private static func index(after prefix: String, in text: inout Substring) -> Int? {
    guard text.hasPrefix(prefix) else { return nil }
    let digits = text.dropFirst(prefix.count).prefix(while: \.isASCII).prefix(while: \.isNumber)
    guard !digits.isEmpty, digits.count <= 9, let value = Int(digits),
      text.dropFirst(prefix.count + digits.count).hasPrefix("]")
    else { return nil }
    text = text.dropFirst(prefix.count + digits.count + 1)
    return value
  }

  /// The spec path.
  package var description: String {
    switch self {
    case .section(let section): "sections[\(section)]"
    case .cell(let section, let item): "sections[\(section)].cells[\(item)]"
    case .emptyView: "emptyView"
    case .refreshControl: "refreshControl"
    }
  }

  /// The section's index, for a section or a cell.
  package var section: Int? {
    switch self {
    case .section(let section), .cell(let section, _): section
    case .emptyView, .refreshControl: nil
    }
  }

  /// The cell's index in its section, for a cell.
  package var item: Int? {
    if case .cell(_, let item) = self { return item }
    return nil
  }
}
