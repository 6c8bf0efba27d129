import Foundation
import GoldenImage
import ImageCodec
import ListLayout
import ListModel
import ListRender

/// What a suite run checks and writes: a folder of fixtures (every `.yaml`/`.json` below it is
/// a case), the goldens folder, how cases are chosen, compared and recorded, and the reports.
/// `listrender verify` and `record` fill it from their options.
///
/// ```swift
/// var configuration = SuiteConfiguration(fixtures: "Fixtures")
/// configuration.filter = ["rows/*"]
/// let run = try GoldenSuite(configuration).run()
/// #expect(run.exitStatus == 0)
/// ```
public struct SuiteConfiguration: Sendable {
  /// The fixtures folder.
  public var fixtures: String
  /// The goldens folder; nil: the fixtures folder with its `Fixtures` part read as `Golden`.
  public var golden: String?
  /// Cases rendered in parallel, one renderer each; nil: the number of cores.
  public var jobs: Int?
  /// `i/n`: the i-th of n deterministic shares of the cases.
  public var shard: Shard?
  /// Axes of variants, each a canvas key and its values; every combination is rendered.
  public var variants: [VariantAxis]
  /// A Mística brand token file in place of its brand's built-in skin (`--tokens`), for every
  /// case drawn in that brand.
  package var tokens: (brand: MisticaSkin, file: MisticaTokenFile)?
  /// Whether each case's layout dump is checked against `<case>.layout.json` too.
  public var layout: Bool
  /// Whether each case's accessibility snapshot is checked against `<case>.accessibility.json`
  /// too (a case with such a golden is checked anyway).
  public var accessibility: Bool
  /// Whether each case's accessibility audit is checked against `<case>.audit.json` (and
  /// recorded there): a finding the golden does not list fails. A case that keeps such a golden
  /// is checked either way.
  public var audit: Bool
  /// Check only the accessibility audit (`<case>.audit.json`, required for every case): the
  /// image, layout, animation and accessibility goldens are not compared, so a copy edit does
  /// not fail an accessibility gate. With ``accessibilityOnly``, both.
  public var auditOnly = false
  /// Check only what VoiceOver reads (`<case>.accessibility.json`, required for every case),
  /// as ``auditOnly`` does for the audit.
  public var accessibilityOnly = false

  /// Paths in messages shown as something else: under Bazel the test's output folder, zipped
  /// away when the test ends, is named as the `outputs.zip` it becomes.
  package var shownPaths: [(path: String, shown: String)] = []

  /// Whether only the accessibility checks run (``auditOnly`` or ``accessibilityOnly``).
  var checksImages: Bool { !auditOnly && !accessibilityOnly }

  /// A PNG laying out each case's variants, labelled.
  public var contactSheet: String?
  /// The HTML report's folder (a new or empty folder, or one a suite run made).
  public var report: String
  /// How images are compared.
  public var policy: GoldenPolicy
  /// Where failure images go; nil: `.build/golden-artifacts` (`listrender` passes
  /// `$LISTRENDER_ARTIFACTS` when it is set: the library reads no environment).
  public var artifacts: String?
  /// Only the cases whose name matches one of these globs or substrings.
  public var filter: [String]
  /// Where manifest goldens (`<case>.golden`) keep their images (`--store`): a folder, its
  /// files under `cas/<sha256>`. With it, every still golden recorded is a manifest; nil: none
  /// is written, and a manifest case passes by its pixel digest alone.
  public var store: String?
  /// Elements every case's image comparison leaves out (`--ignore`): element paths with `*`
  /// globs (`sections[*].cells[*].detail`), or `id:ROW` for a row by its id. One that matches
  /// nothing in any case rendered fails the run.
  public var ignore: [String] = []
  /// Only the cases that failed in the last run (kept in the report folder).
  public var lastFailed: Bool
  /// Fixture files that are not cases: globs or substrings matched against each file's path
  /// below the fixtures folder (`partials/*`, `draft`). Files that other fixtures read as an
  /// animation's `update: { file: }` are never cases, with or without this.
  public var exclude: [String] = []
  /// What the run writes for CI besides its report (JUnit, JSON, annotations), in order.
  public var outputs: [ReportOutput] = []
  /// Which goldens may be written.
  public var mode: RecordMode
  /// Re-compress passing PNG goldens losslessly with zopflipng afterwards.
  public var optimize: Bool
  /// The folder every fixture may read files from (shared assets); nil: the nearest folder
  /// named `Fixtures` that holds ``fixtures`` (itself included), else ``fixtures``.
  public var fixturesRoot: String?
  /// More folders the fixtures may read files from (`--allow-path`).
  public var allowedFolders: [String] = []
  /// The file format of the still goldens this run writes (one of either format is read
  /// whichever it is; `.all` rewrites every golden in this format).
  public var goldenFormat: RasterFormat = .png
  /// Whether a run that selects no case (a filter matching nothing) passes; by default it
  /// fails, since it checked nothing.
  public var passWithNoCases = false
  /// Whether the run updates the report folder's last-failed list (`verify` does; `record`
  /// does not, so recording one case forgets no other failure).
  public var updatesLastFailed = true
  /// A folder of results to reuse (`verify --cache`): a case whose every input is unchanged
  /// since it last passed (its spec and the files it reads, the fonts, the renderer, the options
  /// that decide a verdict, its goldens) passes without being rendered. Only when nothing is
  /// recorded. Nil: every case is rendered.
  public var cache: String?
  /// The most results the cache keeps; the least recently used go first.
  public var cacheSize = 100_000

  /// A configuration: by default every case of `fixtures`, compared and never recorded, the
  /// report in `report/`.
  public init(
    fixtures: String = "Fixtures", golden: String? = nil, jobs: Int? = nil, shard: Shard? = nil,
    variants: [VariantAxis] = [], layout: Bool = false, contactSheet: String? = nil,
    report: String = "report", policy: GoldenPolicy = GoldenPolicy(), artifacts: String? = nil,
    filter: [String] = [], lastFailed: Bool = false, outputs: [ReportOutput] = [],
    mode: RecordMode = .never, optimize: Bool = false, fixturesRoot: String? = nil,
    allowedFolders: [String] = [], accessibility: Bool = false, audit: Bool = false,
    goldenFormat: RasterFormat = .png
  ) {
    self.audit = audit
    self.goldenFormat = goldenFormat
    self.accessibility = accessibility
    self.fixtures = fixtures
    self.golden = golden
    self.jobs = jobs
    self.shard = shard
    self.variants = variants
    self.layout = layout
    self.contactSheet = contactSheet
    self.report = report
    self.policy = policy
    self.artifacts = artifacts
    self.filter = filter
    self.lastFailed = lastFailed
    self.outputs = outputs
    self.mode = mode
    self.optimize = optimize
    self.fixturesRoot = fixturesRoot
    self.allowedFolders = allowedFolders
  }

  /// The folders a fixture may read files from: ``fixturesRoot`` (or the enclosing `Fixtures`
  /// folder) and ``allowedFolders``.
  public var readableFolders: [String] {
    if let fixturesRoot { return [fixturesRoot] + allowedFolders }
    var folder = URL(fileURLWithPath: fixtures).standardizedFileURL
    while folder.path != "/" {
      if folder.lastPathComponent == "Fixtures" { return [folder.path] + allowedFolders }
      folder = folder.deletingLastPathComponent()
    }
    return [fixtures] + allowedFolders
  }

  /// `jobs`, or the number of cores.
  public var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  /// `--golden`, or the fixtures folder with its last `Fixtures` component read as `Golden`,
  /// so `verify Fixtures/rows` compares with `Golden/rows`.
  public var goldenFolder: String {
    if let golden { return golden }
    var parts = fixtures.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let index = parts.lastIndex(of: "Fixtures") else { return "Golden" }
    parts[index] = "Golden"
    return parts.joined(separator: "/")
  }

}
