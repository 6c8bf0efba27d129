import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListLayout
import ListModel
import ListRender

/// The file in a report folder that says listrender made it (so it may be rewritten).
let reportMarker = ".listrender-report"

/// Makes `folder` ready for a report, before any case runs: a new or empty folder is claimed
/// (marked); a folder with the mark is listrender's own; anything else — a non-empty folder it
/// did not make, a file — is refused (exit 2), so `--report .` never deletes a user's files.
func claimReportFolder(_ folder: String) throws {
  let manager = FileManager.default
  var isFolder: ObjCBool = false
  let marker = (folder as NSString).appendingPathComponent(reportMarker)
  if manager.fileExists(atPath: folder, isDirectory: &isFolder) {
    guard isFolder.boolValue else {
      throw CommandFailure(
        "--report \(folder): it is a file; give a folder for the report",
        status: ExitStatus.badInput)
    }
    let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    guard entries.isEmpty || manager.fileExists(atPath: marker) else {
      throw CommandFailure(
        "--report \(folder): the folder holds files listrender did not write; give an empty or new folder",
        status: ExitStatus.badInput)
    }
  }
  do {
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
  } catch {
    throw CommandFailure.wrapping(error)
  }
  // The mark is made in place (not through a temporary renamed over it): another run claiming
  // the same folder at the same moment sees either nothing or the mark, never a file of ours
  // it would take for a stranger's.
  let descriptor = open(marker, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else {
    throw CommandFailure(
      "--report \(folder): \(FileWriteError(path: marker, errno: errno).description)",
      status: ExitStatus.failure)
  }
  let text = Array("written by listrender verify/record\n".utf8)
  _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}

/// The files a run writes in its report folder (besides `images/`, which it replaces whole).
let reportFiles = [reportMarker, "index.html", resultsFile, lastFailedFile]

/// Checks a run's outputs before anything is written: no output (`--junit`, `--json`,
/// `--contact-sheet`, Bazel's `XML_OUTPUT_FILE`) nor a report file (a link planted in a report
/// folder) leads to an input — a fixture, a golden, a shard's `results.json` — or to another
/// output, and none lies inside the report's `images/` folder, which the run replaces.
/// `goldens`: a folder whose existing files, and whose `.png`, `.webp` and `.json` names, are
/// never written.
/// - Throws: ``CommandFailure`` (exit 2) naming the option and the file.
func checkRunOutputs(
  _ outputs: [(option: String, path: String?)], inputs: [(what: String, path: String)],
  report: String, goldens: String? = nil
) throws {
  let given = outputs.compactMap { output in output.path.map { (output.option, $0) } }
  // Each input is looked up (a path resolved, a file's inode read): only when there is an
  // output besides the report, whose own files are checked below.
  if !given.isEmpty {
    do {
      try checkOutputs(given, inputs: inputs, folders: [("--report", report, reportFiles)])
    } catch {
      throw CommandFailure("\(error)", status: ExitStatus.badInput)
    }
  }
  let images = canonical((report as NSString).appendingPathComponent("images")) + "/"
  // The report's own files stay in its folder: one planted as a link leading out of it, or
  // as a FIFO or device, is refused.
  let root = canonical(report) + "/"
  for name in reportFiles {
    let path = (report as NSString).appendingPathComponent(name)
    var status = stat()
    guard lstat(path, &status) == 0 else { continue }  // not there: nothing was planted
    let inside: Bool
    switch OutputTarget(path) {
    case .file(let file): inside = canonical(file).hasPrefix(root)
    case .inPlace, .descriptor: inside = false
    }
    guard inside else {
      throw CommandFailure(
        "--report \(report): \(path) leads out of the report folder (a link, a FIFO or a device put there); remove it or give another folder",
        status: ExitStatus.badInput)
    }
  }
  let goldenRoot = goldens.map { canonical($0) + "/" }
  for (option, path) in given {
    let target: String
    switch OutputTarget(path) {
    case .file(let file): target = canonical(file)
    case .inPlace, .descriptor: continue
    }
    if target.hasPrefix(images) {
      throw CommandFailure(
        "\(option) \(path) is inside the report's images/ folder, which each run replaces; choose another output",
        status: ExitStatus.badInput)
    }
    if let goldenRoot, target.hasPrefix(goldenRoot),
      FileManager.default.fileExists(atPath: target)
        || (RasterFormat.allCases.map { "." + $0.fileExtension } + [".json"]).contains(
          where: target.hasSuffix)
    {
      throw CommandFailure(
        "\(option) \(path) would write into the goldens folder (\(target)); choose another output",
        status: ExitStatus.badInput)
    }
  }
}

/// A name as a file name and an anchor: letters, digits, `.`, `-` and `_` only.
func slug(_ name: String) -> String {
  String(
    name.unicodeScalars.map { scalar -> Character in
      let allowed = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
      return allowed || "._-".unicodeScalars.contains(scalar) ? Character(scalar) : "_"
    })
}

/// What the report says about the run besides its cases.
struct ReportContext {
  var summary: String
  var seconds: Double
  /// `listrender record` with the run's fixtures, goldens, variants and read folders (no
  /// shard, no filter): a case's `--filter` after it records that case as the run saw it.
  var acceptCommand: [String] = ["listrender", "record"]
  var date = Date()
  /// Library versions and font files, as `listrender doctor` prints them.
  var environment: [(String, String)] =
    LibraryVersions.all
    + FontFile.standard.map {
      ("font", $0.path)
    }
}

/// Writes `folder/index.html` and the images it shows into `folder/images/` (self-contained),
/// in a folder claimed by ``claimReportFolder(_:)``: counts, a status filter and a search box,
/// the environment; each failure with tabs (side by side, diff, actual, expected, wipe), the
/// images' pixel sizes, zoom, its message with links and the command that accepts it; passed
/// cases as a lazy-loaded gallery. A page opened as `index.html?view=wipe&wipe=50&zoom=2`
/// starts in that view (for links and for the browser test).
///
/// Returns what the page shows of each case, by its index: the report's own copies of its
/// images (relative to the folder) and a text golden's diff, which `results.json` keeps.
@discardableResult
func writeReport(_ results: [SuiteResult], context: ReportContext, to folder: String) throws
  -> [Int: ShownCase]
{
  // The images are written to a folder of this run's own and put in place as `images/` at the
  // end: two runs sharing a report folder never write into a folder the other is replacing.
  var page = ReportPage(images: ReportImages(report: folder), context: context)
  try FileManager.default.createDirectory(
    atPath: page.images.staging, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: page.images.staging) }
  for (index, result) in results.enumerated() {
    let stem = "\(index)-" + slug(result.report.name)
    if result.report.isFailure {
      try page.addFailure(result, index: index, stem: stem)
    } else {
      try page.addPassed(result, index: index, stem: stem)
    }
  }
  let html = page.html(results)
  try page.images.publish()
  try AtomicFile.write(
    Array(html.utf8), to: (folder as NSString).appendingPathComponent("index.html"))
  return page.shownCases
}

/// The report page as it is built, case by case: the failure cards, the gallery of passed
/// cases, and what each case shows (its images copied into the report).
private struct ReportPage {
  let images: ReportImages
  let context: ReportContext
  var shownCases: [Int: ShownCase] = [:]
  var cards = ""
  var gallery = ""
  var thumbnails = 0

  init(images: ReportImages, context: ReportContext) {
    self.images = images
    self.context = context
  }

  /// The SHA-256 of an image this page copied (`images/…`): what a review names it by.
  func reportImageDigest(_ src: String) -> String? {
    let file = String(src.dropFirst("images/".count))
    guard let bytes = try? InputFile.readImage(images.path(file)) else { return nil }
    var hash = SHA256()
    hash.update(bytes)
    return hash.hex()
  }

  /// Copies a PNG or WebP image into the report as `name` plus the extension its content
  /// gives; its path relative to the page and its pixel size. Anything that is not such an
  /// image, or is too large, is not copied.
  func copy(_ path: String?, as name: String) throws -> (src: String, width: Int, height: Int)? {
    guard let path, let image = reportImage(path) else { return nil }
    let file = name + "." + image.kind.fileExtension
    try AtomicFile.write(image.bytes, to: images.path(file))
    return ("images/" + file, image.kind.width, image.kind.height)
  }

  /// A passed or recorded case: its golden as a thumbnail (an animated case's APNG golden, which
  /// a browser plays), or, past the first few hundred, its name alone (a report of ten thousand
  /// results opens at once and does not copy ten thousand goldens).
  mutating func addPassed(_ result: SuiteResult, index: Int, stem: String) throws {
    let report = result.report
    guard thumbnails < thumbnailLimit else {
      gallery += """
        <figure class="thumb named" data-name="\(markupEscape(report.name))" id="\(markupEscape(anchor(report.name)))"><figcaption>\(markupEscape(report.name)) <small>\(report.outcome.rawValue)</small></figcaption></figure>

        """
      return
    }
    thumbnails += 1
    // A merged shard's case shows only the image its shard's report holds, never a file its
    // results.json names elsewhere.
    let animation = (report.goldenPath as NSString).deletingPathExtension + ".apng.png"
    let shown =
      result.fromShard
      ? result.shardGolden
      : !report.goldenPath.hasSuffix(".apng.png")
        && FileManager.default.fileExists(atPath: animation)
        ? animation : report.goldenPath
    guard let image = try copy(shown, as: stem) else { return }
    shownCases[index, default: ShownCase()].images["golden"] = image.src
    gallery += """
      <figure class="thumb" data-name="\(markupEscape(report.name))" id="\(markupEscape(anchor(report.name)))"><a href="\(markupEscape(image.src))" target="_blank"><img loading="lazy" src="\(markupEscape(image.src))" width="\(image.width)" height="\(image.height)" alt="\(markupEscape(report.name))"></a><figcaption>\(markupEscape(report.name)) <small>\(report.outcome.rawValue)</small></figcaption></figure>

      """
  }

  /// A failed, missing or changed case: its card with the expected, diff and actual images (a
  /// text golden's diff as text, an audit's overlay as the actual picture) and an animation's
  /// frame scrubber.
  mutating func addFailure(_ result: SuiteResult, index: Int, stem: String) throws {
    let report = result.report
    var pictures: [String: (src: String, width: Int, height: Int)] = [:]
    var textDiff = ""
    if let artifacts = report.artifacts {
      for (label, path) in [
        ("expected", artifacts.expected), ("diff", artifacts.diff), ("actual", artifacts.actual),
      ] {
        guard let path else { continue }
        if let picture = try copy(path, as: "\(stem).\(label)") {
          pictures[label] = picture
          shownCases[index, default: ShownCase()].images[label] = picture.src
          if label == "actual" {
            shownCases[index, default: ShownCase()].actualSHA256 = reportImageDigest(picture.src)
          }
        } else if label == "diff", let data = InputFile.readPrefix(path, count: textDiffLimit) {
          // A text golden (a layout): its unified diff, shown as text.
          let diff = String(decoding: data, as: UTF8.self)
          textDiff = "<pre class=\"diff\">\(markupEscape(diff))</pre>"
          shownCases[index, default: ShownCase()].textDiff = diff
        }
      }
    }
    // A text golden's failure with a picture (an audit's overlay, each finding outlined): the
    // picture is what is shown.
    if pictures["actual"] == nil, let overlay = report.artifacts?.panel {
      pictures["actual"] = try copy(overlay, as: "\(stem).actual")
      shownCases[index, default: ShownCase()].images["actual"] = pictures["actual"]?.src
    }
    var scrubber = ""
    if let frames = report.artifacts?.frames {
      scrubber = try frameScrubber(frames, stem: stem, copy: copy)
    }
    // A still's actual image can be accepted from the page (not an audit's overlay, whose
    // golden is text, nor an animation's frames).
    // The actual artifact was copied as an image (its digest is known): a still's golden.
    // An animation (its frames here, or its APNG golden in a merged report, whose shard's
    // frames are not carried) is never offered: accept writes stills only.
    let animation = report.artifacts?.frames != nil || report.goldenPath.hasSuffix(".apng.png")
    let review = animation ? nil : shownCases[index]?.actualSHA256
    cards += card(
      report, stem: stem, pictures: pictures, textDiff: textDiff, scrubber: scrubber,
      accept: context.acceptCommand, images: images,
      review: review.map { (result.suiteCase.variant, $0) })
  }

  /// The whole page: the summary, the outcome filters and search, the failure cards, the
  /// gallery and the environment.
  func html(_ results: [SuiteResult]) -> String {
    let failing = results.filter(\.report.isFailure).count
    let counts = outcomeCounts(results)
    let filters = GoldenReport.Outcome.allCases.map { outcome in
      """
      <label><input type="checkbox" class="status" value="\(outcome.rawValue)" checked> \(outcome.rawValue) (\(counts[outcome] ?? 0))</label>
      """
    }.joined(separator: " ")
    let environment = context.environment.map {
      "<tr><th>\(markupEscape($0.0))</th><td>\(markupEscape($0.1))</td></tr>"
    }.joined()
    let resultsDigest = runResultsDigest(results, shown: shownCases)
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>ListRender golden report</title>
      <style>\(reportStyle)</style></head><body data-run="\(markupEscape(ISO8601DateFormatter().string(from: context.date)))" data-results="\(resultsDigest)">
      <h1>Golden images</h1>
      <p class="summary \(failing > 0 ? "bad" : "good")">\(markupEscape(context.summary))</p>
      <p class="meta">\(markupEscape(ISO8601DateFormatter().string(from: context.date))) · \(String(format: "%.2f", context.seconds)) s</p>
      <div class="controls">\(filters) <input type="search" id="search" placeholder="search cases" aria-label="search cases">
      <span class="review-controls"><input type="text" id="reviewer" placeholder="your name" aria-label="reviewer's name"> <button type="button" id="accept-shown">Accept all shown</button> <button type="button" id="download-review">Download review</button> <span id="review-count"></span> <span id="review-note"></span></span></div>
      <p id="review-help" class="hidden">Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous case, <kbd>a</kbd> accept, <kbd>r</kbd> reject, <kbd>u</kbd> undo, <kbd>?</kbd> this help. Accept all shown adds the shown cases not yet decided; a rejected case stays rejected.</p>
      <h2>Failures (\(failing))</h2>
      \(failing == 0 ? "<p>None.</p>" : cards)
      <h2>Passed (\(results.count - failing))</h2>
      \(results.count - failing > thumbnailLimit ? "<p class=\"meta\">The first \(thumbnailLimit) as thumbnails, the rest by name.</p>" : "")
      <div class="gallery">\(gallery)</div>
      <details><summary>Environment</summary><table>\(environment)</table></details>
      <script>\(reportScript)</script>
      </body></html>

      """
  }
}

/// What a review names the run it was made on: the SHA-256 of every case's name, variant,
/// outcome and shown actual image, in the run's order (the same results give the same digest).
func runResultsDigest(_ results: [SuiteResult], shown: [Int: ShownCase]) -> String {
  var hash = SHA256()
  for (index, result) in results.enumerated() {
    let fields = [
      result.report.name, result.suiteCase.variant, result.report.outcome.rawValue,
      shown[index]?.actualSHA256 ?? "",
    ]
    hash.update(Array((fields.joined(separator: "\u{0}") + "\n").utf8))
  }
  return hash.hex()
}

/// How many passed cases a report shows as thumbnails (the rest by name).
let thumbnailLimit = 300

/// What a report page shows of one case: its images copied into the report (`images/…`, by
/// role: `golden`, `expected`, `diff`, `actual`) and a text golden's diff.
struct ShownCase: Codable {
  var images: [String: String] = [:]
  var textDiff: String?
  /// The SHA-256 of the actual image the report shows (what a review's accept names).
  var actualSHA256: String?
}

/// An animation's frames, expected | diff | actual, with a range input over the frames and a
/// play button, opening at the first differing frame (or at `?frame=N`). Each frame file is
/// copied into the report once, however many frames show it.
private func frameScrubber(
  _ frames: GoldenReport.FrameArtifacts, stem: String,
  copy: (String?, String) throws -> (src: String, width: Int, height: Int)?
) throws -> String {
  var copied: [String: (src: String, width: Int, height: Int)] = [:]
  func sources(_ paths: [String?], _ role: String) throws -> [String] {
    try paths.enumerated().map { index, path in
      guard let path else { return "" }
      if let done = copied[path] { return done.src }
      guard let image = try copy(path, "\(stem).\(role)-\(String(format: "%04d", index))")
      else { return "" }
      copied[path] = image
      return image.src
    }
  }
  let expected = try sources(frames.expected, "expected")
  let actual = try sources(frames.actual, "actual")
  let diff = try sources(frames.diff, "diff")
  let size = frames.expected.first.flatMap { copied[$0] } ?? ("", 1, 1)
  func list(_ items: [String]) -> String {
    markupEscape("[" + items.map { jsonString($0) }.joined(separator: ",") + "]")
  }
  func picture(_ role: String) -> String {
    """
    <figure><img class="px frame-\(role)" alt="\(role)" data-w="\(size.width)" data-h="\(size.height)" width="\(size.width)" height="\(size.height)"><figcaption>\(role)</figcaption></figure>
    """
  }
  return """
    <div class="view frames"><div class="scrubber" data-fps="\(frames.fps)" data-first="\(frames.firstDiffering)" data-expected="\(list(expected))" data-actual="\(list(actual))" data-diff="\(list(diff))">
    <div class="frame-row">\(picture("expected"))\(picture("diff"))\(picture("actual"))</div>
    <div class="frame-controls"><button type="button" class="play">play</button> <input type="range" class="frame-range" min="0" max="\(max(0, expected.count - 1))" value="\(frames.firstDiffering)" aria-label="frame"> <span class="frame-label"></span></div>
    </div></div>
    """
}

/// One failing, missing or broken case.
private func card(
  _ report: GoldenReport, stem: String,
  pictures: [String: (src: String, width: Int, height: Int)], textDiff: String, scrubber: String,
  accept acceptCommand: [String], images: ReportImages,
  review: (variant: String, sha256: String)? = nil
) -> String {
  func image(_ label: String, _ extra: String = "") -> String {
    guard let picture = pictures[label] else { return "" }
    return """
      <a href="\(markupEscape(picture.src))" target="_blank"><img class="px \(extra)" src="\(markupEscape(picture.src))" data-w="\(picture.width)" data-h="\(picture.height)" width="\(picture.width)" height="\(picture.height)" alt="\(label)"></a>
      """
  }
  func figure(_ label: String) -> String {
    guard let picture = pictures[label] else { return "" }
    return
      "<figure>\(image(label))<figcaption>\(label) · \(picture.width) × \(picture.height) px</figcaption></figure>"
  }
  var views = ""
  if !pictures.isEmpty {
    let available = ["frames", "side", "diff", "actual", "expected", "wipe"].filter {
      switch $0 {
      case "frames": !scrubber.isEmpty
      case "side": true
      case "wipe": pictures["expected"] != nil && pictures["actual"] != nil
      default: pictures[$0] != nil
      }
    }
    let titles = [
      "frames": "Frames", "side": "Side by side", "diff": "Diff", "actual": "Actual",
      "expected": "Expected",
      "wipe": "Wipe",
    ]
    let tabs = available.map {
      "<button type=\"button\" class=\"tab\" data-view=\"\($0)\">\(titles[$0] ?? $0)</button>"
    }.joined()
    var panes =
      scrubber
      + "<div class=\"view side\">\(figure("expected"))\(figure("diff"))\(figure("actual"))</div>"
    for label in ["diff", "actual", "expected"] where pictures[label] != nil {
      panes += "<div class=\"view \(label)\">\(figure(label))</div>"
    }
    if let expected = pictures["expected"], let actual = pictures["actual"] {
      let width = max(expected.width, actual.width)
      let height = max(expected.height, actual.height)
      panes += """
        <div class="view wipe"><div class="wipe-box px-box" data-w="\(width)" data-h="\(height)">\(image("expected", "under"))<div class="wipe-clip">\(image("actual", "over"))</div></div>
        <label>expected <input type="range" class="wipe-range" min="0" max="100" value="50" aria-label="wipe between expected and actual"> actual</label></div>
        """
    }
    views = """
      <div class="toolbar"><span role="tablist">\(tabs)</span> <span class="zoom">zoom <button type="button" data-zoom="fit">fit</button><button type="button" data-zoom="1">1×</button><button type="button" data-zoom="2">2×</button><button type="button" data-zoom="4">4×</button></span></div>
      <div class="views">\(panes)</div>
      """
  }
  // Each artifact is copied into the report (a report a CI job uploads is complete on its own:
  // nothing it links to is outside its folder): an image by its content, anything else as
  // plain text, so no file becomes a page or a script by its name.
  let links =
    report.artifacts.map { artifacts in
      [
        ("expected", artifacts.expected), ("diff", artifacts.diff), ("actual", artifacts.actual),
        ("panel", artifacts.panel),
      ].compactMap { label, path -> String? in
        guard let path else { return nil }
        // An image the card already shows is linked where it was copied, not read again.
        if let picture = pictures[label], label != "actual" || path.hasSuffix(".png") {
          return "<a href=\"\(markupEscape(picture.src))\">\(label)</a>"
        }
        let bytes: [UInt8]
        let file: String
        if let image = reportImage(path) {
          (bytes, file) = (image.bytes, "\(stem).\(label).\(image.kind.fileExtension)")
        } else if let text = InputFile.readPrefix(path, count: textArtifactLimit + 1),
          text.count <= textArtifactLimit, !text.contains(0),
          String(validating: text, as: UTF8.self) != nil
        {
          (bytes, file) = (text, "\(stem).\(label).txt")
        } else {
          return nil
        }
        guard (try? AtomicFile.write(bytes, to: images.path(file))) != nil else { return nil }
        return "<a href=\"\(markupEscape("images/" + file))\">\(label)</a>"
      }.joined(separator: " · ")
    } ?? ""
  let accept =
    report.outcome == .error
    ? ""
    : "<p class=\"accept\">Accept this change: <code>\(markupEscape(shellCommand(acceptCommand + ["--filter"]) + " " + shellQuoted(report.name)))</code></p>"
  let counts =
    (report.verdict.map { "<p class=\"counts\">\(markupEscape($0.summary))</p>" } ?? "")
    + (report.explanation.isEmpty
      ? ""
      : "<ul class=\"why\">"
        + report.explanation.prefix(8).map { "<li>\(markupEscape($0))</li>" }.joined() + "</ul>")
  return """
    <article class="case" data-status="\(report.outcome.rawValue)" data-name="\(markupEscape(report.name))" id="\(markupEscape(anchor(report.name)))">
    <h3><span class="badge \(report.outcome.rawValue)">\(report.outcome.rawValue)</span> <a href="#\(markupEscape(fragment(report.name)))">\(markupEscape(report.name))</a></h3>
    \(review.map { "<div class=\"review\" data-name=\"\(markupEscape(report.name))\" data-variant=\"\(markupEscape($0.variant))\" data-sha256=\"\($0.sha256)\"><button type=\"button\" class=\"accept-case\">Accept</button> <button type=\"button\" class=\"reject-case\">Reject</button> <button type=\"button\" class=\"undo-case\" title=\"back to undecided (u)\">Undo</button> <input type=\"text\" class=\"reason\" placeholder=\"reason (optional)\" aria-label=\"reason for the decision\"> <span class=\"decision\"></span></div>" } ?? "")
    \(counts)\(views)\(textDiff)<pre>\(markupEscape(report.message))</pre>
    \(links.isEmpty ? "" : "<p class=\"links\">Artifacts: \(links)</p>")\(accept)</article>

    """
}

/// A case's anchor: its name (`rows/title-only`, `rows/title-only@dark`), white space as `_`
/// (an HTML id has none).
func anchor(_ name: String) -> String {
  String(name.map { $0.isWhitespace ? "_" : $0 })
}

/// The anchor as a URL fragment (percent-encoded where a fragment may not hold a character).
func fragment(_ name: String) -> String {
  anchor(name).addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? anchor(name)
}

/// The report's style sheet and script, kept as files beside the sources (`Resources/`) and
/// embedded in the binary by the package (an installed `listrender` needs no resource folder).
private let reportStyle = embeddedText(PackageResources.report_css)
private let reportScript = embeddedText(PackageResources.report_js)

/// A text file embedded by the package, without its final newline.
private func embeddedText(_ bytes: [UInt8]) -> String {
  let text = String(decoding: bytes, as: UTF8.self)
  return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

/// Bytes of a text diff shown in the report (the whole diff stays in the artifacts folder).
private let textDiffLimit = 64 * 1024

/// The largest text artifact (a layout, an accessibility snapshot, a diff) a report copies.
private let textArtifactLimit = 16 << 20

/// An image for the report: a regular file of bounded size (``InputFile/read(_:maxBytes:)``)
/// that is a PNG or WebP by its content; nil for anything else.
private func reportImage(_ path: String) -> (
  bytes: [UInt8], kind: (fileExtension: String, width: Int, height: Int)
)? {
  guard let bytes = try? InputFile.readImage(path), let kind = InputFile.imageKind(bytes) else {
    return nil
  }
  return (bytes, kind)
}

/// `'word'` for a POSIX shell.
func shellQuoted(_ word: String) -> String {
  "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Words as a POSIX shell reads them: each quoted with `'…'` unless it is plain.
func shellCommand(_ words: [String]) -> String {
  words.map { word in
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) && $0.isASCII
          || "-_./=,:+%".unicodeScalars.contains($0)
      }
    return plain ? word : shellQuoted(word)
  }.joined(separator: " ")
}

/// A report's `images/` folder, written aside and put in place whole.
struct ReportImages {
  let report: String
  /// This run's own folder, `.images-<random>.tmp` in the report folder.
  let staging: String

  init(report: String) {
    self.report = report
    staging = (report as NSString).appendingPathComponent(
      ".images-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp")
  }

  /// Where the image `file` is written.
  func path(_ file: String) -> String { (staging as NSString).appendingPathComponent(file) }

  /// Replaces `images/` with this run's folder: the old one is moved aside, then removed.
  func publish() throws {
    let images = (report as NSString).appendingPathComponent("images")
    for _ in 0..<8 {
      if rename(staging, images) == 0 { return }
      guard errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR else { break }
      let aside = staging + ".old"
      if rename(images, aside) == 0 { try? FileManager.default.removeItem(atPath: aside) }
    }
    throw FileWriteError(path: images, errno: errno)
  }
}
