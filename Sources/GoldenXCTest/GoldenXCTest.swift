@_exported import GoldenImage
import GoldenTesting
import ListRender
import XCTest

/// XCTest: checks a document's render against its golden and fails the test at the call —
/// with the golden's path, the count of differing pixels and the artifacts' paths — when it
/// does not match or was just recorded. The golden is `Golden/<TestFile>/<testMethod>.png`
/// unless named.
///
/// ```swift
/// final class InboxTests: XCTestCase {
///   func testInbox() throws {
///     assertGolden(try loadFixture("Fixtures/inbox.yaml"))  // Golden/InboxTests/testInbox.png
///   }
/// }
/// ```
public func assertGolden(
  _ document: ListDocument, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, renderer: ListRenderer? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, file: StaticString = #filePath, line: UInt = #line,
  function: String = #function
) {
  let path = "\(file)"
  let testFile = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
  var method = function
  if let open = method.firstIndex(of: "(") { method = String(method[..<open]) }
  do {
    let report = try verifyGolden(
      document, named: name ?? "\(testFile)/\(method)", policy: policy, record: record,
      renderer: renderer, goldenFolder: goldenFolder, artifactsFolder: artifactsFolder,
      fileID: "\(testFile)/\(method)", filePath: path)
    switch report.outcome {
    case .passed: break
    case .recorded:
      XCTFail("recorded \(report.goldenPath) — look at it, then run again", file: file, line: line)
    case .missing, .failed, .error: XCTFail(report.message, file: file, line: line)
    }
  } catch {
    XCTFail("\(name ?? method): \(error)", file: file, line: line)
  }
}
