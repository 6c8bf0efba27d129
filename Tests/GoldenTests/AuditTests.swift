import Foundation
import GoldenImage
import ListGoldens
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// `ListRenderer.audit`: each rule on a list made to break it, measured from the drawn pixels.
@Suite("Accessibility audits", .tags(.render))
struct AuditTests {
  let renderer: ListRenderer

  init() throws { renderer = try ListRenderer() }

  func audit(_ yaml: String, rules: Set<AuditRule> = Set(AuditRule.allCases)) throws
    -> [AuditFinding]
  {
    try renderer.audit(ListDocument.decode(yaml: yaml), rules: rules)
  }

  @Test("WCAG's arithmetic: #BBBBBB on white is 1.92:1, black on white 21:1")
  func arithmetic() {
    let grey = Contrast.ratio(Color(hex: "#BBBBBB")!, opacity: 1, over: (1, 1, 1))
    #expect(Contrast.text(grey) == "1.92:1")
    #expect(Contrast.text(Contrast.ratio(.black, opacity: 1, over: (1, 1, 1))) == "21.00:1")
    // Just under a threshold is never printed as the threshold.
    #expect(Contrast.text(4.4991) == "4.499:1")
  }

  @Test("#BBBBBB descriptions on white are found on every row at 1.92:1; the titles are not")
  func greyText() throws {
    let findings = try audit(
      """
      canvas: { width: 360, scale: 2, theme: { name: mistica, colors: { textSecondary: "#BBBBBB", textPrimary: "#000000" } } }
      sections:
        - cells:
            - { title: One, description: First row }
            - { title: Two, description: Second row }
            - { title: Three, description: Third row }
      """, rules: [.textContrast])
    #expect(findings.count == 3, "\(findings)")
    for (index, finding) in findings.enumerated() {
      #expect(finding.kind == "description")
      #expect(finding.source == "sections[0].cells[\(index)]")
      #expect(finding.measured == "1.92:1")
      #expect(finding.required == "4.5:1")
      #expect(finding.location?.hasPrefix("<inline>:\(4 + index):") == true, "\(finding)")
    }
  }

  @Test("large text (18 pt, or 14 pt bold) needs 3:1: #808080 (3.95:1) fails at L, passes at XXL")
  func largeText() throws {
    let spec = { (size: String) in
      """
      canvas: { width: 360, scale: 1, contentSize: \(size), theme: { name: mistica, colors: { textPrimary: "#808080" } } }
      sections:
        - cells: [ { title: Grey title } ]
      """
    }
    let normal = try audit(spec("L"), rules: [.textContrast])
    #expect(normal.map(\.measured) == ["3.95:1"], "\(normal)")
    #expect(normal.first?.required == "4.5:1")
    #expect(try audit(spec("XXL"), rules: [.textContrast]).isEmpty)
  }

  @Test("a light switch track and checkbox outline against white fail 1.4.11's 3:1")
  func controls() throws {
    let findings = try audit(
      """
      canvas: { width: 360, scale: 2, theme: { name: mistica, colors: { control: "#DDDDDD" } } }
      sections:
        - cells:
            - { title: Wi-Fi, control: { switch: false } }
            - { title: Terms, control: { checkbox: false } }
            - { title: On, control: { switch: true } }
      """, rules: [.nonTextContrast])
    #expect(
      findings.map { "\($0.source) \($0.kind) \($0.measured)" } == [
        "sections[0].cells[0] switch track (off) 1.36:1",
        "sections[0].cells[1] checkbox outline 1.36:1",
      ], "\(findings)")
  }

  @Test("a 24 × 24 icon button under Mística is too small; a chevron in a navigation row is not")
  func targets() throws {
    let findings = try audit(
      """
      canvas: { width: 360, scale: 1 }
      sections:
        - cells:
            - { title: Share, control: { icon: share } }
            - { title: Inbox, control: { navigation: {} } }
      """, rules: [.targetSize])
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.first?.source == "sections[0].cells[0]")
    #expect(findings.first?.measured == "24 × 24 pt")
    #expect(findings.first?.required == "44 × 44 pt (Apple HIG, Mística)")
    // Material asks for 48 × 48 dp.
    let material = try audit(
      """
      canvas: { width: 360, scale: 1, theme: { name: material } }
      sections:
        - cells: [ { title: Share, control: { icon: share } } ]
      """, rules: [.targetSize])
    #expect(material.first?.required == "48 × 48 dp (Material, ATF TouchTargetSizeCheck)")
  }

  @Test("a title cut by maxLines at AX3 is clipped text; the same title at L is by design")
  func clipped() throws {
    let spec = { (size: String) in
      """
      canvas: { width: 360, scale: 1, contentSize: \(size) }
      sections:
        - cells: [ { title: { text: "A title long enough to need more than one line at this size", maxLines: 1 } } ]
      """
    }
    let findings = try audit(spec("AX3"), rules: [.textClipped])
    #expect(findings.map(\.kind) == ["title"], "\(findings)")
    #expect(findings.first?.measured == "cut to 1 line")
    #expect(try audit(spec("L"), rules: [.textClipped]).isEmpty)
  }

  @Test("an icon button has no label to read")
  func missingLabel() throws {
    let findings = try audit(
      """
      canvas: { width: 360, scale: 1 }
      sections:
        - cells: [ { title: Share, control: { icon: share } }, { title: Plain } ]
      """, rules: [.missingLabel])
    #expect(findings.map(\.source) == ["sections[0].cells[0]"])
  }

  @Test("a plain Material row has no findings under any rule")
  func plainRow() throws {
    #expect(
      try audit(
        """
        canvas: { width: 360, scale: 2, theme: { name: material } }
        sections:
          - cells: [ { title: Plain row, subtitle: Nothing wrong here, control: { navigation: {} } } ]
        """
      ).isEmpty)
  }

  @Test("the overlay outlines each finding's frame in red and adds a legend below the list")
  func overlay() throws {
    let document = try ListDocument.decode(
      yaml: """
        canvas: { width: 360, scale: 2 }
        sections:
          - cells: [ { title: Share, control: { icon: share } } ]
        """)
    let findings = try renderer.audit(document)
    #expect(findings.count == 2)
    let plain = try renderer.render(document)
    let overlay = try renderer.auditOverlay(document, findings: findings)
    #expect(overlay.width == plain.width && overlay.height > plain.height)
    for finding in findings {
      // The outline's left edge, half way down the frame.
      let pixel = overlay[
        Int((finding.frame.x * 2).rounded()),
        Int(((finding.frame.y + finding.frame.maxY)).rounded())]
      #expect(pixel.r > 180 && pixel.g < 80 && pixel.b < 110, "\(pixel)")
    }
  }

  @Test("an audit golden accepts the findings it lists and fails on a new one, naming it")
  func golden() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = strictGoldenCheck(renderer)
    let before = try ListDocument.decode(
      yaml: """
        canvas: { width: 360, scale: 1 }
        sections:
          - cells: [ { title: Share, control: { icon: share } } ]
        """)
    let golden = folder.appendingPathComponent("list.audit.json").path
    let strategy = GoldenStrategy<ListDocument, AuditSnapshot>.audit(renderer: renderer)
    let recorded = try check.verify(
      try strategy.snapshot(before), as: strategy.format, name: "list", goldenPath: golden,
      mode: .missing)
    #expect(recorded.outcome == .recorded)
    let again = try check.verify(
      try strategy.snapshot(before), as: strategy.format, name: "list", goldenPath: golden,
      mode: .never)
    #expect(again.outcome == .passed, "\(again.message)")
    var after = before
    after.canvas.colors[.textPrimary] = Color(hex: "#AAAAAA")
    let failed = try check.verify(
      try strategy.snapshot(after), as: strategy.format, name: "list", goldenPath: golden,
      mode: .never)
    #expect(failed.outcome == .failed)
    #expect(failed.message.contains("1 new or worse finding"), "\(failed.message)")
    #expect(failed.message.contains("text-contrast"), "\(failed.message)")
  }
}

@Test(
  "an audit golden matches findings by element, rule and part: a row inserted above, an id, a new button text pass; crossing 3:1 is worse"
)
func auditFindingIdentity() throws {
  let renderer = try ListRenderer()
  let folder = try Paths.temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let check = strictGoldenCheck(renderer)
  let golden = folder.appendingPathComponent("list.audit.json").path
  let strategy = GoldenStrategy<ListDocument, AuditSnapshot>.audit(renderer: renderer)
  func verify(_ yaml: String, mode: RecordMode = .never) throws -> GoldenReport {
    try check.verify(
      try strategy.snapshot(try ListDocument.decode(yaml: yaml)), as: strategy.format,
      name: "list", goldenPath: golden, mode: mode)
  }
  let base = """
    canvas: { width: 360, scale: 1, theme: { colors: { textPrimary: "#909090" } } }
    sections:
      - cells:
          - { title: Share, control: { button: Go } }
          - { id: faint, title: Faint, subtitle: Grey text }
    """
  #expect(try verify(base, mode: .missing).outcome == .recorded)
  let text = try String(contentsOfFile: golden, encoding: .utf8)
  #expect(text.contains(#""element": "Share""#), "\(text)")
  #expect(text.contains(#""element": "faint""#), "\(text)")
  // A row inserted above moves every path: the same findings.
  let inserted = base.replacingOccurrences(
    of: "      - cells:\n", with: "      - cells:\n          - { title: New first row }\n")
  let moved = try verify(inserted)
  #expect(moved.outcome == .passed, "\(moved.message)")
  // The button's new text changes its measured size: the same finding.
  let relabelled = try verify(base.replacingOccurrences(of: "button: Go", with: "button: Go on"))
  #expect(relabelled.outcome == .passed, "\(relabelled.message)")
  // The text lighter, still above 3:1: the same finding; below 3:1: worse.
  let lighter = try verify(base.replacingOccurrences(of: "#909090", with: "#939393"))
  #expect(lighter.outcome == .passed, "\(lighter.message)")
  let worse = try verify(base.replacingOccurrences(of: "#909090", with: "#BBBBBB"))
  #expect(worse.outcome == .failed)
  #expect(worse.message.contains("worse: "), "\(worse.message)")
  #expect(worse.message.contains("accepted at 3.19:1"), "\(worse.message)")
}

@Test(
  "a button's label is judged on its pill (not the card its line's corners reach), monograms as text, icons as graphics at 3:1"
)
func pillsMonogramsAndIcons() throws {
  let renderer = try ListRenderer()
  // At AX5 the label's line fills the pill: its rectangle's corners lie on the brand card.
  let promo = try ListDocument.decode(
    yaml: """
      canvas: { width: 360, scale: 1, theme: { name: mistica, skin: movistar }, contentSize: AX5 }
      sections:
        - cells:
            - { style: boxedInverse, title: Offer, control: { button: Get it } }
      """)
  let promoFindings = try renderer.audit(promo, rules: [.textContrast])
  #expect(!promoFindings.contains { $0.kind == "control" }, "\(promoFindings)")
  let list = try ListDocument.decode(
    yaml: """
      canvas: { width: 360, scale: 1, theme: { name: mistica, skin: movistar } }
      sections:
        - cells:
            - { title: Ana, asset: { monogram: AG, background: brand, color: "#FFFFFF" } }
            - { title: Star, asset: { icon: star, color: "#E0E0E0" } }
            - { title: Dark star, asset: { icon: star, color: "#424242" } }
      """)
  let findings = try renderer.audit(list)
  #expect(
    findings.contains {
      $0.rule == .textContrast && $0.element == "Ana" && $0.kind == "asset"
        && $0.measured == "3.02:1"
    }, "\(findings)")
  #expect(
    findings.contains {
      $0.rule == .nonTextContrast && $0.element == "Star" && $0.kind == "asset icon"
        && $0.required == "3:1"
    }, "\(findings)")
  #expect(!findings.contains { $0.element == "Dark star" }, "\(findings)")
}

@Test(
  "a disabled Mística row dims its labels only and is exempt from contrast (WCAG: inactive components); a pressed row's findings say it is momentary"
)
func disabledAndPressedRows() throws {
  let renderer = try ListRenderer()
  let yaml = """
    canvas: { width: 360, scale: 1, theme: { colors: { textPrimary: "#AAAAAA" } } }
    sections:
      - cells:
          - { title: Off, state: STATE, asset: { icon: block, color: "#E0E0E0" }, control: { switch: false } }
    """
  let disabled = try ListDocument.decode(
    yaml: yaml.replacingOccurrences(of: "STATE", with: "disabled"))
  let tree = try renderer.layout(disabled)
  for element in tree.elements where element.source == "sections[0].cells[0]" {
    switch element.role {
    case .title: #expect(element.opacity == 0.5)
    case .asset, .control: #expect(element.opacity == 1, "\(element.role)")
    default: break
    }
  }
  let exempt = try renderer.audit(disabled)
  #expect(!exempt.contains { [.textContrast, .nonTextContrast].contains($0.rule) }, "\(exempt)")
  let pressed = try renderer.audit(
    try ListDocument.decode(yaml: yaml.replacingOccurrences(of: "STATE", with: "highlighted")))
  let contrast = pressed.filter { $0.rule == .textContrast }
  #expect(!contrast.isEmpty)
  #expect(
    contrast.allSatisfy { $0.required.hasSuffix("(pressed: shown for a moment)") }, "\(contrast)")
}

@Test("the README's overlay picture is the Movistar skin's audit overlay as drawn today")
func readmeOverlay() throws {
  let renderer = try ListRenderer()
  let document = try ListDocument.load(
    path: Paths.fixtures.appendingPathComponent("themes/skin-movistar.yaml").path)
  let overlay = try renderer.auditOverlay(document, findings: try renderer.audit(document))
  let kept = try PNGCodec.decode(
    [UInt8](
      try Data(
        contentsOf: Paths.root.appendingPathComponent("Golden/audit/skin-movistar.overlay.png"))))
  let same = overlay == kept  // (not in the expectation: it would print every pixel)
  #expect(
    same,
    "record it: listrender audit Fixtures/themes/skin-movistar.yaml --overlay Golden/audit/skin-movistar.overlay.png"
  )
}
