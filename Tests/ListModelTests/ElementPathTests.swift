import ListModel
import TestLevels
import Testing

/// The spec path of an element, spelled in one place and read back in one place.
@Suite("Element paths", .tags(.unit))
struct ElementPathTests {
  @Test("paths print as the spec names them and read back the same")
  func roundTrip() {
    let paths: [ElementPath] = [
      .section(0), .section(12), .cell(section: 1, item: 3), .emptyView, .refreshControl,
    ]
    for path in paths { #expect(ElementPath(path.description) == path) }
    #expect(ElementPath.cell(section: 1, item: 3).description == "sections[1].cells[3]")
    #expect(ElementPath("sections[2].cells[5].title") == .cell(section: 2, item: 5))
    #expect(ElementPath("sections[2].footer") == .section(2))
    #expect(ElementPath.cell(section: 4, item: 7).section == 4)
    #expect(ElementPath.section(4).item == nil)
  }

  @Test("anything else is no path: other roots, signs, letters, huge numbers, a missing bracket")
  func rejects() {
    for text in [
      "audit", "", "sections", "sections[]", "sections[-1]", "sections[x]", "sections[1",
      "sections[1234567890]", "Sections[1]", "sections[١]", " sections[1]",
    ] {
      #expect(ElementPath(text) == nil, "\(text)")
    }
  }
}
