import Foundation

/// One key's text in one locale for one count, and what is wrong with it: what a catalog row
/// (`listrender catalog`) and a spec's label (`{ key: … }`) both draw and both judge, so that the
/// two give the same verdicts.
package struct Translation: Sendable, Equatable {
  /// Why a translation is not what a user of the locale should read.
  package enum Problem: Sendable, Equatable {
    /// The locale has no text for the key: the source text is drawn.
    case missing
    /// The translation's placeholders differ from the source's (what differs).
    case badFormat(String)
    /// The translation's state is not `translated` (`needs_review`, `new`, `stale`).
    case untranslated(CatalogText.State)
    /// The translation varies by number but has no form for the category the locale's rules
    /// give this count (Polish without `few`): another form is drawn, as the app would.
    case missingForm(PluralCategory)
    /// The text is an `@string/` reference that leads nowhere, or names a substitution
    /// (`%#@name@`) it does not define (what is wrong).
    case badReference(String)
  }

  /// The text, its placeholders not yet filled (`%1$@`, `%lld`).
  package var text: String
  /// The source language's text for the same count.
  package var source: String
  /// Nil when the text is the locale's own, translated, with the source's placeholders.
  package var problem: Problem?

  /// What the problem means, in a sentence's words.
  package var detail: String? {
    switch problem {
    case .missing?: "no text in this locale: the source text is drawn"
    case .badFormat(let mismatch)?: mismatch
    case .untranslated(let state)?: "state \(state.rawValue)"
    case .badReference(let why)?: why
    case .missingForm(let category)?:
      "no '\(category.rawValue)' form, which this count needs in this locale: another form is drawn"
    case nil: nil
    }
  }
}

/// Left-to-right or right-to-left, as a locale's script is written.
package enum LocaleDirection {
  /// Languages written right to left, by their primary subtag.
  private static let rightToLeft: Set<String> = [
    "ar", "he", "iw", "fa", "ur", "ps", "sd", "yi", "ji", "dv", "ug", "ckb", "syr",
  ]

  /// Whether `locale` (a BCP 47 tag, or a pseudolocale) is laid out right to left: Arabic,
  /// Hebrew, Persian, Urdu, … and `ar-XB`; a tag with a Latin or Cyrillic script subtag is not.
  package static func isRightToLeft(_ locale: String) -> Bool {
    if let pseudo = Pseudolocale(tag: locale) { return pseudo.isRightToLeft }
    let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map {
      $0.lowercased()
    }
    guard let primary = parts.first else { return false }
    if parts.contains(where: { ["latn", "cyrl"].contains($0) }) { return false }
    if parts.contains("arab") || parts.contains("hebr") { return true }
    return rightToLeft.contains(primary)
  }
}

extension StringCatalog {
  /// Reads the catalog at `path`, whichever ``CatalogSource`` it is (`defaultLanguage`: the
  /// language of an Android `values/` or an Apple `Base.lproj`).
  /// - Throws: ``CatalogError``, "not a string catalog" for anything else.
  package static func read(_ path: String, defaultLanguage: String = "en") throws -> StringCatalog {
    try CatalogSource.of(path).read(path, defaultLanguage: defaultLanguage)
  }

  /// The text of `key` in `locale` for `count` (nil: not a number), with the problem a
  /// reviewer would raise; nil when the catalog has no source text for the key. A pseudolocale
  /// takes the source text, pseudolocalized. `rules` are the locale's plural rules, `sourceRules`
  /// the source language's.
  package func translation(
    of key: String, locale: String, count: Double?, rules: PluralRules?,
    sourceRules: PluralRules?, device: String? = nil
  ) -> Translation? {
    // A device's variation where the text has one (else the text as every device reads it).
    // A width the text lacks reads the widest variation not wider than it, else the narrowest
    // (`variantFittingPresentationWidth`'s rule).
    func variation(_ text: CatalogText?) -> CatalogText? {
      guard let text, let device else { return text }
      if let exact = text.devices[device] { return exact }
      guard device.hasPrefix("width "), let asked = Int(device.dropFirst(6)) else { return text }
      let widths = text.devices.keys.compactMap { name in
        name.hasPrefix("width ") ? Int(name.dropFirst(6)) : nil
      }
      guard let fitting = widths.filter({ $0 <= asked }).max() ?? widths.min() else { return text }
      return text.devices["width \(fitting)"] ?? text
    }
    guard let source = variation(text(key, locale: sourceLanguage)) else { return nil }
    let pseudo = Pseudolocale(tag: locale)
    let own = pseudo == nil ? variation(text(key, locale: locale)) : source
    let sourceText = source.resolved(count: count, rules: sourceRules) ?? ""
    // A key never translated is its source text everywhere, and that is right.
    guard own != nil || source.translatable || locale == sourceLanguage else {
      return Translation(text: sourceText, source: sourceText, problem: nil)
    }
    let chosen = own ?? source
    var text = chosen.resolved(count: count, rules: own == nil ? sourceRules : rules) ?? ""
    if let pseudo, source.translatable { text = pseudo.transform(text) }
    var translation = Translation(text: text, source: sourceText, problem: nil)
    if own == nil, locale != sourceLanguage {
      translation.problem = .missing
    } else if chosen.overflows(count: count, rules: own == nil ? sourceRules : rules) {
      translation.problem = .badReference(
        "its substitutions name each other and grow past \(CatalogLimits.maxExpandedBytes) bytes")
    } else if let why = chosen.unresolved ?? chosen.undefinedSubstitution(in: text) {
      translation.problem = .badReference(why)
    } else if let own, pseudo == nil, let count, let rules,
      let lacking = own.missingForm(for: count, rules: rules)
    {
      translation.problem = .missingForm(lacking)
    } else if let mismatch = Placeholder.mismatch(
      source: sourceText, translation: text,
      mayOmitCount: count.map { count in
        (rules ?? sourceRules).map { $0.holdsOneNumber($0.category(for: count)) } ?? false
      } ?? false,
      notation: notation)
    {
      translation.problem = .badFormat(mismatch)
    } else if case let formState = chosen.state(
      count: count, rules: own == nil ? sourceRules : rules),
      formState != .translated, pseudo == nil
    {
      translation.problem = .untranslated(formState)
    }
    return translation
  }

  /// The devices or widths the key's source text or its text in `locale` varies by, or empty:
  /// sorted by name, widths by number (`width 20` before `width 100`).
  package func devices(_ key: String, locale: String) -> [String] {
    let names = Set(text(key, locale: sourceLanguage)?.devices.keys ?? [:].keys)
      .union(text(key, locale: locale)?.devices.keys ?? [:].keys)
    func order(_ name: String) -> (Int, String) {
      name.hasPrefix("width ") ? (Int(name.dropFirst(6)) ?? 0, "") : (Int.max, name)
    }
    return names.sorted { order($0) < order($1) }
  }

  /// Whether the key's source text (or any translation) varies by number: it is drawn in each
  /// plural category of a locale.
  package func variesByNumber(_ key: String, locale: String) -> Bool {
    [text(key, locale: locale), text(key, locale: sourceLanguage)].contains { text in
      guard let text else { return false }
      return !text.plural.isEmpty || !text.substitutions.isEmpty
    }
  }
}

/// What fills a text's placeholders: a spec's `count` and `args` matched to the source text's
/// arguments. A number placeholder takes the count when there is one; `args` fill the other
/// arguments in their order (`%lld files for %@` with count 5 and args [Ana]: 5, then Ana).
package struct PlaceholderValues: Sendable, Equatable {
  /// An argument's value.
  package enum Value: Sendable, Equatable {
    case number(Double)
    case text(String)
  }

  /// The value of each argument (1-based), as the source text numbers them.
  package var values: [Int: Value] = [:]
  /// The source's placeholders nothing fills.
  package var missing: [Placeholder] = []

  /// The values for `source`'s placeholders from `count` and `arguments`.
  package init(source: String, count: Double?, arguments: [String]) {
    var kinds: [Int: Placeholder.Kind] = [:]
    var unfilled: [Int: Placeholder] = [:]
    for placeholder in Placeholder.all(in: source) where placeholder.kind != .substitution {
      kinds[placeholder.argument] = placeholder.kind
      unfilled[placeholder.argument] = placeholder
    }
    var remaining = arguments[...]
    for argument in kinds.keys.sorted() {
      let numeric = kinds[argument] == .integer || kinds[argument] == .decimal
      if numeric, let count {
        values[argument] = .number(count)
      } else if let given = remaining.popFirst() {
        if numeric, let number = Double(given), number.isFinite {
          values[argument] = .number(number)
        } else {
          values[argument] = .text(given)
        }
      } else if let placeholder = unfilled[argument] {
        missing.append(placeholder)
      }
    }
    // A substitution (`%#@files@`) counts with the count.
    if count == nil, Placeholder.all(in: source).contains(where: { $0.kind == .substitution }),
      let first = Placeholder.all(in: source).first(where: { $0.kind == .substitution })
    {
      missing.append(first)
    }
  }

  /// `text` (the source or a translation, numbered as the source is) with each placeholder
  /// filled: numbers written by `format`, a placeholder with no value left as it is.
  package func fill(_ text: String, format: (Double) -> String) -> String {
    Placeholder.filled(text) { placeholder in
      switch values[placeholder.argument] {
      case .number(let number)?: format(number)
      case .text(let value)?: value
      case nil: placeholder.shown
      }
    }
  }
}

extension Placeholder {
  /// As a translator writes it: `%@`, `%lld`, `%2$@`, `%#@name@`.
  package var shown: String {
    switch kind {
    case .text: "%\(argument)$@"
    case .integer: "%\(argument)$lld"
    case .decimal: "%\(argument)$f"
    case .character: "%\(argument)$c"
    case .substitution: "%#@\(name ?? "")@"
    case .percent: "%%"
    }
  }
}

extension CatalogText {
  /// Why `text` (this text resolved) names a substitution it does not define, or nil.
  package func undefinedSubstitution(in text: String) -> String? {
    for placeholder in Placeholder.all(in: text) where placeholder.kind == .substitution {
      if let name = placeholder.name, substitutions[name] == nil {
        return "%#@\(name)@ names no substitution of the text"
      }
    }
    return nil
  }

  /// The category `count` falls in by `rules` when this text varies by number (itself or a
  /// substitution) and has no form for it; nil otherwise.
  package func missingForm(for count: Double, rules: PluralRules) -> PluralCategory? {
    let category = rules.category(for: count)
    if !plural.isEmpty, plural[category] == nil { return category }
    for name in substitutions.keys.sorted() {
      if let forms = substitutions[name]?.plural, !forms.isEmpty, forms[category] == nil {
        return category
      }
    }
    return nil
  }
}
