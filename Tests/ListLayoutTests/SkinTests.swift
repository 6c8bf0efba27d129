import Foundation
import ListLayout
import ListModel
import TestLevels
import Testing

/// Mística skins: every brand defines every colour ListRender draws with, in both appearances,
/// and `theme.skin` reads, writes and refuses as a spec should.
@Suite("Mística skins", .tags(.unit))
struct SkinTests {
  @Test(
    "every skin, and Material, defines every colour ListRender uses, light and dark",
    arguments: MisticaSkin.allCases.map(Optional.some) + [nil])
  func everyColour(skin: MisticaSkin?) {
    let system = skin.map { DesignSystem.mistica($0) } ?? DesignSystem.named(.material)
    let named = skin?.rawValue ?? "material"
    for (appearance, palette) in [("light", system.light), ("dark", system.dark)] {
      for name in ColorName.allCases {
        #expect(palette[name] != nil, "\(named) \(appearance) has no \(name.rawValue)")
      }
      #expect(palette.count == ColorName.allCases.count)
    }
  }

  @Test("a skin sets its colours, radii and weights from its tokens; Mística's metrics stay")
  func skinMetrics() {
    // Telefonica/mistica-design at dee515a: tokens/o2.json radius.container 8, rowTitle regular;
    // tokens/blau.json 8 (the 2023 pre-production file said 16); tokens/telefonica.json 0;
    // tokens/esimflag.json 20, regular.
    #expect(DesignSystem.mistica(.o2).boxedCornerRadius == 8)
    #expect(DesignSystem.mistica(.o2).types.title.base.weight == .regular)
    #expect(DesignSystem.mistica(.blau).boxedCornerRadius == 8)
    #expect(DesignSystem.mistica(.telefonica).boxedCornerRadius == 0)
    #expect(DesignSystem.mistica(.esimflag).boxedCornerRadius == 20)
    #expect(DesignSystem.mistica(.esimflag).types.title.base.weight == .regular)
    #expect(DesignSystem.mistica(.movistar).light[.brand] == Color(hex: "#0B9CEA"))
    #expect(DesignSystem.mistica(.original).light[.brand] == Color(hex: "#019DF4"))
    // Only eSIMFLAG's light brand container is a gradient (tokens/esimflag.json).
    for skin in MisticaSkin.allCases {
      let system = DesignSystem.mistica(skin)
      let gradients = Set(system.lightGradients.keys).union(system.darkGradients.keys)
      #expect(gradients == (skin == .esimflag ? [.backgroundContainerBrand] : []), "\(skin)")
    }
    #expect(
      DesignSystem.mistica(.esimflag).lightGradients[.backgroundContainerBrand]?.stops.first?.color
        == DesignSystem.mistica(.esimflag).light[.backgroundContainerBrand])
    // The radius and weight tokens the list reads (tokens/*.json at dee515a): radius.checkbox,
    // radius.indicator, text.weight.title1 / text5 / link ("light" drawn in Roboto Light).
    let tokens: [(MisticaSkin, checkbox: Double, tag: Double, title2: FontWeight)] = [
      (.movistar, 4, 24, .bold), (.o2, 2, 24, .light), (.vivo, 2, 24, .light),
      (.telefonica, 0, 24, .regular), (.blau, 2, 24, .light), (.tu, 2, 24, .medium),
      (.esimflag, 4, 8, .bold), (.original, 2, 14, .regular),
    ]
    for (skin, checkbox, tag, title2) in tokens {
      let system = DesignSystem.mistica(skin)
      #expect(system.checkbox == .mistica(cornerRadius: checkbox), "\(skin)")
      #expect(system.headlineTag.cornerRadius == tag, "\(skin)")
      #expect(system.types.sectionHeaderTitle2.base.weight == title2, "\(skin)")
      #expect(system.types.sectionHeader.base.weight == .medium, "\(skin)")
      #expect(system.types.headerLink.base.weight == .medium, "\(skin)")
      // mistica-ios TitleView.swift (commit 828547e): only Movistar's headers default to title2.
      #expect(
        system.sectionHeader == .titleView(defaultStyle: skin == .movistar ? .title2 : .title1))
    }
    // Links and highlights take the brand's own tokens: textLink, backgroundAlternative.
    #expect(DesignSystem.mistica(.movistar).light[.textLink] == Color(hex: "#066FCB"))
    #expect(DesignSystem.mistica(.movistar).dark[.textLink] == Color(hex: "#0B9CEA"))
    #expect(DesignSystem.mistica(.esimflag).light[.textLink] == Color(hex: "#A140C4"))
    #expect(DesignSystem.mistica(.blau).light[.backgroundAlternative] == Color(hex: "#E5F6FD"))
    #expect(DesignSystem.mistica(.tu).dark[.backgroundAlternative] == Color(hex: "#161A24"))
    for skin in MisticaSkin.allCases {
      var system = DesignSystem.mistica(skin)
      system.light = [:]
      system.dark = [:]
      system.lightGradients = [:]
      system.darkGradients = [:]
      system.boxedCornerRadius = 16
      system.types.title.base.weight = .medium
      system.types.sectionHeaderTitle2.base.weight = .bold
      system.headlineTag.cornerRadius = 24
      system.checkbox = .mistica(cornerRadius: 4)
      system.sectionHeader = .titleView(defaultStyle: .title2)
      (system.lightTokenNames, system.darkTokenNames) = ([:], [:])
      system.button = .misticaSmall(cornerRadius: 4)
      var movistar = DesignSystem.mistica(.movistar)
      movistar.light = [:]
      movistar.dark = [:]
      (movistar.lightTokenNames, movistar.darkTokenNames) = ([:], [:])
      movistar.types.title.base.weight = .medium
      #expect(system == movistar, "\(skin.rawValue) changes more than its tokens")
    }
  }

  @Test("every skin comes from one mistica-design commit, named in Makefile, table and docs")
  func oneCommit() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    func read(_ path: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    let commitPattern = /[0-9a-f]{40}/
    let makefile = try read("Makefile")
    let commits = Set(makefile.matches(of: commitPattern).map { String($0.output) })
    #expect(commits.count == 1, "the Makefile names \(commits.count) commits")
    let commit = try #require(commits.first)
    #expect(makefile.contains("SKINS_COMMIT = \(commit)"))
    let table = try read("Sources/ListModel/MisticaTokenTables.swift")
    #expect(Set(table.matches(of: commitPattern).map { String($0.output) }) == [commit])
    for skin in MisticaSkin.allCases where skin != .original {
      #expect(table.contains("// tokens/\(skin.rawValue).json\n"), "\(skin) names no token file")
    }
    #expect(try read("Sources/ListRender/ListRender.docc/SpecFormat.md").contains(commit))
  }

  @Test("theme.skin reads and writes; colour overrides apply on top of a skin")
  func specRoundTrip() throws {
    let document = try ListDocument.decode(
      yaml: """
        canvas: { theme: { name: mistica, skin: vivo, colors: { controlActivated: "#FF0000" } } }
        sections:
          - cells: [ { title: A } ]
        """)
    #expect(document.canvas.skin == .vivo)
    #expect(try ListDocument.decode(yaml: try document.yaml()) == document)
    let theme = Theme(canvas: document.canvas)
    #expect(theme[.brand] == Color(hex: "#FF0000"))
    #expect(theme[.backgroundContainerBrand] == Color(hex: "#660099"))
  }

  @Test("a skin on the Material theme is refused with its location")
  func skinNeedsMistica() throws {
    do {
      _ = try ListDocument.decode(
        yaml:
          "canvas:\n  theme: { name: material, skin: o2 }\nsections:\n  - cells: [ { title: A } ]",
        file: "spec.yaml")
      Issue.record("a Material skin decoded")
    } catch let error as SpecError {
      #expect(error.line == 2)
      #expect(error.description.contains("skins are Mística brands"))
    }
    var canvas = Canvas(theme: .material)
    canvas.skin = .blau
    let document = ListDocument(canvas: canvas) { Section { RowCell("A") } }
    #expect(throws: SpecError.self) { try document.validate() }
  }
}
