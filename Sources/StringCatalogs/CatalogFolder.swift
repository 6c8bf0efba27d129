import FileIO
import Foundation

/// A catalog read from a folder of files (an Android `res/` folder, a folder of `.lproj`
/// folders), as it is gathered: the texts by locale and key, the keys in the order first met,
/// the files read; each file read under the bounds of a resource file and only inside the
/// folder (a link out of it is refused: the spec's folder policy covers the folder it names,
/// not what links inside it lead to).
struct CatalogFolder {
  let folder: String
  /// The folder with its links resolved.
  let root: String
  var texts: [String: [String: CatalogText]] = [:]
  var keys: [String] = []
  var seen = Set<String>()
  var files: [String]

  init(_ folder: String) {
    self.folder = folder
    root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    files = [folder]
  }

  /// Refuses `path` when it leads outside the folder.
  func inside(_ path: String) throws {
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard real == root || real.hasPrefix(root + "/") else {
      throw CatalogError(
        file: path,
        message:
          "leads outside the catalog's folder (to \(real)); a catalog reads only what is inside it")
    }
  }

  /// The locale folders among `entries` (`pick` gives a folder's locale, nil for another
  /// entry), `first` before the rest and the rest by name, at most ``CatalogLimits/maxLocales``.
  /// - Throws: ``CatalogError`` naming `folder` past the bound (`kind`: what the folders are).
  static func localeFolders(
    _ entries: [String], in folder: String, first: String, kind: String,
    _ pick: (String) -> String?
  ) throws -> [(name: String, locale: String)] {
    let found = entries.compactMap { name in pick(name).map { (name: name, locale: $0) } }
      .sorted { ($0.name == first ? 0 : 1, $0.name) < ($1.name == first ? 0 : 1, $1.name) }
    guard found.count <= CatalogLimits.maxLocales else {
      throw CatalogError(file: folder, message: "more than \(CatalogLimits.maxLocales) \(kind)")
    }
    return found
  }

  /// A subfolder entered: inside the folder, and listed among the files read.
  mutating func enter(_ path: String) throws {
    try inside(path)
    files.append(path)
  }

  /// The bytes of the resource file at `path` (nil when it is not there), inside the folder and
  /// at most ``CatalogLimits/maxResourceBytes``.
  mutating func read(_ path: String) throws -> [UInt8]? {
    try enter(path)
    do {
      return try InputFile.read(path, maxBytes: CatalogLimits.maxResourceBytes)
    } catch let error as InputFileError {
      throw CatalogError(file: path, message: error.reason)
    }
  }

  /// `key`'s text in `locale` (a later file's replaces an earlier's), within the bounds of keys.
  mutating func add(_ key: String, _ text: CatalogText, locale: String, file: String) throws {
    if texts[locale]?[key] == nil, texts[locale, default: [:]].count >= CatalogLimits.maxKeys {
      throw CatalogError(file: file, message: "more than \(CatalogLimits.maxKeys) keys")
    }
    texts[locale, default: [:]][key] = text
    if seen.insert(key).inserted {
      guard keys.count < CatalogLimits.maxKeys else {
        throw CatalogError(file: file, message: "more than \(CatalogLimits.maxKeys) keys")
      }
      keys.append(key)
    }
  }
}
