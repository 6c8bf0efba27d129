import Foundation

/// An app's strings in every language it ships: an Apple String Catalog (`.xcstrings`) or an
/// Android `res/` folder, read into one shape. Each key has, per locale, a text (plain or by
/// CLDR plural category) and the state its translation is in.
package struct StringCatalog: Sendable, Equatable {
  /// Where the catalog was read from.
  package var file: String
  /// The language the keys' source texts are in (BCP 47).
  package var sourceLanguage: String
  /// Every key, in order (sorted, as Xcode writes them; Android: as the default folder lists
  /// them, then keys only translations have).
  package var keys: [String]
  /// The texts by locale (BCP 47), then by key.
  package var texts: [String: [String: CatalogText]]
  /// What was read to make it, each once: the `.xcstrings` file; or the `res/` folder, each
  /// `values*` folder read and each resource file in them (a folder stands for its listing: a
  /// file added to it changes what the catalog holds).
  package var files: [String] = []
  /// How the catalog writes placeholders (messages name them so): a String Catalog's `%lld`,
  /// an Android resource's `%d`.
  package var notation: Placeholder.Notation = .apple

  /// Every locale with at least one text: the source language first, then by tag.
  package var locales: [String] {
    texts.keys.sorted { a, b in
      (a == sourceLanguage ? 0 : 1, a) < (b == sourceLanguage ? 0 : 1, b)
    }
  }

  /// The text of `key` in `locale`, nil when the locale has none.
  package func text(_ key: String, locale: String) -> CatalogText? {
    texts[locale]?[key]
  }
}

/// The CLDR plural categories (Unicode TR 35, Plural Rules).
package enum PluralCategory: String, CaseIterable, Comparable, Sendable {
  case zero, one, two, few, many, other

  /// The category's place in CLDR's order.
  private var rank: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .few: 3
    case .many: 4
    case .other: 5
    }
  }

  package static func < (a: PluralCategory, b: PluralCategory) -> Bool { a.rank < b.rank }
}

/// One key's text in one locale.
package struct CatalogText: Sendable, Equatable {
  /// How far the translation got, as a String Catalog's `stringUnit.state` says.
  package enum State: String, Sendable {
    case translated
    case needsReview = "needs_review"
    case new
    case stale
  }

  /// A `%#@name@` part of the text: its own plural forms, filled with argument `argument`.
  package struct Substitution: Sendable, Equatable {
    /// Which argument (1-based) counts; nil: the first.
    package var argument: Int?
    /// The specifier the forms' `%arg` stands for (`lld`, `@`).
    package var formatSpecifier: String
    package var plural: [PluralCategory: String]
  }

  package var state: State = .translated
  /// Each plural form's own state (a String Catalog's forms each have one).
  package var formStates: [PluralCategory: State] = [:]
  /// The text's variations, each its own text drawn as its own row: a String Catalog's or a
  /// `.stringsdict`'s devices (`iphone`, `ipad`, `mac`, `other`…; the text itself is `other`'s)
  /// or a `.stringsdict`'s widths (`width 20`, in ems; the text itself is the widest one's).
  /// Empty when the text does not vary.
  package var devices: [String: CatalogText] = [:]
  /// The text when it does not vary by number.
  package var value: String?
  /// The text by plural category, when it varies.
  package var plural: [PluralCategory: String] = [:]
  package var substitutions: [String: Substitution] = [:]
  /// False for a key its catalog marks as never translated (`shouldTranslate: false`,
  /// `translatable="false"`).
  package var translatable = true
  /// Why the text is not what Android shows: an `@string/` reference that leads nowhere
  /// (missing, a plural, a cycle, more than 8 deep); nil when it is.
  package var unresolved: String?

  /// The state of the form drawn for `count` (by `rules`): that form's own when it has one,
  /// else the text's.
  package func state(count: Double?, rules: PluralRules?) -> State {
    guard !plural.isEmpty, let count, let rules else { return state }
    let category = rules.category(for: count)
    let drawn = plural[category] != nil ? category : plural[.other] != nil ? .other : .one
    return formStates[drawn] ?? state
  }

  /// The text for `count` (by `rules`), with each substitution's form for the same count put
  /// in. Nil when the text has no form for it (and no `other`).
  package func resolved(count: Double?, rules: PluralRules?) -> String? {
    func pick(_ forms: [PluralCategory: String]) -> String? {
      guard !forms.isEmpty else { return nil }
      if let count, let rules, let form = forms[rules.category(for: count)] { return form }
      return forms[.other] ?? forms[.one]
    }
    guard var text = plural.isEmpty ? value : pick(plural) else { return nil }
    for name in substitutions.keys.sorted() {
      guard let substitution = substitutions[name], let form = pick(substitution.plural) else {
        continue
      }
      let filled = form.replacingOccurrences(
        of: "%arg", with: "%" + substitution.formatSpecifier)
      // Substitutions may name each other: the text's size is checked before each is put in,
      // so that forms which double at every step are refused at the bound, not built.
      let token = "%#@\(name)@"
      let occurrences = text.components(separatedBy: token).count - 1
      guard
        text.utf8.count + occurrences * max(0, filled.utf8.count - token.utf8.count)
          <= CatalogLimits.maxExpandedBytes
      else { return nil }
      text = text.replacingOccurrences(of: token, with: filled)
    }
    return text
  }

  /// Whether the text's substitutions put in for `count` grow past
  /// ``CatalogLimits/maxExpandedBytes`` (they name each other).
  package func overflows(count: Double?, rules: PluralRules?) -> Bool {
    !substitutions.isEmpty && resolved(count: count, rules: rules) == nil
      && (plural.isEmpty ? value != nil : !plural.isEmpty)
  }
}

/// What a catalog may hold: it is read from untrusted hands, as fonts and goldens are.
package enum CatalogLimits {
  /// The most bytes of one `.xcstrings` file.
  package static let maxCatalogBytes = 32 << 20
  /// The most bytes of one Android resource file.
  package static let maxResourceBytes = 8 << 20
  /// The most keys of a catalog.
  package static let maxKeys = 100_000
  /// The most locales of a catalog.
  package static let maxLocales = 500
  /// The most bytes of one text.
  package static let maxTextBytes = 10_000
  /// The deepest nesting of a `.xcstrings` file's JSON or a resource file's XML.
  package static let maxDepth = 32
  /// The most bytes a text may grow to once its substitutions are put in.
  package static let maxExpandedBytes = 4 * maxTextBytes
  /// The most substitutions of one text.
  package static let maxSubstitutions = 16
  /// The most device or width variations of one text.
  package static let maxVariations = 16
  /// The most entries of a `res/` folder, and of each `values*` folder in it.
  package static let maxFolderEntries = 2_000
  /// The most elements of one resource file.
  package static let maxElements = 500_000
}

/// A catalog that cannot be read: the file, where in it (a line and column, or the JSON path
/// of the entry) and what is wrong.
package struct CatalogError: Error, CustomStringConvertible, Equatable {
  package var file: String
  package var line: Int?
  package var column: Int?
  /// The entry's path: `strings["key"].localizations.de` or `string[name=key]`.
  package var path: String?
  package var message: String

  package init(
    file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.path = path
    self.message = message
  }

  package var description: String {
    var place = file
    if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
    return place + ": " + (path.map { "\($0): " } ?? "") + message
  }
}

/// A format placeholder of a text: `%@`, `%lld`, `%1$s`, `%#@name@`.
package struct Placeholder: Hashable, Sendable, CustomStringConvertible {
  /// What the placeholder takes.
  package enum Kind: String, Sendable {
    /// An object or string: `%@`, `%s`.
    case text
    /// A whole number: `%d`, `%lld`, `%u`.
    case integer
    /// A number with a fraction: `%f`, `%.1f`, `%g`.
    case decimal
    /// A character: `%c`.
    case character
    /// A String Catalog substitution, `%#@name@`.
    case substitution
    /// `%%`, a percent sign (never in ``Placeholder/all(in:)``).
    case percent
  }

  /// The argument it takes, 1-based: its own `n$`, else its place among the unnumbered ones.
  package var argument: Int
  package var kind: Kind
  /// The substitution's name.
  package var name: String?

  package var description: String {
    kind == .substitution ? "%#@\(name ?? "")@" : "%\(argument)$\(kind.rawValue)"
  }

  /// The placeholders of `text` in order; `%%` is a percent sign, not a placeholder. A `%`
  /// not followed by a conversion is text.
  package static func all(in text: String) -> [Placeholder] {
    scan(text).map(\.placeholder).filter { $0.kind != .percent }
  }

  /// `text` with each placeholder replaced by `value(placeholder)` and `%%` by `%`.
  package static func filled(_ text: String, with value: (Placeholder) -> String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var cursor = 0
    for (range, placeholder) in scan(text) {
      out.append(contentsOf: scalars[cursor..<range.lowerBound])
      out.append(
        contentsOf: (placeholder.kind == .percent ? "%" : value(placeholder)).unicodeScalars)
      cursor = range.upperBound
    }
    out.append(contentsOf: scalars[cursor...])
    return String(out)
  }

  /// `text` cut into runs of plain text and placeholders (`%%` counts as a placeholder), in
  /// order: whether each run is a placeholder, and the run.
  package static func segments(_ text: String) -> [(isPlaceholder: Bool, text: String)] {
    let scalars = Array(text.unicodeScalars)
    var out: [(isPlaceholder: Bool, text: String)] = []
    var cursor = 0
    func run(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
    for (range, _) in scan(text) {
      if range.lowerBound > cursor { out.append((false, run(cursor..<range.lowerBound))) }
      out.append((true, run(range)))
      cursor = range.upperBound
    }
    if cursor < scalars.count { out.append((false, run(cursor..<scalars.count))) }
    return out
  }

  /// Each placeholder with the scalar offsets it spans.
  private static func scan(_ text: String) -> [(range: Range<Int>, placeholder: Placeholder)] {
    let scalars = Array(text.unicodeScalars)
    var out: [(range: Range<Int>, placeholder: Placeholder)] = []
    var next = 1
    var index = 0
    while index < scalars.count {
      defer { index += 1 }
      guard scalars[index] == "%" else { continue }
      var cursor = index + 1
      guard cursor < scalars.count else { break }
      if scalars[cursor] == "%" {
        out.append((index..<(cursor + 1), Placeholder(argument: 0, kind: .percent)))
        index = cursor
        continue
      }
      if scalars[cursor] == "#", cursor + 1 < scalars.count, scalars[cursor + 1] == "@" {
        var end = cursor + 2
        while end < scalars.count, scalars[end] != "@", end - cursor < 64 { end += 1 }
        if end < scalars.count, scalars[end] == "@" {
          let name = String(String.UnicodeScalarView(scalars[(cursor + 2)..<end]))
          out.append(
            (index..<(end + 1), Placeholder(argument: next, kind: .substitution, name: name)))
          next += 1
          index = end
        }
        continue
      }
      // %[n$][flags][width][.precision][length]conversion
      func isDigit(_ at: Int) -> Bool { at < scalars.count && ("0"..."9").contains(scalars[at]) }
      var position: Int?
      var number = 0
      while isDigit(cursor), cursor - index <= 4 {
        number = number * 10 + Int(scalars[cursor].value - 48)
        cursor += 1
      }
      if cursor > index + 1, cursor < scalars.count, scalars[cursor] == "$", number > 0 {
        position = number
        cursor += 1
      } else {
        cursor = index + 1
      }
      while cursor < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[cursor]) {
        cursor += 1
      }
      while isDigit(cursor) || (cursor < scalars.count && scalars[cursor] == ".") { cursor += 1 }
      while cursor < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[cursor]) {
        cursor += 1
      }
      guard cursor < scalars.count else { break }
      let kind: Kind
      switch scalars[cursor] {
      case "@", "s", "S": kind = .text
      case "d", "i", "u", "o", "x", "X", "D", "U", "O": kind = .integer
      case "f", "F", "e", "E", "g", "G", "a", "A": kind = .decimal
      case "c", "C": kind = .character
      default: continue
      }
      if let position {
        out.append((index..<(cursor + 1), Placeholder(argument: position, kind: kind)))
      } else {
        out.append((index..<(cursor + 1), Placeholder(argument: next, kind: kind)))
        next += 1
      }
      index = cursor
    }
    return out
  }

  /// What is wrong with a translation's placeholders against its source's, or nil when they
  /// take the same arguments of the same kinds (in any order, as positions allow).
  package static func mismatch(
    source: String, translation: String, mayOmitCount: Bool = false,
    notation: Notation = .internal
  ) -> String? {
    let expected = Set(all(in: source))
    let found = Set(all(in: translation))
    guard expected != found else { return nil }
    var missing = expected.subtracting(found).sorted { $0.argument < $1.argument }
    let extra = found.subtracting(expected).sorted { $0.argument < $1.argument }
    // A plural form of a category that holds one number (Arabic zero, one, two) may leave the
    // number out, as the platforms' own checks allow ("ملف واحد": one file): its integer
    // placeholders, or the source's only placeholder whatever its kind (an Android count
    // formatted as text, `%s watching`, is still the count).
    if mayOmitCount, extra.isEmpty {
      missing.removeAll { $0.kind == .integer || expected.count == 1 }
      if missing.isEmpty { return nil }
    }
    func shown(_ list: [Placeholder]) -> String {
      list.map { placeholder in
        switch notation {
        case .internal: placeholder.description
        case .apple: placeholder.shown
        case .android: placeholder.androidShown
        }
      }.joined(separator: ", ")
    }
    var parts: [String] = []
    if !missing.isEmpty { parts.append("lacks " + shown(missing)) }
    if !extra.isEmpty { parts.append("has " + shown(extra)) }
    return parts.joined(separator: "; ")
  }

  /// How a message writes placeholders: ListRender's own names (`%1$integer`), or as a String
  /// Catalog (`%1$lld`, `%1$@`) or an Android resource (`%1$d`, `%1$s`) writes them.
  package enum Notation: Sendable {
    case `internal`, apple, android
  }

  /// As an Android resource writes it: `%1$s`, `%1$d`.
  package var androidShown: String {
    switch kind {
    case .text: "%\(argument)$s"
    case .integer: "%\(argument)$d"
    case .decimal: "%\(argument)$f"
    case .character: "%\(argument)$c"
    case .substitution: "%#@\(name ?? "")@"
    case .percent: "%%"
    }
  }
}
