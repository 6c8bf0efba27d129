import Foundation

/// The layout as JSON, for tests and tools: every element's role, source and frame in points,
/// and for text its line count, whether it was truncated, and each line's text and frame (so an
/// element can be found by what it says).
///
/// ```swift
/// let json = try tree.dumpJSON()  // {"elements":[{"frame":{…},"kind":"title","lines":1,…}],…}
/// ```
extension LayoutTree {
  /// The dump's shape; decodable so tests can read a dump back.
  public struct Dump: Codable, Equatable, Sendable {
    /// Image width in points.
    public var width: Double
    /// Image height in points.
    public var height: Double
    /// Device pixels per point.
    public var scale: Double
    /// Points added below the content to hold its shadows (included in `height`).
    public var shadowRoom: Double?
    /// Every element, in painting order.
    public var elements: [Element]

    /// One element of the dump.
    public struct Element: Codable, Equatable, Sendable {
      /// The element's role (`cell`, `title`, `separator`, …).
      public var kind: LayoutElement.Role
      /// Spec path of the element's source, such as `sections[0].cells[1]`.
      public var path: String
      /// Frame in points.
      public var frame: Rect
      /// For text: the number of lines.
      public var lines: Int?
      /// For text: whether it was cut and ellipsized.
      public var truncated: Bool?
      /// For text: each line's characters and frame, in points from the image's top left.
      public var text: [Line]?
    }

    /// One line of a text element.
    public struct Line: Codable, Equatable, Sendable {
      /// The characters on the line (the last line of cut text: all that remains).
      public var text: String
      /// The line's box in points.
      public var frame: Rect
      /// The families of the fonts that draw the line (its primary font, then any fallback a
      /// character needed), in the order its runs use them.
      public var fonts: [String]?
    }
  }

  /// The dump as a value.
  public var dump: Dump {
    Dump(
      width: width, height: height, scale: scale, shadowRoom: shadowRoom,
      elements: elements.map { element in
        var lines: Int?
        var truncated: Bool?
        var text: [Dump.Line]?
        if case .text(let block) = element.content {
          lines = block.lines.count
          truncated = block.truncated
          text = block.lines.map { line in
            Dump.Line(
              text: line.text,
              frame: line.frame.offsetBy(element.frame.x, element.frame.y),
              fonts: line.fonts.isEmpty ? nil : line.fonts)
          }
        }
        return Dump.Element(
          kind: element.role, path: element.source, frame: element.frame, lines: lines,
          truncated: truncated, text: text)
      })
  }

  /// The dump as pretty-printed JSON with sorted keys (stable bytes for the same layout).
  public func dumpJSON() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(dump)
  }
}

/// One animation frame's layout for tests and tools: every cell's identity, current height,
/// expand state and alpha, then the whole layout dump.
public struct FrameDump: Codable, Equatable, Sendable {
  /// The frame's time in seconds.
  public var time: Double
  /// Every cell drawn in the frame (leaving cells of an update included), in painting order.
  public var cells: [Cell]
  /// The frame's layout.
  public var layout: LayoutTree.Dump

  /// One cell of a frame.
  public struct Cell: Codable, Equatable, Sendable {
    /// Its identity: its section's (`id` or `#index`) and its own (`id` or title), as
    /// `section/cell`.
    public var identity: String
    /// Its spec path in the list it is drawn from (`before.` for the list an update leaves).
    public var path: String
    /// Its box now.
    public var frame: Rect
    /// Its box's current height in points.
    public var height: Double
    /// Its expand state (`collapsed`, `expanded` or a height), for expandable cells.
    public var expandState: String?
    /// Its opacity now (fading in or out during an update).
    public var alpha: Double
  }

  /// The dump of `tree`, the layout of `frame` at `time`.
  public init(time: Double, frame: AnimationFrame, tree: LayoutTree) {
    self.time = time
    layout = tree.dump
    cells = tree.elements.filter { $0.role == .cell }.compactMap { element in
      let leaving = element.source.hasPrefix(LayoutTransition.beforePrefix)
      let source =
        leaving
        ? String(element.source.dropFirst(LayoutTransition.beforePrefix.count)) : element.source
      let sections = leaving ? frame.update?.from ?? [] : frame.document.sections
      guard let address = LayoutTransition.Groups.address(of: source), let item = address.item,
        address.section < sections.count, item < sections[address.section].cells.count
      else { return nil }
      let cell = sections[address.section].cells[item]
      let state = cell.expandable.map { expandable -> String in
        switch expandable.state {
        case .collapsed: return "collapsed"
        case .expanded: return "expanded"
        case .height(let points): return "\(points)"
        }
      }
      return Cell(
        identity: sections[address.section].identity(at: address.section) + "/" + cell.identity,
        path: element.source, frame: element.frame, height: element.frame.height,
        expandState: state, alpha: element.opacity)
    }
  }

  /// The dump as pretty-printed JSON with sorted keys.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
