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
      "The rules to check, comma-separated (default: all).", valueName: "rule,rule"))
  var rules: String?

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

  /// The image format of `--overlay PATH`, from its extension: PNG or WebP (`-`, standard
  /// output, is PNG).
  /// - Throws: ``CommandFailure`` (exit 2) for any other extension.
  static func overlayFormat(_ path: String) throws -> RasterFormat {
    guard path != "-" else { return .png }
    let pathExtension = (lastPathPart(path) as NSString).pathExtension.lowercased()
    guard let format = RasterFormat.allCases.first(where: { $0.fileExtension == pathExtension })
    else {
      throw CommandFailure(
        "--overlay \(path): an overlay is an image, \(RasterFormat.allCases.map { "." + $0.fileExtension }.joined(separator: " or ")); give a file name with one of those extensions",
        status: ExitStatus.badInput)
    }
    return format
  }

  /// Where each variant's overlay goes: `NAME@values.png` beside `--overlay` (the values as a
  /// golden's variant is named), one file a variant; `--overlay` itself with no variants.
  static func overlayPaths(_ path: String, _ combinations: [[VariantAxis.Choice]]) -> [String] {
    guard combinations.count > 1 || combinations.first?.isEmpty == false else { return [path] }
    let stem = (path as NSString).deletingPathExtension
    var seen = Set<String>()
    return combinations.enumerated().map { index, combination in
      var name = "\(stem)@\(combination.map(\.value).joined(separator: "-")).png"
      // Two axes with the same values (width=300, height=300) name distinct files.
      if !seen.insert(name).inserted {
        name = "\(stem)@\(combination.map(\.value).joined(separator: "-"))-\(index + 1).png"
        seen.insert(name)
      }
      return name
    }
  }

  func run() throws {
    do {
      let rules = try chosenRules()
      let axes = try variants.map(VariantAxis.init(parsing:))
      var clock = PhaseClock(enabled: timings)
      let renderer = try EarlyRenderer.take()
      // One audit per process: its fonts are left to the exit (as `render` leaves them).
      _ = Unmanaged.passRetained(renderer)
      clock.lap("fonts and icons")
      let base = try loadDocument(
        spec, renderer: renderer, scale: nil, width: nil, allowing: fileAccess.allowedFolders,
        locale: localeOption.locale, tokens: try tokensOption.file())
      clock.lap("decode")
      let audit = try VariantAudit(axes: axes, document: base)
      let combinations = audit.combinations
      let overlayPaths = overlay.map { Self.overlayPaths($0, combinations) } ?? []
      // One format an overlay, from its extension (standard output: PNG); anything else is
      // refused rather than given PNG bytes under another name.
      let overlayFormat = try overlay.map(Self.overlayFormat)
      // With the overlay on standard output, the findings go to standard error: one output a
      // stream.
      let findingsOut: (String) -> Void =
        overlay == "-" ? { Terminal.error($0) } : { Terminal.out($0) }
      let outputs =
        [("--json", json)].compactMap { option, path in path.map { (option: option, path: $0) } }
        + overlayPaths.map { (option: "--overlay", path: $0) }
      try checkOutputs(outputs, inputs: spec == "-" ? [] : [("the spec", spec)])
      // Each variant's overlay is encoded as soon as it is drawn (one bitmap at a time), and
      // labelled with its variant; its findings are printed as they come.
      let staged = StagedOutputs()
      let captions = Captions()
      var index = 0
      let runs = try audit.run(
        base, renderer: renderer, rules: rules, needsLayouts: overlay != nil,
        lap: { clock.lap($0) }
      ) { run, tree in
        defer { index += 1 }
        if overlay != nil, let tree {
          var picture = try renderer.auditOverlay(of: tree, findings: run.findings)
          if let name = run.variant, let caption = captions.strip(name, width: picture.width) {
            picture = Bitmap.stacked([caption, picture], gap: 0)
          }
          try staged.add(
            try (overlayFormat ?? .png).encode(picture), to: overlayPaths[index])
        }
        for finding in run.findings {
          findingsOut((run.variant.map { "[\($0)] " } ?? "") + finding.description + "\n")
        }
      }
      let count = runs.reduce(0) { $0 + $1.findings.count }
      Terminal.error(
        count == 0
          ? "no findings\n" : "\(count) finding\(count == 1 ? "" : "s")\n")
      // Every output is made before any is written, then all of them are written or none.
      if let json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data =
          variants.isEmpty
          ? try encoder.encode(["findings": runs.first?.findings ?? []])
          : try encoder.encode(["runs": runs])
        try staged.add(Array(data) + [0x0A], to: json)
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
