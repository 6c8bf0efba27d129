import ListModel

/// A rectangle in points, origin at the top left of the image.
public struct Rect: Equatable, Sendable, Codable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  /// A rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Bottom edge.
  public var maxY: Double { y + height }

  /// The rectangle mirrored inside a container of width `containerWidth` (for right-to-left).
  public func mirrored(in containerWidth: Double) -> Rect {
    Rect(x: containerWidth - x - width, y: y, width: width, height: height)
  }
}

/// The laid-out list: every element with its frame in points, colours resolved from the theme
/// and text already broken into lines. The painter draws exactly this and decides nothing.
///
/// Contract: elements are in painting order (later ones are drawn over earlier ones); frames are
/// in points relative to the image's top left; `size` is the image size in points and
/// `size × scale` (rounded up) its size in pixels.
public struct LayoutTree: Equatable, Sendable {
  /// Image width in points.
  public package(set) var width: Double
  /// Image height in points.
  public package(set) var height: Double
  /// Device pixels per point.
  public package(set) var scale: Double
  /// The image's background colour.
  public package(set) var background: Color
  /// Everything drawn, in painting order.
  public package(set) var elements: [LayoutElement]
  /// Points added below the content of a content-sized image to hold its shadows (included in
  /// `height`).
  public package(set) var shadowRoom: Double = 0

  /// A tree from its parts.
  package init(
    width: Double, height: Double, scale: Double, background: Color, elements: [LayoutElement]
  ) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
    self.elements = elements
  }

  /// Image width in device pixels.
  public var pixelWidth: Int { Int((width * scale).rounded(.up)) }
  /// Image height in device pixels.
  public var pixelHeight: Int { Int((height * scale).rounded(.up)) }

  /// Throws ``LayoutError/imageTooLarge(width:height:)`` unless the image fits the pixel limits.
  package func checkPixelLimits() throws {
    guard pixelWidth <= SpecLimits.maxPixelSide, pixelHeight <= SpecLimits.maxPixelSide,
      pixelWidth * pixelHeight <= SpecLimits.maxPixels, pixelHeight > 0
    else { throw LayoutError.imageTooLarge(width: pixelWidth, height: pixelHeight) }
  }

  /// Warnings for cells whose content does not fit their width (a grid item too narrow for
  /// its control): each names the cell, its width and what is cut to it.
  package var contentOutsideCells: [String] {
    let cells = Self.cellFrames(elements)
    var cut: [String: [String]] = [:]
    var order: [String] = []
    for element in elements {
      guard let clip = element.clip, let cell = cells[element.source], clip.rect == cell,
        element.reachesSideways(outOf: cell)
      else { continue }
      if cut[element.source] == nil { order.append(element.source) }
      if !(cut[element.source] ?? []).contains(element.role.rawValue) {
        cut[element.source, default: []].append(element.role.rawValue)
      }
    }
    return order.map { source in
      let width = cells[source].map { String(format: "%g", $0.width) } ?? "?"
      return
        "warning: \(source) is \(width) pt wide, too narrow for its \((cut[source] ?? []).joined(separator: ", ")): cut to the cell (give the items more width)"
    }
  }

  /// Each cell's box by its spec path.
  package static func cellFrames(_ elements: [LayoutElement]) -> [String: Rect] {
    var cells: [String: Rect] = [:]
    for element in elements where element.role == .cell { cells[element.source] = element.frame }
    return cells
  }

  /// Where pages at most `pageHeight` points tall break, in device pixels from the top: each
  /// page ends at the lowest edge between rows (a cell's top or bottom) that fits in it, so no
  /// row is cut; a row taller than a page is cut where the page ends, and its spec path is
  /// listed in `cut`. The breaks are whole device pixels: the pages, stacked, are the whole
  /// image, pixel for pixel. Nil when more than `maxPages` pages would be needed.
  package func pageBreaks(height pageHeight: Double, maxPages: Int) -> (
    ends: [Int], cut: [String]
  )? {
    let total = pixelHeight
    let room = max(1, Int((pageHeight * scale + 1e-9).rounded(.down)))
    guard total > 0, pageHeight > 0 else { return ([], []) }
    // A quick bound before any work: a page is never shorter than half the room, but for a
    // row taller than a page, which ends it at the room's end.
    guard (total + room - 1) / room <= maxPages else { return nil }
    let cells = elements.filter { $0.role == .cell }
    let edges = Set(
      cells.flatMap { [$0.frame.y, $0.frame.maxY] }.map { Int(($0 * scale).rounded()) }
    ).filter { $0 > 0 && $0 < total }.sorted()
    var ends: [Int] = []
    var cut: [String] = []
    var top = 0
    var next = 0  // the first edge not yet passed
    while top < total {
      guard ends.count < maxPages else { return nil }
      let limit = top + room
      if limit >= total {
        ends.append(total)
        break
      }
      while next < edges.count, edges[next] <= top { next += 1 }
      var best: Int?
      var index = next
      while index < edges.count, edges[index] <= limit {
        best = edges[index]
        index += 1
      }
      let end = best ?? limit
      if best == nil {
        // No edge between rows in this page: the row across its end is cut.
        let at = Double(limit) / scale
        for cell in cells
        where cell.frame.y < at && cell.frame.maxY > at && !cut.contains(cell.source) {
          cut.append(cell.source)
        }
      }
      ends.append(end)
      top = end
    }
    return (ends, cut)
  }

}

extension LayoutElement {
  /// Whether the element reaches more than half a point past the left or right side of `cell`.
  package func reachesSideways(outOf cell: Rect) -> Bool {
    frame.x < cell.x - 0.5 || frame.x + frame.width > cell.x + cell.width + 0.5
  }
}

/// One drawn element: what it is, where it came from in the spec, its frame and its paint.
public struct LayoutElement: Equatable, Sendable {
  /// The element's role, named in the layout dump (`cell`, `title`, `separator`, …).
  public package(set) var role: Role
  /// The spec path it was made from, such as `sections[0].cells[2]`.
  public package(set) var source: String
  /// Its frame in points.
  public package(set) var frame: Rect
  /// How it is painted.
  public package(set) var content: Content
  /// Opacity the element is drawn with (disabled content: 0.5).
  public package(set) var opacity: Double
  /// The shape the element is clipped to (an expandable cell's current bounds), if any.
  public package(set) var clip: Clip?

  /// An element from its parts.
  package init(
    role: Role, source: String, frame: Rect, content: Content, opacity: Double = 1,
    clip: Clip? = nil
  ) {
    self.role = role
    self.source = source
    self.frame = frame
    self.content = content
    self.opacity = opacity
    self.clip = clip
  }

  /// What an element is, for the layout dump and for tests.
  public enum Role: String, Sendable, Codable {
    /// A cell's background box.
    case cell
    /// The pressed or selected overlay.
    case highlight
    /// Section A's circle background.
    case assetBackground
    /// Section A's icon, image or monogram.
    case asset
    /// The headline tag pill or overline.
    case headline
    /// A row's title text.
    case title
    /// A row's subtitle text.
    case subtitle
    /// A row's description text.
    case description
    /// A stereo cell's detail text.
    case detail
    /// A label cell's text.
    case text
    /// Section C's control (switch, checkbox, radio, trailing text, icon, button).
    case control
    /// A navigation badge.
    case badge
    /// A navigation chevron.
    case chevron
    /// A stereo cell's leading image.
    case leadingImage
    /// A stereo cell's trailing image.
    case trailingImage
    /// The line between rows.
    case separator
    /// A section header's text (and its background).
    case header
    /// A section header's trailing detail.
    case headerDetail
    /// A section footer's text.
    case footer
    /// A card section's background or its border.
    case card
    /// The empty view's icon.
    case emptyIcon
    /// The empty view's title.
    case emptyTitle
    /// The empty view's message.
    case emptyMessage
    /// The empty view's button.
    case emptyButton
    /// The pull-to-refresh indicator.
    case refreshIndicator
    /// An elevation shadow.
    case shadow
    /// A press ripple.
    case ripple
    /// A boxed cell's own background, under its box and margins (Mística: `background`), where
    /// it differs from the page's.
    case backdrop
  }

  /// The paint of an element; the painter dispatches on this.
  public enum Content: Equatable, Sendable {
    /// A filled box, optionally rounded (on the given corners), optionally stroked inside its
    /// frame; a `gradient` fills it instead of `fill` where the format can draw one (`fill` is
    /// then the gradient's first stop).
    case box(
      fill: Color, cornerRadius: Double, stroke: Stroke? = nil, corners: Corners = .all,
      gradient: LinearGradient? = nil)
    /// A filled ellipse inscribed in the frame.
    case ellipse(fill: Color)
    /// Text already broken into lines.
    case text(TextBlock)
    /// A Material icon by name, its em square filling the frame.
    case glyph(name: String, color: Color, mirrored: Bool = false)
    /// An image file drawn into the frame.
    case image(ImagePaint)
    /// A switch.
    case `switch`(SwitchPaint)
    /// A checkbox.
    case checkbox(CheckboxPaint)
    /// A radio button.
    case radio(RadioPaint)
    /// An arc of the circle inscribed in the frame (angles in degrees, 0 at the top, clockwise).
    case arc(start: Double, sweep: Double, width: Double, color: Color)
    /// The shadows of the (rounded) box of the frame, shown only outside it.
    case shadow(layers: [ShadowLayer], cornerRadius: Double, corners: Corners)
    /// A filled circle (centre relative to the frame) clipped to the frame's rounded box.
    case ripple(
      x: Double, y: Double, radius: Double, color: Color, cornerRadius: Double, corners: Corners)
  }

  /// Which corners of a box are rounded.
  public enum Corners: String, Sendable, Equatable {
    /// All four.
    case all
    /// The two top corners (the first cell of a card).
    case top
    /// The two bottom corners (the last cell of a card).
    case bottom
  }
}

extension LayoutElement {
  /// A (rounded) rectangle an element is clipped to.
  public struct Clip: Equatable, Sendable {
    /// The rectangle in points.
    public package(set) var rect: Rect
    /// Corner radius.
    public package(set) var cornerRadius: Double
    /// Which corners are rounded.
    public package(set) var corners: LayoutElement.Corners

    /// A clip from its parts.
    package init(rect: Rect, cornerRadius: Double, corners: LayoutElement.Corners) {
      self.rect = rect
      self.cornerRadius = cornerRadius
      self.corners = corners
    }
  }
}

/// ``LayoutElement/Clip`` by its short name, inside the package.
package typealias Clip = LayoutElement.Clip

extension LayoutElement {
  /// A line drawn inside a shape's edge.
  public struct Stroke: Equatable, Sendable {
    /// Colour.
    public package(set) var color: Color
    /// Width in points.
    public package(set) var width: Double

    /// A stroke from its colour and width.
    package init(color: Color, width: Double) {
      self.color = color
      self.width = width
    }
  }
}

/// ``LayoutElement/Stroke`` by its short name, inside the package.
package typealias Stroke = LayoutElement.Stroke

extension LayoutElement {
  /// How an image file fills its frame.
  public struct ImagePaint: Equatable, Sendable {
    /// How the image is scaled into the frame.
    public enum Fit: String, Sendable {
      /// Cover the frame, cropping (centred).
      case aspectFill
      /// Fit inside the frame, centred.
      case aspectFit
    }

    /// The file (absolute path).
    public package(set) var path: String
    /// Scaling.
    public package(set) var fit: Fit
    /// Clip to the circle inscribed in the frame.
    public package(set) var clipToCircle: Bool
    /// When set, the image's alpha is used as a mask filled with this colour (tinted icons).
    public package(set) var tint: Color?
    /// The radius of the frame's corners the image is clipped to (when not to a circle).
    public package(set) var cornerRadius: Double

    /// An image paint from its parts.
    package init(
      path: String, fit: Fit, clipToCircle: Bool = false, tint: Color? = nil,
      cornerRadius: Double = 0
    ) {
      self.path = path
      self.fit = fit
      self.clipToCircle = clipToCircle
      self.tint = tint
      self.cornerRadius = cornerRadius
    }
  }
}

/// ``LayoutElement/ImagePaint`` by its short name, inside the package.
package typealias ImagePaint = LayoutElement.ImagePaint

extension LayoutElement {
  /// A switch's look.
  public struct SwitchPaint: Equatable, Sendable {
    /// On or off.
    public package(set) var on: Bool
    /// iOS or Material.
    public package(set) var style: SwitchStyle
    /// Track colour when on.
    public package(set) var onColor: Color
    /// Track colour when off.
    public package(set) var offColor: Color
    /// Thumb colour.
    public package(set) var thumb: Color
    /// Drawn for a right-to-left layout: "on" puts the thumb on the left, as UISwitch does.
    public package(set) var isMirrored: Bool

    /// A switch from its parts.
    package init(
      on: Bool, style: SwitchStyle, onColor: Color, offColor: Color, thumb: Color,
      isMirrored: Bool = false
    ) {
      self.on = on
      self.style = style
      self.onColor = onColor
      self.offColor = offColor
      self.thumb = thumb
      self.isMirrored = isMirrored
    }
  }
}

/// ``LayoutElement/SwitchPaint`` by its short name, inside the package.
package typealias SwitchPaint = LayoutElement.SwitchPaint

extension LayoutElement {
  /// How a checkbox is drawn: a rounded box inset in its frame, filled with a tick when on, a
  /// ring inside its edge when off, over an optional square fill of the whole frame.
  public struct CheckboxPaint: Equatable, Sendable {
    /// Checked or not.
    public package(set) var on: Bool
    /// The box's fill when on.
    public package(set) var fill: Color
    /// The tick's colour.
    public package(set) var mark: Color
    /// The ring's colour when off.
    public package(set) var ring: Color
    /// The ring's width in points, inside the box's edge.
    public package(set) var ringWidth: Double
    /// The box's corner radius.
    public package(set) var cornerRadius: Double
    /// Space between the frame's edges and the box.
    public package(set) var inset: Double
    /// A fill of the whole frame under the box (a view's own background), if any.
    public package(set) var background: Color?

    /// A checkbox from its parts.
    package init(
      on: Bool, fill: Color, mark: Color, ring: Color, ringWidth: Double, cornerRadius: Double,
      inset: Double, background: Color? = nil
    ) {
      self.on = on
      self.fill = fill
      self.mark = mark
      self.ring = ring
      self.ringWidth = ringWidth
      self.cornerRadius = cornerRadius
      self.inset = inset
      self.background = background
    }
  }
}

/// ``LayoutElement/CheckboxPaint`` by its short name, inside the package.
package typealias CheckboxPaint = LayoutElement.CheckboxPaint

extension LayoutElement {
  /// How a radio button is drawn: a circle centred in the frame, its fill under a ring inside
  /// its edge, and a dot at its centre.
  public struct RadioPaint: Equatable, Sendable {
    /// Selected or not.
    public package(set) var on: Bool
    /// The circle's diameter.
    public package(set) var diameter: Double
    /// The ring's colour and width (inside the circle's edge).
    public package(set) var ring: Color
    /// The ring's width.
    public package(set) var ringWidth: Double
    /// The fill inside the circle, under the ring, if any.
    public package(set) var fill: Color?
    /// The dot's diameter (0: none), in the ring's colour.
    public package(set) var dot: Double

    /// A radio button from its parts.
    package init(
      on: Bool, diameter: Double, ring: Color, ringWidth: Double, fill: Color? = nil,
      dot: Double = 0
    ) {
      self.on = on
      self.diameter = diameter
      self.ring = ring
      self.ringWidth = ringWidth
      self.fill = fill
      self.dot = dot
    }
  }
}

/// ``LayoutElement/RadioPaint`` by its short name, inside the package.
package typealias RadioPaint = LayoutElement.RadioPaint

/// Text broken into lines, each placed inside the element's frame.
///
/// The whole paragraph is kept with the wrap width and line limit it was measured with: they
/// are the key under which the renderer keeps the shaped paragraph, so the painter draws the
/// very glyphs that were measured (one Pango layout per paragraph, cached by `ListRenderer`).
public struct TextBlock: Equatable, Sendable {
  /// The label's whole text, as measured.
  public package(set) var text: String
  /// The font and line metrics.
  public package(set) var style: TextStyle
  /// Text colour.
  public package(set) var color: Color
  /// The layout (canvas) direction: the base direction of paragraphs without a strong
  /// character, and the side lines are aligned to.
  public package(set) var direction: LayoutDirection
  /// The width the text was wrapped at, in points.
  public package(set) var wrapWidth: Double
  /// The line limit it was measured with (nil: unlimited).
  public package(set) var maxLines: Int?
  /// The lines, top to bottom.
  public package(set) var lines: [TextLine]
  /// Whether text was cut and ended with an ellipsis.
  public package(set) var truncated: Bool
  /// The first character no font has a glyph for, drawn as a box (only when a render allows
  /// missing glyphs; otherwise the layout fails).
  public package(set) var missingCharacter: Unicode.Scalar?

  /// A block from its parts.
  package init(
    text: String, style: TextStyle, color: Color, direction: LayoutDirection, wrapWidth: Double,
    maxLines: Int?, lines: [TextLine], truncated: Bool, missingCharacter: Unicode.Scalar? = nil
  ) {
    self.missingCharacter = missingCharacter
    self.text = text
    self.style = style
    self.color = color
    self.direction = direction
    self.wrapWidth = wrapWidth
    self.maxLines = maxLines
    self.lines = lines
    self.truncated = truncated
  }
}

/// One line of text, positioned relative to its block's frame. Every line of a block has the
/// same height (the style's line pitch); glyphs of taller fallback fonts may overflow it.
public struct TextLine: Equatable, Sendable {
  /// The characters on this line (for the last line of truncated text: all that remains).
  public package(set) var text: String
  /// Left edge of the line's text, relative to the block's left.
  public package(set) var x: Double
  /// Top of the line's box, relative to the block's top.
  public package(set) var y: Double
  /// The line's height: the style's pitch, or more where a taller fallback font needs it.
  public package(set) var height: Double
  /// Baseline relative to the block's top.
  public package(set) var baseline: Double
  /// The line's advance width (without spaces at a wrap point).
  public package(set) var width: Double
  /// Whether this line ends in an ellipsis.
  public package(set) var ellipsized: Bool
  /// The base direction of the paragraph the line belongs to (its first strong character's,
  /// else the canvas's): the bidirectional runs of the line are ordered in it.
  public package(set) var paragraphDirection: LayoutDirection
  /// The families of the fonts that draw the line, in the order its runs use them.
  public package(set) var fonts: [String]

  /// A line from its parts.
  package init(
    text: String, x: Double, y: Double, height: Double, baseline: Double, width: Double,
    ellipsized: Bool, paragraphDirection: LayoutDirection = .ltr, fonts: [String] = []
  ) {
    self.fonts = fonts
    self.paragraphDirection = paragraphDirection
    self.text = text
    self.x = x
    self.y = y
    self.height = height
    self.baseline = baseline
    self.width = width
    self.ellipsized = ellipsized
  }

  /// The line's box relative to its block.
  public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
}
