import GoldenImage
import ListRender

extension GoldenStrategy where Value == ListDocument, Format == Bitmap {
  /// A document's pixels: the bitmap strategy pulled back through `renderer` (kept as PNG with
  /// the renderer's fingerprint).
  public static func image(renderer: ListRenderer) -> GoldenStrategy<ListDocument, Bitmap> {
    var strategy = GoldenStrategy<Bitmap, Bitmap>.image.pullback { (document: ListDocument) in
      try renderer.render(document)
    }
    strategy.fingerprint = renderer.fingerprint()
    strategy.prepare = explained(by: renderer)
    return strategy
  }

  /// ``image(renderer:)`` kept as lossless WebP (`<name>.webp`): the same pixels and
  /// fingerprint in about 40 % of the PNG's bytes, compared the same way.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .webPImage(renderer: renderer))  // <test>.webp
  /// ```
  public static func webPImage(renderer: ListRenderer) -> GoldenStrategy<ListDocument, Bitmap> {
    var strategy = GoldenStrategy<Bitmap, Bitmap>.webPImage.pullback { (document: ListDocument) in
      try renderer.render(document)
    }
    strategy.fingerprint = renderer.fingerprint()
    strategy.prepare = explained(by: renderer)
    return strategy
  }

  /// The golden keeps the document's layout and a failure is explained with it.
  static func explained(by renderer: ListRenderer) -> (ListDocument, inout GoldenCheck) throws
    -> Void
  {
    { document, check in
      GoldenExplanation.attach(to: &check, tree: try renderer.layout(document), document: document)
    }
  }
}

extension GoldenStrategy where Value == ListDocument, Format == String {
  /// A document's geometry: its layout dump (every element's frame and text lines, JSON with
  /// sorted keys) kept as `<name>.layout.json` and compared line by line — no pixels, so
  /// antialiasing never shows; a failure lists the lines that moved.
  public static func layout(renderer: ListRenderer) -> GoldenStrategy<ListDocument, String> {
    GoldenStrategy<LayoutTree, String>.layout.pullback { (document: ListDocument) in
      try renderer.layout(document)
    }
  }
}

extension GoldenStrategy where Value == LayoutTree, Format == String {
  /// A layout tree's dump (JSON, sorted keys) kept as `<name>.layout.json`, compared line by
  /// line.
  public static var layout: GoldenStrategy<LayoutTree, String> {
    GoldenStrategy<String, String>.lines(pathExtension: "layout.json").pullback {
      (tree: LayoutTree) in String(decoding: try tree.dumpJSON(), as: UTF8.self) + "\n"
    }
  }
}

extension GoldenStrategy where Value == ListDocument, Format == FrameSequence {
  /// A document's animation, every frame (``ListRenderer/frameSequence(_:)``): kept as one
  /// lossless APNG, `<name>.apng.png`, with the renderer's fingerprint, and compared frame by
  /// frame and its timing exactly.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .animation(renderer: renderer))  // <test>.apng.png
  /// ```
  public static func animation(renderer: ListRenderer) -> GoldenStrategy<
    ListDocument, FrameSequence
  > {
    var strategy = GoldenStrategy<FrameSequence, FrameSequence>.animation.pullback {
      (document: ListDocument) in try renderer.frameSequence(document)
    }
    strategy.fingerprint = renderer.fingerprint()
    return strategy
  }
}

extension GoldenStrategy where Value == ListDocument, Format == String {
  /// What VoiceOver reads (``ListRenderer/accessibilityJSON(of:)``), kept as
  /// `<name>.accessibility.json` and compared line by line: a failure lists the elements whose
  /// label, value, traits or frame changed.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .accessibility(renderer: renderer))
  /// ```
  public static func accessibility(renderer: ListRenderer) -> GoldenStrategy<ListDocument, String> {
    GoldenStrategy<String, String>.lines(pathExtension: "accessibility.json").pullback {
      (document: ListDocument) in try renderer.accessibilityJSON(of: document)
    }
  }
}

/// An accessibility audit as a golden compares it: the findings as an audit golden keeps them
/// (one a line), and, for a new audit with findings, the overlay that shows them.
public struct AuditSnapshot: Sendable {
  /// The findings, `{"findings": [...]}` with one finding a line.
  public var text: String
  /// The list with each finding outlined and numbered (nil when read back from a golden, or
  /// when nothing was found).
  public var overlay: Bitmap?

  /// A snapshot from its parts.
  public init(text: String, overlay: Bitmap? = nil) {
    self.text = text
    self.overlay = overlay
  }
}

extension GoldenFormat where Format == AuditSnapshot {
  /// Audit findings kept as `<name>.audit.json`: every finding found must be in the golden
  /// (an accepted finding passes, a new one fails and is named); a golden finding no longer
  /// found passes and is said in the summary. A failure keeps the new findings and the overlay.
  public static var audit: GoldenFormat<AuditSnapshot> {
    var format = GoldenFormat(
      pathExtension: "audit.json",
      encode: { snapshot, _ in Array(snapshot.text.utf8) },
      decode: { AuditSnapshot(text: String(decoding: $0, as: UTF8.self)) },
      compare: { expected, actual, _, base in
        // A finding is matched by its element's identity, rule and part: a row inserted above
        // or a measured value that moved within the failing range is the same finding; one
        // that now fails a further level (contrast under 3:1, a target under 24 pt) is worse.
        let accepted = AuditFinding.goldenLines(expected.text).compactMap {
          AuditFinding.GoldenEntry(line: $0)
        }
        let found = AuditFinding.goldenLines(actual.text).compactMap {
          AuditFinding.GoldenEntry(line: $0)
        }
        var matched = Set<Int>()
        var new: [String] = []
        for finding in found {
          guard
            let index = accepted.indices.first(where: {
              !matched.contains($0) && accepted[$0].isSame(as: finding)
            })
          else {
            new.append("new: \(finding.sentence)")
            continue
          }
          matched.insert(index)
          if finding.level > accepted[index].level {
            new.append("worse: \(finding.sentence) (accepted at \(accepted[index].measured))")
          }
        }
        let gone = accepted.count - matched.count
        let fixed =
          gone == 0 ? "" : "; \(gone) accepted finding\(gone == 1 ? "" : "s") no longer found"
        guard !new.isEmpty else {
          return GoldenComparison(
            passed: true,
            summary: "\(found.count) finding\(found.count == 1 ? "" : "s"), all accepted" + fixed)
        }
        let actualPath = "\(base).actual.audit.json"
        let expectedPath = "\(base).expected.audit.json"
        var files: [(path: String, bytes: [UInt8])] = [
          (expectedPath, Array(expected.text.utf8)), (actualPath, Array(actual.text.utf8)),
        ]
        var panel: String?
        if let overlay = actual.overlay {
          let overlayPath = "\(base).audit.png"
          files.append((overlayPath, try PNGCodec.encode(overlay)))
          panel = overlayPath
        }
        return GoldenComparison(
          passed: false,
          summary: "\(new.count) new or worse finding\(new.count == 1 ? "" : "s")" + fixed,
          details: Array(new.prefix(20))
            + ["actual: \(actualPath)"] + (panel.map { ["overlay: \($0)"] } ?? []),
          artifacts: GoldenReport.Artifacts(
            expected: expectedPath, actual: actualPath, diff: nil, panel: panel),
          files: files)
      })
    format.maxFileBytes = GoldenFormat<String>.maxTextBytes
    return format
  }
}

extension GoldenStrategy where Value == ListDocument, Format == AuditSnapshot {
  /// A document's accessibility audit (``ListRenderer/audit(_:rules:)``, every rule) kept as
  /// `<name>.audit.json`, one finding a line: findings already in the golden are accepted, a
  /// new one fails and is named, with the overlay (``ListRenderer/auditOverlay(_:findings:)``)
  /// among the failure's files.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .audit(renderer: renderer))  // <test>.audit.json
  /// ```
  public static func audit(renderer: ListRenderer) -> GoldenStrategy<ListDocument, AuditSnapshot> {
    GoldenStrategy(format: .audit) { document in
      let tree = try renderer.layout(document)
      return try renderer.auditSnapshot(document, tree: tree)
    }
  }
}

extension ListRenderer {
  /// The audit of a layout this renderer made of `document`, as an audit golden compares it.
  package func auditSnapshot(_ document: ListDocument, tree: LayoutTree) throws -> AuditSnapshot {
    let findings = try audit(document, tree: tree, rules: Set(AuditRule.allCases))
    return AuditSnapshot(
      text: AuditFinding.goldenText(findings),
      overlay: findings.isEmpty ? nil : try auditOverlay(of: tree, findings: findings))
  }
}
