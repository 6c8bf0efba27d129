import GoldenImage
import ListRender
import Synchronization

/// Caption strips for golden panels and contact sheets: the text in a label cell on grey, at
/// scale 1, drawn by one renderer made on first use and used by one caller at a time.
package final class Captions: Sendable {
  private let renderer = Mutex<ListRenderer?>(nil)

  package init() {}

  /// `text` in a strip `width` pixels wide (at least 120), or nil when it cannot be drawn.
  package func strip(_ text: String, width: Int) -> Bitmap? {
    renderer.withLock { renderer in
      do {
        if renderer == nil { renderer = try ListRenderer() }
        let document = ListDocument(
          canvas: Canvas(
            width: Double(max(120, width)), scale: 1, background: Color(hex: "#EEEEEE")),
          sections: [Section(cells: [Label(text).separator(.hidden)])])
        return try renderer?.render(document)
      } catch {
        return nil
      }
    }
  }

  /// The strip function a ``GoldenCheck`` draws panel captions with.
  package var forPanels: @Sendable (String, Int) -> Bitmap? { { [self] in strip($0, width: $1) } }
}
