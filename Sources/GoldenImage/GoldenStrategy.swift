import FileIO
import Foundation
import ImageCodec

/// How one kind of golden is kept and compared: the file it lives in, its bytes, and the
/// comparison that tells a failure and names the files that show it (a comparison writes
/// nothing: ``GoldenCheck/verify(_:as:name:goldenPath:mode:)`` does). ``GoldenFormat/image`` keeps
/// pixels (PNG, compared as ``GoldenPolicy`` says); ``GoldenFormat/lines`` keeps text (compared
/// line by line, a failure reported as the lines that changed).
public struct GoldenFormat<Format>: Sendable {
  /// The golden file's extension, without the leading dot (`png`, `layout.json`).
  public var pathExtension: String
  /// The golden file's bytes for a value (`check` gives the fingerprint to embed, if any).
  public var encode: @Sendable (_ value: Format, _ check: GoldenCheck) throws -> [UInt8]
  /// A golden file's bytes read back as a value.
  public var decode: @Sendable (_ bytes: [UInt8]) throws -> Format
  /// The environment fingerprint a golden file's bytes carry (nil when the format keeps none,
  /// or the file has none): a golden from this environment is compared exactly.
  public var recordedFingerprint: (@Sendable (_ bytes: [UInt8]) -> [String: String]?)?
  /// Compares a golden with a new value; a failure names its artifact files under `base` (a
  /// path without extension in the artifacts folder) without writing them.
  public var compare:
    @Sendable (_ expected: Format, _ actual: Format, _ check: GoldenCheck, _ base: String)
      throws -> GoldenComparison
  /// Whether a golden file's bytes certainly hold exactly `actual`, found without making the
  /// golden's value (an image compared row by row as it is decoded); false leaves the golden to
  /// ``decode`` and ``compare``, which then tell a different value from a damaged file.
  package var holdsExactly: (@Sendable (_ bytes: [UInt8], _ actual: Format) -> Bool)?
  /// The largest golden file of this format that is read: 512 MiB for images; text goldens
  /// (``lines(pathExtension:)``, audits) 32 MiB, since a line comparison holds several times
  /// the text in memory.
  public var maxFileBytes = InputFile.maxImageBytes

  /// The most bytes a text golden may have (a 10,000-cell layout dump is about 12 MB).
  public static var maxTextBytes: Int { 32 << 20 }

  /// A format from its parts.
  public init(
    pathExtension: String,
    encode: @escaping @Sendable (Format, GoldenCheck) throws -> [UInt8],
    decode: @escaping @Sendable ([UInt8]) throws -> Format,
    recordedFingerprint: (@Sendable ([UInt8]) -> [String: String]?)? = nil,
    compare: @escaping @Sendable (Format, Format, GoldenCheck, String) throws -> GoldenComparison
  ) {
    self.pathExtension = pathExtension
    self.encode = encode
    self.decode = decode
    self.recordedFingerprint = recordedFingerprint
    self.compare = compare
  }
}

/// What a format's comparison found.
public struct GoldenComparison: Sendable {
  /// Whether the new value matches the golden.
  public var passed: Bool
  /// The image comparison's verdict (image goldens only).
  public var verdict: GoldenVerdict?
  /// One line: the counts (`0 of 24,480 pixels differ`, `3 of 412 lines differ`).
  public var summary: String
  /// Lines added to a failure's message (artifact paths, the changed lines).
  public var details: [String]
  /// A failure's files, by role.
  public var artifacts: GoldenReport.Artifacts?
  /// The bytes of a failure's files, by path: what the check writes.
  public var files: [(path: String, bytes: [UInt8])]

  /// A comparison's result from its parts.
  public init(
    passed: Bool, verdict: GoldenVerdict? = nil, summary: String, details: [String] = [],
    artifacts: GoldenReport.Artifacts? = nil, files: [(path: String, bytes: [UInt8])] = []
  ) {
    self.passed = passed
    self.verdict = verdict
    self.summary = summary
    self.details = details
    self.artifacts = artifacts
    self.files = files
  }
}

/// A way to check a value against a golden, as swift-snapshot-testing's `Snapshotting`: how
/// the value becomes the golden's format, and the format. ``pullback(_:)`` makes a strategy for
/// another value from this one — an image strategy for documents is the bitmap strategy pulled
/// back through a renderer.
///
/// ```swift
/// let image = GoldenStrategy<Bitmap, Bitmap>.image
/// let documents = image.pullback { (document: ListDocument) in try renderer.render(document) }
/// ```
public struct GoldenStrategy<Value, Format> {
  /// How the golden is kept and compared.
  public var format: GoldenFormat<Format>
  /// The value as the golden's format.
  public var snapshot: (_ value: Value) throws -> Format
  /// The environment that makes the snapshots (library versions, font hashes), written into
  /// recorded PNG goldens so a later mismatch can say what changed; empty when unknown.
  public var fingerprint: [String: String] = [:]
  /// Readies the checker for one value before it is checked: a document's strategy makes the
  /// golden keep the layout and explain a failure with it.
  package var prepare: ((_ value: Value, _ check: inout GoldenCheck) throws -> Void)?

  /// A strategy from a format and the way a value becomes it.
  public init(format: GoldenFormat<Format>, snapshot: @escaping (Value) throws -> Format) {
    self.format = format
    self.snapshot = snapshot
  }

  /// This strategy for values that `transform` turns into this strategy's values.
  public func pullback<NewValue>(_ transform: @escaping (NewValue) throws -> Value)
    -> GoldenStrategy<NewValue, Format>
  {
    let snapshot = self.snapshot
    var result = GoldenStrategy<NewValue, Format>(format: format) { try snapshot(transform($0)) }
    result.fingerprint = fingerprint
    return result
  }
}

extension GoldenStrategy where Value == Bitmap, Format == Bitmap {
  /// Pixels, kept as PNG and compared with the checker's ``GoldenPolicy``.
  public static var image: GoldenStrategy<Bitmap, Bitmap> {
    GoldenStrategy(format: .image) { $0 }
  }

  /// Pixels, kept as lossless WebP (``GoldenFormat/webPImage``) and compared as ``image``.
  public static var webPImage: GoldenStrategy<Bitmap, Bitmap> {
    GoldenStrategy(format: .webPImage) { $0 }
  }
}

extension GoldenStrategy where Value == String, Format == String {
  /// Text, kept as it is and compared line by line.
  public static func lines(pathExtension: String = "txt") -> GoldenStrategy<String, String> {
    GoldenStrategy(format: .lines(pathExtension: pathExtension)) { $0 }
  }
}

extension GoldenFormat where Format == Bitmap {
  /// PNG goldens (carrying the checker's fingerprint), compared with its ``GoldenPolicy``;
  /// a failure writes the expected, actual, diff and three-panel images.
  public static var image: GoldenFormat<Bitmap> { image(in: .png) }

  /// Lossless WebP goldens: ``image``'s pixels and fingerprint in a smaller file, compared
  /// the same way.
  public static var webPImage: GoldenFormat<Bitmap> { image(in: .webp) }

  /// Still image goldens written in `format` (`<name>.png`, `<name>.webp`) with the checker's
  /// fingerprint in their metadata, read in whichever raster format they are.
  public static func image(in format: RasterFormat) -> GoldenFormat<Bitmap> {
    var golden = GoldenFormat(
      pathExtension: format.fileExtension,
      encode: { bitmap, check in try check.goldenBytes(bitmap, as: format) },
      decode: { try RasterFormat.decode($0) },
      recordedFingerprint: { bytes in
        RasterFormat.text(in: bytes, only: GoldenCheck.fingerprintKey)[GoldenCheck.fingerprintKey]
          .map(GoldenCheck.parse)
      },
      compare: { expected, actual, check, base in
        // Masked regions take the golden's pixels before comparing; the diff shows them
        // hatched.
        let compared = check.masking.applied(to: actual, from: expected)
        var (verdict, diff) = compareImages(
          expected: expected, actual: compared, policy: check.policy)
        if let image = diff { diff = check.masking.hatched(image) }
        guard !verdict.passed else {
          return GoldenComparison(passed: true, verdict: verdict, summary: verdict.summary)
        }
        let (artifacts, files) = try check.imageArtifacts(
          base: base, expected: expected, actual: actual, diff: diff)
        var details = ["expected | diff | actual: \(artifacts.panel ?? artifacts.actual)"]
        if let diffPath = artifacts.diff { details.append("diff: \(diffPath)") }
        details.append("actual: \(artifacts.actual)")
        return GoldenComparison(
          passed: false, verdict: verdict, summary: verdict.summary, details: details,
          artifacts: artifacts, files: files)
      })
    // A passing case of a suite costs its render and one pass over the golden's rows.
    golden.holdsExactly = { bytes, actual in PNGCodec.holdsExactly(actual, bytes) }
    return golden
  }
}

extension GoldenFormat where Format == String {
  /// Text goldens compared line by line; a failure keeps the expected and actual text and a
  /// unified diff, and its message shows the first changed lines.
  public static func lines(pathExtension: String = "txt") -> GoldenFormat<String> {
    var format = GoldenFormat(
      pathExtension: pathExtension,
      encode: { text, _ in Array(text.utf8) },
      decode: { String(decoding: $0, as: UTF8.self) },
      compare: { expected, actual, _, base in
        let diff = LineDiff(expected: expected, actual: actual)
        let total = max(diff.expectedCount, diff.actualCount)
        guard !diff.hunks.isEmpty else {
          return GoldenComparison(passed: true, summary: "all \(total) lines are the same")
        }
        let expectedPath = "\(base).expected.\(pathExtension)"
        let actualPath = "\(base).actual.\(pathExtension)"
        let diffPath = "\(base).\(pathExtension).diff"
        let files = [
          (expectedPath, Array(expected.utf8)), (actualPath, Array(actual.utf8)),
          (diffPath, Array(diff.unified(expectedName: expectedPath, actualName: actualPath).utf8)),
        ]
        let shown = diff.unifiedLines(limit: LineDiff.messageLineLimit)
        return GoldenComparison(
          passed: false,
          summary: "\(diff.changedCount) of \(total) lines differ",
          details: shown + ["diff: \(diffPath)", "actual: \(actualPath)"],
          artifacts: GoldenReport.Artifacts(
            expected: expectedPath, actual: actualPath, diff: diffPath, panel: nil),
          files: files)
      })
    format.maxFileBytes = GoldenFormat<String>.maxTextBytes
    return format
  }
}
