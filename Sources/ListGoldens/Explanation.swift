import FileIO
import Foundation
import GoldenImage
import ListRender

/// Why a golden image no longer matches, in the list's own terms: the golden's layout (kept in
/// its metadata by `record`) against this run's, and the two images inside each element's
/// frame. Lines come most telling first: text, wrapping and size, geometry, colour, input
/// files, the environment; else where the differing pixels are.
package struct GoldenExplanation {
  /// A golden's layout and the digests of the files its spec read, as `record` keeps them.
  package struct Recorded: Codable, Sendable {
    package var layout: LayoutTree.Dump
    /// File name → SHA-256 of every image, icon, font and catalog file the spec read.
    package var files: [String: String]
    /// What the spec resolved to (nil in goldens recorded before it was kept).
    package var spec: SpecRecord?
    /// Each element's own paint (its colour, a control's state), keyed as ``keyed(_:)`` keys
    /// the layout's elements (nil in goldens recorded before it was kept).
    package var paints: [String: String]?
    /// The paints of ``paints`` whose colours came from Mística tokens, each such colour
    /// preceded by its token's name (`textPrimary #0B2739`); nil in goldens recorded before
    /// they were kept.
    package var namedPaints: [String: String]?

    package init(
      layout: LayoutTree.Dump, files: [String: String], spec: SpecRecord? = nil,
      paints: [String: String]? = nil, namedPaints: [String: String]? = nil
    ) {
      self.layout = layout
      self.files = files
      self.spec = spec
      self.paints = paints
      self.namedPaints = namedPaints
    }

    /// As kept in a golden: JSON with sorted keys.
    package func json() -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// What a golden's metadata entry holds, or nil (none, damaged, or another shape).
    package static func read(_ json: String) -> Recorded? {
      try? JSONDecoder().decode(Recorded.self, from: Data(json.utf8))
    }
  }

  /// The golden's record (nil: recorded before layouts were kept, or stripped).
  package var golden: Recorded?
  /// This run's.
  package var current: Recorded
  /// What differs in the environment (fonts, library versions), as the fingerprint says.
  package var environment: String?

  package init(golden: Recorded?, current: Recorded, environment: String?) {
    self.golden = golden
    self.current = current
    self.environment = environment
  }

  /// The lines, most telling first (at least one): what changed in the input (the spec's
  /// keys, rows inserted or removed — matched by identity —, its files), then its consequences
  /// in the layout (text, lines, sizes, places, paints); the environment and the pixels only
  /// when nothing else explains the change.
  package func lines(expected: Bitmap, actual: Bitmap) -> [String] {
    guard let golden else {
      return [
        "the golden holds no layout (recorded before layouts were kept, or its metadata was stripped), so no part can be named; "
          + busiest(in: current.layout, expected: expected, actual: actual)
      ] + (environment.map { ["environment: \($0)"] } ?? [])
    }
    var lines: [String] = []
    // The input first, in the spec's own terms; the golden's rows renamed to this run's.
    var input: InputChanges?
    if let old = golden.spec, let new = current.spec { input = InputChanges(old: old, new: new) }
    lines += input?.lines ?? []
    // Input files: an image, icon, font or catalog the spec reads.
    for name in Set(golden.files.keys).union(current.files.keys).sorted() {
      switch (golden.files[name], current.files[name]) {
      case (let old?, let new?) where old != new: lines.append("file \(name) changed")
      case (nil, _?): lines.append("file \(name) is new to the spec")
      case (_?, nil): lines.append("file \(name) is no longer read")
      default: break
      }
    }
    let explainedByInput = !lines.isEmpty
    // A guess at the cause, said only when the input does not say it.
    func guess(_ text: String) -> String { explainedByInput ? "" : " (" + text + ")" }
    var goldenLayout = golden.layout
    var currentLayout = current.layout
    var goldenKept = Array(golden.layout.elements.indices)
    var currentKept = Array(current.layout.elements.indices)
    if let input {
      goldenKept = goldenKept.filter { input.mapped(golden.layout.elements[$0].path) != nil }
      goldenLayout.elements = goldenKept.map { index in
        var renamed = golden.layout.elements[index]
        renamed.path = input.mapped(renamed.path) ?? renamed.path
        return renamed
      }
      currentKept = currentKept.filter { !input.isNew(current.layout.elements[$0].path) }
      currentLayout.elements = currentKept.map { current.layout.elements[$0] }
    }
    let before = Self.keyed(goldenLayout)
    let after = Self.keyed(currentLayout)
    // Each kept element's own paint, under its key in the renamed layout.
    func paints(
      _ record: Recorded, _ which: KeyPath<Recorded, [String: String]?>, kept: [Int],
      keyed: [(String, LayoutTree.Dump.Element)]
    ) -> [String: String]? {
      guard let recorded = record[keyPath: which] else { return nil }
      let original = Self.keyed(record.layout).pairs.map { recorded[$0.0] }
      var out: [String: String] = [:]
      for (pair, index) in zip(keyed, kept) where index < original.count {
        if let paint = original[index] { out[pair.0] = paint }
      }
      return out
    }
    let beforePaints = paints(golden, \.paints, kept: goldenKept, keyed: before.pairs)
    let afterPaints = paints(current, \.paints, kept: currentKept, keyed: after.pairs)
    let beforeNamed = paints(golden, \.namedPaints, kept: goldenKept, keyed: before.pairs)
    let afterNamed = paints(current, \.namedPaints, kept: currentKept, keyed: after.pairs)
    // Text (what the input already said is not said again).
    var sameText: [(String, LayoutTree.Dump.Element, LayoutTree.Dump.Element)] = []
    for (key, new) in after.pairs {
      guard let old = before.map[key] else { continue }
      let oldText = old.text?.map(\.text).joined(separator: " ")
      let newText = new.text?.map(\.text).joined(separator: " ")
      if let oldText, let newText,
        !Self.sameWords(oldText, old.truncated == true, newText, new.truncated == true)
      {
        if input?.retexted.contains("\(new.path) \(new.kind.rawValue)") != true {
          lines.append("\(new.path) \(new.kind.rawValue): \"\(oldText)\" → \"\(newText)\"")
        }
        // A label's line count is always said.
        if let from = old.lines, let to = new.lines, from != to {
          lines.append("\(new.path) \(new.kind.rawValue): \(from) → \(to) lines")
        }
      } else {
        sameText.append((key, old, new))
      }
    }
    // Wrapping and size.
    for (_, old, new) in sameText where old.lines != new.lines {
      if let from = old.lines, let to = new.lines {
        lines.append("\(new.path) \(new.kind.rawValue): \(from) → \(to) lines")
      }
    }
    let cells = sameText.filter { $0.1.kind == .cell }
    for (_, old, new) in cells where abs(old.frame.height - new.frame.height) >= 0.5 {
      let below = after.pairs.filter {
        $0.1.kind == .cell && $0.1.frame.y > new.frame.y
      }.count
      var line =
        "\(new.path): row \(Self.points(old.frame.height)) → \(Self.points(new.frame.height)) pt"
      if below > 0 {
        line +=
          "; \(below) row\(below == 1 ? "" : "s") below moved \(Self.points(abs(new.frame.height - old.frame.height))) pt"
      }
      lines.append(line)
    }
    // Geometry with the same text: moves and resizes, said once for a kind that moved alike.
    let sizeChanged = Set(
      cells.filter { abs($0.1.frame.height - $0.2.frame.height) >= 0.5 }.map(\.2.path))
    var moves: [String: [(path: String, dx: Double, dy: Double, dw: Double, dh: Double)]] = [:]
    for (_, old, new) in sameText where old.kind != .cell || !sizeChanged.contains(new.path) {
      let dx = new.frame.x - old.frame.x
      let dy = new.frame.y - old.frame.y
      let dw = new.frame.width - old.frame.width
      let dh = new.frame.height - old.frame.height
      guard [dx, dy, dw, dh].contains(where: { abs($0) >= 0.5 }) else { continue }
      // A row that grew moves everything below it: said above, not again here.
      if dx == 0, dw == 0, dh == 0, !sizeChanged.isEmpty { continue }
      moves[new.kind.rawValue, default: []].append((new.path, dx, dy, dw, dh))
    }
    let allMoves = moves.values.flatMap { $0 }
    if let first = allMoves.first, allMoves.count > 1,
      allMoves.allSatisfy({
        $0.dx == first.dx && $0.dy == first.dy && $0.dw == first.dw && $0.dh == first.dh
      }),
      let top = sameText.map(\.2).filter({ element in allMoves.contains { $0.path == element.path }
      })
      .min(by: { $0.frame.y < $1.frame.y })
    {
      // Everything moved alike: one line, from the first element that moved.
      lines.append(
        "\(allMoves.count) elements from \(top.path) on \(Self.motion(dx: first.dx, dy: first.dy, dw: first.dw, dh: first.dh))"
          + guess("a spacing, inset or size changed above or around them")
      )
      moves = [:]
    }
    // Kinds that moved most first.
    for kind in moves.keys.sorted(by: { (moves[$0]?.count ?? 0, $1) > (moves[$1]?.count ?? 0, $0) })
    {
      guard let list = moves[kind], let first = list.first else { continue }
      let total = after.pairs.filter { $0.1.kind.rawValue == kind }.count
      let alike = list.allSatisfy {
        $0.dx == first.dx && $0.dy == first.dy && $0.dw == first.dw && $0.dh == first.dh
      }
      let what = Self.motion(dx: first.dx, dy: first.dy, dw: first.dw, dh: first.dh)
      if alike, list.count == total, total > 1 {
        lines.append("every \(kind) \(what)" + guess("a spacing or size token changed"))
      } else {
        for move in list.prefix(3) {
          lines.append(
            "\(move.path) \(kind) \(Self.motion(dx: move.dx, dy: move.dy, dw: move.dw, dh: move.dh))"
          )
        }
      }
    }
    // Elements that came or went.
    let added = after.pairs.filter { before.map[$0.0] == nil }.map(\.1)
    let removed = before.pairs.filter { after.map[$0.0] == nil }.map(\.1)
    for element in added.prefix(3) {
      lines.append("\(element.path) \(element.kind.rawValue) added")
    }
    for element in removed.prefix(3) {
      lines.append("\(element.path) \(element.kind.rawValue) removed")
    }
    // Colour: inside each element that did not move, the colour that lost most pixels and
    // the one that gained most (a text's ink, a box's fill).
    var recoloured: [String: [(path: String, from: String, to: String)]] = [:]
    // How each recoloured paint is said, with the tokens its colours came from.
    var said: [String: String] = [:]
    if let beforePaints, let afterPaints {
      // Both records keep each element's own paint: a colour line only where it changed.
      for (key, new) in after.pairs where new.kind != .shadow {
        guard let from = beforePaints[key], let to = afterPaints[key], from != to else {
          continue
        }
        recoloured[new.kind.rawValue, default: []].append((new.path, from, to))
        said[new.path + " " + new.kind.rawValue + " " + from + " " + to] = Self.namedChange(
          from: from, to: to, namedFrom: beforeNamed.map { $0[key] ?? from },
          namedTo: afterNamed?[key] ?? to)
      }
    } else if golden.layout.scale == current.layout.scale, expected.width == actual.width,
      expected.height == actual.height
    {
      // A cell or card whose own parts changed text, lines or place shows those parts' pixels:
      // not a colour change of its own.
      let touched = Set(
        after.pairs.compactMap { key, new -> String? in
          guard let old = before.map[key] else { return new.path }
          let moved = old.frame != new.frame || old.lines != new.lines
          let retexted = old.text?.map(\.text) != new.text?.map(\.text)
          return moved || retexted ? new.path : nil
        } + before.pairs.filter { after.map[$0.0] == nil }.map(\.1.path))
      for (_, old, new) in sameText where old.frame == new.frame && new.kind != .shadow {
        if new.kind == .cell || new.kind == .card, touched.contains(new.path) { continue }
        guard
          let change = Self.colourChange(
            expected, actual, in: new.frame, scale: current.layout.scale)
        else { continue }
        recoloured[new.kind.rawValue, default: []].append((new.path, change.from, change.to))
      }
    }
    // A kind recoloured alike everywhere first (a token), the parts before their cells.
    var colourLines: [(rank: (Int, Int, Int), text: String)] = []
    for kind in recoloured.keys.sorted() {
      guard let list = recoloured[kind], let first = list.first else { continue }
      let total = after.pairs.filter { $0.1.kind.rawValue == kind }.count
      let container = kind == "cell" || kind == "card" ? 1 : 0
      func named(_ change: (path: String, from: String, to: String)) -> String? {
        said[change.path + " " + kind + " " + change.from + " " + change.to]
      }
      if list.count == total, total > 1,
        list.allSatisfy({ $0.from == first.from && $0.to == first.to })
      {
        // One line for the kind, naming the token where every element says the same one.
        let names = Set(list.map { named($0) })
        let line =
          if names.count == 1, let change = names.first ?? nil {
            "every \(kind): \(change)"
          } else {
            "every \(kind)'s \(Self.paintWord(first.from, first.to)) \(first.from) → \(first.to)"
              + guess("a colour token changed")
          }
        colourLines.append(((0, container, -total), line))
      } else {
        for change in list.prefix(3) {
          let line =
            named(change).map { "\(change.path) \(kind): \($0)" }
            ?? "\(change.path) \(kind) \(Self.paintWord(change.from, change.to)) \(change.from) → \(change.to)"
          colourLines.append(((1, container, -list.count), line))
        }
      }
    }
    lines += colourLines.enumerated().sorted {
      ($0.element.rank.0, $0.element.rank.1, $0.element.rank.2, $0.offset)
        < ($1.element.rank.0, $1.element.rank.1, $1.element.rank.2, $1.offset)
    }.map(\.element.text)
    if let environment { lines.append("environment: \(environment)") }
    if lines.isEmpty {
      lines.append(
        "no text, size, position, colour or file changed; "
          + busiest(in: current.layout, expected: expected, actual: actual))
    }
    return lines
  }

  /// A changed paint said with the tokens its colours came from (`textPrimary #0B2739 →
  /// #031A34`; of a paint of several colours, the ones that changed: `stroke border #DDDDDD →
  /// #123456`), or nil when neither side names one. `namedFrom` is nil when the golden kept
  /// no names: then only this run's side is named, since the golden's element may have drawn
  /// another token.
  package static func namedChange(from: String, to: String, namedFrom: String?, namedTo: String)
    -> String?
  {
    let (fromWords, toWords) = (words(from), words(to))
    let fromNames = namedFrom.map { names(of: fromWords, in: $0) }
    let toNames = names(of: toWords, in: namedTo)
    guard
      fromNames?.contains(where: { $0 != nil }) == true || toNames.contains(where: { $0 != nil })
    else { return nil }
    func isColour(_ word: Substring) -> Bool { word.hasPrefix("#") }
    // A token on the golden's side, else this run's named on its side alone.
    func said(_ index: Int, toIndex: Int) -> String {
      let old = fromNames?[index]
      let new = toNames[toIndex]
      let before = (old.map { $0 + " " } ?? "") + fromWords[index]
      if fromNames != nil, old == new { return "\(before) → \(toWords[toIndex])" }
      return "\(before) → " + (new.map { $0 + " " } ?? "") + toWords[toIndex]
    }
    let sameShape =
      fromWords.count == toWords.count
      && zip(fromWords, toWords).allSatisfy {
        isColour($0) == isColour($1) && (isColour($0) || $0 == $1)
      }
    guard sameShape else {
      // Another state or kind of paint: both whole, each colour with its token.
      func whole(_ words: [Substring], _ names: [String?]?) -> String {
        words.indices.map { i in (names?[i].map { $0 + " " } ?? "") + words[i] }.joined(
          separator: " ")
      }
      return
        "\(whole(fromWords, fromNames ?? fromWords.map { _ in nil })) → \(whole(toWords, toNames))"
    }
    // The same paint but for colours: each changed colour, after its role (`on`, `stroke`).
    return fromWords.indices.filter { isColour(fromWords[$0]) && fromWords[$0] != toWords[$0] }.map
    {
      i in
      let role = i > 0 && !isColour(fromWords[i - 1]) ? fromWords[i - 1] + " " : ""
      return role + said(i, toIndex: i)
    }.joined(separator: ", ")
  }

  /// A paint's words.
  static func words(_ paint: String) -> [Substring] { paint.split(separator: " ") }

  /// The token named before each of `words` in `named` (the same paint with a token's name
  /// before each colour that came from one), nil where none is.
  static func names(of words: [Substring], in named: String) -> [String?] {
    var out: [String?] = []
    var rest = named.split(separator: " ")[...]
    for word in words {
      // The word's place in the named paint; the word before it, if skipped, is its token.
      guard let place = rest.firstIndex(of: word) else {
        out.append(nil)
        continue
      }
      out.append(word.hasPrefix("#") && place > rest.startIndex ? String(rest[place - 1]) : nil)
      rest = rest[(place + 1)...]
    }
    return out
  }

  /// "colour" for two plain colours, "paint" for a paint with a state (`on #0066FF`).
  static func paintWord(_ from: String, _ to: String) -> String {
    from.hasPrefix("#") && to.hasPrefix("#") && !from.contains(" ") && !to.contains(" ")
      ? "colour" : "paint"
  }

  /// Elements keyed by path, kind and their order among equals (a cell's two separators).
  static func keyed(_ dump: LayoutTree.Dump) -> (
    pairs: [(String, LayoutTree.Dump.Element)], map: [String: LayoutTree.Dump.Element]
  ) {
    var counts: [String: Int] = [:]
    var pairs: [(String, LayoutTree.Dump.Element)] = []
    for element in dump.elements {
      let base = element.path + " " + element.kind.rawValue
      let index = counts[base, default: 0]
      counts[base] = index + 1
      pairs.append(("\(base) \(index)", element))
    }
    return (pairs, Dictionary(pairs, uniquingKeysWith: { first, _ in first }))
  }

  /// Whether two texts say the same once their lines are joined (a text that wraps otherwise
  /// is the same text); a cut text (ending in an ellipsis) says the same as any text it begins.
  static func sameWords(_ a: String, _ aCut: Bool, _ b: String, _ bCut: Bool) -> Bool {
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let (x, y) = (words(a), words(b))
    if x == y { return true }
    func stem(_ text: String) -> String {
      String(text.hasSuffix("…") ? text.dropLast() : Substring(text))
        .trimmingCharacters(in: .whitespaces)
    }
    if aCut, y.hasPrefix(stem(x)) { return true }
    if bCut, x.hasPrefix(stem(y)) { return true }
    return false
  }

  /// Points as a sentence writes them. The golden's numbers come from a file: a value no
  /// whole number holds (1e300, infinity) is written as it is, never converted.
  static func points(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  static func motion(dx: Double, dy: Double, dw: Double, dh: Double) -> String {
    var parts: [String] = []
    if abs(dy) >= 0.5 { parts.append("moved \(points(abs(dy))) pt \(dy > 0 ? "down" : "up")") }
    if abs(dx) >= 0.5 { parts.append("moved \(points(abs(dx))) pt \(dx > 0 ? "right" : "left")") }
    if abs(dw) >= 0.5 { parts.append("\(points(abs(dw))) pt \(dw > 0 ? "wider" : "narrower")") }
    if abs(dh) >= 0.5 { parts.append("\(points(abs(dh))) pt \(dh > 0 ? "taller" : "shorter")") }
    return parts.joined(separator: ", ")
  }

  /// Inside `frame` (in points) of two images of one size: among the pixels that differ, the
  /// old colour seen most and the new one seen most, as `#RRGGBB`; nil when fewer than 8
  /// pixels differ or no colour stands out. At most 256 × 256 samples.
  static func colourChange(_ expected: Bitmap, _ actual: Bitmap, in frame: Rect, scale: Double)
    -> (from: String, to: String)?
  {
    let x0 = max(0, Int((frame.x * scale).rounded(.down)))
    let y0 = max(0, Int((frame.y * scale).rounded(.down)))
    let x1 = min(actual.width, Int(((frame.x + frame.width) * scale).rounded(.up)))
    let y1 = min(actual.height, Int(((frame.y + frame.height) * scale).rounded(.up)))
    guard x1 > x0, y1 > y0 else { return nil }
    let stepX = max(1, (x1 - x0) / 256)
    let stepY = max(1, (y1 - y0) / 256)
    var lost: [UInt32: Int] = [:]
    var gained: [UInt32: Int] = [:]
    var differing = 0
    var y = y0
    while y < y1 {
      var x = x0
      while x < x1 {
        let old = expected[x, y]
        let new = actual[x, y]
        if old != new {
          differing += 1
          lost[UInt32(old.r) << 16 | UInt32(old.g) << 8 | UInt32(old.b), default: 0] += 1
          gained[UInt32(new.r) << 16 | UInt32(new.g) << 8 | UInt32(new.b), default: 0] += 1
        }
        x += stepX
      }
      y += stepY
    }
    // Among the pixels that differ, the old colour seen most and the new one seen most: a
    // text's ink (its stems are drawn in the pure colour) or a box's fill. Antialiased edges
    // spread over many shades, none of them as frequent.
    func mode(_ counts: [UInt32: Int]) -> (key: UInt32, value: Int)? {
      counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })
    }
    guard differing >= 8, let from = mode(lost), let to = mode(gained), from.key != to.key,
      from.value >= 3, to.value >= 3,
      // The colour that replaced it is not simply there now where the old one was elsewhere:
      // both are frequent among the differing pixels.
      to.value * 8 >= differing / 4
    else { return nil }
    return (String(format: "#%06X", from.key), String(format: "#%06X", to.key))
  }

  /// "most differing pixels are in sections[0].cells[2] (its title)".
  func busiest(in dump: LayoutTree.Dump, expected: Bitmap, actual: Bitmap) -> String {
    guard expected.width == actual.width, expected.height == actual.height else {
      return
        "the image is \(expected.width)×\(expected.height) px in the golden, \(actual.width)×\(actual.height) px now"
    }
    var best: (count: Int, element: LayoutTree.Dump.Element)?
    for element in dump.elements where element.kind != .shadow {
      let scale = dump.scale
      let x0 = max(0, Int(element.frame.x * scale))
      let y0 = max(0, Int(element.frame.y * scale))
      let x1 = min(
        actual.width, Int(((element.frame.x + element.frame.width) * scale).rounded(.up)))
      let y1 = min(
        actual.height, Int(((element.frame.y + element.frame.height) * scale).rounded(.up)))
      guard x1 > x0, y1 > y0 else { continue }
      var count = 0
      for y in y0..<y1 {
        for x in x0..<x1 where expected[x, y] != actual[x, y] { count += 1 }
      }
      // The smallest element holding the most differing pixels names the part best.
      if count > 0, count > best?.count ?? 0 {
        best = (count, element)
      } else if let current = best, count == current.count, count > 0,
        element.frame.width * element.frame.height
          < current.element.frame.width * current.element.frame.height
      {
        best = (count, element)
      }
    }
    guard let best else { return "no element's frame holds the differing pixels" }
    return
      "most differing pixels (\(best.count)) are in \(best.element.path)'s \(best.element.kind.rawValue)"
  }
}

extension GoldenExplanation {
  /// The most bytes a golden's packed layout unpacks to.
  package static let maxLayoutBytes = 32 << 20

  /// What this run keeps of `document` drawn as `tree`: its layout and the digests of the files
  /// it read (by file name).
  package static func recorded(tree: LayoutTree, document: ListDocument) -> Recorded {
    let dump = tree.dump
    var paints: [String: String] = [:]
    var namedPaints: [String: String] = [:]
    for ((key, _), element) in zip(keyed(dump).pairs, tree.elements) {
      guard let paint = paint(of: element) else { continue }
      paints[key] = paint
      let named = Self.paint(of: element) { color in
        color.origin.map { "\($0) \(color)" } ?? "\(color)"
      }
      if let named, named != paint { namedPaints[key] = named }
    }
    return Recorded(
      layout: dump, files: fileDigests(of: document), spec: document.specRecord(),
      paints: paints, namedPaints: namedPaints)
  }

  /// An element's own paint as a record keeps it: its colour (`#0B2739`, with its alpha), a
  /// control's state and colour, an image's file and tint; `@50%` when drawn translucent. Nil
  /// for a shadow (its colours are the elevation's).
  /// `say` writes each colour (by default as ``Color/description``).
  static func paint(
    of element: LayoutElement, saying say: (Color) -> String = { "\($0)" }
  ) -> String? {
    var paint: String
    switch element.content {
    case .box(let fill, _, let stroke, _, let gradient):
      paint =
        gradient.map { g in g.stops.map { say($0.color) }.joined(separator: "…") } ?? say(fill)
      if let stroke { paint += " stroke \(say(stroke.color))" }
    case .ellipse(let fill): paint = say(fill)
    case .text(let block): paint = say(block.color)
    case .glyph(let name, let color, _): paint = "\(say(color)) \(name)"
    case .image(let image):
      paint = lastPathPart(image.path) + (image.tint.map { " tint \(say($0))" } ?? "")
    case .switch(let control):
      paint = control.on ? "on \(say(control.onColor))" : "off \(say(control.offColor))"
    case .checkbox(let control):
      paint = control.on ? "on \(say(control.fill))" : "off \(say(control.ring))"
    case .radio(let radio): paint = (radio.on ? "on " : "off ") + say(radio.ring)
    case .arc(_, _, _, let color): paint = say(color)
    case .ripple(_, _, _, let color, _, _): paint = say(color)
    case .shadow: return nil
    }
    return element.opacity < 1 ? paint + " @\(Int((element.opacity * 100).rounded()))%" : paint
  }

  /// The SHA-256 of every file `document` reads, by file name.
  package static func fileDigests(of document: ListDocument) -> [String: String] {
    var files: [String: String] = [:]
    for path in ListRenderer.inputFiles(of: document) {
      if let digest = ListRenderer.fileDigest(path, maxBytes: 64 << 20) {
        files[(path as NSString).lastPathComponent] = digest
      }
    }
    return files
  }

  /// The golden's record, from its metadata; nil when it has none (or a damaged one).
  package static func recorded(inGolden bytes: [UInt8]) -> Recorded? {
    recorded(inMetadata: RasterFormat.text(in: bytes))
  }

  /// The golden's record, from its metadata text (an image's, or a manifest's).
  package static func recorded(inMetadata metadata: [String: String]) -> Recorded? {
    if let json = metadata[GoldenCheck.layoutJSONKey] {
      return json.utf8.count <= maxLayoutBytes ? Recorded.read(json) : nil
    }
    return metadata[GoldenCheck.layoutKey]
      .flatMap { PackedText.unpack($0, maxBytes: maxLayoutBytes) }
      .flatMap(Recorded.read)
  }

  /// Makes `check` keep `tree`'s layout in the goldens it records and explain a failure
  /// against the golden's.
  package static func attach(
    to check: inout GoldenCheck, tree: LayoutTree, document: ListDocument,
    ignoring extra: [IgnorePattern] = []
  ) {
    let masking = GoldenMasking(document: document, extra: extra)
    if !masking.isEmpty {
      check.mask = { golden in
        masking.mask(tree: tree, document: document, golden: recorded(inMetadata: golden))
      }
    }
    // Both made only when needed: the record when a golden is written, the comparison when
    // a case fails (a passing case reads no input file again and packs nothing).
    check.metadata = {
      [GoldenCheck.layoutKey: PackedText.pack(recorded(tree: tree, document: document).json())]
    }
    check.explain = { golden, expected, actual, environment in
      let record = recorded(inMetadata: golden)
      let lines = GoldenExplanation(
        golden: record, current: recorded(tree: tree, document: document),
        environment: environment
      ).lines(expected: expected, actual: actual)
      guard !masking.isEmpty else { return lines }
      // Nothing said of what is left out.
      let names = masking.mask(tree: tree, document: document, golden: record).names
      return GoldenMasking.unmasked(lines, names: names)
    }
  }
}

extension GoldenExplanation {
  /// An animation golden's frame layouts and input files: each distinct layout once, and for
  /// every frame the index of its layout (a ripple's frames differ; a held frame repeats).
  package struct RecordedFrames: Codable, Sendable {
    package var layouts: [LayoutTree.Dump]
    package var frames: [Int]
    package var files: [String: String]
    /// What the spec resolved to, its `animation` included (nil in older goldens).
    package var spec: SpecRecord?

    /// The frames' layouts, each distinct one kept once.
    package init(dumps: [LayoutTree.Dump], files: [String: String], spec: SpecRecord? = nil) {
      self.spec = spec
      var layouts: [LayoutTree.Dump] = []
      var frames: [Int] = []
      for dump in dumps {
        if let last = layouts.last, last == dump {
          frames.append(layouts.count - 1)
        } else {
          layouts.append(dump)
          frames.append(layouts.count - 1)
        }
      }
      self.layouts = layouts
      self.frames = frames
      self.files = files
    }

    /// Frame `index`'s record, or nil when there is no such frame.
    package func frame(_ index: Int) -> Recorded? {
      guard frames.indices.contains(index), layouts.indices.contains(frames[index]) else {
        return nil
      }
      return Recorded(layout: layouts[frames[index]], files: files)
    }

    package func json() -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }

  /// Why an animation differs, one line per range of frames that differ alike:
  /// `frames 3–9: sections[0].cells[0] ripple colour #… → #…`; the timing first when it differs.
  package static func frameLines(
    golden: RecordedFrames?, current: RecordedFrames, expected: FrameSequence,
    actual: FrameSequence, environment: String?
  ) -> [String] {
    var lines: [String] = []
    // The input first: the spec's keys (an animation's timing among them) and its rows.
    if let old = golden?.spec, let new = current.spec {
      lines += InputChanges(old: old, new: new).lines
    }
    if expected.frames.count != actual.frames.count {
      lines.append(
        "the animation has \(expected.frames.count) frames in the golden, \(actual.frames.count) now"
      )
    }
    if expected.fps != actual.fps {
      lines.append("the frame rate is \(expected.fps) fps in the golden, \(actual.fps) now")
    }
    // Frames whose first lines differ only in their colours (a ripple fading) are one range,
    // told by its first frame's line.
    func shape(_ line: String) -> String {
      line.replacingOccurrences(of: #"#[0-9A-F]{6}"#, with: "#", options: .regularExpression)
    }
    var ranges: [(first: Int, last: Int, line: String)] = []
    for index in 0..<min(expected.frames.count, actual.frames.count)
    where expected.frames[index] != actual.frames[index] {
      guard let now = current.frame(index) else { continue }
      let line =
        GoldenExplanation(golden: golden?.frame(index), current: now, environment: nil)
        .lines(expected: expected.frames[index], actual: actual.frames[index]).first ?? ""
      if let last = ranges.last, last.last == index - 1, shape(last.line) == shape(line) {
        ranges[ranges.count - 1].last = index
      } else {
        ranges.append((index, index, line))
      }
    }
    for range in ranges.prefix(8) {
      let frames =
        range.first == range.last
        ? "frame \(range.first)" : "frames \(range.first)–\(range.last)"
      let colours = range.first != range.last && range.line.contains("#")
      lines.append(
        "\(frames): \(range.line)"
          + (colours ? " (at frame \(range.first), changing through the range)" : ""))
    }
    if let environment { lines.append("environment: \(environment)") }
    return lines
  }

  /// The animation's frames drawn with their layouts (the same frames
  /// ``ListRenderer/frameSequence(_:)`` gives), and `check` made to keep the layouts in the
  /// golden it records and to explain a failure frame range by frame range.
  package static func framesAttached(
    to check: inout GoldenCheck, renderer: ListRenderer, document: ListDocument
  ) throws -> FrameSequence {
    var dumps: [LayoutTree.Dump] = []
    let sequence = try renderer.frameSequence(document) { dumps.append($0.dump) }
    let recordedDumps = dumps
    let current: @Sendable () -> RecordedFrames = {
      RecordedFrames(
        dumps: recordedDumps, files: fileDigests(of: document), spec: document.specRecord())
    }
    check.animationMetadata = { [GoldenCheck.framesKey: PackedText.pack(current().json())] }
    check.explainFrames = { golden, expected, actual, environment in
      let stored = RasterFormat.text(in: golden)[GoldenCheck.framesKey]
        .flatMap { PackedText.unpack($0, maxBytes: maxLayoutBytes) }
        .flatMap { try? JSONDecoder().decode(RecordedFrames.self, from: Data($0.utf8)) }
      return frameLines(
        golden: stored, current: current(), expected: expected, actual: actual,
        environment: environment)
    }
    return sequence
  }
}
