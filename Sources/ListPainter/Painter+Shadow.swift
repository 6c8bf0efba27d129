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
      let shape = Rect(
        x: frame.x - layer.spread, y: frame.y + layer.offsetY - layer.spread,
        width: frame.width + 2 * layer.spread, height: frame.height + 2 * layer.spread)
      guard shape.width > 0, shape.height > 0 else { continue }
      let radius = max(0, cornerRadius + layer.spread) * scale
      let sigma = layer.sigma * scale
      let width = max(1, Int((shape.width * scale).rounded()))
      let height = max(1, Int((shape.height * scale).rounded()))
      let pad = ShadowRasterizer.blurPadding(sigma)
      let x = shape.x * scale - Double(pad)
      let y = shape.y * scale - Double(pad)
      // A mask at a fractional row is sampled by pixman's bilinear filter (a slow path);
      // sampling it the same way here and placing it on a whole row gives the same pixels.
      let fold = x == x.rounded() && y != y.rounded(.down)
      let core = Int(radius.rounded(.up)) + pad
      let maskBytes = (width + 2 * pad) * (height + 2 * pad)
      if drawsSVG {
        try paintShadowImage(
          cr, color: layer.color,
          mask: try shadows.maskSurface(
            width: width, height: height, radius: radius, corners: corners, sigma: sigma,
            foldingRowAt: nil),
          x: x, y: y)
        continue
      }
      if corners == .all, pad > 0, width >= 2 * core + 1, height >= 2 * core + 1,
        x == x.rounded(), fold || y == y.rounded(), maskBytes > ShadowRasterizer.sliceThreshold
      {
        // A large rounded rectangle's blur is nine regions of one small tile: no full-size
        // mask to build (small masks are cheaper whole, and cached for the next frames).
        let tile = try shadows.sliceTile(radius: radius, sigma: sigma, shift: fold ? y : nil)
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
