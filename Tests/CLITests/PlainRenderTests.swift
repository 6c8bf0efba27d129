import FileIO
import Foundation
import GoldenSuite
import RenderTestSupport
import TestLevels
import Testing

@testable import ListRenderCLI

/// `render`'s plain form, read without the argument parser, asks for what the parser reads, and
/// a render through it writes and says what one through the parser does.
@Suite("render's plain arguments", .tags(.cli))
struct PlainRenderTests {
  @Test("every plain form reads as the parser reads it; every other form is left to the parser")
  func sameAsParser() throws {
    let plain: [[String]] = [
      ["render"], ["render", "a.yaml"], ["render", "a.yaml", "-o", "b.png"],
      ["render", "-o", "b.png", "a.yaml"], ["render", "a.json", "--output", "out/b.webp"],
      ["render", "a.yaml", "-o", "b.png", "--compression", "compact"],
      ["render", "--compression", "fast", "a.yaml"], ["render", "--compression", "compact"],
      ["render", "-o", "x.png"], ["render", "render", "-o", "help.png"],
      ["render", "dir with space/a b.yaml", "-o", "c d.png"], ["render", "é.yaml"],
    ]
    var wrong: [String] = []
    for arguments in plain {
      let parsed = try Render.parse(Array(arguments.dropFirst())).request
      if RenderRequest(plainArguments: arguments) != parsed {
        wrong.append(arguments.joined(separator: " "))
      }
    }
    // Options, standard input or output, a value that is missing or repeated, anything
    // unknown: the parser's (which also says what is wrong).
    let others: [[String]] = [
      ["render", "-"], ["render", "a.yaml", "-o", "-"], ["render", "a.yaml", "-o"],
      ["render", "a.yaml", "b.yaml"], ["render", "a.yaml", "-o", "b.png", "-o", "c.png"],
      ["render", "a.yaml", "--compression", "best"], ["render", "a.yaml", "--compression"],
      ["render", "a.yaml", "--compression", "fast", "--compression", "compact"],
      ["render", "--help"], ["render", "-h"], ["render", "a.yaml", "--timings"],
      ["render", "a.yaml", "--scale", "2"], ["render", "a.yaml", "--", "b.yaml"],
      ["render", "a.yaml", "-ob.png"], ["render", "a.yaml", "--output=b.png"],
      ["render", ""], ["render", "a.yaml", "-o", ""], ["animate", "a.yaml"], ["--version"], [],
      ["render", "a.yaml", "--watch"], ["render", "a.yaml", "--threads", "1"],
    ]
    for arguments in others where RenderRequest(plainArguments: arguments) != nil {
      wrong.append("plain: " + arguments.joined(separator: " "))
    }
    #expect(plain.count + others.count == 34)
    #expect(wrong == [])
  }

  @Test(
    "a plain render and one through the parser write the same bytes and say the same, a bad spec included"
  )
  func sameRun() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("a.yaml")
    try Data("canvas: { width: 200, scale: 2 }\nsections:\n  - cells: [ { title: Plain } ]\n".utf8)
      .write(to: spec)
    let bad = folder.appendingPathComponent("bad.yaml")
    try Data("canvas: { width: -3 }\nsections: []\n".utf8).write(to: bad)
    var wrong: [String] = []
    for (name, compression) in [("a", "fast"), ("a", "compact"), ("bad", "fast"), ("none", "fast")]
    {
      let input = folder.appendingPathComponent(name + ".yaml").path
      // `--threads 2` sends the same render through the parser (the bytes do not depend on it).
      let runs = try [[], ["--threads", "2"]].enumerated().map { index, extra in
        let output = folder.appendingPathComponent("\(name)-\(compression)-\(index).png").path
        let result = try runListRender(
          ["render", input, "-o", output, "--compression", compression] + extra)
        let bytes = FileManager.default.contents(atPath: output)
        return (result, bytes)
      }
      let (plain, parsed) = (runs[0], runs[1])
      if plain.0.status != parsed.0.status || plain.0.stderr != parsed.0.stderr
        || plain.0.stdout != parsed.0.stdout || plain.1 != parsed.1
      {
        wrong.append("\(name) \(compression): \(plain.0.stderr) | \(parsed.0.stderr)")
      }
      if name == "a" && (plain.0.status != 0 || plain.1 == nil) { wrong.append("\(name) failed") }
      if name != "a" && (plain.0.status != 2 || plain.1 != nil) { wrong.append("\(name) passed") }
    }
    #expect(wrong == [])
  }
}
