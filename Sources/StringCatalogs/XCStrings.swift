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
    try JSONDepth.check(bytes, file: file)
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      let (line, column) = JSONDepth.syntaxPlace(of: error)
      throw CatalogError(
        file: file, line: line, column: column, message: "not JSON: \(JSONDepth.reason(of: error))")
    }
    var reader = Reader(file: file)
    return try reader.catalog(root)
  }

  private struct Reader {
    let file: String
    var texts: [String: [String: CatalogText]] = [:]

    func fail(_ path: String, _ message: String) -> CatalogError {
      CatalogError(file: file, path: path, message: message)
    }

    func object(_ value: Any?, _ path: String) throws -> [String: Any] {
      guard let object = value as? [String: Any] else {
        throw fail(path, "expected an object, found \(kind(of: value))")
      }
      return object
    }

    func string(_ value: Any?, _ path: String) throws -> String {
      guard let text = value as? String else {
        throw fail(path, "expected a string, found \(kind(of: value))")
      }
      guard text.utf8.count <= CatalogLimits.maxTextBytes else {
        throw fail(
          path,
          "is \(text.utf8.count) bytes long; at most \(CatalogLimits.maxTextBytes) are allowed")
      }
      return text
    }

    func kind(of value: Any?) -> String {
      switch value {
      case nil: "nothing"
      case is String: "a string"
      case is [Any]: "a list"
      case is [String: Any]: "an object"
      case is NSNull: "null"
      default: "a number or boolean"
      }
    }

    mutating func catalog(_ root: Any) throws -> StringCatalog {
      let top = try object(root, "$")
      let source = try string(top["sourceLanguage"], "sourceLanguage")
      guard PluralRules.isLanguageTag(source) else {
        throw fail("sourceLanguage", "'\(source)' is not a BCP 47 language tag")
      }
      let strings = try object(top["strings"] ?? [String: Any](), "strings")
      guard strings.count <= CatalogLimits.maxKeys else {
        throw fail(
          "strings", "has \(strings.count) keys; at most \(CatalogLimits.maxKeys) are allowed")
      }
      let keys = strings.keys.sorted()
      for key in keys {
        let path = "strings[\(JSONDepth.quoted(key))]"
        guard key.utf8.count <= CatalogLimits.maxTextBytes else {
          throw fail(path, "the key is longer than \(CatalogLimits.maxTextBytes) bytes")
        }
        let entry = try object(strings[key], path)
        let translatable = (entry["shouldTranslate"] as? Bool) ?? true
        let localizations = try object(
          entry["localizations"] ?? [String: Any](), path + ".localizations")
        for (locale, value) in localizations {
          let localePath = "\(path).localizations[\(JSONDepth.quoted(locale))]"
          guard PluralRules.isLanguageTag(locale) else {
            throw fail(localePath, "'\(locale)' is not a BCP 47 language tag")
          }
          var text = try self.text(try object(value, localePath), localePath)
          text.translatable = translatable
          try add(text, key: key, locale: locale, path: localePath)
        }
        // A key with no text of its own in the source language is its own source text.
        if texts[source]?[key] == nil {
          var text = CatalogText(value: key)
          text.translatable = translatable
          try add(text, key: key, locale: source, path: path)
        }
      }
      return StringCatalog(file: file, sourceLanguage: source, keys: keys, texts: texts)
    }

    mutating func add(_ text: CatalogText, key: String, locale: String, path: String) throws {
      if texts[locale] == nil, texts.count >= CatalogLimits.maxLocales {
        throw fail(path, "more than \(CatalogLimits.maxLocales) locales")
      }
      texts[locale, default: [:]][key] = text
    }

    /// One localization: a string unit, plural or device variations, substitutions.
    func text(_ object: [String: Any], _ path: String, depth: Int = 0) throws -> CatalogText {
      var text = CatalogText()
      if let unit = object["stringUnit"] {
        (text.state, text.value) = try stringUnit(unit, path + ".stringUnit")
      }
      if let variations = object["variations"] {
        let variations = try self.object(variations, path + ".variations")
        if let plural = variations["plural"] {
          (text.plural, text.state) = try forms(plural, path + ".variations.plural")
        } else if let device = variations["device"], depth == 0 {
          let devices = try self.object(device, path + ".variations.device")
          let chosen = devices["other"] != nil ? "other" : devices.keys.sorted().first
          if let chosen {
            let devicePath = "\(path).variations.device.\(chosen)"
            let inner = try self.text(
              try self.object(devices[chosen], devicePath), devicePath, depth: 1)
            text.state = inner.state
            text.value = inner.value
            text.plural = inner.plural
          }
        }
      }
      if let substitutions = object["substitutions"] {
        let substitutions = try self.object(substitutions, path + ".substitutions")
        guard substitutions.count <= CatalogLimits.maxSubstitutions else {
          throw fail(
            path + ".substitutions", "more than \(CatalogLimits.maxSubstitutions) substitutions")
        }
        for name in substitutions.keys.sorted() {
          let subPath = "\(path).substitutions[\(JSONDepth.quoted(name))]"
          let sub = try self.object(substitutions[name], subPath)
          var argument: Int?
          if let number = sub["argNum"] {
            guard let value = number as? Int, (1...99).contains(value) else {
              throw fail(subPath + ".argNum", "expected a whole number from 1 to 99")
            }
            argument = value
          }
          let specifier =
            try sub["formatSpecifier"].map { try string($0, subPath + ".formatSpecifier") } ?? "lld"
          let variations = try self.object(sub["variations"], subPath + ".variations")
          let (forms, _) = try self.forms(variations["plural"], subPath + ".variations.plural")
          text.substitutions[name] = .init(
            argument: argument, formatSpecifier: specifier, plural: forms)
        }
      }
      guard text.value != nil || !text.plural.isEmpty else {
        throw fail(path, "has no stringUnit and no plural variations")
      }
      return text
    }

    /// Plural forms by category; the state is the least finished one of the forms.
    func forms(_ value: Any?, _ path: String) throws -> (
      [PluralCategory: String], CatalogText.State
    ) {
      let object = try self.object(value, path)
      var forms: [PluralCategory: String] = [:]
      var state = CatalogText.State.translated
      for (name, form) in object {
        guard let category = PluralCategory(rawValue: name) else {
          throw fail(
            path, "'\(name)' is not a CLDR plural category (zero, one, two, few, many, other)")
        }
        let formPath = "\(path).\(name)"
        let unit = try self.object(form, formPath)
        let (formState, text) = try stringUnit(unit["stringUnit"], formPath + ".stringUnit")
        forms[category] = text
        if formState != .translated { state = formState }
      }
      guard !forms.isEmpty else { throw fail(path, "has no forms") }
      return (forms, state)
    }

    func stringUnit(_ value: Any?, _ path: String) throws -> (CatalogText.State, String) {
      let unit = try object(value, path)
      let stateName = try unit["state"].map { try string($0, path + ".state") } ?? "translated"
      guard let state = CatalogText.State(rawValue: stateName) else {
        throw fail(
          path + ".state",
          "unknown state '\(stateName)'; expected translated, needs_review, new or stale")
      }
      return (state, try string(unit["value"], path + ".value"))
    }
  }
}

/// Checks on JSON text before a parser sees it, and the place of a parser's error.
enum JSONDepth {
  /// Refuses text nested deeper than ``CatalogLimits/maxDepth`` (a recursive parser's stack).
  static func check(_ bytes: [UInt8], file: String) throws {
    var depth = 0
    var inString = false
    var escaped = false
    var line = 1
    var column = 0
    for byte in bytes {
      column += 1
      if byte == 0x0A {
        line += 1
        column = 0
      }
      if inString {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
        continue
      }
      switch byte {
      case 0x22: inString = true
      case 0x5B, 0x7B:
        depth += 1
        guard depth <= CatalogLimits.maxDepth else {
          throw CatalogError(
            file: file, line: line, column: column,
            message: "nested more than \(CatalogLimits.maxDepth) levels")
        }
      case 0x5D, 0x7D: depth -= 1
      default: break
      }
    }
  }

  /// The line and column Foundation's JSON error names, when it names them.
  static func syntaxPlace(of error: Error) -> (Int?, Int?) {
    let text = reason(of: error)
    func number(after word: String) -> Int? {
      guard let range = text.range(of: word + " ") else { return nil }
      return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
    return (number(after: "line"), number(after: "column"))
  }

  static func reason(of error: Error) -> String {
    let nsError = error as NSError
    return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
  }

  /// `text` as a JSON string literal (for the paths errors name; made for every entry, so
  /// without an encoder).
  static func quoted(_ text: String) -> String {
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
