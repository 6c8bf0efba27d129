import ListModel

/// The empty view and the pull-to-refresh indicator of OBAKit's lists (OneBusAway/onebusaway-ios).
extension ListLayoutEngine {
  /// Height of the refresh slot when fully pulled or refreshing.
  static let refreshSlot = 64.0
  /// Diameter of the refresh indicator's disc.
  static let refreshDisc = 36.0

  /// How far the content is pushed down by the refresh control.
  func refreshPull(_ refresh: RefreshControl?) throws -> Double {
    guard let refresh else { return 0 }
    return refresh.refreshing ? Self.refreshSlot : (Self.refreshSlot * refresh.progress).rounded()
  }

  /// The indicator: a disc with an arc that grows with the pull (up to 270°), or a 270° arc
  /// turned by `angle` while refreshing; centred in the pulled gap.
  func refreshIndicator(
    _ refresh: RefreshControl, pull: Double, canvas: Canvas, theme: Theme
  ) -> [LayoutElement] {
    guard pull > 0 else { return [] }
    let size = Self.refreshDisc
    let centerY = canvas.safeArea.top + pull / 2
    let frame = Rect(
      x: canvas.safeArea.leading
        + (canvas.width - canvas.safeArea.leading - canvas.safeArea.trailing - size) / 2,
      y: centerY - size / 2, width: size, height: size)
    let sweep = refresh.refreshing ? 270 : 270 * refresh.progress
    let start = refresh.refreshing ? refresh.angle : 0
    let arcFrame = Rect(x: frame.x + 8, y: frame.y + 8, width: size - 16, height: size - 16)
    return [
      LayoutElement(
        role: .refreshIndicator, source: ElementPath.refreshControl.description, frame: frame,
        content: .box(
          fill: theme[.backgroundContainer], cornerRadius: size / 2,
          stroke: Stroke(color: theme[.border], width: 1))),
      LayoutElement(
        role: .refreshIndicator, source: ElementPath.refreshControl.description,
        frame: arcFrame,
        content: .arc(start: start, sweep: sweep, width: 2.5, color: theme[.brand])),
    ]
  }

  /// The empty view, centred in the viewport: a 48 pt icon, 16, the title, 8, the message
  /// (both centred, at most 320 wide), 24, a pill button.
  func emptyViewElements(
    _ empty: EmptyView, viewportHeight: Double, canvas: Canvas, theme: Theme
  ) throws -> [LayoutElement] {
    let safe = canvas.safeArea
    let areaX = safe.leading
    let areaWidth = canvas.width - safe.leading - safe.trailing
    let width = min(320, areaWidth - 64)
    let x = areaX + (areaWidth - width) / 2
    let context = CellContext(
      source: ElementPath.emptyView.description, x: x, y: 0, width: width, isLast: true,
      cell: Cell(.label(LabelCell(text: ""))), canvas: canvas, theme: theme)
    var parts: [(elements: [LayoutElement], height: Double, gap: Double)] = []
    if let icon = empty.icon {
      let frame = Rect(x: x + (width - 48) / 2, y: 0, width: 48, height: 48)
      parts.append(
        (
          [
            iconElement(
              icon, role: .emptyIcon, frame: frame, color: theme[.textSecondary], in: context)
          ], 48, 0
        ))
    }
    if let title = empty.title {
      let element = try textElement(
        Label(title), role: .emptyTitle, style: theme.title, color: theme[.textPrimary], x: x,
        y: 0, width: width, in: context, alignment: .center)
      parts.append(([element], element.frame.height, parts.isEmpty ? 0 : 16))
    }
    if let message = empty.message {
      let element = try textElement(
        Label(message), role: .emptyMessage, style: theme.body, color: theme[.textSecondary],
        x: x, y: 0, width: width, in: context, alignment: .center)
      parts.append(([element], element.frame.height, parts.isEmpty ? 0 : 8))
    }
    if let button = empty.button {
      var style = theme.control
      style.weight = .medium
      var label = try naturalText(
        button, role: .emptyButton, style: style, color: theme[.onBrand], maxWidth: width - 32,
        in: context)
      let height = max(40, label.frame.height + 16)
      let pill = Rect(
        x: x + (width - label.frame.width - 32) / 2, y: 0, width: label.frame.width + 32,
        height: height)
      label.frame = label.frame.offsetBy(pill.x + 16, (height - label.frame.height) / 2)
      let box = LayoutElement(
        role: .emptyButton, source: ElementPath.emptyView.description, frame: pill,
        content: .box(fill: theme[.brand], cornerRadius: height / 2))
      var button = [box, label]
      if empty.elevation > 0 {
        button.insert(
          shadowElement(
            pill, cornerRadius: height / 2, elevation: empty.elevation,
            source: ElementPath.emptyView.description,
            theme: theme), at: 0)
      }
      parts.append((button, height, parts.isEmpty ? 0 : 24))
    }
    let total = parts.reduce(0) { $0 + $1.gap + $1.height }
    var y = safe.top + ((viewportHeight - safe.top - safe.bottom - total) / 2).rounded()
    var elements: [LayoutElement] = []
    for part in parts {
      y += part.gap
      elements += part.elements.map { $0.offsetBy(0, y) }
      y += part.height
    }
    return elements
  }
}
