/// The difference between two lists of identifiers: Heckel's linear algorithm ("Isolating
/// differences between files", CACM 1978) as IGListKit's `IGListDiff` runs it (Instagram/IGListKit
/// `Source/IGListDiffKit/IGListDiff.mm`). Diffing knows only identifiers and equality.
///
/// ```swift
/// let diff = ListDiff(old: ["a", "b", "c"], new: ["c", "a", "d"]) { _, _ in true }
/// diff.inserts  // [2]          (new indexes)
/// diff.deletes  // [1]          (old indexes)
/// diff.moves    // [2 → 0]      (old index → new index)
/// ```
package struct ListDiff: Equatable, Sendable {
  /// A matched item whose position changed beyond what inserts and deletes explain.
  public struct Move: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Its index in the old list.
    public var from: Int
    /// Its index in the new list.
    public var to: Int

    /// A move from its indexes.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// `from → to`.
    public var description: String { "\(from) → \(to)" }
  }

  /// Indexes in the new list of items that are not in the old one.
  public var inserts: [Int] = []
  /// Indexes in the old list of items that are not in the new one.
  public var deletes: [Int] = []
  /// Matched items that moved.
  public var moves: [Move] = []
  /// Indexes in the old list of matched items whose content changed.
  public var updates: [Int] = []
  /// For each index of the new list, the index of its match in the old list.
  public var oldIndexes: [Int?] = []

  /// Whether the lists are the same.
  public var isEmpty: Bool {
    inserts.isEmpty && deletes.isEmpty && moves.isEmpty && updates.isEmpty
  }

  /// The difference from `old` to `new`; `isEqual(oldIndex, newIndex)` tells whether a matched
  /// pair has the same content (otherwise it is an update).
  public init<ID: Hashable>(
    old: [ID], new: [ID], isEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) {
    var table: [ID: DiffEntry] = [:]
    // Pass 1: the new list.
    let newEntries = new.map { id -> DiffEntry in
      let entry = table[id] ?? DiffEntry()
      table[id] = entry
      entry.newCount += 1
      entry.oldIndexes.append(nil)
      return entry
    }
    // Pass 2: the old list, backwards, so that its first occurrence ends on top.
    for index in old.indices.reversed() {
      let entry = table[old[index]] ?? DiffEntry()
      table[old[index]] = entry
      entry.oldCount += 1
      entry.oldIndexes.append(index)
    }
    // Pass 3: match items that occur on both sides, in order.
    var newIndexOfOld = [Int?](repeating: nil, count: old.count)
    var oldIndexOfNew = [Int?](repeating: nil, count: new.count)
    for (index, entry) in newEntries.enumerated() {
      let original = entry.oldIndexes.removeLast()
      guard let original, entry.newCount > 0, entry.oldCount > 0 else { continue }
      if !isEqual(original, index) { entry.updated = true }
      oldIndexOfNew[index] = original
      newIndexOfOld[original] = index
    }
    // Deletes, and how many come before each old index.
    var deleteOffsets = [Int](repeating: 0, count: old.count)
    var running = 0
    for index in old.indices {
      deleteOffsets[index] = running
      if newIndexOfOld[index] == nil {
        deletes.append(index)
        running += 1
      }
    }
    // Inserts, updates and the moves that offsets do not explain.
    running = 0
    for index in new.indices {
      let insertOffset = running
      guard let oldIndex = oldIndexOfNew[index] else {
        inserts.append(index)
        running += 1
        continue
      }
      if newEntries[index].updated { updates.append(oldIndex) }
      if oldIndex - deleteOffsets[oldIndex] + insertOffset != index {
        moves.append(Move(from: oldIndex, to: index))
      }
    }
    updates.sort()
    oldIndexes = oldIndexOfNew
  }
}

/// The symbol-table entry of one identifier in Heckel's algorithm.
private final class DiffEntry {
  var oldCount = 0
  var newCount = 0
  /// A stack: the old indexes of this identifier, the first on top, above one `nil` for each
  /// time it occurs in the new list.
  var oldIndexes: [Int?] = []
  var updated = false
}
