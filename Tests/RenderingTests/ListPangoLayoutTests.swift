import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Sections, spacing, grids, supplementary views, cards and the viewport (issue 4), asserted
/// through the layout.
@Suite("List layout", .tags(.render))
struct ListLayoutTests {
  @Test("inset.top 8 and lineSpacing 4: the second cell starts 8 + h1 + 4 below the section")
  func insetAndLineSpacing() throws {
    let tree = try layout(
      """
      canvas: { width: 360, scale: 1 }
      sections:
        - cells: [ { title: Above } ]
        - inset: { top: 8, leading: 10, bottom: 6, trailing: 20 }
          lineSpacing: 4
          cells: [ { title: A, subtitle: B }, { title: C } ]
        - cells: [ { title: Below } ]
      """)
    let cells = tree.elements(.cell)
    let sectionTop = 72.0
    #expect(cells[1].frame.y == sectionTop + 8)
    #expect(cells[2].frame.y == sectionTop + 8 + cells[1].frame.height + 4)
    #expect(cells[1].frame.x == 10)
    #expect(cells[1].frame.width == 360 - 10 - 20)
    #expect(cells[3].frame.y == cells[2].frame.maxY + 6)
  }

  @Test("IGListKit defaults: no inset, no spacing, one column")
  func defaults() throws {
    let tree = try layout(
      "canvas: { scale: 1 }\nsections:\n  - cells: [ { title: A }, { title: B } ]")
    #expect(
      tree.elements(.cell).map(\.frame) == [
        Rect(x: 0, y: 0, width: 360, height: 72), Rect(x: 0, y: 72, width: 360, height: 72),
      ])
  }

  @Test("a 2-column grid: equal widths, interitem spacing, each row as tall as its tallest item")
  func twoColumns() throws {
    let tree = try layout(
      """
      canvas: { width: 360, scale: 1 }
      sections:
        - columns: 2
          interitemSpacing: 8
          lineSpacing: 10
          cells:
            - { title: Short }
            - { title: Tall, subtitle: Two, description: Three }
            - { title: Next row }
      """)
    let cells = tree.elements(.cell)
    let width = (360.0 - 8) / 2
    #expect(cells[0].frame == Rect(x: 0, y: 0, width: width, height: 72))
    #expect(cells[1].frame.x == width + 8)
    #expect(cells[1].frame.height > 72)
    #expect(cells[2].frame.y == cells[1].frame.height + 10)
    #expect(cells[2].frame.x == 0)
    #expect(tree.height == cells[2].frame.maxY)
  }

  @Test("a 3-column grid places items left to right, then wraps")
  func threeColumns() throws {
    let tree = try layout(
      "canvas: { width: 300, scale: 1 }\nsections:\n  - columns: 3\n    cells: [ {title: A}, {title: B}, {title: C}, {title: D} ]"
    )
    #expect(tree.elements(.cell).map(\.frame.x) == [0, 100, 200, 0])
    #expect(tree.elements(.cell).map(\.frame.y) == [0, 0, 0, 72])
  }

  @Test("fixed-width items flow: as many per row as fit")
  func flow() throws {
    let tree = try layout(
      "canvas: { width: 360, scale: 1 }\nsections:\n  - width: 100\n    interitemSpacing: 20\n    cells: [ {title: A}, {title: B}, {title: C}, {title: D} ]"
    )
    // (360 + 20) / (100 + 20) = 3 per row.
    #expect(tree.elements(.cell).map(\.frame.x) == [0, 120, 240, 0])
    #expect(tree.elements(.cell).allSatisfy { $0.frame.width == 100 })
  }

  @Test(
    "headers are mistica-ios TitleViews (16 above, 8 below, title and link on one baseline), Material's at least 48; footers after the inset"
  )
  func headersAndFooters() throws {
    let spec = """
      sections:
        - header: { title: Recent, detail: See all }
          footer: Last 7 days
          inset: { bottom: 10 }
          cells: [ { title: A } ]
      """
    // mistica-ios `TitleView.swift` (commit 828547e): Movistar's default style is title2,
    // textPreset5 (20 pt) in textPrimary as typed; the link textPreset2 (14 pt) medium in
    // textLink, 16 pt from the side; margins 16 above and 8 below.
    let mistica = try layout("canvas: { scale: 1 }\n" + spec)
    let title = try #require(mistica.elements(.header).first { $0.textBlock != nil })
    let block = try #require(title.textBlock)
    #expect(block.text == "Recent")
    #expect(block.style.size == 20 && block.style.weight == .bold)
    #expect(block.color == Color(hex: "#0B2739"))
    #expect(title.frame.y == 16)
    let detail = try #require(mistica.elements(.headerDetail).first)
    let link = try #require(detail.textBlock)
    #expect(link.style.size == 14 && link.style.weight == .medium)
    // tokens/movistar.json (mistica-design dee515a): light textLink is movistarBlueHC.
    #expect(link.color == Color(hex: "#066FCB"))
    #expect(detail.frame.maxX == 360 - 16)
    let titleBaseline = title.frame.y + (block.lines.first?.baseline ?? 0)
    let linkBaseline = detail.frame.y + (link.lines.first?.baseline ?? 0)
    #expect(abs(titleBaseline - linkBaseline) < 1e-9)
    let cell = try #require(mistica.elements(.cell).first)
    #expect(cell.frame.y == (16 + title.frame.height + 8).rounded(.up))
    let footer = try #require(mistica.elements(.footer).first)
    #expect(footer.frame.y == cell.frame.maxY + 10 + 8)
    let material = try layout("canvas: { scale: 1, theme: material }\n" + spec)
    #expect(material.elements(.cell)[0].frame.y == 48)
  }

  @Test(
    "title1 is textPreset1 medium in textSecondary, upper-cased: O2's default, and any brand's by name"
  )
  func headerTitle1() throws {
    let o2 = try layout(
      """
      canvas: { scale: 1, theme: { name: mistica, skin: o2 } }
      sections:
        - header: { title: Recent, detail: See all }
          cells: [ { title: A } ]
      """)
    let title = try #require(o2.elements(.header).first { $0.textBlock != nil })
    let block = try #require(title.textBlock)
    #expect(block.text == "RECENT")
    #expect(block.style.size == 12 && block.style.weight == .medium)
    #expect(block.color == Color(hex: "#707070"))  // tokens/o2.json textSecondary: grey5
    // tokens/o2.json (mistica-design dee515a): light textLink is o2BluePrimary.
    #expect(o2.elements(.headerDetail).first?.textBlock?.color == Color(hex: "#0019A5"))
    let link = try #require(o2.elements(.headerDetail).first)
    // The 14 pt link sets the first baseline: the 12 pt title sits lower by the difference.
    let ascent = try #require(link.textBlock?.lines.first?.baseline)
    #expect(link.frame.y == 16)
    #expect(abs(title.frame.y + (block.lines.first?.baseline ?? 0) - (16 + ascent)) < 1e-9)
    let named = try layout(
      """
      canvas: { scale: 1 }
      sections:
        - header: { title: Recent, style: title1 }
          cells: [ { title: A } ]
      """)
    #expect(named.elements(.header).first { $0.textBlock != nil }?.textBlock?.text == "RECENT")
    #expect(throws: SpecError.self) {
      _ = try layout("sections:\n  - footer: { title: A, style: title1 }\n    cells: []")
    }
  }

  @Test("headers mirror in RTL")
  func headerRTL() throws {
    let spec = "sections:\n  - header: { title: Recent, detail: All }\n    cells: [ { title: A } ]"
    let ltr = try layout("canvas: { scale: 1 }\n" + spec)
    let rtl = try layout("canvas: { scale: 1, direction: rtl }\n" + spec)
    for role in [LayoutElement.Role.header, .headerDetail] {
      #expect(
        rtl.elements(role).map(\.frame) == ltr.elements(role).map { $0.frame.mirrored(in: 360) })
    }
  }

  @Test("an empty section shows its header only with showHeaderWhenEmpty")
  func showHeaderWhenEmpty() throws {
    let tree = try layout(
      """
      canvas: { scale: 1 }
      sections:
        - { header: Shown, showHeaderWhenEmpty: true, cells: [] }
        - { header: Hidden, cells: [] }
        - { cells: [ { title: A } ] }
      """)
    let texts = tree.elements(.header).compactMap { $0.textBlock?.lines.first?.text }
    #expect(texts == ["Shown"])
  }

  @Test(
    "a card section: one card, rounded on the first and last cell only, no separator after the last"
  )
  func cardSection() throws {
    let tree = try layout(
      """
      canvas: { scale: 1 }
      sections:
        - card: { elevation: 1, cornerRadius: 12 }
          cells: [ { title: A }, { title: B }, { title: C } ]
      """)
    let card = try #require(tree.elements(.card).first)
    #expect(card.frame == Rect(x: 16, y: 8, width: 328, height: 216))
    let corners = tree.elements(.cell).map { element -> LayoutElement.Corners? in
      if case .box(_, let radius, _, let corners, _) = element.content {
        return radius > 0 ? corners : nil
      }
      return nil
    }
    #expect(corners == [.top, nil, .bottom])
    #expect(tree.elements(.separator).count == 2)
    // The elevation is the card's shadow, drawn under it.
    #expect(tree.elements(.card).count == 1)
    #expect(tree.elements(.shadow).first?.frame == card.frame)
    #expect(tree.height == 8 + 216 + 8)
  }

  @Test("canvas.height makes a viewport; contentOffset scrolls it; what is outside is dropped")
  func viewport() throws {
    let cells = (1...20).map { "{ title: Row \($0) }" }.joined(separator: ", ")
    let tree = try layout(
      "canvas: { scale: 1, height: 300, contentOffset: 100 }\nsections:\n  - cells: [ \(cells) ]")
    #expect(tree.height == 300)
    let visible = tree.elements(.cell)
    let firstY = try #require(visible.first?.frame.y)
    #expect(firstY == -28.0)  // row 2 (at 72) is partly above the top
    #expect(visible.allSatisfy { $0.frame.maxY > 0 && $0.frame.y < 300 })
    #expect(visible.count == 5)
  }

  @Test("sticky headers stay at the top, then are pushed up by the section's end")
  func stickyHeaders() throws {
    let first = (1...5).map { "{ title: A\($0) }" }.joined(separator: ", ")
    let spec =
      "sections:\n  - header: One\n    cells: [ \(first) ]\n  - header: Two\n    cells: [ { title: B } ]"
    func headerTops(offset: Double, sticky: Bool) throws -> [Double] {
      let tree = try layout(
        "canvas: { scale: 1, height: 200, contentOffset: \(offset), stickyHeaders: \(sticky) }\n"
          + spec)
      return tree.elements(.header).filter { $0.textBlock == nil }.map(\.frame.y)
    }
    let headerHeight = 52.0  // 24 + 20 + 8
    let sectionEnd = headerHeight + 5 * 72
    #expect(try headerTops(offset: 100, sticky: true).first == 0)
    // Not sticky: it scrolls away with the content (wholly above the top at 100, so dropped).
    #expect(try headerTops(offset: 30, sticky: false).first == -30)
    #expect(try headerTops(offset: 100, sticky: false).isEmpty)
    // Near the end of section one, its header is pushed up.
    let pushed = try headerTops(offset: sectionEnd - 20, sticky: true)
    #expect(pushed.first == -headerHeight + 20)
  }

  @Test("the empty view is centred in the viewport when no section has a cell")
  func emptyView() throws {
    let tree = try layout(
      "canvas: { scale: 1, height: 600 }\nsections: []\nemptyView: { icon: inbox, title: Nothing, message: Here, button: Go }"
    )
    #expect(tree.height == 600)
    let icon = try #require(tree.elements(.emptyIcon).first)
    let button = try #require(tree.elements(.emptyButton).first)
    let top = icon.frame.y
    let bottom = button.frame.maxY
    #expect(abs((top + bottom) / 2 - 300) <= 1)
    #expect(abs(icon.frame.x + 24 - 180) < 0.001)
    let defaultHeight = try layout(
      "canvas: { scale: 1 }\nsections: []\nemptyView: { title: Nothing }")
    #expect(defaultHeight.height == 480)
  }

  @Test("the refresh control pushes the content down by 64 × progress, 64 when refreshing")
  func refreshControl() throws {
    let spec = "sections:\n  - cells: [ { title: A } ]"
    let pulling = try layout("canvas: { scale: 1 }\nrefreshControl: { progress: 0.5 }\n" + spec)
    #expect(pulling.elements(.cell)[0].frame.y == 32)
    guard case .arc(_, let sweep, _, _) = pulling.elements(.refreshIndicator)[1].content else {
      Issue.record("expected an arc")
      return
    }
    #expect(sweep == 135)
    let refreshing = try layout(
      "canvas: { scale: 1 }\nrefreshControl: { refreshing: true, angle: 90 }\n" + spec)
    #expect(refreshing.elements(.cell)[0].frame.y == 64)
    // The indicator is in the brand colour: Movistar's #0B9CEA.
    #expect(
      refreshing.elements(.refreshIndicator)[1].content
        == .arc(start: 90, sweep: 270, width: 2.5, color: Color(hex: "#0B9CEA")!))
  }

  @Test("1,000 cells render in one image; beyond the pixel limit the error says what to do")
  func thousandCells() throws {
    let cells = (1...1000).map { "{ title: Row \($0) }" }.joined(separator: ", ")
    let grid = try ListDocument.decode(
      yaml: "canvas: { scale: 1 }\nsections:\n  - columns: 3\n    cells: [ \(cells) ]")
    let renderer = try ListRenderer()
    let bitmap = try renderer.render(grid)
    #expect(bitmap.height == 334 * 72)
    let tall = try ListDocument.decode(
      yaml: "canvas: { scale: 3 }\nsections:\n  - cells: [ \(cells) ]")
    #expect {
      try renderer.layout(tall)
    } throws: { error in
      // Decoded from a spec, it points at the key: a SpecError.
      (error as? SpecError)?.message.contains("canvas.height") == true
    }
    var screen = tall
    screen.canvas.height = 800
    screen.canvas.contentOffset = 36_000
    let viewport = try renderer.layout(screen)
    #expect(viewport.pixelHeight == 2400)
    #expect(viewport.elements(.cell).count == 12)
  }

  @Test("columns and width together are an error")
  func columnsAndWidth() {
    #expect(throws: SpecError.self) {
      try ListDocument.decode(yaml: "sections:\n  - { columns: 2, width: 100, cells: [] }")
    }
  }
}
