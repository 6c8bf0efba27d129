import Foundation
import ListRender
import RenderTestSupport
import Testing

/// Goldens accepted from the report itself: decisions made on the page, downloaded as
/// review.json, written by `listrender accept` — exactly the accepted ones.
@Suite("Review from the report")
struct ReviewTests {
  /// A suite of four lists, recorded, then three of them changed: a report with three failures.
  static func failingReport() throws -> URL {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("Fixtures")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    func write(_ name: String, _ title: String) throws {
      try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: \(title) }] }]\n".write(
        to: fixtures.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
    }
    for name in ["a", "b", "c", "d"] { try write(name, "Before \(name)") }
    #expect(try runListRender(["record"], in: folder).status == 0)
    for name in ["a", "b", "c"] { try write(name, "After \(name)") }
    #expect(try runListRender(["verify"], in: folder).status == 1)
    return folder
  }

  /// The page's decisions, made by clicking its buttons in headless Chromium: the review the
  /// page would download.
  static func reviewInBrowser(_ chromium: String, folder: URL, accept: [String], reject: [String])
    throws -> String
  {
    func clicks(_ names: [String], _ button: String) -> String {
      names.map {
        "d.querySelector('.review[data-name=\"\($0)\"] .\(button)').click();"
      }.joined()
    }
    let harness = folder.appendingPathComponent("harness.html")
    try """
    <!doctype html><html><body><pre id="out">waiting</pre>
    <iframe id="r" src="report/index.html" onload="run()"></iframe>
    <script>
    function run() {
      const d = document.getElementById('r').contentDocument;
      \(clicks(accept, "accept-case"))\(clicks(reject, "reject-case"))
      const download = d.getElementById('download-review') ? 'download ' : '';
      document.getElementById('out').textContent = download + JSON.stringify(d.defaultView.listrenderReview());
    }
    </script></body></html>
    """.write(to: harness, atomically: true, encoding: .utf8)
    let dom = try chromiumDOM(chromium, page: harness, extra: ["--virtual-time-budget=5000"])
    guard let start = dom.range(of: "<pre id=\"out\">download "),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { return "no review in the page: \(dom.prefix(2000))" }
    return String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(
      of: "&quot;", with: "\"")
  }

  @Test(
    "accept two cases and reject one on the page: accept writes those two goldens only",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func acceptFromThePage() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let review = try Self.reviewInBrowser(
      try #require(chromium), folder: folder, accept: ["a", "b"], reject: ["c"])
    #expect(review.contains("\"accept\":[{\"name\":\"a\""), "\(review)")
    #expect(review.contains("\"reject\":[{\"name\":\"c\""), "\(review)")
    try review.write(
      to: folder.appendingPathComponent("review.json"), atomically: true, encoding: .utf8)
    let golden = { (name: String) in
      try Data(contentsOf: folder.appendingPathComponent("Golden/\(name).png"))
    }
    let before = try ["a", "b", "c", "d"].map(golden)
    let accepted = try runListRender(["accept", "review.json"], in: folder)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout == "accepted a: Golden/a.png\naccepted b: Golden/b.png\n")
    let after = try ["a", "b", "c", "d"].map(golden)
    #expect(after[0] != before[0] && after[1] != before[1])
    #expect(after[2] == before[2] && after[3] == before[3])
    // The accepted goldens are what record writes: the two cases now pass, c still fails.
    let verify = try runListRender(["verify", "--json", "run.json"], in: folder)
    #expect(verify.status == 1)
    let run = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
    #expect(run.contains("\"failed\""))
    let recheck = try runListRender(["verify", "--filter", "a", "--filter", "b"], in: folder)
    #expect(recheck.status == 0, "\(recheck.stdout)")
    // Each accepted golden keeps its layout: a later failure is still explained.
    #expect(try golden("a").count > 0)
  }

  @Test("accept refuses a stale image, an unknown case and a golden outside its folder")
  func refusals() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = try String(
      contentsOf: folder.appendingPathComponent("report/results.json"), encoding: .utf8)
    // The digest the page shows for case a, as results.json lists it.
    let marker = try #require(results.range(of: "\"actualSHA256\":\""))
    let digest = String(results[marker.upperBound...].prefix(64))
    func attempt(_ review: String) throws -> ProcessResult {
      try review.write(
        to: folder.appendingPathComponent("review.json"), atomically: true, encoding: .utf8)
      return try runListRender(["accept", "review.json"], in: folder)
    }
    let goldenA = try Data(contentsOf: folder.appendingPathComponent("Golden/a.png"))
    let stale = try attempt(
      "{\"accept\": [{\"name\": \"a\", \"variant\": \"\", \"sha256\": \"\(String(repeating: "0", count: 64))\"}], \"reject\": []}"
    )
    #expect(stale.status == 2 && stale.stderr.contains("not the one reviewed"), "\(stale.stderr)")
    let unknown = try attempt(
      "{\"accept\": [{\"name\": \"a\", \"sha256\": \"\(digest)\"}, {\"name\": \"zz\", \"sha256\": \"\(digest)\"}], \"reject\": []}"
    )
    #expect(unknown.status == 2 && unknown.stderr.contains("zz"), "\(unknown.stderr)")
    // Nothing was written: a's golden is as it was though a's decision was valid.
    #expect(try Data(contentsOf: folder.appendingPathComponent("Golden/a.png")) == goldenA)
    // A report whose results.json points a golden outside the goldens folder.
    let tampered = results.replacingOccurrences(
      of: "\"golden\":\"Golden/a.png\"", with: "\"golden\":\"elsewhere/a.png\"")
    #expect(tampered != results)
    try tampered.write(
      to: folder.appendingPathComponent("report/results.json"), atomically: true, encoding: .utf8)
    let outside = try attempt(
      "{\"accept\": [{\"name\": \"a\", \"sha256\": \"\(digest)\"}], \"reject\": []}")
    #expect(outside.status == 2 && outside.stderr.contains("outside"), "\(outside.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere").path))
    let garbage = try attempt("[1, 2, 3]")
    #expect(garbage.status == 2 && garbage.stderr.contains("not a review"), "\(garbage.stderr)")
  }
}
