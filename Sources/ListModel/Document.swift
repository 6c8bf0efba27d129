/// A whole spec: the canvas it is drawn on and the sections of cells it holds.
///
/// ```swift
/// let document = try ListDocument.decode(yaml: """
///   canvas: { width: 360, scale: 2 }
///   sections:
///     - cells:
///         - title: Inbox
///   """)
/// ```
public struct ListDocument: Equatable, Sendable {
  /// Size, scale and environment of the image.
  public var canvas: Canvas
  /// The list's sections, top to bottom.
  public var sections: [Section]

  /// A document from its parts.
  public init(canvas: Canvas = Canvas(), sections: [Section] = []) {
    self.canvas = canvas
    self.sections = sections
  }
}

/// The drawing surface and the environment a list is laid out in.
public struct Canvas: Equatable, Sendable {
  /// Width in points (default 360).
  public var width: Double = 360
  /// Device pixels per point (default 3).
  public var scale: Double = 3
  /// The design system whose figures are used.
  public var theme: ThemeName = .mistica
  /// Light or dark palette.
  public var appearance: Appearance = .light
  /// Left-to-right or right-to-left layout.
  public var direction: LayoutDirection = .ltr
  /// The Dynamic Type category that scales every font (default `L`).
  public var contentSize: ContentSizeCategory = .L
  /// Insets that content keeps clear of, like a device's safe area.
  public var safeArea: EdgeInsets = .zero
  /// The image's background; the theme's `background` colour when nil.
  public var background: Color?

  /// The default canvas: 360 pt wide at scale 3, Mística light, left to right.
  public init() {}
}

/// Insets in points.
public struct EdgeInsets: Equatable, Sendable {
  /// Top inset.
  public var top: Double
  /// Leading inset (left in LTR, right in RTL).
  public var leading: Double
  /// Bottom inset.
  public var bottom: Double
  /// Trailing inset (right in LTR, left in RTL).
  public var trailing: Double

  /// Insets from their four sides.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No inset on any side.
  public static let zero = EdgeInsets()
}

/// The design systems ListRender draws.
public enum ThemeName: String, CaseIterable, Sendable {
  /// Telefónica Mística with the Movistar palette (REFERENCE §1).
  case mistica
}

/// Light or dark palette.
public enum Appearance: String, CaseIterable, Sendable {
  /// The light palette.
  case light
  /// The dark palette.
  case dark
}

/// The direction rows are laid out in.
public enum LayoutDirection: String, CaseIterable, Sendable {
  /// Left to right.
  case ltr
  /// Right to left: every frame mirrored horizontally.
  case rtl
}

/// Dynamic Type categories (REFERENCE §5), `L` being the default.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5
}

/// A group of cells.
public struct Section: Equatable, Sendable {
  /// The section's cells, top to bottom.
  public var cells: [Cell]

  /// A section of the given cells.
  public init(cells: [Cell] = []) { self.cells = cells }
}

/// The look of a row cell (REFERENCE §1).
public enum CellStyle: String, CaseIterable, Sendable {
  /// Edge to edge, with a separator below.
  case fullWidth
}

/// A text label: its text and how many lines it may take (nil: unlimited). In a spec it is a
/// string, or `{ text: …, maxLines: 2 }`.
///
/// ```swift
/// let title: Label = "Inbox"
/// let clipped = Label("A long text", maxLines: 1)
/// ```
public struct Label: Equatable, Sendable, ExpressibleByStringLiteral {
  /// The text.
  public var text: String
  /// Lines at most before the text is cut with an ellipsis; nil for no limit.
  public var maxLines: Int?

  /// A label from its text and line limit.
  public init(_ text: String, maxLines: Int? = nil) {
    self.text = text
    self.maxLines = maxLines
  }

  /// A label with no line limit.
  public init(stringLiteral text: String) { self.init(text) }
}

/// One row of the list.
public struct Cell: Equatable, Sendable {
  /// The cell's style.
  public var style: CellStyle
  /// The title; required.
  public var title: Label
  /// Optional line under the title.
  public var subtitle: Label?
  /// Optional longer text under the subtitle.
  public var description: Label?

  /// A cell from its parts.
  public init(
    style: CellStyle = .fullWidth, title: Label, subtitle: Label? = nil,
    description: Label? = nil
  ) {
    self.style = style
    self.title = title
    self.subtitle = subtitle
    self.description = description
  }
}
