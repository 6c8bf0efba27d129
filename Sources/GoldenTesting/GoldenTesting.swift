import Foundation
import GoldenImage
import ListRender
import XCTest

/// The result of checking a render against its golden: `#expect`-friendly.
///
/// ```swift
/// @Test func inbox() throws {
///   let result = try verifyGolden(try ListDocument.load(path: "inbox.yaml"), named: "inbox")
///   #expect(result.passed, "\(result)")
/// }
/// ```
public struct GoldenResult: Sendable, CustomStringConvertible {
  /// The full report: outcome, verdict, artifact paths.
  public var report: GoldenReport
  /// Whether it passed (or was recorded).
  public var passed: Bool { !report.isFailure }
  /// The message, naming the golden and the artifacts of a failure.
  public var description: String { report.message }
}

/// Thrown by ``expectGolden(_:named:policy:record:goldenFolder:artifactsFolder:filePath:)``.
public struct GoldenMismatch: Error, CustomStringConvertible {
  /// The report of the failing check.
  public var report: GoldenReport
  /// The report's message.
  public var description: String { report.message }
}

/// Renders `document` and checks it against `Golden/<name>.png` of the package that holds the
/// calling test file (found by walking up from `#filePath` to `Package.swift`).
///
/// Record modes come from `LISTRENDER_RECORD` (`never` by default: a missing golden fails).
public func verifyGolden(
  _ document: ListDocument, named name: String, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode = .fromEnvironment(), goldenFolder: String? = nil,
  artifactsFolder: String? = nil, filePath: String = #filePath
) throws -> GoldenResult {
  try verifyGolden(
    of: document, as: .image(renderer: try ListRenderer()), named: name, policy: policy,
    record: record, goldenFolder: goldenFolder, artifactsFolder: artifactsFolder,
    filePath: filePath)
}

/// Checks a bitmap (from any source) against `Golden/<name>.png`; see the document variant.
public func verifyGolden(
  _ bitmap: Bitmap, named name: String, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode = .fromEnvironment(), goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fingerprint: [String: String] = [:],
  filePath: String = #filePath
) throws -> GoldenResult {
  var strategy = GoldenStrategy<Bitmap, Bitmap>.image
  strategy.fingerprint = fingerprint
  return try verifyGolden(
    of: bitmap, as: strategy, named: name, policy: policy, record: record,
    goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, filePath: filePath)
}

/// Checks `value` against `Golden/<name>.<extension>` with any strategy: pixels
/// (`.image(renderer:)`), geometry (`.layout(renderer:)`, kept as `<name>.layout.json`), or
/// one of your own made with ``GoldenStrategy/pullback(_:)``.
///
/// ```swift
/// let renderer = try ListRenderer()
/// let result = try verifyGolden(of: inbox, as: .layout(renderer: renderer), named: "inbox")
/// #expect(result.passed, "\(result)")
/// ```
public func verifyGolden<Value, Format>(
  of value: Value, as strategy: GoldenStrategy<Value, Format>, named name: String,
  policy: GoldenPolicy = GoldenPolicy(), record: RecordMode = .fromEnvironment(),
  goldenFolder: String? = nil, artifactsFolder: String? = nil, filePath: String = #filePath
) throws -> GoldenResult {
  let root = packageRoot(from: filePath)
  let golden = goldenFolder ?? (root as NSString).appendingPathComponent("Golden")
  let artifacts = artifactsFolder ?? GoldenCheck.defaultArtifactsFolder(root: root)
  let check = GoldenCheck(
    artifactsFolder: artifacts, policy: policy, fingerprint: strategy.fingerprint)
  let goldenPath = (golden as NSString).appendingPathComponent(
    name + "." + strategy.format.pathExtension)
  let report = try check.verify(
    try strategy.snapshot(value), as: strategy.format, name: name, goldenPath: goldenPath,
    mode: record)
  return GoldenResult(report: report)
}

/// The throwing variant for Swift Testing: `try expectGolden(document, named: "inbox")`.
public func expectGolden(
  _ document: ListDocument, named name: String, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode = .fromEnvironment(), goldenFolder: String? = nil,
  artifactsFolder: String? = nil, filePath: String = #filePath
) throws {
  let result = try verifyGolden(
    document, named: name, policy: policy, record: record, goldenFolder: goldenFolder,
    artifactsFolder: artifactsFolder, filePath: filePath)
  if !result.passed { throw GoldenMismatch(report: result.report) }
}

/// XCTest: renders `document`, checks it against `Golden/<name>.png`, and fails the test at
/// the call site with the message (golden, counts, artifact paths) when it does not match.
///
/// ```swift
/// func testInbox() throws {
///   assertGolden(try ListDocument.load(path: "inbox.yaml"), named: "inbox")
/// }
/// ```
public func assertGolden(
  _ document: ListDocument, named name: String, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode = .fromEnvironment(), goldenFolder: String? = nil,
  artifactsFolder: String? = nil, file: StaticString = #filePath, line: UInt = #line
) {
  do {
    let result = try verifyGolden(
      document, named: name, policy: policy, record: record, goldenFolder: goldenFolder,
      artifactsFolder: artifactsFolder, filePath: "\(file)")
    if !result.passed { XCTFail(result.description, file: file, line: line) }
  } catch {
    XCTFail("\(name): \(error)", file: file, line: line)
  }
}

/// The nearest folder above `filePath` that holds a `Package.swift` (else the file's folder).
func packageRoot(from filePath: String) -> String {
  var folder = (filePath as NSString).deletingLastPathComponent
  while folder != "/" && !folder.isEmpty {
    if FileManager.default.fileExists(
      atPath: (folder as NSString).appendingPathComponent("Package.swift"))
    {
      return folder
    }
    folder = (folder as NSString).deletingLastPathComponent
  }
  return (filePath as NSString).deletingLastPathComponent
}
