import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListLayout
import ListModel
import ListRender
import Synchronization

/// The file in the report folder naming the cases that failed in the last run.
let lastFailedFile = "last-failed.txt"

extension SuiteConfiguration {
  /// The cases `--filter` and `--last-failed` select (all when neither is given).
  func select(_ cases: [SuiteCase]) throws -> [SuiteCase] {
    var selected = cases
    if !filter.isEmpty {
      selected = selected.filter { suiteCase in
        filter.contains { pattern in
          pattern.contains(where: { "*?[".contains($0) })
            ? fnmatch(pattern, suiteCase.name, 0) == 0 : suiteCase.name.contains(pattern)
        }
      }
    }
    if lastFailed {
      let names = Set(lastFailedNames())
      selected = selected.filter { names.contains($0.name) }
    }
    return selected
  }

  /// The names in the report folder's last-failed list.
  func lastFailedNames() -> [String] {
    let path = (report as NSString).appendingPathComponent(lastFailedFile)
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
      .map(String.init)
  }

  /// Why no case was selected: the filters and the nearest case names, or an empty
  /// last-failed list.
  func noCaseMessage(among names: [String]) -> String {
    var parts: [String] = []
    if !filter.isEmpty {
      let given = filter.map { "'\($0)'" }.joined(separator: ", ")
      var nearest: [String] = []
      for pattern in filter {
        for name in NameSuggestions.nearest(to: pattern, in: names) where !nearest.contains(name) {
          nearest.append(name)
        }
      }
      // A glob's literal part compared with each name's start, when edit distance finds none.
      if nearest.isEmpty, let pattern = filter.first {
        let stem = String(pattern.prefix { !"*?[".contains($0) })
        nearest = Array(
          names.sorted {
            commonPrefix(stem, $0) > commonPrefix(stem, $1)
          }.prefix(3))
      }
      parts.append(
        "--filter \(given) matched no case of \(names.count)"
          + (nearest.isEmpty ? "" : "; the nearest are \(nearest.joined(separator: ", "))"))
    }
    if lastFailed {
      let failed = lastFailedNames()
      parts.append(
        failed.isEmpty
          ? "--last-failed: the last verify recorded no failure"
          : "--last-failed: none of the \(failed.count) cases that failed last is selected")
    }
    if parts.isEmpty { parts.append("no case was selected") }
    return parts.joined(separator: "; ")
      + " (--pass-with-no-cases lets a run that checks nothing pass)"
  }

  /// `listrender record` with `--filter` for each case named, as a shell reads it.
  package func acceptCommand(filtering names: [String]) -> String {
    shellCommand(acceptCommand + names.flatMap { ["--filter", $0] })
  }

  /// `listrender record … --last-failed`, as a shell reads it: records exactly the cases and
  /// variants this run's verify found failing or missing.
  package var acceptCommandForLastFailed: String {
    shellCommand(
      acceptCommand + (report == "report" ? [] : ["--report", report]) + ["--last-failed"])
  }

  /// `listrender record` as this run was given: fixtures, goldens, read folders, variants and
  /// the golden format, without shard or filter.
  var acceptCommand: [String] {
    var words = ["listrender", "record", fixtures]
    if let golden { words += ["--golden", golden] }
    if let fixturesRoot { words += ["--fixtures-root", fixturesRoot] }
    for folder in allowedFolders { words += ["--allow-path", folder] }
    for axis in variants {
      words += ["--variants", "\(axis.name)=\(axis.values.joined(separator: ","))"]
    }
    if goldenFormat != .png { words += ["--golden-format", goldenFormat.rawValue] }
    return words
  }
}

/// How many leading characters two strings share.
private func commonPrefix(_ a: String, _ b: String) -> Int {
  zip(a, b).prefix { $0 == $1 }.count
}

/// Updates the report folder's list of failing cases for `--last-failed`: the cases this run
/// checked are taken out, those that failed put back; cases it did not run keep their entry
/// (a filtered run, or a record of one case, forgets no other failure).
func updateLastFailed(_ results: [SuiteResult], report: String) throws {
  let ran = Set(results.map(\.report.name))
  let path = (report as NSString).appendingPathComponent(lastFailedFile)
  let kept = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    .map(String.init).filter { !ran.contains($0) }
  let names = kept + results.filter(\.report.isFailure).map(\.report.name)
  try AtomicFile.write(Array(names.map { $0 + "\n" }.joined().utf8), to: path)
}

/// JUnit XML as Jenkins, GitLab and GitHub's reporters read it, within Jenkins' JUnit schema
/// (so no attribute it does not declare): one `testsuite` for the run, one `testcase` per case
/// (classname: the case's folder; name: the rest, with its variant), a `failure` for a failed
/// or missing case, an `error` for one that could not be checked; the fixture's path is in the
/// message.
func writeJUnit(
  _ results: [SuiteResult], seconds: Double, options: SuiteConfiguration, to path: String
)
  throws
{
  let failures = results.filter { $0.report.outcome == .failed || $0.report.outcome == .missing }
  let errors = results.filter { $0.report.outcome == .error }
  var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  xml +=
    "<testsuites name=\"listrender\" tests=\"\(results.count)\" failures=\"\(failures.count)\" errors=\"\(errors.count)\" time=\"\(format(seconds))\">\n"
  xml +=
    "  <testsuite name=\"\(markupEscape(options.fixtures))\" tests=\"\(results.count)\" failures=\"\(failures.count)\" errors=\"\(errors.count)\" skipped=\"0\" time=\"\(format(seconds))\" timestamp=\"\(ISO8601DateFormatter().string(from: Date()))\">\n"
  for result in results {
    let name = result.report.name
    let folder = parentPath(name)
    xml +=
      "    <testcase classname=\"\(markupEscape(folder.isEmpty ? "." : folder))\" name=\"\(markupEscape(lastPathPart(name)))\" time=\"\(format(result.seconds))\""
    let message = result.report.message
    // The failure's first line, and why (the explanation's summary) when it can be said.
    let first =
      (message.split(separator: "\n").first.map(String.init) ?? message)
      + (result.report.explanation.first.map { "; why: " + $0 } ?? "")
    switch result.report.outcome {
    case .passed, .recorded:
      xml += "/>\n"
    case .failed, .missing:
      xml +=
        ">\n      <failure message=\"\(markupEscape(first))\" type=\"\(result.report.outcome.rawValue)\">\(markupEscape(message))</failure>\n    </testcase>\n"
    case .error:
      xml +=
        ">\n      <error message=\"\(markupEscape(first))\" type=\"error\">\(markupEscape(message))</error>\n    </testcase>\n"
    }
  }
  xml += "  </testsuite>\n</testsuites>\n"
  try AtomicFile.write(Array(xml.utf8), to: path)
}

/// The summary and every case's result as JSON.
func writeJSON(
  _ results: [SuiteResult], seconds: Double, options: SuiteConfiguration, to path: String
)
  throws
{
  struct Summary: Encodable {
    var cases: Int
    var passed: Int
    var failed: Int
    var missing: Int
    var recorded: Int
    var errors: Int
    /// Passed only within the tolerance a golden from another environment gets.
    var withinTolerance: Int
    var seconds: Double
  }
  struct Run: Encodable {
    var summary: Summary
    var cases: [CaseRecord]
  }
  let counts = outcomeCounts(results)
  let count = { (outcome: GoldenReport.Outcome) in counts[outcome] ?? 0 }
  let cases = results.map { result -> CaseRecord in
    var record = CaseRecord(
      result,
      fixture: (options.fixtures as NSString).appendingPathComponent(result.suiteCase.fixture))
    if let found = result.report.artifacts {
      var paths = ["expected": found.expected, "actual": found.actual]
      paths["diff"] = found.diff
      paths["panel"] = found.panel
      record.artifacts = paths
    }
    return record
  }
  let run = Run(
    summary: Summary(
      cases: results.count, passed: count(.passed), failed: count(.failed),
      missing: count(.missing), recorded: count(.recorded), errors: count(.error),
      withinTolerance: tolerantCount(results), seconds: seconds),
    cases: cases)
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  try AtomicFile.write(Array(try encoder.encode(run)) + [0x0A], to: path)
}

/// CI annotations for failing cases, pointing at their fixtures.
func annotationLines(
  _ results: [SuiteResult], options: SuiteConfiguration, style: ReportOutput.AnnotationStyle
) -> [String] {
  results.filter(\.report.isFailure).map { result in
    let file = (options.fixtures as NSString).appendingPathComponent(result.suiteCase.fixture)
    // A spec error's message starts with `file:line:column:`: the annotation points there.
    let (line, column) = specPosition(result.report.message, file: file) ?? (1, nil)
    let place = "line=\(line)" + (column.map { ",col=\($0)" } ?? "")
    switch style {
    case .githubActions:
      return
        "::error file=\(annotationProperty(file)),\(place),title=\(annotationProperty(result.report.name))::\(annotationData(result.report.message))"
    }
  }
}

/// The line and column a message starting with `file:line:column:` gives, when `file` is the
/// fixture's.
func specPosition(_ message: String, file: String) -> (Int, Int?)? {
  guard message.hasPrefix(file + ":") else { return nil }
  let rest = message.dropFirst(file.count + 1)
  let parts = rest.split(separator: ":", maxSplits: 2)
  guard let line = parts.first.flatMap({ Int($0) }), line > 0 else { return nil }
  let column = parts.count > 1 ? Int(parts[1]) : nil
  return (line, column)
}

/// A workflow command's message: `%`, CR and LF as `%25`, `%0D`, `%0A` (GitHub's rules), and
/// any other control character shown as `\u{1B}`, so a text from a file starts no command.
func annotationData(_ text: String) -> String {
  terminalSafe(
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A"), lineBreaks: false)
}

func annotationProperty(_ text: String) -> String {
  annotationData(text).replacingOccurrences(of: ":", with: "%3A")
    .replacingOccurrences(of: ",", with: "%2C")
}

private func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

/// Re-compresses PNG goldens losslessly with zopflipng (keeping their text chunks), replacing
/// each only by a smaller file that decodes to the same pixels and keeps the fingerprint; the
/// total sizes before and after.
func optimizeGoldens(_ paths: [String], jobs: Int) throws -> (before: Int, after: Int) {
  let tool = "/usr/bin/zopflipng"
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    throw CommandFailure(
      "--optimize needs zopflipng: install it with apt-get install zopfli",
      status: ExitStatus.failure)
  }
  let sizes = Mutex<(before: Int, after: Int, failure: String?)>((0, 0, nil))
  let next = Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, paths.count))) { _ in
    while case let index = next.add(1, ordering: .relaxed).oldValue, index < paths.count {
      let path = paths[index]
      do {
        let (before, after) = try optimize(path, with: tool)
        sizes.withLock {
          $0.before += before
          $0.after += after
        }
      } catch {
        sizes.withLock { $0.failure = $0.failure ?? "\(path): \(error)" }
      }
    }
  }
  let result = sizes.withLock { $0 }
  if let failure = result.failure {
    throw CommandFailure("--optimize: \(failure)", status: ExitStatus.failure)
  }
  return (result.before, result.after)
}

/// Why a golden could not be re-compressed.
private struct OptimizeError: Error, CustomStringConvertible {
  let description: String
}

/// One golden through zopflipng; its size before and after.
private func optimize(_ path: String, with tool: String) throws -> (Int, Int) {
  let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  let file = try TemporaryFile(for: path)
  close(file.descriptor)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = ["-y", "--keepchunks=tEXt,iTXt,sRGB,pHYs", path, file.path]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw OptimizeError(description: "zopflipng failed (status \(process.terminationStatus))")
  }
  let smaller = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
  // Only a smaller file with the same pixels and text replaces the golden.
  guard smaller.count < original.count,
    try PNGCodec.decode(smaller) == PNGCodec.decode(original),
    PNGText.read(smaller) == PNGText.read(original)
  else { return (original.count, original.count) }
  try file.commit()
  return (original.count, smaller.count)
}

extension GoldenVerdict? {
  /// The differing and total pixel counts a JSON result gives (0 differing for identical; nil
  /// where no pixels were compared).
  var pixelCounts: (differing: Int?, total: Int?) {
    switch self {
    case .withinTolerance(let differing, let total)?, .different(let differing, let total)?:
      (differing, total)
    case .identical?: (0, nil)
    case .sizeMismatch?, nil: (nil, nil)
    }
  }
}

/// What a run or a merge writes for CI besides its HTML report: one value an output, in the
/// order they are written. A new format (SARIF, TAP) is one more case, which the compiler leads
/// to every place that writes, names or asks for outputs.
public enum ReportOutput: Hashable, Sendable {
  /// JUnit XML at a path.
  case junit(String)
  /// The run's summary and cases as JSON at a path.
  case json(String)
  /// One line a failed case for a CI service, told as ``SuiteEvent/annotation(_:)``.
  case annotations(AnnotationStyle)

  /// The CI services whose annotation lines a run can tell.
  public enum AnnotationStyle: Hashable, Sendable {
    /// GitHub Actions' workflow commands: `::error file=…,line=1,title=…::message`.
    case githubActions
  }

  /// The outputs a command line asks for: `--junit` (else, under `bazel test`, the JUnit file
  /// Bazel reads, `XML_OUTPUT_FILE`), `--json`, and annotations under GitHub Actions
  /// (`GITHUB_ACTIONS=true`).
  package static func asked(junit: String?, json: String?, environment: [String: String]) throws
    -> [ReportOutput]
  {
    var outputs: [ReportOutput] = []
    if let junit = try junit ?? BazelTest(environment: environment).junit {
      outputs.append(.junit(junit))
    }
    if let json { outputs.append(.json(json)) }
    if environment["GITHUB_ACTIONS"] == "true" { outputs.append(.annotations(.githubActions)) }
    return outputs
  }

  /// The option that names this output's file, and the file (nil for none).
  package var file: (option: String, path: String)? {
    switch self {
    case .junit(let path): ("--junit", path)
    case .json(let path): ("--json", path)
    case .annotations: nil
    }
  }

  /// Writes every output for `results`, telling annotation lines through `events`.
  static func write(
    _ outputs: [ReportOutput], _ results: [SuiteResult], seconds: Double,
    options: SuiteConfiguration, events: (SuiteEvent) -> Void
  ) throws {
    for output in outputs {
      switch output {
      case .junit(let path):
        try writeJUnit(results, seconds: seconds, options: options, to: path)
      case .json(let path):
        try writeJSON(results, seconds: seconds, options: options, to: path)
      case .annotations(let style):
        for line in annotationLines(results, options: options, style: style) {
          events(.annotation(line))
        }
      }
    }
  }
}

/// One case as the suite's machine-readable files record it: `--json`'s cases and the entries
/// of `results.json` (which `merge-reports` reads back) are this one record. `--json` gives
/// the fixture's path and the artifacts; `results.json` the position, a size mismatch's sizes,
/// the images the report page shows and an environment note. Absent values are left out.
struct CaseRecord: Codable {
  var name: String
  var fixture: String
  var variant: String
  var position: Int?
  var outcome: String
  var message: String
  var golden: String
  var differingPixels: Int?
  var totalPixels: Int?
  var sizes: [Int]?
  var artifacts: [String: String]?
  var seconds: Double
  var shown: ShownCase?
  /// What differs in the environment a golden compared tolerantly was recorded in.
  var otherEnvironment: String?
  /// Why a failed image golden differs, most telling first (the first line is the summary).
  var explanation: [String]?
  /// The SHA-256 of the actual image the report shows, which a review accepts by.
  var actualSHA256: String?
  /// The elements the comparison left out (`ignore:`, `--ignore`, `mask: true`).
  var masked: [String]?

  /// The record of `result` with the fixture's path as the file names it.
  init(_ result: SuiteResult, fixture: String) {
    let report = result.report
    (differingPixels, totalPixels) = report.verdict.pixelCounts
    name = report.name
    self.fixture = fixture
    variant = result.suiteCase.variant
    outcome = report.outcome.rawValue
    message = report.message
    golden = report.goldenPath
    seconds = result.seconds
    explanation = report.explanation.isEmpty ? nil : report.explanation
    masked = report.masked.isEmpty ? nil : report.masked
  }
}
