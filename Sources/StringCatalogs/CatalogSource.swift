import Foundation

/// The kinds of string catalog ListRender reads, each with its reader: what `strings:`, the
/// catalog command and the cache all go through, so that a new kind is one case here and the
/// code that reads it.
package enum CatalogSource: String, CaseIterable, Sendable {
  /// An Apple String Catalog, `Localizable.xcstrings`.
  case xcstrings
  /// An Android `res/` folder of `values[-qualifiers]/*.xml` resources.
  case androidResources
  /// A folder of Apple `xx.lproj` folders with `.strings` and `.stringsdict` files.
  case lproj

  /// What each kind looks like, for the error that names them.
  var shape: String {
    switch self {
    case .xcstrings: "an .xcstrings file"
    case .androidResources: "an Android res/ folder (values/, values-de/, …)"
    case .lproj: "a folder of .lproj folders (en.lproj, de.lproj, …)"
    }
  }

  /// The kind of catalog at `path`, from what is there: an `.xcstrings` file, a folder with
  /// `values` folders, a folder with `.lproj` folders.
  /// - Throws: ``CatalogError``: nothing there, or "not a string catalog" naming the kinds.
  package static func of(_ path: String) throws -> CatalogSource {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw CatalogError(file: path, message: "there is no such file or folder")
    }
    let expected =
      "not a string catalog: expected "
      + allCases.map(\.shape).joined(separator: ", or ")
    let isFolder = status.st_mode & S_IFMT == S_IFDIR
    let names = isFolder ? try AndroidResources.listing(path) : []
    if let source = allCases.first(where: { $0.holds(path, isFolder: isFolder, names: names) }) {
      return source
    }
    if isFolder, path.hasSuffix(".lproj") || path.hasSuffix(".lproj/") {
      throw CatalogError(
        file: path,
        message: "one language's .lproj folder; give the folder that holds every .lproj folder")
    }
    throw CatalogError(file: path, message: expected)
  }

  /// Whether `path` (a folder holding `names`, or a file) is a catalog of this kind.
  func holds(_ path: String, isFolder: Bool, names: [String]) -> Bool {
    switch self {
    case .xcstrings: !isFolder && (path as NSString).pathExtension.lowercased() == "xcstrings"
    case .androidResources: isFolder && names.contains { $0 == "values" || $0.hasPrefix("values-") }
    case .lproj: isFolder && names.contains { $0.hasSuffix(".lproj") }
    }
  }

  /// The catalog at `path`, read as this kind (`defaultLanguage`: an Android `values/`'s or an
  /// Apple `Base.lproj`'s language).
  /// - Throws: ``CatalogError`` naming the file and where in it.
  package func read(_ path: String, defaultLanguage: String = "en") throws -> StringCatalog {
    switch self {
    case .xcstrings: try XCStrings.read(path)
    case .androidResources:
      try AndroidResources.read(folder: path, defaultLanguage: defaultLanguage)
    case .lproj: try LegacyStrings.read(folder: path, defaultLanguage: defaultLanguage)
    }
  }
}
