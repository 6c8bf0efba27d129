import Foundation
import GoldenImage
import ImageCodec
import ListLayout
import ListModel
import ListRender
import StringCatalogs

/// One of n deterministic shares of a suite's cases (`--shard i/n`): the cases whose position
/// in sorted order is i−1 modulo n.
///
/// ```swift
/// configuration.shard = try Shard(index: 2, of: 4)  // cases 1, 5, 9, … (0-based)
/// ```
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// Which share, from 1.
  public let index: Int
  /// How many shares.
  public let count: Int

  /// The `index`-th of `count` shares.
  /// - Throws: ``CommandFailure`` (exit status 2) unless 1 ≤ index ≤ count.
  public init(index: Int, of count: Int) throws {
    guard count >= 1, (1...count).contains(index) else { throw Self.badShard }
    self.index = index
    self.count = count
  }

  /// `i/n`, as `--shard` takes it.
  /// - Throws: ``CommandFailure`` (exit status 2) for anything else.
  public init(parsing text: String) throws {
    let parts = text.split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2 else { throw Self.badShard }
    try self.init(index: parts[0], of: parts[1])
  }

  /// `i/n`.
  public var description: String { "\(index)/\(count)" }

  /// Whether the case at `position` (0-based, in sorted order) is in this share.
  package func contains(_ position: Int) -> Bool { position % count == index - 1 }

  private static var badShard: CommandFailure {
    CommandFailure("--shard must be i/n with 1 ≤ i ≤ n, such as 2/4", status: ExitStatus.badInput)
  }
}

/// One axis of variants (`--variants key=value,value`): a canvas key and the values every
/// fixture is rendered with, each checked as the spec would check it.
///
/// ```swift
/// configuration.variants = [try VariantAxis(parsing: "appearance=light,dark")]
/// ```
public struct VariantAxis: Sendable {
  /// The axis's name as given: a canvas key (`appearance`, `contentSize`, …) or `skin`.
  public let name: String
  /// The values, as given.
  public let values: [String]
  /// The key, whose value each variant takes from its decoded canvas.
  package let key: CanvasKey
  /// A canvas per value, decoded from it: the value a variant applies.
  let canvases: [Canvas]

  /// Every canvas key's name, and `skin` (the keys an axis can have). `locale` also takes
  /// `pseudo` (`en-XA` and `ar-XB`) and `all` (every locale of each spec's catalogs).
  package static let keys = CanvasKey.allCases.map(\.rawValue) + ["skin"]

  /// `key=value,value`, with any canvas key, or `skin=movistar,vivo` (Mística in each skin).
  /// - Throws: ``CommandFailure`` (exit status 2) for another key, no value, or a value the
  ///   spec would refuse.
  public init(parsing argument: String) throws {
    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
    // `skin=movistar,vivo`: Mística in each brand's skin (the theme key, with its skin).
    let isSkin = parts.first == "skin"
    guard parts.count == 2, let key = isSkin ? CanvasKey.theme : CanvasKey(rawValue: parts[0])
    else {
      throw CommandFailure(
        "--variants takes key=value,value with key one of \(Self.keys.joined(separator: ", ")); got '\(argument)'",
        status: ExitStatus.badInput)
    }
    // Counted before anything is made of them: a list of values is bounded as a catalog's
    // locales are.
    let given = parts[1].split(separator: ",", omittingEmptySubsequences: false)
    guard given.count <= Self.maxValues else {
      throw CommandFailure(
        "--variants \(parts[0]) has \(given.count.formatted()) values; at most \(Self.maxValues) (split the axis over several runs)",
        status: ExitStatus.badInput)
    }
    var values = given.filter { !$0.isEmpty }.map(String.init)
    guard !values.isEmpty else {
      throw CommandFailure("--variants \(parts[0]) has no values", status: ExitStatus.badInput)
    }
    if key == .locale {
      // `pseudo`: Android's two pseudolocales; `all`: every locale of each spec's catalogs
      // (with the pseudolocales too when both are named).
      values = values.flatMap { $0 == "pseudo" ? Pseudolocale.allCases.map(\.rawValue) : [$0] }
      if values.contains("all") {
        let others = values.filter { $0 != "all" }
        guard others.allSatisfy({ Pseudolocale(tag: $0) != nil }) else {
          throw CommandFailure(
            "--variants locale=all takes only pseudolocales beside it (all,pseudo): every locale of each spec's catalogs is already in it",
            status: ExitStatus.badInput)
        }
        self.init(
          name: parts[0], values: ["all"] + others, key: key, canvases: [], allLocales: true,
          extraLocales: others)
        return
      }
    }
    // Each value is decoded now, as the spec's canvas would be, not case by case later.
    let canvases = try values.map { value in
      do {
        let yaml =
          isSkin
          ? "canvas: { theme: { name: mistica, skin: \(value) } }\nsections: []"
          : "canvas: { \(key.rawValue): \(value) }\nsections: []"
        return try ListDocument.decode(yaml: yaml, file: "--variants").canvas
      } catch let error as SpecError {
        throw CommandFailure(
          "--variants \(parts[0])=\(value): \(error.message)", status: ExitStatus.badInput)
      }
    }
    self.init(name: parts[0], values: values, key: key, canvases: canvases, allLocales: false)
  }

  private init(
    name: String, values: [String], key: CanvasKey, canvases: [Canvas], allLocales: Bool,
    extraLocales: [String] = []
  ) {
    self.name = name
    self.values = values
    self.key = key
    self.canvases = canvases
    self.allLocales = allLocales
    self.extraLocales = extraLocales
  }

  /// The most values of one axis (as many as a catalog's locales may be).
  package static let maxValues = 500
  /// The most cases one suite run makes of its fixtures and their variants.
  package static let maxCases = 200_000

  /// How many combinations `axes` make (`Int.max` past what an `Int` holds), counted without
  /// making them.
  package static func count(_ axes: [VariantAxis]) -> Int {
    var count = 1
    for axis in axes {
      let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
      count = overflow ? Int.max : product
    }
    return count
  }

  /// Pseudolocales given beside `locale=all`, drawn for every spec after its own locales.
  let extraLocales: [String]

  /// Whether the axis is `locale=all`: its values are each spec's own locales
  /// (``forSpec(locales:)``).
  package let allLocales: Bool

  /// The axis for one spec: `locale=all` becomes the locales of the spec's catalogs (nil when
  /// it names none: the spec is checked once, in its own locale); any other axis is itself.
  package func forSpec(locales: () throws -> [String]) rethrows -> VariantAxis? {
    guard allLocales else { return self }
    let found = try locales() + extraLocales
    guard !found.isEmpty else { return nil }
    let canvases = found.map { locale in
      var canvas = Canvas()
      canvas.locale = locale
      return canvas
    }
    return VariantAxis(
      name: name, values: found, key: key, canvases: canvases, allLocales: false)
  }

  /// The axes for one spec (``forSpec(locales:)``): `locale=all` reads `document`'s catalogs.
  package static func forSpec(_ axes: [VariantAxis], document: () throws -> ListDocument) throws
    -> [VariantAxis]
  {
    guard axes.contains(where: \.allLocales) else { return axes }
    let locales = try document().catalogLocales()
    return axes.compactMap { $0.forSpec { locales } }
  }

  /// One value of the axis: what it is called and what it sets.
  package struct Choice: Sendable {
    /// The axis's name as given (`appearance`, `skin`).
    package let axis: String
    package let key: CanvasKey
    package let value: String
    let canvas: Canvas
  }

  /// Every combination of the axes' values, in the order given; one empty combination for none.
  package static func combinations(_ axes: [VariantAxis]) -> [[Choice]] {
    axes.reduce([[]]) { partial, axis in
      partial.flatMap { prefix in
        zip(axis.values, axis.canvases).map {
          prefix + [Choice(axis: axis.name, key: axis.key, value: $0, canvas: $1)]
        }
      }
    }
  }

  /// Applies one combination to a document's canvas, key by key; a locale puts the keyed
  /// labels in its text.
  package static func apply(_ combination: [Choice], to document: inout ListDocument) throws {
    for choice in combination { document.canvas.take(choice.key, from: choice.canvas) }
    if combination.contains(where: { $0.key == .locale }) { try document.resolveStrings() }
  }
}

/// Which share of which suite a run checked, as its `results.json` records it.
struct SuiteSplit {
  /// The share (`1/1` for an unsharded run).
  var shard: Shard
  /// A digest of what the suite is: its fixtures folder and files, variants and filters.
  var suite: String

  /// The split of a run of `fixtures` (every fixture, before sharding) with `options`.
  init(fixtures: [String], options: SuiteConfiguration) throws {
    shard = try options.shard ?? Shard(index: 1, of: 1)
    var digest = SHA256()
    digest.update(field: "listrender suite 1")
    digest.update(field: options.fixtures)
    for fixture in fixtures { digest.update(field: fixture) }
    for axis in options.variants {
      digest.update(field: "variant " + axis.name)
      for value in axis.values { digest.update(field: value) }
    }
    for filter in options.filter { digest.update(field: "filter " + filter) }
    for pattern in options.exclude { digest.update(field: "exclude " + pattern) }
    suite = String(digest.hex().prefix(16))
  }

  /// A split as given.
  init(shard: Shard, suite: String) {
    self.shard = shard
    self.suite = suite
  }
}
