@_exported import ImageCodec
@_exported import ListLayout
@_exported import ListModel
import ListPainter

@_exported import struct ListPainter.FontFile
@_exported import class ListPainter.FontSystem
@_exported import enum ListPainter.LibraryVersions
@_exported import enum ListPainter.PainterError

/// The front door: spec in, pixels out, no files touched.
///
/// ```swift
/// let renderer = try ListRenderer()
/// let document = try ListDocument.load(path: "list.yaml")
/// let png = try PNGCodec.encode(try renderer.render(document))
/// ```
///
/// A renderer owns its fonts and Pango state and is not thread-safe: use one per thread.
public final class ListRenderer {
  /// The fonts every render uses.
  public let fonts: FontSystem
  private let measurer: PangoTextMeasurer
  private let painter: Painter

  /// A renderer with the standard fonts.
  /// - Throws: ``PainterError/missingFont(path:package:)`` naming the Debian package to install.
  public init(fonts: FontSystem? = nil) throws {
    let fonts = try fonts ?? FontSystem()
    self.fonts = fonts
    measurer = try PangoTextMeasurer(fonts: fonts)
    painter = try Painter(fonts: fonts)
  }

  /// The document's layout: every frame in points, text broken into lines.
  public func layout(_ document: ListDocument) throws -> LayoutTree {
    try ListLayoutEngine(measurer: measurer).layout(document)
  }

  /// The document's pixels.
  public func render(_ document: ListDocument) throws -> Bitmap {
    try painter.paint(try layout(document))
  }

  /// Layout and pixels together (the CLI writes both).
  public func renderWithLayout(_ document: ListDocument) throws -> (
    bitmap: Bitmap, layout: LayoutTree
  ) {
    let tree = try layout(document)
    return (try painter.paint(tree), tree)
  }
}
