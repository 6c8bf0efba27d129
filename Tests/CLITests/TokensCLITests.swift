import Foundation
import RenderTestSupport
import TestLevels
import Testing

/// `listrender tokens diff`: what a design release changes, token by token.
@Suite("Token file diffs", .tags(.cli))
struct TokensCLITests {
  static let movistar = Paths.root.deletingLastPathComponent()
    .appendingPathComponent("shared/mistica-tokens/dee515a/movistar.json")

  @Test(
    "a palette colour, a radius and a weight changed: exactly the tokens that use them are listed",
    .enabled(
      if: FileManager.default.fileExists(atPath: movistar.path),
      "the brands' token files are not beside the project (../shared)"))
  func release() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = try Data(contentsOf: Self.movistar)
    var tokens = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    // The release: palette.movistarBlue darker, radius.container 12, text.weight.title1 bold.
    var global = try #require(tokens["global"] as? [String: Any])
    var palette = try #require(global["palette"] as? [String: Any])
    palette["movistarBlue"] = ["value": "#0A5D8C", "type": "color"]
    global["palette"] = palette
    tokens["global"] = global
    var radius = try #require(tokens["radius"] as? [String: Any])
    radius["container"] = ["value": "12", "type": "borderRadius"]
    tokens["radius"] = radius
    var text = try #require(tokens["text"] as? [String: Any])
    var weight = try #require(text["weight"] as? [String: Any])
    weight["title1"] = ["value": "bold", "type": "typography"]
    text["weight"] = weight
    tokens["text"] = text
    let newer = folder.appendingPathComponent("movistar-new.json")
    try JSONSerialization.data(withJSONObject: tokens).write(to: newer)
    // The tokens that refer to movistarBlue, found in the file itself (gradients included).
    var expected: Set<String> = ["radius.container", "text.weight.title1"]
    for appearance in ["light", "dark"] {
      for (name, token) in tokens[appearance] as? [String: Any] ?? [:] {
        let value = (token as? [String: Any])?["value"]
        let text =
          String(describing: value.map { ($0 as? String) ?? "\($0)" } ?? "")
        if text.contains("palette.movistarBlue}") { expected.insert("\(appearance).\(name)") }
      }
    }
    #expect(expected.count > 10, "\(expected)")
    let run = try runListRender(
      ["tokens", "diff", Self.movistar.path, newer.path, "--html", "changes.html"], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let listed = Set(run.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) })
    #expect(
      listed == expected,
      "extra: \(listed.subtracting(expected)), missing: \(expected.subtracting(listed))")
    #expect(run.stdout.contains("radius.container 16 → 12"))
    #expect(run.stdout.contains("text.weight.title1 medium → bold"))
    let page = try String(
      contentsOf: folder.appendingPathComponent("changes.html"), encoding: .utf8)
    #expect(page.contains("\(expected.count) tokens changed"))
    #expect(page.contains("class=\"swatch\" style=\"background: #0A5D8C\""))
    // The same file twice: nothing changed, exit 0; a file that is not a token file: exit 2.
    let same = try runListRender(["tokens", "diff", Self.movistar.path, Self.movistar.path])
    #expect(same.status == 0 && same.stdout.isEmpty)
    try "[1, 2]".write(
      to: folder.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
    let bad = try runListRender(["tokens", "diff", Self.movistar.path, "x.json"], in: folder)
    #expect(bad.status == 2 && bad.stderr.contains("not a Mística token file"), "\(bad.stderr)")
  }

  @Test(
    "--tokens: the brand's own file draws its skin's bytes; a changed file fails verify, explained",
    .enabled(
      if: FileManager.default.fileExists(atPath: movistar.path),
      "the brands' token files are not beside the project (../shared)"))
  func tokensOption() throws {
    let list = """
      canvas: { width: 320, scale: 1, theme: { name: mistica, skin: movistar } }
      sections: [{ cells: [{ title: Inbox, subtitle: 3 unread }, { style: boxed, title: Offer }] }]

      """
    let folder = try Paths.temporaryFolder(with: ["fx/list.yaml": list])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: Self.movistar, to: folder.appendingPathComponent("movistar.json"))
    #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
    // The same file: the built-in skin's bytes, so verify passes and render writes them.
    let same = try runListRender(
      ["verify", "fx", "--golden", "gold", "--tokens", "movistar.json"], in: folder)
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
    for (name, extra) in [("a.png", [String]()), ("b.png", ["--tokens", "movistar.json"])] {
      #expect(
        try runListRender(["render", "fx/list.yaml", "-o", name] + extra, in: folder).status == 0)
    }
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("a.png"))
        == Data(contentsOf: folder.appendingPathComponent("b.png")))
    // A release with another text colour: verify fails and says the input changed.
    let text = try String(contentsOf: Self.movistar, encoding: .utf8)
    let release = folder.appendingPathComponent("release")
    try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
    var tokens = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var light = try #require(tokens["light"] as? [String: Any])
    light["textPrimary"] = ["value": "{palette.movistarBlue}", "type": "color"]
    tokens["light"] = light
    try JSONSerialization.data(withJSONObject: tokens).write(
      to: release.appendingPathComponent("movistar.json"))
    let changed = try runListRender(
      ["verify", "fx", "--golden", "gold", "--tokens", "release/movistar.json"], in: folder)
    #expect(changed.status == 1, "\(changed.stderr)")
    #expect(
      changed.stderr.contains("why: canvas.theme.tokens none → movistar.json"), "\(changed.stderr)")
    // A file named for no brand is refused.
    try text.write(
      to: folder.appendingPathComponent("brand.json"), atomically: true, encoding: .utf8)
    let unnamed = try runListRender(
      ["render", "fx/list.yaml", "-o", "c.png", "--tokens", "brand.json"], in: folder)
    #expect(unnamed.status == 2 && unnamed.stderr.contains("name the file for its brand"))
  }

  /// A list that paints with most of a brand's colour tokens: a header with a link, titles,
  /// subtitles, descriptions, switches and checkboxes on and off, a tag, a badge, a boxed and
  /// a boxed-inverse row.
  static func tokenList(_ appearance: String) -> String {
    """
    canvas: { width: 360, scale: 1, appearance: \(appearance), theme: { name: mistica, skin: movistar } }
    sections:
      - header: { title: Your plan, detail: See all }
        cells:
          - { title: Inbox, subtitle: 3 unread, description: From Ana, control: { switch: true } }
          - { title: Roaming, control: { switch: false } }
          - { headline: { tag: NEW }, title: Terms, control: { checkbox: true } }
          - { title: Extras, control: { checkbox: false } }
          - { title: Messages, control: { navigation: { badge: 3 } } }
      - cells:
          - { style: boxed, title: Fibre, subtitle: In 48 h, asset: { icon: router } }
          - { style: boxedInverse, title: Double data, description: Three months }

    """
  }

  @Test(
    "verify --tokens: each changed colour token is named on every paint it gave, and no other",
    .enabled(
      if: FileManager.default.fileExists(atPath: movistar.path),
      "the brands' token files are not beside the project (../shared)"))
  func tokensNamed() throws {
    let folder = try Paths.temporaryFolder(with: [
      "fx/light.yaml": Self.tokenList("light"), "fx/dark.yaml": Self.tokenList("dark"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
    let release = folder.appendingPathComponent("release")
    try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
    let original = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.movistar)) as? [String: Any])
    // The tokens the list paints with, light and dark; and one it does not.
    let painted = [
      "textPrimary", "textSecondary", "divider", "controlActivated", "control", "border",
      "backgroundContainer", "backgroundContainerBrand", "textPrimaryInverse",
      "textSecondaryInverse", "badge", "tagBackgroundActive", "tagTextActive", "textLink",
      "background",
    ]
    let tokenNames = Set((original["light"] as? [String: Any] ?? [:]).keys)
    var cases = 0
    var linesSeen = 0
    var wrong: [String] = []
    for appearance in ["light", "dark"] {
      for token in painted + ["backgroundAlternative"] {
        // The release: `token` alone takes a colour no token of the file has.
        var tokens = original
        var global = try #require(tokens["global"] as? [String: Any])
        var palette = try #require(global["palette"] as? [String: Any])
        palette["releaseColour"] = ["value": "#123456", "type": "color"]
        global["palette"] = palette
        tokens["global"] = global
        var colours = try #require(tokens[appearance] as? [String: Any])
        colours[token] = ["value": "{palette.releaseColour}", "type": "color"]
        tokens[appearance] = colours
        try JSONSerialization.data(withJSONObject: tokens).write(
          to: release.appendingPathComponent("movistar.json"))
        _ = try runListRender(
          [
            "verify", "fx", "--golden", "gold", "--tokens", "release/movistar.json", "--json",
            "r.json",
          ],
          in: folder)
        cases += 1
        let results = try #require(
          try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any])
        let list = try #require(results["cases"] as? [[String: Any]])
        for result in list {
          let name = result["name"] as? String ?? ""
          let failed = result["outcome"] as? String == "failed"
          // A case fails exactly when its appearance's token changed and the list paints it.
          let shouldFail = name == appearance && painted.contains(token)
          if failed != shouldFail {
            wrong.append("\(token) \(appearance): \(name) \(failed ? "failed" : "passed")")
          }
          guard failed else { continue }
          let lines = result["explanation"] as? [String] ?? []
          let colourLines = lines.filter {
            $0.range(of: #"#[0-9A-F]{6}"#, options: .regularExpression) != nil
          }
          if colourLines.isEmpty { wrong.append("\(token) \(appearance): no colour line") }
          for line in colourLines {
            linesSeen += 1
            // The token names the line's paint says (after the element's path and kind).
            let paint = line.split(separator: ": ", maxSplits: 1).last ?? ""
            let names = Set(paint.split(separator: " ").map(String.init)).intersection(tokenNames)
            if names != [token] {
              wrong.append("\(token) \(appearance): \(line)")
            }
          }
        }
      }
    }
    print("token names: \(cases) releases, \(linesSeen) colour lines, \(wrong.count) wrong")
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }
}
