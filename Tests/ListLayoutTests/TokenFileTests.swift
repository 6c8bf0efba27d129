import Foundation
import ListLayout
import ListModel
import TestLevels
import TestSupport
import Testing

/// The brands' own token files, read at run time, give the skins built into ListRender.
@Suite("Mística token files", .tags(.unit))
struct TokenFileTests {
  /// The seven brand files at the commit the built-in skins come from, beside the project.
  static let folder = Paths.root.deletingLastPathComponent()
    .appendingPathComponent("shared/mistica-tokens/dee515a")
  static let available = FileManager.default.fileExists(
    atPath: folder.appendingPathComponent("movistar.json").path)

  @Test(
    "each brand's file gives exactly its built-in skin: colours, gradients, radii, weights",
    .enabled(if: available, "the brands' token files are not beside the project (../shared)"),
    arguments: ["movistar", "o2", "vivo", "telefonica", "blau", "tu", "esimflag"])
  func builtInSkins(brand: String) throws {
    let file = try MisticaTokenFile.read(Self.folder.appendingPathComponent("\(brand).json").path)
    let skin = try #require(MisticaSkin(rawValue: brand))
    #expect(try file.skinTokens() == skin.tokens)
    // The compiled table is the file as the reader reads it: every token, none more.
    let table = try #require(skin.tokenFile)
    #expect(table.colors == file.colors)
    #expect(table.radii == file.radii)
    #expect(table.weights == file.weights)
    #expect(file.flattened.count > 100, "\(file.flattened.count)")
  }

  @Test("a file that is not a token file, a reference that does not resolve: errors naming them")
  func errors() {
    func message(_ json: String) -> String {
      do {
        _ = try MisticaTokenFile(Array(json.utf8), file: "brand.json")
        return "read"
      } catch {
        return "\(error)"
      }
    }
    let palette = ##""global": {"palette": {"white": {"value": "#FFFFFF"}}}"##
    #expect(message("[1]").contains("not a Mística token file"))
    #expect(message("{\"light\": {").contains("brand.json:1:"))
    #expect(
      message(#"{"light": {"a": {"value": "{palette.nope}"}}, "dark": {}, \#(palette)}"#)
        .contains("light.a: refers to palette.nope, which global.palette does not have"))
    #expect(
      message(#"{"light": {"a": {"value": "rgba({palette.white}, 7)"}}, "dark": {}, \#(palette)}"#)
        .contains("light.a: cannot read"))
    #expect(
      message(#"{"light": {"a": {"value": "{palette.white}"}}, "dark": {}, \#(palette)}"#) == "read"
    )
  }

  @Test(
    "numbers a token file holds at 0, 2^31 and 1e300: read within range or refused, never a trap",
    arguments: ["0", "2147483648", "1e300", "-1"])
  func extremeNumbers(number: String) throws {
    let palette = ##""global": {"palette": {"white": {"value": "#FFFFFF"}}}"##
    let gradient =
      ##"{"angle": \##(number), "colors": [{"stop": \##(number), "value": "{palette.white}"}, {"stop": 1, "value": "{palette.white}"}]}"##
    let json = ##"""
      {"light": {"g": {"value": \##(gradient)}, "a": {"value": "rgba({palette.white}, \##(number))"}},
       "dark": {}, "radius": {"container": {"value": "\##(number)"}}, \##(palette)}
      """##
    do {
      let file = try MisticaTokenFile(Array(json.utf8), file: "brand.json")
      // Read: every value in its range (offset and alpha 0…1), a radius a skin cannot take named.
      #expect(["0"].contains(number), "\(number) was read")
      #expect(file.skinRadius("container") == 0)
    } catch {
      #expect("\(error)".contains("brand.json"), "\(error)")
    }
  }
}
