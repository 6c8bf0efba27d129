import Foundation
import ListModel
import TestLevels
import Testing

/// The element paths `ignore:` and `verify --ignore` match.
@Suite("Ignore patterns", .tags(.unit))
struct IgnorePatternTests {
  @Test(
    "path globs: * is any run but a dot; a cell's path matches its elements; 60 stars stay linear")
  func globs() {
    let cases: [(String, String, String, Bool)] = [
      ("sections[*].cells[*].subtitle", "sections[0].cells[12]", "subtitle", true),
      ("sections[*].cells[*].subtitle", "sections[0].cells[12]", "title", false),
      ("sections[0].cells[2]", "sections[0].cells[2]", "title", true),
      ("sections[0].cells[2]", "sections[0].cells[21]", "title", false),
      ("sections[*]", "sections[1].cells[0]", "title", false),
      ("*", "sections[0].cells[1]", "title", false),
      ("sections[1].*", "sections[1].cells[0]", "title", true),
      ("sections[1].*.title", "sections[1].cells[0]", "title", true),
      ("*", "sections[0]", "header", true),
      ("sections[0].*", "sections[0]", "header", true),
    ]
    var wrong: [String] = []
    for (pattern, path, role, expected) in cases
    where IgnorePattern.matches(pattern, path: path, role: role) != expected {
      wrong.append("\(pattern) on \(path).\(role)")
    }
    #expect(wrong.isEmpty, "\(wrong)")
    let stars = String(repeating: "*", count: 60) + "x"
    let started = Date()
    #expect(
      !IgnorePattern.matches(stars, path: String(repeating: "a", count: 2_000), role: "title"))
    #expect(Date().timeIntervalSince(started) < 5)
  }
}
