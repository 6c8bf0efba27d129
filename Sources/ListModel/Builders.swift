/// Something that is a list cell: a ``RowCell``, ``StereoCell``, ``LabelCell``, a ``Label``
/// (a label cell) or a ``Cell`` itself. A ``CellBuilder`` takes any of them; the modifiers
/// below give one its state, separator, identity or elevation.
///
/// ```swift
/// RowCell("Wi-Fi", control: .switch(true)).state(.disabled).separator(.hidden)
/// ```
public protocol CellConvertible {
  /// The cell, with default state and separator.
  var cell: Cell { get }
}

extension Cell: CellConvertible {
  /// The cell itself.
  public var cell: Cell { self }
}

extension RowCell: CellConvertible {
  /// A row cell.
  public var cell: Cell { Cell(.row(self)) }
}

extension StereoCell: CellConvertible {
  /// A stereo cell.
  public var cell: Cell { Cell(.stereo(self)) }
}

extension LabelCell: CellConvertible {
  /// A label cell.
  public var cell: Cell { Cell(.label(self)) }
}

extension Label: CellConvertible {
  /// A label cell showing this label.
  public var cell: Cell { Cell(.label(LabelCell(text: self))) }
}

extension CellConvertible {
  /// The cell drawn in `state`.
  public func state(_ state: CellState) -> Cell {
    var cell = self.cell
    cell.state = state
    return cell
  }

  /// The cell with its bottom separator shown, hidden or automatic, from `inset`.
  public func separator(_ visibility: SeparatorVisibility, inset: SeparatorInset = .standard)
    -> Cell
  {
    var cell = self.cell
    cell.separator = visibility
    cell.separatorInset = inset
    return cell
  }

  /// The cell with the identity list updates match it by.
  public func id(_ id: String) -> Cell {
    var cell = self.cell
    cell.id = id
    return cell
  }

  /// The cell raised to `elevation` points (and to `pressed` while pressed).
  public func elevation(_ elevation: Double?, pressed: Double? = nil) -> Cell {
    var cell = self.cell
    cell.elevation = elevation
    cell.pressedElevation = pressed
    return cell
  }

  /// The cell expanding and collapsing between heights.
  public func expandable(_ expandable: Expandable = Expandable()) -> Cell {
    var cell = self.cell
    cell.expandable = expandable
    return cell
  }
}

/// Builds a section's cells from a list of rows, stereo cells, labels and cells, with `if`,
/// `switch` and `for` as in any result builder.
@resultBuilder
public enum CellBuilder {
  /// One cell.
  public static func buildExpression(_ cell: some CellConvertible) -> [Cell] { [cell.cell] }
  /// Several cells (from a `map`, say).
  public static func buildExpression(_ cells: [Cell]) -> [Cell] { cells }
  /// The cells in order.
  public static func buildBlock(_ parts: [Cell]...) -> [Cell] { parts.flatMap { $0 } }
  /// The cells of an `if` that held, or none.
  public static func buildOptional(_ part: [Cell]?) -> [Cell] { part ?? [] }
  /// The cells of an `if`'s first branch.
  public static func buildEither(first part: [Cell]) -> [Cell] { part }
  /// The cells of an `else` branch.
  public static func buildEither(second part: [Cell]) -> [Cell] { part }
  /// The cells of every pass of a `for` loop.
  public static func buildArray(_ parts: [[Cell]]) -> [Cell] { parts.flatMap { $0 } }
}

/// Builds a document's sections, with `if`, `switch` and `for` as in any result builder.
@resultBuilder
public enum SectionBuilder {
  /// One section.
  public static func buildExpression(_ section: Section) -> [Section] { [section] }
  /// Several sections.
  public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
  /// The sections in order.
  public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
  /// The sections of an `if` that held, or none.
  public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
  /// The sections of an `if`'s first branch.
  public static func buildEither(first part: [Section]) -> [Section] { part }
  /// The sections of an `else` branch.
  public static func buildEither(second part: [Section]) -> [Section] { part }
  /// The sections of every pass of a `for` loop.
  public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}
