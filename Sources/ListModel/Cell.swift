import Foundation
import Yams

/// One cell of a section.
public struct Cell: Equatable, Sendable {
  /// The kinds of cell.
  public enum Kind: Equatable, Sendable {
    /// The design system's row (mistica-ios `ListTableViewCell`).
    case row(RowCell)
    /// A Material stereo cell (`MDCSelfSizingStereoCell`).
    case stereo(StereoCell)
    /// A self-sizing label cell (OBAKit `SelfSizingCollectionCell`).
    case label(LabelCell)
  }

  /// What the cell is.
  public var kind: Kind
  /// The identity list updates match cells by; nil: its title (a label cell's text).
  public var id: String?
  /// The state it is drawn in.
  public var state: CellState
  /// Whether it draws a bottom separator.
  public var separator: SeparatorVisibility
  /// Where that separator starts.
  public var separatorInset: SeparatorInset = .standard
  /// Elevation in points; nil: the style's own (a Material boxed card: 1; otherwise 0).
  public var elevation: Double?
  /// A still frame of a ripple on this cell.
  public var ripple: RippleFrame?
  /// Expands and collapses between heights (TableKit's expandable cells).
  public var expandable: Expandable?
  /// The elevation while pressed (MDCBaseCell raises its shadow, `MDCBaseCell.m`).
  public var pressedElevation: Double?
  /// Set by the animation timeline for one frame (never by a spec).
  public var motion: CellMotion?

  /// The identity a list update matches this cell by: its `id`, else its title (a label
  /// cell's text).
  public var identity: String {
    if let id { return id }
    switch kind {
    case .row(let row): return row.title.text
    case .stereo(let stereo): return stereo.title.text
    case .label(let label): return label.text.text
    }
  }

  /// A cell from its parts.
  public init(
    _ kind: Kind, id: String? = nil, state: CellState = .normal,
    separator: SeparatorVisibility = .automatic, separatorInset: SeparatorInset = .standard,
    elevation: Double? = nil, ripple: RippleFrame? = nil, expandable: Expandable? = nil,
    pressedElevation: Double? = nil
  ) {
    self.kind = kind
    self.id = id
    self.state = state
    self.separator = separator
    self.separatorInset = separatorInset
    self.elevation = elevation
    self.ripple = ripple
    self.expandable = expandable
    self.pressedElevation = pressedElevation
  }

  /// A row cell.
  public static func row(_ row: RowCell, state: CellState = .normal) -> Cell {
    Cell(.row(row), state: state)
  }
}

/// The interaction state a cell is drawn in.
public enum CellState: String, CaseIterable, Sendable {
  /// At rest.
  case normal
  /// Pressed: an overlay with the cell's corner radius.
  case highlighted
  /// Selected: a brand-tinted overlay.
  case selected
  /// Disabled: labels at alpha 0.5 (Mística keeps the asset and the control at full alpha;
  /// Material dims them too).
  case disabled
}

/// Whether a cell draws its bottom separator.
public enum SeparatorVisibility: String, CaseIterable, Sendable {
  /// The style's rule (full-width rows: all but the section's last).
  case automatic
  /// Always.
  case visible
  /// Never.
  case hidden
}

/// Where a cell's bottom separator starts.
public enum SeparatorInset: String, CaseIterable, Sendable {
  /// The style's own inset (16 pt for rows; the text for stereo cells).
  case standard
  /// From the leading edge of the cell's text to the trailing edge (Material's inset divider,
  /// x 72 beside an icon).
  case text
  /// Edge to edge.
  case none
}

/// A press seen at one moment: where, how long ago, and when it was released (seconds after
/// the press), for still frames of the ripple.
public struct RippleFrame: Equatable, Sendable {
  /// Touch point from the cell's left edge, in points.
  public var x: Double
  /// Touch point from the cell's top edge, in points.
  public var y: Double
  /// Seconds since the press.
  public var elapsed: Double
  /// Seconds after the press when it was released; nil: still held.
  public var release: Double?

  /// A ripple frame from its parts.
  public init(x: Double, y: Double, elapsed: Double, release: Double? = nil) {
    self.x = x
    self.y = y
    self.elapsed = elapsed
    self.release = release
  }
}

// MARK: Spec

extension ListDocument {
  static func decodeCell(_ reader: NodeReader) throws -> Cell {
    let kindName = try reader.peek("kind")?.enumeration(CellKindName.self) ?? .row
    let kind: Cell.Kind
    let object: ObjectReader
    switch kindName {
    case .row:
      object = try reader.object(SpecSchema.rowCell)
      kind = .row(try decodeRow(object))
    case .stereo:
      object = try reader.object(SpecSchema.stereoCell)
      var stereo = StereoCell(
        title: try decodeLabel(object.required("title"), allowEmpty: false),
        detail: try object.optional("detail").map { try decodeLabel($0) })
      stereo.leadingImage = try object.optional("leadingImage").map(decodeStereoImage)
      stereo.trailingImage = try object.optional("trailingImage").map(decodeStereoImage)
      kind = .stereo(stereo)
    case .label:
      object = try reader.object(SpecSchema.labelCell)
      kind = .label(LabelCell(text: try decodeLabel(object.required("text"), allowEmpty: false)))
    }
    var cell = Cell(
      kind, state: try object.optional("state")?.enumeration(CellState.self) ?? .normal)
    if let field = object.optional("separator") {
      // `separator: hidden`, or `{ visibility: visible, inset: text }`.
      if case .mapping = field.node {
        let separator = try field.object(SpecSchema.separator)
        cell.separator =
          try separator.optional("visibility")?.enumeration(SeparatorVisibility.self) ?? .automatic
        cell.separatorInset =
          try separator.optional("inset")?.enumeration(SeparatorInset.self) ?? .standard
      } else {
        cell.separator = try field.enumeration(SeparatorVisibility.self)
      }
    }
    cell.elevation = try object.optional("elevation")?.number(in: SpecLimits.elevationRange)
    cell.id = try object.optional("id")?.string(allowEmpty: false)
    cell.expandable = try object.optional("expandable").map(decodeExpandable)
    cell.pressedElevation = try object.optional("pressedElevation")?.number(
      in: SpecLimits.elevationRange)
    if let field = object.optional("ripple") {
      let ripple = try field.object(SpecSchema.ripple)
      cell.ripple = RippleFrame(
        x: try ripple.optional("x")?.number(in: SpecLimits.touchXRange) ?? 0,
        y: try ripple.optional("y")?.number(in: SpecLimits.touchYRange) ?? 0,
        elapsed: try ripple.optional("t")?.number(in: SpecLimits.timeRange) ?? 0,
        release: try ripple.optional("release")?.number(in: SpecLimits.timeRange)
      )
    }
    return cell
  }

  private enum CellKindName: String, CaseIterable {
    case row, stereo, label
  }
}

extension SpecWriter {
  func cell(_ cell: Cell) -> Node {
    var pairs: Pairs = []
    switch cell.kind {
    case .row(let row):
      if row.style != .fullWidth { pairs.append(("style", plain(row.style.rawValue))) }
      if let asset = row.asset {
        pairs.append(("asset", labelled(self.asset(asset), row.assetLabel)))
      }
      switch row.headline {
      case .tag(let text)?: pairs.append(("headline", map([("tag", string(text))])))
      case .overline(let text)?: pairs.append(("headline", map([("text", string(text))])))
      case nil: break
      }
      pairs.append(("title", label(row.title)))
      if let subtitle = row.subtitle { pairs.append(("subtitle", label(subtitle))) }
      if let text = row.descriptionText { pairs.append(("description", label(text))) }
      if let control = row.control {
        pairs.append(("control", labelled(self.control(control), row.controlLabel)))
      }
    case .stereo(let stereo):
      pairs.append(("kind", plain("stereo")))
      if let image = stereo.leadingImage { pairs.append(("leadingImage", stereoImage(image))) }
      if let image = stereo.trailingImage { pairs.append(("trailingImage", stereoImage(image))) }
      pairs.append(("title", label(stereo.title)))
      if let detail = stereo.detail { pairs.append(("detail", label(detail))) }
    case .label(let labelCell):
      pairs.append(("kind", plain("label")))
      pairs.append(("text", label(labelCell.text)))
    }
    if let id = cell.id { pairs.append(("id", string(id))) }
    if cell.state != .normal { pairs.append(("state", plain(cell.state.rawValue))) }
    if cell.separatorInset != .standard {
      pairs.append(
        (
          "separator",
          map([
            ("visibility", plain(cell.separator.rawValue)),
            ("inset", plain(cell.separatorInset.rawValue)),
          ])
        ))
    } else if cell.separator != .automatic {
      pairs.append(("separator", plain(cell.separator.rawValue)))
    }
    if let elevation = cell.elevation { pairs.append(("elevation", number(elevation))) }
    if let pressed = cell.pressedElevation { pairs.append(("pressedElevation", number(pressed))) }
    if let ripple = cell.ripple {
      var fields: Pairs = [
        ("x", number(ripple.x)), ("y", number(ripple.y)), ("t", number(ripple.elapsed)),
      ]
      if let release = ripple.release { fields.append(("release", number(release))) }
      pairs.append(("ripple", map(fields)))
    }
    if let expandable = cell.expandable {
      var fields: Pairs = [
        ("states", .sequence(.init(expandable.states.map(expansionState)))),
        ("state", expansionState(expandable.state)),
        ("collapsedHeight", number(expandable.collapsedHeight)),
      ]
      if !expandable.hiddenWhenCollapsed.isEmpty {
        fields.append(
          ("hiddenWhenCollapsed", .sequence(.init(expandable.hiddenWhenCollapsed.map(plain)))))
      }
      pairs.append(("expandable", map(fields)))
    }
    return map(pairs)
  }
}

extension Validator {
  mutating func cell(_ cell: Cell) throws {
    try string(cell.id, "id", allowEmpty: false)
    switch cell.kind {
    case .row(let row):
      try asset(row.asset)
      switch row.headline {
      case .tag(let text)?: try string(text, "headline.tag", allowEmpty: false)
      case .overline(let text)?: try string(text, "headline.text", allowEmpty: false)
      case nil: break
      }
      try label(row.title, "title", allowEmpty: false)
      try label(row.subtitle, "subtitle")
      try label(row.descriptionText, "description")
      try control(row.control)
      try string(row.assetLabel, "asset.accessibilityLabel", allowEmpty: false)
      try string(row.controlLabel, "control.accessibilityLabel", allowEmpty: false)
    case .stereo(let stereo):
      try label(stereo.title, "title", allowEmpty: false)
      try label(stereo.detail, "detail")
      try stereoImage(stereo.leadingImage, "leadingImage")
      try stereoImage(stereo.trailingImage, "trailingImage")
    case .label(let label):
      try self.label(label.text, "text", allowEmpty: false)
    }
    try number(cell.elevation, SpecLimits.elevationRange, "elevation")
    try number(cell.pressedElevation, SpecLimits.elevationRange, "pressedElevation")
    if let ripple = cell.ripple {
      try inside("ripple") { v in
        try v.number(ripple.x, SpecLimits.touchXRange, "x")
        try v.number(ripple.y, SpecLimits.touchYRange, "y")
        try v.number(ripple.elapsed, SpecLimits.timeRange, "t")
        try v.number(ripple.release, SpecLimits.timeRange, "release")
      }
    }
    if let expandable = cell.expandable {
      try inside("expandable") { try $0.expandable(expandable) }
    }
    if let motion = cell.motion {
      try inside("motion") { try $0.motion(motion) }
    }
  }
}
