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
    let sectionIndex = index
    let source = ElementPath.section(sectionIndex).description
    let listX = canvas.safeArea.leading
    let listWidth = canvas.width - canvas.safeArea.leading - canvas.safeArea.trailing
    var y = top
    var header: PlacedHeader?
    if let text = section.header, !section.cells.isEmpty || section.showHeaderWhenEmpty {
      let placed = try supplementary(
        text, isHeader: true, source: source, x: listX, y: y, width: listWidth, canvas: canvas,
        theme: theme, background: theme.system.ownBackgrounds ? theme[.background] : background)
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
          source: ElementPath.cell(section: sectionIndex, item: index).description,
          x: areaX + Double(column) * (itemWidth + spacing),
          y: y, width: itemWidth, isLast: index == section.cells.count - 1, cell: cell,
          canvas: canvas, theme: theme,
          next: index + 1 < section.cells.count ? section.cells[index + 1] : nil)
        var placed = try layoutCell(context)
        if let expandable = cell.expandable { placed = expand(placed, expandable, in: context) }
        placed.elements = addEffects(placed.elements, in: context)
        // A boxed cell on a page of another colour shows its own background in its margins.
        if theme.system.ownBackgrounds, section.card == nil, background != theme[.background],
          let box = placed.elements.first(where: { $0.role == .cell }),
          box.frame.width < itemWidth
        {
          placed.elements.insert(
            LayoutElement(
              role: .backdrop, source: context.source,
              frame: Rect(x: context.x, y: y, width: itemWidth, height: placed.height),
              content: .box(fill: theme[.background], cornerRadius: 0)),
            at: 0)
        }
        // A boxed-inverse row keeps its own brand box, margins and corners inside a card: the
        // card's surface under it would leave its inverse text on white.
        if let card = section.card, !cell.isBoxedInverseRow {
          placed.elements = cardCell(
            placed.elements, isFirst: index == 0, isLast: index == section.cells.count - 1,
            card: card, theme: theme, highlighted: cell.isHighlightedRow)
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
      let pressed = section.cells.contains { $0.state == .highlighted }
      let elevation =
        pressed ? theme.system.cardShadow.pressedElevation ?? card.elevation : card.elevation
      let fill = theme.surface(theme[.backgroundContainer], elevation: elevation)
      if elevation > 0 {
        list.elements.append(
          shadowElement(
            frame, cornerRadius: radius, elevation: elevation, source: source, theme: theme,
            model: canvas.shadow ?? theme.system.cardShadow.model))
      }
      list.elements.append(
        LayoutElement(
          role: .card, source: source, frame: frame,
          content: .box(fill: fill, cornerRadius: radius)))
      list.elements += cells.map { element in
        // Cells take the card's surface (lighter with elevation in Material dark); a highlighted
        // Mística row keeps its alternative background, a boxed-inverse row its brand box.
        guard element.role == .cell,
          case .box(let own, let r, let s, let c, let g) = element.content
        else {
          return element
        }
        var changed = element
        changed.content = .box(
          fill: own == theme[.backgroundContainer] ? fill : own, cornerRadius: r, stroke: s,
          corners: c, gradient: g)
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

  /// A cell inside a card: the container colour (a Mística highlighted row: the alternative
  /// background), rounded only on the card's outer corners.
  private func cardCell(
    _ elements: [LayoutElement], isFirst: Bool, isLast: Bool, card: Card, theme: Theme,
    highlighted: Bool
  ) -> [LayoutElement] {
    let container =
      highlighted && theme.system.rowHighlight == .alternativeBackground
      ? theme[.backgroundAlternative] : theme[.backgroundContainer]
    let radius = card.cornerRadius ?? theme.boxedCornerRadius
    let corners: LayoutElement.Corners? =
      isFirst && isLast ? .all : isFirst ? .top : isLast ? .bottom : nil
    return elements.map { element in
      guard element.role == .cell || element.role == .highlight,
        case .box(let fill, _, _, _, _) = element.content
      else { return element }
      var changed = element
      let paint = element.role == .cell ? container : fill
      changed.content = .box(
        fill: paint, cornerRadius: corners == nil ? 0 : radius, corners: corners ?? .all)
      return changed
    }
  }

  /// A header or footer: Mística's `TitleView` or Material's subheader (at least 48 tall,
  /// centred, its detail trailing in the body style); footers 8 above and 16 below. Headers get
  /// an opaque background so they can stick.
  private func supplementary(
    _ text: SupplementaryText, isHeader: Bool, source: String, x: Double, y: Double, width: Double,
    canvas: Canvas, theme: Theme, background: Color?
  ) throws -> (elements: [LayoutElement], height: Double) {
    let context = CellContext(
      source: source, x: x, y: y, width: width, isLast: false,
      cell: Cell(.label(LabelCell(text: ""))), canvas: canvas, theme: theme)
    var (elements, height): ([LayoutElement], Double)
    switch (isHeader, theme.system.sectionHeader) {
    case (true, .titleView(let defaultStyle)):
      (elements, height) = try titleView(
        text, style: text.style ?? defaultStyle, x: x, y: y, width: width, in: context)
    case (true, .centred(let minHeight)):
      if let style = text.style {
        throw LayoutError.headerStyle(
          section: Int(source.dropFirst("sections[".count).dropLast()) ?? 0, style: style.rawValue)
      }
      (elements, height) = try bottomAligned(
        text, isHeader: true, x: x, y: y, width: width, in: context
      ) { textHeight in
        let height = max(minHeight, (textHeight + 16).rounded(.up))
        return (above: (height - textHeight) / 2, height: height)
      }
    case (false, _):
      (elements, height) = try bottomAligned(
        text, isHeader: false, x: x, y: y, width: width, in: context
      ) { textHeight in (above: 8, height: (8 + textHeight + 16).rounded(.up)) }
    }
    if let background {
      elements.insert(
        LayoutElement(
          role: .header, source: source, frame: Rect(x: x, y: y, width: width, height: height),
          content: .box(fill: background, cornerRadius: 0)),
        at: 0)
    }
    return (elements, height)
  }

  /// mistica-ios `TitleView.swift` (commit 828547e): margins 16 above, 8 below and 16 at the
  /// sides; `title1` is `textPreset1` in `textSecondary`, upper-cased, `title2` `textPreset5` in
  /// `textPrimary` as typed, wrapping (`numberOfLines = 0`); the link is `textPreset2` in
  /// `textLink` on one line, hugging its text, 16 pt after the title (`UIStackView` spacing), the
  /// two aligned on their first baselines (`.firstBaseline`). The link stays on one line: it
  /// hugs its text at the required priority (lines 125–126) and the title, wrapping, gives way.
  /// Only a link that would leave the title less than its widest word wraps too (where UIKit
  /// would break the title's words letter by letter).
  private func titleView(
    _ text: SupplementaryText, style: HeaderStyle, x: Double, y: Double, width: Double,
    in context: CellContext
  ) throws -> (elements: [LayoutElement], height: Double) {
    let theme = context.theme
    let margin = 16.0
    let inner = max(1, width - 2 * margin)
    let (titleStyle, titleColor, titleText) =
      switch style {
      case .title1: (theme.sectionHeader, theme[.textSecondary], text.title.uppercased())
      case .title2: (theme.sectionHeaderTitle2, theme[.textPrimary], text.title)
      }
    let link = try text.detail.map { detail in
      let oneLine = try naturalText(
        detail, role: .headerDetail, style: theme.headerLink, color: theme[.textLink],
        maxWidth: inner, in: context, maxLines: 1)
      // The title keeps room for its widest word (at most half the width), so that it wraps
      // between words; past that the link wraps too.
      let words = titleText.split(separator: " ").prefix(Self.maxMeasuredTitleWords)
      var widest = 0.0
      for word in Set(words) {
        let measured = try naturalText(
          String(word), role: .header, style: titleStyle, color: titleColor, maxWidth: inner / 2,
          in: context)
        widest = max(widest, measured.frame.width)
      }
      let room = inner - 16 - widest
      guard oneLine.frame.width > room else { return oneLine }
      return try naturalText(
        detail, role: .headerDetail, style: theme.headerLink, color: theme[.textLink],
        maxWidth: max(1, room), in: context, maxLines: nil)
    }
    var title = try textElement(
      Label(titleText), role: .header, style: titleStyle, color: titleColor, x: x + margin, y: 0,
      width: inner - (link.map { $0.frame.width + 16 } ?? 0), in: context)
    let titleBaseline = Self.firstBaseline(of: title)
    let ascent = max(titleBaseline, link.map(Self.firstBaseline(of:)) ?? 0)
    title.frame.y = y + 16 + ascent - titleBaseline
    var elements = [title]
    if var link {
      link.frame = link.frame.offsetBy(
        x + width - margin - link.frame.width, y + 16 + ascent - Self.firstBaseline(of: link))
      elements.append(link)
    }
    let bottom = elements.map(\.frame.maxY).max() ?? y + 16
    return (elements, (bottom - y + 8).rounded(.up))
  }

  /// The most words of a header's title measured for its widest (a title is a spec string
  /// under the spec's size bounds; past these words, the first ones stand for the rest).
  static let maxMeasuredTitleWords = 64

  /// The baseline of a text element's first line, from its top (0 for other elements).
  static func firstBaseline(of element: LayoutElement) -> Double {
    guard case .text(let block) = element.content else { return 0 }
    return block.lines.first?.baseline ?? 0
  }

  /// Material's subheader and every footer: the title, and a detail at the trailing edge in
  /// the body style wrapping within 40% of the width, sharing their last line; `place` gives
  /// the space above the text and the whole height for the text's height.
  private func bottomAligned(
    _ text: SupplementaryText, isHeader: Bool, x: Double, y: Double, width: Double,
    in context: CellContext, place: (Double) -> (above: Double, height: Double)
  ) throws -> (elements: [LayoutElement], height: Double) {
    let theme = context.theme
    let margin = 16.0
    let detail = try text.detail.map {
      try naturalText(
        $0, role: .headerDetail, style: theme.body, color: theme[.textLink],
        maxWidth: (width - 2 * margin) * 0.4, in: context, maxLines: nil)
    }
    let titleWidth = width - 2 * margin - (detail.map { $0.frame.width + 16 } ?? 0)
    var title = try textElement(
      Label(text.title), role: isHeader ? .header : .footer,
      style: isHeader ? theme.sectionHeader : theme.sectionFooter,
      color: theme[.textSecondary], x: x + margin, y: 0, width: titleWidth, in: context)
    // Title and detail share their last line; a detail that wraps taller pushes the title down.
    let textHeight = max(title.frame.height, detail?.frame.height ?? 0)
    let (above, height) = place(textHeight)
    title.frame.y = y + above + textHeight - title.frame.height
    var elements = [title]
    if let measured = detail {
      var placed = measured
      placed.frame = measured.frame.offsetBy(
        x + width - margin - measured.frame.width,
        title.frame.y + title.frame.height - measured.frame.height)
      elements.append(placed)
    }
    return (elements, height)
  }
}
