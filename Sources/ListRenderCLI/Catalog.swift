import ArgumentParser
import FileIO
import Foundation
import GoldenSuite
import ListRender
import Localization
import StringCatalogs

struct Catalog: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catalog",
    abstract:
      "Draw every key of a string catalog (.xcstrings, an Android res/ folder or a folder of .lproj folders) in every locale, with a verdict for each.",
    discussion: """
      One list a locale, OUT/<locale>.png (OUT/<locale>-0001.png, … when taller than one \
      image), one row a key and plural form (each form with a number ICU puts in it), and \
      OUT/index.html: a key × locale grid to search by key. Verdicts: \
      \(CatalogReview.Verdict.allCases.map(\.rawValue).joined(separator: ", ")).
      Exit status: 0 when every verdict is ok, 1 when one is not, 2 for bad input.
      """)

  @Argument(
    help: ArgumentHelp(
      "An Apple String Catalog (.xcstrings), an Android res/ folder or a folder of .lproj folders.",
      valueName: "catalog"))
  var catalog: String

  @Option(
    help: ArgumentHelp(
      "The locales to draw, comma-separated (en-XA and ar-XB are pseudolocales), all (default) or pseudo (both pseudolocales).",
      valueName: "all|pseudo|de,ja"))
  var locales: String = "all"

  @Option(name: .customLong("as"), help: "Where the text goes: title, subtitle or description.")
  var role: CatalogReview.Role = .title

  @Option(help: "The rows' style: fullWidth, boxed or boxedInverse.")
  var style: CellStyle = .fullWidth

  @Option(help: "The design system: mistica or material.")
  var theme: ThemeName = .mistica

  @Option(help: "Lines at most for each text (default: no limit).")
  var maxLines: Int?

  @OptionGroup var canvas: CanvasOptions

  @Option(
    name: .customLong("default-language"),
    help: "The language of an Android res/ folder's values/ (default: en).")
  var defaultLanguage = "en"

  @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into.", valueName: "folder"))
  var output: String

  @Option(help: ArgumentHelp("Also write every verdict as JSON.", valueName: "file"))
  var json: String?

  @Option(
    name: .customLong("keys"),
    help: ArgumentHelp(
      "Only the keys matching this shell pattern (settings.*); may be given again.",
      valueName: "glob"))
  var keyPatterns: [String] = []

  @Flag(help: "Draw only the rows whose verdict is not ok, and only the locales that have one.")
  var problemsOnly = false

  @Option(
    help: ArgumentHelp(
      "Also write one image a key and locale here, KEY@LOCALE.png (names made safe), to upload to a translation platform as context.",
      valueName: "folder"))
  var screenshots: String?

  @Option(
    name: .customLong("changed-since"),
    help: ArgumentHelp(
      "Only the keys whose source text or any translation differs from this earlier catalog (the check for a translation pull request).",
      valueName: "old-catalog"))
  var changedSince: String?

  @Flag(name: .long, help: "Print how long each phase took (to stderr).")
  var timings = false

  func validate() throws {
    try require(maxLines, in: SpecLimits.maxLinesRange, option: "max-lines")
  }

  /// The options as the library takes them, or a bad-input failure naming the option.
  private func reviewOptions() -> CatalogReview.Options {
    var options = CatalogReview.Options()
    options.role = role
    options.style = style
    options.canvas.theme = theme
    options.canvas.scale = canvas.scale ?? 1
    options.canvas.width = canvas.width ?? 360
    options.maxLines = maxLines
    options.keys = keyPatterns
    return options
  }

  func run() throws {
    do {
      var run = CatalogRun(catalog: catalog, output: output)
      run.locales = locales
      run.defaultLanguage = defaultLanguage
      run.options = reviewOptions()
      run.json = json
      run.screenshots = screenshots
      run.problemsOnly = problemsOnly
      run.changedSince = changedSince
      var clock = PhaseClock(enabled: timings)
      let outcome: CatalogRun.Outcome
      do {
        outcome = try run.run(note: { Terminal.error($0) }, lap: { clock.lap($0) })
      } catch let error as CatalogRunError {
        throw CommandFailure(error.description, status: ExitStatus.badInput)
      } catch let error as CatalogError {
        throw CommandFailure(error.description, status: ExitStatus.badInput)
      }
      clock.report()
      Terminal.error(CatalogRun.summaryTable(outcome.summary) + outcome.totalsLines)
      if outcome.entries.contains(where: { $0.verdict != .ok }) {
        throw CommandFailure(status: ExitStatus.failure)
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: catalog)
    }
  }
}

extension CatalogReview.Role: ExpressibleByArgument {}
extension CellStyle: ExpressibleByArgument {}
extension ThemeName: ExpressibleByArgument {}
