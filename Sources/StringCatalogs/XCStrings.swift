import FileIO
import Foundation

/// Apple String Catalogs (`.xcstrings`): `sourceLanguage`, then `strings.<key>.localizations.
/// <locale>` with a `stringUnit` (`state`, `value`), `variations.plural` (by CLDR category) or
/// `variations.device` (one device's text is taken: `other`, else the first by name), and
/// `substitutions` (`%#@name@` with its own plural forms).
package enum XCStrings {
  /// The catalog at `path`.
  /// - Throws: ``CatalogError`` naming the file and where: not there, too large, not JSON (its
  ///   line and column), too deep, an entry of the wrong shape (its JSON path), over a limit.
  package static func read(_ path: String) throws -> StringCatalog {
    let bytes: [UInt8]?
    do {
      bytes = try InputFile.read(path, maxBytes: CatalogLimits.maxCatalogBytes)
    } catch let error as InputFileError {
      throw CatalogError(file: path, message: error.reason)
    }
    guard let bytes else { throw CatalogError(file: path, message: "no such file") }
    var catalog = try parse(bytes, file: path)
    catalog.files = [path]
    return catalog
  }

  /// A catalog from its bytes; `file` names it in errors.
  package static func parse(_ bytes: [UInt8], file: String) throws -> StringCatalog {
    let root = try JSONReader.parse(bytes, file: file)
    var reader = Reader(file: file)
    return try reader.catalog(root)
  }

  private struct Reader {
    let file: String
    var texts: [String: [String: CatalogText]] = [:]
    /// The locales already known to be language tags (each checked once, not once a key).
    var checkedLocales = Set<String>()

    func fail(_ path: String, _ message: String) -> CatalogError {
      CatalogError(file: file, path: path, message: message)
    }

    /// The members of an object (the last of two with one name).
    func object(_ value: JSONValue?, _ path: @autoclosure () -> String) throws -> JSONValue {
      guard case .object? = value, let value else {
        throw fail(path(), "expected an object, found \(value?.kind ?? "nothing")")
      }
      return value
    }

    func members(_ value: JSONValue) -> [JSONMember] {
      guard case .object(let members) = value else { return [] }
      // Most objects have a few members, all named differently: no set is made for them.
      if members.count <= 8 {
        var distinct = true
        for i in members.indices where distinct {
          for j in members.indices where j > i && members[i].key == members[j].key {
            distinct = false
          }
        }
        if distinct { return members }
      }
      // JSON lets a later member win over an earlier one of the same name.
      var seen = Set<String>()
      var unique: [JSONMember] = []
      for member in members.reversed() where seen.insert(member.key).inserted {
        unique.append(member)
      }
      return unique.reversed()
    }

    func string(_ value: JSONValue?, _ path: @autoclosure () -> String) throws -> String {
      guard case .string(let text)? = value else {
        throw fail(path(), "expected a string, found \(value?.kind ?? "nothing")")
      }
      guard text.utf8.count <= CatalogLimits.maxTextBytes else {
        throw fail(
          path(),
          "is \(text.utf8.count) bytes long; at most \(CatalogLimits.maxTextBytes) are allowed")
      }
      return text
    }

    mutating func catalog(_ root: JSONValue) throws -> StringCatalog {
      let top = try object(root, "$")
      let source = try string(top["sourceLanguage"], "sourceLanguage")
      guard PluralRules.isLanguageTag(source) else {
        throw fail("sourceLanguage", "'\(source)' is not a BCP 47 language tag")
      }
      let strings = members(try object(top["strings"] ?? .object([]), "strings"))
      guard strings.count <= CatalogLimits.maxKeys else {
        throw fail(
          "strings", "has \(strings.count) keys; at most \(CatalogLimits.maxKeys) are allowed")
      }
      var keys: [String] = []
      keys.reserveCapacity(strings.count)
      for member in strings.sorted(by: { $0.key < $1.key }) {
        let (key, value) = (member.key, member.value)
        keys.append(key)
        // The entry's path, made only for an error about it.
        let path = { "strings[\(JSONText.quoted(key))]" }
        guard key.utf8.count <= CatalogLimits.maxTextBytes else {
          throw fail(path(), "the key is longer than \(CatalogLimits.maxTextBytes) bytes")
        }
        let entry = try object(value, path())
        var translatable = true
        if case .bool(let flag)? = entry["shouldTranslate"] { translatable = flag }
        let localizations = try object(
          entry["localizations"] ?? .object([]), path() + ".localizations")
        for member in members(localizations) {
          let (locale, value) = (member.key, member.value)
          let localePath = { "\(path()).localizations[\(JSONText.quoted(locale))]" }
          if !checkedLocales.contains(locale) {
            guard PluralRules.isLanguageTag(locale) else {
              throw fail(localePath(), "'\(locale)' is not a BCP 47 language tag")
            }
            checkedLocales.insert(locale)
          }
          var text = try self.text(try object(value, localePath()), localePath)
          text.translatable = translatable
          try add(text, key: key, locale: locale, path: localePath())
        }
        // A key with no text of its own in the source language is its own source text.
        if texts[source]?[key] == nil {
          var text = CatalogText(value: key)
          text.translatable = translatable
          try add(text, key: key, locale: source, path: path())
        }
      }
      return StringCatalog(file: file, sourceLanguage: source, keys: keys, texts: texts)
    }

    mutating func add(
      _ text: CatalogText, key: String, locale: String, path: @autoclosure () -> String
    ) throws {
      if texts[locale] == nil, texts.count >= CatalogLimits.maxLocales {
        throw fail(path(), "more than \(CatalogLimits.maxLocales) locales")
      }
      texts[locale, default: [:]][key] = text
    }

    /// One localization: a string unit, plural or device variations, substitutions.
    func text(_ object: JSONValue, _ path: @escaping () -> String, depth: Int = 0) throws
      -> CatalogText
    {
      var text = CatalogText()
      if let unit = object["stringUnit"] {
        (text.state, text.value) = try stringUnit(unit, path() + ".stringUnit")
      }
      if let variations = object["variations"] {
        let variations = try self.object(variations, path() + ".variations")
        if let plural = variations["plural"] {
          (text.plural, text.state, text.formStates) = try forms(
            plural, path() + ".variations.plural")
        } else if let device = variations["device"], depth == 0 {
          // Each device's text is kept (a review draws each); the text itself is the one a
          // device not named reads (`other`), else the first by name.
          let devices = try self.object(device, path() + ".variations.device")
          let names = members(devices).map(\.key)
          guard names.count <= CatalogLimits.maxVariations else {
            throw fail(
              path() + ".variations.device", "more than \(CatalogLimits.maxVariations) devices")
          }
          for name in names.sorted() {
            let devicePath = { "\(path()).variations.device.\(name)" }
            text.devices[name] = try self.text(
              try self.object(devices[name], devicePath()), devicePath, depth: 1)
          }
          let chosen = names.contains("other") ? "other" : names.sorted().first
          if let chosen, let inner = text.devices[chosen] {
            text.state = inner.state
            text.value = inner.value
            text.plural = inner.plural
            text.formStates = inner.formStates
          }
        }
      }
      if let substitutions = object["substitutions"] {
        let substitutions = members(try self.object(substitutions, path() + ".substitutions"))
        guard substitutions.count <= CatalogLimits.maxSubstitutions else {
          throw fail(
            path() + ".substitutions", "more than \(CatalogLimits.maxSubstitutions) substitutions")
        }
        for member in substitutions.sorted(by: { $0.key < $1.key }) {
          let (name, value) = (member.key, member.value)
          let subPath = "\(path()).substitutions[\(JSONText.quoted(name))]"
          let sub = try self.object(value, subPath)
          var argument: Int?
          if let number = sub["argNum"] {
            guard case .number(let value) = number, value == value.rounded(),
              (1...99).contains(value)
            else {
              throw fail(subPath + ".argNum", "expected a whole number from 1 to 99")
            }
            argument = Int(value)
          }
          let specifier =
            try sub["formatSpecifier"].map { try string($0, subPath + ".formatSpecifier") } ?? "lld"
          let variations = try self.object(sub["variations"], subPath + ".variations")
          let (forms, _, _) = try self.forms(
            variations["plural"], subPath + ".variations.plural")
          text.substitutions[name] = .init(
            argument: argument, formatSpecifier: specifier, plural: forms)
        }
      }
      guard text.value != nil || !text.plural.isEmpty else {
        throw fail(path(), "has no stringUnit and no plural variations")
      }
      return text
    }

    /// Plural forms by category; the state is the least finished one of the forms, and each
    /// form keeps its own.
    func forms(_ value: JSONValue?, _ path: @autoclosure () -> String) throws -> (
      [PluralCategory: String], CatalogText.State, [PluralCategory: CatalogText.State]
    ) {
      let object = try self.object(value, path())
      var forms: [PluralCategory: String] = [:]
      var states: [PluralCategory: CatalogText.State] = [:]
      var state = CatalogText.State.translated
      for member in members(object) {
        let (name, form) = (member.key, member.value)
        guard let category = PluralCategory(rawValue: name) else {
          throw fail(
            path(), "'\(name)' is not a CLDR plural category (zero, one, two, few, many, other)")
        }
        func formPath() -> String { "\(path()).\(name)" }
        let unit = try self.object(form, formPath())
        let (formState, text) = try stringUnit(unit["stringUnit"], formPath() + ".stringUnit")
        forms[category] = text
        states[category] = formState
        if formState != .translated { state = formState }
      }
      guard !forms.isEmpty else { throw fail(path(), "has no forms") }
      return (forms, state, states)
    }

    func stringUnit(_ value: JSONValue?, _ path: @autoclosure () -> String) throws -> (
      CatalogText.State, String
    ) {
      let unit = try object(value, path())
      let stateName = try unit["state"].map { try string($0, path() + ".state") } ?? "translated"
      guard let state = CatalogText.State(rawValue: stateName) else {
        throw fail(
          path() + ".state",
          "unknown state '\(stateName)'; expected translated, needs_review, new or stale")
      }
      return (state, try string(unit["value"], path() + ".value"))
    }
  }
}

/// JSON text for the paths errors name and the schema ListRender writes.
package enum JSONText {
  /// `text` as a JSON string literal (for the paths errors name; made for every entry, so
  /// without an encoder).
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
