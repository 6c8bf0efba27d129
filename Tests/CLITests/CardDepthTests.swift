import Foundation
import ImageCodec
import RenderTestSupport
import TestLevels
import Testing

/// A card section taller than 32,767 device pixels, drawn in pages: its shadow and edge go on
/// to its end (pixman places patterns in 16.16 fixed point: a pattern placed past that depth
/// was lost), and pages of any height stack to the same image.
@Suite("Cards of any depth", .tags(.cli))
struct CardDepthTests {
  @Test("a 43,728 px card in pages of 2,000 and 3,000 pt: the same rows, the shadow at every depth")
  func pagesStack() throws {
    let rows = (0..<560).map { "      - { title: Row \($0), subtitle: Detail \($0) }" }
    let spec = """
      canvas: { width: 360, scale: 1, background: "#EEEEEE", theme: { name: mistica, skin: movistar } }
      sections:
        - inset: { top: 24, leading: 16, bottom: 24, trailing: 16 }
          card: { elevation: 8 }
          cells:
      \(rows.joined(separator: "\n"))

      """
    let folder = try Paths.temporaryFolder(with: ["card.yaml": spec])
    defer { try? FileManager.default.removeItem(at: folder) }
    func stacked(_ name: String, _ height: Int) throws -> [Bitmap] {
      let run = try runListRender(
        ["render", "card.yaml", "-o", "\(name).png", "--page-height", "\(height)"], in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasPrefix(name + "-") }.sorted()
      return try files.map { try PNGCodec.decode(file: folder.appendingPathComponent($0).path) }
    }
    let a = try stacked("a", 2000)
    let b = try stacked("b", 3000)
    func rowsOf(_ pages: [Bitmap]) -> [ArraySlice<UInt8>] {
      pages.flatMap { page in
        (0..<page.height).map { y in page.pixels[(y * page.width * 4)..<((y + 1) * page.width * 4)]
        }
      }
    }
    let (left, right) = (rowsOf(a), rowsOf(b))
    #expect(left.count == 43_728 && right.count == 43_728)
    let differing = zip(left, right).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(
      differing.isEmpty, "\(differing.count) rows differ, first \(differing.first?.offset ?? -1)")
    // The shadow 6 px left of the card's edge (x 16), every 2,000 rows: darker than the page.
    let page = UInt8(0xEE)
    for y in stride(from: 100, to: 43_600, by: 2_000) {
      let red = left[y][left[y].startIndex + 10 * 4]
      #expect(red < page, "no shadow at row \(y): \(red)")
    }
  }
}
