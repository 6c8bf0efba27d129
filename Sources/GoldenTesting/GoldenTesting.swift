import FileIO
import Foundation
@_exported import GoldenImage
import ImageCodec
@_exported import ListGoldens
import ListRender
import Synchronization
import Testing

// Golden tests for Swift Testing. `expectGolden` records an issue at the call and carries on,
// as `#expect` does; `requireGolden` throws, as `#require` does; `verifyGolden` only reports.
//
// Where goldens live: `Golden/` of the package that holds the test file (the nearest folder
// with a `Package.swift`); a golden is named after the test file and the test unless named:
// `Golden/<TestFile>/<testName>.png`, then `.2`, `.3` for more in the same test (a
// parameterized test must name its goldens).
// Record mode: the `record:` argument, else a `.goldens(record:)` trait, else
// `LISTRENDER_RECORD`, else `never`. A recording is reported as an issue: a run that records
// never looks green.

/// Checks a document's render against its golden and records an issue at the call when it
/// does not match — with the golden's path, the count of differing pixels and the artifacts'
/// paths — or when the golden was just recorded. The test carries on.
///
/// ```swift
/// @Test func inbox() throws {
///   expectGolden(try loadFixture("Fixtures/inbox.yaml"))  // Golden/InboxTests/inbox.png
/// }
/// ```
public func expectGolden(
  _ document: ListDocument, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, renderer: ListRenderer? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  let place = CallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
  expect(place) {
    try check(
      document, as: documentStrategy(renderer, for: document), named: name, policy: policy,
      record: record,
      goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, place: place)
  }
}

/// ``expectGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``
/// for a bitmap from any source (`fingerprint`: the environment that made it, written into a
/// recorded golden).
public func expectGolden(
  _ bitmap: Bitmap, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, fingerprint: [String: String] = [:], goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  let place = CallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
  expect(place) {
    try check(
      bitmap, as: bitmapStrategy(fingerprint), named: name, policy: policy, record: record,
      goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, place: place)
  }
}

/// ``expectGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``
/// with any strategy: `.layout(renderer:)` keeps a document's geometry as
/// `<name>.layout.json`; your own come from ``GoldenStrategy/pullback(_:)``.
public func expectGolden<Value, Format>(
  of value: Value, as strategy: GoldenStrategy<Value, Format>, named name: String? = nil,
  policy: GoldenPolicy = GoldenPolicy(), record: RecordMode? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  let place = CallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
  expect(place) {
    try check(
      value, as: strategy, named: name, policy: policy, record: record,
      goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, place: place)
  }
}

/// As ``expectGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``,
/// but ends the test when the golden does not match: the issue is recorded at the call and
/// the error thrown is `#require`'s own (not reported a second time).
public func requireGolden(
  _ document: ListDocument, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, renderer: ListRenderer? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) throws {
  let place = CallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
  try require(place) {
    try check(
      document, as: documentStrategy(renderer, for: document), named: name, policy: policy,
      record: record,
      goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, place: place)
  }
}

/// ``requireGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``
/// with any strategy.
public func requireGolden<Value, Format>(
  of value: Value, as strategy: GoldenStrategy<Value, Format>, named name: String? = nil,
  policy: GoldenPolicy = GoldenPolicy(), record: RecordMode? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) throws {
  let place = CallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
  try require(place) {
    try check(
      value, as: strategy, named: name, policy: policy, record: record,
      goldenFolder: goldenFolder, artifactsFolder: artifactsFolder, place: place)
  }
}

/// Checks a document's render against its golden and returns the report, recording no issue
/// (for tests that inspect the outcome).
public func verifyGolden(
  _ document: ListDocument, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, renderer: ListRenderer? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) throws -> GoldenReport {
  try check(
    document, as: documentStrategy(renderer, for: document), named: name, policy: policy,
    record: record,
    goldenFolder: goldenFolder, artifactsFolder: artifactsFolder,
    place: CallPlace(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``verifyGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``
/// for a bitmap.
public func verifyGolden(
  _ bitmap: Bitmap, named name: String? = nil, policy: GoldenPolicy = GoldenPolicy(),
  record: RecordMode? = nil, fingerprint: [String: String] = [:], goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) throws -> GoldenReport {
  try check(
    bitmap, as: bitmapStrategy(fingerprint), named: name, policy: policy, record: record,
    goldenFolder: goldenFolder, artifactsFolder: artifactsFolder,
    place: CallPlace(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``verifyGolden(_:named:policy:record:renderer:goldenFolder:artifactsFolder:fileID:filePath:line:column:)``
/// with any strategy.
public func verifyGolden<Value, Format>(
  of value: Value, as strategy: GoldenStrategy<Value, Format>, named name: String? = nil,
  policy: GoldenPolicy = GoldenPolicy(), record: RecordMode? = nil, goldenFolder: String? = nil,
  artifactsFolder: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) throws -> GoldenReport {
  try check(
    value, as: strategy, named: name, policy: policy, record: record,
    goldenFolder: goldenFolder, artifactsFolder: artifactsFolder,
    place: CallPlace(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A spec file relative to the calling test file's folder, read with that folder allowed
/// (so its images and icons beside it load).
///
/// ```swift
/// let document = try loadFixture("Fixtures/inbox.yaml")  // beside this test file
/// ```
public func loadFixture(_ relativePath: String, filePath: String = #filePath) throws
  -> ListDocument
{
  let folder = URL(filePath: filePath).deletingLastPathComponent()
  return try ListDocument(contentsOf: folder.appending(path: relativePath), allowing: [folder])
}

/// A trait that sets the record mode of the goldens checked in a test or a suite, as
/// swift-snapshot-testing's `.snapshots(record:)` does.
///
/// ```swift
/// @Test(.goldens(record: .missing)) func newScreen() { expectGolden(screen) }
/// ```
public struct GoldenRecordTrait: TestTrait, SuiteTrait, TestScoping {
  /// The mode goldens are checked with inside the test or suite.
  public var mode: RecordMode

  /// Applies to every test of a suite too.
  public var isRecursive: Bool { true }

  /// Runs the test with the mode set.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await GoldenSettings.$record.withValue(mode) { try await function() }
  }
}

extension Trait where Self == GoldenRecordTrait {
  /// Checks the test's (or suite's) goldens in `record` mode.
  public static func goldens(record: RecordMode) -> Self { GoldenRecordTrait(mode: record) }
}

// MARK: - Inside

/// Where a check was called.
struct CallPlace {
  let fileID: String
  let filePath: String
  let line: Int
  let column: Int

  var sourceLocation: SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

enum GoldenSettings {
  /// The record mode a `.goldens(record:)` trait sets.
  @TaskLocal static var record: RecordMode?
}

/// One renderer for the whole test run (its fonts and Pango state are built once), used by one
/// check at a time (a renderer is not thread-safe).
private let shared = Mutex<ListRenderer?>(nil)
/// Captions of failure panels, drawn by their own renderer.
private let panelCaptions = Captions()

/// The run's renderer, made on first use.
private func made(_ state: inout ListRenderer?) throws -> ListRenderer {
  if let state { return state }
  let renderer = try ListRenderer()
  state = renderer
  return renderer
}

/// The image strategy for `document`, with the fingerprint of the fonts its text uses.
private func documentStrategy(_ renderer: ListRenderer?, for document: ListDocument) throws
  -> GoldenStrategy<ListDocument, Bitmap>
{
  if let renderer {
    var strategy = GoldenStrategy<ListDocument, Bitmap>.image(renderer: renderer)
    strategy.fingerprint = try renderer.fingerprint(for: document)
    return strategy
  }
  var strategy = GoldenStrategy<Bitmap, Bitmap>.image.pullback { (document: ListDocument) in
    try shared.withLock { state in try made(&state).render(document) }
  }
  strategy.fingerprint = try shared.withLock { state in
    try made(&state).fingerprint(for: document)
  }
  // The golden keeps the layout, and a failure is explained with it.
  strategy.prepare = { document, check in
    let tree = try shared.withLock { state in try made(&state).layout(document) }
    GoldenExplanation.attach(to: &check, tree: tree, document: document)
  }
  return strategy
}

private func bitmapStrategy(_ fingerprint: [String: String]) -> GoldenStrategy<Bitmap, Bitmap> {
  var strategy = GoldenStrategy<Bitmap, Bitmap>.image
  strategy.fingerprint = fingerprint
  return strategy
}

/// Default names handed out in this run: the golden path → the test that wrote it, and how
/// many goldens each test has named by default.
private let namesInRun = Mutex<(owners: [String: String], counts: [String: Int])>(([:], [:]))

/// The check: the golden's name and path, the record mode, the comparison.
func check<Value, Format>(
  _ value: Value, as strategy: GoldenStrategy<Value, Format>, named name: String?,
  policy: GoldenPolicy, record: RecordMode?, goldenFolder: String?, artifactsFolder: String?,
  place: CallPlace, testID explicitID: String? = nil
) throws -> GoldenReport {
  let root = packageRoot(from: place.filePath)
  let golden = goldenFolder ?? (root as NSString).appendingPathComponent("Golden")
  let artifacts = artifactsFolder ?? GoldenCheck.defaultArtifactsFolder(root: root)
  let testID = explicitID ?? Test.current.map { "\($0.id)" } ?? place.fileID
  let resolved = try name ?? defaultName(place: place, testID: testID, format: strategy.format)
  var goldenPath = (golden as NSString).appendingPathComponent(
    resolved + "." + strategy.format.pathExtension)
  // A still image golden kept as a manifest (`listrender goldens pack`) is read as one, its
  // image from the store $LISTRENDER_STORE names.
  let manifest = (golden as NSString).appendingPathComponent(
    resolved + "." + GoldenManifest.pathExtension)
  let still = RasterFormat.allCases.contains { $0.fileExtension == strategy.format.pathExtension }
  if still, FileManager.default.fileExists(atPath: manifest) { goldenPath = manifest }
  let mode = try record ?? GoldenSettings.record ?? .fromEnvironment()
  // Two tests that may write one golden would overwrite each other's recordings (reading one
  // golden from several tests is fine).
  if mode != .never {
    try namesInRun.withLock { state in
      if let owner = state.owners[goldenPath], owner != testID {
        throw GoldenNameClash.twoTests(path: goldenPath, first: owner, second: testID)
      }
      state.owners[goldenPath] = testID
    }
  }
  var checker = GoldenCheck(
    artifactsFolder: artifacts, policy: policy, fingerprint: strategy.fingerprint)
  checker.caption = panelCaptions.forPanels
  if let store = ProcessInfo.processInfo.environment["LISTRENDER_STORE"], !store.isEmpty {
    checker.store = try GoldenStores.open(store)
  }
  checker.recordAdvice = { mode, _ in
    "LISTRENDER_RECORD=\(mode.rawValue) swift test, or record: .\(mode.rawValue) at the call or in a .goldens(record:) trait"
  }
  try strategy.prepare?(value, &checker)
  return try checker.verify(
    try strategy.snapshot(value), as: strategy.format, name: resolved, goldenPath: goldenPath,
    mode: mode)
}

/// `<TestFile>/<testName>`, then `.2`, `.3` for the same test's later goldens of one format.
private func defaultName<Format>(place: CallPlace, testID: String, format: GoldenFormat<Format>)
  throws -> String
{
  let file = ((place.filePath as NSString).lastPathComponent as NSString).deletingPathExtension
  guard let test = Test.current else {
    throw GoldenNameClash.noCurrentTest(file: file)
  }
  // The cases of a parameterized test run in any order, so numbered names would follow the
  // order they ran in (Swift Testing does not give the case's arguments to name it by).
  if Test.Case.current?.isParameterized == true {
    throw GoldenNameClash.parameterized(test: "\(file)/\(test.name)")
  }
  var base = test.name
  if let open = base.firstIndex(of: "(") { base = String(base[..<open]) }
  let key = testID + "|" + format.pathExtension
  let count = namesInRun.withLock { state -> Int in
    state.counts[key, default: 0] += 1
    return state.counts[key, default: 1]
  }
  return "\(file)/\(base)" + (count > 1 ? ".\(count)" : "")
}

/// Two tests named the same golden, or no name could be found.
enum GoldenNameClash: Error, CustomStringConvertible {
  /// Two tests write the golden at `path`.
  case twoTests(path: String, first: String, second: String)
  /// A default name was needed outside a Swift Testing test.
  case noCurrentTest(file: String)
  /// A default name was needed in a parameterized test.
  case parameterized(test: String)

  var description: String {
    switch self {
    case .twoTests(let path, let first, let second):
      "\(path) is written by two tests: \(first) and \(second); give one of them `named:`"
    case .noCurrentTest(let file):
      "\(file): name the golden (`named:`) when checking outside a Swift Testing test"
    case .parameterized(let test):
      "\(test): a parameterized test's goldens need `named:` (for example `named: \"settings-\\(size)\"`): its cases run in any order, so default names would go to whichever case ran first"
    }
  }
}

/// The issue a report calls for, or nil when it passed.
func issueMessage(_ report: GoldenReport) -> String? {
  switch report.outcome {
  case .passed: nil
  case .recorded:
    "recorded \(report.goldenPath) — look at it, then run again"
  case .missing, .failed, .error: report.message
  }
}

private func expect(_ place: CallPlace, _ body: () throws -> GoldenReport) {
  do {
    if let message = issueMessage(try body()) {
      Issue.record(Comment(rawValue: message), sourceLocation: place.sourceLocation)
    }
  } catch {
    Issue.record(error, sourceLocation: place.sourceLocation)
  }
}

private func require(_ place: CallPlace, _ body: () throws -> GoldenReport) throws {
  let report = try body()
  let message = issueMessage(report)
  let matched = message == nil
  try #require(matched, Comment(rawValue: message ?? ""), sourceLocation: place.sourceLocation)
}

/// The nearest folder above `filePath` that holds a `Package.swift` (else the file's folder).
package func packageRoot(from filePath: String) -> String {
  var folder = parentPath(filePath)
  while folder != "/" && !folder.isEmpty {
    if FileManager.default.fileExists(
      atPath: (folder as NSString).appendingPathComponent("Package.swift"))
    {
      return folder
    }
    folder = parentPath(folder)
  }
  return parentPath(filePath)
}
