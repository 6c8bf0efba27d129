import Foundation
import ListLayout
import ListModel
import TestLevels
import TestSupport
import Testing

/// Images are not part of these documents; asking for one is a test error.
private struct NoImages: ImageMeasuring {
  func size(of image: FileReference) throws -> (width: Double, height: Double) {
    throw SpecError(file: "test", line: nil, column: nil, path: "", message: "no images here")
  }
}

/// ListLayout's geometry on its own: fixed-advance text, no Pango, no fonts.
@Suite("Layout geometry without fonts", .tags(.unit))
struct LayoutGeometryTests {
  let measurer = FixedAdvanceMeasurer()

  func layout(_ yaml: String) throws -> LayoutTree {
    try ListLayoutEngine(measurer: measurer, images: NoImages())
      .layout(ListDocument.decode(yaml: yaml))
  }

  /// The frame of the element with `role` in the cell at `index` of the first section.
  func frame(_ tree: LayoutTree, _ role: LayoutElement.Role, cell index: Int = 0) -> Rect? {
    tree.elements.first { $0.role == role && $0.source == "sections[0].cells[\(index)]" }?.frame
  }

  @Test(
    "full width: 72 pt minimum, 16 pt inner margins, a one-line title centred (mistica-ios Sources/Mistica/Components/Lists)"
  )
  func fullWidthMinimum() throws {
    let tree = try layout(
      "canvas: { width: 360 }\nsections:\n  - cells:\n      - title: Inbox\n      - title: Sent\n")
    #expect(frame(tree, .cell) == Rect(x: 0, y: 0, width: 360, height: 72))
    #expect(frame(tree, .title) == Rect(x: 16, y: (72 - 24) / 2, width: 328, height: 24))
    // The separator: inset 16 either side, at the bottom, hidden on the last cell.
    let separator = try #require(frame(tree, .separator))
    #expect(separator.x == 16 && separator.width == 328 && separator.maxY == 72)
    #expect(frame(tree, .separator, cell: 1) == nil)
    #expect(frame(tree, .cell, cell: 1)?.y == 72)
  }

  @Test("a title that wraps is its lines at the font's pitch: 16 + 2×20 + 2 + 20 + 16")
  func wrappingGrowsTheCell() throws {
    // 328 pt at 8 pt a character holds 41 characters: this title takes two lines. The fixed
    // measurer's 16 pt line is 20 pt: two are 40, above the title's 24 pt minimum. The one-line
    // 14 pt subtitle (17.5, 52.5 px at scale 3, rounded up to 53 px) keeps its 20 pt minimum.
    let title = "A title long enough to wrap onto two lines for sure"
    let tree = try layout(
      "canvas: { width: 360 }\nsections:\n  - cells:\n      - { title: '\(title)', subtitle: Sub }\n"
    )
    #expect(frame(tree, .title)?.height == 40)
    #expect(frame(tree, .subtitle)?.y == 16.0 + 40 + 2)
    #expect(frame(tree, .subtitle)?.height == 20)
    #expect(frame(tree, .cell)?.height == 16.0 + 40 + 2 + 20 + 16)
  }

  @Test(
    "boxed: 8/16 outer margins, 92 pt minimum with them, title→subtitle 2, subtitle→description 4")
  func boxedMargins() throws {
    let tree = try layout(
      """
      canvas: { width: 360 }
      sections:
        - cells:
            - { style: boxed, title: Inbox }
            - { style: boxed, title: Plan, subtitle: Sub, description: Desc }
      """)
    // mistica-ios: the cell is at least 92 with its 8 + 8 outer margins, so the card is 76 at
    // y 8, and the 24 pt title label is centred in it.
    #expect(frame(tree, .cell) == Rect(x: 16, y: 8, width: 328, height: 76))
    #expect(frame(tree, .title) == Rect(x: 32, y: 8 + (76 - 24) / 2, width: 296, height: 24))
    // The next card: 8 below the first cell (92) and 8 above its own top; its labels are at
    // their minimums (24, 20, 20): 16 + 24 + 2 + 20 + 4 + 20 + 16 = 102.
    #expect(frame(tree, .cell, cell: 1) == Rect(x: 16, y: 100, width: 328, height: 102))
    #expect(frame(tree, .title, cell: 1)?.y == 100.0 + 16)
    #expect(frame(tree, .subtitle, cell: 1)?.y == 100.0 + 16 + 24 + 2)
    #expect(frame(tree, .description, cell: 1)?.y == 100.0 + 16 + 24 + 2 + 20 + 4)
  }

  @Test("right to left: the asset and the text swap sides, mirrored in the cell")
  func rightToLeft() throws {
    let yaml = "sections:\n  - cells:\n      - { title: Inbox, asset: { icon: inbox } }\n"
    let ltr = try layout("canvas: { width: 360 }\n" + yaml)
    let rtl = try layout("canvas: { width: 360, direction: rtl }\n" + yaml)
    #expect(frame(ltr, .asset) == Rect(x: 16, y: 24, width: 24, height: 24))
    #expect(frame(ltr, .title) == Rect(x: 56, y: 24, width: 288, height: 24))
    for role in [LayoutElement.Role.asset, .title] {
      #expect(frame(rtl, role) == frame(ltr, role)?.mirrored(in: 360))
    }
  }

  @Test(
    "stereo: 16 + text + 16, detail 6 below the title; a 24 pt icon makes 56 (MDC MDCSelfSizingStereoCellLayout.m)"
  )
  func stereoHeights() throws {
    let tree = try layout(
      """
      canvas: { width: 360, theme: material }
      sections:
        - cells:
            - { kind: stereo, title: Title, detail: Detail }
            - { kind: stereo, title: Title, leadingImage: { icon: person } }
      """)
    // Title 16 pt and detail 14 pt at 1.25 em lines: 20 and 17.5; the height rounds up.
    #expect(frame(tree, .title) == Rect(x: 16, y: 16, width: 328, height: 20))
    #expect(frame(tree, .detail)?.y == 16.0 + 20 + 6)
    #expect(frame(tree, .cell)?.height == (16 + 20 + 6 + 17.5 + 16).rounded(.up))
    // Image 24 with 16 margins; a title alone is centred on the image; text after 16 more.
    let top = try #require(frame(tree, .cell, cell: 1)?.y)
    #expect(frame(tree, .cell, cell: 1)?.height == 56)
    #expect(frame(tree, .leadingImage, cell: 1) == Rect(x: 16, y: top + 16, width: 24, height: 24))
    #expect(frame(tree, .title, cell: 1) == Rect(x: 56, y: top + 16 + 2, width: 288, height: 20))
  }
}
