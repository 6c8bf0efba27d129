import Foundation
import ListModel
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// A brand's own token file given at run time (`theme.tokens`) draws as its built-in skin.
@Suite("Token files as skins", .tags(.render))
struct TokenSkinTests {
  static let folder = Paths.root.deletingLastPathComponent()
    .appendingPathComponent("shared/mistica-tokens/dee515a")
  static let brands = ["movistar", "o2", "vivo", "telefonica", "blau", "tu", "esimflag"]
  static let available = FileManager.default.fileExists(
    atPath: folder.appendingPathComponent("movistar.json").path)

  @Test(
    "every Mística fixture, in each of the seven brands, with the brand's file given at run time: the built-in skin's bytes",
    .enabled(if: available, "the brands' token files are not beside the project (../shared)"))
  func everyFixture() throws {
    let files = try Dictionary(
      uniqueKeysWithValues: Self.brands.map {
        ($0, try MisticaTokenFile.read(Self.folder.appendingPathComponent("\($0).json").path))
      })
    let renderer = try ListRenderer()
    var compared = 0
    var differing: [String] = []
    for fixture in FixtureCases.all {
      let document = try Paths.fixture(fixture)
      guard document.canvas.theme == .mistica, document.animation == nil else { continue }
      // A skin fixture in every brand; any other Mística fixture in its own brand.
      let skins =
        fixture.hasPrefix("themes/skin-")
        ? Self.brands : [document.canvas.skin.rawValue].filter(Self.brands.contains)
      for brand in skins {
        var builtIn = document
        builtIn.canvas.skin = try #require(MisticaSkin(rawValue: brand))
        var fromFile = builtIn
        fromFile.canvas.tokens = files[brand]
        let tree = try renderer.layout(builtIn)
        let expected = try renderer.renderPNG(tree, compression: .compact)
        let actual = try renderer.renderPNG(
          try renderer.layout(fromFile), compression: .compact)
        compared += 1
        if expected != actual { differing.append("\(fixture) in \(brand)") }
      }
    }
    print("token files as skins: \(compared) renders compared, \(differing.count) differ")
    #expect(compared > 100, "\(compared)")
    #expect(differing.isEmpty, "\(differing)")
  }
}
