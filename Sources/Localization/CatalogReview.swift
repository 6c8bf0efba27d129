import Foundation
import ListRender
import StringCatalogs

/// Every key of a string catalog drawn as a row, one list a locale, and a verdict for each key,
/// locale and plural form: what a translator or a reviewer reads before a release.
package struct CatalogReview {
  /// What a key's text looks like in one locale.
  package enum Verdict: String, Codable, CaseIterable, Sendable {
    /// Drawn whole, inside its cell.
    case ok
    /// The locale has no text for the key: the source text is drawn, the row marked.
    case missing
    /// The translation's placeholders differ from the source's.
    case badFormat = "bad-format"
    /// A character of it has no font: drawn as a box.
    case missingGlyph = "missing-glyph"
    /// Cut by the line limit.
    case truncated
    /// Drawn outside its cell.
    case clipped
    /// Its translation is not finished (`needs_review`, `new`, `stale`).
    case untranslated
    /// A plural form the locale needs for this row's count is not in the translation.
    case missingForm = "missing-form"
    /// An `@string/` reference that leads nowhere, or an undefined substitution.
    case badReference = "bad-reference"
    /// A text no list can draw (a word of thousands of letters with no break, a control
    /// character): the row says why instead, and the rest of the catalog is drawn.
    case refused
  }

  /// Which part of the row holds the text (the key is in another).
  package enum Role: String, CaseIterable, Sendable {
    case title, subtitle, description
  }

  /// How the rows are drawn.
  package struct Options: Sendable {
    package var role: Role = .title
    package var style: CellStyle = .fullWidth
    package var canvas = Canvas()
    /// Lines at most for the text; nil for no limit.
    package var maxLines: Int?
    /// Only the keys matching one of these shell patterns (`settings.*`); empty: every key.
    package var keys: [String] = []
    /// Only these keys (what changed since an earlier catalog); nil: every key.
    package var onlyKeys: Set<String>?

    package init() {}
  }

  /// One key in one locale and form, as `--json` writes it.
  package struct Entry: Codable, Equatable, Sendable {
    package var key: String
    package var locale: String
    /// The CLDR category, for a text that varies by number.
    package var form: String?
    /// The number the form is shown with.
    package var number: Double?
    /// The text drawn, its placeholders filled.
    package var text: String
    /// The lines it is drawn in (after a line limit).
    package var lines: Int
    /// The lines it would need with no limit, when it was truncated.
    package var linesNeeded: Int?
    package var verdict: Verdict
    /// Every verdict that applies, the first the row's own (an unfinished translation that is
    /// also cut short is both); empty for a row that is ok.
    package var verdicts: [Verdict] = []
    /// Why, for a verdict other than ok (the placeholders that differ, the character no font
    /// has, how far outside its cell).
    package var detail: String?
    /// The device variation drawn (`iphone`, `ipad`, …), for a text that varies by device.
    package var device: String?
    /// The page image the row is on (`de.png`, `de-0002.png`), and its top on that page in
    /// points; nil for a row not drawn (`--problems-only`).
    package var page: String?
    package var y: Double?
  }

  /// One locale's list and its entries.
  package struct Page {
    package var locale: String
    package var document: ListDocument
    package var entries: [Entry]
  }

  package let catalog: StringCatalog
  package let options: Options

  package init(catalog: StringCatalog, options: Options) {
    self.catalog = catalog
    self.options = options
  }

  /// The canvas of a locale: its language (line breaking, Han forms) and direction. A
  /// pseudolocale is drawn in the source language, in its own direction.
  func canvas(for locale: String) -> Canvas {
    var canvas = options.canvas
    if let pseudo = Pseudolocale(tag: locale) {
      canvas.language = catalog.sourceLanguage
      canvas.direction = pseudo.isRightToLeft ? .rtl : .ltr
      return canvas
    }
    canvas.language = locale
    canvas.direction = LocaleDirection.isRightToLeft(locale) ? .rtl : .ltr
    return canvas
  }

  /// The list of `locale` before it is laid out, and its entries with the verdicts the catalog
  /// alone gives (missing, bad format, untranslated).
  package func page(_ locale: String) -> Page {
    let pseudo = Pseudolocale(tag: locale)
    let rules =
      pseudo == nil
      ? PluralRules(locale: locale) ?? PluralRules(locale: "en")
      : PluralRules(locale: catalog.sourceLanguage)
    let sourceRules = PluralRules(locale: catalog.sourceLanguage)
    var cells: [Cell] = []
    var entries: [Entry] = []
    // Each number written once a page (ICU opens a formatter for each call).
    var written: [Double: String] = [:]
    func format(_ number: Double) -> String {
      if let text = written[number] { return text }
      let text =
        rules?.format(number) ?? (number == number.rounded() ? String(Int(number)) : String(number))
      written[number] = text
      return text
    }
    for key in catalog.keys where selects(key) {
      guard let source = catalog.text(key, locale: catalog.sourceLanguage) else { continue }
      // A key never translated is its source text everywhere: shown in the source's list only.
      if pseudo == nil, catalog.text(key, locale: locale) == nil, !source.translatable,
        locale != catalog.sourceLanguage
      {
        continue
      }
      // A text whose source varies by number is shown in every form of the locale, even when
      // its translation does not vary (each form is what a user of that count reads).
      // A text that varies by device is drawn once for each device it names.
      let devices: [String?] = {
        let names = catalog.devices(key, locale: pseudo == nil ? locale : catalog.sourceLanguage)
        return names.isEmpty ? [nil] : names
      }()
      let forms: [(PluralCategory?, Double?)] =
        catalog.variesByNumber(key, locale: locale)
        // Each form drawn with a number of its own category, as ICU decides it.
        ? rules.map { rules in
          rules.categories.compactMap { category in rules.samples[category].map { (category, $0) } }
        } ?? [(.other, 3)] : [(nil, nil)]
      for device in devices {
        for (form, number) in forms {
          guard
            let translation = catalog.translation(
              of: key, locale: locale, count: number, rules: rules, sourceRules: sourceRules,
              device: device)
          else { continue }
          let raw = translation.text
          let verdict: Verdict =
            switch translation.problem {
            case .missing?: .missing
            case .badFormat?: .badFormat
            case .untranslated?: .untranslated
            case .missingForm?: .missingForm
            case .badReference?: .badReference
            case nil: .ok
            }
          let detail = translation.detail
          let shown = Placeholder.filled(raw) { placeholder in
            switch placeholder.kind {
            case .integer: format(number ?? 3)
            case .decimal: format(2.5)
            case .text: "Alex"
            case .character: "x"
            case .substitution, .percent: placeholder.description
            }
          }
          let named = device.map { "\(key) · \($0)" } ?? key
          let label =
            form.map { "\(named) · \($0.rawValue) (\(format(number ?? 0)))" } ?? named
          // A text the renderer would refuse is a verdict on its own row, never the end of the
          // run: the row says why in its place.
          let keyProblem = SpecLimits.problem(with: label)
          if let problem = SpecLimits.problem(with: shown) ?? keyProblem {
            let why = (keyProblem != nil ? "the key " : "the text ") + problem
            cells.append(
              row(
                text: "(not drawn: \(why.prefix(120)))",
                key: keyProblem == nil ? label : "(a key no list can draw)", verdict: .refused))
            entries.append(
              Entry(
                key: key, locale: locale, form: form?.rawValue, number: number,
                text: String(shown.prefix(200)), lines: 0, verdict: .refused, detail: why,
                device: device))
            continue
          }
          cells.append(row(text: shown, key: label, verdict: verdict))
          entries.append(
            Entry(
              key: key, locale: locale, form: form?.rawValue, number: number, text: shown, lines: 0,
              verdict: verdict, detail: detail, device: device))
        }
      }
    }
    let document = ListDocument(canvas: canvas(for: locale), sections: [Section(cells: cells)])
    return Page(locale: locale, document: document, entries: entries)
  }

  /// A row: the text in its role, the key in another, a tag naming a verdict the catalog gives.
  private func row(text: String, key: String, verdict: Verdict) -> Cell {
    // A row's title may not be empty: an empty text or key is shown as such.
    let text = text.isEmpty ? "(empty)" : text
    let key = key.isEmpty ? "(empty key)" : key
    let label = Label(text, maxLines: options.maxLines)
    var row: RowCell
    switch options.role {
    case .title: row = RowCell(style: options.style, title: label, subtitle: Label(key))
    case .subtitle: row = RowCell(style: options.style, title: Label(key), subtitle: label)
    case .description:
      row = RowCell(style: options.style, title: Label(key), descriptionText: label)
    }
    if verdict != .ok { row.headline = .tag(verdict.rawValue.uppercased()) }
    return Cell(.row(row))
  }

  /// Whether the options draw `key`: it matches a `--keys` pattern (when there are any) and is
  /// among ``Options/onlyKeys`` (when given).
  package func selects(_ key: String) -> Bool {
    (options.keys.isEmpty || options.keys.contains { fnmatch($0, key, 0) == 0 })
      && (options.onlyKeys?.contains(key) ?? true)
  }

  /// The keys some translation has that the source language does not (never drawn: a row
  /// needs the source text), among the keys the options select.
  package var keysOnlyInTranslations: [String] {
    catalog.keys.filter { key in
      catalog.text(key, locale: catalog.sourceLanguage) == nil && selects(key)
    }
  }

  /// The keys of `catalog` whose source text or any translation differs from `earlier`'s
  /// (added keys, and keys whose text in some locale came, went or changed): what a
  /// translation pull request changes.
  package static func changedKeys(_ catalog: StringCatalog, since earlier: StringCatalog)
    -> Set<String>
  {
    let locales = Set(catalog.texts.keys).union(earlier.texts.keys)
    return Set(
      catalog.keys.filter { key in
        locales.contains { catalog.texts[$0]?[key] != earlier.texts[$0]?[key] }
      })
  }

  /// The page with only its rows whose verdict is not ok, each tagged with its verdict (the
  /// layout's verdicts included); nil when every row is ok.
  package func problemsOnly(_ page: Page) -> Page? {
    let kept = page.entries.indices.filter { page.entries[$0].verdict != .ok }
    guard !kept.isEmpty else { return nil }
    var cells: [Cell] = []
    for index in kept {
      var cell = page.document.sections[0].cells[index]
      if case .row(var row) = cell.kind {
        row.headline = .tag(page.entries[index].verdict.rawValue.uppercased())
        cell.kind = .row(row)
      }
      cells.append(cell)
    }
    var document = page.document
    document.sections = [Section(cells: cells)]
    return Page(locale: page.locale, document: document, entries: kept.map { page.entries[$0] })
  }

  /// Each locale's count of each verdict, locales in the order given.
  package static func summary(_ entries: [Entry]) -> [(locale: String, counts: [Verdict: Int])] {
    var order: [String] = []
    var counts: [String: [Verdict: Int]] = [:]
    for entry in entries {
      if counts[entry.locale] == nil { order.append(entry.locale) }
      // A row counts under every verdict that applies to it.
      for verdict in entry.verdicts.isEmpty ? [entry.verdict] : entry.verdicts {
        counts[entry.locale, default: [:]][verdict, default: 0] += 1
      }
    }
    return order.map { ($0, counts[$0] ?? [:]) }
  }

  /// The layout role the text is drawn in.
  var textRole: LayoutElement.Role {
    switch options.role {
    case .title: .title
    case .subtitle: .subtitle
    case .description: .description
    }
  }

  /// The page's entries with what its layout shows: lines, truncation, clipping, missing
  /// glyphs. `whole` is the page's layout in points; `unlimited` the same rows with no line
  /// limit, laid out only when some text was cut.
  package func judge(_ page: inout Page, whole: LayoutTree, renderer: ListRenderer) throws {
    var blocks: [String: TextBlock] = [:]
    for element in whole.elements where element.role == textRole {
      if case .text(let block) = element.content { blocks[element.source] = block }
    }
    let clipped = Dictionary(
      try renderer.audit(page.document, tree: whole, rules: [.textClipped])
        .filter { $0.kind == textRole.rawValue }.map { ($0.source, $0.measured) },
      uniquingKeysWith: { first, _ in first })
    var needed: [String: Int] = [:]
    if blocks.values.contains(where: \.truncated) {
      var unlimited = page.document
      for index in unlimited.sections[0].cells.indices {
        guard case .row(var row) = unlimited.sections[0].cells[index].kind else { continue }
        row.title.maxLines = nil
        row.subtitle?.maxLines = nil
        row.descriptionText?.maxLines = nil
        unlimited.sections[0].cells[index].kind = .row(row)
      }
      for element in try renderer.layout(unlimited, limits: .points).elements
      where element.role == textRole {
        if case .text(let block) = element.content { needed[element.source] = block.lines.count }
      }
    }
    for index in page.entries.indices {
      let source = ElementPath.cell(section: 0, item: index).description
      guard let block = blocks[source] else { continue }
      page.entries[index].lines = block.lines.count
      // What the layout shows, each a verdict of its own beside the catalog's: the row's
      // verdict is the catalog's when it has one, else the first of these.
      var found: [(Verdict, String)] = []
      if let scalar = block.missingCharacter {
        found.append((.missingGlyph, "no font has U+\(String(format: "%04X", scalar.value))"))
      }
      if block.truncated {
        page.entries[index].linesNeeded = needed[source]
        found.append(
          (
            .truncated,
            "cut to \(block.lines.count) of \(needed[source].map(String.init) ?? "more") lines"
          ))
      } else if let outside = clipped[source] {
        found.append((.clipped, outside))
      }
      var entry = page.entries[index]
      if entry.verdict != .ok { entry.verdicts = [entry.verdict] }
      for (verdict, detail) in found {
        if entry.verdict == .ok {
          entry.verdict = verdict
          entry.detail = detail
        } else if entry.verdicts.count == 1 {
          entry.detail = [entry.detail, detail].compactMap { $0 }.joined(separator: "; ")
        }
        entry.verdicts.append(verdict)
      }
      page.entries[index] = entry
    }
  }
}
