import ArgumentParser
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListRender
import Synchronization

/// Options shared by `verify` and `record`.
struct SuiteOptions: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The fixtures folder: every .yaml/.json below it is a case.", valueName: "dir"))
  var fixtures = "Fixtures"

  @Option(
    help: ArgumentHelp(
      "The goldens folder (a case <area>/<case> is <golden>/<area>/<case>.png).",
      discussion:
        "Default: the fixtures folder with its `Fixtures` part read as `Golden` (Fixtures/rows → Golden/rows), else Golden.",
      valueName: "dir"))
  var golden: String?

  @Option(
    name: [.short, .long],
    help: ArgumentHelp(
      "Render this many cases in parallel, one renderer each (default: the number of cores).",
      valueName: "n"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Take the i-th of n deterministic shares of the cases, as i/n (1-based).",
      discussion:
        "Without it, Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX (0-based) choose the share, and TEST_SHARD_STATUS_FILE is touched."
    ))
  var shard: String?

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "An axis of variants, key=value,value; repeat for more axes (every combination is rendered).",
      discussion:
        "Keys: any canvas key (appearance, direction, contentSize, theme, scale, width, …), or skin for Mística's brands (skin=movistar,vivo,o2,telefonica,blau,tu,esimflag); e.g. --variants appearance=light,dark --variants direction=ltr,rtl.",
      valueName: "key=values"))
  var variants: [String] = []

  @Flag(
    help: ArgumentHelp(
      "Also check each case's geometry against <golden>/<case>.layout.json.",
      discussion:
        "The layout dump (every element's frame and text lines, as `render --layout` writes it) is compared line by line; `record --layout` writes it."
    ))
  var layout = false

  @Flag(
    help: ArgumentHelp(
      "Also check what VoiceOver reads against <golden>/<case>.accessibility.json.",
      discussion:
        "The accessibility snapshot (as `render --accessibility` writes it) is compared line by line; a case with such a golden is checked without the flag; `record --accessibility` writes it for every case."
    ))
  var accessibility = false

  @Flag(
    help: ArgumentHelp(
      "Also check each case's accessibility audit against <golden>/<case>.audit.json.",
      discussion:
        "The findings of `listrender audit` (contrast, target size, clipped text, missing labels), one a line: a finding the golden lists is accepted, a new one fails and is named; a case with such a golden is checked without the flag; `record --audit` writes it for every case."
    ))
  var audit = false

  @Flag(
    help: ArgumentHelp(
      "Check only each case's accessibility audit (<case>.audit.json), not its images.",
      discussion:
        "For an accessibility gate: a copy edit that changes the image does not fail it. Filters, shards, variants and --cache apply; `record --audit-only` writes only the audit goldens."
    ))
  var auditOnly = false

  @Flag(
    help: ArgumentHelp(
      "Check only what VoiceOver reads (<case>.accessibility.json), not the images.",
      discussion: "As --audit-only, for accessibility snapshots; the two may be given together."
    ))
  var accessibilityOnly = false

  @Option(
    help: ArgumentHelp(
      "Also lay out each case's variants, labelled, in one PNG.", valueName: "file"))
  var contactSheet: String?

  @Option(
    help: ArgumentHelp(
      "Folder of the HTML report (index.html and its images); a new or empty folder, or one listrender made (default: report, or $TEST_UNDECLARED_OUTPUTS_DIR/report under Bazel).",
      valueName: "dir"))
  var report: String?

  @Option(
    help: ArgumentHelp(
      "pixelmatch threshold, \(OptionRange.unit.text).",
      discussion:
        "Default: exact (0, anti-aliased pixels counted) for a golden recorded in this environment, 0.1 for one from another."
    ))
  var threshold: Double?

  @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels too.")
  var includeAA = false

  @Option(help: "Pass a case when at most this many pixels differ.")
  var maxDiffPixels: Int?

  @Option(
    help: "Pass a case when at most this fraction of its pixels differ (\(OptionRange.unit.text)).")
  var maxDiffPixelRatio: Double?

  @Option(
    help: ArgumentHelp(
      "Where failure images go (default: $LISTRENDER_ARTIFACTS or .build/golden-artifacts).",
      valueName: "dir"))
  var artifacts: String?

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "Only the cases whose name matches: a glob (rows/*, *@dark) or a substring; repeatable.",
      valueName: "pattern"))
  var filter: [String] = []

  @Flag(help: "Only the cases that failed in the last run (kept in the report folder).")
  var lastFailed = false

  @Option(
    help: ArgumentHelp(
      "Where manifest goldens (<case>.golden) keep their images: a folder (files under cas/<sha256>). With it, record writes manifests.",
      valueName: "store"))
  var store: String?

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "Elements every comparison leaves out (a clock, a date): an element path with * globs (sections[*].cells[*].detail) or id:ROW; repeatable. One matching nothing is an error.",
      valueName: "pattern"))
  var ignore: [String] = []

  @Option(
    parsing: .singleValue,
    help: ArgumentHelp(
      "Fixture files that are not cases: a glob (partials/*) or a substring of the path below the fixtures folder; repeatable. Files that fixtures read as update files never are.",
      valueName: "pattern"))
  var exclude: [String] = []

  @Option(help: ArgumentHelp("Also write JUnit XML (one test case per case).", valueName: "file"))
  var junit: String?

  @Option(
    help: ArgumentHelp(
      "Also write the summary and every case's result as JSON.", valueName: "file"))
  var json: String?

  @Option(
    name: .customLong("fixtures-root"),
    help: ArgumentHelp(
      "The folder every fixture may read files from (default: the nearest folder named Fixtures that holds <dir>, else <dir>).",
      valueName: "dir"))
  var fixturesRoot: String?

  @OptionGroup var fileAccess: PathOptions

  @OptionGroup var tokensOption: TokensOptions

  @Flag(
    name: .customLong("pass-with-no-cases"),
    help: "Exit 0 when --filter or --last-failed selects no case (by default that fails).")
  var passWithNoCases = false

  @Option(
    name: .customLong("golden-format"),
    help: ArgumentHelp(
      "The format of the still goldens written: png or webp (lossless, smaller).",
      discussion:
        "Goldens are read in either format; record --all rewrites every golden in this one."))
  var goldenFormat: RasterFormat = .png

  @Option(
    help: ArgumentHelp(
      "Reuse results kept in this folder (or an HTTP cache's <url>/ac/, shared by CI machines): a case none of whose inputs changed since it passed is passed unrendered.",
      discussion:
        "Inputs: the spec's bytes, every file it reads, the fonts, the renderer, the options that decide a verdict, and the goldens' bytes (SHA-256 keys). Folders may be shared by concurrent runs. Only when nothing is recorded.",
      valueName: "dir"))
  var cache: String?

  @Option(
    name: .customLong("cache-size"),
    help: ArgumentHelp(
      "The most results --cache keeps (1…10,000,000; default 100,000); the least recently used go first.",
      valueName: "n"))
  var cacheSize: Int?

  func validate() throws {
    try require(jobs, in: OptionRange.workers, option: "jobs")
    if cache?.isEmpty == true {
      throw ValidationError("--cache needs a folder; got an empty path")
    }
    if let cacheSize, !(1...10_000_000).contains(cacheSize) {
      throw ValidationError("--cache-size must be 1…10,000,000; got \(cacheSize)")
    }
    do {
      if let shard { _ = try Shard(parsing: shard) }
      for axis in variants { _ = try VariantAxis(parsing: axis) }
    } catch {
      throw ValidationError("\(error)")
    }
    try require(threshold, in: OptionRange.unit, option: "threshold")
    try require(maxDiffPixelRatio, in: OptionRange.unit, option: "max-diff-pixel-ratio")
  }

  /// The suite these options describe, recording as `mode` says.
  func configuration(
    mode: RecordMode, optimize: Bool = false, updatesLastFailed: Bool = true,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> SuiteConfiguration {
    let bazel = try BazelTest(environment: environment)
    var configuration = SuiteConfiguration(
      fixtures: fixtures, golden: golden, jobs: jobs,
      shard: try shard.map(Shard.init(parsing:)) ?? bazel.shard,
      variants: try variants.map(VariantAxis.init(parsing:)),
      layout: layout, contactSheet: contactSheet,
      report: report ?? bazel.outputs.map { ($0 as NSString).appendingPathComponent("report") }
        ?? "report",
      policy: policy,
      artifacts: artifacts
        ?? bazel.outputs.map { ($0 as NSString).appendingPathComponent("artifacts") }
        ?? GoldenCheck.defaultArtifactsFolder(environment),
      filter: filter, lastFailed: lastFailed, junit: junit ?? bazel.junit, json: json,
      mode: mode, optimize: optimize, fixturesRoot: fixturesRoot,
      allowedFolders: fileAccess.allowedFolders,
      accessibility: accessibility, audit: audit, goldenFormat: goldenFormat,
      annotations: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        ? .githubActions : nil)
    configuration.passWithNoCases = passWithNoCases
    configuration.exclude = exclude
    guard ignore.count <= SpecLimits.maxIgnorePatterns else {
      throw CommandFailure(
        "--ignore: at most \(SpecLimits.maxIgnorePatterns) patterns", status: ExitStatus.badInput)
    }
    configuration.ignore = ignore
    configuration.store = store
    configuration.auditOnly = auditOnly
    configuration.accessibilityOnly = accessibilityOnly
    configuration.updatesLastFailed = updatesLastFailed
    configuration.cache = cache
    if let cacheSize { configuration.cacheSize = cacheSize }
    if let tokens = try tokensOption.file() {
      configuration.tokens = tokens
      // A verdict cached without the file would not be this run's.
      configuration.cache = nil
    }
    if shard == nil { try bazel.touchShardStatus() }
    bazel.useTemporaryFolder()
    configuration.shownPaths = bazel.shownPaths
    return configuration
  }

  var policy: GoldenPolicy {
    var policy = GoldenPolicy()
    // Given options are used as they are; none: chosen from each golden's environment.
    if threshold != nil || includeAA {
      var options = ComparisonOptions()
      options.threshold = threshold ?? options.threshold
      options.includeAA = includeAA
      policy.options = options
    }
    policy.maxDiffPixels = maxDiffPixels
    policy.maxDiffPixelRatio = maxDiffPixelRatio
    return policy
  }
}

struct Verify: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Render every fixture and compare it with its golden; write an HTML report.",
    discussion: """
      Exit status: 0 when every case passes, 1 when any fails or is missing, 2 when a fixture \
      does not load or render (bad input: its message starts with the spec's \
      file:line:column) or the arguments are wrong.
      """)

  @OptionGroup var options: SuiteOptions

  @Option(
    help: ArgumentHelp(
      "Which goldens may be written (default: $LISTRENDER_RECORD, else never).",
      valueName: "mode"))
  var record: RecordMode?

  func validate() throws {
    do {
      _ = try RecordMode.fromEnvironment()
    } catch {
      throw ValidationError("\(error)")
    }
  }

  func run() throws {
    try runAsCommand(
      GoldenSuite(try options.configuration(mode: try record ?? RecordMode.fromEnvironment())))
  }
}

/// Runs a suite, printing what it tells: a progress bar (or one line a case when standard
/// error is not a terminal), failures, the summary and the files written; a
/// ``CommandFailure`` carrying the run's exit status when it is not 0.
func runAsCommand(_ suite: GoldenSuite) throws {
  let progress = Mutex<ProgressBar?>(nil)
  // Each warning once a run (a locale's fallback is the same for every case drawn in it).
  let warned = Mutex<Set<String>>([])
  let run = try suite.run { event in
    switch event {
    case .caseFinished(let result, let done, let total):
      let fresh = warned.withLock { seen in
        result.warnings.filter { seen.insert($0).inserted }
      }
      if !fresh.isEmpty {
        progress.withLock { bar in
          bar?.finish()
          bar = nil
        }
        for warning in fresh {
          Terminal.error(terminalSafe("\(result.suiteCase.fixture): warning: \(warning)") + "\n")
        }
      }
      let outcome = result.report.outcome.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      progress.withLock { bar in
        if bar == nil { bar = ProgressBar(total: total) }
        bar?.update(
          done: done, label: result.report.name, plainLine: "\(outcome) \(result.report.name)")
      }
    case .caseFailed(let result):
      progress.withLock { bar in
        bar?.finish()
        bar = nil
      }
      Terminal.error(terminalSafe(result.report.message) + "\n")
    case .summary(let summary):
      progress.withLock { bar in
        bar?.finish()
        bar = nil
      }
      print(summary)
    case .optimized(let goldens, let before, let after):
      print("optimized \(goldens) goldens: \(before / 1024) KB → \(after / 1024) KB")
    case .annotation(let line): print(line)
    case .wroteReport(let path):
      var shown = path
      for (folder, zip) in suite.configuration.shownPaths {
        shown = shown.replacingOccurrences(of: folder, with: zip)
      }
      print("report: \(shown)")
    case .wroteContactSheet(let path): print("contact sheet: \(path)")
    }
  }
  // Every failing case and variant at once: the list verify kept of them.
  let failing = run.results.filter { $0.report.outcome == .failed || $0.report.outcome == .missing }
  if !failing.isEmpty, suite.configuration.updatesLastFailed, suite.configuration.mode == .never {
    if suite.configuration.shownPaths.isEmpty {
      print("to accept every failure: \(suite.configuration.acceptCommandForLastFailed)")
    } else {
      // Under Bazel the report folder (and its last-failed list) is zipped away: the cases
      // are named, for a run from the workspace root.
      let names = failing.prefix(50).map(\.report.name)
      print(
        "to accept every failure, from the workspace root: \(suite.configuration.acceptCommand(filtering: names))"
          + (failing.count > 50 ? " (the first 50 of \(failing.count))" : ""))
    }
  }
  if run.exitStatus != 0 { throw CommandFailure(status: run.exitStatus) }
}

extension RecordMode: ExpressibleByArgument {}

struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Render every fixture and write its golden when missing or different.",
    discussion: "Look at each new image before committing it.")

  @OptionGroup var options: SuiteOptions

  @Flag(help: "Rewrite every golden, even matching ones.")
  var all = false

  @Flag(
    help: ArgumentHelp(
      "Then re-compress the cases' PNG goldens losslessly with zopflipng (Debian's zopfli).",
      discussion:
        "A golden is replaced only by a smaller file with the same pixels and its fingerprint."))
  var optimize = false

  func run() throws {
    try runAsCommand(
      GoldenSuite(
        try options.configuration(
          mode: all ? .all : .failed, optimize: optimize, updatesLastFailed: false)))
  }
}

/// Bazel's test protocol (https://bazel.build/reference/test-encyclopedia), read from the
/// environment `bazel test` gives a test: the shard (`TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX`,
/// 0-based, the same split as `--shard`), the shard status file it wants touched, where JUnit XML
/// goes (`XML_OUTPUT_FILE`), the folder for other outputs (`TEST_UNDECLARED_OUTPUTS_DIR`: the
/// report and the failure images) and for temporaries (`TEST_TMPDIR`). Outside Bazel all are nil.
struct BazelTest {
  var shard: Shard?
  var statusFile: String?
  var junit: String?
  var outputs: String?
  var temporary: String?

  init(environment: [String: String]) throws {
    func value(_ key: String) -> String? {
      guard let text = environment[key], !text.isEmpty else { return nil }
      return text
    }
    if let total = value("TEST_TOTAL_SHARDS") {
      guard let count = Int(total), count >= 1, count <= 1_000_000,
        let index = Int(value("TEST_SHARD_INDEX") ?? ""), (0..<count).contains(index)
      else {
        throw CommandFailure(
          "TEST_TOTAL_SHARDS=\(total) and TEST_SHARD_INDEX=\(environment["TEST_SHARD_INDEX"] ?? "") do not name a shard (0 ≤ index < total)",
          status: ExitStatus.badInput)
      }
      shard = try Shard(index: index + 1, of: count)
      statusFile = value("TEST_SHARD_STATUS_FILE")
    }
    junit = value("XML_OUTPUT_FILE")
    outputs = value("TEST_UNDECLARED_OUTPUTS_DIR")
    temporary = value("TEST_TMPDIR")
    target = value("TEST_TARGET")
  }

  /// Tells Bazel this test knows the sharding protocol: the status file is made (or its time
  /// updated), as touch(1) does: opened without waiting, so a FIFO never blocks (one with no
  /// reader has its time set by path).
  func touchShardStatus() throws {
    guard shard != nil, let statusFile else { return }
    let descriptor = open(
      statusFile, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENXIO, utimensat(AT_FDCWD, statusFile, nil, 0) == 0 { return }
    guard descriptor >= 0 else {
      throw CommandFailure(
        "TEST_SHARD_STATUS_FILE \(statusFile): \(String(cString: strerror(errno)))",
        status: ExitStatus.failure)
    }
    futimens(descriptor, nil)
    close(descriptor)
  }

  /// The test target (`//pkg:name`), which names where Bazel keeps the zipped outputs.
  var target: String?

  /// Under `bazel test`, the output folder as what it becomes: `bazel-testlogs/pkg/name/
  /// test.outputs/outputs.zip` (a sharded test's: `bazel-testlogs/pkg/name/shard_2_of_3/
  /// test.outputs/outputs.zip`; a target of the root package's: `bazel-testlogs/name/…`),
  /// read from the workspace (the folder itself is zipped away).
  var shownPaths: [(path: String, shown: String)] {
    guard let outputs, let target else { return [] }
    // `//pkg/sub:name`, `//:name`, `@repo//pkg:name`: the package's folders, then the name.
    let label = target.components(separatedBy: "//").last ?? target
    let colon = label.firstIndex(of: ":")
    let package = colon.map { String(label[..<$0]) } ?? label
    let name = colon.map { String(label[label.index(after: $0)...]) } ?? (lastPathPart(label))
    let path = (package.isEmpty ? "" : package + "/") + name
    let shardFolder = shard.map { $0.count > 1 ? "/shard_\($0.index)_of_\($0.count)" : "" } ?? ""
    let zip = "bazel-testlogs/\(path)\(shardFolder)/test.outputs/outputs.zip"
    let folder = outputs.hasSuffix("/") ? outputs : outputs + "/"
    return [(folder, zip + " → ")]
  }

  /// Temporary files (staging, optimisation) under `TEST_TMPDIR`, where Bazel cleans them.
  func useTemporaryFolder() {
    guard let temporary else { return }
    setenv("TMPDIR", temporary, 1)
  }
}
