import Foundation
import ListPainter

/// An accessibility rule ``ListRenderer/audit(_:rules:)`` checks, each after a public source.
public enum AuditRule: String, CaseIterable, Codable, Sendable {
  /// Text against what is drawn behind it: at least 4.5:1, or 3:1 for large text (18 pt, or
  /// 14 pt bold). WCAG 2.1 success criterion 1.4.3; axe-core `color-contrast`; Android's
  /// Accessibility Test Framework `TextContrastCheck`.
  case textContrast = "text-contrast"
  /// A control's essential parts (switch track, checkbox and radio ring or fill, badge)
  /// against what is behind them: at least 3:1. WCAG 2.1 success criterion 1.4.11.
  case nonTextContrast = "non-text-contrast"
  /// What a user taps on its own: 44 × 44 pt under Mística (Apple's Human Interface
  /// Guidelines), 48 × 48 dp under Material (ATF `TouchTargetSizeCheck`).
  case targetSize = "target-size"
  /// Text cut short: by `maxLines` at an accessibility content size (AX1–AX5), or drawn
  /// outside its cell (Apple's `XCUIAccessibilityAuditType.textClipped`).
  case textClipped = "text-clipped"
  /// An icon-only control, or a cell with an image and no text, that has nothing to read
  /// (Apple's `sufficientElementDescription` audit; ATF `SpeakableTextPresentCheck`).
  case missingLabel = "missing-label"
  /// A label whose text comes from a string catalog (``CatalogKey``) and is not what a user of
  /// the canvas's locale should read: no translation (the source text drawn), placeholders
  /// that differ from the source's, a translation not finished, a text cut short by its line
  /// limit, or a character no font has. `listrender catalog` gives the same verdicts.
  case translation
}

/// One thing ``ListRenderer/audit(_:rules:)`` found: the rule, the element, what was measured
/// and what the rule requires.
///
/// ```swift
/// for finding in try renderer.audit(document) { print(finding) }
/// // text-contrast  sections[0].cells[1] subtitle  1.92:1  needs 4.5:1  list.yaml:7:20
/// ```
public struct AuditFinding: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The rule.
  public var rule: AuditRule
  /// The spec path of the element's cell (`sections[0].cells[2]`, `sections[1]`, `emptyView`).
  public var source: String
  /// What the element is: a layout role (`title`, `subtitle`, `control`, `badge`, `cell`, …).
  public var kind: String
  /// What was measured (`1.92:1`, `24 × 24 pt`, `cut to 1 line`).
  public var measured: String
  /// What the rule requires (`4.5:1`, `44 × 44 pt (Apple HIG)`).
  public var required: String
  /// The element's frame in points: what an overlay outlines.
  public var frame: Rect
  /// Where the spec says it, `file:line:column`, when known.
  public var location: String?
  /// The element's identity, which an audit golden matches the finding by: its cell's `id`,
  /// else its title, else its spec path (``source``). Inserting a row above does not change it.
  public var element: String

  /// A finding from its parts.
  public init(
    rule: AuditRule, source: String, kind: String, measured: String, required: String,
    frame: Rect, location: String? = nil
  ) {
    self.rule = rule
    self.source = source
    self.kind = kind
    self.measured = measured
    self.required = required
    self.frame = frame
    self.location = location
    self.element = source
  }

  /// `rule  source "element" kind  measured  needs required  file:line:column`.
  public var description: String {
    "\(rule.rawValue)  \(source)\(element == source ? "" : " \"\(element)\"") \(kind)  \(measured)  needs \(required)"
      + (location.map { "  \($0)" } ?? "")
  }

  /// The finding as an audit golden keeps it: one JSON object on one line, without the frame
  /// and the spec location (which move when unrelated things change).
  package var goldenLine: String {
    func quoted(_ text: String) -> String {
      let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
      return String(decoding: data, as: UTF8.self)
    }
    return
      "{\"element\": \(quoted(element)), \"kind\": \(quoted(kind)), \"measured\": \(quoted(measured)), \"required\": \(quoted(required)), \"rule\": \(quoted(rule.rawValue)), \"source\": \(quoted(source))}"
  }

  /// A finding as an audit golden keeps it, read back: what it is matched by and what was
  /// measured.
  package struct GoldenEntry: Equatable, Sendable {
    /// The element's identity; empty in a golden recorded before findings named it.
    package var element: String
    package var source: String
    package var rule: String
    package var kind: String
    package var measured: String
    package var required: String
    /// The line as written.
    package var line: String

    /// The finding as `listrender audit` prints it: `rule  path "element" part  measured  needs
    /// required`.
    package var sentence: String {
      "\(rule)  \(source)\(element.isEmpty || element == source ? "" : " \"\(element)\"") \(kind)  \(measured)  needs \(required)"
    }

    /// A golden line read, or nil when it is not a finding.
    package init?(line: String) {
      guard line.utf8.count <= 64 * 1024,
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let rule = object["rule"] as? String, let kind = object["kind"] as? String,
        let source = object["source"] as? String
      else { return nil }
      self.rule = rule
      self.kind = kind
      self.source = source
      self.element = object["element"] as? String ?? ""
      self.measured = object["measured"] as? String ?? ""
      self.required = object["required"] as? String ?? ""
      self.line = line
    }

    /// Whether `other` is the same finding: the same element, rule and part, whatever was
    /// measured.
    /// An older golden's finding, which names no element, is matched by its spec path.
    package func isSame(as other: GoldenEntry) -> Bool {
      guard rule == other.rule, kind == other.kind else { return false }
      return element.isEmpty || other.element.isEmpty
        ? source == other.source : element == other.element
    }

    /// How many of its rule's levels the measured value fails: a contrast under 3:1 fails both
    /// 4.5:1 and 3:1; a target under 24 pt fails both the design system's size and WCAG 2.2's
    /// 24 × 24 minimum (success criterion 2.5.8).
    package var level: Int {
      let number = Double(measured.prefix { $0.isNumber || $0 == "." }) ?? 0
      // A rule this build does not know (a golden from a newer one) has one level.
      guard let known = AuditRule(rawValue: rule) else { return 1 }
      switch known {
      case .textContrast, .nonTextContrast:
        return number < 3 ? 2 : 1
      case .targetSize:
        let height =
          Double(
            measured.split(separator: "×").dropFirst().first?.trimmingCharacters(in: .whitespaces)
              .prefix { $0.isNumber || $0 == "." } ?? "") ?? 0
        return min(number, height) < 24 ? 2 : 1
      case .textClipped, .missingLabel, .translation:
        return 1
      }
    }
  }

  /// Findings as an audit golden (`<case>.audit.json`): `{"findings": [...]}` with one finding
  /// a line, in the order found.
  package static func goldenText(_ findings: [AuditFinding]) -> String {
    guard !findings.isEmpty else { return "{\n  \"findings\": []\n}\n" }
    return "{\n  \"findings\": [\n"
      + findings.map { "    " + $0.goldenLine }.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  /// The finding lines of an audit golden's text (each without its trailing comma).
  package static func goldenLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { line in
      var line = line.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix(",") { line.removeLast() }
      return line
    }.filter { $0.hasPrefix("{\"") }
  }
}
