import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// A document built in code, drawn in its canvas's locale by the renderer.
@Suite("Spec mode in the renderer", .tags(.render))
struct SpecLocaleRenderTests {
  @Test("the renderer puts a document built in code in its canvas's locale")
  func builtInCode() throws {
    let folder = try Paths.temporaryFolder(with: ["Localizable.xcstrings": SampleCatalogs.xcstrings]
    )
    defer { try? FileManager.default.removeItem(at: folder) }
    var document = ListDocument(canvas: Canvas(width: 320, scale: 1)) {
      Section { RowCell(Label(key: CatalogKey("files", count: 5))) }
    }
    document.strings = [folder.appendingPathComponent("Localizable.xcstrings").path]
    document.canvas.locale = "pl"
    let renderer = try ListRenderer()
    let tree = try renderer.layout(document)
    let texts = tree.elements.compactMap { element -> String? in
      guard case .text(let block) = element.content else { return nil }
      return block.text
    }
    #expect(texts == ["5 plików"])
    let german = try renderer.layout(try document.localized(to: "de"))
    #expect(
      german.elements.contains {
        if case .text(let block) = $0.content { return block.text == "5 Dateien" }
        return false
      })
  }

}
