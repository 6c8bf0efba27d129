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
  public var names: [String] { codepoints.keys.sorted() }

  /// Reads the catalog.
  /// - Throws: ``PainterError/missingFont(path:package:)`` when the map is missing.
  public init(path: String = IconCatalog.defaultPath) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PainterError.missingFont(path: path, package: "fonts-material-design-icons-iconfont")
    }
    codepoints = Self.parse([UInt8](data))
  }

  /// The map's lines look like `  "favorite": e87d,`: a quoted name, a colon, hex digits.
  /// Read as bytes (it is read at every start-up).
  static func parse(_ bytes: [UInt8]) -> [String: Character] {
    var map: [String: Character] = [:]
    map.reserveCapacity(2_500)
    var index = 0
    while index < bytes.count {
      var end = index
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      defer { index = end + 1 }
      // The name between the first two quotes, then hex digits after the colon.
      guard let open = bytes[index..<end].firstIndex(of: 0x22),
        let close = bytes[(open + 1)..<end].firstIndex(of: 0x22), close > open + 1,
        let colon = bytes[close..<end].firstIndex(of: 0x3A)
      else { continue }
      var value: UInt32 = 0
      var digits = 0
      var cursor = colon + 1
      while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
      while cursor < end, let digit = hexValue(bytes[cursor]) {
        value = value << 4 | digit
        digits += 1
        cursor += 1
      }
      guard digits > 0, digits <= 6, let scalar = Unicode.Scalar(value) else { continue }
      map[String(decoding: bytes[(open + 1)..<close], as: UTF8.self)] = Character(scalar)
    }
    return map
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    default: return nil
    }
  }

  /// The character that draws `name` in the Material Icons font.
  public func character(for name: String) -> Character? { codepoints[name] }

  /// Checks an icon name, with the nearest names in the error.
  public func validate(_ name: String, at location: SpecLocation) throws {
    guard codepoints[name] == nil else { return }
    let near = NameSuggestions.nearest(to: name, in: names)
    var message = "unknown Material icon '\(name)'"
    if !near.isEmpty {
      message += "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?"
    }
    throw location.error(message + " (or give an .svg or .png file)")
  }
}
