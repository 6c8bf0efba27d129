import ListModel

/// Sections (IGListKit `IGListSectionController.h`): header, inset, items in one column, a grid or
/// a flow, card sections, footer.
extension ListLayoutEngine {
  /// Elements gathered while laying out the list; headers are kept apart so sticky headers can
  /// move and be drawn over the cells.
  struct ListBuilder {
    var elements: [LayoutElement] = []
    var headers: [PlacedHeader] = []

    /// Moves each header to the top of the visible area while its section is on screen,
    /// pushed up by the section's end (IGListCollectionViewLayout's sticky headers).
    mutating func stickHeaders(visibleTop: Double) {
      for index in headers.indices {
        let header = headers[index]
        let y = min(max(header.top, visibleTop), header.sectionBottom - header.height)
        let dy = max(0, y - header.top)
        headers[index].elements = header.elements.map { $0.offsetBy(0, dy) }
      }
    }
  }

  /// A header's elements, its place, and where its section ends.
  struct PlacedHeader {
    var elements: [LayoutElement]
    var top: Double
    var height: Double
    var sectionBottom: Double
  }

  /// Lays out a section from `top`; returns the y where the next one starts.
  func layoutSection(
    _ section: Section, index: Int, top: Double, canvas: Canvas, theme: Theme,
    background: Color, into list: inout ListBuilder
  ) throws -> Double {
    let source = "sections[\(index)]"
    let listX = canvas.safeArea.leading
    let listWidth = canvas.width - canvas.safeArea.leading - canvas.safeArea.trailing
    var y = top
    var header: PlacedHeader?
    if let text = section.header, !section.cells.isEmpty || section.showHeaderWhenEmpty {
      let placed = try supplementary(
        text, isHeader: true, source: source, x: listX, y: y, width: listWidth, canvas: canvas,
        theme: theme, background: background)
      header = PlacedHeader(
        elements: placed.elements, top: y, height: placed.height, sectionBottom: 0)
      y += placed.height
    }
    guard !section.cells.isEmpty else {
      if var header {
        header.sectionBottom = y
        list.headers.append(header)
      }
      return y
    }
    y += section.inset.top
    let areaX = listX + section.inset.leading
    let areaWidth = max(1, listWidth - section.inset.leading - section.inset.trailing)
    let spacing = section.interitemSpacing
    let (columns, itemWidth): (Int, Double)
    switch section.arrangement {
    case .columns(let count):
      columns = count
      itemWidth = max(1, (areaWidth - Double(count - 1) * spacing) / Double(count))
    case .itemWidth(let width):
      itemWidth = min(width, areaWidth)
      columns = max(1, Int(((areaWidth + spacing) / (itemWidth + spacing)).rounded(.down)))
    }
    let cardTop = y
    var cells: [LayoutElement] = []
    var index = 0
    while index < section.cells.count {
      var rowHeight = 0.0
      for column in 0..<columns where index < section.cells.count {
        let cell = section.cells[index]
        let context = CellContext(
          source: "\(source).cells[\(index)]", x: areaX + Double(column) * (itemWidth + spacing),
          y: y, width: itemWidth, isLast: index == section.cells.count - 1, cell: cell,
          canvas: canvas, theme: theme,
          next: index + 1 < section.cells.count ? section.cells[index + 1] : nil)
        var placed = try layoutCell(context)
        if let expandable = cell.expandable { placed = expand(placed, expandable, in: context) }
        placed.elements = addEffects(placed.elements, in: context)
        if let card = section.card {
          placed.elements = cardCell(
            placed.elements, isFirst: index == 0, isLast: index == section.cells.count - 1,
            card: card, theme: theme)
        }
        cells += placed.elements
        // Each row of items is as tall as its tallest item; items keep their own height.
        rowHeight = max(rowHeight, placed.height)
        index += 1
      }
      y += rowHeight
      if index < section.cells.count { y += section.lineSpacing }
    }
    if let card = section.card {
      let frame = Rect(x: areaX, y: cardTop, width: areaWidth, height: y - cardTop)
      let radius = card.cornerRadius ?? theme.boxedCornerRadius
      let fill = theme.surface(theme[.backgroundContainer], elevation: card.elevation)
      if card.elevation > 0 {
        list.elements.append(
          shadowElement(
            frame, cornerRadius: radius, elevation: card.elevation, source: source, theme: theme))
      }
      list.elements.append(
        LayoutElement(
          role: .card, source: source, frame: frame,
          content: .box(fill: fill, cornerRadius: radius)))
      list.elements += cells.map { element in
        // Cells take the card's surface (lighter with elevation in Material dark).
        guard element.role == .cell, case .box(_, let r, let s, let c, _) = element.content else {
          return element
        }
        var changed = element
        changed.content = .box(fill: fill, cornerRadius: r, stroke: s, corners: c)
        return changed
      }
    } else {
      list.elements += cells
    }
    y += section.inset.bottom
    if let text = section.footer {
      let placed = try supplementary(
        text, isHeader: false, source: source, x: listX, y: y, width: listWidth, canvas: canvas,
        theme: theme, background: nil)
      list.elements += placed.elements
      y += placed.height
    }
    if var header {
      header.sectionBottom = y
      list.headers.append(header)
    }
    return y
  }

  /// A cell inside a card: the container colour, rounded only on the card's outer corners.
  private func cardCell(
    _ elements: [LayoutElement], isFirst: Bool, isLast: Bool, card: Card, theme: Theme
  ) -> [LayoutElement] {
    let radius = card.cornerRadius ?? theme.boxedCornerRadius
    let corners: LayoutElement.Corners? =
      isFirst && isLast ? .all : isFirst ? .top : isLast ? .bottom : nil
    return elements.map { element in
      guard element.role == .cell || element.role == .highlight,
        case .box(let fill, _, _, _, _) = element.content
      else { return element }
      var changed = element
      let paint = element.role == .cell ? theme[.backgroundContainer] : fill
      changed.content = .box(
        fill: paint, cornerRadius: corners == nil ? 0 : radius, corners: corners ?? .all)
      return changed
    }
  }

  /// A header or footer: Mística's section title (24 above, 8 below) or Material's subheader
  /// (at least 48 tall, centred); footers 8 above and 16 below. A detail sits at the trailing
  /// edge in the brand colour. Headers get an opaque background so they can stick.
  private func supplementary(
    _ text: SupplementaryText, isHeader: Bool, source: String, x: Double, y: Double, width: Double,
    canvas: Canvas, theme: Theme, background: Color?
  ) throws -> (elements: [LayoutElement], height: Double) {
    let margin = 16.0
    let context = CellContext(
      source: source, x: x, y: y, width: width, isLast: false,
      cell: Cell(.label(LabelCell(text: ""))), canvas: canvas, theme: theme)
    let style = isHeader ? theme.sectionHeader : theme.sectionFooter
    // A detail ("See all") wraps within 40% of the width rather than being cut.
    var detail = try text.detail.map {
      try naturalText(
        $0, role: .headerDetail, style: theme.body, color: theme[.brand],
        maxWidth: (width - 2 * margin) * 0.4, in: context, maxLines: nil)
    }
    let titleWidth = width - 2 * margin - (detail.map { $0.frame.width + 16 } ?? 0)
    var title = try textElement(
      Label(text.title), role: isHeader ? .header : .footer, style: style,
      color: theme[.textSecondary], x: x + margin, y: 0, width: titleWidth, in: context)
    // Title and detail share their last line; a detail that wraps taller pushes the title down.
    let textHeight = max(title.frame.height, detail?.frame.height ?? 0)
    let above: Double
    let height: Double
    switch (isHeader, theme.system.sectionHeader) {
    case (true, .fixed(let space, let below)):
      above = space
      height = (space + textHeight + below).rounded(.up)
    case (true, .centred(let minHeight)):
      height = max(minHeight, (textHeight + 16).rounded(.up))
      above = (height - textHeight) / 2
    case (false, _):
      above = 8
      height = (8 + textHeight + 16).rounded(.up)
    }
    title.frame.y = y + above + textHeight - title.frame.height
    var elements: [LayoutElement] = []
    if let background {
      elements.append(
        LayoutElement(
          role: .header, source: source, frame: Rect(x: x, y: y, width: width, height: height),
          content: .box(fill: background, cornerRadius: 0)))
    }
    elements.append(title)
    if detail != nil, let measured = detail {
      detail?.frame = measured.frame.offsetBy(
        x + width - margin - measured.frame.width,
        title.frame.y + title.frame.height - measured.frame.height)
    }
    if let detail { elements.append(detail) }
    return (elements, height)
  }
}
