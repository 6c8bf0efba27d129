import Dispatch
import ListLayout
import ListModel

extension Painter {
  /// Draws each shadow layer of the box `frame`: the shape offset, grown by the spread, blurred
  /// (σ), filled with the layer colour, and clipped to the outside of the box itself, so a
  /// translucent surface never shows its own shadow (CSS Backgrounds and Borders 3, `box-shadow`).
  func paintShadow(
    _ cr: CairoContext, layers: [ShadowLayer], cornerRadius: Double,
    corners: LayoutElement.Corners, frame: Rect, scale: Double
  ) throws {
    // Clip to everything but the shape (even-odd: a huge rectangle with the shape cut out).
    // The cut-out is the shape inset by one device pixel: the surface drawn over the shadow
    // antialiases its own edge, so its partly covered pixels keep the shadow under them, as
    // browsers draw box-shadow (cutting those too would fade the shadow there twice).
    let inset = 1 / scale
    let hole = Rect(
      x: frame.x + inset, y: frame.y + inset, width: max(0, frame.width - 2 * inset),
      height: max(0, frame.height - 2 * inset))
    let holeRadius = max(0, cornerRadius - inset)
    func clipOutsideHole() {
      cr.newPath()
      cr.rectangle(x: -1e5, y: -1e5, width: 2e5, height: 2e5)
      cr.addRoundedRect(hole, radius: holeRadius, corners: corners)
      cr.clipEvenOdd()
    }
    let device = hole.snapped(to: scale)
    guard abs(device.x - hole.x) < 1e-9, abs(device.y - hole.y) < 1e-9,
      abs(device.width - hole.width) < 1e-9, abs(device.height - hole.height) < 1e-9
    else {
      try cr.withSavedState {
        clipOutsideHole()
        try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
      }
      return
    }
    // The cut-out lies on whole device pixels: the same clip is four boxes around it (no clip
    // mask to rasterize, however large the shape) and its four corner squares (small masks),
    // and nothing inside it.
    let left = hole.x * scale
    let top = hole.y * scale
    let right = (hole.x + hole.width) * scale
    let bottom = (hole.y + hole.height) * scale
    let big = 1e6
    try cr.withSavedState {
      cr.inDeviceSpace {
        cr.newPath()
        cr.rectangle(x: -big, y: -big, width: 2 * big, height: top + big)
        cr.rectangle(x: -big, y: bottom, width: 2 * big, height: big)
        cr.rectangle(x: -big, y: top, width: left + big, height: bottom - top)
        cr.rectangle(x: right, y: top, width: big, height: bottom - top)
        cr.clip()
      }
      try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
    }
    let r = (min(holeRadius, hole.width / 2, hole.height / 2) * scale).rounded(.up)
    guard r > 0 else { return }
    for (x, y) in [(left, top), (right - r, top), (left, bottom - r), (right - r, bottom - r)] {
      try cr.withSavedState {
        cr.newPath()
        cr.clipToDeviceRect(x: Int(x), y: Int(y), width: Int(r), height: Int(r))
        clipOutsideHole()
        try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
      }
    }
  }

  /// The shadow layers of the box `frame`, composited through the current clip.
  private func paintShadowLayers(
    _ cr: CairoContext, _ layers: [ShadowLayer], _ cornerRadius: Double,
    _ corners: LayoutElement.Corners, _ frame: Rect, _ scale: Double
  ) throws {
    for layer in layers where layer.color.alpha > 0 {
      guard
        let shadow = ShadowGeometry(
          layer: layer, cornerRadius: cornerRadius, corners: corners, frame: frame, scale: scale)
      else { continue }
      let (radius, sigma, width, height) = (
        shadow.radius, shadow.sigma, shadow.width, shadow.height
      )
      let (pad, x, y, fold) = (shadow.pad, shadow.x, shadow.y, shadow.fold)
      if drawsSVG {
        try paintShadowImage(
          cr, color: layer.color,
          mask: try shadows.maskSurface(
            width: width, height: height, radius: radius, corners: corners, sigma: sigma,
            foldingRowAt: nil),
          x: x, y: y)
        continue
      }
      if shadow.sliced {
        // A large rounded rectangle's blur is nine regions of one small tile: no full-size
        // mask to build (small masks are cheaper whole, and cached for the next frames).
        adoptPreparedTiles()
        let tile = try shadows.sliceTile(radius: radius, sigma: sigma, shift: shadow.sliceShift)
        cr.setSource(layer.color)
        try paintSlices(
          cr, tile: tile, x: Int(x), y: Int(y.rounded(.down)), width: width + 2 * pad,
          height: height + 2 * pad + (fold ? 1 : 0))
        continue
      }
      let surface = try shadows.maskSurface(
        width: width, height: height, radius: radius, corners: corners, sigma: sigma,
        foldingRowAt: fold ? y : nil)
      cr.withSavedState {
        cr.inDeviceSpace {
          cr.setSource(layer.color)
          cr.mask(surface, x: x, y: fold ? y.rounded(.down) : y)
        }
      }
    }
  }

  /// A shadow layer for SVG: the colour through the mask, made an image of its own and drawn
  /// at device (x, y) through the user space (an image is placed with the surface's device
  /// scale, where cairo 1.16's SVG masks are not: they came out a hard block, `scale` times too
  /// large and offset).
  private func paintShadowImage(
    _ cr: CairoContext, color: Color, mask: CairoSurface, x: Double, y: Double
  ) throws {
    let image = try CairoSurface(width: mask.width, height: mask.height)
    let painter = try CairoContext(surface: image)
    painter.setSource(color)
    painter.mask(mask, x: 0, y: 0)
    try painter.checkStatus()
    painter.flush()
    cr.withSavedState {
      cr.scale(by: 1 / scale)
      cr.setSource(image, x: x, y: y)
      cr.paint()
    }
  }

  /// The mask of `width × height` at device (x, y) as nine regions of `tile`, each composited
  /// through its part of the tile (corners as they are, edges and centre padded from the middle
  /// row and column): the same mask values, pixel for pixel, as the whole mask.
  private func paintSlices(
    _ cr: CairoContext, tile: SliceTile, x: Int, y: Int, width: Int, height: Int
  ) throws {
    let tileWidth = tile.surface.width
    let tileHeight = tile.surface.height
    let columns = [
      (at: 0, size: tile.edge, from: 0, span: tile.edge),
      (at: tile.edge, size: width - 2 * tile.edge, from: tile.edge, span: 1),
      (at: width - tile.edge, size: tile.edge, from: tileWidth - tile.edge, span: tile.edge),
    ]
    let rows = [
      (at: 0, size: tile.top, from: 0, span: tile.top),
      (at: tile.top, size: height - tile.top - tile.bottom, from: tile.top, span: 1),
      (
        at: height - tile.bottom, size: tile.bottom, from: tileHeight - tile.bottom,
        span: tile.bottom
      ),
    ]
    try cr.withSavedState {
      try cr.inDeviceSpace {
        // Only the part of each slice on the target's pixels is drawn: pixman places a pattern
        // in 16.16 fixed point, so a slice placed past ±32,767 device pixels (the edges of a
        // card taller than that, or of a page far down one) would be lost.
        let visible = cr.targetPixels
        /// One axis of a slice cut to the visible span: where it starts and how far, and the
        /// part of the tile it shows (a stretched one-pixel span stays whole).
        func cut(_ at: Int, _ size: Int, _ from: Int, _ span: Int, within: (Int, Int)?)
          -> (at: Int, size: Int, from: Int, span: Int)?
        {
          guard let (low, length) = within else { return (at, size, from, span) }
          let start = max(at, low - 1)
          let end = min(at + size, low + length + 1)
          guard end > start else { return nil }
          return span == size
            ? (start, end - start, from + start - at, end - start)
            : (start, end - start, from, span)
        }
        for row in rows where row.size > 0 {
          guard
            let r = cut(
              y + row.at, row.size, row.from, row.span, within: visible.map { ($0.y, $0.height) })
          else { continue }
          for column in columns where column.size > 0 {
            guard
              let c = cut(
                x + column.at, column.size, column.from, column.span,
                within: visible.map { ($0.x, $0.width) })
            else { continue }
            let region = (c.from, r.from, c.span, r.span)
            let over = (c.at, r.at, c.size, r.size)
            if visible != nil, c.span != c.size || r.span != r.size {
              try cr.maskExpanded(tile.surface, region: region, over: over)
            } else {
              try cr.mask(tile.surface, region: region, over: over)
            }
          }
        }
      }
    }
  }
}

/// Where one layer of a shadow lands in device pixels, and whether it is painted as nine
/// regions of a small blurred tile: the figures painting uses, and those the tiles blurred
/// early are asked for with (``Painter/prepareShadowTiles(for:)``).
struct ShadowGeometry {
  /// Corner radius and σ in device pixels.
  let radius: Double
  let sigma: Double
  /// The shape's size in device pixels, and the blur's room on each side.
  let width: Int
  let height: Int
  let pad: Int
  /// The padded mask's top left corner, in device pixels.
  let x: Double
  let y: Double
  /// Whether the mask starts inside a device row (the fraction folded in, placed a whole row
  /// below).
  let fold: Bool
  /// Whether the layer is painted from a nine-slice tile.
  let sliced: Bool

  /// The row the tile folds in, when it does.
  var sliceShift: Double? { fold ? y : nil }

  init?(
    layer: ShadowLayer, cornerRadius: Double, corners: LayoutElement.Corners, frame: Rect,
    scale: Double
  ) {
    let shape = Rect(
      x: frame.x - layer.spread, y: frame.y + layer.offsetY - layer.spread,
      width: frame.width + 2 * layer.spread, height: frame.height + 2 * layer.spread)
    guard shape.width > 0, shape.height > 0 else { return nil }
    radius = max(0, cornerRadius + layer.spread) * scale
    sigma = layer.sigma * scale
    width = max(1, Int((shape.width * scale).rounded()))
    height = max(1, Int((shape.height * scale).rounded()))
    pad = ShadowRasterizer.blurPadding(sigma)
    x = shape.x * scale - Double(pad)
    y = shape.y * scale - Double(pad)
    // A mask at a fractional row is sampled by pixman's bilinear filter (a slow path);
    // sampling it the same way here and placing it on a whole row gives the same pixels.
    fold = x == x.rounded() && y != y.rounded(.down)
    let core = Int(radius.rounded(.up)) + pad
    let maskBytes = (width + 2 * pad) * (height + 2 * pad)
    sliced =
      corners == .all && pad > 0 && width >= 2 * core + 1 && height >= 2 * core + 1
      && x == x.rounded() && (fold || y == y.rounded())
      && maskBytes > ShadowRasterizer.sliceThreshold
  }
}

/// Nine-slice tiles blurred on another thread while the bands above their shadows are painted
/// (the first blur of a tile is a few milliseconds of one core). The tiles are the ones
/// ``ShadowRasterizer/sliceTile(radius:sigma:shift:)`` makes, so the pixels do not change.
final class PreparedShadowTiles: @unchecked Sendable {
  private let done = DispatchGroup()
  /// Written by the blurring thread before it leaves `done`; read only after waiting for it.
  private var tiles: [SliceTileKey: SliceTile] = [:]

  init(_ requests: [(radius: Double, sigma: Double, shift: Double?)]) {
    done.enter()
    DispatchQueue.global().async { [self] in
      var rasterizer = ShadowRasterizer()
      for request in requests {
        let key = ShadowRasterizer.sliceKey(
          radius: request.radius, sigma: request.sigma, shift: request.shift)
        // A tile that fails here is made (and its error met) where it is painted.
        tiles[key] = try? rasterizer.sliceTile(
          radius: request.radius, sigma: request.sigma, shift: request.shift)
      }
      done.leave()
    }
  }

  /// The tiles, once the other thread has made them all.
  func take() -> [SliceTileKey: SliceTile] {
    done.wait()
    return tiles
  }
}

extension Painter {
  /// Starts blurring, on another thread, the nine-slice tiles `tree`'s shadows are painted
  /// from that this painter has not made yet; the first shadow that needs one waits for them
  /// (``adoptPreparedTiles()``).
  func prepareShadowTiles(for tree: LayoutTree) {
    guard !drawsSVG, preparedTiles == nil else { return }
    var requests: [(radius: Double, sigma: Double, shift: Double?)] = []
    var asked: Set<SliceTileKey> = []
    for element in tree.elements {
      guard case .shadow(let layers, let cornerRadius, let corners) = element.content else {
        continue
      }
      for layer in layers where layer.color.alpha > 0 {
        guard
          let shadow = ShadowGeometry(
            layer: layer, cornerRadius: cornerRadius, corners: corners, frame: element.frame,
            scale: tree.scale),
          shadow.sliced
        else { continue }
        let key = ShadowRasterizer.sliceKey(
          radius: shadow.radius, sigma: shadow.sigma, shift: shadow.sliceShift)
        guard !shadows.hasSliceTile(key), asked.insert(key).inserted else { continue }
        requests.append((shadow.radius, shadow.sigma, shadow.sliceShift))
      }
    }
    guard !requests.isEmpty else { return }
    preparedTiles = PreparedShadowTiles(requests)
  }

  /// Takes the tiles ``prepareShadowTiles(for:)`` started, waiting for them if need be.
  func adoptPreparedTiles() {
    guard let prepared = preparedTiles else { return }
    preparedTiles = nil
    shadows.adopt(prepared.take())
  }
}
