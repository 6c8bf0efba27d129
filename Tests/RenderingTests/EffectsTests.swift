import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@testable import ListPainter

/// Shadows and ripples as functions (MDCRippleLayer.m, MDCInkLayer.m, MDCShadowLayer.m).
@Suite("Effects", .tags(.render))
struct EffectsTests {
  @Test("MDC shadows: ambient and key layers from the MDCShadowLayer formulas")
  func mdcShadows() throws {
    #expect(Elevation.shadows(0, model: .mdc).isEmpty)
    let layers = Elevation.shadows(8, model: .mdc)
    #expect(layers.count == 2)
    #expect(abs(layers[0].sigma - (0.889544 * 8 - 0.003701)) < 1e-12)
    #expect(layers[0].offsetY == 0)
    #expect(layers[0].color == Color.black.withAlpha(0.08))
    #expect(abs(layers[1].sigma - (0.666920 * 8 - 0.001648)) < 1e-12)
    #expect(abs(layers[1].offsetY - (1.23118 * 8 - 0.03933)) < 1e-12)
    #expect(layers[1].color == Color.black.withAlpha(0.26))
  }

  @Test("web shadows: the table's row, nearest lower for missing rows, σ = blur / 2")
  func webShadows() {
    let eight = Elevation.shadows(8, model: .web)
    #expect(eight.map(\.offsetY) == [5, 8, 3])
    #expect(eight.map(\.sigma) == [2.5, 5, 7])
    #expect(eight.map(\.spread) == [-3, 1, 2])
    #expect(eight.map(\.color.alpha) == [0.20, 0.14, 0.12])
    #expect(Elevation.shadows(10, model: .web) == eight)  // 10 is not in the table: use 8
    #expect(Elevation.shadows(30, model: .web) == Elevation.shadows(24, model: .web))
  }

  @Test("Material dark surfaces: #121212 lightens to #1E1E1E, #222222, #282828, #2E2E2E, #393939")
  func darkOverlay() throws {
    let surface = try #require(Color(hex: "#121212"))
    let expected = [1: "#1E1E1E", 2: "#222222", 4: "#282828", 8: "#2E2E2E", 24: "#393939"]
    for (elevation, hex) in expected {
      #expect(Elevation.darkSurface(surface, elevation: Double(elevation)).description == hex)
    }
  }

  @Test(
    "the blur of a straight edge follows the Gaussian's integral (three boxes a side)",
    arguments: [1.5, 3.0, 8.0, 16.0])
  func blurredEdge(sigma: Double) throws {
    let shape = try ShadowRasterizer().blurredShape(
      width: 400, height: 400, radius: 0, corners: .all, sigma: sigma)
    let pad = ShadowRasterizer.blurPadding(sigma)
    let row = shape.height / 2
    var worst = 0.0
    for x in 0..<(2 * pad) {
      // The pixel's centre is x + 0.5; the edge lies at `pad`.
      let expected =
        255 * 0.5 * (1 + erf((Double(x) + 0.5 - Double(pad)) / (sigma * 2.0.squareRoot())))
      worst = max(worst, abs(Double(shape.bytes[row * shape.width + x]) - expected))
    }
    // The bound the SVG / Filter Effects spec gives for its three-box approximation: within 3%
    // of a true Gaussian (of full scale); below σ = 2 the kernel is the Gaussian itself.
    let bound = sigma < 2 ? 1.5 : 0.03 * 255
    #expect(worst <= bound, "σ \(sigma): \(worst) levels from the Gaussian")
  }

  @Test("the nine-slice shadow is byte-identical to blurring the whole rounded rectangle")
  func nineSliceExact() throws {
    // No fonts, icons or painter: the rasterizer is a value of its own.
    var shadows = ShadowRasterizer()
    for (radius, sigma) in [(16.0, 6.0), (8.0, 2.5), (0.0, 10.0), (24.0, 23.0)] {
      let sliced = try shadows.shadowMask(
        width: 300, height: 200, radius: radius, corners: .all, sigma: sigma)
      let whole = try shadows.blurredShape(
        width: 300, height: 200, radius: radius, corners: .all, sigma: sigma)
      #expect(sliced.width == whole.width && sliced.height == whole.height)
      #expect(sliced.bytes == whole.bytes, "radius \(radius), σ \(sigma)")
    }
  }

  @Test(
    "a stretched slice composited through an expanded mask gives the padded pattern's pixels"
  )
  func expandedSliceExact() throws {
    // A tile with every coverage level (none at (9, 8), full at (2, 11)), and a backdrop of
    // varied translucent pixels.
    let tileSide = 23
    let tile = try CairoSurface(
      alpha: (0..<(tileSide * tileSide)).map { UInt8(truncatingIfNeeded: $0 * 37 + $0 / 7) },
      width: tileSide, height: tileSide)
    let width = 64
    let height = 48
    let backdrop = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 * 11 + $0 / 13) }
    let colors = [
      Color(red: 0, green: 0, blue: 0, alpha: 0.2), Color(red: 0.1, green: 0.6, blue: 0.9),
      Color(red: 1, green: 0.5, blue: 0, alpha: 0.55),
    ]
    // (region, target): a column stretched across, a row stretched down, one pixel over a
    // rectangle, a slice stretched both ways, targets cut by the surface's edges.
    let cases: [((Int, Int, Int, Int), (Int, Int, Int, Int))] = [
      ((5, 0, 1, 9), (3, 2, 40, 9)), ((0, 11, 7, 1), (50, 4, 7, 30)),
      ((11, 11, 1, 1), (10, 10, 30, 20)), ((2, 3, 1, 1), (-5, -4, 80, 60)),
      ((4, 20, 1, 3), (20, 40, 50, 12)), ((9, 9, 3, 2), (1, 1, 10, 6)),
      ((22, 0, 1, 23), (0, 0, 64, 23)), ((0, 22, 23, 1), (30, 30, 23, 40)),
      // One pixel of no coverage and one of full coverage over a rectangle.
      ((9, 8, 1, 1), (4, 4, 50, 30)), ((2, 11, 1, 1), (-3, 6, 70, 20)),
    ]
    var compared = 0
    for color in colors {
      for (region, target) in cases {
        var results: [Bitmap] = []
        for expanded in [false, true] {
          let surface = try backdrop.withUnsafeBufferPointer {
            try CairoSurface(
              straight: try #require($0.baseAddress), width: width, height: height, channels: 4,
              rowBytes: width * 4)
          }
          let cr = try CairoContext(surface: surface)
          cr.setSource(color)
          if expanded {
            try cr.maskExpanded(tile, region: region, over: target)
          } else {
            try cr.mask(tile, region: region, over: target)
          }
          try cr.checkStatus()
          cr.flush()
          results.append(try surface.bitmap())
        }
        #expect(results[0] == results[1], "region \(region) over \(target), \(color)")
        compared += 1
      }
    }
    #expect(compared == colors.count * cases.count)
  }

  @Test(
    "the shadow tiles blurred early are the ones painting makes, and the pixels are the same",
    arguments: [
      "canvas: { width: 360, scale: 3 }\nsections:\n  - inset: { top: 300, leading: 16, bottom: 24, trailing: 16 }\n    card: { elevation: 4, cornerRadius: 8 }\n    cells: [ { title: Row 0, subtitle: A shadow test }, { title: Row 1, subtitle: A shadow test }, { title: Row 2, subtitle: A shadow test }, { title: Row 3, subtitle: A shadow test }, { title: Row 4, subtitle: A shadow test }, { title: Row 5, subtitle: A shadow test }, { title: Row 6, subtitle: A shadow test }, { title: Row 7, subtitle: A shadow test } ]\n",
      "canvas: { width: 411, scale: 3, theme: material, shadow: mdc }\nsections:\n  - inset: { top: 8.3, leading: 16, bottom: 24, trailing: 16 }\n    card: { elevation: 12, cornerRadius: 28 }\n    cells: [ { title: Row 0, subtitle: A shadow test }, { title: Row 1, subtitle: A shadow test }, { title: Row 2, subtitle: A shadow test }, { title: Row 3, subtitle: A shadow test }, { title: Row 4, subtitle: A shadow test }, { title: Row 5, subtitle: A shadow test }, { title: Row 6, subtitle: A shadow test }, { title: Row 7, subtitle: A shadow test } ]\n  - inset: { top: 16.6, bottom: 40 }\n    lineSpacing: 23.5\n    cells:\n      - { style: boxed, title: One, elevation: 24 }\n      - { style: boxed, title: Two, elevation: 8 }\n",
      "canvas: { width: 320, scale: 4, shadow: web }\nsections:\n  - inset: { top: 13.7, leading: 16, bottom: 24, trailing: 16 }\n    card: { elevation: 2, cornerRadius: 0 }\n    cells: [ { title: Row 0, subtitle: A shadow test }, { title: Row 1, subtitle: A shadow test }, { title: Row 2, subtitle: A shadow test }, { title: Row 3, subtitle: A shadow test }, { title: Row 4, subtitle: A shadow test }, { title: Row 5, subtitle: A shadow test }, { title: Row 6, subtitle: A shadow test }, { title: Row 7, subtitle: A shadow test } ]\n",
    ])
  func preparedShadowTiles(yaml: String) throws {
    let tree = try layout(yaml)
    func painter() throws -> Painter {
      try Painter(fonts: FontSystem(), images: ImageLibrary(), icons: IconCatalog())
    }
    // Painted as one band, nothing is prepared: the tiles are made where they are painted.
    let plain = try painter()
    let whole = try plain.paint(tree)
    #expect(plain.preparedTiles == nil)
    let made = plain.shadows.sliceTileKeys
    #expect(!made.isEmpty, "the shadows are painted from nine-slice tiles")
    // Asked for early, the same tiles.
    let early = try painter()
    early.prepareShadowTiles(for: tree)
    let prepared = try #require(early.preparedTiles)
    #expect(Set(prepared.take().keys) == made)
    // Painted in bands (tiles prepared while the first bands are painted): the same pixels.
    let banded = try painter()
    let bands = try banded.paintInBands(tree, bandRows: 97) { image, paint in
      try paint { _ in }
      return try image.bitmap()
    }
    #expect(banded.preparedTiles == nil)
    #expect(banded.shadows.sliceTileKeys == made)
    #expect(bands == whole)
  }

  @Test(
    "the background is left out only under edge-to-edge opaque boxes, with the same pixels",
    arguments: [
      "bench/inbox.yaml", "states/highlighted.yaml", "states/disabled.yaml",
      "lists/sticky-headers.yaml", "lists/card-section-mistica.yaml",
      "canvas: { width: 360, scale: 3, background: \"#FF000080\" }\nsections:\n  - inset: { top: 8.2 }\n    cells: [ { title: A, subtitle: B }, { title: C, subtitle: D, state: disabled }, { title: E } ]\n",
      "canvas: { width: 361, scale: 2.5 }\nsections:\n  - inset: { top: 7 }\n    cells: [ { title: A, subtitle: B }, { title: C, subtitle: D }, { title: E } ]\n  - inset: { top: 13.33 }\n    cells: [ { style: boxed, title: F }, { title: G, state: highlighted } ]\n",
    ])
  func coveredBackground(spec: String) throws {
    let tree =
      spec.hasSuffix(".yaml") ? try ListRenderer().layout(Paths.fixture(spec)) : try layout(spec)
    func painted(leaving: Bool, bandRows: Int) throws -> Bitmap {
      let painter = try Painter(fonts: FontSystem(), images: ImageLibrary(), icons: IconCatalog())
      painter.leavesCoveredBackground = leaving
      return try painter.paintInBands(tree, bandRows: bandRows) { image, paint in
        try paint { _ in }
        return try image.bitmap()
      }
    }
    let reference = try painted(leaving: false, bandRows: tree.pixelHeight)
    for bandRows in [tree.pixelHeight, 64, 97] {
      let same = try painted(leaving: true, bandRows: bandRows) == reference
      #expect(same, "\(spec.prefix(40)) in bands of \(bandRows)")
    }
    // Every covered row is inside an opaque, edge-to-edge box.
    for range in Painter.coveredRows(tree) {
      let boxes = tree.elements.filter { element in
        guard case .box(let fill, _, _, _, nil) = element.content else { return false }
        return fill.alpha >= 1 && element.opacity >= 1 && element.clip == nil
          && element.frame.x <= 0
          && (element.frame.x + element.frame.width) * tree.scale >= Double(tree.pixelWidth) - 1e-7
      }
      let inside = boxes.contains { box in
        Int((box.frame.y * tree.scale).rounded()) <= range.lowerBound
      }
      #expect(inside, "rows \(range) of \(spec.prefix(40))")
    }
  }

  @Test("the inbox's full-width rows leave the background out; its card's rows do not")
  func coveredInboxRows() throws {
    let tree = try ListRenderer().layout(Paths.fixture("bench/inbox.yaml"))
    let covered = Painter.coveredRows(tree)
    let cells = tree.elements.filter { $0.role == .cell }
    let full = cells.filter { $0.frame.x == 0 && $0.frame.width == tree.width }
    let boxed = cells.filter { $0.frame.x > 0 }
    #expect(full.count == 10 && boxed.count == 10)
    for cell in full {
      let top = Int((cell.frame.y * tree.scale).rounded())
      let bottom = Int((cell.frame.maxY * tree.scale).rounded())
      #expect(covered.contains { $0.lowerBound <= top && bottom <= $0.upperBound })
    }
    for cell in boxed {
      let middle = Int(((cell.frame.y + cell.frame.height / 2) * tree.scale).rounded())
      #expect(!covered.contains { $0.contains(middle) })
    }
  }

  @Test(
    "ripple (MDCRippleLayer): 0.3 × long side at the touch, hypot/2 + 10 at the centre after 225 ms"
  )
  func rippleTimeline() throws {
    let w = 360.0
    let h = 72.0
    let start = try #require(
      RippleTimeline.state(.ripple, at: 0, x: 40, y: 20, release: nil, width: w, height: h))
    #expect(start.radius == 0.3 * 360)
    #expect(start.x == 40 && start.y == 20)
    #expect(start.opacity == 0)
    let faded = try #require(
      RippleTimeline.state(.ripple, at: 0.075, x: 40, y: 20, release: nil, width: w, height: h))
    #expect(faded.opacity == 1)
    // Ease-in-out is symmetric: half-way in time is half-way in radius and position.
    let mid = try #require(
      RippleTimeline.state(.ripple, at: 0.1125, x: 40, y: 20, release: nil, width: w, height: h))
    let end = (w * w + h * h).squareRoot() / 2 + 10
    #expect(abs(mid.radius - (108 + end) / 2) < 1e-9)
    #expect(abs(mid.x - (40 + 180) / 2) < 1e-9)
    let full = try #require(
      RippleTimeline.state(.ripple, at: 0.3, x: 40, y: 20, release: nil, width: w, height: h))
    #expect(abs(full.radius - end) < 1e-9)
    #expect(full.x == 180 && full.y == 36)
    // Released at 0.4: fades linearly over 150 ms.
    let fading = try #require(
      RippleTimeline.state(.ripple, at: 0.475, x: 40, y: 20, release: 0.4, width: w, height: h))
    #expect(abs(fading.opacity - 0.5) < 1e-9)
    #expect(
      RippleTimeline.state(.ripple, at: 0.55, x: 40, y: 20, release: 0.4, width: w, height: h)
        == nil)
    // Released early (50 ms), while expanding: the fade starts at 150 ms.
    let early = try #require(
      RippleTimeline.state(.ripple, at: 0.15, x: 40, y: 20, release: 0.05, width: w, height: h))
    #expect(early.opacity == 1)
    let earlyFade = try #require(
      RippleTimeline.state(.ripple, at: 0.225, x: 40, y: 20, release: 0.05, width: w, height: h))
    #expect(abs(earlyFade.opacity - 0.5) < 1e-9)
  }

  @Test("ink (MDCInkLayer): scaled start, 83 ms delay, 333 ms expansion, 250 ms delayed fade")
  func inkTimeline() throws {
    let w = 360.0
    let h = 72.0
    let end = (w * w + h * h).squareRoot() / 2 + 10
    let start = try #require(
      RippleTimeline.state(.ink, at: 0.05, x: 40, y: 20, release: nil, width: w, height: h))
    #expect(abs(start.radius - 0.24 * end) < 1e-9)  // clamp(72 / 300, 0.2, 0.6) = 0.24
    #expect(abs(start.opacity - 0.05 / 0.083) < 1e-9)
    let full = try #require(
      RippleTimeline.state(.ink, at: 0.083 + 0.333, x: 40, y: 20, release: nil, width: w, height: h)
    )
    #expect(abs(full.radius - end) < 1e-9)
    // cubic-bezier(0.4, 0, 0.2, 1) at half time is past half way.
    let mid = try #require(
      RippleTimeline.state(
        .ink, at: 0.083 + 0.1665, x: 40, y: 20, release: nil, width: w, height: h))
    #expect(mid.radius > (0.24 * end + end) / 2)
    // Released at 0.2 (still expanding): the fade starts 250 ms later.
    let held = try #require(
      RippleTimeline.state(.ink, at: 0.44, x: 40, y: 20, release: 0.2, width: w, height: h))
    #expect(held.opacity == 1)
    let fading = try #require(
      RippleTimeline.state(.ink, at: 0.525, x: 40, y: 20, release: 0.2, width: w, height: h))
    #expect(abs(fading.opacity - 0.5) < 1e-9)
  }

  @Test("a still ripple frame: bounded by the cell's rounded box, in the theme's colour")
  func rippleElement() throws {
    let tree = try layout(
      """
      canvas: { scale: 1 }
      sections:
        - cells:
            - { style: boxed, title: A, ripple: { x: 40, y: 30, t: 0.3 } }
      """)
    let ripple = try #require(tree.elements(.ripple).first)
    #expect(ripple.frame == tree.elements(.cell)[0].frame)
    guard case .ripple(let x, let y, _, let color, let radius, _) = ripple.content else {
      Issue.record("expected a ripple")
      return
    }
    #expect(x == 164 && y == 38)  // the centre of the 328 × 76 card (92 with its margins)
    #expect(radius == 16)
    // Mística: its pressed colour (Movistar's backgroundContainerPressed, black 8%), as the
    // highlighted state.
    #expect(color == Color.black.withAlpha(0.08))
  }

  @Test("elevation adds a shadow under the box; a Material card loses its placeholder border")
  func elevationElements() throws {
    let tree = try layout(
      "canvas: { scale: 1, theme: material }\nsections:\n  - cells: [ { style: boxed, title: A }, { style: boxed, title: B, elevation: 8 } ]"
    )
    let shadows = tree.elements(.shadow)
    #expect(shadows.count == 2)
    guard case .shadow(let layers, _, _) = shadows[1].content else {
      Issue.record("the second shadow is not a shadow: \(shadows[1].content)")
      return
    }
    #expect(layers == Elevation.shadows(8, model: .web))
    guard case .box(_, _, let stroke, _, _) = tree.elements(.cell)[0].content else {
      Issue.record("the first cell is not a box")
      return
    }
    #expect(stroke == nil)
  }

  /// The greys straight below the middle of `frame` in `bitmap` (scale 1), `count` pixels.
  private func column(below frame: Rect, in bitmap: Bitmap, count: Int) -> [Int] {
    let x = Int(frame.x + frame.width / 2)
    return (0..<count).map { bitmap[x, Int(frame.maxY) + $0].r }.map(Int.init)
  }

  @Test(
    "an elevated card's shadow lies over the next row, header or footer: no jump where it starts",
    arguments: [
      "  - cells: [ { title: Plain row } ]",
      "  - header: Next section\n    cells: [ { title: A } ]",
    ])
  func shadowOverNeighbours(_ next: String) throws {
    let renderer = try ListRenderer()
    let yaml = """
      canvas: { width: 300, scale: 1, theme: material }
      sections:
        - cells: [ { style: boxed, elevation: 8, title: Elevated card } ]
      \(next)
      """
    let document = try ListDocument.decode(yaml: yaml)
    let tree = try renderer.layout(document)
    let bitmap = try renderer.paint(tree)
    let card = try #require(tree.elements(.cell).first { $0.source == "sections[0].cells[0]" })
      .frame
    let greys = column(below: card, in: bitmap, count: 24)
    // From the shadow's darkest to the page's white, a few levels a pixel, no step to white
    // where the next section's background begins.
    #expect(greys.first.map { $0 < 250 } == true, "\(greys)")
    for (above, below) in zip(greys, greys.dropFirst()) {
      #expect(abs(below - above) <= 8, "\(greys)")
    }
  }

  @Test("a row pressed to elevation 8 shows its shadow below itself, over the next row")
  func pressedShadowOverNextRow() throws {
    let renderer = try ListRenderer()
    let document = try ListDocument.decode(
      yaml: """
        canvas: { width: 300, scale: 1, theme: material }
        sections:
          - cells:
              - { title: Pressed, pressedElevation: 8, id: pressed }
              - { title: Below }
        animation:
          fps: 10
          duration: 1
          events: [ { at: 0, press: { section: 0, item: 0, x: 20, y: 20 } } ]
        """)
    var last: LayoutTree?
    try renderer.layoutFrames(document, range: 9..<10) { _, _, tree in last = tree }
    let tree = try #require(last)
    let bitmap = try renderer.paint(tree)
    let row = try #require(tree.elements(.cell).first { $0.source == "sections[0].cells[0]" }).frame
    let greys = column(below: row, in: bitmap, count: 6)
    #expect(greys.contains { $0 < 245 }, "no shadow below the pressed row: \(greys)")
  }
}
