import ArgumentParser
import FileIO
import Foundation
import GoldenSuite
import ListLayout
import ListRender
import StringCatalogs

struct Tokens: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tokens",
    abstract: "Read Mística brand token files (Telefonica/mistica-design's tokens/<brand>.json).",
    subcommands: [TokensDiff.self])
}

struct TokensDiff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "List every token a design release changes: light and dark colours, radii, weights.",
    discussion: """
      Each line is a token whose resolved value differs, old → new (a palette colour that \
      changed shows in every token that refers to it; none: the file has no such token).
      Exit status: 0 when no token differs, 1 when one does, 2 for bad input.
      """)

  @Argument(help: ArgumentHelp("The earlier token file.", valueName: "old.json"))
  var old: String

  @Argument(help: ArgumentHelp("The newer token file.", valueName: "new.json"))
  var new: String

  @Option(
    help: ArgumentHelp(
      "Also write the changes as an HTML page with a swatch of each colour.", valueName: "file"))
  var html: String?

  func run() throws {
    try TokenChanges.run(old: old, new: new, html: html)
  }
}
