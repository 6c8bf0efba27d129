import Foundation
import RenderTestSupport
import TestLevels
import Testing

/// The package's module graph as the manifest declares it (`swift package dump-package`): the
/// rooms hold what their names say.
@Suite("Module graph", .tags(.cli))
struct ModuleGraphTests {
  /// Every target's direct dependencies, by name, and each target's kind.
  static func targets() throws -> (dependencies: [String: [String]], kinds: [String: String]) {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("listrender-dump-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A scratch path of its own: the manifest is read without the build folder's lock.
    let (status, data) = try runTool(
      "swift", ["package", "--scratch-path", scratch.path, "dump-package"], in: Paths.root)
    try #require(status == 0, "swift package dump-package failed")
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let targets = try #require(json["targets"] as? [[String: Any]])
    var dependencies: [String: [String]] = [:]
    var kinds: [String: String] = [:]
    for target in targets {
      let name = try #require(target["name"] as? String)
      kinds[name] = target["type"] as? String
      dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap {
        entry in
        // {"byName": [name, null]}, {"target": [name, null]} or {"product": [name, package, …]}.
        for key in ["byName", "target", "product"] {
          if let value = entry[key] as? [Any], let name = value.first as? String { return name }
        }
        return nil
      }
    }
    return (dependencies, kinds)
  }

  static func closure(of name: String, in graph: [String: [String]]) -> Set<String> {
    var seen: Set<String> = []
    var stack = graph[name] ?? []
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      stack += graph[next] ?? []
    }
    return seen
  }

  @Test(
    "the spec model links no codec; file input and output stand alone; no library module uses a CLI helper"
  )
  func rooms() throws {
    let (graph, kinds) = try Self.targets()
    #expect(graph["FileIO"] == [])
    let model = Self.closure(of: "ListModel", in: graph)
    #expect(model.contains("FileIO"))
    #expect(model.isDisjoint(with: ["ImageCodec", "CCodecs", "ListPainter", "CPangoCairo"]))
    #expect(graph["CommandSupport"] == nil, "the commands' helpers are the CLI's own")
    // String catalogs are read with ICU and file input alone: no model, layout or renderer.
    #expect(
      Self.closure(of: "StringCatalogs", in: graph).isDisjoint(with: [
        "ListModel", "ListLayout", "ListPainter", "ImageCodec", "CPangoCairo", "Yams",
      ]))
    for (name, kind) in kinds where kind == "regular" && name != "TestSupport" {
      #expect(
        !Self.closure(of: name, in: graph).contains("ListRenderCLI"),
        "\(name) depends on the CLI")
    }
    // The suite owns its failures; the CLI imports them from it.
    #expect(Self.closure(of: "ListRenderCLI", in: graph).contains("GoldenSuite"))
    // The model's, the layout's and the codecs' tests link their module (and the test support),
    // no renderer.
    for (tests, module) in [
      ("ListModelTests", "ListModel"), ("ListLayoutTests", "ListLayout"),
      ("ImageCodecTests", "ImageCodec"),
    ] {
      let linked = Self.closure(of: tests, in: graph)
      #expect(linked.contains(module))
      #expect(linked.isDisjoint(with: ["ListRender", "ListPainter", "CPangoCairo"]), "\(tests)")
    }
  }
}
