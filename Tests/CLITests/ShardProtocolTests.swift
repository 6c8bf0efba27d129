import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// `verify` under Bazel's test protocol, by environment alone, and `merge-reports` joining the
/// shards' reports into the report of an unsharded run.
@Suite("Shards: Bazel's protocol and merged reports", .tags(.cli))
struct ShardProtocolTests {
  /// Six small fixtures with goldens; two of them then changed so that they fail.
  private func suite() throws -> URL {
    let folder = try Paths.temporaryFolder()
    let fixtures = folder.appendingPathComponent("fx/rows")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for index in 0..<6 {
      try """
      canvas: { width: 120, scale: 1 }
      sections:
        - cells: [ { title: Row \(index) } ]
      """.write(
        to: fixtures.appendingPathComponent("row\(index).yaml"), atomically: true,
        encoding: .utf8)
    }
    let record = try runListRender(["record", "fx", "--golden", "gold"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    for index in [1, 4] {
      try """
      canvas: { width: 120, scale: 1 }
      sections:
        - cells: [ { title: Changed \(index) } ]
      """.write(
        to: fixtures.appendingPathComponent("row\(index).yaml"), atomically: true,
        encoding: .utf8)
    }
    return folder
  }

  private func junitCases(_ url: URL) throws -> [String] {
    let xml = try String(contentsOf: url, encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #"<testcase classname="([^"]*)" name="([^"]*)""#)
    return pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).compactMap {
      match in
      guard let folder = Range(match.range(at: 1), in: xml),
        let name = Range(match.range(at: 2), in: xml)
      else { return nil }
      return xml[folder] + "/" + xml[name]
    }.sorted()
  }

  @Test(
    "three shards by TEST_TOTAL_SHARDS / TEST_SHARD_INDEX alone: disjoint, every case once, status files and JUnit where Bazel wants them; --shard wins"
  )
  func bazelProtocol() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    var seen: [String] = []
    for index in 0..<3 {
      let outputs = folder.appendingPathComponent("out\(index)")
      try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
      let result = try runListRender(
        ["verify", "fx", "--golden", "gold"],
        environment: [
          "TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\(index)",
          "TEST_SHARD_STATUS_FILE": folder.appendingPathComponent("status\(index)").path,
          "XML_OUTPUT_FILE": folder.appendingPathComponent("junit\(index).xml").path,
          "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
          "TEST_TMPDIR": folder.path,
        ], in: folder)
      #expect([0, 1].contains(result.status), "\(result.stderr)")
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("status\(index)").path))
      #expect(
        FileManager.default.fileExists(
          atPath: outputs.appendingPathComponent("report/index.html").path))
      seen += try junitCases(folder.appendingPathComponent("junit\(index).xml"))
    }
    #expect(seen.count == 6)
    #expect(Set(seen).count == 6, "\(seen)")
    // An explicit --shard wins over the environment.
    let explicit = try runListRender(
      ["verify", "fx", "--golden", "gold", "--shard", "1/1", "--junit", "all.xml"],
      environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0"], in: folder)
    #expect(explicit.status == 1)
    #expect(try junitCases(folder.appendingPathComponent("all.xml")).count == 6)
    // A shard index out of range is bad input.
    let bad = try runListRender(
      ["verify", "fx", "--golden", "gold"],
      environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"], in: folder)
    #expect(bad.status == 2)
  }

  @Test(
    "under bazel test, messages name the outputs.zip the output folder becomes, and the accept hint works from the workspace"
  )
  func bazelPaths() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputs = folder.appendingPathComponent("sandbox/outputs")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let result = try runListRender(
      ["verify", "fx", "--golden", "gold"],
      environment: [
        "TEST_TARGET": "//ui:goldens", "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
        "XML_OUTPUT_FILE": folder.appendingPathComponent("test.xml").path,
      ], in: folder)
    #expect(result.status == 1)
    #expect(!result.stderr.contains(outputs.path), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "bazel-testlogs/ui/goldens/test.outputs/outputs.zip → artifacts/rows/row1"),
      "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "report: bazel-testlogs/ui/goldens/test.outputs/outputs.zip → report/index.html"),
      "\(result.stdout)")
    // A root package's target and a sharded test: where Bazel really keeps the outputs.
    let sharded = try runListRender(
      ["verify", "fx", "--golden", "gold"],
      environment: [
        "TEST_TARGET": "//:goldens", "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
        "TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1",
      ], in: folder)
    #expect(
      sharded.stdout.contains(
        "report: bazel-testlogs/goldens/shard_2_of_3/test.outputs/outputs.zip → report/index.html"
      ), "\(sharded.stdout)")
    #expect(
      result.stdout.contains(
        "to accept every failure, from the workspace root: listrender record fx --golden gold --filter rows/row1 --filter rows/row4"
      ), "\(result.stdout)")
    let junit = try String(contentsOf: folder.appendingPathComponent("test.xml"), encoding: .utf8)
    #expect(!junit.contains(outputs.path))
    #expect(junit.contains("outputs.zip"))
    // Recording with that command, from the workspace, makes the next run pass.
    let accept = try runListRender(
      ["record", "fx", "--golden", "gold", "--filter", "rows/row1", "--filter", "rows/row4"],
      in: folder)
    #expect(accept.status == 0, "\(accept.stderr)")
    #expect(try runListRender(["verify", "fx", "--golden", "gold"], in: folder).status == 0)
  }

  @Test(
    "merge-reports of three shards equals the unsharded run: summary, JUnit cases, failures with images, last-failed"
  )
  func merge() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = try runListRender(
      [
        "verify", "fx", "--golden", "gold", "--report", "whole", "--junit", "whole.xml", "--json",
        "whole.json",
      ], in: folder)
    #expect(whole.status == 1)
    for index in 1...3 {
      _ = try runListRender(
        ["verify", "fx", "--golden", "gold", "--shard", "\(index)/3", "--report", "r\(index)"],
        in: folder)
    }
    let merged = try runListRender(
      [
        "merge-reports", "r1", "r2", "r3", "--report", "merged", "--junit", "merged.xml", "--json",
        "merged.json",
      ], in: folder)
    #expect(merged.status == 1, "\(merged.stderr)")
    #expect(
      try junitCases(folder.appendingPathComponent("merged.xml"))
        == junitCases(folder.appendingPathComponent("whole.xml")))
    func summary(_ name: String) throws -> [String: Int] {
      let object =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
      let summary = object?["summary"] as? [String: Any] ?? [:]
      return summary.compactMapValues { $0 as? Int }.filter { $0.key != "seconds" }
    }
    #expect(try summary("merged.json") == summary("whole.json"))
    #expect(try summary("merged.json")["failed"] == 2)
    let lastFailed = try String(
      contentsOf: folder.appendingPathComponent("merged/last-failed.txt"), encoding: .utf8)
    #expect(lastFailed == "rows/row1\nrows/row4\n")
    // Every failure's images are in the merged report, and its page shows them.
    let images = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("merged/images").path)
    for name in ["row1", "row4"] {
      for role in ["expected", "diff", "actual"] {
        #expect(
          images.contains { $0.contains(name) && $0.hasSuffix(".\(role).png") }, "\(name) \(role)")
      }
    }
    // Every artifact path merged.json and merged.xml print exists: the merged report's own
    // copies, never the temporary copies the merge read.
    let json = try String(contentsOf: folder.appendingPathComponent("merged.json"), encoding: .utf8)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let cases = object?["cases"] as? [[String: Any]] ?? []
    var named = 0
    for entry in cases {
      for (_, path) in entry["artifacts"] as? [String: String] ?? [:] {
        named += 1
        let absolute = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
        #expect(FileManager.default.fileExists(atPath: absolute), "\(path)")
        #expect(!path.contains("listrender-merge-"), "\(path)")
      }
    }
    #expect(named >= 6, "\(json)")
    let page = try String(
      contentsOf: folder.appendingPathComponent("merged/index.html"), encoding: .utf8)
    #expect(page.contains("6 cases: 4 passed, 2 failed"))
    // A shard given twice, a shard missing, shards of two splits or of two suites: exit 1,
    // naming them, and no report is written.
    let twice = try runListRender(
      ["merge-reports", "r1", "r2", "r2", "--report", "again"], in: folder)
    #expect(twice.status == 1)
    #expect(twice.stderr.contains("r2 and r2 are both shard 2/3"), "\(twice.stderr)")
    let lacking = try runListRender(["merge-reports", "r1", "r3", "--report", "again"], in: folder)
    #expect(lacking.status == 1)
    #expect(lacking.stderr.contains("shard 2/3 missing: 2 of 3 given"), "\(lacking.stderr)")
    _ = try runListRender(
      ["verify", "fx", "--golden", "gold", "--shard", "2/2", "--report", "half"], in: folder)
    let splits = try runListRender(
      ["merge-reports", "r1", "half", "r3", "--report", "again"], in: folder)
    #expect(splits.status == 1)
    #expect(splits.stderr.contains("the suite was split two ways"), "\(splits.stderr)")
    _ = try runListRender(
      [
        "verify", "fx", "--golden", "gold", "--shard", "2/3", "--filter", "row", "--report",
        "other",
      ],
      in: folder)
    let suites = try runListRender(
      ["merge-reports", "r1", "other", "r3", "--report", "again"], in: folder)
    #expect(suites.status == 1)
    #expect(suites.stderr.contains("different suites"), "\(suites.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("again").path))
    // A folder that is not a report is bad input.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("plain"), withIntermediateDirectories: true)
    let plain = try runListRender(
      ["merge-reports", "r1", "plain", "--report", "again"], in: folder)
    #expect(plain.status == 2)
    #expect(plain.stderr.contains("is not a listrender report folder"))
  }

  @Test(
    "a spec, an output and a case named with one letter do not crash (Foundation traps on them)")
  func oneLetterNames() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fx")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: A } ]\n"
    try spec.write(to: fixtures.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    try spec.write(to: folder.appendingPathComponent("b"), atomically: true, encoding: .utf8)
    let render = try runListRender(["render", "b", "-o", "c"], in: folder)
    #expect(render.status == 0, "\(render.stderr)")
    let record = try runListRender(
      ["record", "fx", "--golden", "g", "--junit", "j.xml"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let junit = try String(contentsOf: folder.appendingPathComponent("j.xml"), encoding: .utf8)
    #expect(junit.contains(#"<testcase classname="." name="a""#), "\(junit)")
  }

  @Test(
    "merge-reports refuses a damaged results.json and never copies a file from outside a shard's folder"
  )
  func hostileShard() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func shard(_ name: String, _ results: String) throws {
      let report = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
      try "written by listrender verify/record\n".write(
        to: report.appendingPathComponent(".listrender-report"), atomically: true, encoding: .utf8)
      try results.write(
        to: report.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
    }
    let secret = folder.appendingPathComponent("secret.png")
    try Data(repeating: 0x41, count: 64).write(to: secret)
    let entry = { (name: String, outcome: String, image: String) in
      """
      {"fixture":"\(name).yaml","golden":"g.png","message":"m","name":"\(name)","outcome":"\(outcome)","position":0,"seconds":0,"shown":{"images":{"actual":"\(image)","expected":"\(image)"}},"variant":""}
      """
    }
    let head = #"{"acceptCommand":["listrender","record"],"cases":["#
    let tail = { (share: String) in
      #"],"fixtures":"fx","format":"listrender-results 2","seconds":1,"shard":"\#(share)","suite":"s"}"#
    }
    try shard("s1", head + entry("a", "failed", "images/../../secret.png") + tail("1/3"))
    try shard("s2", head + entry("b", "failed", "/etc/passwd") + tail("2/3"))
    // A link in a shard's images that leads out of it.
    let images = folder.appendingPathComponent("s1/images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: images.appendingPathComponent("link.png"), withDestinationURL: secret)
    try shard("s6", head + entry("e", "failed", "images/link.png") + tail("3/3"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("s6/images"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("s6/images/link.png"), withDestinationURL: secret)
    let merged = try runListRender(
      ["merge-reports", "s1", "s2", "s6", "--report", "merged"], in: folder)
    #expect(merged.status == 1, "\(merged.stderr)")
    let copied =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("merged/images").path)) ?? []
    #expect(copied.isEmpty, "\(copied)")
    // An outcome it does not know, a cut-short file, another format: exit 2, naming the folder.
    try shard("s3", head + entry("c", "exploded", "images/x.png") + tail("1/1"))
    try shard("s4", String((head + entry("d", "failed", "images/x.png") + tail("1/1")).prefix(60)))
    try shard("s5", (head + tail("1/1")).replacingOccurrences(of: "results 2", with: "results 9"))
    try shard("s7", head + entry("f", "failed", "images/x.png") + tail("4/3"))
    for bad in ["s3", "s4", "s5", "s7"] {
      let result = try runListRender(["merge-reports", bad, "--report", "m-\(bad)"], in: folder)
      #expect(result.status == 2, "\(bad): \(result.stderr)")
      #expect(result.stderr.contains(bad), "\(bad): \(result.stderr)")
    }
  }

  @Test(
    "a shard naming /proc/self/environ, /etc/passwd or ../secret as a golden, or holding a page or a script, puts none of it in the merged report"
  )
  func noSecretLeaves() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("s1")
    let images = report.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try "written by listrender verify/record\n".write(
      to: report.appendingPathComponent(".listrender-report"), atomically: true, encoding: .utf8)
    try "secret-from-a-file".write(
      to: folder.appendingPathComponent("secret"), atomically: true, encoding: .utf8)
    // A real PNG named as a page: copied as what it is. A page and an SVG with script: never.
    let render = try runListRender(["render", "-o", "real.png", "--scale", "1"], in: folder)
    #expect(render.status == 0, "\(render.stderr)")
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("real.png"),
      to: images.appendingPathComponent("real.html"))
    let script = "<html><script>document.title='ran'</script></html>"
    try script.write(
      to: images.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
    try "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".write(
      to: images.appendingPathComponent("x.svg"), atomically: true, encoding: .utf8)
    // A 3 GB sparse file that starts as a PNG: refused by its size before it is read.
    let big = images.appendingPathComponent("big.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: big)
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    func entry(_ name: String, _ outcome: String, golden: String, _ images: [String: String])
      -> String
    {
      let shown = images.map { #""\#($0.key)":"\#($0.value)""# }.joined(separator: ",")
      return """
        {"fixture":"\(name).yaml","golden":"\(golden)","message":"m","name":"\(name)","outcome":"\(outcome)","position":0,"seconds":0,"shown":{"images":{\(shown)}},"variant":""}
        """
    }
    let cases = [
      entry("a", "passed", golden: "/proc/self/environ", [:]),
      entry("b", "passed", golden: "/etc/passwd", ["golden": "/etc/passwd"]),
      entry("c", "passed", golden: "../secret", ["golden": "images/../../secret"]),
      entry(
        "d", "failed", golden: "/proc/self/environ",
        ["actual": "images/page.html", "diff": "images/x.svg"]),
      entry("e", "passed", golden: "g.png", ["golden": "images/real.html"]),
      entry("f", "missing", golden: "/proc/self/environ", ["expected": "/proc/self/environ"]),
      entry("g", "passed", golden: "g.png", ["golden": "images/big.png"]),
    ]
    try
      (#"{"acceptCommand":["listrender","record"],"cases":["# + cases.joined(separator: ",")
      + #"],"fixtures":"fx","format":"listrender-results 2","seconds":1,"shard":"1/1","suite":"s"}"#)
      .write(
        to: report.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
    let token = "ci-token-\(UUID().uuidString)"
    let merged = try runListRender(
      ["merge-reports", "s1", "--report", "merged"], environment: ["CI_SECRET_TOKEN": token],
      in: folder)
    #expect(merged.status == 1, "\(merged.stderr)")
    let written = try FileManager.default.subpathsOfDirectory(
      atPath: folder.appendingPathComponent("merged").path)
    for file in written {
      let path = folder.appendingPathComponent("merged").appendingPathComponent(file).path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue, !file.hasSuffix("big.png")
      else { continue }
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      #expect(!text.contains(token), "\(file) holds the environment")
      #expect(!text.contains("root:x:0"), "\(file) holds /etc/passwd")
      #expect(!text.contains("secret-from-a-file"), "\(file) holds ../secret")
      #expect(!text.contains("document.title='ran'"), "\(file) holds the shard's page")
      #expect(!text.contains("alert(1)"), "\(file) holds the shard's SVG")
    }
    let copied = written.filter { $0.hasPrefix("images/") }
    // Only the real image, as a PNG by its content.
    #expect(copied == ["images/4-e.png"], "\(copied)")
  }

  @Test(
    "outputs are never inputs: --junit, --json, --contact-sheet and XML_OUTPUT_FILE on a golden, a fixture, a report file, inside images/ or a shard's results.json are refused; a FIFO status file never blocks"
  )
  func outputsNeverInputs() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("gold/rows/row0.png")
    let goldenBytes = try Data(contentsOf: golden)
    let fixture = folder.appendingPathComponent("fx/rows/row0.yaml")
    let fixtureBytes = try Data(contentsOf: fixture)
    _ = try runListRender(["verify", "fx", "--golden", "gold", "--report", "r"], in: folder)
    for (arguments, environment, expected) in [
      (["--junit", "gold/rows/row0.png"], [:], "goldens folder"),
      (["--json", "gold/rows/new.json"], [:], "goldens folder"),
      (["--contact-sheet", "gold/rows/row0.png"], [:], "goldens folder"),
      (["--json", "fx/rows/row0.yaml"], [:], "would write over the fixture"),
      (["--junit", "r/index.html"], [:], "r/index.html"),
      (["--json", "r/results.json"], [:], "r/results.json"),
      (["--junit", "r/images/junit.xml"], [:], "inside the report's images/ folder"),
      ([], ["XML_OUTPUT_FILE": "r/images/junit.xml"], "inside the report's images/ folder"),
      ([], ["XML_OUTPUT_FILE": "gold/rows/row1.png"], "goldens folder"),
      (["--junit", "same.xml", "--json", "same.xml"], [:], "same.xml"),
    ] as [([String], [String: String], String)] {
      let result = try runListRender(
        ["verify", "fx", "--golden", "gold", "--report", "r"] + arguments,
        environment: environment, in: folder)
      #expect(result.status == 2, "\(arguments) \(environment): \(result.stderr)")
      #expect(result.stderr.contains(expected), "\(arguments) \(environment): \(result.stderr)")
    }
    // A link planted in a claimed report folder, leading to a golden: refused, not written.
    let page = folder.appendingPathComponent("r/index.html")
    try FileManager.default.removeItem(at: page)
    try FileManager.default.createSymbolicLink(at: page, withDestinationURL: golden)
    let planted = try runListRender(
      ["verify", "fx", "--golden", "gold", "--report", "r"], in: folder)
    #expect(planted.status == 2, "\(planted.stderr)")
    #expect(try Data(contentsOf: golden) == goldenBytes)
    #expect(try Data(contentsOf: fixture) == fixtureBytes)
    // merge-reports: never over a shard's results.json, never into a shard's folder.
    for index in 1...2 {
      _ = try runListRender(
        ["verify", "fx", "--golden", "gold", "--shard", "\(index)/2", "--report", "s\(index)"],
        in: folder)
    }
    let shardResults = try Data(contentsOf: folder.appendingPathComponent("s1/results.json"))
    for arguments in [
      ["--report", "m", "--json", "s1/results.json"],
      ["--report", "m", "--junit", "s2/results.json"],
      ["--report", "s1"], ["--report", "m", "--junit", "x.xml", "--json", "x.xml"],
    ] {
      let merged = try runListRender(["merge-reports", "s1", "s2"] + arguments, in: folder)
      #expect(merged.status == 2, "\(arguments): \(merged.stderr)")
    }
    #expect(try Data(contentsOf: folder.appendingPathComponent("s1/results.json")) == shardResults)
    // A FIFO as Bazel's shard status file: touched as touch(1) would, no wait.
    let fifo = folder.appendingPathComponent("status.fifo")
    mkfifo(fifo.path, 0o644)
    let bazel = try runListRender(
      ["verify", "fx", "--golden", "gold", "--report", "b"],
      environment: [
        "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": fifo.path,
      ], in: folder)
    #expect([0, 1].contains(bazel.status), "\(bazel.stderr)")
  }

  @Test("numbers from Bazel's environment and from a shard's results.json at 0, 2^31 and 1e300")
  func extremeNumbers() throws {
    let folder = try suite()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (total, index) in [
      ("0", "0"), ("2147483648", "0"), ("1e300", "0"), ("3", "2147483648"), ("3", "1e300"),
      ("-1", "0"), ("3", "-1"),
    ] {
      let result = try runListRender(
        ["verify", "fx", "--golden", "gold"],
        environment: ["TEST_TOTAL_SHARDS": total, "TEST_SHARD_INDEX": index], in: folder)
      #expect(result.status == 2, "\(total) \(index): \(result.stderr)")
    }
    _ = try runListRender(["verify", "fx", "--golden", "gold", "--report", "r"], in: folder)
    let results = folder.appendingPathComponent("r/results.json")
    let original = try String(contentsOf: results, encoding: .utf8)
    // Positions and counts beyond Int, or not whole: not a report (exit 2). Huge but whole
    // values and a huge duration: merged as they are.
    for (field, value, status) in [
      ("position", "1e300", Int32(2)), ("position", "2147483648", 1), ("seconds", "1e300", 1),
      ("differingPixels", "1e300", 2), ("totalPixels", "2147483648", 1),
    ] {
      let changed = original.replacingOccurrences(
        of: #""\#(field)":"#, with: #""\#(field)":\#(value),"ignored\#(field)":"#)
      try changed.write(to: results, atomically: true, encoding: .utf8)
      let merged = try runListRender(
        ["merge-reports", "r", "--report", "m-\(field)-\(value)"], in: folder)
      #expect(merged.status == status, "\(field)=\(value): \(merged.stderr)")
    }
    // The shard it names: a count of 2^31 or 2^63 is a merge missing shards (counted, not
    // listed one by one), at once; 0, a negative or 1e300 is no shard at all (exit 2).
    for (shard, status) in [
      ("1/2147483648", Int32(1)), ("1/9223372036854775807", 1), ("0/1", 2), ("1/0", 2),
      ("-1/3", 2), ("1/1e300", 2), ("1e300/1", 2), ("2147483648/2147483648", 1),
    ] {
      let changed = original.replacing(#/"shard":"[^"]*"/#, with: #""shard":"\#(shard)""#)
      try changed.write(to: results, atomically: true, encoding: .utf8)
      let started = Date()
      let merged = try runListRender(
        ["merge-reports", "r", "--report", "m-shard-\(status)"], in: folder)
      #expect(merged.status == status, "shard \(shard): \(merged.stderr)")
      #expect(Date().timeIntervalSince(started) < 10, "shard \(shard)")
    }
  }
}
