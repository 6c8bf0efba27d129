import ListModel
import StringCatalogs

extension MisticaTokenFile {
  /// The skin the file gives: the colours ListRender draws with (a gradient's first stop where
  /// a flat colour is drawn, and the gradient itself), the container, checkbox and indicator
  /// radii, and the row title, header and link weights (a file without a weight: medium).
  /// - Throws: ``CatalogError`` naming a token the skin needs that the file lacks.
  package func skinTokens() throws -> MisticaSkinTokens {
    func fail(_ path: String, _ message: String) -> CatalogError {
      CatalogError(file: file, path: path, message: message)
    }
    var byAppearance: [String: [ColorName: Color]] = [:]
    var gradients: [String: [ColorName: LinearGradient]] = [:]
    for appearance in ["light", "dark"] {
      for (name, candidates) in MisticaTokenFile.colorTokens {
        switch skinColor(appearance, candidates) {
        case .solid(let color)?: byAppearance[appearance, default: [:]][name] = color
        case .gradient(let gradient)?:
          byAppearance[appearance, default: [:]][name] = gradient.stops[0].color
          gradients[appearance, default: [:]][name] = gradient
        case nil:
          throw fail(appearance, "has none of \(candidates.joined(separator: ", "))")
        }
      }
    }
    func radius(_ name: String) throws -> Double {
      guard let value = skinRadius(name) else {
        throw fail("radius.\(name)", "is missing or not a whole number of points")
      }
      return Double(value)
    }
    func weight(_ name: String) throws -> FontWeight {
      switch skinWeight(name) {
      case "regular": return .regular
      case "medium": return .medium
      case "bold": return .bold
      default: throw fail("text.weight.\(name)", "'\(weights[name] ?? "")' is not a known weight")
      }
    }
    var tokens = MisticaSkinTokens(
      light: byAppearance["light"] ?? [:], dark: byAppearance["dark"] ?? [:],
      containerRadius: try radius("container"), checkboxRadius: try radius("checkbox"),
      indicatorRadius: try radius("indicator"), titleWeight: try weight("rowTitle"),
      headerTitle1Weight: try weight("title1"), headerTitle2Weight: try weight("text5"),
      linkWeight: try weight("link"))
    tokens.lightGradients = gradients["light"] ?? [:]
    tokens.darkGradients = gradients["dark"] ?? [:]
    return tokens
  }
}

extension MisticaSkin {
  /// The skin's colours, corner radii and text weights: its token file's, mapped as a file given
  /// at run time is (``MisticaTokenFile/skinTokens()``); ListRender's palette for ``original``.
  package var tokens: MisticaSkinTokens {
    switch self {
    case .movistar: Self.movistarTokens
    case .o2: Self.o2Tokens
    case .vivo: Self.vivoTokens
    case .telefonica: Self.telefonicaTokens
    case .blau: Self.blauTokens
    case .tu: Self.tuTokens
    case .esimflag: Self.esimflagTokens
    case .original: .original
    }
  }

  // Each made once, on first use (a process drawing one brand maps one file).
  private static let movistarTokens = derived(.movistar)
  private static let o2Tokens = derived(.o2)
  private static let vivoTokens = derived(.vivo)
  private static let telefonicaTokens = derived(.telefonica)
  private static let blauTokens = derived(.blau)
  private static let tuTokens = derived(.tu)
  private static let esimflagTokens = derived(.esimflag)

  private static func derived(_ skin: MisticaSkin) -> MisticaSkinTokens {
    // The tables are the generator's reading of files that give whole skins (a test maps each).
    guard let file = skin.tokenFile, let tokens = try? file.skinTokens() else {
      preconditionFailure("the built-in token table of \(skin.rawValue) gives no skin")
    }
    return tokens
  }
}
