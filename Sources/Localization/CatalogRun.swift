import FileIO
import Foundation
import ListRender
import StringCatalogs

/// What `listrender catalog` does, as one call: the catalog read (whichever kind), its locales
/// matched, every key drawn in every locale with a verdict, one list a locale cut into pages, the
/// key × locale grid, the optional JSON and screenshots — every file checked before any is made,
/// then all of them written or none, and the pages of a longer earlier run removed.
package struct CatalogRun {
  /// The catalog: an `.xcstrings` file, an Android `res/` folder or a folder of `.lproj` folders.
  package var catalog: String
  /// The folder the pages and the grid go into.
  package var output: String
  /// `all`, `pseudo`, or locales separated by commas.
  package var locales = "all"
  /// The language of an Android `values/` or an Apple `Base.lproj`.
  package var defaultLanguage = "en"
  /// How rows are drawn and which keys.
  package var options = CatalogReview.Options()
  /// Also every verdict as JSON here.
  package var json: String?
  /// Also one image a key and locale in this folder.
  package var screenshots: String?
  /// Only the rows whose verdict is not ok (and the locales that have one).
  package var problemsOnly = false
  /// Only the keys that differ from this earlier catalog.
  package var changedSince: String?

  /// What a run drew: every entry, each locale's counts, how many locales, the keys only
  /// translations have.
  package struct Outcome {
    package var entries: [CatalogReview.Entry]
    package var summary: [(locale: String, counts: [CatalogReview.Verdict: Int])]
    package var locales: Int
    package var keysOnlyInTranslations: [String]

    /// The totals as the command ends with them: the keys drawn, in how many locales, each
    /// verdict's count (a row under each of its verdicts), and the keys only translations have.
    package var totalsLines: String {
      var counts: [CatalogReview.Verdict: Int] = [:]
      for entry in entries {
        for verdict in entry.verdicts.isEmpty ? [entry.verdict] : entry.verdicts {
          counts[verdict, default: 0] += 1
        }
      }
      let totals = CatalogReview.Verdict.allCases.compactMap { verdict in
        counts[verdict].map { "\($0) \(verdict.rawValue)" }
      }
      // The keys drawn (those with a source text), as the grid and the JSON have them.
      let drawn = Set(entries.map(\.key)).count
      let only = keysOnlyInTranslations
      return
        "\(drawn) key\(drawn == 1 ? "" : "s") in \(locales) locales: \(totals.joined(separator: ", "))\n"
        + (only.isEmpty
          ? ""
          : "\(only.count) key\(only.count == 1 ? "" : "s") only in translations (no source text, not drawn): \(only.prefix(10).joined(separator: ", "))\(only.count > 10 ? ", …" : "")\n")
    }
  }

  package init(catalog: String, output: String) {
    self.catalog = catalog
    self.output = output
  }

  /// Draws and writes it all; `note` is told what the user should know on the way (a locale
  /// drawn in another), `lap` the end of each phase.
  /// - Throws: ``CatalogRunError`` or ``CatalogError`` for bad input (nothing is written then).
  package func run(note: (String) -> Void = { _ in }, lap: (String) -> Void = { _ in }) throws
    -> Outcome
  {
    var options = options
    let source = try CatalogSource.of(catalog)
    let strings = try source.read(catalog, defaultLanguage: defaultLanguage)
    lap("read catalog")
    if let problem = PluralRules.icuProblem {
      throw CatalogRunError("catalog: \(problem)")
    }
    var chosen = strings.locales
    if locales == "pseudo" {
      chosen = Pseudolocale.allCases.map(\.rawValue)
    } else if locales != "all" {
      chosen = locales.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      for locale in chosen where !PluralRules.isLanguageTag(locale) {
        throw CatalogRunError("--locales: '\(locale)' is not a BCP 47 language tag")
      }
      // Each locale as the catalog has it (`DE` → `de`, `zh-CN` → `zh-Hans`); one it has
      // nothing near is refused, never drawn as every key missing.
      var matched: [String] = []
      for locale in chosen {
        if Pseudolocale(tag: locale) != nil {
          matched.append(locale)
          continue
        }
        guard let found = LocaleMatch.match(locale, in: strings.locales) else {
          throw CatalogRunError(
            "--locales: '\(locale)' is not in \(catalog), and none of its locales is near it (it has \(strings.locales.joined(separator: ", ")))"
          )
        }
        if found != locale {
          note("--locales: '\(locale)' is drawn in the catalog's '\(found)'\n")
        }
        if !matched.contains(found) { matched.append(found) }
      }
      chosen = matched
    }
    guard !chosen.isEmpty else {
      throw CatalogRunError("\(catalog): the catalog has no locale")
    }
    try Self.checkOutputFolder(output)
    if let screenshots {
      try Self.checkOutputFolder(screenshots, option: "--screenshots")
      try FileManager.default.createDirectory(
        atPath: screenshots, withIntermediateDirectories: true)
    }
    if let changedSince {
      let earlier: StringCatalog
      do {
        earlier = try StringCatalog.read(changedSince, defaultLanguage: defaultLanguage)
      } catch let error as CatalogError {
        throw CatalogRunError("--changed-since: \(error.description)")
      }
      options.onlyKeys = CatalogReview.changedKeys(strings, since: earlier)
    }
    let review = CatalogReview(catalog: strings, options: options)
    // Keys × locales, counted before any list is made: a run is bounded.
    let keyCount = strings.keys.filter { review.selects($0) }.count
    let (pairs, overflow) = keyCount.multipliedReportingOverflow(by: chosen.count)
    guard !overflow, pairs <= Self.maxPairs else {
      throw CatalogRunError(
        "\(catalog): \(keyCount.formatted()) keys × \(chosen.count) locales is more than \(Self.maxPairs.formatted()); draw fewer at a time (--locales, --keys)"
      )
    }
    let renderer = try ListRenderer()
    _ = Unmanaged.passRetained(renderer)
    renderer.allowsMissingGlyphs = true
    lap("fonts and icons")
    var entries: [CatalogReview.Entry] = []
    // Each locale's list is cut into pages between rows as --page-height cuts a render
    // (LayoutTree.pageBreaks), each page as tall as one image may be. The layouts are not
    // kept between the two passes: one locale's is held at a time.
    var lists: [(locale: String, document: ListDocument, names: [String], keys: [String])] = []
    var images: [String: [String]] = [:]
    func pageBreaks(_ tree: LayoutTree) throws -> [Range<Int>] {
      guard
        let breaks = tree.pageBreaks(
          height: renderer.viewportHeight(for: tree), maxPages: ListRenderer.maxPages)
      else {
        throw CatalogRunError(
          "\(catalog): a locale's list needs more than \(ListRenderer.maxPages) pages")
      }
      var top = 0
      return breaks.ends.map { end in
        defer { top = end }
        return top..<end
      }
    }
    for locale in chosen {
      var page = review.page(locale)
      var whole = try renderer.layout(page.document, limits: .points)
      try review.judge(&page, whole: whole, renderer: renderer)
      let first = entries.count
      entries += page.entries
      // Which of this locale's entries each drawn row is (all, or the problems only).
      var drawn = Array(first..<entries.count)
      if problemsOnly {
        guard let problems = review.problemsOnly(page) else { continue }
        drawn = drawn.filter { entries[$0].verdict != .ok }
        page = problems
        whole = try renderer.layout(page.document, limits: .points)
      }
      let ranges = try pageBreaks(whole)
      let count = ranges.count
      let names = (0..<count).map { number in
        count == 1 ? "\(locale).png" : "\(locale)-\(String(format: "%04d", number + 1)).png"
      }
      // Each drawn row's page file and its top in points on that page.
      for element in whole.elements where element.role == .cell {
        guard let address = ElementPath(element.source), case .cell(_, let item) = address,
          item < drawn.count
        else { continue }
        let top = Int((element.frame.y * whole.scale).rounded(.down))
        guard let pageIndex = ranges.firstIndex(where: { $0.contains(top) }) else { continue }
        entries[drawn[item]].page = names[pageIndex]
        entries[drawn[item]].y =
          element.frame.y - Double(ranges[pageIndex].lowerBound) / whole.scale
      }
      lists.append((locale, page.document, names, page.entries.map(\.key)))
      images[locale] = names
    }
    lap("lay out and judge")
    let rightToLeft = Set(lists.filter { $0.document.canvas.direction == .rtl }.map(\.locale))
    let grid = Array(Self.grid(strings, entries, images, rightToLeft: rightToLeft).utf8)
    // Every file is checked before any is made; each page is written to a temporary as soon
    // as it is encoded, and all of them are renamed into place at the end, or none.
    try checkOutputs(
      json.map { [("--json", $0)] } ?? [],
      inputs: source == .xcstrings ? [("the catalog", catalog)] : [],
      folders: [("-o", output, lists.flatMap(\.names) + ["index.html"])])
    // The pages of an earlier, longer run, as its grid names them: removed once this run's
    // are in place (only files named as this command names pages, and regular ones).
    let earlier = Self.pagesNamed(inGridOf: output)
    let names = Set(lists.flatMap(\.names))
    for name in names.union(["index.html"]) {
      try Self.checkPageTarget((output as NSString).appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let staged = StagedOutputs()
    func path(_ name: String) -> String { (output as NSString).appendingPathComponent(name) }
    for list in lists {
      let tree = try renderer.layout(list.document, limits: .points)
      for (rows, name) in zip(try pageBreaks(tree), list.names) {
        try staged.add(
          try renderer.renderPNGInRing(tree, rows: rows).png, to: path(name))
      }
    }
    try staged.add(grid, to: path("index.html"))
    if let screenshots {
      // One image a key and locale: its rows (a plural key's forms, a device's variations).
      var used: Set<String> = []
      for list in lists {
        var rowsOf: [(key: String, cells: [Cell])] = []
        for (cell, key) in zip(list.document.sections[0].cells, list.keys) {
          if rowsOf.last?.key == key {
            rowsOf[rowsOf.count - 1].cells.append(cell)
          } else {
            rowsOf.append((key, [cell]))
          }
        }
        for (key, cells) in rowsOf {
          var document = list.document
          document.sections = [Section(cells: cells)]
          let name = Self.screenshotName(key: key, locale: list.locale, taken: &used)
          let target = (screenshots as NSString).appendingPathComponent(name)
          try Self.checkPageTarget(target)
          let tree = try renderer.layout(document, limits: .points)
          try staged.add(try renderer.renderPNG(tree), to: target)
        }
      }
    }
    lap("paint and encode")
    let summary = CatalogReview.summary(entries)
    if let json {
      struct Output: Encodable {
        var keys: [CatalogReview.Entry]
        var summary: [String: [String: Int]]
        var keysOnlyInTranslations: [String]
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let table = Dictionary(
        summary.map { row in
          (row.locale, Dictionary(row.counts.map { ($0.key.rawValue, $0.value) }) { a, _ in a })
        }, uniquingKeysWith: { a, _ in a })
      try staged.add(
        Array(
          try encoder.encode(
            Output(
              keys: entries, summary: table,
              keysOnlyInTranslations: review.keysOnlyInTranslations))) + [0x0A], to: json)
    }
    try staged.commit()
    for name in earlier.subtracting(names) {
      let stale = path(name)
      var status = stat()
      if lstat(stale, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(stale) }
    }
    lap("write")
    return Outcome(
      entries: entries, summary: summary, locales: chosen.count,
      keysOnlyInTranslations: review.keysOnlyInTranslations)
  }
  /// Each locale's count of each verdict, a row a locale and a column a verdict that occurs.
  package static func summaryTable(
    _ summary: [(locale: String, counts: [CatalogReview.Verdict: Int])]
  )
    -> String
  {
    let verdicts = CatalogReview.Verdict.allCases.filter { verdict in
      summary.contains { $0.counts[verdict] != nil }
    }
    guard !summary.isEmpty, !verdicts.isEmpty else { return "" }
    let first = max(6, summary.map(\.locale.count).max() ?? 0)
    func cell(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var out = "locale".padding(toLength: first, withPad: " ", startingAt: 0)
    out += verdicts.map { "  " + $0.rawValue }.joined() + "\n"
    for row in summary {
      out += row.locale.padding(toLength: first, withPad: " ", startingAt: 0)
      out += verdicts.map { "  " + cell(String(row.counts[$0] ?? 0), $0.rawValue.count) }.joined()
      out += "\n"
    }
    return out
  }

  /// The most keys × locales one run draws (53 locales × 808 strings, a large app's catalog,
  /// is 42,824).
  package static let maxPairs = 200_000

  /// `-o`: a folder, or a path where one can be made; never `-` (standard output holds no
  /// folder), a link, or anything but a folder.
  package static func checkOutputFolder(_ output: String, option: String = "-o") throws {
    guard output != "-" else {
      throw CatalogRunError("\(option) -: the catalog writes a folder of images; name a folder")
    }
    var status = stat()
    guard lstat(output, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      let what = status.st_mode & S_IFMT == S_IFLNK ? "a link" : "not a folder"
      throw CatalogRunError(
        "\(option) \(output): \(what); the catalog writes into a folder of its own")
    }
  }

  /// A screenshot's file name, `KEY@LOCALE.png` with every character but letters, digits, `.`,
  /// `_` and `-` as `_`, at most 120 characters before `@`; a name taken already gets `-2`, `-3`….
  package static func screenshotName(key: String, locale: String, taken: inout Set<String>)
    -> String
  {
    func safe(_ text: String) -> String {
      String(
        text.unicodeScalars.map { scalar -> Character in
          scalar.isASCII
            && (CharacterSet.alphanumerics.contains(scalar)
              || ".-_".unicodeScalars.contains(scalar))
            ? Character(scalar) : "_"
        })
    }
    var stem = String(safe(key).prefix(120))
    if stem.isEmpty || stem.hasPrefix(".") { stem = "_" + stem }
    var name = "\(stem)@\(safe(locale)).png"
    var number = 2
    while !taken.insert(name.lowercased()).inserted {
      name = "\(stem)-\(number)@\(safe(locale)).png"
      number += 1
    }
    return name
  }

  /// A page or the grid inside the output folder: absent or a regular file, never a link, a
  /// FIFO or a device planted there (written to, they would send the page elsewhere or block).
  package static func checkPageTarget(_ path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFREG else {
      let kind =
        switch status.st_mode & S_IFMT {
        case S_IFLNK: "a link"
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
      throw CatalogRunError(
        "-o: \(path) is \(kind); the catalog replaces only regular files it wrote (nothing was written)"
      )
    }
  }

  /// The page files an earlier grid in `folder` shows (`de.png`, `de-0002.png`), as this
  /// command names them; empty when there is none (or it is not a regular file of at most
  /// 64 MiB).
  package static func pagesNamed(inGridOf folder: String) -> Set<String> {
    let grid = (folder as NSString).appendingPathComponent("index.html")
    var status = stat()
    guard lstat(grid, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      let bytes = InputFile.readPrefix(grid, count: 64 << 20)
    else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    var names: Set<String> = []
    let pattern = #"href="([A-Za-z0-9_-]{2,40}(-[0-9]{4})?\.png)""#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
    }
    return names
  }

  /// The key × locale grid: one row a key and form, one column a locale, each cell its text
  /// and verdict; a search box filters the rows by key.
  package static func grid(
    _ catalog: StringCatalog, _ entries: [CatalogReview.Entry], _ images: [String: [String]],
    rightToLeft: Set<String>
  ) -> String {
    let locales = images.keys.sorted { a, b in
      (a == catalog.sourceLanguage ? 0 : 1, a) < (b == catalog.sourceLanguage ? 0 : 1, b)
    }
    var rows: [String: [String: CatalogReview.Entry]] = [:]
    // A row a key and form: keys in the catalog's order, each key's forms in CLDR's.
    var places: [String: (key: Int, form: Int)] = [:]
    let keyIndex = Dictionary(
      catalog.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    for entry in entries {
      let row =
        entry.key + (entry.device.map { " · \($0)" } ?? "") + (entry.form.map { " · \($0)" } ?? "")
      let form = entry.form.flatMap { PluralCategory(rawValue: $0) }
      places[row] = (
        keyIndex[entry.key] ?? Int.max,
        form.flatMap { PluralCategory.allCases.firstIndex(of: $0) } ?? -1
      )
      rows[row, default: [:]][entry.locale] = entry
    }
    let order = places.keys.sorted { a, b in
      let (x, y) = (places[a] ?? (0, 0), places[b] ?? (0, 0))
      return (x.key, x.form, a) < (y.key, y.form, b)
    }
    var html = """
      <!doctype html>
      <html><head><meta charset="utf-8"><title>\(markupEscape(catalog.file))</title>
      <style>
      body { font: 14px system-ui, sans-serif; margin: 16px; }
      table { border-collapse: collapse; }
      th, td { border: 1px solid #ddd; padding: 4px 6px; vertical-align: top; max-width: 24em; }
      th { position: sticky; top: 0; background: #f6f6f6; }
      td.ok { background: #fff; } td.missing { background: #fde2e2; }
      td.bad-format { background: #fbd0f0; } td.missing-glyph { background: #ffe4c4; }
      td.truncated, td.clipped { background: #fff3c4; } td.untranslated { background: #e4ecff; }
      td.missing-form, td.bad-reference, td.refused { background: #fbd0f0; }
      small { color: #666; display: block; }
      </style></head><body>
      <h1>\(markupEscape(catalog.file))</h1>
      <p>\(Set(entries.map(\.key)).count) keys, \(locales.count) locales. Lists: \(locales.map { locale in
        (images[locale] ?? []).map { "<a href=\"\(markupEscape($0))\">\(markupEscape($0))</a>" }.joined(separator: " ")
      }.joined(separator: " · "))</p>
      <p><input id="search" type="search" placeholder="Filter by key" autofocus></p>
      <table><thead><tr><th>key</th>
      """
    html += locales.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
    for row in order {
      html += "<tr data-key=\"\(markupEscape(row.lowercased()))\"><th>\(markupEscape(row))</th>"
      for locale in locales {
        guard let entry = rows[row]?[locale] else {
          html += "<td></td>"
          continue
        }
        // Each text in its own language and direction (an Arabic cell reads right to left).
        let direction = rightToLeft.contains(locale) ? "rtl" : "ltr"
        let language = Pseudolocale(tag: locale) == nil ? locale : catalog.sourceLanguage
        html +=
          "<td class=\"\(entry.verdict.rawValue)\" lang=\"\(markupEscape(language))\" dir=\"\(direction)\">"
          + markupEscape(entry.text)
        if entry.verdict != .ok {
          html +=
            "<small>\(entry.verdict.rawValue)\(entry.detail.map { ": " + markupEscape($0) } ?? "")</small>"
        }
        html += "</td>"
      }
      html += "</tr>\n"
    }
    html += """
      </tbody></table>
      <script>
      document.getElementById('search').addEventListener('input', function (event) {
        var word = event.target.value.toLowerCase();
        document.querySelectorAll('tbody tr').forEach(function (row) {
          row.hidden = word !== '' && row.dataset.key.indexOf(word) < 0;
        });
      });
      </script>
      </body></html>

      """
    return html
  }
}

/// Bad input to a catalog run: what is wrong, in a sentence naming the option or file.
package struct CatalogRunError: Error, CustomStringConvertible {
  package var description: String

  init(_ description: String) { self.description = description }
}
