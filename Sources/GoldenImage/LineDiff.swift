/// The lines that differ between two texts, aligned by a longest common subsequence (after
/// the common first and last lines are set aside), shown as a unified diff.
///
/// The alignment table is bounded: when the differing middles hold more than
/// ``alignmentCellLimit`` line pairs, the middle is shown as removed, then added.
struct LineDiff {
  enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// Every line of both texts, in order.
  let edits: [Edit]
  let expectedCount: Int
  let actualCount: Int

  /// Largest `removed × added` middle aligned line by line.
  static let alignmentCellLimit = 4_000_000
  /// Lines of a diff shown in a failure message.
  static let messageLineLimit = 24
  /// Unchanged lines shown around each change.
  static let context = 3

  init(expected: String, actual: String) {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    expectedCount = old.count
    actualCount = new.count
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    edits =
      old[..<prefix].map(Edit.same) + Self.align(a, b)
      + old[(old.count - suffix)...].map(Edit.same)
  }

  /// The middle's edits: a longest common subsequence when the table is small enough.
  private static func align(_ a: [String], _ b: [String]) -> [Edit] {
    guard !a.isEmpty, !b.isEmpty, a.count * b.count <= alignmentCellLimit else {
      return a.map(Edit.removed) + b.map(Edit.added)
    }
    // lengths[i][j]: the LCS length of a[i...] and b[j...].
    let width = b.count + 1
    var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          a[i] == b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        edits.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < a.count,
        j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]
      {
        // Removed lines first, as diff shows them.
        edits.append(.removed(a[i]))
        i += 1
      } else {
        edits.append(.added(b[j]))
        j += 1
      }
    }
    return edits
  }

  /// Changed lines: per run of changes, the larger of its removed and added counts.
  var changedCount: Int {
    var total = 0
    var removed = 0
    var added = 0
    for edit in edits + [.same("")] {
      switch edit {
      case .removed: removed += 1
      case .added: added += 1
      case .same:
        total += max(removed, added)
        removed = 0
        added = 0
      }
    }
    return total
  }

  /// The runs of edits to show: each change with up to ``context`` unchanged lines around it,
  /// overlapping runs merged.
  var hunks: [Range<Int>] {
    var result: [Range<Int>] = []
    for (index, edit) in edits.enumerated() {
      if case .same = edit { continue }
      let range = max(0, index - Self.context)..<min(edits.count, index + Self.context + 1)
      if let last = result.last, last.upperBound >= range.lowerBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The hunks as unified-diff lines (`@@ -12,7 +12,7 @@`, then ` `, `-`, `+` lines).
  func hunkLines() -> [String] {
    // Line numbers (1-based) where each edit sits in either text.
    var oldLine = 1
    var newLine = 1
    var starts: [(old: Int, new: Int)] = []
    for edit in edits {
      starts.append((oldLine, newLine))
      switch edit {
      case .same:
        oldLine += 1
        newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    var lines: [String] = []
    for hunk in hunks {
      let slice = edits[hunk]
      let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
      let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
      let start = starts[hunk.lowerBound]
      lines.append(
        "@@ -\(oldCount == 0 ? start.old - 1 : start.old),\(oldCount) "
          + "+\(newCount == 0 ? start.new - 1 : start.new),\(newCount) @@")
      for edit in slice {
        switch edit {
        case .same(let text): lines.append(" " + text)
        case .removed(let text): lines.append("-" + text)
        case .added(let text): lines.append("+" + text)
        }
      }
    }
    return lines
  }

  /// The first `limit` hunk lines, and how many more there are.
  func unifiedLines(limit: Int) -> [String] {
    let lines = hunkLines()
    guard lines.count > limit else { return lines }
    return Array(lines.prefix(limit)) + ["… \(lines.count - limit) more diff lines"]
  }

  /// The whole unified diff, with `---`/`+++` headers naming the files.
  func unified(expectedName: String, actualName: String) -> String {
    (["--- \(expectedName)", "+++ \(actualName)"] + hunkLines()).joined(separator: "\n") + "\n"
  }
}
