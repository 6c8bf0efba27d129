import Foundation
import ListLayout
import ListModel
import TestLevels
import Testing

/// Images are not part of these documents.
private struct NoImages: ImageMeasuring {
  func size(of image: FileReference) throws -> (width: Double, height: Double) {
    throw SpecError(file: "test", line: nil, column: nil, path: "", message: "no images here")
  }
}

/// The last Mística details, each beside the mistica-ios code it follows (file, commit, line),
/// measured on the layout alone: fixed-advance text, no fonts.
@Suite("Mística details", .tags(.unit))
struct MisticaDetailsTests {
  func layout(_ yaml: String) throws -> LayoutTree {
    try ListLayoutEngine(measurer: FixedAdvanceMeasurer(), images: NoImages())
      .layout(ListDocument.decode(yaml: yaml))
  }

  func element(_ tree: LayoutTree, _ role: LayoutElement.Role, _ source: String)
    -> LayoutElement?
  {
    tree.elements.first { $0.role == role && $0.source == source }
  }

  func radio(_ tree: LayoutTree, cell: Int) throws -> (frame: Rect, paint: RadioPaint) {
    let control = try #require(element(tree, .control, "sections[0].cells[\(cell)]"))
    guard case .radio(let paint) = control.content else {
      Issue.record("not a radio: \(control.content)")
      throw CancellationError()
    }
    return (control.frame, paint)
  }

  @Test(
    "radio: 20 pt by UIFontMetrics (RadioButton.swift c067b57:15, :76), on a controlActivated border of width/4 around white (:149–152), off 1 pt control on background (:153–156), tint never read"
  )
  func radio() throws {
    let skin = DesignSystem.mistica(.vivo)
    for appearance in ["light", "dark"] {
      for style in ["fullWidth", "boxedInverse"] {
        let tree = try layout(
          """
          canvas: { width: 360, appearance: \(appearance), theme: { name: mistica, skin: vivo } }
          sections:
            - cells:
                - { style: \(style), title: Monthly, control: { radio: true } }
                - { style: \(style), title: Yearly, control: { radio: false } }
          """)
        let colours = appearance == "dark" ? skin.dark : skin.light
        let on = try radio(tree, cell: 0)
        #expect(on.frame.width == 20 && on.frame.height == 20)
        #expect(on.paint.diameter == 20 && on.paint.ringWidth == 5)
        #expect(on.paint.ring == colours[.brand] && on.paint.fill == .white && on.paint.dot == 0)
        let off = try radio(tree, cell: 1)
        #expect(off.paint.ringWidth == 1 && off.paint.ring == colours[.control])
        #expect(off.paint.fill == colours[.background])
      }
    }
    // Dynamic Type: the Body curve, 17 → 53 pt at AX5 (UIFontMetrics.default), so 62.35 pt.
    let large = try layout(
      "canvas: { width: 360, contentSize: AX5 }\nsections:\n  - cells:\n      - { title: A, control: { radio: true } }\n"
    )
    let big = try radio(large, cell: 0)
    #expect(abs(big.paint.diameter - 20 * 53 / 17) < 1e-9)
    #expect(abs(big.paint.ringWidth - big.paint.diameter / 4) < 1e-9)
    // Material keeps its own: a 2 pt ring and a 10 pt dot in a 24 pt frame, in the tint.
    let material = try layout(
      "canvas: { width: 360, theme: material }\nsections:\n  - cells:\n      - { title: A, control: { radio: true } }\n"
    )
    let m = try radio(material, cell: 0)
    #expect(m.frame.width == 24 && m.paint.diameter == 20 && m.paint.ringWidth == 2)
    #expect(m.paint.dot == 10)
  }

  @Test(
    "small button: ButtonStyle+Toolkit.swift (0fe3aa5) insets 5/12 and 104 wide at least, primary and primaryInverse colours; corners radius.button (Button.swift setMisticaRadius(.button)), at most half the height"
  )
  func smallButton() throws {
    for (skin, radius) in [("movistar", 4.0), ("telefonica", 15.0), ("vivo", 4.0)] {
      for (style, fill) in [
        ("fullWidth", "buttonPrimaryBackground"),
        ("boxedInverse", "buttonPrimaryBackgroundInverse"),
      ] {
        let tree = try layout(
          """
          canvas: { width: 360, theme: { name: mistica, skin: \(skin) } }
          sections:
            - cells:
                - { style: \(style), title: Offer, control: { button: Go } }
                - { style: \(style), title: Offer, control: { button: A label long enough to grow } }
          """)
        let tokens = MisticaSkin(rawValue: skin)?.colorTokenFile
        let expected = try #require(tokens?.color(fill, .light))
        for cell in 0..<2 {
          let pill = try #require(
            tree.elements.first {
              $0.role == .control && $0.source == "sections[0].cells[\(cell)]"
                && { if case .box = $0.content { true } else { false } }($0)
            })
          guard case .box(let colour, let corner, _, _, _) = pill.content else { continue }
          #expect(colour == expected, "\(skin) \(style)")
          #expect(corner == radius, "\(skin)")
          // The fixed measurer's 14 pt line is 17.5 tall, under the 20 pt indicator: 30 pt.
          #expect(pill.frame.height == 30)
          if cell == 0 { #expect(pill.frame.width == 104) } else { #expect(pill.frame.width > 104) }
        }
      }
    }
  }

  @Test(
    "a long header link stays on one line and the title wraps (TitleView.swift 828547e:117 numberOfLines 0, :125–126 the link hugs at the required priority)"
  )
  func longLink() throws {
    let tree = try layout(
      """
      canvas: { width: 360, theme: { name: mistica, skin: o2 } }
      sections:
        - header: { title: Your plan this month, detail: See every offer and plan we have }
          cells: [{ title: Row }]
      """)
    let link = try #require(element(tree, .headerDetail, "sections[0]"))
    let title = try #require(element(tree, .header, "sections[0]") { $0.content.isText })
    #expect(link.lines == 1)
    #expect(title.lines ?? 0 > 1)
    // 16 between them (the stack view's spacing, :133), inside the 16 pt margins.
    #expect(title.frame.x + title.frame.width + 16 <= link.frame.x + 1e-9)
    #expect(link.frame.x + link.frame.width == 360 - 16)
  }

  @Test(
    "header bands and boxed cells' margins are the theme's background on a page of another colour (TitleView.swift 828547e:112)"
  )
  func ownBackgrounds() throws {
    let tree = try layout(
      """
      canvas: { width: 360, background: "#EEEEEE", theme: { name: mistica, skin: movistar } }
      sections:
        - header: { title: Plans }
          cells:
            - { style: boxed, title: Fibre }
            - { title: Full width }
      """)
    let white = DesignSystem.mistica(.movistar).light[.background]
    let band = try #require(
      tree.elements.first {
        $0.role == .header && { if case .box = $0.content { true } else { false } }($0)
      })
    guard case .box(let fill, _, _, _, _) = band.content else { return }
    #expect(fill == white)
    let backdrop = try #require(element(tree, .backdrop, "sections[0].cells[0]"))
    #expect(backdrop.frame.x == 0 && backdrop.frame.width == 360)
    #expect(element(tree, .backdrop, "sections[0].cells[1]") == nil)
    // On the theme's own background there is nothing to draw.
    let plain = try layout(
      "canvas: { width: 360 }\nsections:\n  - cells:\n      - { style: boxed, title: Fibre }\n")
    #expect(!plain.elements.contains { $0.role == .backdrop })
  }

  @Test("title2 headers take the brand's text5 weight: Light in O2, Vivo and Blau")
  func title2Weights() {
    let expected: [MisticaSkin: FontWeight] = [
      .movistar: .bold, .o2: .light, .vivo: .light, .blau: .light, .telefonica: .regular,
      .tu: .medium, .esimflag: .bold,
    ]
    for (skin, weight) in expected {
      #expect(DesignSystem.mistica(skin).types.sectionHeaderTitle2.base.weight == weight, "\(skin)")
    }
  }

  @Test("Material refuses a Mística header style: at the spec's line, and when a variant makes it")
  func materialHeaderStyle() throws {
    let yaml = """
      canvas: { width: 360, theme: material }
      sections:
        - header: { title: Plans, style: title2 }
          cells: [{ title: Row }]
      """
    #expect {
      _ = try ListDocument.decode(yaml: yaml)
    } throws: { error in
      let text = "\(error)"
      return text.contains("sections[0].header.style") && text.contains("3")
        && text.contains("Mística header style")
    }
    var document = try ListDocument.decode(
      yaml: yaml.replacingOccurrences(of: "theme: material", with: "theme: mistica"))
    document.canvas.theme = .material
    #expect(throws: LayoutError.headerStyle(section: 0, style: "title2")) {
      _ = try ListLayoutEngine(measurer: FixedAdvanceMeasurer(), images: NoImages()).layout(
        document)
    }
  }

  @Test("a boxed-inverse row inside a card keeps its own brand box, margins and corners")
  func inverseInCard() throws {
    let tree = try layout(
      """
      canvas: { width: 360, theme: { name: mistica, skin: movistar } }
      sections:
        - card: { elevation: 2 }
          cells:
            - { title: Plain }
            - { style: boxedInverse, title: Promo }
      """)
    let system = DesignSystem.mistica(.movistar)
    let box = try #require(element(tree, .cell, "sections[0].cells[1]"))
    guard case .box(let fill, let radius, _, _, _) = box.content else { return }
    #expect(fill == system.light[.backgroundContainerBrand])
    #expect(radius == system.boxedCornerRadius)
    let card = try #require(element(tree, .card, "sections[0]"))
    #expect(
      box.frame.x == card.frame.x + 16 && box.frame.width == card.frame.width - 32,
      "\(box.frame) in \(card.frame)")
    let title = try #require(element(tree, .title, "sections[0].cells[1]"))
    guard case .text(let block) = title.content else { return }
    #expect(block.color == system.light[.textPrimaryInverse])
  }
}

extension MisticaDetailsTests {
  @Test(
    "a link that would leave the title less than its widest word wraps too (not the title letter by letter)"
  )
  func linkWrapsForAWideWord() throws {
    let tree = try layout(
      """
      canvas: { width: 240, theme: { name: mistica, skin: movistar } }
      sections:
        - header: { title: Extra plan, detail: See every offer and plan we have, style: title2 }
          cells: [{ title: Row }]
      """)
    let link = try #require(element(tree, .headerDetail, "sections[0]"))
    let title = try #require(element(tree, .header, "sections[0]") { $0.content.isText })
    #expect((link.lines ?? 0) > 1)
    guard case .text(let block) = title.content else { return }
    // The title breaks between its words, never inside one.
    let lines = block.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
    #expect(lines.allSatisfy { ["Extra", "plan", "Extra plan"].contains($0) }, "\(lines)")
  }

  @Test("no backdrop in a card section: the card is what lies around its rows")
  func noBackdropInCards() throws {
    let tree = try layout(
      """
      canvas: { width: 360, background: "#EEEEEE", theme: { name: mistica, skin: movistar } }
      sections:
        - card: {}
          cells:
            - { style: boxed, title: Fibre }
            - { title: Plain }
      """)
    #expect(!tree.elements.contains { $0.role == .backdrop })
  }

  @Test("a small button grows with Dynamic Type: its title's line past the 20 pt indicator")
  func buttonScales() throws {
    func height(_ size: String) throws -> Double {
      let tree = try layout(
        "canvas: { width: 360, contentSize: \(size) }\nsections:\n  - cells:\n      - { title: A, control: { button: Go } }\n"
      )
      let pill = try #require(
        tree.elements.first {
          $0.role == .control && { if case .box = $0.content { true } else { false } }($0)
        })
      return pill.frame.height
    }
    #expect(try height("L") == 30)
    #expect(try height("AX3") > 30)
  }
}

extension LayoutElement.Content {
  fileprivate var isText: Bool { if case .text = self { true } else { false } }
}

extension LayoutElement {
  fileprivate var lines: Int? {
    if case .text(let block) = content { block.lines.count } else { nil }
  }
}

extension MisticaDetailsTests {
  func element(
    _ tree: LayoutTree, _ role: LayoutElement.Role, _ source: String,
    where test: (LayoutElement) -> Bool
  ) -> LayoutElement? {
    tree.elements.first { $0.role == role && $0.source == source && test($0) }
  }
}
