import FileIO
import Foundation
import ListGoldens
import ListRender

/// A document audited in every combination of variant axes, as a suite renders `verify`'s
/// variants: the combinations bounded before any work, each laid out and audited (a list taller
/// than one image part by part), the findings labelled with their variant.
package struct VariantAudit {
  /// The most combinations one audit checks.
  package static let maxCombinations = 1_000

  /// The findings of one variant, as `audit --json` writes them.
  package struct Run: Encodable {
    /// `key=value key=value`; nil with no axes.
    package var variant: String?
    package var findings: [AuditFinding]
  }

  /// Every combination, in the order the axes give them.
  package let combinations: [[VariantAxis.Choice]]

  /// The combinations of `axes` for `document`, or a bad-input failure when there are more than
  /// ``maxCombinations`` (counted without building them: the count is the product of the axes).
  package init(axes: [VariantAxis], document: ListDocument) throws {
    // `locale=all`: the document's own locales.
    let axes = try VariantAxis.forSpec(axes) { document }
    var count = 1
    for axis in axes {
      let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
      count = overflow ? Int.max : product
    }
    guard count <= Self.maxCombinations else {
      throw CommandFailure(
        "--variants: \(count == Int.max ? "too many" : count.formatted()) combinations; one audit checks at most \(Self.maxCombinations.formatted()) (split the axes over several runs)",
        status: ExitStatus.badInput)
    }
    combinations = VariantAxis.combinations(axes)
  }

  /// Audits `base` in each combination, in order, handing each run and its layout (nil for a
  /// list audited part by part) to `each` as soon as it is made, so that one layout is held at
  /// a time. With `needsLayouts` (an overlay is drawn of each), a list taller than one image is
  /// an error rather than audited in parts.
  package func run(
    _ base: ListDocument, renderer: ListRenderer, rules: Set<AuditRule>, needsLayouts: Bool,
    lap: (String) -> Void = { _ in }, each: (Run, LayoutTree?) throws -> Void
  ) throws -> [Run] {
    var runs: [Run] = []
    for combination in combinations {
      var document = base
      try VariantAxis.apply(combination, to: &document)
      let name =
        combination.isEmpty
        ? nil : combination.map { "\($0.axis)=\($0.value)" }.joined(separator: " ")
      let findings: [AuditFinding]
      let tree: LayoutTree?
      // One layout of the list, seen whole or, taller than one image, part by part.
      let view = try renderer.viewports(of: document)
      do {
        let laidOut = try view(document.canvas.height, document.canvas.contentOffset, .pixels)
        lap("layout")
        findings = try renderer.audit(document, tree: laidOut, rules: rules)
        tree = laidOut
      } catch let error as SpecError where document.canvas.height == nil {
        // Taller than one image: audited part by part, as viewports of the list.
        let whole = try view(nil, document.canvas.contentOffset, .points)
        guard (try? whole.checkPixelLimits()) == nil else { throw error }
        guard !needsLayouts else {
          throw CommandFailure(
            "--overlay: the list is taller than one image (\(SpecLimits.maxPixelSide.formatted()) px a side); audit it without --overlay (it is checked part by part), or draw a part with canvas.height and canvas.contentOffset",
            status: ExitStatus.badInput)
        }
        findings = try renderer.auditInParts(document, whole: whole, view: view, rules: rules)
        tree = nil
      }
      lap("audit")
      let run = Run(variant: name, findings: findings)
      try each(run, tree)
      runs.append(run)
    }
    return runs
  }
}

/// `listrender audit`: a spec's list audited in each variant, its findings told one a line as
/// they come, and the outputs asked for (`--json`, an overlay image a variant) written all or
/// none once every variant is audited.
package struct AuditCommand {
  /// The spec's path (`-`: standard input), for the outputs' checks and messages.
  package var spec: String
  /// The rules checked.
  package var rules: Set<AuditRule> = Set(AuditRule.allCases)
  /// The variant axes (none: the spec as it is).
  package var axes: [VariantAxis] = []
  /// `--json`: the findings as JSON.
  package var json: String?
  /// `--overlay`: the list with each finding outlined and numbered (`-`: standard output).
  package var overlay: String?

  /// An audit of `spec`.
  package init(spec: String) { self.spec = spec }

  /// The image format of `--overlay PATH`, from its extension (standard output: PNG).
  /// - Throws: ``CommandFailure`` (exit 2) for an extension no raster format has.
  package static func overlayFormat(_ path: String) throws -> RasterFormat {
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
  package static func overlayPaths(_ path: String, _ combinations: [[VariantAxis.Choice]])
    -> [String]
  {
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

  /// Audits `document` with `renderer`, telling each finding's line to `finding` as it comes;
  /// returns how many there were once the outputs are written.
  package func run(
    _ document: ListDocument, renderer: ListRenderer, finding: (String) -> Void,
    lap: (String) -> Void = { _ in }
  ) throws -> Int {
    let audit = try VariantAudit(axes: axes, document: document)
    let overlayPaths = overlay.map { Self.overlayPaths($0, audit.combinations) } ?? []
    // One format an overlay, from its extension; anything else is refused rather than given
    // PNG bytes under another name.
    let overlayFormat = try overlay.map(Self.overlayFormat)
    try checkOutputs(
      (json.map { [(option: "--json", path: $0)] } ?? [])
        + overlayPaths.map { (option: "--overlay", path: $0) },
      inputs: spec == "-" ? [] : [("the spec", spec)])
    // Each variant's overlay is encoded as soon as it is drawn (one bitmap at a time), and
    // labelled with its variant.
    let staged = StagedOutputs()
    let captions = Captions()
    var index = 0
    let runs = try audit.run(
      document, renderer: renderer, rules: rules, needsLayouts: overlay != nil, lap: lap
    ) { run, tree in
      defer { index += 1 }
      if let overlayFormat, let tree {
        var picture = try renderer.auditOverlay(of: tree, findings: run.findings)
        if let name = run.variant, let caption = captions.strip(name, width: picture.width) {
          picture = Bitmap.stacked([caption, picture], gap: 0)
        }
        try staged.add(try overlayFormat.encode(picture), to: overlayPaths[index])
      }
      for line in run.findings {
        finding((run.variant.map { "[\($0)] " } ?? "") + line.description + "\n")
      }
    }
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
    return runs.reduce(0) { $0 + $1.findings.count }
  }
}
