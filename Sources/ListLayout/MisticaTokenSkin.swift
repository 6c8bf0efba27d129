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
    var names: [String: [ColorName: String]] = [:]
    for appearance in ["light", "dark"] {
      for (name, candidates) in MisticaTokenFile.colorTokens {
        names[appearance, default: [:]][name] = skinColorToken(appearance, candidates)
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
      case "light": return .light
      case "regular": return .regular
      case "medium": return .medium
      case "bold": return .bold
      default: throw fail("text.weight.\(name)", "'\(weights[name] ?? "")' is not a known weight")
      }
    }
    var tokens = MisticaSkinTokens(
      light: byAppearance["light"] ?? [:], dark: byAppearance["dark"] ?? [:],
      containerRadius: try radius("container"), checkboxRadius: try radius("checkbox"),
      indicatorRadius: try radius("indicator"), buttonRadius: try radius("button"),
      titleWeight: try weight("rowTitle"),
      headerTitle1Weight: try weight("title1"), headerTitle2Weight: try weight("text5"),
      linkWeight: try weight("link"))
    tokens.lightGradients = gradients["light"] ?? [:]
    tokens.darkGradients = gradients["dark"] ?? [:]
    tokens.lightTokenNames = names["light"] ?? [:]
    tokens.darkTokenNames = names["dark"] ?? [:]
    return tokens
  }
}
