import Foundation
import ImageCodec
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The defects a designer sees, each measured through the layout (and, for shadows, pixels).
@Suite("Fidelity", .tags(.render))
struct FidelityTests {
  private func fixture(_ name: String, direction: String? = nil) throws -> LayoutTree {
    var document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent(name).path, allowing: [Paths.fixtures.path])
    if let direction { document.canvas.direction = LayoutDirection(rawValue: direction) ?? .ltr }
    return try ListRenderer().layout(document)
  }

  @Test("at AX5 a row stacks: asset, full-width text, then the control at the leading edge")
  func accessibilityStacking() throws {
    let row =
      "{ title: Upgrade, subtitle: Twice the data for the same price, asset: { icon: router, background: '#E3F2FD' }, control: { button: See offer } }"
    let large = try layout(
      "canvas: { width: 360, scale: 1 }\nsections:\n  - cells:\n      - \(row)")
    let ax5 = try layout(
      "canvas: { width: 360, scale: 1, contentSize: AX5 }\nsections:\n  - cells:\n      - \(row)")
    let columnAtL = try #require(large.elements(.title).first).frame.width
    for role in [LayoutElement.Role.title, .subtitle] {
      let label = try #require(ax5.elements(role).first)
      #expect(label.frame.width == 328)  // 360 − 2 × 16
      #expect(label.frame.width >= columnAtL)
      #expect(label.frame.x == 16)
    }
    let asset = try #require(ax5.elements(.assetBackground).first)
    let title = try #require(ax5.elements(.title).first)
    let subtitle = try #require(ax5.elements(.subtitle).first)
    #expect(asset.frame.maxY + 16 == title.frame.y)
    let button = try #require(ax5.elements(.control).first)
    #expect(button.frame.x == 16)
    #expect(button.frame.y == subtitle.frame.maxY + 16)
    // The button's label is whole, and no word of the text is broken.
    let label = try #require(ax5.elements(.control).compactMap(\.textBlock).first)
    #expect(!label.truncated)
    let words = Set("Twice the data for the same price".split(separator: " ").map(String.init))
    for line in try #require(subtitle.textBlock).lines {
      for word in line.text.split(separator: " ") { #expect(words.contains(String(word))) }
    }
  }

  @Test("at AX3 a chevron and its badge stay at the trailing edge, centred on the text")
  func accessibilityChevron() throws {
    let row =
      "{ title: Messages, subtitle: 3 new, asset: { icon: inbox }, control: { navigation: { badge: 3 } } }"
    let large = try layout(
      "canvas: { width: 360, scale: 1 }\nsections:\n  - cells:\n      - \(row)")
    let ax3 = try layout(
      "canvas: { width: 360, scale: 1, contentSize: AX3 }\nsections:\n  - cells:\n      - \(row)")
    let chevronAtL = try #require(large.elements(.chevron).first).frame
    let chevron = try #require(ax3.elements(.chevron).first).frame
    #expect(chevron.x == chevronAtL.x)
    let title = try #require(ax3.elements(.title).first).frame
    let subtitle = try #require(ax3.elements(.subtitle).first).frame
    let textMiddle = (title.y + subtitle.maxY) / 2
    #expect(abs((chevron.y + chevron.maxY) / 2 - textMiddle) < 1)
    let badge = try #require(ax3.elements(.badge).first).frame
    #expect(badge.maxX <= chevron.x)
    #expect(title.maxX <= badge.x)
  }

  @Test("right to left, directional icons are mirrored unless mirrorInRTL: false; others never")
  func directionalIcons() throws {
    func mirrored(_ direction: String) throws -> [Bool] {
      let tree = try fixture("environment/rtl-directional-icons.yaml", direction: direction)
      return tree.elements.compactMap { element -> Bool? in
        guard [.asset, .leadingImage].contains(element.role),
          case .glyph(_, _, let mirrored) = element.content
        else { return nil }
        return mirrored
      }
    }
    // send, arrow_back, send kept as drawn, star, logout (a stereo cell's leading icon).
    #expect(try mirrored("rtl") == [true, true, false, false, true])
    #expect(try mirrored("ltr") == [false, false, false, false, false])
    let document = try ListDocument.decode(
      yaml: "sections:\n  - cells: [ { title: A, asset: { icon: send, mirrorInRTL: false } } ]")
    #expect(try ListDocument.decode(yaml: try document.yaml()) == document)
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells: [ { title: A, asset: { monogram: AB, background: '#EEEEEE', mirrorInRTL: false } } ]"
      )
    }
    // A control icon and the empty view's icon mirror too, and take the same opt-out.
    func glyphs(_ yaml: String) throws -> [Bool] {
      try layout(yaml).elements.compactMap { element -> Bool? in
        guard case .glyph(_, _, let mirrored) = element.content, element.role != .chevron
        else { return nil }
        return mirrored
      }
    }
    let rtl = "canvas: { width: 360, direction: rtl }\n"
    #expect(
      try glyphs(
        rtl
          + "sections:\n  - cells: [ { title: A, control: { icon: arrow_forward } }, { title: B, control: { icon: arrow_forward, mirrorInRTL: false } } ]\n"
      ) == [true, false])
    #expect(
      try glyphs(
        rtl + "sections: []\nemptyView: { icon: arrow_back, title: Nothing }\n") == [true])
    let kept = try ListDocument.decode(
      yaml: rtl
        + "sections: []\nemptyView: { icon: arrow_back, mirrorInRTL: false, title: Nothing }\n")
    #expect(try glyphs(try kept.yaml()) == [false])
    #expect(try ListDocument.decode(yaml: try kept.yaml()) == kept)
    let control = try ListDocument.decode(
      yaml: "sections:\n  - cells: [ { title: A, control: { icon: send, mirrorInRTL: false } } ]")
    #expect(try ListDocument.decode(yaml: try control.yaml()) == control)
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells: [ { title: A, control: { switch: true, mirrorInRTL: false } } ]")
    }
  }

  @Test("row images: a 16:9 image 80 pt wide is 80 × 45, a 7:10 one 56 × 80, a circle 56 across")
  func rowImages() throws {
    let tree = try fixture("assets/row-images.yaml")
    let assets = tree.elements(.asset).map(\.frame)
    #expect(assets.map(\.width) == [80, 56, 80, 56, 40])
    #expect(assets.map(\.height) == [45, 80, 80, 56, 40])
    // The text starts 16 pt past the image; the row grows to hold it.
    let titles = tree.elements(.title).map(\.frame)
    #expect(titles[0].x == assets[0].maxX + 16)
    let cells = tree.elements(.cell).map(\.frame)
    #expect(cells[1].height >= 80 + 2 * 16)
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("assets/row-images.yaml").path,
      allowing: [Paths.fixtures.path])
    #expect(try ListDocument.decode(yaml: try document.yaml()).sections == document.sections)
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml: "sections:\n  - cells: [ { title: A, asset: { icon: star, size: 80 } } ]")
    }
  }

  @Test("asset colours that name the theme's follow the appearance; hex colours stay")
  func themeColours() throws {
    for appearance in ["light", "dark"] {
      var document = try ListDocument.load(
        path: Paths.fixtures.appendingPathComponent("assets/theme-colours-light.yaml").path,
        allowing: [Paths.fixtures.path])
      document.canvas.appearance = Appearance(rawValue: appearance) ?? .light
      let theme = Theme(canvas: document.canvas)
      let tree = try ListRenderer().layout(document)
      let backgrounds = tree.elements(.assetBackground).compactMap { element -> Color? in
        if case .ellipse(let fill) = element.content { return fill }
        return nil
      }
      #expect(backgrounds == [theme[.tag], theme[.brand], theme[.brand]], "\(appearance)")
      // Written back by name (a theme colour is equal only to the same name).
      #expect(try ListDocument.decode(yaml: try document.yaml()).sections == document.sections)
      #expect(try document.yaml().contains("tag"))
    }
    let error = #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml: "sections:\n  - cells: [ { title: A, asset: { icon: star, color: brandd } } ]")
    }
    #expect(
      error?.message.contains(", a theme colour (background,") == true,
      "\(String(describing: error))")
  }

  @Test("badges follow the caption curve, as tags do; a header detail wraps")
  func badgesAndHeaderDetail() throws {
    let tree = try fixture("environment/accessibility-stacked.yaml")
    // Apple Caption 1 at AX5 is 43 pt for 12 at L: the 20 pt badge becomes round(20 × 43 / 12).
    let badge = try #require(tree.elements(.badge).first)
    #expect(badge.frame.height == 72)
    #expect(badge.frame.width == 72)
    #expect(tree.elements(.badge).compactMap(\.textBlock).first?.style.size == 43)
    let detail = try #require(tree.elements(.headerDetail).first?.textBlock)
    #expect(detail.lines.count > 1)
    #expect(!detail.truncated)
    #expect(detail.lines.map(\.text).joined(separator: " ") == "See all plans")
  }

  @Test("hairlines sit on whole device pixels at every scale")
  func hairlinesOnDevicePixels() throws {
    for scale in [1.0, 2, 3] {
      let tree = try layout(
        "canvas: { width: 200, scale: \(scale) }\nsections:\n  - cells:\n      - { kind: label, text: A }\n      - { kind: label, text: B }\n      - { title: C }\n      - { title: D }"
      )
      let separators = tree.elements(.separator)
      #expect(separators.count == 3)
      for separator in separators {
        let top = separator.frame.y * scale
        let height = separator.frame.height * scale
        #expect(top == top.rounded())
        #expect(height == height.rounded() && height >= 1)
      }
    }
    // The label cell's 0.5 pt line at scale 3 is 2 device pixels, not 1.5.
    let tree = try fixture("label/hairline-scale-3.yaml")
    #expect(tree.elements(.separator).allSatisfy { $0.frame.height * 3 == 2 })
  }

  @Test("a content-sized image grows to hold its last card's shadow")
  func shadowRoom() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("effects/shadow-room.yaml").path,
      allowing: [Paths.fixtures.path])
    let tree = try renderer.layout(document)
    let card = try #require(tree.elements(.cell).last)
    #expect(tree.shadowRoom > 0)
    #expect(tree.height == (card.frame.maxY + 8 + tree.shadowRoom))
    #expect(tree.dump.shadowRoom == tree.shadowRoom)
    let bitmap = try renderer.paint(tree)
    let last = (bitmap.height - 1) * bitmap.width * 4
    let row = bitmap.pixels[last..<(last + bitmap.width * 4)]
    // Below 1/255 the shadow may stop: the last row is background.
    #expect(row.allSatisfy { $0 == 255 })
    // A canvas with a height keeps it.
    var fixed = document
    fixed.canvas.height = 200
    #expect(try renderer.layout(fixed).height == 200)
  }

  @Test(
    "disabled dims the labels only (mistica-ios CellCenterSectionView); the switch mirrors in RTL; no separator above a card"
  )
  func drawingRules() throws {
    let disabled = try fixture("states/disabled.yaml")
    let content = disabled.elements.filter {
      $0.source == "sections[0].cells[0]" && ![.cell, .separator].contains($0.role)
    }
    #expect(Set(content.map(\.role)) == [.asset, .title, .subtitle, .control])
    #expect(content.allSatisfy { $0.opacity == ([.title, .subtitle].contains($0.role) ? 0.5 : 1) })
    let rtl = try fixture("controls/switch-rtl.yaml")
    let switches = rtl.elements(.control).compactMap { element -> SwitchPaint? in
      if case .switch(let paint) = element.content { return paint }
      return nil
    }
    #expect(switches.count == 2 && switches.allSatisfy(\.isMirrored))
    let tag = try fixture("headline/tag.yaml")
    #expect(tag.elements(.separator).isEmpty)
    // The separator lies over the highlighted row's alternative background, under its text.
    let pressed = try fixture("states/highlighted.yaml")
    let roles = pressed.elements.filter { $0.source == "sections[0].cells[0]" }.map(\.role)
    let separatorIndex = try #require(roles.firstIndex(of: .separator))
    #expect(try #require(roles.firstIndex(of: .cell)) < separatorIndex)
    #expect(try #require(roles.firstIndex(of: .title)) > separatorIndex)
  }

  @Test("Mística presses in its highlight colour, ripple and highlight alike")
  func misticaPressColour() throws {
    for appearance in Appearance.allCases {
      var canvas = Canvas()
      canvas.appearance = appearance
      let theme = Theme(canvas: canvas)
      #expect(theme.rippleColor == theme[.highlight])
    }
  }

  @Test("Material presses in onSurface at 16 %, highlight and ripple alike (MDCListColorThemer)")
  func materialPressColour() throws {
    for appearance in Appearance.allCases {
      let canvas = Canvas(theme: .material, appearance: appearance)
      let theme = Theme(canvas: canvas)
      let onSurface = appearance == .dark ? Color.white : Color.black
      #expect(theme.rippleColor == onSurface.withAlpha(0.16))
      #expect(theme[.highlight] == onSurface.withAlpha(0.16))
    }
  }

  @Test("icon files are template images unless template: false")
  func templateIcons() throws {
    let tree = try fixture("assets/icon-template.yaml")
    let tints = tree.elements(.asset).compactMap { element -> Color?? in
      if case .image(let paint) = element.content { return paint.tint }
      return nil
    }
    var canvas = Canvas()
    canvas.appearance = .dark
    #expect(tints.count == 3)
    #expect(tints[0] == Theme(canvas: canvas)[.textPrimary])
    #expect(tints[1] == Color(hex: "#F5A623"))
    #expect(tints[2] == .some(nil))
  }

  @Test("stereo images take row-asset forms at MDC sizes; Material inset dividers start at 72")
  func stereoAndMaterialLists() throws {
    let stereo = try fixture("stereo/asset-forms.yaml")
    let leading = stereo.elements.filter {
      $0.role == .leadingImage || ($0.role == .assetBackground)
    }
    #expect(leading.filter { $0.role == .assetBackground }.map(\.frame.width) == [40, 40])
    let round = try #require(
      stereo.elements(.leadingImage).first { $0.source == "sections[0].cells[2]" })
    #expect(round.frame.width == round.frame.height)
    // height = ceil(max(image bottom + 16, text bottom + 16)) for 40 pt avatars (MDCSelfSizingStereoCellLayout.m).
    for (cell, avatar) in zip(stereo.elements(.cell), stereo.elements(.assetBackground)) {
      let textBottom =
        stereo.elements.filter { $0.source == cell.source && $0.role == .detail }
        .map(\.frame.maxY).max() ?? 0
      #expect(avatar.frame.y == cell.frame.y + 16)
      #expect(
        cell.frame.height == max(avatar.frame.maxY + 16, textBottom + 16).rounded(.up)
          - cell.frame.y)
    }
    let material = try fixture("separators/material-inset-text.yaml")
    #expect(material.elements(.cell).map(\.frame.height) == [48, 56, 64, 72, 88, 56])
    let separators = material.elements(.separator)
    #expect(separators.map(\.frame.x) == [0, 72, 16, 72, 72])
    #expect(separators.allSatisfy { $0.frame.maxX == 360 })
  }
}

/// Every theme names every colour in both appearances: the subscript's fallback is never used.
@Suite("Palettes", .tags(.render))
struct PaletteTests {
  @Test("each of the 16 colour names has an entry in every theme and appearance")
  func complete() {
    for theme in ThemeName.allCases {
      for appearance in Appearance.allCases {
        var canvas = Canvas()
        canvas.theme = theme
        canvas.appearance = appearance
        let colors = Theme(canvas: canvas).colors
        for name in ColorName.allCases {
          #expect(colors[name] != nil, "\(theme) \(appearance) has no \(name)")
        }
      }
    }
  }

}
