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

  @OptionGroup var reportOptions: ReportOptions

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
      "The most results --cache keeps (\(OptionRange.cacheSize.text); default 100,000); the least recently used go first.",
      valueName: "n"))
  var cacheSize: Int?

  func validate() throws {
    try require(jobs, in: OptionRange.workers, option: "jobs")
    if cache?.isEmpty == true {
      throw ValidationError("--cache needs a folder; got an empty path")
    }
    try require(cacheSize, in: OptionRange.cacheSize, option: "cache-size")
    if ignore.count > SpecLimits.maxIgnorePatterns {
      throw ValidationError("--ignore: at most \(SpecLimits.maxIgnorePatterns) patterns")
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
    var configuration = SuiteConfiguration(
      fixtures: fixtures, golden: golden, jobs: jobs, shard: try shard.map(Shard.init(parsing:)),
      variants: try variants.map(VariantAxis.init(parsing:)), layout: layout,
      contactSheet: contactSheet, report: report ?? "report", policy: policy,
      artifacts: artifacts ?? GoldenCheck.defaultArtifactsFolder(environment), filter: filter,
      lastFailed: lastFailed, outputs: try reportOptions.outputs(environment: environment),
      mode: mode, optimize: optimize, fixturesRoot: fixturesRoot,
      allowedFolders: fileAccess.allowedFolders, accessibility: accessibility, audit: audit,
      goldenFormat: goldenFormat)
    configuration.passWithNoCases = passWithNoCases
    configuration.exclude = exclude
    configuration.ignore = ignore
    configuration.store = store
    configuration.auditOnly = auditOnly
    configuration.accessibilityOnly = accessibilityOnly
    configuration.updatesLastFailed = updatesLastFailed
    configuration.cache = cache
    if let cacheSize { configuration.cacheSize = cacheSize }
    configuration.tokens = try tokensOption.file()
    // A verdict cached without the file would not be this run's.
    if configuration.tokens != nil { configuration.cache = nil }
    try configuration.applyBazel(
      environment, reportGiven: report != nil, artifactsGiven: artifacts != nil)
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
    try GoldenSuite(try options.configuration(mode: try record ?? RecordMode.fromEnvironment()))
      .runOnTerminal()
  }
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
    try GoldenSuite(
      try options.configuration(
        mode: all ? .all : .failed, optimize: optimize, updatesLastFailed: false)
    ).runOnTerminal()
  }
}
