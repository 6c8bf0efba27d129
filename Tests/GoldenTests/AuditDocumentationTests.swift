import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The audit's rules as the docs and the command state them: every rule in the Accessibility
/// article's table and in `listrender audit --help`.
@Suite("Audit rules in the docs", .tags(.render))
struct AuditDocumentationTests {
  @Test("the Accessibility article's table has a row for every rule, and no other")
  func articleTable() throws {
    let article = try Documentation.article("Accessibility")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { row in
      row.split(separator: "`").dropFirst().first.map(String.init)
    }
    #expect(Set(rows) == Set(AuditRule.allCases.map(\.rawValue)), "\(rows)")
  }

  @Test("audit --help names every rule")
  func help() throws {
    let help = try runListRender(["audit", "--help"])
    for rule in AuditRule.allCases {
      #expect(help.stdout.contains(rule.rawValue), "audit --help lacks \(rule.rawValue)")
    }
  }
}
