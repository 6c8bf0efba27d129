import Foundation
import ListModel
import RenderTestSupport
import TestLevels
import Testing

/// Masks by element: what changes by itself (a clock) is left out of the comparison, by path,
/// by row id, by a label's `mask: true`, from the spec or the command line; the mask follows
/// its row; a pattern that matches nothing is an error. Verdicts counted against known truth.
@Suite("Masks by element", .tags(.cli))
struct MaskTests {
  /// The list: a clock row between two others; `clock` its text, `extra` a row inserted
  /// first, `drafts` the last row's title; `ignore` the spec's patterns, `maskLabel` the
  /// clock's `mask: true`.
  static func spec(
    clock: String, extra: Bool = false, drafts: String = "Drafts", ignore: String? = nil,
    maskLabel: Bool = false
  ) -> String {
    let subtitle = maskLabel ? "{ text: \"\(clock)\", mask: true }" : "\"\(clock)\""
    return """
      canvas: { width: 360, scale: 1 }
      \(ignore.map { "ignore: \($0)" } ?? "")
      sections:
        - cells:
      \(extra ? "      - { title: Wallet }\n" : "")      - { title: Inbox, subtitle: 3 unread }
            - { id: last-sync, title: Last sync, subtitle: \(subtitle) }
            - { title: \(drafts) }

      """
  }

  /// The ways to mask the clock: the spec's `ignore:` or label, or `--ignore`.
  static let kinds: [(name: String, ignore: String?, label: Bool, option: [String])] = [
    ("spec path glob", "[\"sections[*].cells[*].subtitle\"]", false, []),
    ("spec row id", "[{ id: last-sync }]", false, []),
    ("label mask", nil, true, []),
    ("--ignore path", nil, false, ["--ignore", "sections[0].cells[*].subtitle"]),
    ("--ignore id", nil, false, ["--ignore", "id:last-sync"]),
  ]

  func verify(_ folder: URL, _ extra: [String] = []) throws -> (status: Int32, json: [String: Any])
  {
    let run = try runListRender(
      ["verify", "fx", "--golden", "gold", "--json", "r.json"] + extra, in: folder)
    let data = (try? Data(contentsOf: folder.appendingPathComponent("r.json"))) ?? Data("{}".utf8)
    let json = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    return (run.status, json)
  }

  @Test(
    "a clock masked five ways: passes when only it changed, fails on any other change, follows its row"
  )
  func clock() throws {
    var wrong: [String] = []
    var checked = 0
    for kind in Self.kinds {
      let folder = try Paths.temporaryFolder(with: [
        "fx/list.yaml": Self.spec(clock: "12:01", ignore: kind.ignore, maskLabel: kind.label)
      ])
      defer { try? FileManager.default.removeItem(at: folder) }
      #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
      func write(_ text: String) throws {
        try text.write(
          to: folder.appendingPathComponent("fx/list.yaml"), atomically: true, encoding: .utf8)
      }
      func expect(_ what: String, _ status: Int32, _ run: (status: Int32, json: [String: Any])) {
        checked += 1
        if run.status != status {
          wrong.append("\(kind.name), \(what): exit \(run.status), not \(status)")
        }
      }
      func first(_ json: [String: Any]) -> [String: Any] {
        (json["cases"] as? [[String: Any]])?.first ?? [:]
      }
      // The clock changed alone: a pass with the mask, naming what it left out.
      try write(Self.spec(clock: "12:44", ignore: kind.ignore, maskLabel: kind.label))
      let masked = try verify(folder, kind.option)
      expect("clock changed", 0, masked)
      let left = first(masked.json)["masked"] as? [String] ?? []
      if !left.contains("sections[0].cells[1] subtitle") {
        wrong.append("\(kind.name): masked \(left)")
      }
      // Without any mask the same change fails.
      try write(Self.spec(clock: "12:44"))
      expect("clock changed, no mask", 1, try verify(folder))
      // Another row changed too: a failure whose explanation says nothing of the clock.
      try write(
        Self.spec(
          clock: "12:44", drafts: "Drafts and more", ignore: kind.ignore, maskLabel: kind.label))
      let other = try verify(folder, kind.option)
      expect("another row changed", 1, other)
      let lines = first(other.json)["explanation"] as? [String] ?? []
      if lines.contains(where: { $0.contains("12:") })
        || !lines.contains(where: { $0.contains("Drafts and more") })
      {
        wrong.append("\(kind.name): explanation \(lines)")
      }
      // A row inserted above: the clock, now the third row, is still the one masked (by id or
      // label; a path glob names every row's subtitle).
      try write(Self.spec(clock: "12:44", extra: true, ignore: kind.ignore, maskLabel: kind.label))
      let moved = try verify(folder, kind.option)
      expect("row inserted above", 1, moved)
      let followed = first(moved.json)["masked"] as? [String] ?? []
      if !followed.contains("sections[0].cells[2] subtitle") {
        wrong.append("\(kind.name): after the insertion masked \(followed)")
      }
    }
    print("masks: \(checked) verdicts over \(Self.kinds.count) kinds, \(wrong.count) wrong")
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test("a pattern that matches nothing: exit 2, from the spec (its line) and from --ignore")
  func matchesNothing() throws {
    let folder = try Paths.temporaryFolder(with: [
      "fx/list.yaml": Self.spec(clock: "12:01", ignore: "[\"sections[4].cells[*]\"]")
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = try runListRender(["record", "fx", "--golden", "gold"], in: folder)
    #expect(spec.status == 2)
    #expect(
      spec.stderr.contains("fx/list.yaml:2:") && spec.stderr.contains("matches no element"),
      "\(spec.stderr)")
    try Self.spec(clock: "12:01").write(
      to: folder.appendingPathComponent("fx/list.yaml"), atomically: true, encoding: .utf8)
    #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
    let option = try runListRender(
      ["verify", "fx", "--golden", "gold", "--ignore", "id:no-such-row", "--json", "r.json"],
      in: folder)
    #expect(
      option.status == 2 && option.stderr.contains("--ignore 'id:no-such-row' matched no element"))
    // Nothing partial: the run's outputs are not written.
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.json").path))
  }
}
