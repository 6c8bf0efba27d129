import ListModel

/// Expandable cells (TouchInstinct/TableKit's expandable cells: `ExpandableCellHeight`,
/// `toggleState()`): the content is laid out at full height, the cell is shown at its state's
/// height (or part way between two along a transition), and clips its content to its current
/// bounds.
extension ListLayoutEngine {
  /// The cell resized to its expansion: its box, highlight and separator follow the current
  /// bounds, and controls centred on the row stay centred on them; everything else is clipped
  /// to the box; the labels named in `hiddenWhenCollapsed` fade with the collapsed state.
  func expand(_ placed: PlacedCell, _ expandable: Expandable, in context: CellContext)
    -> PlacedCell
  {
    let curve = context.cell.motion?.height ?? .state(expandable.state)
    let full = placed.height
    let height = max(0, curve.height(full: full, collapsed: expandable.collapsedHeight))
    let alpha = curve.labelAlpha
    let delta = height - full
    guard let box = placed.elements.first(where: { $0.role == .cell }) else { return placed }
    var bounds = box.frame
    bounds.height = max(0, bounds.height + delta)
    var clip = Clip(rect: bounds, cornerRadius: 0, corners: .all)
    if case .box(_, let radius, _, let corners, _) = box.content {
      clip.cornerRadius = radius
      clip.corners = corners
    }
    let hidden = Set(expandable.hiddenWhenCollapsed)
    var result = placed
    result.height = height
    result.elements = placed.elements.map { element in
      var element = element
      switch element.role {
      case .cell, .highlight:
        element.frame.height = bounds.height
      case .separator:
        element.frame.y += delta
      case let role
      where [.control, .badge, .chevron].contains(role)
        && abs((element.frame.y + element.frame.maxY) - (box.frame.y + box.frame.maxY)) < 1:
        // Controls centred on the row stay centred on what is shown of it (a collapsed row's
        // chevron or switch is not cut in half).
        element.frame.y += delta / 2
        element.clip = clip
      default:
        element.clip = clip
        if hidden.contains(element.role.rawValue) { element.opacity *= alpha }
      }
      return element
    }
    return result
  }
}

extension HeightCurve {
  /// The height in points, for a cell whose full (expanded) height is `full`.
  public func height(full: Double, collapsed: Double) -> Double {
    switch self {
    case .state(.collapsed): return collapsed
    case .state(.expanded): return full
    case .state(.height(let points)): return points
    case .between(let from, let to, let fraction):
      let start = from.height(full: full, collapsed: collapsed)
      return start + (to.height(full: full, collapsed: collapsed) - start) * fraction
    }
  }

  /// The alpha of labels hidden when collapsed: 0 collapsed, 1 otherwise, in between along a
  /// transition (the TableKit demo's label alpha).
  public var labelAlpha: Double {
    switch self {
    case .state(.collapsed): return 0
    case .state: return 1
    case .between(let from, let to, let fraction):
      return from.labelAlpha + (to.labelAlpha - from.labelAlpha) * fraction
    }
  }
}
