import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListGoldens
import ListLayout
import ListModel
import ListRender
import Synchronization

/// One case of a suite run: a fixture, optionally in one variant.
public struct SuiteCase: Sendable {
  /// The fixture's path below the fixtures folder.
  public let fixture: String
  /// The case's name: the fixture's path without extension, `@variant` appended.
  public let name: String
  /// The variant's values joined by `-`; empty for none.
  public let variant: String
  let combination: [VariantAxis.Choice]
  /// Its place in the whole suite's order (every fixture, sorted, times every combination),
  /// whichever shard runs it: merged shard reports list cases in this order.
  var position = 0
}

/// The result of one case, with the render kept for the contact sheet when asked.
public struct SuiteResult: Sendable {
  /// The case.
  public let suiteCase: SuiteCase
  /// Its comparison (and layout comparison), as a golden test reports it.
  public let report: GoldenReport
  let render: Bitmap?
  /// Seconds the case took (render and check).
  public internal(set) var seconds = 0.0
  /// Whether it passed from the result cache, unrendered (``SuiteConfiguration/cache``).
  public internal(set) var cached = false
  /// The same result with another report (its message shown otherwise).
  func with(report: GoldenReport) -> SuiteResult {
    var result = SuiteResult(suiteCase: suiteCase, report: report, render: render)
    result.seconds = seconds
    result.cached = cached
    result.fromShard = fromShard
    result.shardGolden = shardGolden
    result.warnings = warnings
    result.ignoreMatched = ignoreMatched
    return result
  }

  /// Whether it was read from a shard's report by `merge-reports`: its report shows only the
  /// images that shard's folder held (``shardGolden``), never a file named by its paths.
  var fromShard = false
  /// A merged case's golden as its shard's report holds it (checked and copied aside).
  var shardGolden: String?
  /// What `render` would warn of for the case: a locale drawn in another the catalogs have, a
  /// keyed label whose translation is missing or unfinished.
  package internal(set) var warnings: [String] = []
  /// The `--ignore` patterns (by index) that matched an element of this case's layout.
  package internal(set) var ignoreMatched: Set<Int> = []
}

/// Results written by parallel workers, each into its own slot.
final class ResultStore: Sendable {
  private struct State {
    var results: [SuiteResult?]
    var next = 0
    var done = 0
  }
  private let state: Mutex<State>

  init(count: Int) { state = Mutex(State(results: Array(repeating: nil, count: count))) }

  /// The next index to work on, or nil when all are taken.
  func take() -> Int? {
    state.withLock { state in
      guard state.next < state.results.count else { return nil }
      state.next += 1
      return state.next - 1
    }
  }

  /// Stores a result; returns how many are done.
  func store(_ result: SuiteResult, at index: Int) -> Int {
    state.withLock { state in
      state.results[index] = result
      state.done += 1
      return state.done
    }
  }

  /// Every result, taken out of the store (which is left empty: a run of ten thousand cases
  /// holds its results once, not twice).
  func takeAll() -> [SuiteResult] {
    state.withLock { state in
      let all = state.results.compactMap { $0 }
      state.results = []
      return all
    }
  }
}

/// What a suite run tells as it goes, in order; it prints nothing itself (`listrender verify`
/// prints these).
public enum SuiteEvent: Sendable {
  /// A case finished, `done` of `total` (from the worker that ran it: cases finish in any
  /// order).
  case caseFinished(SuiteResult, done: Int, total: Int)
  /// A case that failed, missed its golden or could not be checked: its message, once every
  /// case has finished.
  case caseFailed(SuiteResult)
  /// The summary line (also ``SuiteRun/summary``).
  case summary(String)
  /// Passing goldens re-compressed by ``SuiteConfiguration/optimize``: how many, their bytes
  /// before and after.
  case optimized(goldens: Int, bytesBefore: Int, bytesAfter: Int)
  /// A line for the CI service of ``ReportOutput/annotations(_:)`` (one per failed case).
  case annotation(String)
  /// The HTML report's page was written.
  case wroteReport(String)
  /// The contact sheet was written.
  case wroteContactSheet(String)
}

/// A suite run: a folder of fixtures rendered and checked against their goldens, in parallel
/// (one renderer per worker), with a summary, the HTML report, and JUnit, JSON and
/// contact-sheet outputs when asked; what happens is told as ``SuiteEvent``s. What
/// `listrender verify` and `record` run.
///
/// ```swift
/// let run = try GoldenSuite(SuiteConfiguration(fixtures: "Fixtures/rows")).run()
/// #expect(run.summary.hasSuffix("0 failed, 0 missing, 0 recorded"))  // "12 cases: 12 passed, …"
/// ```
public struct GoldenSuite: Sendable {
  /// What to run.
  public var configuration: SuiteConfiguration

  /// A suite for a configuration.
  public init(_ configuration: SuiteConfiguration) { self.configuration = configuration }

  /// Runs every selected case, telling `events` what happens (from several threads while
  /// cases run); returns the results once the reports are written.
  /// - Throws: ``CommandFailure`` (exit status 2) when the fixtures folder, an output or the
  ///   report folder is unusable; a case that fails or cannot be rendered is a result, not an
  ///   error.
  public func run(events: @Sendable (SuiteEvent) -> Void = { _ in }) throws -> SuiteRun {
    try runSuite(
      configuration, mode: configuration.mode, optimize: configuration.optimize, events: events)
  }
}

/// The outcome of a suite run.
public struct SuiteRun: Sendable {
  /// One result per case, in case order.
  public let results: [SuiteResult]
  /// The summary line (`12 cases: 11 passed, 1 failed, …`).
  public let summary: String

  /// 0 when every case passed or was recorded, 1 when any failed or is missing, 2 when any
  /// could not be checked (a broken fixture).
  public var exitStatus: Int32 {
    if results.contains(where: { $0.report.outcome == .error }) { return ExitStatus.badInput }
    if results.contains(where: \.report.isFailure) { return ExitStatus.failure }
    return 0
  }
}

func runSuite(
  _ options: SuiteConfiguration, mode: RecordMode, optimize: Bool,
  events: @Sendable (SuiteEvent) -> Void
) throws -> SuiteRun {
  let started = Date()
  let fixtures = caseFixtures(try fixtureFiles(in: options.fixtures), options: options)
  try checkRunOutputs(
    options.outputs.compactMap(\.file).map { ($0.option, Optional($0.path)) }
      + [("--contact-sheet", options.contactSheet)],
    inputs: fixtures.map {
      ("the fixture \($0)", (options.fixtures as NSString).appendingPathComponent($0))
    }, report: options.report, goldens: options.goldenFolder)
  try claimReportFolder(options.report)
  let selected = fixtures.enumerated().filter { options.shard?.contains($0.offset) ?? true }
  // Each fixture's combinations: the same for all, unless `locale=all` asks each spec for its
  // catalogs' locales (a spec that cannot be read, or names no catalog, is checked once).
  let counted: [[[VariantAxis.Choice]]?] = fixtures.map { fixture in
    let axes =
      (try? VariantAxis.forSpec(options.variants) {
        try ListDocument.load(
          path: (options.fixtures as NSString).appendingPathComponent(fixture),
          allowing: options.readableFolders)
      }) ?? options.variants.filter { !$0.allLocales }
    // Counted before they are made: a run's cases are bounded.
    return VariantAxis.count(axes) <= VariantAxis.maxCases ? VariantAxis.combinations(axes) : nil
  }
  var caseCount = 0
  for (fixture, combinations) in zip(fixtures, counted) {
    guard let combinations else {
      throw CommandFailure(
        "--variants: \(fixture) alone makes more than \(VariantAxis.maxCases.formatted()) cases; at most \(VariantAxis.maxCases.formatted()) in one run (split the axes or the fixtures over several runs)",
        status: ExitStatus.badInput)
    }
    caseCount += combinations.count
    guard caseCount <= VariantAxis.maxCases else {
      throw CommandFailure(
        "--variants: the fixtures and their variants make more than \(VariantAxis.maxCases.formatted()) cases; at most \(VariantAxis.maxCases.formatted()) in one run (split the axes or the fixtures over several runs)",
        status: ExitStatus.badInput)
    }
  }
  let combinationsOf = counted.map { $0 ?? [] }
  // A case's place in the whole suite: every fixture's combinations before it, then its own.
  var firstPosition: [Int] = []
  var next = 0
  for combinations in combinationsOf {
    firstPosition.append(next)
    next += combinations.count
  }
  let all = selected.flatMap { index, fixture in
    combinationsOf[index].enumerated().map { offset, combination in
      let base = (fixture as NSString).deletingPathExtension
      let variant = combination.map(\.value).joined(separator: "-")
      return SuiteCase(
        fixture: fixture, name: variant.isEmpty ? base : "\(base)@\(variant)", variant: variant,
        combination: combination, position: firstPosition[index] + offset)
    }
  }
  let cases = try options.select(all)
  // A run that checks nothing is not a pass: a filter (or --last-failed) that selects no case
  // fails, naming what it looked for, unless the caller allows it.
  if cases.isEmpty, !all.isEmpty, !options.passWithNoCases {
    throw CommandFailure(options.noCaseMessage(among: all.map(\.name)), status: ExitStatus.failure)
  }
  let store = ResultStore(count: cases.count)
  let keepRenders = options.contactSheet != nil
  var checker = GoldenCheck(
    artifactsFolder: options.artifacts ?? GoldenCheck.defaultArtifactsFolder([:]),
    policy: options.policy, fingerprint: try ListRenderer().fingerprint())
  checker.caption = Captions().forPanels
  checker.store = try options.store.map { text in
    do {
      return try GoldenStores.open(text)
    } catch {
      throw CommandFailure("--store: \(error)", status: ExitStatus.badInput)
    }
  }
  // The exact command that records the failing case, variant included.
  let accept = options.acceptCommand
  checker.recordAdvice = { _, name in "`\(shellCommand(accept + ["--filter", name]))`" }
  let check = checker
  // Results are reused only when nothing may be recorded.
  let cache =
    try options.cache.flatMap { folder in
      mode == .never
        ? try ResultCache(
          folder: folder, limit: options.cacheSize, options: options,
          fingerprint: check.fingerprint) : nil
    }
  let workers = max(1, min(options.workers, cases.count))
  let readableFolders = options.readableFolders
  // One renderer per worker: a renderer (its Pango and fontconfig state) is not thread-safe.
  // Each case's pixel buffers are filled again by a later case's, not freed and faulted in.
  PixelMemory.reusing {
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      // A renderer that cannot be made says why in every case (a missing font names its package).
      let renderer = WorkerRenderer()
      while let index = store.take() {
        let suiteCase = cases[index]
        let caseStarted = Date()
        var result = runCase(
          suiteCase, options: options, mode: mode, check: check, renderer: renderer,
          keepRender: keepRenders, cache: cache, readableFolders: readableFolders)
        result.seconds = Date().timeIntervalSince(caseStarted)
        let done = store.store(result, at: index)
        events(.caseFinished(result, done: done, total: cases.count))
      }
    }
  }
  var results = store.takeAll()
  if !options.shownPaths.isEmpty {
    for index in results.indices {
      var report = results[index].report
      for (path, shown) in options.shownPaths {
        report.message = report.message.replacingOccurrences(of: path, with: shown)
      }
      results[index] = results[index].with(report: report)
    }
  }
  // An --ignore pattern that matched nothing in any case rendered left nothing out: an error,
  // as a --filter that selects nothing is.
  let rendered = results.filter { !$0.cached && $0.report.outcome != .error }
  if !options.ignore.isEmpty, !rendered.isEmpty {
    let matched = rendered.reduce(into: Set<Int>()) { $0.formUnion($1.ignoreMatched) }
    let unmatched = options.ignore.enumerated().filter { !matched.contains($0.offset) }
    if !unmatched.isEmpty {
      throw CommandFailure(
        "--ignore \(unmatched.map { "'\($0.element)'" }.joined(separator: ", ")) matched no element of the \(rendered.count) cases rendered (paths such as sections[*].cells[*].detail, or id:ROW)",
        status: ExitStatus.badInput)
    }
  }
  let elapsed = Date().timeIntervalSince(started)
  let counts = outcomeCounts(results)
  for result in results where result.report.isFailure { events(.caseFailed(result)) }
  let summary = summaryLine(
    results.count, counts, seconds: elapsed,
    note: cache.map { cache in
      "\(results.reduce(0) { $0 + ($1.cached ? 1 : 0) }) cached"
        + (cache.failureNote.map { "; " + $0 } ?? "")
    },
    tolerant: tolerantCount(results))
  cache?.trim()
  removeStaleArtifacts(results, folder: check.artifactsFolder)
  events(.summary(summary))
  if optimize {
    // The still PNGs only: zopflipng would drop an APNG's frames, and a text golden is no PNG
    // (a case's report may name either when that check was the one recorded).
    let goldens = results.filter { !$0.report.isFailure }.map {
      (options.goldenFolder as NSString).appendingPathComponent($0.suiteCase.name + ".png")
    }.filter { FileManager.default.fileExists(atPath: $0) }
    let (before, after) = try optimizeGoldens(goldens, jobs: options.workers)
    events(.optimized(goldens: goldens.count, bytesBefore: before, bytesAfter: after))
  }
  do {
    if options.updatesLastFailed { try updateLastFailed(results, report: options.report) }
    try ReportOutput.write(
      options.outputs, results, seconds: elapsed, options: options,
      events: events)
    let context = ReportContext(
      summary: summary, seconds: elapsed, acceptCommand: options.acceptCommand)
    let shown = try writeReport(results, context: context, to: options.report)
    try writeResultsFile(
      results, shown: shown, context: context, fixtures: options.fixtures,
      goldens: options.goldenFolder, split: try SuiteSplit(fixtures: fixtures, options: options),
      to: options.report)
    events(.wroteReport((options.report as NSString).appendingPathComponent("index.html")))
    if let sheet = options.contactSheet {
      try writeContactSheet(results, to: sheet)
      events(.wroteContactSheet(sheet))
    }
  } catch {
    throw CommandFailure.wrapping(error)
  }
  return SuiteRun(results: results, summary: summary)
}

private func runCase(
  _ suiteCase: SuiteCase, options: SuiteConfiguration, mode: RecordMode, check: GoldenCheck,
  renderer: WorkerRenderer, keepRender: Bool, cache: ResultCache? = nil,
  readableFolders: [String]
) -> SuiteResult {
  let (goldenPath, stillFormat, other) = stillGolden(suiteCase.name, options: options, mode: mode)
  do {
    // Fixtures may share files anywhere under the fixtures root (Fixtures/assets), also when
    // the suite runs one of its subfolders.
    let spec = (options.fixtures as NSString).appendingPathComponent(suiteCase.fixture)
    // Unchanged since it last passed: passed, unrendered (the spec is not even read as YAML).
    let cacheKey = cache.flatMap { cache in
      cacheInputs(suiteCase, goldenPath: goldenPath, options: options).flatMap {
        cache.key(
          name: suiteCase.name, variant: suiteCase.combination.map { ($0.axis, $0.value) },
          spec: spec, goldens: $0)
      }
    }
    if let cache, let cacheKey, cache.contains(cacheKey) {
      var result = SuiteResult(
        suiteCase: suiteCase,
        report: GoldenReport(
          name: suiteCase.name, outcome: .passed, verdict: nil, goldenPath: goldenPath,
          artifacts: nil, message: "\(suiteCase.name): passed (cached: no input changed)"),
        render: nil)
      result.cached = true
      return result
    }
    let renderer = try renderer.get()
    var document = try ListDocument.load(path: spec, allowing: readableFolders)
    try VariantAxis.apply(suiteCase.combination, to: &document)
    if let tokens = options.tokens, document.canvas.theme == .mistica,
      document.canvas.skin == tokens.brand
    {
      document.canvas.tokens = tokens.file
    }
    let (bitmap, tree) = try renderer.renderWithLayout(document)
    // The environment of this case: the fonts its text used (a brand font's CRC included).
    var check = check
    check.fingerprint = try renderer.fingerprint(for: document)
    // The golden keeps the layout it was drawn from, so that a failure can say what changed.
    let ignored = options.ignore.map(IgnorePattern.init(option:))
    GoldenExplanation.attach(to: &check, tree: tree, document: document, ignoring: ignored)
    // A spec's `ignore:` pattern that matches nothing is an error in the spec (as a filter
    // that selects nothing is): it would leave out nothing, silently.
    let specMatched = GoldenMasking(patterns: document.ignore).matched(
      tree: tree, document: document)
    for (index, pattern) in document.ignore.enumerated() where !specMatched.contains(index) {
      let message =
        "'\(pattern.description)' matches no element of this list (paths such as sections[0].cells[*].detail, or { id: ROW })"
      throw document.marks.ignore.indices.contains(index)
        ? document.marks.ignore[index].error(message)
        : CommandFailure("ignore[\(index)]: " + message, status: ExitStatus.badInput)
    }
    let ignoreMatched = GoldenMasking(patterns: ignored).matched(tree: tree, document: document)
    var report: GoldenReport
    if options.checksImages {
      report = try check.verify(
        bitmap, as: stillFormat, name: suiteCase.name, goldenPath: goldenPath, mode: mode)
      // A golden rewritten in the other format replaces the one it was read from.
      if report.outcome == .recorded, let other {
        try FileManager.default.removeItem(atPath: other)
      }
    } else {
      // --audit-only / --accessibility-only: the image is not compared; the checks below are
      // the case's verdict.
      report = GoldenReport(
        name: suiteCase.name, outcome: .passed, verdict: nil, goldenPath: goldenPath,
        artifacts: nil, message: "\(suiteCase.name): passed")
    }
    /// The golden of another kind beside the image (`<case>.<extension>`), when `wanted` (or,
    /// `whenKept`, when that golden exists): checked, its report combined with the image's.
    func alsoCheck<Format>(
      _ format: GoldenFormat<Format>, wanted: Bool, whenKept: Bool = false,
      _ value: () throws -> Format
    ) throws {
      let path = (options.goldenFolder as NSString).appendingPathComponent(
        suiteCase.name + "." + format.pathExtension)
      guard wanted || (whenKept && FileManager.default.fileExists(atPath: path)) else { return }
      report = report.combined(
        with: try check.verify(
          try value(), as: format, name: suiteCase.name, goldenPath: path, mode: mode))
    }
    let images = options.checksImages
    try alsoCheck(
      GoldenStrategy<LayoutTree, String>.layout.format, wanted: options.layout && images
    ) {
      try GoldenStrategy<LayoutTree, String>.layout.snapshot(tree)
    }
    // What VoiceOver reads, with --accessibility or where the case keeps it.
    try alsoCheck(
      GoldenStrategy<ListDocument, String>.accessibility(renderer: renderer).format,
      wanted: options.accessibility || options.accessibilityOnly,
      whenKept: images || options.accessibilityOnly
    ) { try ListRenderer.accessibilityJSON(of: document, tree: tree) }
    // The accessibility audit, with --audit or where the case keeps it: a new finding fails.
    try alsoCheck(
      GoldenFormat<AuditSnapshot>.audit, wanted: options.audit || options.auditOnly,
      whenKept: images || options.auditOnly
    ) {
      try renderer.auditSnapshot(document, tree: tree)
    }
    // An animated fixture keeps every frame too, as one APNG compared frame by frame.
    // The golden keeps every frame's layout, so that a failure says what changed and when.
    if document.animation != nil && images {
      let frames = try GoldenExplanation.framesAttached(
        to: &check, renderer: renderer, document: document)
      try alsoCheck(GoldenFormat<FrameSequence>.animation, wanted: true) { frames }
    }
    if let cache, let cacheKey, report.outcome == .passed {
      cache.store(cacheKey, document: document)
    }
    // The render's pixel buffer goes to the next case (unless the run keeps renders).
    if !keepRender { PixelMemory.recycle(bitmap.pixels) }
    // One worker renders thousands of documents: the text of earlier ones is not kept (a
    // document of more than 200 paragraphs keeps its own until the next case).
    renderer.forgetShapedText(beyond: 200)
    var result = SuiteResult(
      suiteCase: suiteCase, report: report, render: keepRender ? bitmap : nil)
    // What render would warn of: a locale drawn in another, a keyed label not finished.
    result.warnings =
      (document.marks.localeFallback.map { [$0] } ?? [])
      + document.marks.translationNotes.map(\.message) + document.marks.colorNotes
    result.ignoreMatched = ignoreMatched
    return result
  } catch {
    // A fixture that does not load or render is an error (exit 2), not a failed comparison;
    // its message starts with the spec's own file:line:column.
    let report = GoldenReport(
      name: suiteCase.name, outcome: .error, verdict: nil, goldenPath: goldenPath,
      artifacts: nil, message: error is SpecError ? "\(error)" : "\(suiteCase.name): \(error)")
    return SuiteResult(suiteCase: suiteCase, report: report, render: nil)
  }
}

/// The goldens a case's verdict reads, for its cache key: the still golden and every golden of
/// another kind it keeps; nil when one the run asks for is missing (the case must run to say
/// so). An animation golden removed changes the key, so it is never passed from the cache.
private func cacheInputs(_ suiteCase: SuiteCase, goldenPath: String, options: SuiteConfiguration)
  -> [String]?
{
  let manager = FileManager.default
  // A missing still golden leaves its digest unread: no key.
  var goldens = options.checksImages ? [goldenPath] : []
  let wanted = [
    "layout.json": options.layout && options.checksImages,
    "accessibility.json": options.accessibility || options.accessibilityOnly,
    "audit.json": options.audit || options.auditOnly,
  ]
  // Only the goldens a run compares are its inputs.
  let kinds =
    options.checksImages
    ? ["layout.json", "accessibility.json", "audit.json", "apng.png"]
    : (options.accessibilityOnly ? ["accessibility.json"] : [])
      + (options.auditOnly ? ["audit.json"] : [])
  for kind in kinds {
    let path = (options.goldenFolder as NSString).appendingPathComponent(
      suiteCase.name + "." + kind)
    if manager.fileExists(atPath: path) {
      goldens.append(path)
    } else if wanted[kind] == true {
      return nil
    }
  }
  return goldens
}

/// A worker's renderer, made when its first case needs one (a run whose cases all pass from
/// the cache loads no fonts); one that cannot be made says why in every case.
final class WorkerRenderer {
  private var made: Result<ListRenderer, any Error>?

  func get() throws -> ListRenderer {
    if let made { return try made.get() }
    let result = Result { try ListRenderer() }
    made = result
    return try result.get()
  }
}

/// A case's still golden: its path and format, and the golden of the other format that
/// recording it replaces. The existing golden is read whichever format it has (the configured
/// one first); a new golden, and every golden under `.all`, is written in the configured format.
private func stillGolden(_ name: String, options: SuiteConfiguration, mode: RecordMode) -> (
  path: String, format: GoldenFormat<Bitmap>, replaces: String?
) {
  func path(_ format: RasterFormat) -> String {
    (options.goldenFolder as NSString).appendingPathComponent(name + "." + format.fileExtension)
  }
  let chosen = options.goldenFormat
  // A manifest golden is read wherever there is one; with a store, every golden recorded is
  // one (replacing the case's image golden).
  let manifest = (options.goldenFolder as NSString).appendingPathComponent(
    name + "." + GoldenManifest.pathExtension)
  let image = RasterFormat.allCases.map(path).first { FileManager.default.fileExists(atPath: $0) }
  if FileManager.default.fileExists(atPath: manifest) {
    return (manifest, .image(in: chosen), mode == .never ? nil : image)
  }
  if options.store != nil, mode != .never {
    let writes = mode == .all || image == nil
    if writes { return (manifest, .image(in: chosen), image) }
  }
  let others = RasterFormat.allCases.filter { $0 != chosen }
  let existing = others.first { FileManager.default.fileExists(atPath: path($0)) }
  if let existing, !FileManager.default.fileExists(atPath: path(chosen)) {
    if mode == .all { return (path(chosen), .image(in: chosen), path(existing)) }
    return (path(existing), .image(in: existing), nil)
  }
  return (path(chosen), .image(in: chosen), nil)
}

extension GoldenReport {
  /// One case's checks (pixels, then layout or animation) as one report: the worse outcome,
  /// every message of a check that did not pass; the image's artifacts first, an animation's
  /// frames with them.
  func combined(with other: GoldenReport) -> GoldenReport {
    let rank: [Outcome: Int] = [.passed: 0, .recorded: 1, .missing: 2, .failed: 3, .error: 4]
    let worse = (rank[other.outcome] ?? 0) > (rank[outcome] ?? 0) ? other : self
    let messages = [self, other].filter { $0.outcome != .passed }.map(\.message)
    var files = artifacts ?? other.artifacts
    if files?.frames == nil { files?.frames = other.artifacts?.frames }
    var report = GoldenReport(
      name: name, outcome: worse.outcome, verdict: worse.verdict ?? verdict,
      goldenPath: worse.goldenPath, artifacts: files,
      message: messages.isEmpty ? message : messages.joined(separator: "\n"))
    report.otherEnvironment = otherEnvironment ?? other.otherEnvironment
    // Each golden's explanation, the still's first.
    report.explanation = explanation + other.explanation
    return report
  }
}

/// The fixture files that are cases: less those `exclude` names and those other fixtures read
/// as an animation's update file (found in the few fixtures whose text says `update`).
func caseFixtures(_ fixtures: [String], options: SuiteConfiguration) -> [String] {
  func matches(_ pattern: String, _ file: String) -> Bool {
    pattern.contains(where: { "*?[".contains($0) })
      ? fnmatch(pattern, file, 0) == 0 : file.contains(pattern)
  }
  let kept = fixtures.filter { file in !options.exclude.contains { matches($0, file) } }
  let folders = options.readableFolders
  var updateFiles = Set<String>()
  for file in kept {
    let path = (options.fixtures as NSString).appendingPathComponent(file)
    guard let bytes = InputFile.readPrefix(path, count: SpecLimits.maxFileBytes),
      bytes.firstRange(of: Array("update".utf8)) != nil,
      let document = try? ListDocument.load(path: path, allowing: folders)
    else { continue }
    updateFiles.formUnion(document.marks.specFiles.map(canonical))
  }
  guard !updateFiles.isEmpty else { return kept }
  return kept.filter {
    !updateFiles.contains(canonical((options.fixtures as NSString).appendingPathComponent($0)))
  }
}

/// Removes the failure images and texts an earlier run left for the cases that passed (or were
/// recorded) in this one: the artifacts folder then holds this run's failures only. The folder
/// is walked once; only files named as a case's artifacts are removed.
func removeStaleArtifacts(_ results: [SuiteResult], folder: String) {
  let passed = Set(
    results.filter { $0.report.outcome == .passed || $0.report.outcome == .recorded }.map(
      \.report.name))
  guard !passed.isEmpty, let walker = FileManager.default.enumerator(atPath: folder) else {
    return
  }
  var stale: [String] = []
  for case let relative as String in walker {
    if let name = artifactCase(relative), passed.contains(name) {
      stale.append(relative)
      // A case's frames folder goes whole.
      if relative.hasSuffix(".frames") { walker.skipDescendants() }
    }
  }
  for relative in stale {
    try? FileManager.default.removeItem(
      atPath: (folder as NSString).appendingPathComponent(relative))
  }
}

/// The case a file of the artifacts folder belongs to (`rows/a@dark.diff.png` → `rows/a@dark`),
/// or nil for a file that is no artifact.
func artifactCase(_ relative: String) -> String? {
  var stem = relative
  // An animation's first differing frame: `case.frame-0003.expected.png`.
  if let range = stem.range(of: ".frame-", options: .backwards),
    stem[range.upperBound...].prefix(4).allSatisfy(\.isNumber)
  {
    stem = String(stem[..<range.lowerBound]) + "." + stem[range.upperBound...].dropFirst(5)
    // `case.expected.png` from here on.
  }
  for suffix in artifactSuffixes where stem.hasSuffix(suffix) {
    return String(stem.dropLast(suffix.count))
  }
  return nil
}

/// The endings of a case's artifact files, longest first (made once, not once a file).
private let artifactSuffixes: [String] = {
  let kinds =
    RasterFormat.allCases.map(\.fileExtension)
    + ["apng.png", "layout.json", "accessibility.json", "audit.json"]
  var suffixes = [".diff.png", ".panel.png", ".audit.png", ".frames"]
  for kind in kinds {
    suffixes += [".expected.\(kind)", ".actual.\(kind)", ".\(kind).diff"]
  }
  return suffixes.sorted { $0.count > $1.count }
}()

/// Every .yaml/.json below `folder`, relative and sorted.
func fixtureFiles(in folder: String) throws -> [String] {
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
    let walker = FileManager.default.enumerator(atPath: folder)
  else {
    throw CommandFailure("\(folder): not a folder of fixtures", status: ExitStatus.badInput)
  }
  let files = walker.compactMap { $0 as? String }
    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
    .sorted()
  guard !files.isEmpty else {
    throw CommandFailure(
      "\(folder): no fixtures (.yaml or .json files) in this folder", status: ExitStatus.badInput)
  }
  return files
}

/// Each case's variants in a row, each image under its label, rows stacked.
private func writeContactSheet(_ results: [SuiteResult], to path: String) throws {
  let captions = Captions()
  var rows: [Bitmap] = []
  for group in Dictionary(grouping: results, by: \.suiteCase.fixture).sorted(by: { $0.key < $1.key }
  ) {
    let tiles = group.value.compactMap { result -> Bitmap? in
      guard let render = result.render else { return nil }
      let label = captions.strip(result.suiteCase.name, width: render.width)
      return Bitmap.stacked((label.map { [$0] } ?? []) + [render], gap: 0)
    }
    if !tiles.isEmpty { rows.append(Bitmap.sideBySide(tiles, gap: 16)) }
  }
  try AtomicFile.write(try PNGCodec.encode(Bitmap.stacked(rows, gap: 24)), to: path)
}

/// A string as a JSON (and so YAML) double-quoted literal.
func jsonString(_ text: String) -> String {
  let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
  return String(decoding: data, as: UTF8.self)
}

/// `12 cases: 11 passed, 1 failed, 0 missing, 0 recorded (note) in 1.23 s`, as a run and a
/// merge of shard reports print it.
func summaryLine(
  _ total: Int, _ counts: [GoldenReport.Outcome: Int], seconds: Double, note: String? = nil,
  after: String = "", tolerant: Int = 0
) -> String {
  "\(total) \(total == 1 ? "case" : "cases"): \(counts[.passed] ?? 0) passed, "
    + "\(counts[.failed] ?? 0) failed, \(counts[.missing] ?? 0) missing, "
    + "\(counts[.recorded] ?? 0) recorded"
    + (counts[.error].map { ", \($0) \($0 == 1 ? "error" : "errors")" } ?? "")
    + (note.map { " (\($0))" } ?? "") + " in " + String(format: "%.2f s", seconds) + after
    + (tolerant > 0
      ? "; \(tolerant) passed within tolerance: goldens from other environments" : "")
}

/// How many cases passed only within the tolerance a golden from another environment gets.
func tolerantCount(_ results: [SuiteResult]) -> Int {
  results.reduce(0) {
    $0 + ($1.report.outcome == .passed && $1.report.otherEnvironment != nil ? 1 : 0)
  }
}

/// How many results have each outcome (counted, not grouped: no copy of the results).
func outcomeCounts(_ results: [SuiteResult]) -> [GoldenReport.Outcome: Int] {
  var counts: [GoldenReport.Outcome: Int] = [:]
  for result in results { counts[result.report.outcome, default: 0] += 1 }
  return counts
}
