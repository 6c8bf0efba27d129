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
