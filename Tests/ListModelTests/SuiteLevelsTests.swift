import Foundation
import TestLevels
import TestSupport
import Testing

/// Every suite of the package carries its level's tag, and each test target holds one level
/// (but for its browser and Bazel suites): `make test-fast`, which runs the unit targets, runs
/// exactly the `.unit` suites.
@Suite("Test levels", .tags(.unit))
struct SuiteLevelsTests {
  /// Each test target's level.
  static let levels = [
    "ListModelTests": "unit", "ImageCodecTests": "unit", "StringCatalogsTests": "unit",
    "ListLayoutTests": "unit", "RenderingTests": "render", "GoldenTests": "render",
    "DownstreamTests": "render", "CLITests": "cli",
  ]
  /// The levels a target's suites may carry besides its own.
  static let alsoAllowed = ["RenderingTests": ["browser"], "CLITests": ["browser", "bazel"]]

  @Test("every @Suite names one level, its target's (or browser and Bazel where those run)")
  func everySuiteTagged() throws {
    let tests = Paths.root.appendingPathComponent("Tests")
    var suites = 0
    for (target, level) in Self.levels {
      let folder = tests.appendingPathComponent(target)
      for case let file as String in FileManager.default.enumerator(atPath: folder.path) ?? .init()
      where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n")
        where line.trimmingCharacters(in: .whitespaces).hasPrefix("@Suite") {
          suites += 1
          let tags = line.components(separatedBy: ".tags(.").dropFirst()
            .map { String($0.prefix { $0.isLetter }) }
          #expect(tags.count == 1, "\(target)/\(file): \(line)")
          let allowed = [level] + (Self.alsoAllowed[target] ?? [])
          #expect(tags.allSatisfy(allowed.contains), "\(target)/\(file): \(line)")
        }
      }
    }
    // The package's suites: a count that only grows.
    #expect(suites >= 96)
  }

  @Test("make test-fast runs the unit targets, and they are every unit target")
  func testFastRunsTheUnitLevel() throws {
    let makefile = try String(
      contentsOf: Paths.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let line = try #require(
      makefile.split(separator: "\n").first { $0.hasPrefix("UNIT_TARGETS :=") })
    let named = Set(
      line.dropFirst("UNIT_TARGETS :=".count).split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    #expect(named == Set(Self.levels.filter { $0.value == "unit" }.keys))
  }
}
