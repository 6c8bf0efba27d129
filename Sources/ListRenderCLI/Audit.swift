import ArgumentParser
import CommandSupport
import Foundation
import GoldenImage
import GoldenSuite
import ListRender

struct Audit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract:
      "Check a spec's list for accessibility: text and control contrast, tap target size, clipped text and missing labels.",
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
      "Also write the rendered list with each finding outlined and numbered, and a legend (PNG; variants one under another).",
      valueName: "file.png"))
  var overlay: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The rules to check, comma-separated (default: all).", valueName: "rule,rule"))
  var rules: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "An axis of variants, key=value,value; repeat for more axes (every combination is audited).",
      valueName: "key=values"))
  var variants: [String] = []

  @Option(
    name: .customLong("allow-path"),
    help:
      "Also let the spec read files under this folder (repeatable; default: only its own folder)."
  )
  var allowedFolders: [String] = []

  @Flag(name: .long, help: "Print how long each phase took (to stderr).")
  var timings = false

  /// The findings of one variant, as `--json` writes them.
  struct Run: Encodable {
    var variant: String?
    var findings: [AuditFinding]
  }

  private func chosenRules() throws -> Set<AuditRule> {
    guard let rules else { return Set(AuditRule.allCases) }
    var chosen = Set<AuditRule>()
    for name in rules.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let rule = AuditRule(rawValue: name) else {
        throw CommandFailure(
          "--rules: unknown rule '\(name)'; the rules are \(AuditRule.allCases.map(\.rawValue).joined(separator: ", "))",
          status: ExitStatus.badInput)
      }
      chosen.insert(rule)
    }
    guard !chosen.isEmpty else {
      throw CommandFailure("--rules names no rule", status: ExitStatus.badInput)
    }
    return chosen
  }

  func run() throws {
    do {
      let outputs = [("--json", json), ("--overlay", overlay)].compactMap { option, path in
        path.map { (option: option, path: $0) }
      }
      try checkOutputs(outputs, inputs: spec == "-" ? [] : [("the spec", spec)])
      let rules = try chosenRules()
      let axes = try variants.map(VariantAxis.init(parsing:))
      var clock = PhaseClock(enabled: timings)
      let renderer = try ListRenderer()
      // One audit per process: its fonts are left to the exit (as `render` leaves them).
      _ = Unmanaged.passRetained(renderer)
      clock.lap("fonts and icons")
      let base = try loadDocument(
        spec, renderer: renderer, scale: nil, width: nil, allowing: allowedFolders)
      clock.lap("decode")
      var runs: [Run] = []
      var overlays: [Bitmap] = []
      for combination in VariantAxis.combinations(axes) {
        var document = base
        VariantAxis.apply(combination, to: &document)
        let name =
          combination.isEmpty
          ? nil : combination.map { "\($0.axis)=\($0.value)" }.joined(separator: " ")
        let tree = try renderer.layout(document)
        clock.lap("layout")
        let findings = try renderer.audit(document, tree: tree, rules: rules)
        clock.lap("audit")
        runs.append(Run(variant: name, findings: findings))
        if overlay != nil {
          overlays.append(try renderer.auditOverlay(of: tree, findings: findings))
        }
        for finding in findings {
          Terminal.out((name.map { "[\($0)] " } ?? "") + finding.description + "\n")
        }
      }
      let count = runs.reduce(0) { $0 + $1.findings.count }
      Terminal.error(
        count == 0
          ? "no findings\n" : "\(count) finding\(count == 1 ? "" : "s")\n")
      // Every output is made before any is written, then all of them are written or none.
      let staged = StagedOutputs()
      if let json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data =
          axes.isEmpty
          ? try encoder.encode(["findings": runs.first?.findings ?? []])
          : try encoder.encode(["runs": runs])
        try staged.add(Array(data) + [0x0A], to: json)
      }
      if let overlay {
        try staged.add(try PNGCodec.encode(Bitmap.stacked(overlays)), to: overlay)
      }
      try staged.commit()
      clock.report()
      if count > 0 { throw CommandFailure(status: ExitStatus.failure) }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: spec)
    }
  }
}
