import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Documents built in code are held to the spec's limits: one validation for every document.
@Suite("Model validation", .tags(.render))
struct ModelValidationTests {
  private func document(_ change: (inout ListDocument) -> Void) -> ListDocument {
    var document = ListDocument(
      sections: [Section(cells: [Cell(.row(RowCell(title: "Inbox")))])])
    document.canvas.scale = 1
    change(&document)
    return document
  }

  /// The error `render` throws for a document, or nil when it renders.
  private func renderError(_ document: ListDocument, renderer: ListRenderer) -> SpecError? {
    do {
      _ = try renderer.render(document)
      return nil
    } catch let error as SpecError {
      return error
    } catch {
      Issue.record("not a SpecError: \(error)")
      return nil
    }
  }

  @Test("values that hung or crashed the renderer are errors naming their field")
  func hangsAndCrashes() throws {
    let renderer = try ListRenderer()
    let cases: [(String, String, (inout ListDocument) -> Void)] = [
      (
        "sections[0].arrangement.columns", "0 is out of range; expected 1...12",
        {
          $0.sections[0].arrangement = .columns(0)
        }
      ),
      ("canvas.width", "nan is not a finite number", { $0.canvas.width = .nan }),
      ("canvas.scale", "inf is not a finite number", { $0.canvas.scale = .infinity }),
      (
        "sections[0].cells[0].title.maxLines", "-1 is out of range; expected 1...1000",
        {
          $0.sections[0].cells[0] = Cell(.row(RowCell(title: Label("Inbox", maxLines: -1))))
        }
      ),
      (
        "sections[0].arrangement.itemWidth", "0 is out of range; expected 1...4096",
        {
          $0.sections[0].arrangement = .itemWidth(0)
        }
      ),
      (
        "sections[0].lineSpacing", "-8 is out of range; expected 0...10000",
        {
          $0.sections[0].lineSpacing = -8
        }
      ),
      (
        "sections[0].cells[0].title", "must not be empty",
        {
          $0.sections[0].cells[0] = Cell(.row(RowCell(title: "")))
        }
      ),
      (
        "canvas.background", "alpha 2.0 is out of range; expected 0...1",
        {
          $0.canvas.background = Color(red: 1, green: 1, blue: 1, alpha: 2)
        }
      ),
      (
        "animation", "3720 frames (duration × fps); at most 3600 are allowed",
        {
          $0.animation = Animation(fps: 120, duration: 31)
        }
      ),
      (
        "animation.events[0]", "section 3 does not exist at 0.0 s (the list has 1)",
        {
          $0.animation = Animation(events: [
            AnimationEvent(time: 0, section: 3, item: 0, action: .press(x: 1, y: 1))
          ])
        }
      ),
      (
        "sections[0].cells[0].asset.monogram", "a monogram has at most 3 characters",
        {
          var row = RowCell(title: "Ana")
          row.asset = .monogram("ABCD", background: .black, color: nil)
          $0.sections[0].cells[0] = Cell(.row(row))
        }
      ),
    ]
    for (path, message, change) in cases {
      let error = renderError(document(change), renderer: renderer)
      #expect(error?.path == path, "\(path): \(String(describing: error))")
      #expect(error?.message == message, "\(path): \(String(describing: error))")
      #expect(error?.file == "<document>")
    }
    // Too many cells, however they were made.
    let many = document {
      $0.sections = [
        Section(
          cells: (0...SpecLimits.maxCells).map { Cell(.label(LabelCell(text: Label("\($0)")))) })
      ]
    }
    #expect(
      renderError(many, renderer: renderer)?.message == "the document has more than 10000 cells")
  }

  @Test("a valid document built in code renders; every fixture passes validation")
  func validDocuments() throws {
    let renderer = try ListRenderer()
    #expect(renderError(document { _ in }, renderer: renderer) == nil)
    for fixture in FixtureCases.all {
      let document = try ListDocument.load(
        path: Paths.fixtures.appendingPathComponent(fixture).path, allowing: [Paths.fixtures.path])
      #expect(throws: Never.self, "\(fixture)") { try document.validate() }
    }
  }

  @Test("an animation frame built in code is checked too")
  func frames() throws {
    let renderer = try ListRenderer()
    var frame = AnimationFrame(document: document { $0.canvas.width = -1 })
    #expect(throws: SpecError.self) { try renderer.layout(frame) }
    frame = AnimationFrame(
      document: document { _ in },
      update: ListUpdateProgress(from: [Section(cells: [])], fraction: .nan))
    #expect(throws: SpecError.self) { try renderer.layout(frame) }
  }
}
