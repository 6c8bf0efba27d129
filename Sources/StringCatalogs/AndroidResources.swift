import FileIO
import Foundation

/// Android string resources: a `res/` folder whose `values[-qualifiers]/*.xml` files hold
/// `<string name>` and `<plurals name>` with `<item quantity>`; escapes (`\'`, `\"`, `\n`,
/// `\t`, `\@`, `\uXXXX`), quoted runs, CDATA and inline markup read as Android reads them.
package enum AndroidResources {
  /// The catalog of the `res/` folder at `folder`; `values/` is in `defaultLanguage`. Folders
  /// whose qualifiers are not only a locale (`values-night`, `values-de-v21`) are skipped.
  /// - Throws: ``CatalogError`` naming the file, line and column of what cannot be read.
  package static func read(folder: String, defaultLanguage: String = "en") throws -> StringCatalog {
    let entries = try listing(folder)
    // The default folder first: its order is the catalog's.
    let valueFolders = try CatalogFolder.localeFolders(
      entries, in: folder, first: "values", kind: "locale folders"
    ) { name in
      if name == "values" { return defaultLanguage }
      guard name.hasPrefix("values-") else { return nil }
      return languageTag(qualifiers: String(name.dropFirst(7)))
    }
    var gathered = CatalogFolder(folder)
    for (name, locale) in valueFolders {
      let path = (folder as NSString).appendingPathComponent(name)
      try gathered.enter(path)
      for file in try listing(path) where file.hasSuffix(".xml") {
        let filePath = (path as NSString).appendingPathComponent(file)
        guard let bytes = try gathered.read(filePath) else { continue }
        // Android lint's convention: a donottranslate*.xml file holds keys never translated.
        let neverTranslated = file.hasPrefix("donottranslate")
        for (key, var text) in try parse(bytes, file: filePath) {
          if neverTranslated { text.translatable = false }
          try gathered.add(key, text, locale: locale, file: filePath)
        }
      }
    }
    var texts = gathered.texts
    let keys = gathered.keys
    let files = gathered.files
    // A key marked translatable="false" is the same text in every locale: only the default's.
    if let defaults = texts[defaultLanguage] {
      for (key, text) in defaults where !text.translatable {
        for locale in texts.keys where locale != defaultLanguage { texts[locale]?[key] = nil }
      }
    }
    // A text that is a reference to another string (`@string/name`) is that string's text in
    // the same locale, else the default's; references are followed at most 8 deep.
    // Looked up in the texts as read (never in one resolved already: the depth counted is the
    // file's, whatever the order of the keys).
    let read = texts
    for (locale, localeTexts) in read {
      for (key, text) in localeTexts {
        guard let value = text.value, value.hasPrefix("@string/") else { continue }
        var name = String(value.dropFirst(8))
        var resolved: String?
        var problem = "\(value) is more than 8 references deep"
        var seen: Set<String> = [key]
        for _ in 0..<8 {
          guard let target = read[locale]?[name] ?? read[defaultLanguage]?[name] else {
            problem = "\(value) refers to @string/\(name), which is no string of the catalog"
            break
          }
          guard let targetValue = target.value else {
            problem = "\(value) refers to @string/\(name), a plural, which a string cannot be"
            break
          }
          guard targetValue.hasPrefix("@string/") else {
            resolved = targetValue
            break
          }
          guard seen.insert(name).inserted else {
            problem = "\(value) goes round in a cycle through @string/\(name)"
            break
          }
          name = String(targetValue.dropFirst(8))
        }
        if let resolved {
          texts[locale]?[key]?.value = resolved
        } else {
          texts[locale]?[key]?.unresolved = problem
        }
      }
    }
    var catalog = StringCatalog(
      file: folder, sourceLanguage: defaultLanguage, keys: keys, texts: texts, files: files)
    catalog.notation = .android
    return catalog
  }

  /// The names in a folder, sorted, at most ``CatalogLimits/maxFolderEntries``.
  static func listing(_ folder: String) throws -> [String] {
    guard let directory = opendir(folder) else {
      throw CatalogError(file: folder, message: "not a folder that can be read")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      guard name != ".", name != ".." else { continue }
      guard names.count < CatalogLimits.maxFolderEntries else {
        throw CatalogError(
          file: folder, message: "more than \(CatalogLimits.maxFolderEntries) entries")
      }
      names.append(name)
    }
    return names.sorted()
  }

  /// The BCP 47 tag of a `values-` folder's qualifiers (`de`, `pt-rBR` → `pt-BR`, `zh-rTW` →
  /// `zh-Hant-TW`, `iw` → `he`, `b+sr+Latn` → `sr-Latn`); nil when they are not only a locale.
  package static func languageTag(qualifiers: String) -> String? {
    let renamed = ["iw": "he", "in": "id", "ji": "yi", "tl": "fil"]
    func isLetters(_ text: Substring, _ counts: ClosedRange<Int>) -> Bool {
      counts.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
    if qualifiers.hasPrefix("b+") {
      // BCP 47 written with + for -: b+sr+Latn, b+es+419.
      let parts = qualifiers.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
      guard let language = parts.first, isLetters(language, 2...3), parts.count <= 4,
        parts.allSatisfy({
          !$0.isEmpty && $0.count <= 8
            && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        })
      else { return nil }
      var tag = [renamed[language.lowercased()] ?? language.lowercased()]
      for part in parts.dropFirst() {
        if part.count == 4, part.allSatisfy(\.isLetter) {
          tag.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
        } else if part.count == 2, part.allSatisfy(\.isLetter) {
          tag.append(part.uppercased())
        } else {
          tag.append(String(part))
        }
      }
      return tag.joined(separator: "-")
    }
    let parts = qualifiers.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, isLetters(first, 2...3), parts.count <= 2 else { return nil }
    let language = renamed[first.lowercased()] ?? first.lowercased()
    guard parts.count == 2 else { return language }
    let region = parts[1]
    guard region.count == 3, region.first == "r", isLetters(region.dropFirst(), 2...2) else {
      return nil
    }
    let code = region.dropFirst().uppercased()
    if language == "zh" {
      // Chinese as Android's regions imply its script.
      let script = ["TW", "HK", "MO"].contains(code) ? "Hant" : "Hans"
      return "zh-\(script)-\(code)"
    }
    return "\(language)-\(code)"
  }

  /// The strings and plurals of one resource file, in order.
  package static func parse(_ bytes: [UInt8], file: String) throws -> [(String, CatalogText)] {
    var xml = ResourceXML(bytes, file: file)
    let locator = xml
    var reader = ResourceReader()
    try xml.read { event, offset in
      if let message = reader.take(event) {
        var error = locator.fail(message, at: offset)
        error.path = reader.path
        throw error
      }
    }
    return reader.entries
  }

  /// The text of a resource as Android reads it: outside double quotes, runs of white space
  /// are one space and the ends are trimmed; quotes are removed; backslash escapes are read.
  package static func unescape(_ raw: String) -> String {
    var out = ""
    var quoted = false
    var pendingSpace = false
    var iterator = Array(raw.unicodeScalars)[...]
    func flushSpace() {
      if pendingSpace, !out.isEmpty { out += " " }
      pendingSpace = false
    }
    while let scalar = iterator.popFirst() {
      if scalar == "\\" {
        guard let next = iterator.popFirst() else { break }
        flushSpace()
        switch next {
        case "n": out += "\n"
        case "t": out += "\t"
        case "u":
          let hex = String(String.UnicodeScalarView(iterator.prefix(4)))
          guard hex.count == 4, hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
            let value = UInt32(hex, radix: 16)
          else {
            out += "u"
            continue
          }
          iterator = iterator.dropFirst(4)
          if let decoded = Unicode.Scalar(value) {
            out.unicodeScalars.append(decoded)
          } else if (0xD800...0xDBFF).contains(value), iterator.starts(with: ["\\", "u"]),
            let low = UInt32(
              String(String.UnicodeScalarView(iterator.dropFirst(2).prefix(4))), radix: 16),
            (0xDC00...0xDFFF).contains(low),
            let joined = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
          {
            // A surrogate pair written as two escapes (`\uD83E\uDDD8`) is one character.
            out.unicodeScalars.append(joined)
            iterator = iterator.dropFirst(6)
          } else {
            // A lone surrogate is no character: the replacement character, as Java decodes it.
            out += "\u{FFFD}"
          }
        default: out.unicodeScalars.append(next)
        }
      } else if scalar == "\"" {
        quoted.toggle()
      } else if !quoted, scalar.properties.isWhitespace {
        pendingSpace = true
      } else {
        flushSpace()
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// Collects `<string>` and `<plurals>` elements as the reader meets them.
private struct ResourceReader {
  var entries: [(String, CatalogText)] = []
  var depth = 0
  var elements = 0
  /// The string or plurals being read: its name, whether it is translatable, whether plural.
  var current: (name: String, translatable: Bool, isPlural: Bool)?
  var quantity: PluralCategory?
  var buffer = ""
  var forms: [PluralCategory: String] = [:]
  /// Inside a `<string>` or a plural's `<item>`: its text (inline markup's too) is collected.
  var collecting = false

  /// The entry being read, as errors name it.
  var path: String? {
    current.map { "\($0.isPlural ? "plurals" : "string")[name=\($0.name)]" }
  }

  /// Takes one event; what is wrong with it, if anything.
  mutating func take(_ event: ResourceXML.Event) -> String? {
    switch event {
    case .start(let name, let attributes):
      depth += 1
      elements += 1
      guard elements <= CatalogLimits.maxElements else {
        return "more than \(CatalogLimits.maxElements) elements"
      }
      switch (depth, name) {
      case (2, "string"), (2, "plurals"):
        guard let key = attributes["name"], !key.isEmpty else { return "<\(name)> has no name" }
        guard key.utf8.count <= CatalogLimits.maxTextBytes else {
          return "a name longer than \(CatalogLimits.maxTextBytes) bytes"
        }
        current = (key, attributes["translatable"] != "false", name == "plurals")
        buffer = ""
        forms = [:]
        collecting = name == "string"
      case (3, "item") where current?.isPlural == true:
        guard let value = attributes["quantity"], let category = PluralCategory(rawValue: value)
        else { return "<item> of <plurals> needs quantity zero, one, two, few, many or other" }
        quantity = category
        buffer = ""
        collecting = true
      default:
        break  // inline markup (<b>, <xliff:g>) keeps collecting; other resources are skipped
      }
    case .end(let name):
      defer { depth -= 1 }
      guard let entry = current else { return nil }
      switch (depth, name) {
      case (3, "item") where entry.isPlural:
        if let quantity { forms[quantity] = AndroidResources.unescape(buffer) }
        quantity = nil
        collecting = false
      case (2, "string"):
        var text = CatalogText(value: AndroidResources.unescape(buffer))
        text.translatable = entry.translatable
        entries.append((entry.name, text))
        current = nil
        collecting = false
      case (2, "plurals"):
        guard !forms.isEmpty else { return "<plurals> has no <item>" }
        var text = CatalogText(plural: forms)
        text.translatable = entry.translatable
        entries.append((entry.name, text))
        current = nil
      default:
        break
      }
    case .text(let text):
      guard collecting else { return nil }
      buffer += text
      guard buffer.utf8.count <= CatalogLimits.maxTextBytes * 2 else {
        return "a text longer than \(CatalogLimits.maxTextBytes) bytes"
      }
    }
    return nil
  }
}
