import FileIO
import Foundation
import ListModel
import ListRender
import StringCatalogs

/// `listrender tokens diff`: every token a design release changes, one a line, and the page
/// of them with swatches when asked.
package enum TokenChanges {
  /// Prints each token whose resolved value differs between `old` and `new`, writes the page
  /// to `html` when given.
  /// - Throws: ``CommandFailure``: exit 1 when a token differs, 2 for a file that is no token
  ///   file or an output that is an input.
  package static func run(old: String, new: String, html: String?) throws {
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
