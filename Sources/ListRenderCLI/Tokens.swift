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
    let changes: [MisticaTokenFile.Change]
    do {
      changes = try MisticaTokenFile.read(new).changes(since: MisticaTokenFile.read(old))
    } catch let error as CatalogError {
      throw CommandFailure(terminalSafe(error.description), status: ExitStatus.badInput)
    }
    if let html {
      try checkOutputs([("--html", html)], inputs: [("the old file", old), ("the new file", new)])
      try AtomicFile.write(Array(Self.page(changes, old: old, new: new).utf8), to: html)
    }
    for change in changes {
      Terminal.out(
        terminalSafe(
          "\(change.token) \(change.old ?? "none") → \(change.new ?? "none")", lineBreaks: false)
          + "\n")
    }
    Terminal.error("\(changes.count) token\(changes.count == 1 ? "" : "s") changed\n")
    if !changes.isEmpty { throw CommandFailure(status: ExitStatus.failure) }
  }

  /// The changes as a page: a row a token, its old and new value, each colour with a swatch.
  static func page(_ changes: [MisticaTokenFile.Change], old: String, new: String) -> String {
    func cell(_ value: String?) -> String {
      guard let value else { return "<td class=\"none\">none</td>" }
      let swatch =
        value.hasPrefix("#") && (value.count == 7 || value.count == 9)
        ? "<span class=\"swatch\" style=\"background: \(markupEscape(value))\"></span> " : ""
      return "<td>\(swatch)<code>\(markupEscape(value))</code></td>"
    }
    let rows = changes.map {
      "<tr><th>\(markupEscape($0.token))</th>\(cell($0.old))\(cell($0.new))</tr>"
    }.joined(separator: "\n")
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Token changes</title>
      <style>
      body { font: 14px system-ui, sans-serif; margin: 16px; }
      table { border-collapse: collapse; } th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; }
      .swatch { display: inline-block; width: 28px; height: 16px; vertical-align: middle; border: 1px solid #999;
        background-image: none; } td.none { color: #888; }
      </style></head><body>
      <h1>\(changes.count) token\(changes.count == 1 ? "" : "s") changed</h1>
      <p><code>\(markupEscape(old))</code> → <code>\(markupEscape(new))</code></p>
      <table><thead><tr><th>token</th><th>old</th><th>new</th></tr></thead><tbody>
      \(rows)
      </tbody></table></body></html>

      """
  }
}
