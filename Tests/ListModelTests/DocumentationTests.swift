import Foundation
import ListModel
import TestLevels
import TestSupport
import Testing

/// The spec format article follows the model: its canvas block names every canvas key.
@Suite("Spec format article", .tags(.unit))
struct SpecFormatArticleTests {
  @Test("the canvas block of the spec format article names every canvas key")
  func canvasKeys() throws {
    let article = try Documentation.article("SpecFormat")
    let start = try #require(article.range(of: "canvas:\n  width:"))
    let block = article[start.lowerBound...].prefix { _ in true }
      .components(separatedBy: "\nsections:")[0]
    for key in CanvasKey.allCases {
      #expect(block.contains("\n  \(key.rawValue):"), "the canvas block lacks \(key.rawValue)")
    }
  }
}
