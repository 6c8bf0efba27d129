import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// `listrender audit` and `verify`/`record --audit`, run as a user runs them.
@Suite("listrender audit", .tags(.cli))
struct AuditCLITests {
  @Test("findings print one a line with the spec's line and exit 1; none exits 0; bad input 2")
  func exitStatuses() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    canvas: { width: 360, scale: 1, theme: { name: mistica, colors: { textSecondary: "#BBBBBB" } } }
    sections:
      - cells:
          - { title: Inbox, description: Three unread }
          - { title: Share, control: { icon: share } }
    """.write(to: folder.appendingPathComponent("list.yaml"), atomically: true, encoding: .utf8)
    try """
    canvas: { width: 360, scale: 1, theme: { name: material } }
    sections:
      - cells: [ { title: Plain row, subtitle: Nothing wrong here } ]
    """.write(to: folder.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
    let found = try runListRender(
      ["audit", "list.yaml", "--json", "f.json", "--overlay", "o.png"], in: folder)
    #expect(found.status == 1, "\(found.stderr)")
    let lines = found.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "text-contrast  sections[0].cells[0] \"Inbox\" description  1.92:1  needs 4.5:1  list.yaml:4:38",
      "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("target-size  sections[0].cells[1] \"Share\" control  24 × 24 pt")
      })
    #expect(
      lines.contains { $0.hasPrefix("missing-label  sections[0].cells[1] \"Share\" control") })
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("f.json"))) as? [String: Any]
    #expect((json?["findings"] as? [Any])?.count == lines.count)
    let overlay = try PNGCodec.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("o.png"))))
    #expect(overlay.width == 360)
    // One format an overlay: WebP by its extension, another extension refused, and on
    // standard output the PNG alone (the findings go to standard error).
    let webp = try runListRender(["audit", "list.yaml", "--overlay", "o.webp"], in: folder)
    #expect(webp.status == 1)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("o.webp")).prefix(4)
        == Data("RIFF".utf8))
    let text = try runListRender(["audit", "list.yaml", "--overlay", "o.txt"], in: folder)
    #expect(text.status == 2 && text.stderr.contains("an overlay is an image, .png or .webp"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.txt").path))
    let piped = try runListRender(["audit", "list.yaml", "--overlay", "-"], in: folder)
    #expect(piped.status == 1)
    #expect(piped.stdoutBytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(piped.stderr.contains("text-contrast  sections[0].cells[0]"), "\(piped.stderr)")
    // Only some rules; every skin in both appearances through --variants.
    let some = try runListRender(["audit", "list.yaml", "--rules", "target-size"], in: folder)
    #expect(some.status == 1)
    #expect(some.stdout.split(separator: "\n").count == 1, "\(some.stdout)")
    let plain = try runListRender(["audit", "plain.yaml", "--json", "p.json"], in: folder)
    #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
    #expect(plain.stdout.isEmpty)
    let variants = try runListRender(
      [
        "audit", "plain.yaml", "--variants", "appearance=light,dark", "--variants",
        "contentSize=L,AX5",
      ],
      in: folder)
    #expect(variants.status == 0, "\(variants.stdout)")
    // Every skin in both appearances in one run: white on Movistar's brand blue is found,
    // labelled with its variant; eSIMFLAG's dark card is not.
    try """
    canvas: { width: 360, scale: 1 }
    sections:
      - cells: [ { style: boxedInverse, title: Offer } ]
    """.write(to: folder.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
    let skins = try runListRender(
      [
        "audit", "card.yaml", "--rules", "text-contrast", "--variants", "skin=movistar,esimflag",
        "--variants", "appearance=light,dark",
      ], in: folder)
    #expect(skins.status == 1)
    #expect(
      skins.stdout.contains(
        "[skin=movistar appearance=light] text-contrast  sections[0].cells[0] \"Offer\" title  3.02:1"
      ),
      "\(skins.stdout)")
    #expect(!skins.stdout.contains("skin=esimflag appearance=dark"), "\(skins.stdout)")
    let bad = try runListRender(["audit", "plain.yaml", "--rules", "colour"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("unknown rule 'colour'"))
    // Nothing is written over the spec.
    let clobber = try runListRender(["audit", "plain.yaml", "--json", "plain.yaml"], in: folder)
    #expect(clobber.status == 2)
  }

  @Test("record --audit keeps <case>.audit.json; verify accepts it and fails on a new finding")
  func goldens() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fx")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("share.yaml")
    try """
    canvas: { width: 360, scale: 1 }
    sections:
      - cells: [ { title: Share, control: { icon: share } } ]
    """.write(to: spec, atomically: true, encoding: .utf8)
    let record = try runListRender(
      ["record", "fx", "--golden", "gold", "--audit"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let golden = try String(
      contentsOf: folder.appendingPathComponent("gold/share.audit.json"), encoding: .utf8)
    #expect(golden.contains("\"rule\": \"target-size\""))
    let verify = try runListRender(["verify", "fx", "--golden", "gold"], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)")
    // The golden as it was before the icon button came: its findings are new.
    let goldenURL = folder.appendingPathComponent("gold/share.audit.json")
    let accepted = golden.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("\"rule\": \"target-size\"") }.joined(separator: "\n")
    try accepted.write(to: goldenURL, atomically: true, encoding: .utf8)
    let failed = try runListRender(["verify", "fx", "--golden", "gold"], in: folder)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("1 new or worse finding"), "\(failed.stderr)")
    let named =
      #"new: target-size  sections[0].cells[0] "Share" control  24 × 24 pt  needs 44 × 44 pt"#
    #expect(failed.stderr.contains(named), "\(failed.stderr)")
    #expect(!failed.stderr.contains("missing-label"), "\(failed.stderr)")
  }

  @Test(
    "verify --audit-only and --accessibility-only gate on accessibility alone: a copy edit passes, a new finding fails; record writes only those goldens"
  )
  func accessibilityOnly() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fx")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let spec = fixtures.appendingPathComponent("share.yaml")
    func write(_ subtitle: String, _ color: String = "#1D1D1D") throws {
      try """
      canvas: { width: 360, scale: 1, theme: { colors: { textPrimary: "\(color)" } } }
      sections:
        - cells: [ { title: Share, subtitle: \(subtitle), control: { button: Go } } ]
      """.write(to: spec, atomically: true, encoding: .utf8)
    }
    try write("With friends")
    let record = try runListRender(
      ["record", "fx", "--golden", "gold", "--audit-only", "--accessibility-only"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("gold").path
    ).sorted()
    #expect(written == ["share.accessibility.json", "share.audit.json"], "\(written)")
    // No image golden: a plain verify says it is missing; the accessibility gates pass.
    #expect(try runListRender(["verify", "fx", "--golden", "gold"], in: folder).status == 1)
    for only in ["--audit-only", "--accessibility-only"] {
      let gate = try runListRender(
        ["verify", "fx", "--golden", "gold", only, "--cache", "cache"], in: folder)
      #expect(gate.status == 0, "\(only): \(gate.stderr)")
    }
    // A copy edit: what VoiceOver reads changed, the audit did not.
    try write("With your friends")
    let audit = try runListRender(
      ["verify", "fx", "--golden", "gold", "--audit-only", "--cache", "cache"], in: folder)
    #expect(audit.status == 0, "\(audit.stderr)")
    let spoken = try runListRender(
      ["verify", "fx", "--golden", "gold", "--accessibility-only"], in: folder)
    #expect(spoken.status == 1, "\(spoken.stderr)")
    // A new finding fails the audit gate (the cache does not pass it).
    try write("With your friends", "#BBBBBB")
    let faint = try runListRender(
      ["verify", "fx", "--golden", "gold", "--audit-only", "--cache", "cache"], in: folder)
    #expect(faint.status == 1, "\(faint.stderr)")
    #expect(faint.stderr.contains("new: "), "\(faint.stderr)")
  }

  @Test(
    "audit --variants --overlay writes one labelled overlay a variant; more than 1,000 combinations are refused before any work"
  )
  func overlayPerVariant() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    canvas: { width: 360, scale: 1 }
    sections:
      - cells: [ { style: boxedInverse, title: Offer, control: { button: Go } } ]
    """.write(to: folder.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
    // The first variant as a spec of its own: its overlay unlabelled.
    try """
    canvas: { width: 360, scale: 1, theme: { name: mistica, skin: movistar }, appearance: dark }
    sections:
      - cells: [ { style: boxedInverse, title: Offer, control: { button: Go } } ]
    """.write(to: folder.appendingPathComponent("dark.yaml"), atomically: true, encoding: .utf8)
    let single = try runListRender(["audit", "dark.yaml", "--overlay", "one.png"], in: folder)
    #expect(single.status == 1, "\(single.stderr)")
    let plain = try PNGCodec.decode(file: folder.appendingPathComponent("one.png").path)
    let result = try runListRender(
      [
        "audit", "card.yaml", "--variants", "skin=movistar,vivo", "--variants",
        "appearance=light,dark", "--overlay", "ov.png",
      ], in: folder)
    #expect(result.status == 1, "\(result.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("ov") }.sorted()
    #expect(
      written == [
        "ov@movistar-dark.png", "ov@movistar-light.png", "ov@vivo-dark.png", "ov@vivo-light.png",
      ],
      "\(written)")
    // Each as wide as one overlay, with its label above it.
    let labelled = try PNGCodec.decode(file: folder.appendingPathComponent(written[0]).path)
    #expect(labelled.width == plain.width)
    #expect(labelled.height > plain.height, "the label above the overlay")
    let values = (300..<310).map(String.init).joined(separator: ",")
    let many = try runListRender(
      [
        "audit", "card.yaml", "--variants", "width=\(values)", "--variants", "height=\(values)",
        "--variants", "appearance=light,dark", "--variants", "contentSize=L,XL,XXL,AX1,AX2,AX3",
        "--overlay", "many.png",
      ], in: folder)
    #expect(many.status == 2)
    #expect(
      many.stderr.contains("1,200 combinations; one audit checks at most 1,000"), "\(many.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
        !$0.hasPrefix("many")
      })
  }

  @Test("a list taller than one image is audited part by part, frames in the whole list's points")
  func tallListInParts() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 130 rows at scale 4: about 40,000 px, past the 32,767 px an image may be.
    let cells = (0..<130).map { index in
      index == 120
        ? "      - { title: Row \(index), control: { button: Go } }"
        : "      - { title: Row \(index) }"
    }.joined(separator: "\n")
    try ("canvas: { width: 360, scale: 4 }\nsections:\n  - cells:\n" + cells + "\n").write(
      to: folder.appendingPathComponent("tall.yaml"), atomically: true, encoding: .utf8)
    let render = try runListRender(["render", "tall.yaml", "-o", "tall.png"], in: folder)
    #expect(render.status == 2, "the list is taller than one image")
    let audit = try runListRender(["audit", "tall.yaml", "--json", "f.json"], in: folder)
    #expect(audit.status == 1, "\(audit.stderr)")
    #expect(audit.stdout.contains("target-size  sections[0].cells[120] \"Row 120\" control"))
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("f.json"))) as? [String: Any]
    let findings = json?["findings"] as? [[String: Any]] ?? []
    let target = findings.first { $0["rule"] as? String == "target-size" }
    let frame = target?["frame"] as? [String: Any]
    #expect((frame?["y"] as? Double ?? 0) > 120 * 56, "\(String(describing: frame))")
    let overlay = try runListRender(["audit", "tall.yaml", "--overlay", "o.png"], in: folder)
    #expect(overlay.status == 2)
    #expect(overlay.stderr.contains("taller than one image"), "\(overlay.stderr)")
  }

  @Test("a header's and its detail's findings name their place in the spec")
  func headerLocations() throws {
    let folder = try Paths.temporaryFolder(with: [
      "hdr.yaml": """
      canvas: { width: 360, scale: 1, theme: { colors: { textLink: "#CCCCCC", textSecondary: "#CCCCCC" } } }
      sections:
        - header: { title: Recent, detail: See all, style: title1 }
          cells: [ { title: A } ]
      """
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let audit = try runListRender(["audit", "hdr.yaml"], in: folder)
    #expect(audit.status == 1)
    #expect(
      audit.stdout.contains("sections[0] header  1.61:1  needs 4.5:1  hdr.yaml:3:22"),
      "\(audit.stdout)")
    #expect(
      audit.stdout.contains("sections[0] headerDetail  1.61:1  needs 4.5:1  hdr.yaml:3:38"),
      "\(audit.stdout)")
  }
}
