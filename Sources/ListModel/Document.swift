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
  /// Drawn centred in the viewport when no section has a cell.
  public var emptyView: EmptyView?
  /// The pull-to-refresh indicator above the content.
  public var refreshControl: RefreshControl?
  /// Frames for `listrender animate`: a virtual clock and press/release events.
  public var animation: Animation?

  /// A document from its parts.
  public init(
    canvas: Canvas = Canvas(), sections: [Section] = [], emptyView: EmptyView? = nil,
    refreshControl: RefreshControl? = nil, animation: Animation? = nil
  ) {
    self.canvas = canvas
    self.sections = sections
    self.emptyView = emptyView
    self.refreshControl = refreshControl
    self.animation = animation
  }

  /// A document whose sections are listed in a builder, as a spec lists them.
  ///
  /// ```swift
  /// let inbox = ListDocument(canvas: Canvas(width: 360, scale: 2, theme: .material)) {
  ///   Section(header: "Inbox") {
  ///     RowCell("Ana García", subtitle: "Lunch on Friday?", control: .navigation(badge: 2))
  ///     StereoCell("Bruno Díaz", detail: "Three lines at most", leading: .image("avatar.png"))
  ///     Label("A plain label cell")
  ///   }
  /// }
  /// ```
  public init(
    canvas: Canvas = Canvas(), emptyView: EmptyView? = nil,
    refreshControl: RefreshControl? = nil, animation: Animation? = nil,
    @SectionBuilder sections: () -> [Section]
  ) {
    self.init(
      canvas: canvas, sections: sections(), emptyView: emptyView,
      refreshControl: refreshControl, animation: animation)
  }
}

/// The empty state of OBAKit's lists: an icon, a title, a message and a button, centred.
public struct EmptyView: Equatable, Sendable {
  /// A Material icon (or file) above the text.
  public var icon: Icon?
  /// The headline.
  public var title: String?
  /// A longer explanation.
  public var message: String?
  /// A button label.
  public var button: String?
  /// The button's elevation in points (0: flat).
  public var elevation: Double = 0

  /// An empty view from its parts.
  public init(
    icon: Icon? = nil, title: String? = nil, message: String? = nil, button: String? = nil,
    elevation: Double = 0
  ) {
    self.icon = icon
    self.title = title
    self.message = message
    self.button = button
    self.elevation = elevation
  }
}

/// The pull-to-refresh indicator as it appears while pulling, or spinning while refreshing.
public struct RefreshControl: Equatable, Sendable {
  /// How far the pull has gone, 0...1; the arc grows with it and the content moves down.
  public var progress: Double
  /// Whether it is refreshing (the spinning state).
  public var refreshing: Bool
  /// Rotation of the spinning arc in degrees.
  public var angle: Double

  /// A refresh control from its parts.
  public init(progress: Double = 0, refreshing: Bool = false, angle: Double = 0) {
    self.progress = progress
    self.refreshing = refreshing
    self.angle = angle
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
  /// Named colours that replace the theme's (`canvas.theme.colors`).
  public var colors: [ColorName: Color] = [:]
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
  /// The viewport's height in points (a device screen); nil: as tall as the content.
  public var height: Double?
  /// How far the content is scrolled, in points (0: resting at the top of the safe area).
  public var contentOffset: Double = 0
  /// Whether section headers stay at the top while their section is on screen.
  public var stickyHeaders = false
  /// The elevation shadow model; nil: the theme's (Mística MDC iOS, Material web).
  public var shadow: ShadowModel?
  /// The ripple model of pressed cells.
  public var ripple: RippleStyle = .ripple

  /// A canvas from its parts; by default 360 pt wide at scale 3, Mística light, left to right.
  public init(
    width: Double = 360, scale: Double = 3, theme: ThemeName = .mistica,
    colors: [ColorName: Color] = [:], appearance: Appearance = .light,
    direction: LayoutDirection = .ltr, contentSize: ContentSizeCategory = .L,
    safeArea: EdgeInsets = .zero, background: Color? = nil, height: Double? = nil,
    contentOffset: Double = 0, stickyHeaders: Bool = false, shadow: ShadowModel? = nil,
    ripple: RippleStyle = .ripple
  ) {
    self.width = width
    self.scale = scale
    self.theme = theme
    self.colors = colors
    self.appearance = appearance
    self.direction = direction
    self.contentSize = contentSize
    self.safeArea = safeArea
    self.background = background
    self.height = height
    self.contentOffset = contentOffset
    self.stickyHeaders = stickyHeaders
    self.shadow = shadow
    self.ripple = ripple
  }
}

/// How elevation shadows are computed (`MDCShadowLayer.m` or `_elevation-theme.scss`).
public enum ShadowModel: String, CaseIterable, Sendable {
  /// MDC iOS MDCShadowLayer: an ambient and a key shadow from formulas.
  case mdc
  /// Material web: umbra, penumbra and ambient from the elevation table.
  case web
}

/// The ink of pressed cells (`MDCRippleLayer.m` or `MDCInkLayer.m`).
public enum RippleStyle: String, CaseIterable, Sendable {
  /// MDCRippleLayer (the default).
  case ripple
  /// MDCInkLayer.
  case ink
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

/// Frames computed from a virtual clock: frame i shows the list at i / fps seconds.
public struct Animation: Equatable, Sendable {
  /// Frames per second.
  public var fps: Double
  /// Length in seconds.
  public var duration: Double
  /// Presses and releases, by time.
  public var events: [AnimationEvent]

  /// An animation from its parts.
  public init(fps: Double = 60, duration: Double = 1, events: [AnimationEvent] = []) {
    self.fps = fps
    self.duration = duration
    self.events = events
  }

  /// How many frames: ceil(duration × fps).
  public var frameCount: Int { Int((duration * fps).rounded(.up)) }
}

/// Something that happens to a cell (or to the list) at a time.
public struct AnimationEvent: Equatable, Sendable {
  /// What happens.
  public enum Action: Equatable, Sendable {
    /// A touch down at (x, y) in the cell, in points.
    case press(x: Double, y: Double)
    /// The touch lifts.
    case release
    /// An expandable cell goes to the next state of its `states`, wrapping (TableKit's
    /// `toggleState()`).
    case toggle
    /// An expandable cell goes to a state; nothing happens when it is there already
    /// (`transition(to:)`).
    case transition(to: ExpansionState)
    /// The list is replaced: sections and cells are matched by identity and the change animates
    /// (IGListKit's `IGListDiff`).
    case update(sections: [Section])

    /// Whether this is a `transition(to:)`.
    public var isTransition: Bool {
      if case .transition = self { return true }
      return false
    }
  }

  /// Seconds from the start.
  public var time: Double
  /// The cell's section index (at the time of the event; 0 for an update).
  public var section: Int
  /// The cell's index in its section (0 for an update).
  public var item: Int
  /// What happens.
  public var action: Action
  /// How long a toggle, transition or update animates, in seconds; nil: 0.3 s (UIKit's default).
  public var duration: Double?

  /// An event from its parts.
  public init(time: Double, section: Int, item: Int, action: Action, duration: Double? = nil) {
    self.time = time
    self.section = section
    self.item = item
    self.action = action
    self.duration = duration
  }
}

/// The height states of an expandable cell (TableKit's expandable cells).
public enum ExpansionState: Equatable, Hashable, Sendable {
  /// At the cell's `collapsedHeight`.
  case collapsed
  /// At its full measured height.
  case expanded
  /// At exactly this height, in points.
  case height(Double)
}

/// A cell that expands and collapses between heights; its content is laid out at full height
/// and clipped to the current one.
public struct Expandable: Equatable, Sendable {
  /// The states `toggle` cycles through (default: collapsed, expanded).
  public var states: [ExpansionState]
  /// The state the cell starts in (default: collapsed).
  public var state: ExpansionState
  /// The height of the collapsed state, in points (the TableKit demo's 60).
  public var collapsedHeight: Double
  /// Labels drawn at alpha 0 when collapsed and 1 otherwise (`title`, `subtitle`,
  /// `description`, `detail`, `text`, `headline`).
  public var hiddenWhenCollapsed: [String]

  /// The label names ``hiddenWhenCollapsed`` may hold (the spec's field names).
  package static let hideableLabels = [
    "headline", "title", "subtitle", "description", "detail", "text",
  ]

  /// An expandable from its parts.
  public init(
    states: [ExpansionState] = [.collapsed, .expanded], state: ExpansionState = .collapsed,
    collapsedHeight: Double = 60, hiddenWhenCollapsed: [String] = []
  ) {
    self.states = states
    self.state = state
    self.collapsedHeight = collapsedHeight
    self.hiddenWhenCollapsed = hiddenWhenCollapsed
  }
}

/// A height a cell is shown at, possibly part way between two others (a transition that
/// started while another was running starts from where that one was).
public indirect enum HeightCurve: Equatable, Sendable {
  /// A state's height.
  case state(ExpansionState)
  /// `fraction` of the way from one height to another.
  case between(HeightCurve, HeightCurve, fraction: Double)
}

/// How an animation frame presents a cell beyond its spec: set by the animation timeline, never
/// by a spec.
public struct CellMotion: Equatable, Sendable {
  /// The height shown (nil: the cell's own, or its expandable state's).
  public var height: HeightCurve?
  /// The elevation shadow, part way between two elevations (a pressed cell rising).
  public var elevation: (from: Double, to: Double, fraction: Double)?

  /// A motion from its parts.
  public init(
    height: HeightCurve? = nil, elevation: (from: Double, to: Double, fraction: Double)? = nil
  ) {
    self.height = height
    self.elevation = elevation
  }

  /// Equal heights and equal elevation motions.
  public static func == (lhs: CellMotion, rhs: CellMotion) -> Bool {
    lhs.height == rhs.height && lhs.elevation?.from == rhs.elevation?.from
      && lhs.elevation?.to == rhs.elevation?.to
      && lhs.elevation?.fraction == rhs.elevation?.fraction
  }
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
  /// Telefónica Mística with the Movistar palette (mistica-ios).
  case mistica
  /// Material Design (material-components-ios).
  case material
}

/// The named colours of a theme; `canvas.theme.colors` may override any of them.
public enum ColorName: String, CaseIterable, Sendable {
  /// Page and full-width cell background.
  case background
  /// Boxed cell background.
  case backgroundContainer
  /// Boxed-inverse cell background.
  case backgroundContainerBrand
  /// Boxed cell border.
  case border
  /// Separators.
  case divider
  /// Titles and subtitles.
  case textPrimary
  /// Descriptions and chevrons.
  case textSecondary
  /// Titles on brand backgrounds.
  case textPrimaryInverse
  /// Descriptions on brand backgrounds.
  case textSecondaryInverse
  /// Badge fill.
  case badge
  /// Active controls, buttons, selection.
  case brand
  /// Text and glyphs on `brand`.
  case onBrand
  /// Inactive control outlines and switch tracks.
  case control
  /// Pressed-state overlay.
  case highlight
  /// Headline tag fill.
  case tag
  /// Headline tag text.
  case tagText
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

/// Dynamic Type categories (UIKit's `UIContentSizeCategory`), `L` being the default.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

  /// Whether this is one of the accessibility sizes (AX1…AX5), where rows stack their parts.
  public var isAccessibilityCategory: Bool {
    switch self {
    case .AX1, .AX2, .AX3, .AX4, .AX5: return true
    default: return false
    }
  }
}

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
  /// Trailing text, such as "See all".
  public var detail: String?

  /// A header or footer from its parts.
  public init(title: String, detail: String? = nil) {
    self.title = title
    self.detail = detail
  }

  /// A header or footer with a title only.
  public init(stringLiteral title: String) { self.init(title: title) }
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

/// A place in a spec file, kept on values whose problems are only found after decoding (a
/// missing image, an unknown icon name), so those errors still name the file, line and field.
public struct SpecLocation: Equatable, Sendable {
  /// The spec file.
  public var file: String
  /// 1-based line, when known.
  public var line: Int?
  /// 1-based column, when known.
  public var column: Int?
  /// The field path.
  public var path: String

  /// A location from its parts.
  public init(file: String = "<inline>", line: Int? = nil, column: Int? = nil, path: String = "") {
    self.file = file
    self.line = line
    self.column = column
    self.path = path
  }

  /// A ``SpecError`` at this place.
  public func error(_ message: String) -> SpecError {
    SpecError(file: file, line: line, column: column, path: path, message: message)
  }
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

/// An icon: a Material icon by name (its ligature in the Material Icons font) or an SVG or PNG
/// file. A string literal is a Material icon's name.
public struct Icon: Equatable, Sendable, ExpressibleByStringLiteral {
  /// Where the icon comes from.
  public enum Source: Equatable, Sendable {
    /// A Material icon name such as `favorite`.
    case named(String)
    /// An SVG or PNG file (absolute path, resolved against the spec's folder).
    case file(String)
  }

  /// The icon's source.
  public var source: Source
  /// Where the spec names it.
  public var location: SpecLocation
  /// A template image, as on iOS: a file icon keeps its alpha and takes the icon colour
  /// (default). `false` keeps the file's own colours. Named icons are always tinted.
  public var isTemplate: Bool

  /// An icon from its source.
  public init(
    _ source: Source, location: SpecLocation = SpecLocation(), isTemplate: Bool = true
  ) {
    self.source = source
    self.location = location
    self.isTemplate = isTemplate
  }

  /// A Material icon by name.
  public static func named(_ name: String) -> Icon { Icon(.named(name)) }

  /// An SVG or PNG file; `isTemplate` as the property.
  public static func file(_ path: String, isTemplate: Bool = true) -> Icon {
    Icon(.file(path), isTemplate: isTemplate)
  }

  /// A Material icon by name.
  public init(stringLiteral name: String) { self.init(.named(name)) }

  /// The same source and template setting (where a spec names it does not count).
  public static func == (lhs: Icon, rhs: Icon) -> Bool {
    lhs.source == rhs.source && lhs.isTemplate == rhs.isTemplate
  }
}

/// A raster or SVG image file. A string literal is its path.
public struct ImageReference: Equatable, Sendable, ExpressibleByStringLiteral {
  /// Absolute path (resolved against the spec's folder).
  public var path: String
  /// Where the spec names it.
  public var location: SpecLocation

  /// An image from its path.
  public init(path: String, location: SpecLocation = SpecLocation()) {
    self.path = path
    self.location = location
  }

  /// An image from its path.
  public init(stringLiteral path: String) { self.init(path: path) }

  /// The same path (where a spec names it does not count).
  public static func == (lhs: ImageReference, rhs: ImageReference) -> Bool {
    lhs.path == rhs.path
  }
}

/// Section A of a row (mistica-ios `ListCellContentView.swift`).
public enum Asset: Equatable, Sendable {
  /// A 24 pt icon, tinted (nil: the theme's icon colour).
  case smallIcon(Icon, color: Color? = nil)
  /// A 24 pt icon on a 40 pt circle.
  case largeIcon(Icon, background: Color, color: Color? = nil)
  /// An image clipped to a 40 pt circle, aspect-fill.
  case image(ImageReference)
  /// Initials on a 40 pt circle.
  case monogram(String, background: Color, color: Color? = nil)
}

/// The view above a row's title.
public enum Headline: Equatable, Sendable {
  /// A small pill with text.
  case tag(String)
  /// An overline: small capitals above the title.
  case overline(String)
}

/// A navigation badge. An integer literal is a count.
public enum Badge: Equatable, Sendable, ExpressibleByIntegerLiteral {
  /// An 8 pt dot.
  case dot
  /// A number; above 9 it shows "+9".
  case count(Int)

  /// A count.
  public init(integerLiteral count: Int) { self = .count(count) }
}

/// Section C of a row.
public enum Control: Equatable, Sendable {
  /// Optional badge, then a chevron.
  case navigation(badge: Badge? = nil)
  /// A switch, on or off.
  case `switch`(Bool)
  /// A checkbox.
  case checkbox(Bool)
  /// A radio button.
  case radio(Bool)
  /// A trailing value.
  case text(String)
  /// A trailing icon.
  case icon(Icon)
  /// A small button.
  case button(String)
}

/// The interaction state a cell is drawn in.
public enum CellState: String, CaseIterable, Sendable {
  /// At rest.
  case normal
  /// Pressed: an overlay with the cell's corner radius.
  case highlighted
  /// Selected: a brand-tinted overlay.
  case selected
  /// Disabled: labels at alpha 0.5, controls dimmed.
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

/// The look of a row cell (mistica-ios `CellStyle+Toolkit.swift`).
public enum CellStyle: String, CaseIterable, Sendable {
  /// Edge to edge, with a separator below.
  case fullWidth
  /// A bordered card with outer margins.
  case boxed
  /// A brand-coloured card with outer margins.
  case boxedInverse
}

/// The Mística row (mistica-ios `ListCellContentView.swift`): asset, text, control.
public struct RowCell: Equatable, Sendable {
  /// The style.
  public var style: CellStyle = .fullWidth
  /// Section A.
  public var asset: Asset?
  /// Above the title.
  public var headline: Headline?
  /// The title; required.
  public var title: Label
  /// Optional line under the title.
  public var subtitle: Label?
  /// Optional longer text.
  public var descriptionText: Label?
  /// Section C.
  public var control: Control?

  /// A row from its parts.
  public init(
    style: CellStyle = .fullWidth, asset: Asset? = nil, headline: Headline? = nil, title: Label,
    subtitle: Label? = nil, descriptionText: Label? = nil, control: Control? = nil
  ) {
    self.style = style
    self.asset = asset
    self.headline = headline
    self.title = title
    self.subtitle = subtitle
    self.descriptionText = descriptionText
    self.control = control
  }

  /// A row from its title and the rest, in the order they read.
  public init(
    _ title: Label, subtitle: Label? = nil, descriptionText: Label? = nil, asset: Asset? = nil,
    headline: Headline? = nil, control: Control? = nil, style: CellStyle = .fullWidth
  ) {
    self.init(
      style: style, asset: asset, headline: headline, title: title, subtitle: subtitle,
      descriptionText: descriptionText, control: control)
  }
}

/// An image slot of a stereo cell: what a row's asset can be (`MDCSelfSizingStereoCellLayout.m`
/// sizes).
public enum StereoImage: Equatable, Sendable {
  /// An image file; `size` (points) overrides its intrinsic size; a rectangle (MDC's default)
  /// or clipped to a circle.
  case image(ImageReference, size: Double? = nil, shape: ImageShape = .rectangle)
  /// A 24 pt icon; with a background, a 24 pt icon on a 40 pt circle.
  case icon(Icon, background: Color? = nil, color: Color? = nil)
  /// Initials on a 40 pt circle.
  case monogram(String, background: Color, color: Color? = nil)
}

/// The outline an image is drawn in.
public enum ImageShape: String, CaseIterable, Sendable {
  /// The image's own rectangle.
  case rectangle
  /// Clipped to the inscribed circle.
  case circle
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

/// MDCSelfSizingStereoCell (material-components-ios `MDCSelfSizingStereoCell.m`).
public struct StereoCell: Equatable, Sendable {
  /// Leading image.
  public var leadingImage: StereoImage?
  /// Trailing image.
  public var trailingImage: StereoImage?
  /// Title, one line by default.
  public var title: Label
  /// Detail, up to three lines by default.
  public var detail: Label?

  /// A stereo cell from its parts. A title without a line limit gets one line, a detail three
  /// (MDCSelfSizingStereoCell's, as in a spec).
  public init(
    title: Label, detail: Label? = nil, leadingImage: StereoImage? = nil,
    trailingImage: StereoImage? = nil
  ) {
    self.title = Label(title.text, maxLines: title.maxLines ?? 1)
    self.detail = detail.map { Label($0.text, maxLines: $0.maxLines ?? 3) }
    self.leadingImage = leadingImage
    self.trailingImage = trailingImage
  }

  /// A stereo cell from its title and the rest, in the order they read.
  public init(
    _ title: Label, detail: Label? = nil, leading: StereoImage? = nil,
    trailing: StereoImage? = nil
  ) {
    self.init(title: title, detail: detail, leadingImage: leading, trailingImage: trailing)
  }
}

/// The self-sizing label cell of OBAKit: any number of lines and a bottom separator.
public struct LabelCell: Equatable, Sendable {
  /// The text.
  public var text: Label

  /// A label cell with its text.
  public init(text: Label) { self.text = text }

  /// A label cell with its text.
  public init(_ text: Label) { self.text = text }
}

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

extension ListDocument {
  /// Every file the document reads besides the spec: image files and icon files, in its
  /// sections and in its animation's updates (for commands that must not write over them).
  package var resourcePaths: [String] {
    var lists = [sections]
    for event in animation?.events ?? [] {
      if case .update(let next) = event.action { lists.append(next) }
    }
    var paths: [String] = []
    func add(_ icon: Icon?) {
      if case .file(let path)? = icon?.source { paths.append(path) }
    }
    add(emptyView?.icon)
    for cell in lists.joined().flatMap(\.cells) {
      switch cell.kind {
      case .row(let row):
        switch row.asset {
        case .smallIcon(let icon, _)?, .largeIcon(let icon, _, _)?: add(icon)
        case .image(let image)?: paths.append(image.path)
        case .monogram?, nil: break
        }
        if case .icon(let icon)? = row.control { add(icon) }
      case .stereo(let stereo):
        for image in [stereo.leadingImage, stereo.trailingImage] {
          switch image {
          case .icon(let icon, _, _)?: add(icon)
          case .image(let reference, _, _)?: paths.append(reference.path)
          case .monogram?, nil: break
          }
        }
      case .label:
        break
      }
    }
    return paths
  }
}
