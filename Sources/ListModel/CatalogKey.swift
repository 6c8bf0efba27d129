import Foundation
import StringCatalogs
import Synchronization
import Yams

/// A label's text taken from the document's string catalogs (``ListDocument/strings``): the
/// key, the count that picks its plural form and the arguments its placeholders take. In a spec
/// it is `{ key: settings.roaming, count: 3, args: [Ana] }` wherever a label may be written.
///
/// ```swift
/// let files = Label(key: CatalogKey("files.count", count: 5))
/// ```
public struct CatalogKey: Equatable, Sendable {
  /// The key, as the catalog names it.
  public var name: String
  /// The number that picks the plural form (by the locale's CLDR rules), and fills a number
  /// placeholder no argument fills; nil for a text that does not vary by number.
  public var count: Double?
  /// The texts the placeholders take: argument n fills `%n$@` (or the n-th unnumbered one); a
  /// number placeholder's argument is written for the locale (`1.234,5` in German).
  public var arguments: [String]

  /// A key with its count and arguments.
  public init(_ name: String, count: Double? = nil, arguments: [String] = []) {
    self.name = name
    self.count = count
    self.arguments = arguments
  }
}

extension Label {
  /// A label whose text is the catalog's for `key` in the canvas's ``Canvas/locale``.
  public init(
    key: CatalogKey, maxLines: Int? = nil, language: String? = nil,
    location: SpecLocation = SpecLocation()
  ) {
    self.init("", maxLines: maxLines, language: language, location: location)
    self.key = key
  }
}

/// The catalogs a document names, read once and shared by its copies (each variant, each
/// locale), with each locale's plural rules made once.
package final class LoadedStrings: Sendable {
  package let catalogs: [StringCatalog]
  private let rules = Mutex<[String: PluralRules?]>([:])

  package init(_ catalogs: [StringCatalog]) { self.catalogs = catalogs }

  /// Every file read, each once.
  package var files: [String] {
    var seen = Set<String>()
    return catalogs.flatMap(\.files).filter { seen.insert($0).inserted }
  }

  /// Every locale of the catalogs: the first's source language first, then by tag.
  package var locales: [String] {
    var seen = Set<String>()
    return catalogs.flatMap(\.locales).filter { seen.insert($0).inserted }
  }

  /// The plural rules of `locale` (a pseudolocale counts in `source`).
  package func rules(_ locale: String, source: String) -> PluralRules? {
    let tag = Pseudolocale(tag: locale) == nil ? locale : source
    if let known = rules.withLock({ $0[tag] }) { return known }
    let made = PluralRules(locale: tag) ?? PluralRules(locale: "en")
    rules.withLock { $0[tag] = made }
    return made
  }
}

/// A label whose catalog text is not what a user of the locale should read (no translation,
/// placeholders that differ, a translation not finished): drawn, and reported.
package struct TranslationNote: Equatable, Sendable {
  /// The label's field path (`sections[0].cells[2].title`; an update's sections are
  /// `animation.events[3].update.sections[0]…`).
  package var path: String
  /// The cell the label is in (nil inside an animation's update).
  package var cell: ElementPath?
  /// The label's role: `title`, `subtitle`, `description`, `detail` or `text`.
  package var field: String
  package var key: String
  package var locale: String
  package var problem: Translation.Problem
  package var detail: String

  /// `path: key 'k' in de: what is wrong`.
  package var message: String { "\(path): key '\(key)' in \(locale): \(detail)" }

  /// The verdict's name as `listrender catalog` writes it.
  package var verdict: String {
    switch problem {
    case .missing: "missing"
    case .badFormat: "bad-format"
    case .untranslated: "untranslated"
    case .missingForm: "missing-form"
    case .badReference: "bad-reference"
    }
  }
}

extension Canvas {
  /// The language a locale's text is shaped in: the locale's own tag (a pseudolocale's text
  /// is English).
  package static func language(ofLocale locale: String?) -> String {
    guard let locale else { return "en" }
    return Pseudolocale(tag: locale) == nil ? locale : "en"
  }

  /// The direction a locale is laid out in.
  package static func direction(ofLocale locale: String?) -> LayoutDirection {
    locale.map { LocaleDirection.isRightToLeft($0) ? .rtl : .ltr } ?? .ltr
  }

  /// Takes `locale`, and with it the locale's language and direction unless the spec gave
  /// those itself (`canvas.language`, `canvas.direction`).
  package mutating func localize(to locale: String?) {
    self.locale = locale
    if !given.language { language = Self.language(ofLocale: locale) }
    if !given.direction { direction = Self.direction(ofLocale: locale) }
  }
}

/// Which of the canvas's locale-derived keys a spec gave itself; not part of equality.
package struct GivenKeys: Equatable, Sendable {
  package var language = false
  package var direction = false

  package init() {}

  package static func == (lhs: GivenKeys, rhs: GivenKeys) -> Bool { true }
}

extension ListDocument {
  /// The document with its canvas in `locale` (and the locale's language and direction, unless
  /// the spec gave those) and every label with a ``CatalogKey`` in that locale's text.
  ///
  /// ```swift
  /// let german = try document.localized(to: "de")
  /// let pseudo = try document.localized(to: "en-XA")  // accented, longer, bracketed
  /// ```
  /// - Throws: ``SpecError`` for a catalog that cannot be read, a key no catalog has, or a
  ///   placeholder that neither an argument nor the count fills.
  public func localized(to locale: String) throws -> ListDocument {
    if let problem = SpecLimits.languageProblem(locale) {
      throw SpecError(
        file: "<document>", line: nil, column: nil, path: "canvas.locale", message: problem)
    }
    var copy = self
    copy.canvas.localize(to: locale)
    try copy.resolveStrings()
    return copy
  }

  /// Every locale of the document's catalogs (the source language first); empty when it names
  /// none. Reads the catalogs when the document was not decoded from a spec.
  package func catalogLocales() throws -> [String] {
    guard !strings.isEmpty else { return [] }
    return try loadedStrings().locales
  }

  /// Whether a label of the document (or of an animation's update) takes its text from a key.
  package var hasCatalogKeys: Bool {
    // Read only (no copy of the cells): asked at every renderer entry of every document.
    func keyed(_ sections: [Section]) -> Bool {
      sections.contains { section in
        section.header?.titleKey != nil || section.header?.detailKey != nil
          || section.footer?.titleKey != nil || section.footer?.detailKey != nil
          || section.cells.contains { cell in
            switch cell.kind {
            case .row(let row):
              row.title.key != nil || row.subtitle?.key != nil || row.descriptionText?.key != nil
            case .stereo(let stereo): stereo.title.key != nil || stereo.detail?.key != nil
            case .label(let label): label.text.key != nil
            }
          }
      }
    }
    if keyed(sections) { return true }
    return animation?.events.contains { event in
      if case .update(let updated) = event.action { return keyed(updated) }
      return false
    } ?? false
  }

  /// The document as it is drawn: each keyed label in the canvas's locale. A document with no
  /// keyed label is returned as it is.
  package func resolvingStrings() throws -> ListDocument {
    guard hasCatalogKeys else { return self }
    var copy = self
    try copy.resolveStrings()
    return copy
  }

  /// The catalogs, read now unless the decoder read them.
  private func loadedStrings() throws -> LoadedStrings {
    if let loaded = marks.loadedStrings { return loaded }
    var catalogs: [StringCatalog] = []
    for (index, path) in strings.enumerated() {
      do {
        catalogs.append(try StringCatalog.read(path))
      } catch let error as CatalogError {
        let place = index < marks.strings.count ? marks.strings[index] : nil
        throw SpecError(
          file: place?.file ?? "<document>", line: place?.line, column: place?.column,
          path: "strings[\(index)]", message: error.description)
      }
    }
    return LoadedStrings(catalogs)
  }

  /// Puts each keyed label's text in the canvas's locale (the first catalog's source language
  /// when it has none), and notes each that is not a finished translation.
  package mutating func resolveStrings() throws {
    guard hasCatalogKeys else {
      marks.translationNotes = []
      return
    }
    guard !strings.isEmpty else {
      var first: Label?
      forEachLabel { label, _, _, _ in if first == nil, label.key != nil { first = label } }
      throw (first?.location ?? SpecLocation()).error(
        "a label takes its text from a key, but the document names no string catalog (strings:)")
    }
    let loaded = try loadedStrings()
    marks.loadedStrings = loaded
    // Plural forms and numbers come from ICU: without it a count would pick a wrong form and
    // be written as `5.0`.
    if let problem = PluralRules.icuProblem {
      throw SpecError(
        file: marks.strings.first?.file ?? "<document>", line: nil, column: nil, path: "strings",
        message: problem)
    }
    let sourceLanguage = loaded.catalogs.first?.sourceLanguage ?? "en"
    // The locale asked for, matched to the catalogs' as the platforms fall back (`de-DE` →
    // `de`, `zh-CN` → `zh-Hans`, `iw` → `he`); one with nothing to fall back to is an error,
    // never the source text drawn in silence.
    var locale = canvas.locale ?? sourceLanguage
    marks.localeFallback = nil
    if Pseudolocale(tag: locale) == nil {
      let available = loaded.locales
      guard let matched = LocaleMatch.match(locale, in: available) else {
        throw SpecError(
          file: marks.strings.first?.file ?? "<document>", line: nil, column: nil,
          path: "canvas.locale",
          message:
            "no catalog of strings: has the locale '\(locale)' or one it falls back to (they have \(available.joined(separator: ", ")))"
        )
      }
      if matched != locale {
        marks.localeFallback = "locale '\(locale)' is drawn in the catalogs' '\(matched)'"
        locale = matched
      }
    }
    var notes: [TranslationNote] = []
    var failure: SpecError?
    forEachLabel { label, path, cell, field in
      guard failure == nil, let key = label.key else { return }
      guard
        let catalog = loaded.catalogs.first(where: {
          $0.text(key.name, locale: $0.sourceLanguage) != nil
        })
      else {
        let known = loaded.catalogs.flatMap(\.keys)
        let near = NameSuggestions.nearest(to: key.name, in: known)
        failure = label.location.error(
          "key '\(key.name)' is in no catalog of strings:"
            + (near.isEmpty
              ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)"))
        return
      }
      let rules = loaded.rules(locale, source: catalog.sourceLanguage)
      let sourceRules = loaded.rules(catalog.sourceLanguage, source: catalog.sourceLanguage)
      guard
        let translation = catalog.translation(
          of: key.name, locale: locale, count: key.count, rules: rules, sourceRules: sourceRules)
      else { return }
      // Every placeholder of the source text is filled: a number by the count, the rest by
      // the arguments in order.
      let values = PlaceholderValues(
        source: translation.source, count: key.count, arguments: key.arguments)
      if let placeholder = values.missing.first {
        let numeric = [.integer, .decimal, .substitution].contains(placeholder.kind)
        failure = label.location.error(
          "key '\(key.name)' has the placeholder \(placeholder.shown) that nothing fills (\(numeric ? "give count" : "give args"): '\(translation.source)')"
        )
        return
      }
      label.text = values.fill(translation.text) { rules?.format($0) ?? "\($0)" }
      if let problem = translation.problem {
        notes.append(
          TranslationNote(
            path: path, cell: cell, field: field, key: key.name, locale: locale,
            problem: problem, detail: translation.detail ?? ""))
      }
    }
    if let failure { throw failure }
    marks.translationNotes = notes
  }

  /// Calls `body` with every label of the document's cells and of its animation's updates:
  /// the label, its field path, its cell (nil inside an update) and its role.
  package mutating func forEachLabel(
    _ body: (inout Label, _ path: String, _ cell: ElementPath?, _ field: String) -> Void
  ) {
    func visit(_ sections: inout [Section], prefix: String, main: Bool) {
      for section in sections.indices {
        // A header's or footer's title and detail, each as a label for the while.
        for part in ["header", "footer"] {
          let keyPath: WritableKeyPath<Section, SupplementaryText?> =
            part == "header" ? \.header : \.footer
          guard var text = sections[section][keyPath: keyPath] else { continue }
          let path = "\(prefix)sections[\(section)].\(part)"
          let cell = main ? ElementPath.section(section) : nil
          var title = Label(text.title, location: text.titleMark.location ?? SpecLocation())
          title.key = text.titleKey
          body(&title, path + ".title", cell, part)
          text.title = title.text
          if let detail = text.detail {
            var label = Label(detail, location: text.detailMark.location ?? SpecLocation())
            label.key = text.detailKey
            body(&label, path + ".detail", cell, part + "Detail")
            text.detail = label.text
          }
          sections[section][keyPath: keyPath] = text
        }
        for item in sections[section].cells.indices {
          let path = "\(prefix)sections[\(section)].cells[\(item)]"
          let cell = main ? ElementPath.cell(section: section, item: item) : nil
          func one(_ label: inout Label, _ field: String) {
            body(&label, path + "." + field, cell, field)
          }
          func optional(_ label: inout Label?, _ field: String) {
            guard var present = label else { return }
            one(&present, field)
            label = present
          }
          switch sections[section].cells[item].kind {
          case .row(var row):
            one(&row.title, "title")
            optional(&row.subtitle, "subtitle")
            optional(&row.descriptionText, "description")
            sections[section].cells[item].kind = .row(row)
          case .stereo(var stereo):
            one(&stereo.title, "title")
            optional(&stereo.detail, "detail")
            sections[section].cells[item].kind = .stereo(stereo)
          case .label(var cell):
            one(&cell.text, "text")
            sections[section].cells[item].kind = .label(cell)
          }
        }
      }
    }
    visit(&sections, prefix: "", main: true)
    guard var animation else { return }
    for index in animation.events.indices {
      guard case .update(var updated) = animation.events[index].action else { continue }
      visit(&updated, prefix: "animation.events[\(index)].update.", main: false)
      animation.events[index].action = .update(sections: updated)
    }
    self.animation = animation
  }
}

// MARK: Spec

extension ListDocument {
  /// `{ key, count, args }` (with `maxLines` and `language` as any label has).
  static func catalogKey(in object: ObjectReader) throws -> CatalogKey {
    let name = try object.required("key")
    let text = try name.string()
    guard text.utf8.count <= SpecLimits.maxKeyBytes else {
      throw name.error("a key is at most \(SpecLimits.maxKeyBytes) bytes")
    }
    let arguments = try object.optional("args")?.list(maxCount: SpecLimits.maxArguments).map {
      try $0.string()
    }
    return CatalogKey(
      text, count: try object.optional("count")?.number(in: SpecLimits.countRange),
      arguments: arguments ?? [])
  }
}

extension SpecWriter {
  /// A keyed label's `key`, `count` and `args`.
  func catalogKey(_ key: CatalogKey) -> Pairs {
    var pairs: Pairs = [("key", string(key.name))]
    if let count = key.count { pairs.append(("count", number(count))) }
    if !key.arguments.isEmpty {
      pairs.append(("args", .sequence(.init(key.arguments.map { string($0) }))))
    }
    return pairs
  }
}
