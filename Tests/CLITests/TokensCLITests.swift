import Foundation
import RenderTestSupport
import Testing

/// `listrender tokens diff`: what a design release changes, token by token.
@Suite("Token file diffs")
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
}
