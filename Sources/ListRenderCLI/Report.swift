import Foundation
import GoldenImage
import ImageCodec

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
      printError("--report \(folder): it is a file; give a folder for the report")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    guard entries.isEmpty || manager.fileExists(atPath: marker) else {
      printError(
        "--report \(folder): the folder holds files listrender did not write; give an empty or new folder"
      )
      throw ReportedFailure(status: ExitStatus.badInput)
    }
  }
  do {
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AtomicFile.write(Array("written by listrender verify/record\n".utf8), to: marker)
  } catch {
    throw report(error)
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

/// Writes `folder/index.html` and the images it shows into `folder/images/` (self-contained),
/// in a folder claimed by ``claimReportFolder(_:)``.
func writeReport(_ results: [SuiteResult], summary: String, to folder: String) throws {
  let images = (folder as NSString).appendingPathComponent("images")
  try? FileManager.default.removeItem(atPath: images)
  try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
  var failures = ""
  var failureCount = 0
  for (index, result) in results.enumerated() where result.report.isFailure {
    failureCount += 1
    let report = result.report
    // File names and anchors from a slug and the case's index: no name reaches markup raw.
    let stem = "\(index)-" + slug(report.name)
    var figures = ""
    var expectedSrc: String?
    var actualSrc: String?
    if let artifacts = report.artifacts {
      let parts: [(String, String?)] = [
        ("expected", artifacts.expected), ("diff", artifacts.diff), ("actual", artifacts.actual),
      ]
      for (label, path) in parts {
        guard let path, let data = FileManager.default.contents(atPath: path) else { continue }
        guard path.hasSuffix(".png") else {
          // A text golden (a layout): its unified diff, shown as text.
          if label == "diff" {
            let text = String(decoding: data.prefix(textDiffLimit), as: UTF8.self)
            figures += "<pre class=\"diff\">\(escape(text))</pre>"
          }
          continue
        }
        let file = "images/\(stem).\(label).png"
        try AtomicFile.write(data, to: (folder as NSString).appendingPathComponent(file))
        figures +=
          "<figure><img src=\"\(escape(file))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
        if label == "expected" { expectedSrc = file }
        if label == "actual" { actualSrc = file }
      }
    }
    var flip = ""
    if let expectedSrc, let actualSrc {
      flip = """
        <div class="flip-box"><label>expected <input type="range" min="0" max="100" value="0" \
        aria-label="flip between expected and actual" \
        oninput="this.closest('.case').querySelector('.flip .actual').style.opacity = this.value / 100"> actual</label>
        <div class="flip"><img class="expected" src="\(escape(expectedSrc))" alt="expected"><img class="actual" src="\(escape(actualSrc))" alt="actual"></div></div>
        """
    }
    let counts = report.verdict.map { "<p class=\"counts\">\(escape($0.summary))</p>" } ?? ""
    failures += """
      <article class="case \(report.outcome.rawValue)" id="\(escape(stem))"><h3><span class="badge">\(report.outcome.rawValue)</span> \(escape(report.name))</h3>
      \(counts)<pre>\(escape(report.message))</pre><div class="triple">\(figures)</div>\(flip)</article>

      """
  }
  let passed = results.filter { !$0.report.isFailure }
  let passedItems = passed.map {
    "<li>\(escape($0.report.name)) <small>\($0.report.outcome.rawValue)</small></li>"
  }
  .joined(separator: "\n")
  let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>ListRender golden report</title>
    <style>
    body { font: 15px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f6; color: #1d1d1d; }
    .summary { font-size: 18px; padding: 12px 16px; border-radius: 8px; background: #fff; border: 1px solid #ddd; }
    .summary.bad { border-left: 6px solid #d73241; } .summary.good { border-left: 6px solid #2e7d32; }
    .case { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 8px 16px 16px; margin: 16px 0; }
    .badge { background: #d73241; color: #fff; border-radius: 4px; padding: 1px 6px; font-size: 13px; }
    pre { white-space: pre-wrap; font-size: 12px; color: #555; }
    pre.diff { white-space: pre; overflow-x: auto; background: #fafafa; border: 1px solid #ddd; padding: 8px; color: #1d1d1d; }
    .triple { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
    figure { margin: 0; } figcaption { text-align: center; color: #666; }
    img { max-width: 360px; border: 1px solid #ccc; background: #fff; }
    .flip-box { margin-top: 12px; } .flip-box label { display: block; margin-bottom: 8px; }
    .flip { position: relative; display: inline-block; }
    .flip .actual { position: absolute; left: 0; top: 0; opacity: 0; }
    </style></head><body>
    <h1>Golden images</h1>
    <p class="summary \(failureCount > 0 ? "bad" : "good")">\(escape(summary))</p>
    <h2>Failures (\(failureCount))</h2>
    \(failureCount == 0 ? "<p>None.</p>" : failures)
    <details><summary>Passed (\(passed.count))</summary><ul>
    \(passedItems)
    </ul></details>
    </body></html>

    """
  try AtomicFile.write(
    Array(html.utf8), to: (folder as NSString).appendingPathComponent("index.html"))
}

/// Bytes of a text diff shown in the report (the whole diff stays in the artifacts folder).
private let textDiffLimit = 64 * 1024

private func escape(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    .replacingOccurrences(of: "'", with: "&#39;")
}
