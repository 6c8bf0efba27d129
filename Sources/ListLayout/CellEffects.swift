import ListModel

/// Elevation shadows and ripples, added to any cell after its own layout (`MDCBaseCell.m`: ripple
/// and elevation).
extension ListLayoutEngine {
  /// A cell's elevation: its own, else the design system's for a boxed row, else 0.
  func elevation(of cell: Cell, theme: Theme) -> Double {
    if let elevation = cell.elevation { return elevation }
    if case .row(let row) = cell.kind, row.style == .boxed { return theme.system.boxedElevation }
    return 0
  }

  /// Adds the shadow under the cell's box (lightening a Material dark surface, replacing the
  /// Material card's placeholder border) and the ripple over it.
  func addEffects(_ elements: [LayoutElement], in context: CellContext) -> [LayoutElement] {
    var result = elements
    guard let index = result.firstIndex(where: { $0.role == .cell }),
      case .box(let fill, let radius, let stroke, let corners, let gradient) = result[index].content
    else { return result }
    let theme = context.theme
    var elevation = elevation(of: context.cell, theme: theme)
    var layers = Elevation.shadows(elevation, model: theme.shadowModel)
    if let rising = context.cell.motion?.elevation {
      // A pressed cell part way between its resting and pressed elevations.
      elevation = rising.from + (rising.to - rising.from) * rising.fraction
      layers = Elevation.shadows(
        from: rising.from, to: rising.to, fraction: rising.fraction, model: theme.shadowModel)
    }
    if elevation > 0 {
      result[index].content = .box(
        fill: theme.surface(fill, elevation: elevation), cornerRadius: radius,
        stroke: theme.system.elevatedBoxDropsBorder ? nil : stroke, corners: corners,
        gradient: gradient)
      result.insert(
        LayoutElement(
          role: .shadow, source: context.source, frame: result[index].frame,
          content: .shadow(layers: layers, cornerRadius: radius, corners: corners)),
        at: index)
    }
    if let press = context.cell.ripple,
      let last = result.lastIndex(where: { [.cell, .highlight, .shadow].contains($0.role) })
    {
      let box = result[index + (elevation > 0 ? 1 : 0)].frame
      // The touch point is given as seen, from the cell's left: undo the coming RTL mirror.
      let x = context.direction == .rtl ? box.width - press.x : press.x
      if let state = RippleTimeline.state(
        context.canvas.ripple, at: press.elapsed, x: x, y: press.y, release: press.release,
        width: box.width, height: box.height), state.opacity > 0
      {
        let color = theme.rippleColor
        result.insert(
          LayoutElement(
            role: .ripple, source: context.source, frame: box,
            content: .ripple(
              x: state.x, y: state.y, radius: state.radius,
              color: color.withAlpha(color.alpha * state.opacity), cornerRadius: radius,
              corners: corners)),
          at: last + 1)
      }
    }
    return result
  }

  /// The shadow element of a (rounded) box at `elevation`, in the theme's shadow model.
  func shadowElement(
    _ frame: Rect, cornerRadius: Double, corners: LayoutElement.Corners = .all, elevation: Double,
    source: String, theme: Theme, model: ShadowModel? = nil
  ) -> LayoutElement {
    LayoutElement(
      role: .shadow, source: source, frame: frame,
      content: .shadow(
        layers: Elevation.shadows(elevation, model: model ?? theme.shadowModel),
        cornerRadius: cornerRadius, corners: corners))
  }
}
