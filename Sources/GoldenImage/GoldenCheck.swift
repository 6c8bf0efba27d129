import FileIO
import Foundation
import ImageCodec

/// What happened to one golden case; it prints as its message.
public struct GoldenReport: Sendable, CustomStringConvertible {
  /// The outcome.
  public enum Outcome: String, CaseIterable, Sendable {
    /// Compared and passed.
    case passed
    /// Written (missing, or failed, or `all`, as the mode allows).
    case recorded
    /// No golden and the mode does not record: a failure.
    case missing
    /// Compared and failed.
    case failed
    /// Could not be checked: its input did not load or render (a broken fixture).
    case error
  }

  /// The case's name, such as `rows/title-only` or `rows/title-only@dark`.
  public var name: String
  /// What happened.
  public var outcome: Outcome
  /// The comparison, when one was made.
  public var verdict: GoldenVerdict?
  /// The golden file's path.
  public var goldenPath: String
  /// Paths of the written expected, actual, diff and three-panel images, for failures.
  public var artifacts: Artifacts?
  /// A complete sentence about the result, naming files.
  public var message: String
  /// Set when the golden was compared tolerantly because it was recorded in another
  /// environment (what differs: library versions, fonts); nil for an exact comparison.
  public var otherEnvironment: String?
  /// Why a failed image golden differs, in the list's own terms, most telling first (the
  /// first line is the summary): `sections[0].cells[2] title: "Title" → "Changed Title"`.
  /// Empty when nothing could say (another kind of golden, or a pass).
  public var explanation: [String] = []
  /// The elements the comparison left out (`ignore:`, `--ignore`, `mask: true`), by path and
  /// role (`sections[0].cells[2] detail`).
  public var masked: [String] = []

  /// Whether the value matched its golden (a recorded golden has not passed: look at it
  /// first).
  public var passed: Bool { outcome == .passed }

  /// Whether a suite counts the case as failed (missing or different; a recording is not).
  package var isFailure: Bool { outcome != .passed && outcome != .recorded }

  /// The message.
  public var description: String { message }

  /// A report from its parts (for failures found before any comparison, such as a bad spec).
  public init(
    name: String, outcome: Outcome, verdict: GoldenVerdict?, goldenPath: String,
    artifacts: Artifacts?, message: String
  ) {
    self.name = name
    self.outcome = outcome
    self.verdict = verdict
    self.goldenPath = goldenPath
    self.artifacts = artifacts
    self.message = message
  }

  /// Where a failure's files were written.
  public struct Artifacts: Sendable {
    /// The golden, copied.
    public var expected: String
    /// The new render (or text).
    public var actual: String
    /// pixelmatch's diff image (absent for a size mismatch), or a text golden's unified diff.
    public var diff: String?
    /// expected | diff | actual in one PNG (image goldens).
    public var panel: String?
    /// Every frame of an animation golden's failure (the fields above show its first
    /// differing frame).
    public var frames: FrameArtifacts?

    /// Artifact paths from their parts.
    public init(
      expected: String, actual: String, diff: String?, panel: String?,
      frames: FrameArtifacts? = nil
    ) {
      self.expected = expected
      self.actual = actual
      self.diff = diff
      self.panel = panel
      self.frames = frames
    }
  }
}

/// The one place golden files are read, compared, recorded and reported — used by the test
/// suite, the `verify`/`record` commands and the Swift API alike.
///
/// ```swift
/// let report = try GoldenCheck(artifactsFolder: ".build/golden-artifacts").verify(
///   bitmap, name: "rows/title-only", goldenPath: "Golden/rows/title-only.png", mode: .never)
/// ```
public struct GoldenCheck: Sendable {
  /// The PNG text keyword holding the environment fingerprint.
  public static let fingerprintKey = "ListRender-Fingerprint"

  /// Where failure images go (`LISTRENDER_ARTIFACTS`, default `.build/golden-artifacts`).
  public var artifactsFolder: String
  /// The comparison policy.
  public var policy: GoldenPolicy
  /// This machine's fingerprint (library versions, font hashes), written into recorded goldens.
  public var fingerprint: [String: String]
  /// Draws a caption strip (`expected`, `diff`, `actual`) of a width in pixels, put above each
  /// image of a failure's panel; nil: the panel has no captions.
  package var caption: (@Sendable (_ text: String, _ width: Int) -> Bitmap?)?
  /// How a message tells to record the case named, for the mode that would (`missing`,
  /// `failed`): by default the command line's way; a suite names the exact `listrender record`
  /// command; the Swift test helpers name the environment variable and the `record:` argument
  /// or trait instead (`listrender record` records no package's goldens).
  package var recordAdvice: @Sendable (RecordMode, String) -> String = { mode, _ in
    "LISTRENDER_RECORD=\(mode.rawValue), or `listrender record`"
  }
  /// More metadata a recorded image golden keeps beside the fingerprint (keyword → text): the
  /// layout it was drawn from, packed (``layoutKey``).
  /// Made only when a golden is written (a passing case pays nothing for it).
  package var metadata: @Sendable () -> [String: String] = { [:] }
  /// Where manifest goldens (`<case>.golden`) keep their images; nil: none (a manifest case
  /// then passes by its pixel digest, and fails without a diff).
  package var store: (any GoldenStore)?

  /// What an image comparison leaves out, from the golden's bytes (its recorded layout) and
  /// this run's: nil when nothing is masked.
  package var mask: (@Sendable (_ golden: [String: String]) -> GoldenMask)?
  /// The mask of the comparison under way (set by ``verify(_:as:name:goldenPath:mode:)``).
  package var masking = GoldenMask()

  /// Says why an image golden failed, in the list's terms, from the golden's bytes (its
  /// metadata), the two images and what differs in the environment; the lines go into the
  /// report, most telling first.
  package var explain:
    (
      @Sendable (
        _ golden: [String: String], _ expected: Bitmap, _ actual: Bitmap, _ environment: String?
      ) -> [String]
    )?

  /// More metadata a recorded animation golden keeps: every frame's layout, packed
  /// (``framesKey``).
  package var animationMetadata: @Sendable () -> [String: String] = { [:] }
  /// Says why an animation golden failed, frame range by frame range.
  package var explainFrames:
    (
      @Sendable (
        _ golden: [UInt8], _ expected: FrameSequence, _ actual: FrameSequence,
        _ environment: String?
      ) -> [String]
    )?

  /// The metadata keyword of a golden's packed layout.
  package static let layoutKey = "ListRender-Layout"
  /// The same record as plain JSON, as a manifest golden's metadata gives it.
  package static let layoutJSONKey = "ListRender-Layout-JSON"
  /// The metadata keyword of an animation golden's packed frame layouts.
  package static let framesKey = "ListRender-Frames"

  /// A checker.
  public init(
    artifactsFolder: String = GoldenCheck.defaultArtifactsFolder(),
    policy: GoldenPolicy = GoldenPolicy(), fingerprint: [String: String] = [:]
  ) {
    self.artifactsFolder = artifactsFolder
    self.policy = policy
    self.fingerprint = fingerprint
  }

  /// `LISTRENDER_ARTIFACTS` (when set and not empty), or `.build/golden-artifacts` under
  /// `root` (default: the current folder) — the one place this default is decided.
  public static func defaultArtifactsFolder(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, root: String = "."
  ) -> String {
    environment["LISTRENDER_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (root == "."
        ? ".build/golden-artifacts"
        : (root as NSString).appendingPathComponent(".build/golden-artifacts"))
  }

  /// Compares `actual` with the PNG golden at `goldenPath`, recording as `mode` allows.
  public func verify(_ actual: Bitmap, name: String, goldenPath: String, mode: RecordMode) throws
    -> GoldenReport
  {
    try verify(actual, as: .image, name: name, goldenPath: goldenPath, mode: mode)
  }

  /// Compares `actual` with the golden at `goldenPath` kept in `format`, recording as `mode`
  /// allows: the one place any kind of golden is read, compared, recorded and reported.
  public func verify<Format>(
    _ actual: Format, as format: GoldenFormat<Format>, name: String, goldenPath: String,
    mode: RecordMode
  ) throws -> GoldenReport {
    let isManifest = goldenPath.hasSuffix("." + GoldenManifest.pathExtension)
    let record = { (reason: String) -> GoldenReport in
      // A golden is a file: a link to a device or a pipe would "record" nothing.
      guard case .file = OutputTarget(goldenPath) else {
        throw InputFileError(
          path: goldenPath, reason: "it leads to a device or a pipe; a golden must be a file")
      }
      let bytes = try format.encode(actual, self)
      if isManifest {
        // The image into the store, its manifest into the goldens folder.
        guard let store else {
          throw GoldenStoreError(
            store: "(none)", reason: "\(goldenPath) is a manifest golden: give --store to record it"
          )
        }
        guard let bitmap = actual as? Bitmap else {
          throw GoldenStoreError(store: store.description, reason: "only still images are stored")
        }
        _ = try store.put(bytes)
        try AtomicFile.write(
          Array(try GoldenManifest(bytes: bytes, bitmap: bitmap).text().utf8), to: goldenPath)
      } else {
        try AtomicFile.write(bytes, to: goldenPath)
      }
      return GoldenReport(
        name: name, outcome: .recorded, verdict: nil, goldenPath: goldenPath, artifacts: nil,
        message: "\(name): recorded \(goldenPath) (\(reason))")
    }
    let base = (artifactsFolder as NSString).appendingPathComponent(name)
    func missing() throws -> GoldenReport {
      if mode == .never {
        // The value is written where it can be looked at before it is recorded.
        let actualPath = "\(base).actual.\(format.pathExtension)"
        try AtomicFile.write(try format.encode(actual, self), to: actualPath)
        return GoldenReport(
          name: name, outcome: .missing, verdict: nil, goldenPath: goldenPath,
          artifacts: GoldenReport.Artifacts(
            expected: goldenPath, actual: actualPath, diff: nil, panel: nil),
          message:
            "\(name): no golden at \(goldenPath); look at \(actualPath), then record it (\(recordAdvice(.missing, name)))"
        )
      }
      return try record("it was missing")
    }
    var manifest: GoldenManifest?
    let goldenBytes: [UInt8]
    if isManifest {
      guard let text = try InputFile.read(goldenPath, maxBytes: GoldenManifest.maxBytes) else {
        return try missing()
      }
      let read = try GoldenManifest(text: String(decoding: text, as: UTF8.self), path: goldenPath)
      manifest = read
      if mode == .all { return try record("recording all") }
      // The same pixels: a pass, without reading any image.
      if let bitmap = actual as? Bitmap, bitmap.width == read.width, bitmap.height == read.height,
        GoldenManifest.pixelDigest(bitmap) == read.pixels
      {
        Self.removeArtifacts(base: base, pathExtension: format.pathExtension)
        return GoldenReport(
          name: name, outcome: .passed, verdict: .identical, goldenPath: goldenPath,
          artifacts: nil, message: "\(name): identical (the manifest's pixel digest)")
      }
      // Another image: the golden's, from the store, to diff and explain.
      guard let store, let bytes = try store.get(read.file, maxBytes: format.maxFileBytes) else {
        if mode == .failed { return try record("it failed: its pixels' digest differs") }
        return try unfetched(
          actual, read, format: format, name: name, goldenPath: goldenPath, base: base)
      }
      goldenBytes = bytes
    } else {
      // A regular file within the size limits, or an error naming it; nil: there is none.
      guard let bytes = try InputFile.readImage(goldenPath, maxBytes: format.maxFileBytes) else {
        return try missing()
      }
      goldenBytes = bytes
    }
    if mode == .all { return try record("recording all") }
    // The same value, found while reading the golden: compared no further (as identical
    // pixels would be, under any policy or mask).
    let same = format.holdsExactly?(goldenBytes, actual) ?? false
    let expected: Format?
    do {
      expected = same ? nil : try format.decode(goldenBytes)
    } catch {
      // A damaged golden fails its case, naming the file; recording replaces it.
      if mode == .failed { return try record("the golden was damaged: \(error)") }
      return GoldenReport(
        name: name, outcome: .failed, verdict: nil, goldenPath: goldenPath, artifacts: nil,
        message:
          "\(name): \(goldenPath): \(error); the golden is damaged (if the render is right, record it again: \(recordAdvice(.failed, name)))"
      )
    }
    // A suite run reuses the golden's pixel buffer for its next case's.
    defer { if let image = expected as? Bitmap { PixelMemory.recycle(image.pixels) } }
    // Pixels: exact against a golden from this environment, perceptual against another's
    // (unless the policy gives its own options).
    // A golden with no fingerprint (an image optimiser drops text chunks) says nothing of its
    // environment: it is compared exactly, and a failure says so.
    var effective = self
    var changed: String?
    var unfingerprinted = false
    if let reader = format.recordedFingerprint {
      let recorded = reader(goldenBytes)
      changed = recorded.flatMap(environmentChange(recorded:))
      unfingerprinted = recorded == nil && !fingerprint.isEmpty
      let same = !fingerprint.isEmpty && changed == nil
      effective.policy.options = policy.options(sameEnvironment: same)
    }
    let tolerant = changed != nil && policy.options == nil
    if let mask {
      effective.masking = mask(manifest?.metadata ?? RasterFormat.text(in: goldenBytes))
    }
    let masked = effective.masking.names
    let maskNote =
      masked.isEmpty
      ? ""
      : " (left out: \(masked.prefix(5).joined(separator: ", "))\(masked.count > 5 ? ", …" : ""))"
    let comparison =
      try expected.map { try format.compare($0, actual, effective, base) }
      ?? GoldenComparison(
        passed: true, verdict: .identical, summary: GoldenVerdict.identical.summary)
    if comparison.passed {
      // A failed run's images of this case are gone once it passes: no stale diff beside a
      // green run.
      Self.removeArtifacts(base: base, pathExtension: format.pathExtension)
      var report = GoldenReport(
        name: name, outcome: .passed, verdict: comparison.verdict, goldenPath: goldenPath,
        artifacts: nil,
        message: "\(name): \(comparison.summary)" + maskNote
          + (tolerant ? " (within tolerance: the golden is from another environment)" : ""))
      if tolerant { report.otherEnvironment = changed }
      report.masked = masked
      return report
    }
    if mode == .failed { return try record("it failed: \(comparison.summary)") }
    var message = "\(name): \(goldenPath) does not match: \(comparison.summary)" + maskNote
    if unfingerprinted, policy.options == nil {
      message =
        "\(name): \(goldenPath) has no environment fingerprint (its text chunk was removed, as image optimisers do), so it was compared exactly; "
        + "record it again to restore it (`record --optimize` keeps it); " + message
    }
    if let changed {
      let how =
        policy.options == nil
        ? "compared with pixelmatch's defaults (threshold 0.1) rather than exactly; " : ""
      message =
        "\(name): the golden was recorded on another environment (\(changed)); \(how)"
        + message
    }
    // Why, in the list's own terms (image goldens whose checker can say).
    var explanation: [String] = []
    if let explain, let expectedImage = expected as? Bitmap, let actualImage = actual as? Bitmap {
      explanation = explain(
        manifest?.metadata ?? RasterFormat.text(in: goldenBytes), expectedImage, actualImage,
        changed)
    } else if let explainFrames, let expectedFrames = expected as? FrameSequence,
      let actualFrames = actual as? FrameSequence
    {
      explanation = explainFrames(goldenBytes, expectedFrames, actualFrames, changed)
    }
    // The lines quote a golden's own record (its texts, its fingerprint): each stays one line,
    // with no control character a terminal or a CI log would act on.
    explanation = explanation.map { terminalSafe($0, lineBreaks: false) }
    message += Self.why(explanation)
    message += comparison.details.map { "\n  " + $0 }.joined()
    message +=
      "\n  if the change is intended, record it (\(recordAdvice(.failed, name)))"
    // The comparison named its artifacts; this is where they are written. One that cannot be
    // written (a full disk) is said in the failure's message: the failure is kept, not turned
    // into an error that would lose it.
    var artifacts = comparison.artifacts
    for file in comparison.files {
      do {
        try AtomicFile.write(file.bytes, to: file.path)
      } catch {
        message += "\n  its images could not be written (\(error))"
        artifacts = nil
        break
      }
    }
    var report = GoldenReport(
      name: name, outcome: .failed, verdict: comparison.verdict, goldenPath: goldenPath,
      artifacts: artifacts, message: message)
    report.explanation = explanation
    report.masked = masked
    return report
  }

  /// A failure message's `why:` lines: the first of `explanation` and up to five more.
  static func why(_ explanation: [String]) -> String {
    guard let first = explanation.first else { return "" }
    return "\n  why: " + first
      + explanation.dropFirst().prefix(5).map { "\n       " + $0 }.joined()
  }

  /// A manifest golden whose image the store does not give (none was given, or it lacks the
  /// file): the case fails, said from the manifest's record alone.
  private func unfetched<Format>(
    _ actual: Format, _ manifest: GoldenManifest, format: GoldenFormat<Format>, name: String,
    goldenPath: String, base: String
  ) throws -> GoldenReport {
    let actualPath = "\(base).actual.\(format.pathExtension)"
    try AtomicFile.write(try format.encode(actual, self), to: actualPath)
    let whereFrom =
      store.map { "the store \($0) does not have its image (sha256:\(manifest.file))" }
      ?? "no store was given (--store) to fetch its image"
    var message =
      "\(name): \(goldenPath) does not match: the pixels' SHA-256 differs from the manifest's, and \(whereFrom); compared by digest only"
    var explanation: [String] = []
    if let explain, let image = actual as? Bitmap {
      // The layouts alone explain it (the golden's pixels are not here).
      explanation = explain(manifest.metadata, image, image, nil).map {
        terminalSafe($0, lineBreaks: false)
      }
      message += Self.why(explanation)
    }
    message += "\n  actual: \(actualPath)"
    message += "\n  if the change is intended, record it (\(recordAdvice(.failed, name)))"
    var report = GoldenReport(
      name: name, outcome: .failed, verdict: nil, goldenPath: goldenPath,
      artifacts: GoldenReport.Artifacts(
        expected: goldenPath, actual: actualPath, diff: nil, panel: nil),
      message: message)
    report.explanation = explanation
    return report
  }

  /// The golden for `bitmap` in `format` (PNG unless told): its pixels and this machine's
  /// fingerprint.
  public func goldenBytes(_ bitmap: Bitmap, as format: RasterFormat = .png) throws -> [UInt8] {
    var text = metadata()
    if !fingerprint.isEmpty { text[Self.fingerprintKey] = Self.format(fingerprint) }
    return try format.encode(bitmap, text: text)
  }

  /// What differs between a golden's recorded fingerprint and this machine's, or nil. A font
  /// file named on one side only is no change of environment: the render loaded other faces
  /// (its text changed, or the renderer opens fewer files); the pixels say whether that shows.
  /// Fingerprint keys that name an input of the case (a spec's own font file) rather than the
  /// environment begin with this: a change to them is compared exactly and explained as a
  /// changed file.
  public static let inputKeyPrefix = "input "

  func environmentChange(recorded: [String: String]) -> String? {
    guard !fingerprint.isEmpty else { return nil }
    let keys = Set(recorded.keys).union(fingerprint.keys).sorted()
    let changes = keys.compactMap { key -> String? in
      let old = recorded[key]
      let new = fingerprint[key]
      guard old != new else { return nil }
      // A file of the input's own (a spec's font) is no part of the environment.
      if key.hasPrefix(Self.inputKeyPrefix) { return nil }
      if key.hasPrefix("font "), old == nil || new == nil { return nil }
      return "\(key): \(old ?? "absent") → \(new ?? "absent")"
    }
    return changes.isEmpty ? nil : terminalSafe(changes.joined(separator: ", "), lineBreaks: false)
  }

  /// Removes the files a failure of the case at `base` writes (`.expected`, `.actual`, `.diff`,
  /// `.panel`, as PNG or in the golden's own format): regular files only, never through a link.
  static func removeArtifacts(base: String, pathExtension: String) {
    var names: Set<String> = []
    for role in ["expected", "actual", "diff", "panel"] {
      names.insert("\(base).\(role).png")
      names.insert("\(base).\(role).\(pathExtension)")
    }
    names.insert("\(base).diff")
    for path in names {
      var status = stat()
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
    }
  }

  /// An image failure's expected, actual, diff and three-panel PNGs at `base` + suffix: their
  /// paths and bytes (``verify(_:as:name:goldenPath:mode:)`` writes them).
  func imageArtifacts(base: String, expected: Bitmap, actual: Bitmap, diff: Bitmap?)
    throws -> (GoldenReport.Artifacts, [(path: String, bytes: [UInt8])])
  {
    let expectedPath = base + ".expected.png"
    let actualPath = base + ".actual.png"
    let panelPath = base + ".panel.png"
    var files = [
      // The actual image is what the golden would be (its fingerprint and layout included):
      // `listrender accept` writes it as the golden.
      (expectedPath, try PNGCodec.encode(expected)), (actualPath, try goldenBytes(actual)),
    ]
    var diffPath: String?
    var panels = [expected, actual]
    if let diff {
      diffPath = base + ".diff.png"
      files.append((base + ".diff.png", try PNGCodec.encode(diff)))
      panels = [expected, diff, actual]
    }
    if let caption {
      let names = diff == nil ? ["expected", "actual"] : ["expected", "diff", "actual"]
      panels = zip(names, panels).map { name, image in
        caption(name, image.width).map { Bitmap.stacked([$0, image], gap: 0) } ?? image
      }
    }
    files.append((panelPath, try PNGCodec.encode(Bitmap.sideBySide(panels))))
    return (
      .init(expected: expectedPath, actual: actualPath, diff: diffPath, panel: panelPath), files
    )
  }

  /// `key=value` lines, sorted.
  static func format(_ fingerprint: [String: String]) -> String {
    fingerprint.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
  }

  static func parse(_ text: String) -> [String: String] {
    // By bytes (every golden's fingerprint is read once a case): `\n` and `=` are ASCII.
    var result: [String: String] = [:]
    for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
      guard let equals = line.firstIndex(of: UInt8(ascii: "=")), equals != line.startIndex
      else { continue }
      let value = line[line.index(after: equals)...]
      guard !value.isEmpty else { continue }
      result[String(decoding: line[..<equals], as: UTF8.self)] = String(
        decoding: value, as: UTF8.self)
    }
    return result
  }
}
