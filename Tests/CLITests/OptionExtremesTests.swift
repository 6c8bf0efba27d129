import Foundation
import RenderTestSupport
import TestLevels
import Testing

/// Every numeric option of every command, given a number nothing can use: refused with a
/// message (exit 2) or used, never a trap.
@Suite("Numeric options at their extremes", .tags(.cli))
struct OptionExtremesTests {
  /// The values each option is tried with.
  static let values = [
    "0", "-1", "2147483648", "9223372036854775808", "1e19", "1e300", "inf", "nan",
  ]

  /// Each command with the arguments it needs, and its numeric options.
  static let commands: [(arguments: [String], options: [String])] = [
    (
      ["render", "list.yaml", "-o", "out.png"],
      ["--page-height", "--threads", "--scale", "--width"]
    ),
    (["animate", "list.yaml", "--apng", "out.apng.png"], ["--scale", "--width"]),
    (["audit", "list.yaml"], ["--scale", "--width"]),
    (
      ["verify", "fx", "--golden", "gold"],
      ["--jobs", "--threshold", "--max-diff-pixels", "--max-diff-pixel-ratio"]
    ),
    (["verify", "fx", "--golden", "gold", "--cache", "cache"], ["--cache-size"]),
    (["diff", "a.png", "b.png"], ["--threshold", "--alpha"]),
    (
      ["catalog", "Localizable.xcstrings", "-o", "grid"],
      ["--max-lines", "--scale", "--width"]
    ),
  ]

  @Test("0, -1, 2^31, 2^63, 1e19, 1e300, inf and nan for each numeric option: no trap")
  func extremes() throws {
    let list = "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: A }] }]\n"
    let folder = try Paths.temporaryFolder(with: [
      "list.yaml": list, "fx/list.yaml": list,
      "Localizable.xcstrings": CatalogCLITests.xcstrings,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
    for name in ["a.png", "b.png"] {
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent("gold/list.png"),
        to: folder.appendingPathComponent(name))
    }
    var tried = 0
    for (arguments, options) in Self.commands {
      for option in options {
        for value in Self.values {
          let run = try runListRender(arguments + ["\(option)=\(value)"], in: folder)
          tried += 1
          #expect(
            [0, 1, 2].contains(run.status) && !run.stderr.contains("Fatal error"),
            "\(arguments[0]) \(option)=\(value): exit \(run.status) \(run.stderr.prefix(300))")
        }
      }
    }
    #expect(tried == 18 * Self.values.count)
  }
}
