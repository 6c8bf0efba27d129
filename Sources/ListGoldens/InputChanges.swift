import Foundation
import ListRender

/// What changed in a case's input between its golden and this run, in the spec's own terms,
/// with rows matched by identity (an explicit `id`, else the title), never by position: the
/// lines that say it, and how the golden's rows map onto this run's (for the layout's lines,
/// which then speak of consequences).
struct InputChanges {
  /// `canvas.appearance light → dark`, `sections[0].cells[2] inserted ("Wallet")`, …
  var lines: [String] = []
  /// The golden's row paths (`sections[0].cells[3]`) → this run's, for rows in both.
  var rowMap: [String: String] = [:]
  /// The golden's rows that are gone, and this run's rows that are new (paths).
  var removed: Set<String> = []
  var inserted: Set<String> = []
  /// The golden's sections past this run's last, and this run's past the golden's.
  var sectionCounts: (old: Int, new: Int) = (0, 0)
  /// `path kind` of each text whose change an input line already says.
  var retexted: Set<String> = []

  /// Fields whose values are a label's text (as the layout names the element).
  static let textFields: Set<String> = [
    "title", "subtitle", "description", "detail", "headline", "text",
  ]

  init(old: SpecRecord, new: SpecRecord) {
    lines += Self.fieldLines(old.fields, new.fields, prefix: "")
    sectionCounts = (old.sections.count, new.sections.count)
    for index in 0..<max(old.sections.count, new.sections.count) {
      let path = "sections[\(index)]"
      guard index < old.sections.count else {
        lines.append("\(path) inserted (\(new.sections[index].rows.count) rows)")
        continue
      }
      guard index < new.sections.count else {
        lines.append("\(path) removed (\(old.sections[index].rows.count) rows)")
        continue
      }
      let before = old.sections[index]
      let after = new.sections[index]
      lines += Self.fieldLines(before.fields, after.fields, prefix: path + ".")
      rows(before.rows, after.rows, section: path)
    }
    // A record is a file's: however much it differs, the lines stay a readable few.
    if lines.count > Self.maxLines {
      let more = lines.count - Self.maxLines
      lines = Array(lines.prefix(Self.maxLines)) + ["… and \(more) more changes in the input"]
    }
  }

  /// The most lines the input's changes are said in.
  static let maxLines = 40

  /// Lines for the keys whose values differ: `prefix+key old → new`, a missing key as `none`.
  static func fieldLines(_ old: [String: String], _ new: [String: String], prefix: String)
    -> [String]
  {
    Set(old.keys).union(new.keys).sorted().compactMap { key in
      let (a, b) = (old[key], new[key])
      guard a != b else { return nil }
      return "\(prefix)\(key) \(a.map(shown) ?? "none") → \(b.map(shown) ?? "none")"
    }
  }

  /// A value as a line shows it: quoted when it holds a space or is empty, cut past 60.
  static func shown(_ value: String) -> String {
    let cut = value.count > 60 ? String(value.prefix(59)) + "…" : value
    return cut.isEmpty || cut.contains(" ") ? "\"\(cut)\"" : cut
  }

  /// Matches the rows of one section: the longest run of rows in the same order with the same
  /// identity; between two matched rows, the rest paired in order as far as they go (a row
  /// retitled in place), the surplus inserted or removed.
  mutating func rows(_ old: [SpecRecord.Row], _ new: [SpecRecord.Row], section: String) {
    // A golden's record is a file's: its rows are not bounded by this run's spec, so a table
    // too large to build pairs the rows by position instead.
    guard old.count.multipliedReportingOverflow(by: new.count).partialValue <= Self.maxTable,
      old.count <= Self.maxTable, new.count <= Self.maxTable
    else {
      pairByPosition(old, new, section: section)
      return
    }
    let (n, m) = (old.count, new.count)
    // Longest common subsequence of identities.
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    if n > 0, m > 0 {
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          table[i][j] =
            old[i].identity == new[j].identity
            ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
    }
    var pairs: [(Int, Int)] = []
    var (i, j) = (0, 0)
    var gapOld: [Int] = []
    var gapNew: [Int] = []
    func closeGap() {
      // Rows between two matches: paired in order when as many went as came (retitled in
      // place); otherwise the most alike are paired, the rest inserted or removed.
      var freeNew = gapNew
      for a in gapOld {
        guard !freeNew.isEmpty else { break }
        if gapOld.count == gapNew.count {
          pairs.append((a, freeNew.removeFirst()))
          continue
        }
        let best = freeNew.enumerated().max { x, y in
          Self.likeness(old[a], new[x.element]) < Self.likeness(old[a], new[y.element])
        }
        if let best, Self.likeness(old[a], new[best.element]) > 0 {
          pairs.append((a, best.element))
          freeNew.remove(at: best.offset)
        }
      }
      gapOld = []
      gapNew = []
    }
    while i < n || j < m {
      if i < n, j < m, old[i].identity == new[j].identity {
        closeGap()
        pairs.append((i, j))
        i += 1
        j += 1
      } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
        gapNew.append(j)
        j += 1
      } else {
        gapOld.append(i)
        i += 1
      }
    }
    closeGap()
    let pairedOld = Set(pairs.map(\.0))
    let pairedNew = Set(pairs.map(\.1))
    for index in 0..<n where !pairedOld.contains(index) {
      removed.insert("\(section).cells[\(index)]")
      lines.append("\(section).cells[\(index)] removed (\(Self.shown(old[index].identity)))")
    }
    for index in 0..<m where !pairedNew.contains(index) {
      inserted.insert("\(section).cells[\(index)]")
      lines.append("\(section).cells[\(index)] inserted (\(Self.shown(new[index].identity)))")
    }
    for (a, b) in pairs.sorted(by: { $0.1 < $1.1 }) {
      rowMap["\(section).cells[\(a)]"] = "\(section).cells[\(b)]"
      changes(old[a], new[b], path: "\(section).cells[\(b)]")
    }
  }

  /// The lines of what differs between a row of the golden and its row now (at `path`): a
  /// label's text as `path title: "old" → "new"`, any other key as `path.key old → new`.
  mutating func changes(_ old: SpecRecord.Row, _ new: SpecRecord.Row, path: String) {
    let (before, after) = (old.fields, new.fields)
    for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
      let field = String(key.prefix(while: { $0 != "." && $0 != "[" }))
      let isText = Self.textFields.contains(field) && (key == field || key == field + ".text")
      if isText, let from = before[key], let to = after[key] {
        retexted.insert("\(path) \(field)")
        lines.append("\(path) \(field): \"\(from)\" → \"\(to)\"")
      } else {
        lines.append(
          "\(path).\(key) \(before[key].map(Self.shown) ?? "none") → \(after[key].map(Self.shown) ?? "none")"
        )
      }
    }
  }

  /// The most cells of the table that matches two sections' rows (rows × rows).
  static let maxTable = 4_000_000

  /// Rows paired by their place, the surplus inserted or removed (a golden whose sections are
  /// too long to match by identity).
  mutating func pairByPosition(
    _ old: [SpecRecord.Row], _ new: [SpecRecord.Row], section: String
  ) {
    for index in 0..<max(old.count, new.count) {
      let path = "\(section).cells[\(index)]"
      if index >= new.count {
        removed.insert(path)
        if index - new.count < 3 {
          lines.append("\(path) removed (\(Self.shown(old[index].identity)))")
        }
      } else if index >= old.count {
        inserted.insert(path)
        if index - old.count < 3 {
          lines.append("\(path) inserted (\(Self.shown(new[index].identity)))")
        }
      } else {
        rowMap[path] = path
        changes(old[index], new[index], path: path)
      }
    }
  }

  /// How alike two rows are: the keys they share with equal values.
  static func likeness(_ a: SpecRecord.Row, _ b: SpecRecord.Row) -> Int {
    a.fields.reduce(0) { $0 + (b.fields[$1.key] == $1.value ? 1 : 0) }
  }

  /// The golden's element path as this run names it (its row moved), or nil when its row or
  /// section is gone.
  func mapped(_ path: String) -> String? {
    guard path.hasPrefix("sections[") else { return path }
    guard let close = path.firstIndex(of: "]"),
      let section = Int(path[path.index(path.startIndex, offsetBy: 9)..<close])
    else { return path }
    if section >= sectionCounts.new { return nil }
    let rest = path[path.index(after: close)...]
    guard rest.hasPrefix(".cells["), let end = rest.firstIndex(of: "]") else { return path }
    let row = String(path[..<path.index(after: end)])
    if removed.contains(row) { return nil }
    guard let moved = rowMap[row] else { return path }
    return moved + path[path.index(after: end)...]
  }

  /// Whether this run's element at `path` belongs to a row or section the golden did not have.
  func isNew(_ path: String) -> Bool {
    guard path.hasPrefix("sections["), let close = path.firstIndex(of: "]"),
      let section = Int(path[path.index(path.startIndex, offsetBy: 9)..<close])
    else { return false }
    if section >= sectionCounts.old { return true }
    let rest = path[path.index(after: close)...]
    guard rest.hasPrefix(".cells["), let end = rest.firstIndex(of: "]") else { return false }
    return inserted.contains(String(path[..<path.index(after: end)]))
  }
}
