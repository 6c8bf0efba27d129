import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Mística rows measured with Roboto, against numbers worked out by hand from mistica-ios's rules:
/// `ListTableViewCell.systemLayoutSizeFitting` (the cell at least `cellStyle.minHeight`: 72 full
/// width, 92 boxed with its 8/16/8/16 `contentViewLayoutMargins`), `CellCenterSectionView`
/// (title, subtitle and description `IntrinsictHeightLabel`s at least 24, 20 and 20 tall, any
/// number of lines; spacing 2 after the title, 4 between subtitle and description) and UIKit's
/// `UILabel` (lines at the font's `lineHeight`, the label's height rounded up to device pixels,
/// its text centred vertically).
@Suite("Mística metrics (mistica-ios)", .tags(.render))
struct MisticaMetricsTests {
  /// Roboto's line height: (ascender 1900 + descender 500) / 2048 units per em.
  static func lineHeight(_ size: Double) -> Double { size * 2400 / 2048 }

  /// `points` rounded up to whole device pixels at `scale`.
  static func ceil(_ points: Double, _ scale: Double) -> Double {
    (points * scale).rounded(.up) / scale
  }

  let title = "A title long enough that it wraps onto a second line in the row"
  let subtitle = "A subtitle long enough that it also wraps onto a second line here"
  let description = "And a description that is long enough to wrap onto a second line too"

  func rows(_ cells: String, scale: Int = 2) throws -> LayoutTree {
    try layout("canvas: { width: 360, scale: \(scale) }\nsections:\n  - cells:\n" + cells)
  }

  @Test("a title-only boxed row is 92 pt with its margins: a 76 pt card at y 8, the title centred")
  func boxedTitleOnly() throws {
    let tree = try rows("      - { style: boxed, title: Inbox }")
    #expect(tree.height == 92)
    #expect(tree.elements(.cell)[0].frame == Rect(x: 16, y: 8, width: 328, height: 76))
    // The 24 pt label centred in the card: 8 + (76 − 24) / 2.
    #expect(tree.elements(.title)[0].frame == Rect(x: 32, y: 34, width: 296, height: 24))
  }

  @Test("boxed inverse with title and subtitle: 16 + 24 + 2 + 20 + 16 = 78, the cell 94")
  func boxedInverseTitleSubtitle() throws {
    let tree = try rows("      - { style: boxedInverse, title: Upgrade, subtitle: More data }")
    let card = tree.elements(.cell)[0].frame
    #expect(card == Rect(x: 16, y: 8, width: 328, height: 78))
    #expect(tree.height == 94)
    #expect(tree.elements(.title)[0].frame.y == 8 + 16)
    #expect(
      tree.elements(.subtitle)[0].frame == Rect(x: 32, y: 8 + 16 + 24 + 2, width: 296, height: 20))
  }

  @Test(
    "a two-line title is 2 × Roboto 16's line height, rounded to device pixels", arguments: [2, 3])
  func twoLineTitle(scale: Int) throws {
    let tree = try rows("      - { title: '\(title)' }", scale: scale)
    let label = try #require(tree.elements(.title).first)
    #expect(label.textBlock?.lines.count == 2)
    // 2 × 18.75 = 37.5: 75 px at scale 2; 112.5 px → 113 px at scale 3 (37.667 pt).
    let expected = Self.ceil(2 * Self.lineHeight(16), Double(scale))
    #expect(label.frame.height == expected)
    #expect(label.frame.height == (scale == 2 ? 37.5 : 113.0 / 3))
    // Lines at the font's pitch, centred in the label.
    let lines = try #require(label.textBlock?.lines)
    #expect(lines.map(\.height) == [18.75, 18.75])
    #expect(lines[0].y == (expected - 37.5) / 2)
    // 16 + 37.5 + 16 = 69.5 is under the 72 pt minimum: the row is 72, the label centred.
    #expect(tree.height == 72)
    #expect(label.frame.y == (72 - expected) / 2)
  }

  @Test("title, subtitle and description of two lines each: 16 + 37.5 + 2 + 33 + 4 + 33 + 16")
  func allLabelsMultiLine() throws {
    let tree = try rows(
      "      - { title: '\(title)', subtitle: '\(subtitle)', description: '\(description)' }")
    let titleFrame = tree.elements(.title)[0].frame
    let subtitleFrame = tree.elements(.subtitle)[0].frame
    let descriptionFrame = tree.elements(.description)[0].frame
    #expect(tree.elements(.subtitle)[0].textBlock?.lines.count == 2)
    #expect(tree.elements(.description)[0].textBlock?.lines.count == 2)
    // Roboto 14: 16.40625 a line, 32.8125 for two, 65.625 px → 66 px at scale 2: 33 pt.
    #expect(Self.ceil(2 * Self.lineHeight(14), 2) == 33)
    // 109.5 of labels and spacing in a row of 16 + 109.5 + 16 = 141.5, rounded up as the row
    // height always is (the old rule gave 16 + 48 + 2 + 40 + 4 + 40 + 16 = 166); the content
    // is centred in it: 16.25 from the top.
    let top = (142 - 109.5) / 2
    #expect(titleFrame == Rect(x: 16, y: top, width: 328, height: 37.5))
    #expect(subtitleFrame == Rect(x: 16, y: top + 37.5 + 2, width: 328, height: 33))
    #expect(descriptionFrame == Rect(x: 16, y: top + 37.5 + 2 + 33 + 4, width: 328, height: 33))
    #expect(tree.height == 142)
  }

  @Test("a one-line title keeps its 24 pt label, the text centred in it")
  func oneLineTitleCentred() throws {
    let tree = try rows("      - { title: Inbox, subtitle: Mail }")
    let label = try #require(tree.elements(.title).first)
    #expect(label.frame.height == 24)
    let line = try #require(label.textBlock?.lines.first)
    #expect(line.height == 18.75)
    #expect(line.y == (24 - 18.75) / 2)
    // The subtitle's 16.40625 pt line in its 20 pt label.
    let subtitleLine = try #require(tree.elements(.subtitle).first?.textBlock?.lines.first)
    #expect(subtitleLine.y == (20 - Self.lineHeight(14)) / 2)
  }

  @Test("Mística labels round up to device pixels, so heights differ by less than a pixel")
  func deviceRounding() throws {
    let cells = "      - { title: '\(title)', description: '\(description)' }"
    for scale in [1, 2, 3] {
      let tree = try rows(cells, scale: scale)
      for role in [LayoutElement.Role.title, .description] {
        let height = try #require(tree.elements(role).first?.frame.height)
        let pixels = height * Double(scale)
        #expect(abs(pixels - pixels.rounded()) < 1e-9, "\(role) at scale \(scale): \(height)")
      }
    }
  }

  @Test("a headline tag is mistica-ios's TagView: 28 tall, at least 56 wide, 8 pt only before more")
  func headlineTag() throws {
    let tree = try rows(
      """
            - { headline: { tag: NEW }, title: Plan upgrade, subtitle: Twice the data }
            - { headline: { tag: NEW }, title: Plan upgrade }
      """)
    let pills = tree.elements(.headline).filter {
      if case .box = $0.content { return true }
      return false
    }
    let titles = tree.elements(.title)
    #expect(pills.count == 2 && titles.count == 2)
    // 16 + 28 + 8 + 24 + 2 + 20 + 16 = 114, the title at 16 + 28 + 8 = 52.
    #expect(tree.elements(.cell)[0].frame.height == 114)
    #expect(titles[0].frame.y == 52)
    #expect(pills[0].frame.height == 28 && pills[0].frame.width >= 56)
    // The title alone follows the tag at once: 16 + 28 + 24 + 16 = 84.
    #expect(tree.elements(.cell)[1].frame.height == 84)
    #expect(titles[1].frame.y == tree.elements(.cell)[1].frame.y + 16 + 28)
    // Its text: 14 pt medium, 12 pt from each side when it is wider than the least width.
    let wide = try rows("      - { headline: { tag: Limited time offer }, title: A }")
    let label = try #require(wide.elements(.headline).compactMap(\.textBlock).first)
    #expect(label.style.size == 14 && label.style.weight == .medium)
    let pill = try #require(wide.elements(.headline).first)
    let text = try #require(wide.elements(.headline).last)
    #expect(abs(text.frame.x - pill.frame.x - 12) < 0.01)
  }

  @Test("a control is centred on the row, beside an 80 pt image too (VerticallyCenteredPresetView)")
  func controlCentredOnRow() throws {
    let image = Paths.fixtures.appendingPathComponent("assets/avatar.png").path
    let tree = try rows(
      "      - { title: Square, asset: { image: \(image), size: 80, shape: rectangle }, control: { switch: true } }"
    )
    let cell = tree.elements(.cell)[0].frame
    let control = try #require(tree.elements(.control).first).frame
    #expect(abs((control.y + control.height / 2) - (cell.y + cell.height / 2)) < 0.01)
    // The row is 16 + 80 + 16 = 112 (plus the image's 4 pt top offset when the text is more).
    #expect(cell.height >= 112)
  }

  @Test("an image given a size takes the skin's container radius; a default image stays a circle")
  func sizedImageCorners() throws {
    let image = Paths.fixtures.appendingPathComponent("assets/avatar.png").path
    for skin in MisticaSkin.allCases {
      let tree = try layout(
        """
        canvas: { width: 360, scale: 2, theme: { name: mistica, skin: \(skin.rawValue) } }
        sections:
          - cells:
              - { title: Square, asset: { image: \(image), size: 80, shape: rectangle } }
        """)
      let asset = try #require(tree.elements(.asset).first)
      guard case .image(let paint) = asset.content else {
        Issue.record("expected an image")
        continue
      }
      #expect(paint.cornerRadius == DesignSystem.mistica(skin).boxedCornerRadius, "\(skin)")
      #expect(!paint.clipToCircle)
    }
    let plain = try rows("      - { title: A, asset: { image: \(image) } }")
    guard case .image(let paint)? = plain.elements(.asset).first?.content else {
      Issue.record("expected an image")
      return
    }
    #expect(paint.clipToCircle)
    // Painted: the corner pixel is the background, the centre the image.
    let renderer = try ListRenderer()
    let bitmap = try renderer.render(
      ListDocument.decode(
        yaml:
          "canvas: { width: 200, scale: 2 }\nsections:\n  - cells:\n      - { title: A, asset: { image: \(image), size: 80, shape: rectangle } }\n"
      ))
    let tree = try renderer.layout(
      ListDocument.decode(
        yaml:
          "canvas: { width: 200, scale: 2 }\nsections:\n  - cells:\n      - { title: A, asset: { image: \(image), size: 80, shape: rectangle } }\n"
      ))
    let frame = try #require(tree.elements(.asset).first).frame
    let corner = bitmap[Int(frame.x * 2), Int(frame.y * 2)]
    let background = bitmap[1, 1]
    #expect(corner == background)
  }

  @Test("a label cell's separator and highlight are the theme's")
  func labelCellTakesTheTheme() throws {
    let tree = try layout(
      """
      canvas: { width: 360, scale: 2, theme: { name: mistica, colors: { divider: "#FF0000", backgroundContainerPressed: "#00FF00" } } }
      sections:
        - cells:
            - { kind: label, text: One, state: highlighted }
            - { kind: label, text: Two }
      """)
    let separators = tree.elements.filter { $0.role == .separator }
    #expect(!separators.isEmpty)
    for separator in separators {
      guard case .box(let fill, _, _, _, _) = separator.content else { continue }
      #expect(fill.description == "#FF0000")
    }
    let highlight = try #require(tree.elements(.highlight).first)
    guard case .box(let fill, _, _, _, _) = highlight.content else {
      Issue.record("expected a box")
      return
    }
    #expect(fill.description == "#00FF00")
  }
}

/// The controls and cards around Mística's rows, each against the number its library's source
/// gives.
@Suite("Mística and MDC controls and cards", .tags(.render))
struct ControlSourceTests {
  private func checkbox(_ tree: LayoutTree) throws -> (frame: Rect, paint: CheckboxPaint) {
    for element in tree.elements(.control) {
      if case .checkbox(let paint) = element.content { return (element.frame, paint) }
    }
    throw SpecError(file: "<test>", line: nil, column: nil, path: "", message: "no checkbox")
  }

  @Test(
    "a Mística checkbox is Checkbox.swift's: 18 pt scaled as UIFontMetrics scales Body, the skin's radius, a 1 pt border ring"
  )
  func misticaCheckbox() throws {
    let rows = "sections:\n  - cells:\n      - { title: A, control: { checkbox: false } }\n"
    let movistar = try checkbox(layout("canvas: { scale: 1 }\n" + rows))
    #expect(movistar.frame.width == 18 && movistar.frame.height == 18)
    // tokens/movistar.json (mistica-design dee515a): radius.checkbox 4, border grey3.
    #expect(movistar.paint.cornerRadius == 4)
    #expect(movistar.paint.ringWidth == 1 && movistar.paint.inset == 0)
    #expect(movistar.paint.ring == Color(hex: "#DDDDDD"))
    #expect(movistar.paint.fill == Color(hex: "#0B9CEA"))  // controlActivated
    #expect(movistar.paint.background == Color(hex: "#FFFFFF"))
    // Apple Body is 17 pt at L and 40 at AX3: 18 × 40 / 17, not rounded.
    let large = try checkbox(layout("canvas: { scale: 1, contentSize: AX3 }\n" + rows))
    #expect(abs(large.frame.width - 18 * 40 / 17) < 1e-9)
    // tokens/telefonica.json: radius.checkbox 0.
    let telefonica = try checkbox(
      layout("canvas: { scale: 1, theme: { name: mistica, skin: telefonica } }\n" + rows))
    #expect(telefonica.paint.cornerRadius == 0)
    let material = try checkbox(layout("canvas: { scale: 1, theme: material }\n" + rows))
    #expect(
      material.frame.width == 24 && material.paint.ringWidth == 2 && material.paint.inset == 3)
  }

  @Test("a tag takes the skin's radius.indicator, at most half its 28 pt height")
  func tagRadius() throws {
    func pill(_ skin: String) throws -> Double? {
      let tree = try layout(
        """
        canvas: { scale: 1, theme: { name: mistica, skin: \(skin) } }
        sections:
          - cells: [ { headline: { tag: NEW }, title: A } ]
        """)
      guard case .box(_, let radius, _, _, _) = tree.elements(.headline).first?.content else {
        return nil
      }
      return radius
    }
    #expect(try pill("esimflag") == 8)  // tokens/esimflag.json radius.indicator 8
    #expect(try pill("movistar") == 14)  // radius.indicator 24: a capsule at 28 pt
  }

  @Test(
    "a Material card is MDCCard.m's: MDC's shadow formulas at elevation 1, 8 while a cell is highlighted"
  )
  func materialCard() throws {
    func shadow(_ state: String) throws -> LayoutElement.Content? {
      try layout(
        """
        canvas: { scale: 1, theme: material }
        sections:
          - card: { elevation: 1 }
            cells: [ { title: A, state: \(state) }, { title: B } ]
        """
      ).elements(.shadow).first?.content
    }
    guard case .shadow(let resting, _, _) = try shadow("normal"),
      case .shadow(let pressed, _, _) = try shadow("highlighted")
    else {
      Issue.record("a card has no shadow")
      return
    }
    #expect(resting == Elevation.shadows(1, model: .mdc))
    #expect(pressed == Elevation.shadows(8, model: .mdc))
    // A canvas that names a model keeps it.
    let web = try layout(
      """
      canvas: { scale: 1, theme: material, shadow: web }
      sections:
        - card: { elevation: 1 }
          cells: [ { title: A } ]
      """)
    guard case .shadow(let layers, _, _) = web.elements(.shadow).first?.content else {
      Issue.record("a card has no shadow")
      return
    }
    #expect(layers == Elevation.shadows(1, model: .web))
  }
}
