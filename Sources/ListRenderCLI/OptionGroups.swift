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

/// `--tokens FILE`: a Mística brand token file in place of its brand's built-in skin.
struct TokensOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A Mística brand token file (Telefonica/mistica-design tokens/<brand>.json, named for its brand) in place of that brand's built-in skin, for every list drawn in it.",
      valueName: "brand.json"))
  var tokens: String?

  /// The file, read, and the brand its name gives; nil without `--tokens`.
  /// - Throws: ``CommandFailure`` (exit 2): a file named for no brand, or not a token file.
  func file() throws -> (brand: MisticaSkin, file: MisticaTokenFile)? {
    guard let tokens else { return nil }
    let stem = (lastPathPart(tokens) as NSString).deletingPathExtension
    guard let brand = MisticaSkin(rawValue: stem), brand != .original else {
      throw CommandFailure(
        "--tokens \(tokens): name the file for its brand (\(MisticaSkin.allCases.filter { $0 != .original }.map { "\($0.rawValue).json" }.joined(separator: ", "))): it takes that brand's place",
        status: ExitStatus.badInput)
    }
    do {
      let file = try MisticaTokenFile.read(tokens)
      if let problem = file.skinProblem {
        throw CommandFailure("--tokens \(problem)", status: ExitStatus.badInput)
      }
      return (brand, file)
    } catch let error as CatalogError {
      throw CommandFailure("--tokens \(error.description)", status: ExitStatus.badInput)
    }
  }
}
