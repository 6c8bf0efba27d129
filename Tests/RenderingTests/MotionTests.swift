import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Heckel's diff as IGListKit runs it (IGListKit's IGListDiff.mm), on the classic cases.
@Suite("List diff", .tags(.render))
struct ListDiffTests {
  private func diff(_ old: [String], _ new: [String]) -> ListDiff {
    ListDiff(old: old, new: new) { _, _ in true }
  }

  @Test("the paper's example: unique words are inserted or deleted, matches keep their word")
  func heckelExample() {
    let old =
      "MUCH WRITING IS LIKE SNOW , A MASS OF LONG WORDS AND PHRASES FALLS UPON THE RELEVANT FACTS COVERING UP THE DETAILS ."
      .split(separator: " ").map(String.init)
    let new =
      "A MASS OF LATIN WORDS FALLS UPON THE RELEVANT FACTS LIKE SOFT SNOW , COVERING UP THE DETAILS ."
      .split(separator: " ").map(String.init)
    let result = diff(old, new)
    #expect(result.inserts.map { new[$0] } == ["LATIN", "SOFT"])
    #expect(result.deletes.map { old[$0] } == ["MUCH", "WRITING", "IS", "LONG", "AND", "PHRASES"])
    #expect(result.updates.isEmpty)
    for (index, match) in result.oldIndexes.enumerated() {
      if let match { #expect(old[match] == new[index]) }
    }
    let moved = Set(result.moves.map { old[$0.from] })
    #expect(moved.isSuperset(of: ["LIKE", "SNOW", ","]))
    // The common tail keeps its place once inserts and deletes are counted.
    #expect(moved.isDisjoint(with: ["COVERING", "UP", "DETAILS", "."]))
    #expect(result.oldIndexes.compactMap { $0 }.count + result.inserts.count == new.count)
  }

  @Test("empty to full, full to empty, no change")
  func emptyAndFull() {
    #expect(diff([], ["a", "b", "c"]).inserts == [0, 1, 2])
    #expect(diff(["a", "b", "c"], []).deletes == [0, 1, 2])
    #expect(diff(["a", "b"], ["a", "b"]).isEmpty)
  }

  @Test("a reversal and a rotation move every item")
  func moves() {
    let reversed = diff(["a", "b", "c", "d"], ["d", "c", "b", "a"])
    #expect(
      reversed.moves == [
        .init(from: 3, to: 0), .init(from: 2, to: 1), .init(from: 1, to: 2), .init(from: 0, to: 3),
      ])
    #expect(reversed.inserts.isEmpty && reversed.deletes.isEmpty)
    let rotated = diff(["a", "b", "c"], ["b", "c", "a"])
    #expect(rotated.moves.map(\.to) == [0, 1, 2])
  }

  @Test("shifts explained by inserts and deletes are not moves")
  func shifts() {
    let result = diff(["a", "b", "c"], ["x", "a", "c"])
    #expect(result.inserts == [0])
    #expect(result.deletes == [1])
    #expect(result.moves.isEmpty)
  }

  @Test("duplicates match in order; the extra one is deleted")
  func duplicates() {
    let result = diff(["a", "a", "b"], ["a", "b"])
    #expect(result.deletes == [1])
    #expect(result.oldIndexes == [0, 2])
    #expect(result.moves.isEmpty)
    #expect(diff(["a"], ["a", "a"]).inserts == [1])
  }

  @Test("a matched item whose content differs is an update")
  func update() {
    let old = ["a": 1, "b": 2, "c": 3]
    let new = ["a": 1, "b": 5, "c": 3]
    let keys = ["a", "b", "c"]
    let result = ListDiff(old: keys, new: keys) { old[keys[$0]] == new[keys[$1]] }
    #expect(result.updates == [1])
    #expect(result.moves.isEmpty && result.inserts.isEmpty && result.deletes.isEmpty)
  }
}

/// Expand/collapse, list updates and press elevation as frame sequences.
@Suite("Motion", .tags(.render))
struct MotionTests {
  private func frames(_ name: String, _ indexes: [Int]) throws -> [Int: (
    AnimationFrame, LayoutTree
  )] {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("motion/\(name).yaml").path,
      allowing: [Paths.fixtures.path])
    var result: [Int: (AnimationFrame, LayoutTree)] = [:]
    let count = try #require(document.animation).frameCount
    try renderer.layoutFrames(document, range: 0..<count) { index, frame, tree in
      if indexes.contains(index) { result[index] = (frame, tree) }
    }
    return result
  }

  private func cell(_ tree: LayoutTree, _ source: String) throws -> LayoutElement {
    try #require(tree.elements.first { $0.role == .cell && $0.source == source })
  }

  @Test(
    "half-way through a transition the height is exactly the mean; the cell below moves as much")
  func expandMiddle() throws {
    let frames = try frames("expand", [0, 3, 6])
    let heights = try [0, 3, 6].map {
      try cell(try #require(frames[$0]).1, "sections[0].cells[1]").frame.height
    }
    #expect(heights[0] == 60)
    #expect(heights[2] > 60)
    // Ease-in-out is symmetric: at t / 2 the height is the mean of the exact ends.
    #expect(abs(heights[1] - (heights[0] + heights[2]) / 2) < 1e-9)
    let below = try [0, 3, 6].map {
      try cell(try #require(frames[$0]).1, "sections[0].cells[2]").frame.y
    }
    #expect(abs((below[1] - below[0]) - (heights[1] - heights[0])) < 1e-9)
    #expect(abs((below[2] - below[0]) - (heights[2] - heights[0])) < 1e-9)
    // The hidden description fades with the collapsed state: 0, the curve's 0.5, 1.
    let alphas = try [0, 3, 6].map { index in
      try #require(frames[index]?.1.elements.first { $0.role == .description }).opacity
    }
    #expect(alphas[0] == 0 && abs(alphas[1] - 0.5) < 1e-9 && alphas[2] == 1)
    // The content is clipped to the cell's current bounds.
    let description = try #require(frames[3]?.1.elements.first { $0.role == .description })
    #expect(description.clip?.rect.height == heights[1])
  }

  @Test("the demo's four states: 60, 100, 120, expanded; every frame the same size")
  func fourStates() throws {
    let frames = try frames("four-states", Array(0..<10))
    let height = { (index: Int) throws -> Double in
      try self.cell(try #require(frames[index]).1, "sections[0].cells[0]").frame.height
    }
    #expect(try height(0) == 60)
    #expect(try height(3) == 100)
    #expect(try height(6) == 120)
    #expect(try height(9) > 120)
    let sizes = Set(frames.values.map(\.1.height))
    #expect(sizes.count == 1)
    // The state is where the cell is going: at 0.3 s the second toggle has just set 120.
    #expect(frames[2]?.0.document.sections[0].cells[0].expandable?.state == .height(100))
    #expect(frames[3]?.0.document.sections[0].cells[0].expandable?.state == .height(120))
  }

  @Test("a toggle during a transition starts from the current height")
  func interruptedTransition() throws {
    var document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("motion/expand.yaml").path,
      allowing: [Paths.fixtures.path])
    document.animation?.events.append(
      AnimationEvent(time: 0.15, section: 0, item: 1, action: .toggle))
    let renderer = try ListRenderer()
    let at = { (t: Double) throws -> Double in
      try self.cell(
        try renderer.layout(AnimationTimeline.frame(document, at: t)), "sections[0].cells[1]"
      ).frame.height
    }
    let middle = try at(0.15)
    #expect(middle > 60)
    // Going back from half-way: just after, still near the middle; at the end, collapsed.
    #expect(abs(try at(0.16) - middle) < 5)
    #expect(try at(0.45) == 60)
  }

  @Test("an update: inserts fade in, deletes fade out, moves slide, changes cross-fade")
  func listUpdate() throws {
    let frames = try frames("update", [0, 5, 8])
    let middle = try #require(frames[5])
    let dump = FrameDump(time: 0.25, frame: middle.0, tree: middle.1)
    func entry(_ identity: String, leaving: Bool = false) throws -> FrameDump.Cell {
      try #require(
        dump.cells.first {
          $0.identity == "#0/\(identity)" && $0.path.hasPrefix("before.") == leaving
        })
    }
    let fraction = CubicBezier.easeInOut.value(at: (0.25 - 0.1) / 0.3)
    #expect(abs(try entry("Eva").alpha - fraction) < 1e-9)
    #expect(abs(try entry("Bruno", leaving: true).alpha - (1 - fraction)) < 1e-9)
    #expect(abs(try entry("Carla").alpha - fraction) < 1e-9)
    #expect(abs(try entry("Carla", leaving: true).alpha - (1 - fraction)) < 1e-9)
    #expect(try entry("Ana").alpha == 1)
    // Dana slides from the fourth place to the first: at the middle it is half-way.
    let start = try cell(try #require(frames[0]).1, "sections[0].cells[3]").frame.y
    let end = try cell(try #require(frames[8]).1, "sections[0].cells[0]").frame.y
    #expect(abs(try entry("Dana").frame.y - (start + (end - start) * fraction)) < 1e-9)
    // At the end, the new list exactly.
    let renderer = try ListRenderer()
    var final = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("motion/update.yaml").path,
      allowing: [Paths.fixtures.path])
    if case .update(let sections)? = final.animation?.events.first?.action {
      final.sections = sections
    }
    final.animation = nil
    #expect(try #require(frames[8]).1.elements == (try renderer.layout(final)).elements)
  }

  @Test("mid-update, moving and inserted cells are drawn above the cells they pass")
  func updateDrawOrder() throws {
    let document = try ListDocument.decode(
      yaml: """
        canvas: { width: 320, scale: 1, background: "#EEEEEE" }
        sections:
          - cells:
              - { style: boxed, title: Phone, subtitle: One }
              - { style: boxed, title: Tablet, subtitle: Two }
              - { style: boxed, title: Watch, subtitle: Three }
              - { style: boxed, title: Laptop, subtitle: Four }
        animation:
          fps: 20
          duration: 0.4
          events:
            - at: 0
              duration: 0.4
              update:
                sections:
                  - cells:
                      - { style: boxed, title: Laptop, subtitle: Four }
                      - { style: boxed, title: Phone, subtitle: One }
                      - { style: boxed, title: Speaker, subtitle: New }
                      - { style: boxed, title: Tablet, subtitle: Two }
                      - { style: boxed, title: Watch, subtitle: Three }
        """)
    let renderer = try ListRenderer()
    var middle: LayoutTree?
    try renderer.layoutFrames(document, range: 4..<5) { _, _, tree in middle = tree }
    let tree = try #require(middle)
    func index(_ role: LayoutElement.Role, text: String) -> Int? {
      tree.elements.firstIndex { $0.role == role && $0.textBlock?.text == text }
    }
    // The moving cell's and the inserted cell's titles come after every box that stays put or
    // slides, so no neighbour's box covers them.
    let stayingSources = Set(
      tree.elements.filter {
        $0.role == .title && ["Phone", "Tablet", "Watch"].contains($0.textBlock?.text ?? "")
      }.map(\.source))
    let stayingBoxes = tree.elements.indices.filter {
      tree.elements[$0].role == .cell && stayingSources.contains(tree.elements[$0].source)
    }
    #expect(stayingBoxes.count == 3)
    for title in ["Laptop", "Speaker"] {
      let drawn = try #require(index(.title, text: title))
      #expect(stayingBoxes.allSatisfy { $0 < drawn }, "\(title)")
    }
  }

  @Test("a collapsed expandable row keeps its control inside what is shown, centred on it")
  func collapsedControl() throws {
    let tree = try layout(
      """
      canvas: { width: 320, scale: 1 }
      sections:
        - cells:
            - title: Plan details
              subtitle: Tap to see everything the plan includes
              description: { text: "Calls, messages and 20 GB of data in Europe, with 5G where available, and roaming in the United States.", maxLines: 4 }
              control: { navigation: { badge: 2 } }
              expandable: { state: collapsed, collapsedHeight: 56, hiddenWhenCollapsed: [description] }
      """)
    let box = try #require(tree.elements.first { $0.role == .cell }).frame
    #expect(abs(box.height - 56) < 0.01)
    for role in [LayoutElement.Role.chevron, .badge] {
      let control = try #require(tree.elements.first { $0.role == role }).frame
      #expect(control.y >= box.y && control.maxY <= box.maxY, "\(role): \(control) in \(box)")
      #expect(abs((control.y + control.maxY) / 2 - (box.y + box.maxY) / 2) < 0.5)
    }
  }

  @Test("a pressed cell rises to its pressed elevation under one overlay, then settles")
  func pressedElevation() throws {
    let frames = try frames("pressed-elevation", [0, 6, 11, 12, 23])
    let cells = try [0, 6, 11, 12, 23].map {
      try #require(frames[$0]).0.document.sections[0].cells[0]
    }
    // One pressed overlay: the ripple (MDC's ink), never the highlight as well.
    #expect(cells.map(\.state) == [.normal, .normal, .normal, .normal, .normal])
    let held = try #require(frames[6]).1.elements
    #expect(held.contains { $0.role == .ripple })
    #expect(!held.contains { $0.role == .highlight })
    #expect(cells[0].motion == nil && cells[4].motion == nil)
    let rising = try #require(cells[1].motion?.elevation)
    #expect(rising.from == 0 && rising.to == 8)
    #expect(abs(rising.fraction - CubicBezier.standard.value(at: 0.1 / 0.28)) < 1e-9)
    #expect(cells[3].motion?.elevation?.fraction == 1)
    // The shadow at the top is elevation 8's.
    let shadow = try #require(frames[12]?.1.elements.first { $0.role == .shadow })
    guard case .shadow(let layers, _, _) = shadow.content else {
      Issue.record("expected a shadow")
      return
    }
    #expect(layers == Elevation.shadows(8, model: .web))
  }

  @Test("an update needs distinct identities; toggles need expandable cells")
  func specErrors() throws {
    let duplicate = """
      sections:
        - cells: [ { title: A }, { title: B } ]
      animation:
        events:
          - { at: 0.1, update: { sections: [ { cells: [ { title: A }, { title: A } ] } ] } }
      """
    #expect {
      try ListDocument.decode(yaml: duplicate, file: "dup.yaml")
    } throws: { error in
      let text = "\(error)"
      return text.contains("dup.yaml:5:") && text.contains("sections[0].cells[0]")
        && text.contains("sections[0].cells[1]") && text.contains("id:")
    }
    let notExpandable = """
      sections:
        - cells: [ { title: A } ]
      animation:
        events:
          - { at: 0, toggle: { section: 0, item: 0 } }
      """
    #expect {
      try ListDocument.decode(yaml: notExpandable, file: "toggle.yaml")
    } throws: { error in "\(error)".contains("not expandable") }
    let outOfRange = """
      sections:
        - cells: [ { title: A, expandable: {} } ]
      animation:
        events:
          - { at: 0, toggle: { section: 0, item: 3 } }
      """
    #expect(throws: SpecError.self) { try ListDocument.decode(yaml: outOfRange) }
  }
}
