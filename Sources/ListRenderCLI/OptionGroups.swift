import ArgumentParser
import FileIO
import Foundation
import GoldenSuite
import ImageCodec
import ListModel
import StringCatalogs

/// `--allow-path`: every command that reads a spec takes it alike.
struct PathOptions: ParsableArguments {
  @Option(
    name: .customLong("allow-path"),
    help:
      "Also let specs read files under this folder (repeatable; default: only their own folder)."
  )
  var allowedFolders: [String] = []
}

/// `--compression`: how `render` and `animate` compress PNG files.
struct CompressionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "PNG compression: fast (each row's best filter, Huffman codes a strip: several hundred megapixels a second a core) or compact (zlib, about 40 % smaller: what goldens keep).",
      valueName: "fast|compact"))
  var compression: PNGCompression = .fast
}

extension PNGCompression: ExpressibleByArgument {}

/// `--scale` and `--width`, overriding the canvas's, each checked against the spec's range.
/// `--locale`: the spec's keyed labels in another locale (`render`, `animate`, `audit`).
struct LocaleOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Draw the labels that name a catalog key in this locale's text (BCP 47, or en-XA / ar-XB), overriding canvas.locale; sets the language and direction unless the spec gives them.",
      valueName: "tag"))
  var locale: String?

  func validate() throws {
    if let locale, let problem = SpecLimits.languageProblem(locale) {
      throw ValidationError("--locale: \(problem)")
    }
  }
}

struct CanvasOptions: ParsableArguments {
  @Option(help: "Device pixels per point, overriding canvas.scale (\(SpecLimits.scaleRange.text)).")
  var scale: Double?

  @Option(help: "Canvas width in points, overriding canvas.width (\(SpecLimits.widthRange.text)).")
  var width: Double?

  func validate() throws {
    try require(scale, in: SpecLimits.scaleRange, option: "scale")
    try require(width, in: SpecLimits.widthRange, option: "width")
  }
}

/// `--junit` and `--json`: what `verify`, `record` and `merge-reports` write for CI besides
/// their report.
struct ReportOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Also write JUnit XML (one test case per case).", valueName: "file"))
  var junit: String?

  @Option(
    help: ArgumentHelp("Also write the summary and every case's result as JSON.", valueName: "file")
  )
  var json: String?

  /// The outputs these options and the environment ask for (Bazel's JUnit file, GitHub
  /// Actions' annotations).
  func outputs(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> [ReportOutput]
  {
    try ReportOutput.asked(junit: junit, json: json, environment: environment)
  }
}

/// `--tokens FILE`: a Mística brand token file in place of its brand's built-in skin.
struct TokensOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A Mística brand token file (Telefonica/mistica-design tokens/<brand>.json, named for its brand) in place of that brand's built-in skin, for every list drawn in it.",
      valueName: "brand.json"))
  var tokens: String?

  /// The file, read, and the brand its name gives; nil without `--tokens`.
  func file() throws -> (brand: MisticaSkin, file: MisticaTokenFile)? {
    try tokens.map(MisticaTokenFile.brandFile)
  }
}

/// Throws a validation error naming the option and its range when `value` is outside it.
func require(_ value: Double?, in range: ClosedRange<Double>, option: String) throws {
  // NaN is in no range (it fails `contains`), and neither is infinity.
  guard let value, !range.contains(value) || !value.isFinite else { return }
  throw ValidationError("--\(option) must be within \(range.text)")
}

/// Integer options, checked against the same ranges.
func require(_ value: Int?, in range: ClosedRange<Double>, option: String) throws {
  try require(value.map(Double.init), in: range, option: option)
}
