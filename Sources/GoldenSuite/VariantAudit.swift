import Foundation
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
      do {
        let laidOut = try renderer.layout(document)
        lap("layout")
        findings = try renderer.audit(document, tree: laidOut, rules: rules)
        tree = laidOut
      } catch let error as SpecError where document.canvas.height == nil {
        // Taller than one image: audited part by part, as viewports of the list.
        let whole = try renderer.layout(document, limits: .points)
        guard (try? whole.checkPixelLimits()) == nil else { throw error }
        guard !needsLayouts else {
          throw CommandFailure(
            "--overlay: the list is taller than one image (\(SpecLimits.maxPixelSide.formatted()) px a side); audit it without --overlay (it is checked part by part), or draw a part with canvas.height and canvas.contentOffset",
            status: ExitStatus.badInput)
        }
        findings = try renderer.auditInParts(document, whole: whole, rules: rules)
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
