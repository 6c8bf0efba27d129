import Foundation
import ListModel

/// The Material Icons names and their codepoints, read from the codepoint map that ships with
/// the font (`fonts-material-design-icons-iconfont`), so names are checked against the very
/// font that draws them.
///
/// ```swift
/// let icons = try IconCatalog()
/// icons.character(for: "favorite")  // "\u{E87D}"
/// ```
public final class IconCatalog: Sendable {
  /// The codepoint map in the Debian package.
  public static let defaultPath =
    "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

  private let codepoints: [String: Character]
  /// Every icon name, sorted.
  public let names: [String]

  /// Reads the catalog.
  /// - Throws: ``PainterError/missingFont(path:package:)`` when the map is missing.
  public init(path: String = IconCatalog.defaultPath) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PainterError.missingFont(path: path, package: "fonts-material-design-icons-iconfont")
    }
    var map: [String: Character] = [:]
    // Lines look like:  "favorite": e87d,
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
      let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,"))
      guard !name.isEmpty, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value)
      else { continue }
      map[name] = Character(scalar)
    }
    codepoints = map
    names = map.keys.sorted()
  }

  /// The character that draws `name` in the Material Icons font.
  public func character(for name: String) -> Character? { codepoints[name] }

  /// Checks an icon name, with the nearest names in the error.
  public func validate(_ name: String, at location: SourceLocation) throws {
    guard codepoints[name] == nil else { return }
    let near = NameSuggestions.nearest(to: name, in: names)
    var message = "unknown Material icon '\(name)'"
    if !near.isEmpty {
      message += "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?"
    }
    throw location.error(message + " (or give an .svg or .png file)")
  }
}
