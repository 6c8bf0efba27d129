import FileIO
import Foundation

/// Apple's localization folders before String Catalogs: `xx.lproj` folders of `.strings` files
/// (`"key" = "text";`) and `.stringsdict` files (property lists of plural rules), read into the
/// catalog shape. `Base.lproj` holds the development language's texts; a folder named for that
/// language overrides them key by key. A `.stringsdict` entry is a text with substitutions, as a
/// String Catalog's `%#@name@` is.
package enum LegacyStrings {
  /// The catalog of the folder of `.lproj` folders at `folder`; `Base.lproj` is in
  /// `defaultLanguage`.
  /// - Throws: ``CatalogError`` naming the file, line and column of what cannot be read.
  package static func read(folder: String, defaultLanguage: String = "en") throws -> StringCatalog {
    // Base first (the defaults), then the languages by name.
    let folders = try CatalogFolder.localeFolders(
      try AndroidResources.listing(folder), in: folder, first: "Base.lproj",
      kind: ".lproj folders"
    ) { name in
      guard name.hasSuffix(".lproj") else { return nil }
      let stem = String(name.dropLast(6))
      if stem == "Base" { return defaultLanguage }
      let tag = stem.replacingOccurrences(of: "_", with: "-")
      return PluralRules.isLanguageTag(tag) ? tag : nil
    }
    guard !folders.isEmpty else {
      throw CatalogError(file: folder, message: "holds no .lproj folder")
    }
    var gathered = CatalogFolder(folder)
    for (name, locale) in folders {
      let path = (folder as NSString).appendingPathComponent(name)
      try gathered.enter(path)
      // `.strings` before `.stringsdict`: a key in both takes its plural rules.
      let names = try AndroidResources.listing(path)
      for file in names.filter({ $0.hasSuffix(".strings") })
        + names.filter({ $0.hasSuffix(".stringsdict") })
      {
        let filePath = (path as NSString).appendingPathComponent(file)
        guard let bytes = try gathered.read(filePath) else { continue }
        if file.hasSuffix(".strings") {
          for (key, value) in try parseStrings(bytes, file: filePath) {
            try gathered.add(key, CatalogText(value: value), locale: locale, file: filePath)
          }
        } else {
          for (key, text) in try parseStringsdict(bytes, file: filePath) {
            try gathered.add(key, text, locale: locale, file: filePath)
          }
        }
      }
    }
    return StringCatalog(
      file: folder, sourceLanguage: defaultLanguage, keys: gathered.keys, texts: gathered.texts,
      files: gathered.files)
  }

  /// The `"key" = "text";` pairs of a `.strings` file (UTF-8, or UTF-16 with its byte order
  /// mark), in order: keys and texts quoted (with `\"`, `\\`, `\n`, `\t`, `\r`, `\U` and `\u`
  /// escapes) or bare words; `/* */` and `//` comments; `"key";` alone is its own text.
  package static func parseStrings(_ bytes: [UInt8], file: String) throws -> [(String, String)] {
    let text = try decode(bytes, file: file)
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func fail(_ message: String) -> CatalogError {
      var line = 1
      var column = 1
      for scalar in scalars.prefix(index) {
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      return CatalogError(file: file, line: line, column: column, message: message)
    }
    func skipSpace() throws {
      while index < scalars.count {
        if scalars[index].properties.isWhitespace {
          index += 1
        } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          guard
            let end = (index + 2..<max(index + 2, scalars.count - 1)).first(where: {
              scalars[$0] == "*" && scalars[$0 + 1] == "/"
            })
          else { throw fail("a comment that does not end") }
          index = end + 2
        } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while index < scalars.count, scalars[index] != "\n" { index += 1 }
        } else {
          return
        }
      }
    }
    func bare(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "_.$:/-".unicodeScalars.contains(scalar)
    }
    func token() throws -> String {
      guard index < scalars.count else { throw fail("a key or a text is missing at the end") }
      if scalars[index] != "\"" {
        let start = index
        while index < scalars.count, bare(scalars[index]) { index += 1 }
        guard index > start else { throw fail("expected a quoted string") }
        return String(String.UnicodeScalarView(scalars[start..<index]))
      }
      index += 1
      var out = String.UnicodeScalarView()
      var pendingHigh: UInt32?
      while true {
        guard index < scalars.count else { throw fail("a string that does not end") }
        let scalar = scalars[index]
        index += 1
        // A high surrogate escape not followed by a low one is no character.
        func dropPending() {
          if pendingHigh != nil { out.append("\u{FFFD}") }
          pendingHigh = nil
        }
        if scalar == "\"" {
          dropPending()
          break
        }
        guard scalar == "\\" else {
          dropPending()
          out.append(scalar)
          continue
        }
        guard index < scalars.count else { throw fail("a string that does not end") }
        let next = scalars[index]
        index += 1
        switch next {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "U", "u":
          let hex = String(String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
          guard hex.count == 4, let value = UInt32(hex, radix: 16) else {
            throw fail("\\\(next) takes four hexadecimal digits")
          }
          index += 4
          if let high = pendingHigh, (0xDC00...0xDFFF).contains(value),
            let joined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
          {
            out.append(joined)
            pendingHigh = nil
          } else if (0xD800...0xDBFF).contains(value) {
            dropPending()
            pendingHigh = value
          } else {
            dropPending()
            out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
          }
        default:
          dropPending()
          out.append(next)
        }
      }
      let string = String(out)
      guard string.utf8.count <= CatalogLimits.maxTextBytes else {
        throw fail("a string longer than \(CatalogLimits.maxTextBytes) bytes")
      }
      return string
    }
    var pairs: [(String, String)] = []
    try skipSpace()
    while index < scalars.count {
      let key = try token()
      try skipSpace()
      guard index < scalars.count else { throw fail("expected = or ; after the key") }
      if scalars[index] == ";" {
        index += 1
        pairs.append((key, key))
      } else {
        guard scalars[index] == "=" else { throw fail("expected = after the key") }
        index += 1
        try skipSpace()
        let value = try token()
        try skipSpace()
        guard index < scalars.count, scalars[index] == ";" else {
          throw fail("expected ; after the text")
        }
        index += 1
        pairs.append((key, value))
      }
      guard pairs.count <= CatalogLimits.maxKeys else {
        throw fail("more than \(CatalogLimits.maxKeys) keys")
      }
      try skipSpace()
    }
    return pairs
  }

  /// UTF-8 text, or UTF-16 with a byte order mark (as older tools write `.strings` files).
  static func decode(_ bytes: [UInt8], file: String) throws -> String {
    if bytes.count >= 2,
      (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
    {
      let little = bytes[0] == 0xFF
      guard bytes.count % 2 == 0 else {
        throw CatalogError(file: file, message: "UTF-16 text of an odd number of bytes")
      }
      let units = stride(from: 2, to: bytes.count, by: 2).map { at in
        little
          ? UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
          : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
      }
      return String(decoding: units, as: UTF16.self)
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw CatalogError(file: file, message: "not UTF-8 or UTF-16 text")
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return text
  }

  /// A property list's values, as far as a `.stringsdict` needs them.
  indirect enum Plist {
    case dict([(String, Plist)])
    case string(String)
    case other

    subscript(_ key: String) -> Plist? {
      guard case .dict(let pairs) = self else { return nil }
      return pairs.first { $0.0 == key }?.1
    }
    var string: String? {
      if case .string(let text) = self { return text }
      return nil
    }
  }

  /// The entries of a `.stringsdict` file: each key's `NSStringLocalizedFormatKey` as its text,
  /// and each plural rule it names (`NSStringPluralRuleType`) as a substitution of that name.
  package static func parseStringsdict(_ bytes: [UInt8], file: String) throws -> [(
    String, CatalogText
  )] {
    var xml = ResourceXML(bytes, file: file)
    let locator = xml
    // The tree, built from the reader's events: containers on a stack, bounded in depth.
    var stack: [(name: String, items: [Plist], keys: [String], text: String)] = [
      ("document", [], [], "")
    ]
    try xml.read { event, offset in
      switch event {
      case .start(let name, _):
        guard stack.count <= CatalogLimits.maxDepth else {
          throw locator.fail("nested more than \(CatalogLimits.maxDepth) levels", at: offset)
        }
        stack.append((name, [], [], ""))
      case .text(let text):
        stack[stack.count - 1].text += text
        guard stack[stack.count - 1].text.utf8.count <= CatalogLimits.maxTextBytes else {
          throw locator.fail("a string longer than \(CatalogLimits.maxTextBytes) bytes", at: offset)
        }
      case .end:
        let done = stack.removeLast()
        let value: Plist
        switch done.name {
        case "dict":
          guard done.keys.count == done.items.count else {
            throw locator.fail("a <dict> whose <key>s and values do not pair", at: offset)
          }
          value = .dict(Array(zip(done.keys, done.items)))
        case "string": value = .string(done.text)
        case "key":
          stack[stack.count - 1].keys.append(done.text)
          return
        case "plist":
          stack[stack.count - 1].items += done.items
          return
        default: value = .other
        }
        stack[stack.count - 1].items.append(value)
      }
    }
    guard case .dict(let entries)? = stack.first?.items.first else {
      throw CatalogError(file: file, message: "not a property list of a <dict>")
    }
    var out: [(String, CatalogText)] = []
    for (key, entry) in entries {
      out.append((key, try stringsdictText(entry, key: key, file: file, depth: 0)))
    }
    return out
  }

  /// One `.stringsdict` entry: a format (`NSStringLocalizedFormatKey`) with the plural rules it
  /// names, a width rule (`NSStringVariableWidthRuleType`: one text for each width in ems) or a
  /// device rule (`NSStringDeviceSpecificRuleType`: one text, or format, for each device).
  /// Each width and device is a variation drawn as its own row (`width 20`, `iphone`); the text
  /// read where none is asked for is the widest one's, or the `other` device's.
  static func stringsdictText(_ entry: Plist, key: String, file: String, depth: Int) throws
    -> CatalogText
  {
    func fail(_ path: String, _ message: String) -> CatalogError {
      CatalogError(file: file, path: path, message: message)
    }
    for (rule, kind) in [
      ("NSStringVariableWidthRuleType", "width"), ("NSStringDeviceSpecificRuleType", "device"),
    ] {
      guard let variants = entry[rule] else { continue }
      let path = "\(key).\(rule)"
      guard depth == 0, case .dict(let pairs) = variants, !pairs.isEmpty else {
        throw fail(
          path, depth == 0 ? "expected a <dict> of one text a \(kind)" : "a rule inside a rule")
      }
      guard pairs.count <= CatalogLimits.maxVariations else {
        throw fail(path, "more than \(CatalogLimits.maxVariations) variations")
      }
      var text = CatalogText()
      var widest: (Int, String)?
      for (name, value) in pairs {
        let variant: String
        if kind == "width" {
          guard let ems = Int(name), (1...10_000).contains(ems) else {
            throw fail(path, "'\(name)' is not a width (a whole number of ems from 1 to 10000)")
          }
          variant = "width \(ems)"
          if ems > (widest?.0 ?? 0) { widest = (ems, variant) }
        } else {
          variant = name
        }
        guard text.devices[variant] == nil else { throw fail(path, "'\(name)' is given twice") }
        text.devices[variant] =
          if let string = value.string {
            CatalogText(value: string)
          } else {
            try stringsdictText(value, key: "\(path).\(name)", file: file, depth: depth + 1)
          }
      }
      let chosen = widest?.1 ?? (text.devices["other"] != nil ? "other" : text.devices.keys.min())
      if let chosen, let inner = text.devices[chosen] {
        text.value = inner.value
        text.plural = inner.plural
        text.substitutions = inner.substitutions
      }
      return text
    }
    guard let format = entry["NSStringLocalizedFormatKey"]?.string else {
      throw fail(
        key,
        "has no NSStringLocalizedFormatKey string (nor a width or device rule)")
    }
    var text = CatalogText(value: format)
    guard case .dict(let variables) = entry else { return text }
    for (name, variable) in variables where name != "NSStringLocalizedFormatKey" {
      guard variable["NSStringFormatSpecTypeKey"]?.string == "NSStringPluralRuleType" else {
        continue
      }
      var forms: [PluralCategory: String] = [:]
      for category in PluralCategory.allCases {
        if let form = variable[category.rawValue]?.string { forms[category] = form }
      }
      guard !forms.isEmpty else { throw fail("\(key).\(name)", "has no plural forms") }
      guard text.substitutions.count < CatalogLimits.maxSubstitutions else {
        throw fail(key, "more than \(CatalogLimits.maxSubstitutions) substitutions")
      }
      text.substitutions[name] = .init(
        argument: nil,
        formatSpecifier: variable["NSStringFormatValueTypeKey"]?.string ?? "d", plural: forms)
    }
    return text
  }
}
