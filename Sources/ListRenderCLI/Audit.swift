import ArgumentParser
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ImageCodec
import ListGoldens
import ListRender

struct Audit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract:
      "Check a spec's list for accessibility: text and control contrast, tap target size, clipped text, missing labels and unfinished translations.",
    discussion: """
      One finding a line: rule, element (spec path and kind), measured value, required value, \
      and the spec's file:line:column. Rules: \(AuditRule.allCases.map(\.rawValue).joined(separator: ", ")).
      Exit status: 0 when nothing is found, 1 when something is, 2 for a bad spec or arguments.
      """)

  @Argument(help: ArgumentHelp("The spec file; - reads it from standard input.", valueName: "spec"))
  var spec: String

  @Option(name: .long, help: ArgumentHelp("Also write the findings as JSON.", valueName: "file"))
  var json: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Also write the rendered list with each finding outlined and numbered, and a legend (PNG; with --variants one file a variant, NAME@variant.png, labelled).",
      valueName: "file.png"))
  var overlay: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The rules to check, comma-separated (default: all).", valueName: "rule,rule"),
    transform: AuditRule.list)
  var rules: [AuditRule]?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "An axis of variants, key=value,value; repeat for more axes (every combination is audited).",
      valueName: "key=values"))
  var variants: [String] = []

  @OptionGroup var fileAccess: PathOptions

  @OptionGroup var localeOption: LocaleOptions

  @OptionGroup var tokensOption: TokensOptions

  @Flag(name: .long, help: "Print how long each phase took (to stderr).")
  var timings = false

  func run() throws {
    do {
      var command = AuditCommand(spec: spec)
      command.rules = Set(rules ?? AuditRule.allCases)
      command.axes = try variants.map(VariantAxis.init(parsing:))
      command.json = json
      command.overlay = overlay
      var clock = PhaseClock(enabled: timings)
      let renderer = try EarlyRenderer.take()
      // One audit per process: its fonts are left to the exit (as `render` leaves them).
      _ = Unmanaged.passRetained(renderer)
      clock.lap("fonts and icons")
      let document = try loadDocument(
        spec, renderer: renderer, scale: nil, width: nil, allowing: fileAccess.allowedFolders,
        locale: localeOption.locale, tokens: try tokensOption.file())
      clock.lap("decode")
      // With the overlay on standard output, the findings go to standard error: one output a
      // stream.
      let count = try command.run(
        document, renderer: renderer,
        finding: overlay == "-" ? { Terminal.error($0) } : { Terminal.out($0) },
        lap: { clock.lap($0) })
      Terminal.error(count == 0 ? "no findings\n" : "\(count) finding\(count == 1 ? "" : "s")\n")
      clock.report()
      if count > 0 { throw CommandFailure(status: ExitStatus.failure) }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: spec)
    }
  }
}

extension AuditRule {
  /// `--rules a,b`: the rules named, each known (exit 2 naming the rules otherwise).
  static func list(_ text: String) throws -> [AuditRule] {
    let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let rules = try names.map { name in
      guard let rule = AuditRule(rawValue: name) else {
        throw ValidationError(
          "unknown rule '\(name)'; the rules are \(AuditRule.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      return rule
    }
    guard !rules.isEmpty else { throw ValidationError("it names no rule") }
    return rules
  }
}
