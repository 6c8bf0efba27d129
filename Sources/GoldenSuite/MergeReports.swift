import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListModel

/// The file in a report folder that keeps every case's result, for `listrender merge-reports`.
let resultsFile = "results.json"

/// What `results.json` holds: the run's summary facts and one entry a case, with the report's
/// own copies of its images (paths relative to the report folder).
struct ResultsFile: Codable {
  /// `listrender-results 1`: what made the file, and its version.
  var format: String
  /// The fixtures folder as the run named it.
  var fixtures: String
  /// The command that accepts a change (the report's accept lines).
  var acceptCommand: [String]
  /// Seconds the run took.
  var seconds: Double
  /// Which share of the suite the run checked, `i/n` (an unsharded run is `1/1`; Bazel's
  /// 0-based `TEST_SHARD_INDEX` of `TEST_TOTAL_SHARDS` is `index + 1/total`).
  var shard: String
  /// The suite the run split: a digest of its fixtures, variants and filters, the same in
  /// every shard of one suite.
  var suite: String
  /// The goldens folder as the run named it.
  var goldens: String?
  /// The goldens folder as an absolute path when the run wrote the file (what `listrender
  /// accept` writes into when it is there).
  var goldensPath: String?
  /// The goldens folder relative to the report folder (what `listrender accept` writes into
  /// when the absolute path is not there: a report moved with its project).
  var goldensFromReport: String?
  /// When the run was made (ISO 8601) and the digest of its results: what a review names.
  var run: String?
  var resultsDigest: String?
  /// Every case, with its position, its images and its environment note.
  var cases: [CaseRecord]

  static let currentFormat = "listrender-results 2"
}

/// Writes `folder/results.json` beside the report page.
func writeResultsFile(
  _ results: [SuiteResult], shown: [Int: ShownCase], context: ReportContext, fixtures: String,
  goldens: String?, goldensAbsolute: String? = nil, split: SuiteSplit, to folder: String
) throws {
  let cases = results.enumerated().map { index, result -> CaseRecord in
    let report = result.report
    var sizes: [Int]?
    if case .sizeMismatch(let expected, let actual)? = report.verdict {
      sizes = [expected.width, expected.height, actual.width, actual.height]
    }
    var record = CaseRecord(result, fixture: result.suiteCase.fixture)
    record.position = result.suiteCase.position
    record.sizes = sizes
    record.shown = shown[index] ?? ShownCase()
    record.actualSHA256 = record.shown?.actualSHA256
    record.otherEnvironment = report.otherEnvironment
    return record
  }
  // Written case by case (one JSON object a line): a run of ten thousand cases never holds
  // the whole document as a tree of JSON values. The head is encoded without its cases, which
  // are added before its closing brace (key order does not matter to a reader).
  struct Head: Encodable {
    var format: String
    var fixtures: String
    var acceptCommand: [String]
    var seconds: Double
    var shard: String
    var suite: String
    var goldens: String?
    var goldensPath: String?
    var goldensFromReport: String?
    var run: String
    var resultsDigest: String
  }
  // Where the goldens are, absolute and from the report folder: never from the folder a later
  // command runs in.
  let goldensPath = goldensAbsolute ?? goldens.map { canonical($0) }
  let goldensFromReport = goldensPath.map { relativePath(from: canonical(folder), to: $0) }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  var out = try encoder.encode(
    Head(
      format: ResultsFile.currentFormat, fixtures: fixtures,
      acceptCommand: context.acceptCommand, seconds: context.seconds,
      shard: split.shard.description, suite: split.suite, goldens: goldens,
      goldensPath: goldensPath, goldensFromReport: goldensFromReport,
      run: ISO8601DateFormatter().string(from: context.date),
      resultsDigest: runResultsDigest(results, shown: shown)))
  out.removeLast()  // the head's closing brace
  out += Array(",\"cases\":[\n".utf8)
  out.reserveCapacity(out.count + cases.count * 400)
  for (index, entry) in cases.enumerated() {
    out += try encoder.encode(entry)
    out += Array((index + 1 < cases.count ? ",\n" : "\n").utf8)
  }
  out += Array("]}\n".utf8)
  try AtomicFile.write(out, to: (folder as NSString).appendingPathComponent(resultsFile))
}

/// A JSON file read as an untrusted one (a regular file of at most `maxBytes`) and decoded, or
/// the failure `fail` makes of what went wrong.
func readJSONFile<Value: Decodable>(
  _ type: Value.Type, at path: String, maxBytes: Int, missing: String,
  unreadable: (Error) -> String, undecodable: (Error) -> String,
  fail: (String) -> CommandFailure
) throws -> Value {
  let bytes: [UInt8]
  do {
    guard let read = try InputFile.read(path, maxBytes: maxBytes) else { throw fail(missing) }
    bytes = read
  } catch let failure as CommandFailure {
    throw failure
  } catch {
    throw fail(unreadable(error))
  }
  do {
    return try JSONDecoder().decode(Value.self, from: Data(bytes))
  } catch {
    throw fail(undecodable(error))
  }
}

/// `listrender merge-reports`: report folders written by the shards of one suite, joined into
/// one report as an unsharded run of the same cases would have written it (summary, case list
/// and verdicts; every failure's images; last-failed for the whole suite).
package struct ReportMerge: Sendable {
  /// The shards' report folders.
  package var folders: [String]
  /// The merged report folder.
  package var report: String
  /// What the merge writes for CI besides the report (JUnit, JSON), in order.
  package var outputs: [ReportOutput]

  /// A merge of `folders` into `report`.
  package init(folders: [String], report: String, outputs: [ReportOutput] = []) {
    self.folders = folders
    self.report = report
    self.outputs = outputs
  }

  /// The largest `results.json` read: 64 MiB, about 250,000 cases (10,000 are 2.5 MB), so that
  /// decoding a hostile file stays bounded.
  static let resultsLimit = 64 << 20

  /// Reads the folders, refuses one that is not a report or two that share a case (exit 2),
  /// and writes the merged report; its results, in the suite's order.
  package func run() throws -> SuiteRun {
    guard !folders.isEmpty else {
      throw CommandFailure("merge-reports: no report folders given", status: ExitStatus.badInput)
    }
    // Every shard of one suite, each once, before anything is read further or written.
    let files = try folders.map { ($0, try Self.read($0)) }
    // Nothing written is read: not a shard's results.json, not a shard's folder.
    try checkRunOutputs(
      outputs.compactMap(\.file).map { ($0.option, Optional($0.path)) },
      inputs: folders.map {
        (
          "the shard report \($0)'s \(resultsFile)",
          ($0 as NSString).appendingPathComponent(resultsFile)
        )
      }, report: report)
    if let shard = folders.first(where: { canonical($0) == canonical(report) }) {
      throw CommandFailure(
        "merge-reports: --report \(report) is the shard report \(shard); give a folder of its own",
        status: ExitStatus.badInput)
    }
    let split = try Self.checkShards(files.map { ($0.0, $0.1.shard, $0.1.suite) })
    var results: [(position: Int, result: SuiteResult)] = []
    var seen: [String: String] = [:]
    var fixtures: String?
    var acceptCommand: [String]?
    var goldens: String?
    var goldensPath: String?
    var seconds = 0.0
    // Text diffs of the shards are written here for the merged page to read, then removed.
    let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "listrender-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for (folder, file) in files {
      fixtures = fixtures ?? file.fixtures
      acceptCommand = acceptCommand ?? file.acceptCommand
      goldens = goldens ?? file.goldens
      goldensPath = goldensPath ?? file.goldensPath
      seconds = max(seconds, file.seconds)
      for entry in file.cases {
        if let other = seen[entry.name] {
          throw CommandFailure(
            "merge-reports: \(other) and \(folder) both have the case \(entry.name); shards of one suite do not overlap",
            status: ExitStatus.badInput)
        }
        seen[entry.name] = folder
        let result = try Self.result(entry, in: folder, scratch: scratch, index: results.count)
        results.append((result.suiteCase.position, result))
      }
    }
    let ordered = results.sorted {
      ($0.position, $0.result.report.name) < ($1.position, $1.result.report.name)
    }
    .map(\.result)
    let counts = outcomeCounts(ordered)
    let summary = summaryLine(
      ordered.count, counts, seconds: seconds, after: " (\(folders.count) shards merged)",
      tolerant: tolerantCount(ordered))
    try claimReportFolder(report)
    var options = SuiteConfiguration(fixtures: fixtures ?? "Fixtures", report: report)
    options.outputs = outputs
    do {
      // The whole suite's failures: this is every case there is.
      let path = (report as NSString).appendingPathComponent(lastFailedFile)
      try AtomicFile.write(
        Array(ordered.filter(\.report.isFailure).map { $0.report.name + "\n" }.joined().utf8),
        to: path)
      let context = ReportContext(
        summary: summary, seconds: seconds,
        acceptCommand: acceptCommand ?? ["listrender", "record"])
      let shown = try writeReport(ordered, context: context, to: report)
      // The shards' images were read from copies taken aside (removed when the merge ends):
      // the outputs name the merged report's own copies, which stay.
      let kept = Self.pointingIntoReport(ordered, shown: shown, report: report)
      try ReportOutput.write(
        outputs, kept, seconds: seconds, options: options,
        events: { _ in })
      try writeResultsFile(
        kept, shown: shown, context: context, fixtures: options.fixtures, goldens: goldens,
        goldensAbsolute: goldensPath, split: split, to: report)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error)
    }
    return SuiteRun(results: ordered, summary: summary)
  }

  /// The shards `folders` hold, as `(folder, shard, suite)`: one suite, one way of splitting
  /// it, every share once. The merged report is the whole suite, share 1 of 1.
  /// - Throws: ``CommandFailure`` (exit 1) naming the shards missing, held twice, or the
  ///   folders of another suite or split; exit 2 for a shard that does not read as `i/n`.
  static func checkShards(_ shards: [(folder: String, shard: String, suite: String)]) throws
    -> SuiteSplit
  {
    func fail(_ why: String) -> CommandFailure {
      CommandFailure("merge-reports: \(why)", status: ExitStatus.failure)
    }
    var parsed: [(folder: String, shard: Shard, suite: String)] = []
    for entry in shards {
      guard let shard = try? Shard(parsing: entry.shard) else {
        throw CommandFailure(
          "merge-reports: \(entry.folder) is not a listrender report folder (\(resultsFile) names the shard '\(entry.shard)', not i/n)",
          status: ExitStatus.badInput)
      }
      parsed.append((entry.folder, shard, entry.suite))
    }
    let first = parsed[0]
    if let other = parsed.first(where: { $0.suite != first.suite }) {
      throw fail(
        "\(first.folder) and \(other.folder) are shards of different suites (other fixtures, variants or filters); merge the shards of one run"
      )
    }
    if let other = parsed.first(where: { $0.shard.count != first.shard.count }) {
      throw fail(
        "\(first.folder) is shard \(first.shard) and \(other.folder) is shard \(other.shard): the suite was split two ways"
      )
    }
    var holders: [Int: String] = [:]
    for entry in parsed {
      if let other = holders[entry.shard.index] {
        throw fail("\(other) and \(entry.folder) are both shard \(entry.shard)")
      }
      holders[entry.shard.index] = entry.folder
    }
    // Counted, not listed: a shard count read from a file may be as large as 2^63. The first
    // 20 missing are named, found among at most (shards given + 20) indices.
    let missingCount = first.shard.count - holders.count
    if missingCount > 0 {
      var names: [String] = []
      var index = 1
      while names.count < min(20, missingCount) {
        if holders[index] == nil { names.append("\(index)/\(first.shard.count)") }
        index += 1
      }
      throw fail(
        "shard\(missingCount == 1 ? "" : "s") \(names.joined(separator: ", "))\(missingCount > 20 ? " and \(missingCount - 20) more" : "") missing: \(parsed.count) of \(first.shard.count) given; merge every shard's report"
      )
    }
    return SuiteSplit(shard: try Shard(index: 1, of: 1), suite: first.suite)
  }

  /// A shard's `results.json`, checked: a regular file of bounded size in a folder listrender
  /// marked as its report, in this format.
  static func read(_ folder: String, command: String = "merge-reports") throws -> ResultsFile {
    let path = (folder as NSString).appendingPathComponent(resultsFile)
    let marker = (folder as NSString).appendingPathComponent(reportMarker)
    func notReport(_ why: String) -> CommandFailure {
      CommandFailure(
        "\(command): \(folder) is not a listrender report folder (\(why))",
        status: ExitStatus.badInput)
    }
    guard FileManager.default.fileExists(atPath: marker) else {
      throw notReport("no \(reportMarker)")
    }
    let file = try readJSONFile(
      ResultsFile.self, at: path, maxBytes: resultsLimit, missing: "no \(resultsFile)",
      unreadable: { "\(resultsFile): \($0)" },
      undecodable: { "\(resultsFile) does not read: \($0)" },
      fail: notReport)
    guard file.format == ResultsFile.currentFormat else {
      throw notReport("\(resultsFile) is '\(file.format)', not '\(ResultsFile.currentFormat)'")
    }
    return file
  }

  /// `results` with each failure's artifacts named by the merged report's own copies of its
  /// images (`report/images/…`); a text diff, which the page shows but does not copy, and the
  /// three-panel image, which a shard's report does not keep, are left out.
  static func pointingIntoReport(_ results: [SuiteResult], shown: [Int: ShownCase], report: String)
    -> [SuiteResult]
  {
    results.enumerated().map { index, result in
      guard result.report.artifacts != nil else { return result }
      var changed = result.report
      let images = shown[index]?.images ?? [:]
      func path(_ role: String) -> String? {
        images[role].map { (report as NSString).appendingPathComponent($0) }
      }
      if path("expected") != nil || path("actual") != nil || path("diff") != nil {
        changed.artifacts = GoldenReport.Artifacts(
          expected: path("expected") ?? "", actual: path("actual") ?? "", diff: path("diff"),
          panel: nil)
      } else {
        changed.artifacts = nil
      }
      return result.with(report: changed)
    }
  }

  /// One shard's case as a result whose images are the shard report's own copies.
  static func result(_ entry: CaseRecord, in folder: String, scratch: String, index: Int)
    throws -> SuiteResult
  {
    // A shard's entries always hold their position and what the page shows.
    guard let position = entry.position, let shown = entry.shown else {
      throw CommandFailure(
        "merge-reports: \(folder)/\(resultsFile): case \(entry.name) has no position or images",
        status: ExitStatus.badInput)
    }
    guard let outcome = GoldenReport.Outcome(rawValue: entry.outcome) else {
      throw CommandFailure(
        "merge-reports: \(folder)/\(resultsFile): case \(entry.name) has the outcome '\(entry.outcome)'",
        status: ExitStatus.badInput)
    }
    var copies = 0
    func inside(_ relative: String?) throws -> String? {
      // Only the report's own images, opened beneath its folder (no absolute path, no `..`,
      // no link at any step) and images by their content: a copy of each is taken aside, so
      // nothing named by results.json is read again by path.
      guard let relative, relative.hasPrefix("images/"),
        let bytes = try? InputFile.readImage(
          relative, beneath: folder, maxBytes: InputFile.maxImageBytes),
        let kind = InputFile.imageKind(bytes)
      else { return nil }
      copies += 1
      let path = (scratch as NSString).appendingPathComponent(
        "\(index)-\(copies).\(kind.fileExtension)")
      try AtomicFile.write(bytes, to: path)
      return path
    }
    var verdict: GoldenVerdict?
    if let sizes = entry.sizes, sizes.count == 4 {
      verdict = .sizeMismatch(
        expected: GoldenVerdict.Size(width: sizes[0], height: sizes[1]),
        actual: GoldenVerdict.Size(width: sizes[2], height: sizes[3]))
    } else if let differing = entry.differingPixels {
      verdict =
        differing == 0
        ? .identical
        : outcome == .failed
          ? .different(differing: differing, total: entry.totalPixels ?? 0)
          : .withinTolerance(differing: differing, total: entry.totalPixels ?? 0)
    }
    var artifacts: GoldenReport.Artifacts?
    if outcome != .passed, outcome != .recorded {
      var diff = try inside(shown.images["diff"])
      if diff == nil, let text = shown.textDiff {
        let path = (scratch as NSString).appendingPathComponent("\(index).diff")
        try AtomicFile.write(Array(text.utf8), to: path)
        diff = path
      }
      let expected = try inside(shown.images["expected"])
      let actual = try inside(shown.images["actual"])
      if expected != nil || actual != nil || diff != nil {
        artifacts = GoldenReport.Artifacts(
          expected: expected ?? "", actual: actual ?? "", diff: diff, panel: nil)
      }
    }
    // The golden's path is the shard's, as text for the outputs; only its image copy is read.
    var report = GoldenReport(
      name: entry.name, outcome: outcome, verdict: verdict, goldenPath: entry.golden,
      artifacts: artifacts, message: entry.message)
    report.otherEnvironment = entry.otherEnvironment
    report.explanation = entry.explanation ?? []
    report.masked = entry.masked ?? []
    var result = SuiteResult(
      suiteCase: SuiteCase(
        fixture: entry.fixture, name: entry.name, variant: entry.variant, combination: [],
        position: position),
      report: report, render: nil)
    result.seconds = entry.seconds
    result.fromShard = true
    result.shardGolden = try inside(shown.images["golden"])
    return result
  }
}
