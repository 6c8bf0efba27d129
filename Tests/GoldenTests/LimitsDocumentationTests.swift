import FileIO
import GoldenImage
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The spec-format article's limits table, held to the constants the readers enforce.
@Suite("Limits in the documentation", .tags(.render))
struct LimitsDocumentationTests {
  @Test("the spec format's limits table says what the decoder enforces")
  func limitsTable() throws {
    let article = try Documentation.article("SpecFormat")
    let table = article.components(separatedBy: "## Limits").last ?? ""
    func says(_ text: String) -> Bool { table.contains(text) }
    #expect(says("\(SpecLimits.maxStringLength.formatted()) bytes"))
    #expect(says("\(SpecLimits.maxTextBytes / 1024 / 1024) MiB"))
    #expect(says("\(SpecLimits.maxCombiningMarks) combining marks"))
    #expect(says("\(SpecLimits.maxSections.formatted()) / \(SpecLimits.maxCells.formatted())"))
    #expect(says("0...\(Int(SpecLimits.insetRange.upperBound).formatted()) pt"))
    #expect(says("1...\(Int(SpecLimits.maxLinesRange.upperBound).formatted())"))
    #expect(says("a word of at most \(maxUnbrokenRun.formatted()) letters"))
    #expect(says("at most \(SpecLimits.maxFacesPerCollection) faces in a collection"))
    #expect(says("\(Int(SpecLimits.maxVectorHeight).formatted()) pt tall"))
    #expect(says("at most \(InputFile.maxImageBytes >> 20) MiB"))
    #expect(says("at most \(GoldenFormat<String>.maxTextBytes >> 20) MiB"))
  }
}
