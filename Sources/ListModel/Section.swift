import Foundation
import Yams

/// A group of cells with the IGListSectionController layout knobs (IGListKit
/// `IGListSectionController.h`): all zero and one column by default.
public struct Section: Equatable, Sendable {
  /// The identity list updates match sections by; nil: the section's index.
  public var id: String?
  /// The section's cells, in reading order.
  public var cells: [Cell]
  /// Supplementary view above the cells.
  public var header: SupplementaryText?
  /// Supplementary view below the cells.
  public var footer: SupplementaryText?
  /// Inset of the items from the list's edges.
  public var inset: EdgeInsets = .zero
  /// Space between rows of items.
  public var lineSpacing: Double = 0
  /// Space between items in a row.
  public var interitemSpacing: Double = 0
  /// Layout of the items: one column, a grid of equal columns, or fixed-width items that flow.
  public var arrangement: Arrangement = .columns(1)
  /// Draws the section as one inset card.
  public var card: Card?
  /// Whether the header shows when the section has no cells.
  public var showHeaderWhenEmpty = false

  /// A section from its parts: by default one column, no insets or spacing.
  public init(
    id: String? = nil, cells: [Cell] = [], header: SupplementaryText? = nil,
    footer: SupplementaryText? = nil, inset: EdgeInsets = .zero, lineSpacing: Double = 0,
    interitemSpacing: Double = 0, arrangement: Arrangement = .columns(1), card: Card? = nil,
    showHeaderWhenEmpty: Bool = false
  ) {
    self.id = id
    self.cells = cells
    self.header = header
    self.footer = footer
    self.inset = inset
    self.lineSpacing = lineSpacing
    self.interitemSpacing = interitemSpacing
    self.arrangement = arrangement
    self.card = card
    self.showHeaderWhenEmpty = showHeaderWhenEmpty
  }

  /// A section whose cells are listed in a builder (rows, stereo cells, labels, cells).
  public init(
    id: String? = nil, header: SupplementaryText? = nil, footer: SupplementaryText? = nil,
    inset: EdgeInsets = .zero, lineSpacing: Double = 0, interitemSpacing: Double = 0,
    arrangement: Arrangement = .columns(1), card: Card? = nil, showHeaderWhenEmpty: Bool = false,
    @CellBuilder cells: () -> [Cell]
  ) {
    self.init(
      id: id, cells: cells(), header: header, footer: footer, inset: inset,
      lineSpacing: lineSpacing, interitemSpacing: interitemSpacing, arrangement: arrangement,
      card: card, showHeaderWhenEmpty: showHeaderWhenEmpty)
  }

  /// The identity a list update matches this section by: its `id`, else its index.
  public func identity(at index: Int) -> String { id ?? "#\(index)" }
}

/// How a section places its items.
public enum Arrangement: Equatable, Sendable {
  /// N equal-width columns.
  case columns(Int)
  /// Items of this width (points) flowing into rows.
  case itemWidth(Double)
}

/// A header or footer: a title and an optional trailing detail. A string literal is a title.
public struct SupplementaryText: Equatable, Sendable, ExpressibleByStringLiteral {
  /// The main text.
  public var title: String
  /// Trailing text, such as "See all": a Mística header's link.
  public var detail: String?
  /// A Mística header's style; nil: the brand's (mistica-ios `TitleView`). Material's subheader
  /// and footers have one style.
  public var style: HeaderStyle?
  /// The catalog key the title comes from (``ListDocument/strings``), in the canvas's
  /// ``Canvas/locale``; nil for a title given as it is.
  public var titleKey: CatalogKey?
  /// The catalog key the detail comes from.
  public var detailKey: CatalogKey?
  /// Where the spec says the title and the detail (for findings about them).
  package var titleMark = SourceMark()
  package var detailMark = SourceMark()

  /// A header or footer from its parts.
  public init(title: String, detail: String? = nil, style: HeaderStyle? = nil) {
    self.title = title
    self.detail = detail
    self.style = style
  }

  /// A header or footer with a title only.
  public init(stringLiteral title: String) { self.init(title: title) }
}

/// A Mística section header's style (mistica-ios `TitleView.Style`).
public enum HeaderStyle: String, CaseIterable, Sendable {
  /// Small medium-weight text in the secondary colour, upper-cased.
  case title1
  /// Larger text in the primary colour, as typed.
  case title2
}

/// A section drawn as one card: rounded corners on the first and last cell only.
public struct Card: Equatable, Sendable {
  /// Elevation in points (drawn as a 1 pt border until shadows land; 0: none).
  public var elevation: Double
  /// Corner radius; nil: the theme's (Mística 16, Material 4).
  public var cornerRadius: Double?

  /// A card from its parts.
  public init(elevation: Double = 1, cornerRadius: Double? = nil) {
    self.elevation = elevation
    self.cornerRadius = cornerRadius
  }
}

// MARK: Spec

extension ListDocument {
  static func decodeSection(_ reader: NodeReader) throws -> Section {
    let object = try reader.object(SpecSchema.section)
    var section = Section(
      cells: try object.optional("cells")?.list(maxCount: SpecLimits.maxCells).map(decodeCell) ?? []
    )
    section.id = try object.optional("id")?.string(allowEmpty: false)
    section.header = try object.optional("header").map { try decodeSupplementary($0) }
    section.footer = try object.optional("footer").map {
      try decodeSupplementary($0, isHeader: false)
    }
    if let field = object.optional("inset") { section.inset = try decodeInsets(field) }
    section.lineSpacing =
      try object.optional("lineSpacing")?.number(in: SpecLimits.lengthRange) ?? 0
    section.interitemSpacing =
      try object.optional("interitemSpacing")?.number(in: SpecLimits.lengthRange) ?? 0
    if object.optional("columns") != nil, object.optional("width") != nil {
      throw reader.error("give either columns or width, not both")
    }
    if let field = object.optional("columns") {
      section.arrangement = .columns(try field.integer(in: SpecLimits.columnRange))
    }
    if let field = object.optional("width") {
      section.arrangement = .itemWidth(try field.number(in: SpecLimits.widthRange))
    }
    if let field = object.optional("card") {
      let card = try field.object(SpecSchema.card)
      section.card = Card(
        elevation: try card.optional("elevation")?.number(in: SpecLimits.elevationRange) ?? 1,
        cornerRadius: try card.optional("cornerRadius")?.number(in: SpecLimits.cornerRadiusRange))
      if object.optional("inset") == nil {
        // A card needs room around it: 8 above and below, 16 on the sides unless told.
        section.inset = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
      }
    }
    section.showHeaderWhenEmpty = try object.optional("showHeaderWhenEmpty")?.bool() ?? false
    return section
  }

  /// A string, or `{ title, detail }`; the title and the detail each a string or a catalog
  /// key, `{ key, count, args }`.
  static func decodeSupplementary(_ reader: NodeReader, isHeader: Bool = true) throws
    -> SupplementaryText
  {
    guard case .mapping = reader.node else {
      var text = SupplementaryText(title: try reader.string())
      text.titleMark = SourceMark(reader.location)
      return text
    }
    let object = try reader.object(isHeader ? SpecSchema.header : SpecSchema.footer)
    /// A text, or a key of the spec's string catalogs (its text put in later).
    func text(_ field: NodeReader) throws -> (String, CatalogKey?) {
      guard case .mapping = field.node else { return (try field.string(), nil) }
      return ("", try catalogKey(in: try field.object(SpecSchema.catalogKey)))
    }
    let title = try object.required("title")
    let detail = object.optional("detail")
    let (titleText, titleKey) = try text(title)
    let detailText = try detail.map(text)
    let styleField = object.optional("style")
    let style = try styleField?.enumeration(HeaderStyle.self)
    // Material's subheader has one style: a Mística style would be drawn as nothing else.
    if let styleField, let style, styleField.budget.canvas?.theme == .material {
      throw styleField.error(
        "\(style.rawValue) is a Mística header style; the material theme draws its one subheader style (remove style, or use theme mistica)"
      )
    }
    var supplementary = SupplementaryText(
      title: titleText, detail: detailText?.0, style: style)
    supplementary.titleKey = titleKey
    supplementary.detailKey = detailText?.1
    supplementary.titleMark = SourceMark(title.location)
    supplementary.detailMark = SourceMark(detail?.location)
    return supplementary
  }
}

extension SpecWriter {
  func section(_ section: Section) -> Node {
    var pairs: Pairs = []
    if let id = section.id { pairs.append(("id", string(id))) }
    if let header = section.header { pairs.append(("header", supplementary(header))) }
    if let footer = section.footer { pairs.append(("footer", supplementary(footer))) }
    // A card's section gets a default inset when none is given: always write it then.
    if section.inset != .zero || section.card != nil {
      pairs.append(("inset", insets(section.inset)))
    }
    if section.lineSpacing != 0 { pairs.append(("lineSpacing", number(section.lineSpacing))) }
    if section.interitemSpacing != 0 {
      pairs.append(("interitemSpacing", number(section.interitemSpacing)))
    }
    switch section.arrangement {
    case .columns(1): break
    case .columns(let columns): pairs.append(("columns", number(columns)))
    case .itemWidth(let width): pairs.append(("width", number(width)))
    }
    if let card = section.card {
      var fields: Pairs = [("elevation", number(card.elevation))]
      if let radius = card.cornerRadius { fields.append(("cornerRadius", number(radius))) }
      pairs.append(("card", map(fields)))
    }
    if section.showHeaderWhenEmpty { pairs.append(("showHeaderWhenEmpty", bool(true))) }
    pairs.append(("cells", .sequence(.init(section.cells.map(cell)))))
    return map(pairs)
  }

  func supplementary(_ text: SupplementaryText) -> Node {
    guard text.detail != nil || text.style != nil || text.titleKey != nil else {
      return string(text.title)
    }
    var pairs = [("title", text.titleKey.map { map(catalogKey($0)) } ?? string(text.title))]
    if let detail = text.detail {
      pairs.append(("detail", text.detailKey.map { map(catalogKey($0)) } ?? string(detail)))
    }
    if let style = text.style { pairs.append(("style", plain(style.rawValue))) }
    return map(pairs)
  }
}

extension Validator {
  mutating func sections(_ sections: [Section], _ field: String) throws {
    guard sections.count <= SpecLimits.maxSections else {
      throw fail(
        "has \(sections.count) items; at most \(SpecLimits.maxSections) are allowed", at: field)
    }
    // Each list (the document's, an update's) may hold up to maxCells cells.
    let outer = cells
    cells = 0
    defer { cells = outer }
    for (index, section) in sections.enumerated() {
      try inside("\(field)[\(index)]") { try $0.section(section) }
    }
  }

  mutating func section(_ section: Section) throws {
    try string(section.id, "id", allowEmpty: false)
    if let header = section.header { headerStyles.insert(header.style) }
    for (name, text) in [("header", section.header), ("footer", section.footer)] {
      if let text {
        try inside(name) { v in
          try v.string(text.title, "title")
          try v.string(text.detail, "detail")
        }
      }
    }
    try insets(section.inset, SpecLimits.insetRange, "inset")
    try number(section.lineSpacing, SpecLimits.lengthRange, "lineSpacing")
    try number(section.interitemSpacing, SpecLimits.lengthRange, "interitemSpacing")
    switch section.arrangement {
    case .columns(let columns):
      try count(columns, SpecLimits.columnRange, "arrangement.columns")
    case .itemWidth(let width):
      try number(width, SpecLimits.widthRange, "arrangement.itemWidth")
    }
    if let card = section.card {
      try number(card.elevation, SpecLimits.elevationRange, "card.elevation")
      try number(card.cornerRadius, SpecLimits.cornerRadiusRange, "card.cornerRadius")
    }
    cells += section.cells.count
    guard cells <= SpecLimits.maxCells else {
      throw fail("the document has more than \(SpecLimits.maxCells) cells", at: "cells")
    }
    for (index, cell) in section.cells.enumerated() {
      try inside("cells[\(index)]") { try $0.cell(cell) }
    }
  }
}

extension Section {
  /// Two sections, or two cells of one section, with the same identity cannot be told apart by
  /// an update: a message naming both and suggesting `id:`, or nil.
  package static func identityProblem(_ sections: [Section], role: String) -> String? {
    var sectionSeen: [String: Int] = [:]
    for (index, section) in sections.enumerated() {
      let identity = section.identity(at: index)
      if let first = sectionSeen[identity] {
        return
          "in \(role), sections[\(first)] and sections[\(index)] have the same identity '\(identity)'; give them distinct `id:`s"
      }
      sectionSeen[identity] = index
      var cellSeen: [String: Int] = [:]
      for (item, cell) in section.cells.enumerated() {
        if let first = cellSeen[cell.identity] {
          return
            "in \(role), \(ElementPath.cell(section: index, item: first)) and \(ElementPath.cell(section: index, item: item)) have the same identity '\(cell.identity.prefix(60))'; give them distinct `id:`s"
        }
        cellSeen[cell.identity] = item
      }
    }
    return nil
  }
}
