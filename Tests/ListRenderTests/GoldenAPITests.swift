import Foundation
import GoldenTesting
import ListRender
import Testing
import XCTest

@Suite("Golden API")
struct GoldenAPITests {
  private let titleOnly =
    "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n      - title: Inbox\n"

  @Test("verifyGolden finds Golden/ from the calling file and passes on a match")
  func verifyMatches() throws {
    let document = try ListDocument.decode(yaml: titleOnly)
    let result = try verifyGolden(document, named: "rows/title-only", record: .never)
    #expect(result.passed, "\(result)")
    try expectGolden(document, named: "rows/title-only", record: .never)
  }

  @Test("a mismatch fails with the golden, the count and the artifact paths; expectGolden throws")
  func mismatch() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = try ListDocument.decode(
      yaml: titleOnly.replacingOccurrences(of: "Inbox", with: "Outbox"))
    let result = try verifyGolden(
      other, named: "rows/title-only", record: .never, artifactsFolder: folder.path)
    #expect(!result.passed)
    #expect(result.description.contains("Golden/rows/title-only.png does not match"))
    #expect(result.description.contains(folder.path + "/rows/title-only.panel.png"))
    #expect(throws: GoldenMismatch.self) {
      try expectGolden(
        other, named: "rows/title-only", record: .never, artifactsFolder: folder.path)
    }
  }
}

/// The XCTest flavour: `assertGolden` fails the test at the call site, and only then.
final class GoldenAssertTests: XCTestCase {
  private static let titleOnly =
    "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n      - title: Inbox\n"

  /// Runs `body` as a test case of its own and returns the failures it recorded.
  private func failures(of body: @escaping () throws -> Void) -> Int {
    let inner = XCTestCase(name: "assertGolden probe") { _ in try body() }
    inner.run()
    return inner.testRun?.failureCount ?? -1
  }

  func testAssertGoldenFailsOnlyOnAMismatch() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let match = try ListDocument.decode(yaml: Self.titleOnly)
    let other = try ListDocument.decode(
      yaml: Self.titleOnly.replacingOccurrences(of: "Inbox", with: "Outbox"))
    XCTAssertEqual(failures { assertGolden(match, named: "rows/title-only", record: .never) }, 0)
    XCTAssertEqual(
      failures {
        assertGolden(
          other, named: "rows/title-only", record: .never, artifactsFolder: folder.path)
      }, 1)
  }
}
