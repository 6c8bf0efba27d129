import Foundation
import ListLayout
import ListModel
import TestLevels
import Testing

/// Every colour token of a brand's file is a colour name in specs, light and dark; `brand` and
/// `highlight` mean Mística's tokens of those names, with a note where that changed a colour.
@Suite("Mística colour tokens as colour names", .tags(.unit))
struct ColorTokenTests {
  /// An asset whose background names `name`, in `skin` and `appearance`, laid out: the colour
  /// the asset was given.
  static func resolved(
    _ name: String, skin: MisticaSkin, appearance: Appearance, colors: String = ""
  ) throws -> Color? {
    let document = try ListDocument.decode(
      yaml: """
        canvas: { theme: { name: mistica, skin: \(skin.rawValue)\(colors) }, appearance: \(appearance.rawValue) }
        sections:
          - cells: [ { title: A, asset: { monogram: AB, background: \(name), color: "#FFFFFF" } } ]
        """)
    let cell = try #require(document.sections.first?.cells.first)
    guard case .row(let row) = cell.kind, case .monogram(_, let background, _)? = row.asset else {
      Issue.record("not a monogram row")
      return nil
    }
    return try Theme(canvas: document.canvas).resolve(background)
  }

  @Test(
    "every colour token of each brand's table resolves to the table's value, light and dark",
    arguments: MisticaSkin.allCases.filter { $0 != .original })
  func everyToken(skin: MisticaSkin) throws {
    let file = try #require(skin.tokenFile)
    var wrong: [String] = []
    var count = 0
    for appearance in Appearance.allCases {
      for name in (file.colors[appearance.rawValue] ?? [:]).keys.sorted() {
        count += 1
        // A theme colour of the same name is the skin's (the same token, or its override).
        let expected =
          ColorName(specName: name).map { Theme(canvas: canvas(skin, appearance))[$0] }
          ?? file.color(name, appearance)
        let got = try Self.resolved(name, skin: skin, appearance: appearance)
        if got != expected { wrong.append("\(appearance.rawValue).\(name)") }
      }
    }
    #expect(count > 500, "\(count) tokens walked")
    #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(10))")
  }

  func canvas(_ skin: MisticaSkin, _ appearance: Appearance) -> Canvas {
    var canvas = Canvas(theme: .mistica, skin: skin)
    canvas.appearance = appearance
    return canvas
  }

  @Test(
    "brand and highlight follow the file; controlActivated and backgroundContainerPressed keep the old colours"
  )
  func brandAndHighlight() throws {
    // Blau: brand is blauBluePrimary, active controls blauBlueSecondary (tokens/blau.json).
    let blau = try #require(MisticaSkin.blau.tokenFile)
    #expect(
      try Self.resolved("brand", skin: .blau, appearance: .light) == blau.color("brand", .light))
    #expect(
      try Self.resolved("controlActivated", skin: .blau, appearance: .light)
        == blau.color("controlActivated", .light))
    #expect(blau.color("brand", .light) != blau.color("controlActivated", .light))
    // Movistar's highlight is pink55 (an accent), its pressed overlay black at 8 %.
    let movistar = try #require(MisticaSkin.movistar.tokenFile)
    #expect(
      try Self.resolved("highlight", skin: .movistar, appearance: .light)
        == movistar.color("highlight", .light))
    #expect(
      try Self.resolved("backgroundContainerPressed", skin: .movistar, appearance: .light)
        == Color(hex: "#000000")?.withAlpha(0.08))
    // theme.colors replaces a token by its name, and the role by its own.
    #expect(
      try Self.resolved(
        "brand", skin: .vivo, appearance: .dark, colors: ", colors: { brand: \"#123456\" }")
        == Color(hex: "#123456"))
  }

  @Test("a note where brand or highlight now draws another colour; none where it does not")
  func notes() throws {
    func notes(_ yaml: String) throws -> [String] {
      try ListDocument.decode(yaml: yaml).marks.colorNotes
    }
    let row = { (skin: String, name: String) in
      """
      canvas: { theme: { name: mistica, skin: \(skin) } }
      sections:
        - cells: [ { title: A, asset: { icon: wifi, background: \(name), color: "#FFFFFF" } } ]
      """
    }
    // Blau's brand is not its active-control colour: said, with the name that keeps it.
    let blau = try notes(row("blau", "brand"))
    #expect(blau.count == 1)
    #expect(blau.first?.contains("sections[0].cells[0].asset.background") == true)
    #expect(blau.first?.contains("'controlActivated'") == true)
    // Movistar's brand is its active-control colour: nothing changed, nothing said.
    #expect(try notes(row("movistar", "brand")).isEmpty)
    // highlight is an accent now, not the pressed overlay, in every brand.
    #expect(
      try notes(row("movistar", "highlight")).first?.contains("'backgroundContainerPressed'")
        == true)
    // Replacing brand in theme.colors now replaces the token: said.
    let override = try notes(
      """
      canvas: { theme: { name: mistica, colors: { brand: "#FF0000" } } }
      sections: [ { cells: [ { title: A } ] } ]
      """)
    #expect(override.first?.contains("theme.colors.brand") == true)
    #expect(override.first?.contains("write 'controlActivated'") == true)
  }

  @Test("a token under Material, a name that is no token, a token the file lacks: errors")
  func errors() throws {
    func message(_ yaml: String) -> String {
      do {
        let document = try ListDocument.decode(yaml: yaml)
        let cell = document.sections.first?.cells.first
        if case .row(let row)? = cell?.kind, case .monogram(_, let background, _)? = row.asset {
          _ = try Theme(canvas: document.canvas).resolve(background)
        }
        return "read"
      } catch {
        return "\(error)"
      }
    }
    let material = message(
      """
      canvas: { theme: material }
      sections: [ { cells: [ { title: A, asset: { monogram: A, background: backgroundBrandSecondary } } ] } ]
      """)
    #expect(
      material.contains("is a Mística colour token; the material theme has none"), "\(material)")
    let typo = message(
      """
      sections: [ { cells: [ { title: A, asset: { monogram: A, background: backgroundBrandSecondry } } ] } ]
      """)
    #expect(typo.contains("is not a colour"), "\(typo)")
    #expect(typo.contains("sections[0].cells[0].asset.background"), "\(typo)")
    // A variant that turns the list Material after it was read: the layout says so.
    var document = try ListDocument.decode(
      yaml: """
        sections: [ { cells: [ { title: A, asset: { monogram: A, background: brand } } ] } ]
        """)
    document.canvas.theme = .material
    #expect(
      throws: LayoutError.unknownColorToken(
        name: "brand", theme: "a theme without Mística token files")
    ) {
      try Theme(canvas: document.canvas).resolve(Color.token("brand"))
    }
  }
}
