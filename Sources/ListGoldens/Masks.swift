import Foundation
import GoldenImage
import ListRender

/// The elements a golden comparison leaves out (`ignore:`, `--ignore`, `mask: true`), found in
/// this run's layout and the golden's: a path pattern in both by path; a row by id, and a
/// masked label by its row's identity and role, in each layout where that row is — so the
/// mask follows the row when rows are inserted above it or it wraps.
package struct GoldenMasking: Sendable {
  /// Spec and command-line patterns.
  package var patterns: [IgnorePattern]
  /// Labels marked `mask: true`: their row's identity and the element's role.
  package var labels: [(identity: String, role: String)]

  /// What `document` and `extra` (from the command line) leave out.
  package init(document: ListDocument, extra: [IgnorePattern] = []) {
    patterns = document.ignore + extra
    var labels: [(String, String)] = []
    for section in document.sections {
      for cell in section.cells {
        switch cell.kind {
        case .row(let row):
          for (label, role) in [
            (row.title, "title"), (row.subtitle, "subtitle"), (row.descriptionText, "description"),
          ] where label?.mask == true {
            labels.append((cell.identity, role))
          }
        case .stereo(let stereo):
          for (label, role) in [(stereo.title, "title"), (stereo.detail, "detail")]
          where label?.mask == true {
            labels.append((cell.identity, role))
          }
        case .label(let label):
          if label.text.mask { labels.append((cell.identity, "text")) }
        }
      }
    }
    self.labels = labels
  }

  /// `patterns` alone (`--ignore`'s).
  package init(patterns: [IgnorePattern]) {
    self.patterns = patterns
    labels = []
  }

  /// Whether anything is to be left out.
  package var isEmpty: Bool { patterns.isEmpty && labels.isEmpty }

  /// Each row's identity by its path (`sections[0].cells[2]`) in `document`.
  static func identities(of document: ListDocument) -> [String: String] {
    var out: [String: String] = [:]
    for (s, section) in document.sections.enumerated() {
      for (c, cell) in section.cells.enumerated() {
        out["sections[\(s)].cells[\(c)]"] = cell.identity
      }
    }
    return out
  }

  /// Each row's identity by its path in a golden's record.
  static func identities(of record: SpecRecord?) -> [String: String] {
    var out: [String: String] = [:]
    for (s, section) in (record?.sections ?? []).enumerated() {
      for (c, row) in section.rows.enumerated() {
        out["sections[\(s)].cells[\(c)]"] = row.identity
      }
    }
    return out
  }

  /// The elements of `dump` left out, as indices; `matched` gets each pattern that matched.
  func matches(
    in dump: LayoutTree.Dump, identities: [String: String], matched: inout Set<Int>
  ) -> [Int] {
    var out: [Int] = []
    for (index, element) in dump.elements.enumerated() {
      let role = element.kind.rawValue
      var hit = false
      for (number, pattern) in patterns.enumerated() {
        let matches: Bool
        switch pattern {
        case .path(let text): matches = IgnorePattern.matches(text, path: element.path, role: role)
        case .id(let id): matches = identities[element.path] == id
        }
        if matches {
          matched.insert(number)
          hit = true
        }
      }
      if !hit, let identity = identities[element.path],
        labels.contains(where: { $0.identity == identity && $0.role == role })
      {
        hit = true
      }
      if hit { out.append(index) }
    }
    return out
  }

  /// The indices of the patterns that match an element of this run's layout.
  package func matched(tree: LayoutTree, document: ListDocument) -> Set<Int> {
    // Every case asks, pattern or none: no layout dump when there is nothing to match.
    guard !patterns.isEmpty else { return [] }
    var matched: Set<Int> = []
    _ = matches(in: tree.dump, identities: Self.identities(of: document), matched: &matched)
    return matched
  }

  /// The regions left out of comparing this run's `tree` with the golden recorded as `golden`
  /// (the union of both layouts' frames of the masked elements), and their names here.
  package func mask(
    tree: LayoutTree, document: ListDocument, golden: GoldenExplanation.Recorded?
  ) -> GoldenMask {
    var matched: Set<Int> = []
    let current = tree.dump
    let here = matches(in: current, identities: Self.identities(of: document), matched: &matched)
    var regions = here.map { Self.region(current.elements[$0].frame, scale: current.scale) }
    if let golden {
      let there = matches(
        in: golden.layout, identities: Self.identities(of: golden.spec), matched: &matched)
      regions += there.map {
        Self.region(golden.layout.elements[$0].frame, scale: golden.layout.scale)
      }
    }
    var names: [String] = []
    for index in here {
      let name = current.elements[index].path + " " + current.elements[index].kind.rawValue
      if !names.contains(name) { names.append(name) }
    }
    return GoldenMask(regions: regions, names: names)
  }

  /// A frame in points as the device pixels it touches.
  static func region(_ frame: Rect, scale: Double) -> GoldenMask.Region {
    // Frames are finite layout values; the device bounds keep any product in Int's range.
    func pixel(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value))) }
    let x0 = pixel((frame.x * scale).rounded(.down))
    let y0 = pixel((frame.y * scale).rounded(.down))
    let x1 = pixel(((frame.x + frame.width) * scale).rounded(.up))
    let y1 = pixel(((frame.y + frame.height) * scale).rounded(.up))
    return GoldenMask.Region(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// `lines` without those about masked elements (`sections[0].cells[2] detail …`, the row
  /// itself when all of it is masked, its spec keys `sections[0].cells[2].detail…`).
  static func unmasked(_ lines: [String], names: [String]) -> [String] {
    guard !names.isEmpty else { return lines }
    let prefixes = names.flatMap { name -> [String] in
      let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return [name] }
      return [parts[0] + " " + parts[1], parts[0] + "." + parts[1]]
    }
    return lines.filter { line in !prefixes.contains { line.hasPrefix($0) } }
  }
}
