import ArgumentParser
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListGoldens
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

  /// The most variant combinations one audit checks.
  static let maxCombinations = 1_000

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

  /// The findings of a list too tall for one image: the list audited as viewports
  /// (`canvas.height`, `canvas.contentOffset`) one below the other, each as tall as an image
  /// may be; frames in the whole list's points; an element across two parts found once.
  private func auditInParts(
    _ document: ListDocument, renderer: ListRenderer, rules: Set<AuditRule>
  ) throws -> [AuditFinding] {
    let whole = try renderer.layout(document, limits: .points)
    let scale = whole.scale
    let rowsAllowed = min(
      Double(SpecLimits.maxPixelSide),
      Double(SpecLimits.maxPixels) / max(1, (whole.width * scale).rounded(.up)))
    let part = min(
      SpecLimits.heightRange.upperBound, max(1, (rowsAllowed / scale).rounded(.down) - 1))
    var findings: [AuditFinding] = []
    var seen = Set<String>()
    var top = 0.0
    while top < whole.height {
      var viewport = document
      viewport.canvas.height = min(part, whole.height - top)
      viewport.canvas.contentOffset = top
      let tree = try renderer.layout(viewport)
      for var finding in try renderer.audit(viewport, tree: tree, rules: rules) {
        finding.frame.y += top
        guard seen.insert("\(finding.rule.rawValue) \(finding.source) \(finding.kind)").inserted
        else { continue }
        findings.append(finding)
      }
      top += part
    }
    return findings
  }

  func run() throws {
    do {
      let rules = try chosenRules()
      let axes = try variants.map(VariantAxis.init(parsing:))
      // Bounded before any work: the number of combinations is the product of the axes.
      var combinationCount = 1
      for axis in axes {
        let (product, overflow) = combinationCount.multipliedReportingOverflow(
          by: axis.values.count)
        combinationCount = overflow ? Int.max : product
      }
      guard combinationCount <= Self.maxCombinations else {
        throw CommandFailure(
          "--variants: \(combinationCount == Int.max ? "too many" : combinationCount.formatted()) combinations; one audit checks at most \(Self.maxCombinations.formatted()) (split the axes over several runs)",
          status: ExitStatus.badInput)
      }
      let combinations = VariantAxis.combinations(axes)
      let overlayPaths = overlay.map { Self.overlayPaths($0, combinations) } ?? []
      let outputs =
        [("--json", json)].compactMap { option, path in path.map { (option: option, path: $0) } }
        + overlayPaths.map { (option: "--overlay", path: $0) }
      try checkOutputs(outputs, inputs: spec == "-" ? [] : [("the spec", spec)])
      var clock = PhaseClock(enabled: timings)
      let renderer = try ListRenderer()
      // One audit per process: its fonts are left to the exit (as `render` leaves them).
      _ = Unmanaged.passRetained(renderer)
      clock.lap("fonts and icons")
      let base = try loadDocument(
        spec, renderer: renderer, scale: nil, width: nil, allowing: fileAccess.allowedFolders)
      clock.lap("decode")
      var runs: [Run] = []
      // Each variant's overlay is encoded as soon as it is drawn (one bitmap at a time), and
      // labelled with its variant.
      let staged = StagedOutputs()
      let captions = Captions()
      for (index, combination) in combinations.enumerated() {
        var document = base
        VariantAxis.apply(combination, to: &document)
        let name =
          combination.isEmpty
          ? nil : combination.map { "\($0.axis)=\($0.value)" }.joined(separator: " ")
        let findings: [AuditFinding]
        let tree: LayoutTree?
        do {
          let laidOut = try renderer.layout(document)
          clock.lap("layout")
          findings = try renderer.audit(document, tree: laidOut, rules: rules)
          tree = laidOut
        } catch let error as SpecError where document.canvas.height == nil {
          // Taller than one image: audited part by part, as viewports of the list.
          let whole = try renderer.layout(document, limits: .points)
          guard (try? whole.checkPixelLimits()) == nil else { throw error }
          guard overlay == nil else {
            throw CommandFailure(
              "--overlay: the list is taller than one image (32,767 px a side); audit it without --overlay (it is checked part by part), or draw a part with canvas.height and canvas.contentOffset",
              status: ExitStatus.badInput)
          }
          findings = try auditInParts(document, renderer: renderer, rules: rules)
          tree = nil
        }
        clock.lap("audit")
        runs.append(Run(variant: name, findings: findings))
        if overlay != nil, let tree {
          var picture = try renderer.auditOverlay(of: tree, findings: findings)
          if let name, let caption = captions.strip(name, width: picture.width) {
            picture = Bitmap.stacked([caption, picture], gap: 0)
          }
          try staged.add(try PNGCodec.encode(picture), to: overlayPaths[index])
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
      if let json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data =
          axes.isEmpty
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
