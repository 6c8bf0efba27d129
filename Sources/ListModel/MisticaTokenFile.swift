import FileIO
import Foundation
import StringCatalogs

/// A brand's token file of Telefonica/mistica-design (`tokens/<brand>.json`): its `light` and
/// `dark` colours, each a `{palette.x}` or `rgba({palette.x}, a)` reference into
/// `global.palette` or a linear gradient of such stops, its `radius` and its `text.weight`
/// tokens — read as an untrusted file (bounded, strict JSON, errors naming the token) and
/// resolved. The built-in skins are the same files at one commit (`make skins`), and reading a
/// file gives exactly the skin built from it.
package struct MisticaTokenFile: Sendable, Equatable {
  /// A colour token's resolved value.
  package enum Value: Sendable, Equatable {
    case solid(Color)
    case gradient(LinearGradient)

    /// As a line of `tokens diff` writes it: `#0B2739`, `#FFFFFF14`, or
    /// `linear-gradient(90°, #A 0, #B 1)`.
    package var description: String {
      switch self {
      case .solid(let color): "\(color)"
      case .gradient(let gradient):
        "linear-gradient(\(tokenNumber(gradient.angle))°, "
          + gradient.stops.map { "\($0.color) \(tokenNumber($0.offset))" }.joined(
            separator: ", ") + ")"
      }
    }
  }

  /// Where the file was read from.
  package var file: String
  /// The colour tokens by appearance (`light`, `dark`), then name, resolved.
  package var colors: [String: [String: Value]]
  /// `radius` tokens as numbers where they are numbers (`container`: 16), else their text.
  package var radii: [String: String]
  /// `text.weight` tokens (`title1`: `medium`).
  package var weights: [String: String]

  /// The most bytes of a token file (the largest brand file is about 60 KB).
  package static let maxBytes = 4 << 20

  /// A token file's tokens, already resolved (the built-in brands' tables).
  package init(
    file: String, colors: [String: [String: Value]], radii: [String: String],
    weights: [String: String]
  ) {
    self.file = file
    self.colors = colors
    self.radii = radii
    self.weights = weights
  }

  /// What a spec's `brand` or `highlight` meant before they were Mística's tokens of those names
  /// (the colour of active controls, the pressed overlay), as a note naming the name that keeps
  /// the old meaning, when the canvas's brand draws the two differently; nil otherwise.
  package static func changedMeaning(of name: String, in canvas: Canvas) -> String? {
    guard let role = ColorName(rawValue: name), role.specName != name else { return nil }
    let file = canvas.tokens ?? canvas.skin.colorTokenFile
    let now = canvas.tokenColors[name] ?? file.color(name, canvas.appearance)
    let before = canvas.colors[role] ?? file.color(role.specName, canvas.appearance)
    guard now != before else { return nil }
    let what = role == .brand ? "the colour of active controls" : "the pressed-row overlay"
    return
      "'\(name)' is now Mística's \(name) token (\(now.map { "\($0)" } ?? "none")); \(what), which it named before, is '\(role.specName)' (\(before.map { "\($0)" } ?? "none"))"
  }

  /// Colour token `name` in `appearance` as a flat colour (a gradient's first stop); nil when
  /// the file has no such token.
  package func color(_ name: String, _ appearance: Appearance) -> Color? {
    switch colors[appearance.rawValue]?[name] {
    case .solid(let color)?: color
    case .gradient(let gradient)?: gradient.stops.first?.color
    case nil: nil
    }
  }

  /// The token file at `path`, read and resolved.
  /// - Throws: ``CatalogError`` naming the file, and the line and column or the token's path.
  package static func read(_ path: String) throws -> MisticaTokenFile {
    let bytes: [UInt8]
    do {
      guard let read = try InputFile.read(path, maxBytes: maxBytes) else {
        throw CatalogError(file: path, message: "there is no such file")
      }
      bytes = read
    } catch let error as InputFileError {
      throw CatalogError(file: path, message: error.reason)
    }
    return try MisticaTokenFile(bytes, file: path)
  }

  /// The token file `bytes` hold.
  package init(_ bytes: [UInt8], file: String) throws {
    self.file = file
    let root = try JSONReader.parse(bytes, file: file)
    func fail(_ path: String, _ message: String) -> CatalogError {
      CatalogError(file: file, path: path, message: message)
    }
    guard case .object? = root["light"], case .object? = root["dark"],
      case .object(let paletteMembers)? = root["global"]?["palette"]
    else {
      throw CatalogError(
        file: file,
        message:
          "not a Mística token file: expected light, dark and global.palette (a brand file of Telefonica/mistica-design, tokens/<brand>.json)"
      )
    }
    var palette: [String: Color] = [:]
    for member in paletteMembers {
      guard case .string(let text)? = member.value["value"], let color = Color(hex: text),
        text.count == 7
      else {
        throw fail("global.palette.\(member.key)", "is not a #RRGGBB colour")
      }
      palette[member.key] = color
    }
    func reference(_ text: String, _ path: String) throws -> Color {
      func named(_ name: Substring) throws -> Color {
        guard let color = palette[String(name)] else {
          throw fail(path, "refers to palette.\(name), which global.palette does not have")
        }
        return color
      }
      if text.hasPrefix("{palette."), text.hasSuffix("}") {
        return try named(text.dropFirst(9).dropLast())
      }
      if text.hasPrefix("rgba({palette."), text.hasSuffix(")"),
        let close = text.firstIndex(of: "}")
      {
        let name = text[text.index(text.startIndex, offsetBy: 14)..<close]
        let rest = text[text.index(after: close)...].dropLast()
          .trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix(","),
          let alpha = Double(rest.dropFirst().trimmingCharacters(in: .whitespaces)),
          (0...1).contains(alpha)
        else { throw fail(path, "cannot read \(text) (rgba({palette.name}, 0…1))") }
        let color = try named(name)
        return alpha == 1 ? color : color.withAlpha(alpha)
      }
      throw fail(path, "cannot read \(text) ({palette.name} or rgba({palette.name}, alpha))")
    }
    var colors: [String: [String: Value]] = [:]
    for appearance in ["light", "dark"] {
      guard case .object(let members)? = root[appearance] else { continue }
      var values: [String: Value] = [:]
      for member in members {
        let path = "\(appearance).\(member.key)"
        switch member.value["value"] {
        case .string(let text)?:
          values[member.key] = .solid(try reference(text, path))
        case .object?:
          let value = member.value["value"]
          guard case .number(let angle)? = value?["angle"], angle.isFinite,
            case .array(let list)? = value?["colors"], (2...64).contains(list.count)
          else {
            throw fail(path, "a gradient needs an angle and two to 64 stops")
          }
          var stops: [LinearGradient.Stop] = []
          for (index, stop) in list.enumerated() {
            guard case .number(let offset)? = stop["stop"], (0...1).contains(offset),
              case .string(let text)? = stop["value"]
            else { throw fail("\(path).colors[\(index)]", "has no stop offset in 0…1 or no value") }
            stops.append(.init(offset, try reference(text, "\(path).colors[\(index)]")))
          }
          values[member.key] = .gradient(LinearGradient(angle: angle, stops: stops))
        default:
          throw fail(path, "has no value")
        }
      }
      colors[appearance] = values
    }
    self.colors = colors
    func strings(_ value: JSONValue?) -> [String: String] {
      guard case .object(let members)? = value else { return [:] }
      var out: [String: String] = [:]
      for member in members {
        switch member.value["value"] {
        case .string(let text)?: out[member.key] = text
        case .number(let number)?: out[member.key] = tokenNumber(number)
        default: break
        }
      }
      return out
    }
    radii = strings(root["radius"])
    weights = strings(root["text"]?["weight"])
  }

  /// The tokens a skin is made of (ListRender's colour names → the tokens that give it, the
  /// first the file has: older files have no tag tokens, the active tag is then brandLow on
  /// brand, as Mística's tag was), in the order of the generator of the built-in skins.
  package static let colorTokens: [(ColorName, [String])] = [
    (.background, ["background"]),
    (.backgroundContainer, ["backgroundContainer"]),
    (.backgroundContainerBrand, ["backgroundContainerBrand"]),
    (.border, ["border"]),
    (.divider, ["divider"]),
    (.textPrimary, ["textPrimary"]),
    (.textSecondary, ["textSecondary"]),
    (.textPrimaryInverse, ["textPrimaryInverse", "textPrimaryBrand"]),
    (.textSecondaryInverse, ["textSecondaryInverse", "textSecondaryBrand"]),
    (.badge, ["badge"]),
    (.brand, ["controlActivated"]),
    (.onBrand, ["textButtonPrimary"]),
    (.control, ["control"]),
    (.highlight, ["backgroundContainerPressed"]),
    (.tag, ["tagBackgroundActive", "brandLow"]),
    (.tagText, ["tagTextActive", "brand"]),
    (.textLink, ["textLink"]),
    (.backgroundAlternative, ["backgroundAlternative"]),
  ]
  /// Each theme colour's token where a file has the first of its candidates (every brand
  /// file at the skins' commit does).
  package static let firstTokenNames: [ColorName: String] = Dictionary(
    uniqueKeysWithValues: colorTokens.map { ($0.0, $0.1[0]) })
  /// The radii a skin takes, and the weights (`text5`: the title2 header's), by token name.
  package static let radiusTokens = ["container", "checkbox", "indicator", "button"]
  package static let weightTokens = ["rowTitle", "title1", "text5", "link"]
  package static let weightNames: Set<String> = ["light", "regular", "medium", "bold"]

  /// What keeps the file from giving a whole skin (a colour, radius or weight token missing or
  /// unreadable), naming the token; nil when it gives one.
  package var skinProblem: String? {
    for appearance in ["light", "dark"] {
      for (_, candidates) in Self.colorTokens
      where skinColor(appearance, candidates) == nil {
        return "\(file): \(appearance) has none of \(candidates.joined(separator: ", "))"
      }
    }
    for name in Self.radiusTokens where skinRadius(name) == nil {
      return "\(file): radius.\(name) is missing or not a whole number of points"
    }
    for name in Self.weightTokens where skinWeight(name) == nil {
      return "\(file): text.weight.\(name) '\(weights[name] ?? "")' is not a known weight"
    }
    return nil
  }

  /// The first of `candidates` the file has in `appearance`, resolved; nil when it has none.
  package func skinColor(_ appearance: String, _ candidates: [String]) -> Value? {
    skinColorToken(appearance, candidates).flatMap { colors[appearance]?[$0] }
  }

  /// The name of the first of `candidates` the file has in `appearance`.
  package func skinColorToken(_ appearance: String, _ candidates: [String]) -> String? {
    let values = colors[appearance] ?? [:]
    return candidates.first { values[$0] != nil }
  }

  /// Radius token `name` as whole points (0…1,000); nil when missing or not such a number.
  package func skinRadius(_ name: String) -> Int? {
    guard let text = radii[name], let value = Int(text), (0...1_000).contains(value) else {
      return nil
    }
    return value
  }

  /// Weight token `name` as a skin reads it (a file without the token: `medium`); nil for a
  /// weight it does not know.
  package func skinWeight(_ name: String) -> String? {
    let weight = weights[name] ?? "medium"
    return Self.weightNames.contains(weight) ? weight : nil
  }

  /// Every token, resolved, by its path in the file: `light.textPrimary`, `dark.divider`,
  /// `radius.container`, `text.weight.title1`.
  package var flattened: [String: String] {
    var out: [String: String] = [:]
    for (appearance, values) in colors {
      for (name, value) in values { out["\(appearance).\(name)"] = value.description }
    }
    for (name, value) in radii { out["radius.\(name)"] = value }
    for (name, value) in weights { out["text.weight.\(name)"] = value }
    return out
  }

  /// One token that differs between two files: its path, and its value in each (nil: the file
  /// has no such token).
  package struct Change: Equatable, Sendable {
    package var token: String
    package var old: String?
    package var new: String?
  }

  /// Every token whose resolved value differs from `earlier`'s (a palette change shows in every
  /// token that refers to it), added and removed tokens included, by path.
  package func changes(since earlier: MisticaTokenFile) -> [Change] {
    let (before, after) = (earlier.flattened, flattened)
    return Set(before.keys).union(after.keys).sorted().compactMap { token in
      before[token] == after[token]
        ? nil : Change(token: token, old: before[token], new: after[token])
    }
  }
}

/// A number as a token file writes it: whole numbers without a point.
private func tokenNumber(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension MisticaSkin {
  /// The token file a spec's colour tokens are read from: the brand's own; Movistar's for
  /// ``original`` (whose text and dark colours are Movistar's).
  package var colorTokenFile: MisticaTokenFile {
    tokenFile ?? MisticaSkin.movistar.tokenFile
      ?? MisticaTokenFile(file: "", colors: [:], radii: [:], weights: [:])
  }
}
