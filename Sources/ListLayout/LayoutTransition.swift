import ListModel

/// A list update drawn part way: two exact layouts, the list before and after, matched by the
/// identity of their sections and cells, interpolated as UICollectionViewFlowLayout animates by
/// default: inserted cells fade in at their final
/// frames, deleted cells fade out at their old frames, moved and shifted cells slide from the
/// old frame to the new, updated cells cross-fade; headers, footers and cards move with their
/// sections.
package enum LayoutTransition {
  /// The source prefix of elements drawn from the old layout.
  public static let beforePrefix = "before."

  /// The frame `fraction` (eased, 0...1) of the way from `old` (laid out from `oldSections`)
  /// to `new` (from `newSections`).
  public static func interpolate(
    from old: LayoutTree, to new: LayoutTree, oldSections: [Section], newSections: [Section],
    fraction p: Double
  ) -> LayoutTree {
    let sectionDiff = ListDiff(
      old: oldSections.indices.map { oldSections[$0].identity(at: $0) },
      new: newSections.indices.map { newSections[$0].identity(at: $0) }
    ) { _, _ in true }
    let oldGroups = Groups(old.elements)
    let newGroups = Groups(new.elements)

    var result: [LayoutElement] = []
    // Whole sections that are gone fade out underneath everything, as do changed
    // elements that belong to no section (an empty view, a refresh indicator).
    for (index, _) in oldSections.enumerated() where !sectionDiff.oldIndexes.contains(index) {
      result += oldGroups.section(index).map { fading($0, p) }
      for item in oldGroups.items(in: index) {
        result += oldGroups.cell(index, item).map { fading($0, p) }
      }
    }
    let unchangedGlobals = oldGroups.global == newGroups.global
    if !unchangedGlobals { result += oldGroups.global.map { fading($0, p) } }

    // Per new section: what is drawn for its cells, and the old elements to draw before them.
    var cellElements: [Key: [LayoutElement]] = [:]
    var sectionElements: [Int: [LayoutElement]] = [:]
    var beforeCells: [Int: [LayoutElement]] = [:]
    // Cells that pass others (a reorder) and cells that appear are drawn above the cells that
    // stay put or slide, as a table view draws a moving row: never hidden under a neighbour's
    // box. Departing cells fade out underneath, never veiling a neighbour.
    var onTop: [LayoutElement] = []
    var raised = Set<Key>()
    for (newSection, match) in sectionDiff.oldIndexes.enumerated() {
      let newItems = newGroups.items(in: newSection)
      guard let oldSection = match else {
        sectionElements[newSection] = newGroups.section(newSection).map { appearing($0, p) }
        for item in newItems {
          cellElements[Key(newSection, item)] = newGroups.cell(newSection, item).map {
            appearing($0, p)
          }
        }
        continue
      }
      sectionElements[newSection] = blend(
        oldGroups.section(oldSection), newGroups.section(newSection), p)
      let oldCells = oldSections[oldSection].cells
      let newCells = newSections[newSection].cells
      let diff = ListDiff(old: oldCells.map(\.identity), new: newCells.map(\.identity)) {
        oldCells[$0] == newCells[$1]
      }
      var before: [LayoutElement] = []
      for item in oldGroups.items(in: oldSection) where !diff.oldIndexes.contains(item) {
        before += oldGroups.cell(oldSection, item).map { fading($0, p) }
      }
      // The cells that pass others: those outside the longest run of surviving cells that kept
      // their order (the rest only slide; a diff's moves include cells shifted by an insert).
      let kept = diff.oldIndexes.enumerated().compactMap { item, old in old.map { (item, $0) } }
      let moved = Set(kept.map(\.0)).subtracting(
        longestIncreasingRun(kept.map(\.1)).map { kept[$0].0 })
      for item in newItems {
        let elements = newGroups.cell(newSection, item)
        guard item < diff.oldIndexes.count, let oldItem = diff.oldIndexes[item] else {
          cellElements[Key(newSection, item)] = elements.map { appearing($0, p) }
          raised.insert(Key(newSection, item))
          continue
        }
        if moved.contains(item) { raised.insert(Key(newSection, item)) }
        let previous = oldGroups.cell(oldSection, oldItem)
        let from = anchor(previous)
        let to = anchor(elements)
        // Where the cell is now, relative to its old and new places.
        let (dx, dy) = ((from.x - to.x) * (1 - p), (from.y - to.y) * (1 - p))
        if oldCells[oldItem] == newCells[item] {
          cellElements[Key(newSection, item)] = elements.map { $0.offsetBy(dx, dy) }
        } else {
          // An update: the old content fades out and the new fades in, moving as one.
          let (ox, oy) = ((to.x - from.x) * p, (to.y - from.y) * p)
          before += previous.map { fading($0.offsetBy(ox, oy), p) }
          cellElements[Key(newSection, item)] = elements.map { appearing($0.offsetBy(dx, dy), p) }
        }
      }
      beforeCells[newSection] = before
    }

    // The new layout's painting order, with each section's departing cells drawn just before its
    // first cell, and the passing and appearing cells last.
    var placedBefore = Set<Int>()
    var placedCells = Set<Key>()
    var placedSections = Set<Int>()
    for element in new.elements {
      guard let address = Groups.address(of: element.source) else {
        result.append(unchangedGlobals ? element : appearing(element, p))
        continue
      }
      if let item = address.item {
        if !placedBefore.contains(address.section) {
          placedBefore.insert(address.section)
          result += beforeCells[address.section] ?? []
        }
        let key = Key(address.section, item)
        if !placedCells.contains(key) {
          placedCells.insert(key)
          if raised.contains(key) {
            onTop += cellElements[key] ?? []
          } else {
            result += cellElements[key] ?? []
          }
        }
      } else if !placedSections.contains(address.section) {
        placedSections.insert(address.section)
        result += sectionElements[address.section] ?? []
      }
    }
    for (section, elements) in beforeCells where !placedBefore.contains(section) {
      result += elements
    }
    result += onTop
    var tree = new
    tree.elements = result
    tree.height = old.height + (new.height - old.height) * p
    tree.shadowRoom = old.shadowRoom + (new.shadowRoom - old.shadowRoom) * p
    return tree
  }

  /// The positions in `values` of a longest strictly increasing subsequence (patience sorting,
  /// n log n).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // positions of the smallest tail of each run length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: [Int] = []
    var position = tails.last ?? -1
    while position >= 0 {
      run.append(position)
      position = previous[position]
    }
    return run.reversed()
  }

  /// A section's own elements (header, footer, card) from the old layout to the new: frames
  /// interpolated one to one when both have the same kinds, else a cross-fade.
  private static func blend(_ old: [LayoutElement], _ new: [LayoutElement], _ p: Double)
    -> [LayoutElement]
  {
    guard old.map(\.role) == new.map(\.role) else {
      return old.map { fading($0, p) } + new.map { appearing($0, p) }
    }
    return zip(old, new).map { before, after in
      var element = after
      func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
      element.frame = Rect(
        x: mix(before.frame.x, after.frame.x), y: mix(before.frame.y, after.frame.y),
        width: mix(before.frame.width, after.frame.width),
        height: mix(before.frame.height, after.frame.height))
      if before.content != after.content {
        // Text or colour changed: the moved text keeps its new lines (a cross-fade would
        // double them); its frame moves.
        element.content = after.content
      }
      return element
    }
  }

  /// Where a cell's elements are: the top left of its box (else of its first element).
  private static func anchor(_ elements: [LayoutElement]) -> (x: Double, y: Double) {
    let frame = (elements.first { $0.role == .cell } ?? elements.first)?.frame
    return (frame?.x ?? 0, frame?.y ?? 0)
  }

  private static func fading(_ element: LayoutElement, _ p: Double) -> LayoutElement {
    var element = element
    element.opacity *= 1 - p
    if !element.source.hasPrefix(beforePrefix) { element.source = beforePrefix + element.source }
    return element
  }

  private static func appearing(_ element: LayoutElement, _ p: Double) -> LayoutElement {
    var element = element
    element.opacity *= p
    return element
  }

  /// A cell's place: section and item.
  struct Key: Hashable {
    let section: Int
    let item: Int
    init(_ section: Int, _ item: Int) {
      self.section = section
      self.item = item
    }
  }

  /// A layout's elements by the section and cell they came from (their `source`).
  struct Groups {
    private(set) var cells: [Key: [LayoutElement]] = [:]
    private(set) var sections: [Int: [LayoutElement]] = [:]
    private(set) var global: [LayoutElement] = []

    init(_ elements: [LayoutElement]) {
      for element in elements {
        guard let address = Self.address(of: element.source) else {
          global.append(element)
          continue
        }
        if let item = address.item {
          cells[Key(address.section, item), default: []].append(element)
        } else {
          sections[address.section, default: []].append(element)
        }
      }
    }

    func cell(_ section: Int, _ item: Int) -> [LayoutElement] { cells[Key(section, item)] ?? [] }
    func section(_ index: Int) -> [LayoutElement] { sections[index] ?? [] }
    func items(in section: Int) -> [Int] {
      cells.keys.filter { $0.section == section }.map(\.item).sorted()
    }

    /// `sections[3]` → (3, nil); `sections[3].cells[5]` → (3, 5); anything else → nil.
    static func address(of source: String) -> (section: Int, item: Int?)? {
      guard let path = ElementPath(source), let section = path.section else { return nil }
      return (section, path.item)
    }
  }
}
