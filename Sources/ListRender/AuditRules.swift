import Foundation
import ListPainter

/// What applies one ``AuditRule`` to an audited layout: the findings it makes, each with its
/// place in the report (``Auditor/Placed``).
protocol AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed]
}

extension AuditRule {
  /// The check that applies the rule. A new rule is not audited until it has one: this switch
  /// has no default.
  var check: any AuditCheck {
    switch self {
    case .textContrast: TextContrastCheck()
    case .nonTextContrast: NonTextContrastCheck()
    case .targetSize: TargetSizeCheck()
    case .textClipped: TextClippedCheck()
    case .missingLabel: MissingLabelCheck()
    case .translation: TranslationCheck()
    }
  }

  /// Whether the rule reads what lies behind text and controls (painted without them, one
  /// pixel a point) besides the layout: the contrast rules do. No default, as for the check.
  var readsPaintBehind: Bool {
    switch self {
    case .textContrast, .nonTextContrast: true
    case .targetSize, .textClipped, .missingLabel, .translation: false
    }
  }
}

// MARK: Text

/// Labels from a string catalog: the catalog's verdicts (missing, bad format, untranslated) the
/// document noted when it took the locale's text, and what the layout shows (truncated, a
/// missing glyph), each on the label's text.
struct TranslationCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    var keyed: [String: CatalogKey] = [:]
    var notes: [String: TranslationNote] = [:]
    var document = auditor.document
    document.forEachLabel { label, _, cell, field in
      guard let cell, let key = label.key else { return }
      keyed[cell.description + " " + field] = key
    }
    for note in document.marks.translationNotes {
      guard let cell = note.cell else { continue }
      notes[cell.description + " " + note.field] = note
    }
    let locale =
      document.canvas.locale ?? document.marks.loadedStrings?.catalogs.first?
      .sourceLanguage ?? "en"
    var out: [Auditor.Placed] = []
    for (index, element) in auditor.drawnElements {
      guard case .text(let block) = element.content else { continue }
      let slot = element.source + " " + element.role.rawValue
      guard let key = keyed[slot] else { continue }
      let measured: String
      if let note = notes[slot] {
        measured = "\(note.verdict): \(note.detail)"
      } else if let scalar = block.missingCharacter {
        measured = "missing-glyph: no font has U+\(String(format: "%04X", scalar.value))"
      } else if block.truncated {
        measured = "truncated: cut to \(block.lines.count) line\(block.lines.count == 1 ? "" : "s")"
      } else {
        continue
      }
      let finding = AuditFinding(
        rule: .translation, source: element.source, kind: element.role.rawValue,
        measured: "'\(key.name)' in \(locale): " + measured,
        required: "a finished translation that fits", frame: element.frame,
        location: auditor.location(of: element.source, kind: element.role.rawValue))
      out.append(.init(order: Auditor.onElement(index, slot: 5), finding: finding))
    }
    return out
  }
}

/// WCAG 2.1's 1.4.3: text against the darkest and the lightest pixel behind its lines.
struct TextContrastCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    guard let behind = auditor.behindText else { return [] }
    var out: [Auditor.Placed] = []
    for (index, element) in auditor.drawnElements where auditor.coloursJudged(element) {
      guard case .text(let block) = element.content, !block.text.isEmpty else { continue }
      let large = block.style.size >= 18 || (block.style.size >= 14 && block.style.weight == .bold)
      let needed = large ? 3.0 : 4.5
      let shape = pill(of: element, among: auditor.roundedBoxes[element.source] ?? [])
      var worst = Double.infinity
      for line in block.lines where !line.text.isEmpty && line.width > 0 {
        let rect = Rect(
          x: element.frame.x + line.x, y: element.frame.y + line.y, width: line.width,
          height: line.height)
        for background in Contrast.colors(in: rect, of: behind, inside: shape) {
          worst = min(
            worst, Contrast.ratio(block.color, opacity: element.opacity, over: background))
        }
      }
      guard worst < needed else { continue }
      let finding = AuditFinding(
        rule: .textContrast, source: element.source, kind: element.role.rawValue,
        measured: Contrast.text(worst), required: large ? "3:1 (large text)" : "4.5:1",
        frame: element.frame,
        location: auditor.location(of: element.source, kind: element.role.rawValue))
      out.append(.init(order: Auditor.onElement(index, slot: 0), finding: finding))
    }
    return out
  }

  /// A label on a rounded box of its own (a button's pill) is judged on that box, less its
  /// antialiased edge (a point at the one pixel a point the audit reads): the corners of its
  /// line's rectangle that stick out of the pill are not behind its letters.
  private func pill(of element: LayoutElement, among boxes: [LayoutElement]) -> (Rect, Double)? {
    let pill = boxes.first { other in
      guard other.role == element.role else { return false }
      return other.frame.x <= element.frame.x + 0.5 && other.frame.y <= element.frame.y + 0.5
        && other.frame.maxY >= element.frame.maxY - 0.5
        && other.frame.x + other.frame.width >= element.frame.x + element.frame.width - 0.5
    }
    guard let pill, case .box(_, let radius, _, _, _) = pill.content, pill.frame.width > 2,
      pill.frame.height > 2
    else { return nil }
    let inner = Rect(
      x: pill.frame.x + 1, y: pill.frame.y + 1, width: pill.frame.width - 2,
      height: pill.frame.height - 2)
    return (inner, max(0, min(radius, pill.frame.height / 2, pill.frame.width / 2) - 1))
  }
}

/// Text cut short: by `maxLines` at an accessibility content size, or drawn outside its cell.
struct TextClippedCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    let canvas = auditor.document.canvas
    var out: [Auditor.Placed] = []
    for (index, element) in auditor.drawnElements {
      guard case .text(let block) = element.content, !block.text.isEmpty else { continue }
      let location = auditor.location(of: element.source, kind: element.role.rawValue)
      let finding: AuditFinding
      if block.truncated, canvas.contentSize.isAccessibilityCategory {
        finding = AuditFinding(
          rule: .textClipped, source: element.source, kind: element.role.rawValue,
          measured: "cut to \(block.lines.count) line\(block.lines.count == 1 ? "" : "s")",
          required: "all text shown at \(canvas.contentSize.rawValue)", frame: element.frame,
          location: location)
      } else if let cell = auditor.cellFrames[element.source],
        let outside = Self.outside(element, block, cell: cell)
      {
        finding = AuditFinding(
          rule: .textClipped, source: element.source, kind: element.role.rawValue,
          measured: outside, required: "text inside its cell", frame: element.frame,
          location: location)
      } else {
        continue
      }
      out.append(.init(order: Auditor.onElement(index, slot: 1), finding: finding))
    }
    return out
  }

  /// How far a text's lines reach out of its cell's box (or its clip), or nil when inside.
  private static func outside(_ element: LayoutElement, _ block: TextBlock, cell: Rect) -> String? {
    let bounds = element.clip?.rect ?? cell
    var beyond = 0.0
    for line in block.lines where line.width > 0 {
      let left = element.frame.x + line.x
      let top = element.frame.y + line.y
      beyond = max(
        beyond, bounds.x - left, left + line.width - (bounds.x + bounds.width), bounds.y - top,
        top + line.height - bounds.maxY)
    }
    // Half a point is antialiasing and rounding, not clipping.
    guard beyond > 0.5 else { return nil }
    return String(format: "%.1f pt outside", beyond)
  }
}

// MARK: Controls and icons

/// WCAG 2.1's 1.4.11: a control's essential parts, and every icon, at least 3:1 against what is
/// drawn behind them.
struct NonTextContrastCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    var out: [Auditor.Placed] = []
    for (index, element) in auditor.drawnElements where auditor.coloursJudged(element) {
      if Auditor.isControlPart(element), let finding = control(element, auditor) {
        out.append(.init(order: Auditor.onElement(index, slot: 2), finding: finding))
      }
      if let finding = icon(element, auditor) {
        out.append(.init(order: Auditor.onElement(index, slot: 3), finding: finding))
      }
    }
    return out
  }

  /// The colours that make a control's state visible, and the part the finding names; nil for
  /// what is no control part. Every kind of drawn content is named here: a new one is placed
  /// by the compiler.
  static func essentials(of element: LayoutElement) -> (colors: [Color], kind: String)? {
    switch element.content {
    case .switch(let paint):
      (
        [paint.on ? paint.onColor : paint.offColor],
        paint.on ? "switch track (on)" : "switch track (off)"
      )
    case .checkbox(let paint):
      ([paint.on ? paint.fill : paint.ring], paint.on ? "checkbox (checked)" : "checkbox outline")
    case .radio(let paint):
      ([paint.ring], paint.on ? "radio (selected)" : "radio outline")
    case .ellipse(let fill): ([fill], element.role.rawValue)
    case .box(let fill, _, _, _, _): ([fill], element.role.rawValue)
    case .text, .glyph, .image, .arc, .shadow, .ripple: nil
    }
  }

  private func control(_ element: LayoutElement, _ auditor: Auditor) -> AuditFinding? {
    guard let behind = auditor.behindControls, let essentials = Self.essentials(of: element)
    else { return nil }
    var worst = Double.infinity
    for background in Contrast.colors(in: element.frame, of: behind) {
      for color in essentials.colors {
        worst = min(worst, Contrast.ratio(color, opacity: element.opacity, over: background))
      }
    }
    guard worst < 3 else { return nil }
    return AuditFinding(
      rule: .nonTextContrast, source: element.source, kind: essentials.kind,
      measured: Contrast.text(worst), required: "3:1", frame: element.frame,
      location: auditor.location(of: element.source, kind: "control"))
  }

  /// An icon (a Material glyph: an asset, an icon button, a chevron, the empty view's icon)
  /// against what is drawn behind it (the list without text and glyphs): at least 3:1, as
  /// WCAG 2.1's 1.4.11 asks of graphics needed to understand the content.
  private func icon(_ element: LayoutElement, _ auditor: Auditor) -> AuditFinding? {
    guard case .glyph(_, let color, _) = element.content, let behind = auditor.behindText else {
      return nil
    }
    var worst = Double.infinity
    for background in Contrast.colors(in: element.frame, of: behind) {
      worst = min(worst, Contrast.ratio(color, opacity: element.opacity, over: background))
    }
    guard worst < 3 else { return nil }
    return AuditFinding(
      rule: .nonTextContrast, source: element.source, kind: "\(element.role.rawValue) icon",
      measured: Contrast.text(worst), required: "3:1", frame: element.frame,
      location: auditor.location(of: element.source, kind: "control"))
  }
}

// MARK: Targets and labels

/// What a user taps on its own at least the design system's minimum: a row that is its control's
/// target, a button or an icon button, the empty view's button.
struct TargetSizeCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    let target = auditor.minimumTarget
    func tooSmall(_ frame: Rect) -> Bool {
      frame.width < target.size - 0.01 || frame.height < target.size - 0.01
    }
    func measured(_ frame: Rect) -> String {
      // To a tenth of a point: 65.4 × 32 pt.
      func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
      }
      return "\(number(frame.width)) × \(number(frame.height)) \(target.unit)"
    }
    let required = "\(Int(target.size)) × \(Int(target.size)) \(target.unit) (\(target.rule))"
    var out: [Auditor.Placed] = []
    for row in auditor.rows {
      guard let control = row.model.control else { continue }
      let frame: Rect
      let finding: AuditFinding
      switch control.tapTarget {
      case .row:
        frame = row.box.frame
        guard tooSmall(frame) else { continue }
        finding = AuditFinding(
          rule: .targetSize, source: row.source, kind: "cell", measured: measured(frame),
          required: required + ", the row is the target", frame: frame,
          location: auditor.location(of: row.source, kind: "cell"))
      case .own:
        guard let controlFrame = row.controlFrame, tooSmall(controlFrame) else { continue }
        frame = controlFrame
        finding = AuditFinding(
          rule: .targetSize, source: row.source, kind: "control", measured: measured(frame),
          required: required, frame: frame,
          location: auditor.location(of: row.source, kind: "control"))
      case .none:
        continue
      }
      out.append(.init(order: Auditor.onCell(row.path, slot: 0), finding: finding))
    }
    if let button = auditor.tree.elements.first(where: { $0.role == .emptyButton }),
      tooSmall(button.frame)
    {
      let finding = AuditFinding(
        rule: .targetSize, source: ElementPath.emptyView.description, kind: "emptyButton",
        measured: measured(button.frame), required: required, frame: button.frame)
      out.append(.init(order: Auditor.onCell(.emptyView, slot: 0), finding: finding))
    }
    return out
  }
}

/// Something VoiceOver must read and cannot: an icon button with no label, a row of an image and
/// no text.
struct MissingLabelCheck: AuditCheck {
  func findings(in auditor: Auditor) -> [Auditor.Placed] {
    var out: [Auditor.Placed] = []
    for row in auditor.rows {
      if let control = row.model.control, control.needsLabel, row.model.controlLabel == nil,
        let frame = row.controlFrame
      {
        let finding = AuditFinding(
          rule: .missingLabel, source: row.source, kind: "control",
          measured: "an icon button with no text", required: "a label to read", frame: frame,
          location: auditor.location(of: row.source, kind: "control"))
        out.append(.init(order: Auditor.onCell(row.path, slot: 1), finding: finding))
      }
      let model = row.model
      if model.asset != nil, model.assetLabel == nil,
        model.title.text.trimmingCharacters(in: .whitespaces).isEmpty,
        (model.subtitle?.text ?? "").isEmpty, (model.descriptionText?.text ?? "").isEmpty
      {
        let finding = AuditFinding(
          rule: .missingLabel, source: row.source, kind: "cell",
          measured: "an image with no text", required: "a label to read", frame: row.box.frame,
          location: auditor.location(of: row.source, kind: "cell"))
        out.append(.init(order: Auditor.onCell(row.path, slot: 2), finding: finding))
      }
    }
    return out
  }
}

// MARK: Rows

extension Auditor {
  /// A laid-out row: its model, its path, its box and its control's frame.
  struct AuditedRow {
    var model: RowCell
    var path: ElementPath
    var source: String { path.description }
    var box: LayoutElement
    var controlFrame: Rect?
  }

  /// The document's rows that were laid out, in reading order.
  var rows: [AuditedRow] {
    let bySource = Dictionary(grouping: tree.elements, by: \.source)
    var out: [AuditedRow] = []
    for (sectionIndex, section) in document.sections.enumerated() {
      for (cellIndex, cell) in section.cells.enumerated() {
        guard case .row(let row) = cell.kind else { continue }
        let path = ElementPath.cell(section: sectionIndex, item: cellIndex)
        let parts = bySource[path.description] ?? []
        guard let box = parts.first(where: { $0.role == .cell }) else { continue }
        out.append(
          AuditedRow(
            model: row, path: path, box: box,
            controlFrame: Rect.union(parts.filter { $0.role == .control }.map(\.frame))))
      }
    }
    return out
  }
}

extension Rect {
  /// Whether two frames overlap.
  static func intersects(_ a: Rect, _ b: Rect) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.maxY && b.y < a.maxY
  }
}
