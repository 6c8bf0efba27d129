import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Geometry of the cells of issue 3, asserted through the layout (mistica-ios Lists, MDCSelfSizingStereoCellLayout.m, IGListKit).
@Suite("Cell anatomy", .tags(.render))
struct CellLayoutTests {
  private func cells(_ yaml: String, canvas: String = "width: 360, scale: 1") throws -> LayoutTree {
    try layout("canvas: { \(canvas) }\nsections:\n  - cells:\n" + yaml)
  }

  @Test("a Mística full-width row with a large icon and a title is 72 pt, the circle centred")
  func largeIconTitleOnly() throws {
    let tree = try cells("      - { title: Wi-Fi, asset: { icon: wifi, background: '#E3F2FD' } }")
    #expect(tree.height == 72)
    let circle = try #require(tree.elements(.assetBackground).first)
    #expect(circle.frame == Rect(x: 16, y: 16, width: 40, height: 40))
    let icon = try #require(tree.elements(.asset).first)
    #expect(icon.frame == Rect(x: 24, y: 24, width: 24, height: 24))
    // Text starts 16 after the asset.
    #expect(tree.elements(.title)[0].frame.x == 72)
  }

  @Test("a small icon is 24 pt; with more than a title the asset is top-aligned 4 pt down")
  func smallIconTopAligned() throws {
    let tree = try cells(
      "      - { title: A, subtitle: B, description: C, asset: { icon: inbox } }")
    let icon = try #require(tree.elements(.asset).first)
    let title = try #require(tree.elements(.title).first)
    #expect(icon.frame.width == 24)
    #expect(icon.frame.y == title.frame.y + 4)
    #expect(title.frame.x == 16 + 24 + 16)
  }

  @Test("a boxed row is 92 pt with its 8/8 outer margins (a 76 pt card), inset 16, radius 16")
  func boxedRow() throws {
    let tree = try cells(
      "      - { style: boxed, title: Inbox }\n      - { style: boxed, title: Next }")
    let box = try #require(tree.elements(.cell).first)
    #expect(box.frame == Rect(x: 16, y: 8, width: 328, height: 76))
    #expect(tree.elements(.cell)[1].frame.y == 92 + 8)
    #expect(tree.height == 184)
    #expect(
      box.content
        == .box(
          fill: Color(hex: "#FFFFFF")!, cornerRadius: 16,
          stroke: Stroke(color: Color(hex: "#DDDDDD")!, width: 1)))
    #expect(tree.elements(.separator).isEmpty)
  }

  @Test(
    "boxed inverse tints its controls as mistica-ios does: a white chevron in light and dark, the switch's activated on-track and white thumb"
  )
  func boxedInverseControls() throws {
    for appearance in ["light", "dark"] {
      let tree = try layout(
        """
        canvas: { width: 360, scale: 1, appearance: \(appearance) }
        sections:
          - cells:
              - { style: boxedInverse, title: A, control: { navigation: {} } }
              - { style: boxedInverse, title: B, control: { switch: true } }
              - { style: fullWidth, title: C, control: { switch: true } }
        """)
      let chevron = try #require(tree.elements(.chevron).first)
      #expect(chevron.content == .glyph(name: "chevron_right", color: .white), "\(appearance)")
      let switches = tree.elements(.control).compactMap { element -> SwitchPaint? in
        if case .switch(let paint) = element.content { return paint }
        return nil
      }
      #expect(switches.count == 2)
      // The same on-track and thumb as in a plain row.
      #expect(switches[0].onColor == switches[1].onColor, "\(appearance)")
      #expect(switches[0].thumb == .white)
    }
  }

  @Test("boxed inverse uses the brand background and inverse text, no border")
  func boxedInverse() throws {
    let tree = try cells("      - { style: boxedInverse, title: Upgrade, description: More data }")
    #expect(
      tree.elements(.cell)[0].content
        == .box(fill: Color(hex: "#0B9CEA")!, cornerRadius: 16, stroke: nil))
    #expect(tree.elements(.title)[0].textBlock?.color == Color(hex: "#FFFFFF"))
    #expect(tree.elements(.description)[0].textBlock?.color == Color(hex: "#E6F5FD"))
  }

  @Test("navigation: badge then chevron 16 apart, centred; dot 8, number 20, +9 in a wider pill")
  func navigationBadges() throws {
    let tree = try cells(
      """
            - { title: A, control: { navigation: { badge: true } } }
            - { title: B, control: { navigation: { badge: 3 } } }
            - { title: C, control: { navigation: { badge: 12 } } }
            - { title: D, control: { navigation: {} } }
      """)
    let chevrons = tree.elements(.chevron)
    #expect(chevrons.count == 4)
    #expect(chevrons.allSatisfy { $0.frame.width == 24 && $0.frame.x == 360 - 16 - 24 })
    // Centred on the title (72 pt row, title centred at 24...48).
    #expect(chevrons[0].frame.y == 24)
    let shapes = tree.elements(.badge).filter { if case .text = $0.content { false } else { true } }
    #expect(shapes[0].frame.size == (8, 8))
    #expect(shapes[1].frame.size == (20, 20))
    #expect(shapes[2].frame.height == 20)
    #expect(shapes[2].frame.width > 20)
    #expect(shapes[0].frame.maxX == chevrons[0].frame.x - 16)
    #expect(shapes[0].frame.y == 24 + 8)
    let plusNine = tree.elements(.badge).compactMap(\.textBlock).map { $0.lines[0].text }
    #expect(plusNine == ["3", "+9"])
  }

  @Test("controls sit 16 pt from the trailing edge and narrow the text")
  func controlsNarrowText() throws {
    let tree = try cells("      - { title: Wi-Fi, control: { switch: true } }")
    let control = try #require(tree.elements(.control).first)
    #expect(control.frame == Rect(x: 360 - 16 - 51, y: (72 - 31) / 2, width: 51, height: 31))
    #expect(tree.elements(.title)[0].frame.width == 360 - 32 - 51 - 16)
  }

  @Test("a headline tag sits 8 pt above the title when more text follows, on it when not")
  func headlineTag() throws {
    let tree = try cells(
      """
            - { headline: { tag: NEW }, title: Fibre, subtitle: 1 Gb }
            - { headline: { tag: NEW }, title: Fibre }
      """)
    let pills = tree.elements(.headline).filter { $0.textBlock == nil }
    let titles = tree.elements(.title)
    #expect(titles[0].frame.y == pills[0].frame.maxY + 8)
    #expect(titles[1].frame.y == pills[1].frame.maxY)
    #expect(pills[0].frame.x == 16)
  }

  @Test(
    "states: a highlighted box in backgroundAlternative, a selected overlay; disabled labels at 0.5, its control not"
  )
  func states() throws {
    let tree = try cells(
      """
            - { style: boxed, title: A, state: highlighted }
            - { title: B, state: disabled, control: { switch: false } }
            - { title: C, state: selected }
            - { style: boxedInverse, title: D, state: highlighted }
      """)
    // mistica-ios `ListTableViewCell.swift` (commit e6e9239): the highlighted view turns
    // backgroundAlternative (Movistar's grey1, #F6F6F6 in tokens/movistar.json): a boxed row's
    // box, keeping its border; a boxed-inverse row's whole cell, around its brand box.
    let boxes = tree.elements(.cell)
    #expect(
      boxes[0].content
        == .box(
          fill: Color(hex: "#F6F6F6")!, cornerRadius: 16,
          stroke: Stroke(color: Color(hex: "#DDDDDD")!, width: 1)))
    let overlays = tree.elements(.highlight)
    #expect(overlays.count == 2)
    #expect(
      overlays[0].content == .box(fill: Color(hex: "#0B9CEA")!.withAlpha(0.08), cornerRadius: 0))
    #expect(overlays[0].frame == boxes[2].frame)
    #expect(overlays[1].content == .box(fill: Color(hex: "#F6F6F6")!, cornerRadius: 0))
    #expect(
      overlays[1].frame.width == 360 && overlays[1].frame.height == boxes[3].frame.height + 16)
    if case .box(let fill, _, _, _, _) = boxes[3].content {
      #expect(fill == Color(hex: "#0B9CEA"))
    }
    let disabledTitle = tree.elements(.title)[1]
    #expect(disabledTitle.opacity == 0.5)
    // mistica-ios CellCenterSectionView.swift: only the labels are dimmed.
    #expect(tree.elements(.control)[0].opacity == 1)
    #expect(tree.elements(.title)[0].opacity == 1)
  }

  @Test("separator: hidden and visible override the section rule")
  func separatorOverrides() throws {
    let tree = try cells(
      """
            - { title: A }
            - { title: B, separator: hidden }
            - { title: C, separator: visible }
      """)
    #expect(
      tree.elements(.separator).map(\.source) == ["sections[0].cells[0]", "sections[0].cells[2]"])
  }

  @Test("right to left: the asset frame is the mirror of its left-to-right frame")
  func rightToLeftAsset() throws {
    let row =
      "      - { title: Inbox, subtitle: Mail, asset: { icon: inbox, background: '#E3F2FD' }, control: { navigation: { badge: 2 } } }"
    let ltr = try cells(row)
    let rtl = try cells(row, canvas: "width: 360, scale: 1, direction: rtl")
    for role in [LayoutElement.Role.assetBackground, .asset, .title, .subtitle, .chevron, .badge] {
      let l = ltr.elements(role).map(\.frame)
      let r = rtl.elements(role).map(\.frame)
      #expect(r == l.map { $0.mirrored(in: 360) }, "\(role)")
    }
    #expect(
      rtl.elements(.chevron)[0].content
        == .glyph(name: "chevron_left", color: Color(hex: "#6B6C6F")!))  // Movistar textSecondary
    #expect(rtl.elements(.asset)[0].frame.x == 360 - 16 - 24 - 8)
  }

  @Test("in RTL a badge above 9 still reads +9 (its digits are laid out left to right)")
  func rightToLeftBadge() throws {
    let tree = try cells(
      "      - { title: A, control: { navigation: { badge: 12 } } }",
      canvas: "width: 360, scale: 1, direction: rtl")
    let label = try #require(tree.elements(.badge).compactMap(\.textBlock).first)
    #expect(label.direction == .ltr)
    #expect(label.lines.first?.text == "+9")
  }

  @Test("stereo: 24 pt icon → 56, 40 pt image → 72, text only = 16 + text + 16")
  func stereoHeights() throws {
    let icon = try cells(
      "      - { kind: stereo, leadingImage: { icon: star }, title: Starred }",
      canvas: "theme: material, scale: 1")
    #expect(icon.height == 56)
    let avatar = try cells(
      "      - { kind: stereo, leadingImage: { image: \(Paths.fixtures.path)/assets/avatar.png, size: 40 }, title: Ana }",
      canvas: "theme: material, scale: 1")
    #expect(avatar.height == 72)
    let image = try #require(avatar.elements(.leadingImage).first)
    #expect(image.frame == Rect(x: 16, y: 16, width: 40, height: 40))
    // A lone title is centred on the image.
    let title = try #require(avatar.elements(.title).first)
    #expect(abs(title.frame.y + title.frame.height / 2 - 36) < 0.001)
    #expect(title.frame.x == 72)
    let text = try cells(
      "      - { kind: stereo, title: Title, detail: Detail }", canvas: "theme: material, scale: 1")
    let titleFrame = text.elements(.title)[0].frame
    let detailFrame = text.elements(.detail)[0].frame
    #expect(titleFrame.y == 16)
    #expect(detailFrame.y == titleFrame.maxY + 6)
    #expect(text.height == (detailFrame.maxY + 16).rounded(.up))
  }

  @Test("stereo: images above 56 pt are aspect-fit to 56 with an 8 pt margin")
  func stereoLargeImage() throws {
    let tree = try cells(
      "      - { kind: stereo, leadingImage: { image: \(Paths.fixtures.path)/assets/landscape.png, size: 90 }, title: Photos }",
      canvas: "theme: material, scale: 1")
    let image = try #require(tree.elements(.leadingImage).first)
    #expect(image.frame.width == 56)
    #expect(abs(image.frame.height - 56 * 80 / 120) < 0.001)
    #expect(image.frame.y == 16)  // 37.3 pt tall: at most 40, so a 16 pt margin
  }

  @Test("stereo: title and detail wrap fully by default (numberOfLines = 0); maxLines limits")
  func stereoLineLimits() throws {
    let long = String(repeating: "Long words wrap here. ", count: 20)
    let tree = try cells(
      """
            - { kind: stereo, title: '\(long)', detail: '\(long)' }
            - { kind: stereo, title: { text: '\(long)', maxLines: 1 }, detail: { text: '\(long)', maxLines: 3 } }
      """, canvas: "theme: material, scale: 1")
    let title = try #require(tree.elements(.title)[0].textBlock)
    let detail = try #require(tree.elements(.detail)[0].textBlock)
    // 440 characters of Roboto in 328 pt: several lines each, none cut.
    #expect(title.lines.count > 3 && !title.truncated)
    #expect(detail.lines.count > 3 && !detail.truncated)
    // The cell holds every line: 16 + title + 6 + detail + 16, rounded up.
    let cell = tree.elements(.cell)[0].frame
    let titleFrame = tree.elements(.title)[0].frame
    let detailFrame = tree.elements(.detail)[0].frame
    #expect(detailFrame.maxY <= cell.maxY - 16)
    #expect(cell.height == (16 + titleFrame.height + 6 + detailFrame.height + 16).rounded(.up))
    #expect(tree.elements(.title)[1].textBlock?.lines.count == 1)
    #expect(tree.elements(.title)[1].textBlock?.truncated == true)
    #expect(tree.elements(.detail)[1].textBlock?.lines.count == 3)
  }

  @Test("label cell: padding 8, min 40, 0.5 pt separator from the leading margin to the edge")
  func labelCell() throws {
    let tree = try cells("      - { kind: label, text: One }\n      - { kind: label, text: Two }")
    #expect(tree.elements(.cell)[0].frame.height == 40)
    let separator = try #require(tree.elements(.separator).first)
    // At scale 1 the 0.5 pt hairline is one whole device pixel, on a whole pixel.
    #expect(separator.frame == Rect(x: 16, y: 39, width: 344, height: 1))
    #expect(tree.elements(.separator).count == 1)
  }

  @Test("Material heights: 48 / 56 one line, 64 / 72 two lines, 88 three lines")
  func materialHeights() throws {
    let tree = try cells(
      """
            - { title: A }
            - { title: A, asset: { icon: person } }
            - { title: A, subtitle: B }
            - { title: A, subtitle: B, asset: { monogram: A, background: '#E1BEE7' } }
            - { title: A, subtitle: B, description: C }
      """, canvas: "theme: material, scale: 1")
    #expect(tree.elements(.cell).map(\.frame.height) == [48, 56, 64, 72, 88])
    // Material puts the text at x 72 after a 24 pt icon.
    #expect(tree.elements(.title)[1].frame.x == 72)
  }

  @Test("theme.colors overrides named colours")
  func colorOverrides() throws {
    let tree = try cells(
      "      - { title: A, control: { switch: true } }",
      canvas:
        "scale: 1, theme: { name: mistica, colors: { controlActivated: '#5C2D91', textPrimary: '#111111' } }"
    )
    #expect(tree.elements(.title)[0].textBlock?.color == Color(hex: "#111111"))
    guard case .switch(let paint) = tree.elements(.control)[0].content else {
      Issue.record("expected a switch")
      return
    }
    #expect(paint.onColor == Color(hex: "#5C2D91"))
  }

  @Test("content sizes: AX5 grows the row, the asset stays 40 pt")
  func contentSizes() throws {
    let row =
      "      - { title: Messages, subtitle: 3 new, asset: { icon: inbox, background: '#E3F2FD' } }"
    let large = try cells(row)
    let ax5 = try cells(row, canvas: "scale: 1, contentSize: AX5")
    #expect(ax5.elements(.title)[0].textBlock?.style.size == 50)  // round(16 × 53 / 17)
    #expect(ax5.height > large.height)
    #expect(ax5.elements(.assetBackground)[0].frame.width == 40)
  }
}

extension Rect {
  var size: (Double, Double) { (width, height) }
  var maxX: Double { x + width }
}
