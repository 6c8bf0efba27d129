import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Goldens accepted from the report itself: decisions made on the page, downloaded as
/// review.json, written by `listrender accept` — exactly the accepted ones.
@Suite("Review from the report", .tags(.browser))
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
    return try reviewInBrowser(
      chromium, folder: folder,
      script: clicks(accept, "accept-case") + clicks(reject, "reject-case"))
  }

  /// The review the page would download after `script` ran in it (`d` is the report's
  /// document); `extra`, evaluated there too, is put before the review (`extra|review`).
  static func reviewInBrowser(
    _ chromium: String, folder: URL, script: String, extra: String = "''", profile: URL? = nil
  ) throws -> String {
    let harness = folder.appendingPathComponent("harness.html")
    try """
    <!doctype html><html><body><pre id="out">waiting</pre>
    <iframe id="r" src="report/index.html" onload="run()"></iframe>
    <script>
    function key(d, k) { d.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
    function run() {
      const d = document.getElementById('r').contentDocument;
      \(script)
      const download = d.getElementById('download-review') ? 'download ' : '';
      document.getElementById('out').textContent = download + (\(extra)) + JSON.stringify(d.defaultView.listrenderReview());
    }
    </script></body></html>
    """.write(to: harness, atomically: true, encoding: .utf8)
    let dom = try chromiumDOM(
      chromium, page: harness,
      extra: ["--virtual-time-budget=5000"] + (profile.map { ["--user-data-dir=\($0.path)"] } ?? [])
    )
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

  @Test(
    "an explicit Reject wins over Accept all shown; undo, keys, the reviewer's name and a reason reach accept",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func rejectWinsAndTheReviewIsARecord() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Reject c with a reason, then Accept all shown: a and b are added, c stays rejected. Then
    // by keys: j (card a), u (undo a), a (accept a again), j (card b), r (reject b), u (undo b),
    // ? (help shown).
    let script = """
      const name = d.getElementById('reviewer'); name.value = 'Ana Ruiz'; name.dispatchEvent(new Event('change'));
      const c = d.querySelector('.review[data-name="c"]');
      c.querySelector('.reason').value = 'the title regressed'; c.querySelector('.reject-case').click();
      d.getElementById('accept-shown').click();
      const note = d.getElementById('review-note').textContent;
      const afterAll = JSON.stringify(d.defaultView.listrenderReview());
      key(d, 'j'); key(d, 'u'); const undone = JSON.stringify(d.defaultView.listrenderReview());
      key(d, 'a'); key(d, 'j'); key(d, 'r'); const rejected = d.querySelector('.review[data-name="b"] .decision').textContent;
      key(d, 'u'); key(d, '?');
      const help = d.getElementById('review-help').classList.contains('hidden') ? 'hidden' : 'shown';
      window.extra = note + '|' + afterAll + '|' + undone + '|' + rejected + '|' + help + '|' + c.querySelector('.decision').className + '|';
      """
    let page = try Self.reviewInBrowser(
      try #require(chromium), folder: folder, script: script, extra: "window.extra")
    let parts = page.components(separatedBy: "|")
    try #require(parts.count == 7, "\(page)")
    #expect(parts[0] == "2 added to accept; 1 already decided, left as they are", "\(parts[0])")
    // After Accept all shown: a and b accepted, c still rejected with its reason.
    #expect(parts[1].contains("\"accept\":[{\"name\":\"a\""), "\(parts[1])")
    #expect(parts[1].contains("{\"name\":\"b\""), "\(parts[1])")
    #expect(
      parts[1].contains(
        "\"reject\":[{\"name\":\"c\",\"variant\":\"\",\"sha256\":\""), "\(parts[1])")
    #expect(parts[1].contains("\"reason\":\"the title regressed\""), "\(parts[1])")
    #expect(!parts[1].contains("\"accept\":[{\"name\":\"a\"},{\"name\":\"c\""))
    // u on card a: a undecided.
    #expect(!parts[2].contains("{\"name\":\"a\""), "\(parts[2])")
    #expect(parts[3] == "rejected", "\(parts[3])")
    #expect(parts[4] == "shown")
    #expect(parts[5].contains("rejected"), "\(parts[5])")
    let review = parts[6]
    #expect(review.contains("\"reviewer\":\"Ana Ruiz\""), "\(review)")
    #expect(review.contains("\"run\":{\"time\":\""), "\(review)")
    #expect(review.contains("\"accept\":[{\"name\":\"a\""), "\(review)")
    #expect(!review.contains("{\"name\":\"b\""), "b was undone: \(review)")
    try review.write(
      to: folder.appendingPathComponent("review.json"), atomically: true, encoding: .utf8)
    let golden = { (name: String) in
      try Data(contentsOf: folder.appendingPathComponent("Golden/\(name).png"))
    }
    let before = try ["a", "b", "c"].map(golden)
    let accepted = try runListRender(["accept", "review.json"], in: folder)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout == "accepted a: Golden/a.png\n", "\(accepted.stdout)")
    #expect(accepted.stderr.contains("review by Ana Ruiz at "), "\(accepted.stderr)")
    #expect(accepted.stderr.contains("rejected c (the title regressed)"), "\(accepted.stderr)")
    #expect(accepted.stderr.contains("1 golden written; 1 rejected left as they are"))
    let after = try ["a", "b", "c"].map(golden)
    #expect(after[0] != before[0] && after[1] == before[1] && after[2] == before[2])
  }

  @Test(
    "decisions carry over to a newer run for the cases whose image is byte for byte the same",
    .enabled(if: chromium != nil, "Chromium is not installed (make deps-test could not install it)")
  )
  func decisionsCarryOver() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let profile = folder.appendingPathComponent("profile")
    let browser = try #require(chromium)
    let first = try Self.reviewInBrowser(
      browser, folder: folder,
      script: """
        d.querySelector('.review[data-name="a"] .accept-case').click();
        d.querySelector('.review[data-name="c"] .reject-case').click();
        """, extra: "''", profile: profile)
    #expect(first.contains("\"accept\":[{\"name\":\"a\""), "\(first)")
    // A newer run: a's image changes, b's and c's are the same bytes.
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Again a }] }]\n".write(
      to: folder.appendingPathComponent("Fixtures/a.yaml"), atomically: true, encoding: .utf8)
    #expect(try runListRender(["verify"], in: folder).status == 1)
    let second = try Self.reviewInBrowser(
      browser, folder: folder, script: "", extra: "''", profile: profile)
    #expect(second.contains("\"accept\":[]"), "a's image changed: its decision is gone: \(second)")
    #expect(second.contains("\"reject\":[{\"name\":\"c\""), "c's carried over: \(second)")
  }

  /// A review of case `name` as the page would save it, with the digest results.json lists.
  static func review(of names: [String], in folder: URL, extra: String = "") throws -> String {
    let results = try String(
      contentsOf: folder.appendingPathComponent("report/results.json"), encoding: .utf8)
    let entries = try names.map { name -> String in
      let start = try #require(results.range(of: "\"name\":\"\(name)\""))
      let line = results[start.lowerBound...].prefix(while: { $0 != "\n" })
      let marker = try #require(line.range(of: "\"actualSHA256\":\""))
      let digest = String(line[marker.upperBound...].prefix(64))
      return "{\"name\": \"\(name)\", \"variant\": \"\", \"sha256\": \"\(digest)\"}"
    }
    return "{\(extra)\"accept\": [\(entries.joined(separator: ", "))]}"
  }

  @Test("a case that passes again leaves none of its failure's artifacts; another case's stay")
  func staleArtifactsRemoved() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let artifacts = folder.appendingPathComponent(".build/golden-artifacts")
    func files(_ name: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: artifacts.path)
        .filter { $0.hasPrefix(name + ".") }.sorted()
    }
    #expect(try files("a") == ["a.actual.png", "a.diff.png", "a.expected.png", "a.panel.png"])
    try "canvas: { width: 200, scale: 1 }\nsections: [{ cells: [{ title: Before a }] }]\n".write(
      to: folder.appendingPathComponent("Fixtures/a.yaml"), atomically: true, encoding: .utf8)
    #expect(try runListRender(["verify"], in: folder).status == 1)
    #expect(try files("a").isEmpty)
    #expect(try files("b").count == 4)
  }

  @Test("accept run from another folder writes the suite's golden and nothing where it runs")
  func fromAnotherFolder() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let elsewhere = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    // A review without a "reject" key is a review.
    let reviewFile = folder.appendingPathComponent("review.json")
    try Self.review(of: ["a"], in: folder).write(to: reviewFile, atomically: true, encoding: .utf8)
    let goldenA = folder.appendingPathComponent("Golden/a.png")
    let before = try Data(contentsOf: goldenA)
    let report = folder.appendingPathComponent("report").path
    // --dry-run: says what it would write, writes nothing.
    let dry = try runListRender(
      ["accept", reviewFile.path, "--report", report, "--dry-run"], in: elsewhere)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout == "would accept a: \(real(goldenA.path))\n", "\(dry.stdout)")
    #expect(dry.stderr.contains("1 golden would be written; nothing was written"))
    #expect(try Data(contentsOf: goldenA) == before)
    let run = try runListRender(["accept", reviewFile.path, "--report", report], in: elsewhere)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "accepted a: \(real(goldenA.path))\n", "\(run.stdout)")
    #expect(try Data(contentsOf: goldenA) != before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    // The report moved with its project: found from the report folder when the absolute path
    // it names is gone.
    let moved = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: moved) }
    let project = moved.appendingPathComponent("project")
    try FileManager.default.moveItem(at: folder, to: project)
    defer { try? FileManager.default.moveItem(at: project, to: folder) }
    try Self.review(of: ["b"], in: project).write(
      to: project.appendingPathComponent("review.json"), atomically: true, encoding: .utf8)
    let goldenB = project.appendingPathComponent("Golden/b.png")
    let beforeB = try Data(contentsOf: goldenB)
    let movedRun = try runListRender(
      [
        "accept", project.appendingPathComponent("review.json").path, "--report",
        project.appendingPathComponent("report").path,
      ], in: elsewhere)
    #expect(movedRun.status == 0, "\(movedRun.stderr)")
    #expect(try Data(contentsOf: goldenB) != beforeB)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  @Test(
    "accept refuses a hostile results.json, a link in the goldens folder, and names every stale case"
  )
  func hostileReports() throws {
    let folder = try Self.failingReport()
    defer { try? FileManager.default.removeItem(at: folder) }
    let goldens = ["a", "b", "c", "d"].map { folder.appendingPathComponent("Golden/\($0).png") }
    let before = try goldens.map { try Data(contentsOf: $0) }
    func unchanged() throws -> Bool { try goldens.map { try Data(contentsOf: $0) } == before }
    let reviewFile = folder.appendingPathComponent("review.json")
    try Self.review(of: ["a", "b"], in: folder).write(
      to: reviewFile, atomically: true, encoding: .utf8)
    // Two stale decisions: both named, and nothing written.
    let stale = try String(contentsOf: reviewFile, encoding: .utf8)
      .replacingOccurrences(
        of: #"[0-9a-f]{64}"#, with: String(repeating: "1", count: 64), options: .regularExpression)
    try stale.write(to: reviewFile, atomically: true, encoding: .utf8)
    let staleRun = try runListRender(["accept", "review.json"], in: folder)
    #expect(staleRun.status == 2)
    #expect(staleRun.stderr.contains("accept: nothing was written"), "\(staleRun.stderr)")
    #expect(staleRun.stderr.contains("  a: the report's image is not the one reviewed"))
    #expect(staleRun.stderr.contains("  b: the report's image is not the one reviewed"))
    #expect(try unchanged())
    // A results.json that points the goldens folder at another folder of images (a plain PNG
    // named like the golden is there): refused, that image untouched.
    try Self.review(of: ["a"], in: folder).write(to: reviewFile, atomically: true, encoding: .utf8)
    let resultsURL = folder.appendingPathComponent("report/results.json")
    let results = try String(contentsOf: resultsURL, encoding: .utf8)
    let assets = folder.appendingPathComponent("Fixtures/assets")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    let plain = assets.appendingPathComponent("a.png")
    try FileManager.default.copyItem(at: goldens[3], to: plain)
    let plainBefore = try Data(contentsOf: plain)
    let goldenFolder = real(folder.appendingPathComponent("Golden").path)
    let hostile = results.replacingOccurrences(of: goldenFolder, with: real(assets.path))
      .replacingOccurrences(of: "\"goldens\":\"Golden\"", with: "\"goldens\":\"Fixtures/assets\"")
      .replacingOccurrences(of: "\"golden\":\"Golden/", with: "\"golden\":\"Fixtures/assets/")
      .replacingOccurrences(
        of: "\"goldensFromReport\":\"../Golden\"",
        with: "\"goldensFromReport\":\"../Fixtures/assets\"")
    #expect(hostile != results)
    try hostile.write(to: resultsURL, atomically: true, encoding: .utf8)
    let hostileRun = try runListRender(["accept", "review.json"], in: folder)
    #expect(hostileRun.status == 2)
    #expect(
      hostileRun.stderr.contains("is not the golden the report compared against"),
      "\(hostileRun.stderr)")
    #expect(try Data(contentsOf: plain) == plainBefore)
    #expect(try unchanged())
    try results.write(to: resultsURL, atomically: true, encoding: .utf8)
    // A dangling link planted in Golden/ where a's golden was: not written through.
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.removeItem(at: goldens[0])
    try FileManager.default.createSymbolicLink(
      atPath: goldens[0].path, withDestinationPath: outside.appendingPathComponent("a.png").path)
    let linked = try runListRender(["accept", "review.json"], in: folder)
    #expect(linked.status == 2)
    #expect(
      linked.stderr.contains("is a link; accept writes no golden through a link"),
      "\(linked.stderr)")
    #expect(!FileManager.default.fileExists(atPath: outside.path))
    // A folder that is not a report: the command named is accept's.
    let none = try runListRender(["accept", "review.json", "--report", "nowhere"], in: folder)
    #expect(none.status == 2)
    #expect(
      none.stderr.hasPrefix("listrender: accept: nowhere is not a listrender report folder"),
      "\(none.stderr)")
  }
}

/// A path with its links resolved, as accept prints it.
private func real(_ path: String) -> String {
  URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}
