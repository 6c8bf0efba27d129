import Foundation
import ListRender
import RenderTestSupport
import Synchronization
import TestLevels
import Testing
import XCTest

@testable import GoldenTesting
@testable import GoldenXCTest

@Suite("Golden API", .tags(.render))
struct GoldenAPITests {
  private let titleOnly =
    "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n      - title: Inbox\n"

  @Test("expectGolden and requireGolden pass on a match; verifyGolden reports it")
  func matches() throws {
    let document = try ListDocument.decode(yaml: titleOnly)
    expectGolden(document, named: "rows/title-only", record: .never)
    try requireGolden(document, named: "rows/title-only", record: .never)
    let report = try verifyGolden(document, named: "rows/title-only", record: .never)
    #expect(report.passed, "\(report)")
    // A fixture beside the test file (here: the repository's, two folders up).
    let fixture = try loadFixture("../../Fixtures/rows/title-only.yaml")
    expectGolden(fixture, named: "rows/title-only", record: .never)
  }

  @Test("default names: Golden/<TestFile>/<test>.png, then .2; two tests on one name clash")
  func defaultNames() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.decode(yaml: titleOnly)
    let first = try verifyGolden(document, record: .missing, goldenFolder: folder.path)
    let second = try verifyGolden(document, record: .missing, goldenFolder: folder.path)
    #expect(first.goldenPath == folder.path + "/GoldenAPITests/defaultNames.png")
    #expect(second.goldenPath == folder.path + "/GoldenAPITests/defaultNames.2.png")
    // Another test recording the first name is told which test has it.
    let place = CallPlace(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    #expect {
      try check(
        document, as: .image(renderer: try ListRenderer()), named: "GoldenAPITests/defaultNames",
        policy: GoldenPolicy(), record: .missing, goldenFolder: folder.path,
        artifactsFolder: nil, place: place, testID: "OtherTests/other()")
    } throws: { error in
      let text = "\(error)"
      return text.contains("is written by two tests") && text.contains("OtherTests/other()")
        && text.contains("defaultNames")
    }
  }

  @Test(
    "a parameterized test without named: is told to name its goldens; with names, each is stable",
    arguments: ["XS", "AX5"])
  func parameterizedNames(_ size: String) throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.decode(yaml: titleOnly)
    #expect {
      try verifyGolden(document, record: .missing, goldenFolder: folder.path)
    } throws: { error in
      "\(error)".contains("a parameterized test's goldens need `named:`")
    }
    let named = try verifyGolden(
      document, named: "sizes/\(size)", record: .missing, goldenFolder: folder.path)
    #expect(named.goldenPath == folder.path + "/sizes/\(size).png")
  }

  @Test(
    "the .goldens(record:) trait sets the record mode of the test", .goldens(record: .missing))
  func recordTrait() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.decode(yaml: titleOnly)
    let report = try verifyGolden(document, named: "trait", goldenFolder: folder.path)
    #expect(report.outcome == .recorded)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/trait.png"))
  }

  @Test("a package's failure says how to record there: the variable and record:, no command")
  func recordAdvice() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var bitmap = Bitmap(width: 2, height: 2)
    let missing = try verifyGolden(
      bitmap, named: "advice", record: .never, goldenFolder: folder.path,
      artifactsFolder: folder.path)
    #expect(missing.message.contains("LISTRENDER_RECORD=missing swift test"), "\(missing.message)")
    #expect(missing.message.contains("record: .missing"))
    #expect(!missing.message.contains("listrender record"))
    _ = try verifyGolden(bitmap, named: "advice", record: .missing, goldenFolder: folder.path)
    bitmap[0, 0] = (255, 0, 0, 255)
    let failed = try verifyGolden(
      bitmap, named: "advice", record: .never, goldenFolder: folder.path,
      artifactsFolder: folder.path)
    #expect(failed.message.contains("LISTRENDER_RECORD=failed swift test"), "\(failed.message)")
    #expect(!failed.message.contains("listrender record"))
  }

  @Test("a renderer passed in is used, and bitmaps keep the fingerprint given")
  func rendererAndBitmaps() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let renderer = try ListRenderer()
    let document = try ListDocument.decode(yaml: titleOnly)
    expectGolden(document, named: "rows/title-only", record: .never, renderer: renderer)
    let bitmap = try renderer.render(document)
    let recorded = try verifyGolden(
      bitmap, named: "bitmap", record: .missing, fingerprint: renderer.fingerprint(),
      goldenFolder: folder.path)
    #expect(recorded.outcome == .recorded)
    let png = [UInt8](try Data(contentsOf: folder.appendingPathComponent("bitmap.png")))
    #expect(
      String(decoding: png, as: UTF8.self).contains(GoldenCheck.fingerprintKey),
      "the recorded golden carries the fingerprint")
  }
}

/// The XCTest flavour: `assertGolden` fails the test at the call, and only then.
final class GoldenAssertTests: XCTestCase {
  private static let titleOnly =
    "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n      - title: Inbox\n"

  /// Runs `body` as a test case of its own and returns the failures it recorded (kept by the
  /// probe, not printed: the log of a passing run shows no `error:` line).
  private func failures(of body: @escaping () throws -> Void) -> Int {
    let inner = SilentProbe(name: "assertGolden probe") { _ in try body() }
    inner.run()
    return inner.recorded
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
    // Recording fails too, and the default name is the test method's.
    XCTAssertEqual(
      failures { assertGolden(match, record: .missing, goldenFolder: folder.path) }, 1)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: folder.path + "/GoldenAPITests/testAssertGoldenFailsOnlyOnAMismatch.png"))
  }
}

/// A test case that counts the failures recorded while it runs instead of reporting them.
private final class SilentProbe: XCTestCase {
  private let count = Mutex(0)
  /// The failures recorded so far.
  var recorded: Int { count.withLock { $0 } }

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    count.withLock { $0 += 1 }
  }
}
