import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@Suite("listrender command line", .tags(.cli))
struct CLITests {
  @Test("--help lists the subcommands")
  func help() throws {
    let result = try runListRender(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("render"))
    #expect(result.stdout.contains("doctor"))
    let render = try runListRender(["render", "--help"])
    #expect(render.status == 0)
    #expect(render.stdout.contains("--layout"))
  }

  @Test("render writes the PNG and the layout JSON")
  func goodRender() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("list.yaml")
    try "canvas: { width: 300, scale: 2 }\nsections:\n  - cells: [ { title: A }, { title: B } ]\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    let png = folder.appendingPathComponent("out/list.png")
    let json = folder.appendingPathComponent("layout.json")
    let result = try runListRender(["render", spec.path, "-o", png.path, "--layout", json.path])
    #expect(result.status == 0, "\(result.stderr)")
    let bitmap = try PNGCodec.decode([UInt8](try Data(contentsOf: png)))
    #expect(bitmap.width == 600)
    #expect(bitmap.height == 288)
    let dump = try JSONDecoder().decode(LayoutTree.Dump.self, from: try Data(contentsOf: json))
    #expect(dump.height == 144)
    #expect(dump.elements.filter { $0.kind == .cell }.count == 2)
    // No temporary files are left beside the outputs.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test("render --accessibility writes what VoiceOver reads, as the accessibility golden keeps it")
  func accessibilityOutput() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("tag.accessibility.json")
    let result = try runListRender([
      "render", Paths.fixtures.appendingPathComponent("headline/tag.yaml").path, "-o",
      folder.appendingPathComponent("tag.png").path, "--accessibility", json.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Data(contentsOf: json)
        == Data(
          contentsOf: Paths.golden.appendingPathComponent("headline/tag.accessibility.json")))
    struct Snapshot: Decodable { let elements: [AccessibilityElement] }
    let snapshot = try JSONDecoder().decode(Snapshot.self, from: try Data(contentsOf: json))
    #expect(snapshot.elements.map(\.label).first == "Fibre 1 Gb, NEW, Installation in 48 h")
    // The output may not be the spec.
    let same = try runListRender([
      "render", Paths.fixtures.appendingPathComponent("headline/tag.yaml").path, "-o",
      folder.appendingPathComponent("x.png").path, "--accessibility",
      Paths.fixtures.appendingPathComponent("headline/tag.yaml").path,
    ])
    #expect(same.status == 2)
  }

  @Test("--scale and --width override the canvas; the default output is named after the spec")
  func overrides() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "sections:\n  - cells: [ { title: A } ]\n".write(
      to: folder.appendingPathComponent("row.yaml"), atomically: true, encoding: .utf8)
    let result = try runListRender(
      ["render", "row.yaml", "--scale", "1", "--width", "250"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let bitmap = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("row.png"))))
    #expect(bitmap.width == 250)
    #expect(bitmap.height == 72)
    let bad = try runListRender(["render", "row.yaml", "--scale", "0"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--scale"))
  }

  @Test("a bad spec exits 2 with file, line and path, and writes nothing")
  func badSpec() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("bad.yaml")
    try "sections:\n  - cells:\n      - title: A\n      - subtitle: no title\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    let png = folder.appendingPathComponent("bad.png")
    let json = folder.appendingPathComponent("bad.json")
    let result = try runListRender(["render", spec.path, "-o", png.path, "--layout", json.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("bad.yaml:4:9: sections[0].cells[1]: missing required key 'title'"))
    #expect(!FileManager.default.fileExists(atPath: png.path))
    #expect(!FileManager.default.fileExists(atPath: json.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.yaml"])
  }

  @Test("a missing spec file exits 2 and names it")
  func missingSpec() throws {
    let result = try runListRender(["render", "/nonexistent/spec.yaml", "-o", "/tmp/never.png"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/spec.yaml"))
  }

  @Test("render with no spec draws the built-in showcase, 1080 px wide at scale 3")
  func showcase() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runListRender(["render"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = try Data(contentsOf: folder.appendingPathComponent("showcase.png"))
    let bitmap = try PNGCodec.decode([UInt8](bytes))
    #expect(bitmap.width == 1080)
    // The same pixels as the showcase fixture's golden (which also carries a fingerprint).
    let golden = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: Paths.golden.appendingPathComponent("showcase.png"))))
    #expect(bitmap == golden)
  }

  @Test("doctor prints library versions and fonts")
  func doctor() throws {
    let result = try runListRender(["doctor"])
    #expect(result.status == 0, "\(result.stderr)")
    for library in ["cairo", "pango", "harfbuzz", "freetype", "fontconfig"] {
      #expect(result.stdout.contains(library))
    }
    #expect(result.stdout.contains("Roboto-Medium.ttf"))
    // The executable's libthai breaking is ListRender's: Thai lines break where ICU says.
    #expect(result.stdout.contains("thai breaks ICU (libthai's dictionary unused)"))
  }

  @Test("doctor SPEC lists every font file the spec's text uses, with its checksum")
  func doctorSpec() throws {
    let spec = Paths.fixtures.appendingPathComponent("text/brand-font.yaml").path
    let result = try runListRender(["doctor", spec])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    func line(_ file: String) -> String? { lines.last { $0.contains("/" + file) } }
    #expect(line("DejaVuSerif.ttf")?.contains("fonts:") == true)
    #expect(line("DejaVuSerif.ttf")?.hasSuffix("(DejaVu Serif)") == true)
    #expect(line("NotoSansDevanagari-Regular.ttf")?.contains("catalogue") == true)
    #expect(line("Roboto-Regular.ttf")?.contains("standard") == true)
    #expect(line("NotoSansThai-Regular.ttf") == nil)
    let bad = try runListRender(["doctor", "/nonexistent/spec.yaml"])
    #expect(bad.status == 2)
    // A spec that does not load (a value out of range, a file outside its folder): exit 2.
    let folder = try Paths.temporaryFolder(with: [
      "range.yaml": "canvas: { width: 0 }\nsections: []\n",
      "outside.yaml": "fonts: [ /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]\nsections: []\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    for spec in ["range.yaml", "outside.yaml"] {
      let result = try runListRender(["doctor", spec], in: folder)
      #expect(result.status == 2, "\(spec): \(result.stderr)")
      #expect(result.stderr.contains(spec + ":"), "\(result.stderr)")
    }
  }

  @Test("an unknown subcommand or option is bad input: exit 2")
  func badArguments() throws {
    #expect(try runListRender(["paint"]).status == 2)
    #expect(try runListRender(["render", "--colour", "red"]).status == 2)
  }

  @Test("a document written as YAML renders with listrender as it renders in code")
  func renderedByTheCLI() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try SampleDocuments.inbox.yaml().write(
      to: folder.appendingPathComponent("inbox.yaml"), atomically: true, encoding: .utf8)
    let run = try runListRender(
      ["render", "inbox.yaml", "-o", "inbox.png", "--allow-path", Paths.fixtures.path],
      in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let drawn = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("inbox.png"))))
    #expect(drawn == (try ListRenderer().render(SampleDocuments.inbox)))
  }
}
