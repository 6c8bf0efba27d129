import CPangoCairo
import Foundation
import ListLayout
import ListModel

/// A blurred mask in device pixels: `width × height` bytes of coverage, 0...255.
struct AlphaMask {
  var width: Int
  var height: Int
  var bytes: [UInt8]
}

extension AlphaMask {
  /// The mask as pixman's bilinear filter samples it when placed at the fractional row `y`
  /// (one row taller, to be placed at ⌊y⌋): each row mixes two neighbouring rows with 7-bit
  /// weights, as pixman computes them from the 16.16 fixed-point offset, rounding as it does.
  func shiftedDown(by y: Double) -> AlphaMask {
    let fixed = Int(((y.rounded(.up) - y) * 65536 + 0.5).rounded(.down))
    let lower = ((fixed >> 9) & 0x7F) << 1  // the weight of the row below, of 256
    var out = [UInt8](repeating: 0, count: width * (height + 1))
    bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for row in 0...height {
          let above = row - 1
          for x in 0..<width {
            let a = above >= 0 ? Int(source[above * width + x]) : 0
            let b = row < height ? Int(source[row * width + x]) : 0
            target[row * width + x] = UInt8(((a * (256 - lower) + b * lower) * 256) >> 16)
          }
        }
      }
    }
    return AlphaMask(width: width, height: height + 1, bytes: out)
  }
}

/// Key of a finished shadow mask: its size and shape in device pixels and the fraction of a row
/// folded into it.
struct ShadowMaskKey: Hashable {
  let width: Int
  let height: Int
  let radius: Double
  let corners: LayoutElement.Corners
  let sigma: Double
  let shift: Double
}

/// A nine-slice tile surface: `edge` columns on each side, `top` and `bottom` rows, one middle
/// row and column to stretch.
struct SliceTile {
  let surface: CairoSurface
  let edge: Int
  let top: Int
  let bottom: Int
}

/// Key of a nine-slice tile surface: radius and σ in device pixels, the folded row fraction.
struct SliceTileKey: Hashable {
  let radius: Double
  let sigma: Double
  let fraction: Double
}

/// Key of a cached nine-slice tile: corner radius and σ in quarter device pixels.
struct ShadowTileKey: Hashable {
  let radius: Int
  let sigma: Int
}

extension Painter {
  /// Draws each shadow layer of the box `frame`: the shape offset, grown by the spread, blurred
  /// (σ), filled with the layer colour, and clipped to the outside of the box itself, so a
  /// translucent surface never shows its own shadow (CSS box-shadow semantics, REFERENCE §4).
  func paintShadow(
    _ cr: OpaquePointer, layers: [ShadowLayer], cornerRadius: Double,
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
      cairo_new_path(cr)
      cairo_rectangle(cr, -1e5, -1e5, 2e5, 2e5)
      addRoundedRect(cr, hole, radius: holeRadius, corners: corners)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
      cairo_clip(cr)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
    let device = hole.snapped(to: scale)
    guard abs(device.x - hole.x) < 1e-9, abs(device.y - hole.y) < 1e-9,
      abs(device.width - hole.width) < 1e-9, abs(device.height - hole.height) < 1e-9
    else {
      cairo_save(cr)
      defer { cairo_restore(cr) }
      clipOutsideHole()
      try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
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
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_new_path(cr)
    cairo_rectangle(cr, -big, -big, 2 * big, top + big)
    cairo_rectangle(cr, -big, bottom, 2 * big, big)
    cairo_rectangle(cr, -big, top, left + big, bottom - top)
    cairo_rectangle(cr, right, top, big, bottom - top)
    cairo_clip(cr)
    cairo_set_matrix(cr, &matrix)
    try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
    cairo_restore(cr)
    let r = (min(holeRadius, hole.width / 2, hole.height / 2) * scale).rounded(.up)
    guard r > 0 else { return }
    for (x, y) in [(left, top), (right - r, top), (left, bottom - r), (right - r, bottom - r)] {
      cairo_save(cr)
      cairo_new_path(cr)
      clipToDeviceRect(cr, x: Int(x), y: Int(y), width: Int(r), height: Int(r))
      clipOutsideHole()
      try paintShadowLayers(cr, layers, cornerRadius, corners, frame, scale)
      cairo_restore(cr)
    }
  }

  /// The shadow layers of the box `frame`, composited through the current clip.
  private func paintShadowLayers(
    _ cr: OpaquePointer, _ layers: [ShadowLayer], _ cornerRadius: Double,
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
      let pad = Self.blurPadding(sigma)
      let x = shape.x * scale - Double(pad)
      var y = shape.y * scale - Double(pad)
      // A mask at a fractional row is sampled by pixman's bilinear filter (a slow path);
      // sampling it the same way here and placing it on a whole row gives the same pixels.
      let fold = x == x.rounded() && y != y.rounded(.down)
      let core = Int(radius.rounded(.up)) + pad
      let maskBytes = (width + 2 * pad) * (height + 2 * pad)
      if corners == .all, pad > 0, width >= 2 * core + 1, height >= 2 * core + 1,
        x == x.rounded(), fold || y == y.rounded(), maskBytes > Self.sliceThreshold
      {
        // A large rounded rectangle's blur is nine regions of one small tile: no full-size
        // mask to build (small masks are cheaper whole, and cached for the next frames).
        let tile = try sliceTile(radius: radius, sigma: sigma, shift: fold ? y : nil)
        setSource(cr, layer.color)
        try paintSlices(
          cr, tile: tile, x: Int(x), y: Int(y.rounded(.down)), width: width + 2 * pad,
          height: height + 2 * pad + (fold ? 1 : 0))
        continue
      }
      let key = ShadowMaskKey(
        width: width, height: height, radius: radius, corners: corners, sigma: sigma,
        shift: fold ? y - y.rounded(.down) : 0)
      let surface: CairoSurface
      if let cached = shadowMasks[key] {
        surface = cached
      } else {
        var mask = try shadowMask(
          width: width, height: height, radius: radius, corners: corners, sigma: sigma)
        if fold { mask = mask.shiftedDown(by: y) }
        surface = try maskSurface(mask)
        // Animation frames draw the same shadows again: keep the last few masks.
        if shadowMasks.count >= Self.shadowMaskCacheLimit { shadowMasks.removeAll() }
        shadowMasks[key] = surface
      }
      if fold { y.round(.down) }
      cairo_save(cr)
      cairo_identity_matrix(cr)
      setSource(cr, layer.color)
      cairo_mask_surface(cr, surface.pointer, x, y)
      cairo_restore(cr)
    }
  }

  /// The nine-slice tile of a rounded rectangle's blur, as an A8 surface (cached): its corners
  /// are the mask's corners, its middle row and column stretch over the edges. With `shift`,
  /// the fractional row folded in (``AlphaMask/shiftedDown(by:)``): the top and bottom parts
  /// are one row taller, and the middle row stays the unshifted one (two equal rows mix to
  /// themselves).
  func sliceTile(radius: Double, sigma: Double, shift: Double?) throws -> SliceTile {
    let fraction = shift.map { $0 - $0.rounded(.down) } ?? 0
    let key = SliceTileKey(radius: radius, sigma: sigma, fraction: fraction)
    if let cached = sliceTiles[key] { return cached }
    let pad = Self.blurPadding(sigma)
    let core = Int(radius.rounded(.up)) + pad
    let edge = core + pad
    let tile = try blurredShape(
      width: 2 * core + 1, height: 2 * core + 1, radius: radius, corners: .all, sigma: sigma)
    var mask = tile
    var top = edge
    var bottom = edge
    if let shift {
      let shifted = tile.shiftedDown(by: shift)
      let middle = tile.bytes[(edge * tile.width)..<((edge + 1) * tile.width)]
      let split = (edge + 1) * tile.width
      mask = AlphaMask(
        width: tile.width, height: tile.height + 2,
        bytes: Array(shifted.bytes[..<split]) + middle + shifted.bytes[split...])
      top = edge + 1
      bottom = edge + 1
    }
    let result = SliceTile(surface: try maskSurface(mask), edge: edge, top: top, bottom: bottom)
    sliceTiles[key] = result
    return result
  }

  /// The mask of `width × height` at device (x, y) as nine regions of `tile`, each composited
  /// through its part of the tile (corners as they are, edges and centre padded from the middle
  /// row and column): the same mask values, pixel for pixel, as the whole mask.
  private func paintSlices(
    _ cr: OpaquePointer, tile: SliceTile, x: Int, y: Int, width: Int, height: Int
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
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    for row in rows where row.size > 0 {
      for column in columns where column.size > 0 {
        guard
          let part = cairo_surface_create_for_rectangle(
            tile.surface.pointer, Double(column.from), Double(row.from), Double(column.span),
            Double(row.span))
        else { throw PainterError.cairo("a shadow tile region") }
        defer { cairo_surface_destroy(part) }
        try check(cairo_surface_status(part))
        let pattern = cairo_pattern_create_for_surface(part)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(
          &matrix, -Double(x + column.at), -Double(y + row.at))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_save(cr)
        cairo_rectangle(
          cr, Double(x + column.at), Double(y + row.at), Double(column.size), Double(row.size))
        cairo_clip(cr)
        cairo_mask(cr, pattern)
        cairo_restore(cr)
      }
    }
  }

  /// Masks larger than this (bytes) are composited as nine regions of their tile.
  static let sliceThreshold = 1 << 20

  /// Finished masks kept for the next frames.
  static let shadowMaskCacheLimit = 32

  /// Room a blur needs on each side: 3σ, whole pixels.
  static func blurPadding(_ sigma: Double) -> Int {
    sigma < 0.5 ? 0 : Int((3 * sigma).rounded(.up))
  }

  /// The blurred coverage of a `width × height` rounded rectangle, padded by 3σ on each side.
  /// A rectangle rounded on all corners and large enough is built as a nine-slice of one small
  /// blurred tile (cached by radius and σ): its corners are the tile's, its edges the tile's
  /// middle row and column stretched — the same pixels as blurring the whole shape, for less.
  func shadowMask(
    width: Int, height: Int, radius: Double, corners: LayoutElement.Corners, sigma: Double
  ) throws -> AlphaMask {
    let pad = Self.blurPadding(sigma)
    let core = Int(radius.rounded(.up)) + pad
    guard corners == .all, pad > 0, width >= 2 * core + 1, height >= 2 * core + 1 else {
      return try blurredShape(
        width: width, height: height, radius: radius, corners: corners, sigma: sigma)
    }
    let key = ShadowTileKey(radius: Int((radius * 4).rounded()), sigma: Int((sigma * 4).rounded()))
    let tile =
      try shadowTiles[key]
      ?? blurredShape(
        width: 2 * core + 1, height: 2 * core + 1, radius: radius, corners: .all, sigma: sigma)
    shadowTiles[key] = tile
    let outWidth = width + 2 * pad
    let outHeight = height + 2 * pad
    let edge = core + pad  // tile columns/rows 0..<edge are a corner; `edge` is the middle.
    var bytes = [UInt8](repeating: 0, count: outWidth * outHeight)
    bytes.withUnsafeMutableBufferPointer { out in
      tile.bytes.withUnsafeBufferPointer { source in
        for y in 0..<outHeight {
          let tileY = y < edge ? y : y >= outHeight - edge ? tile.height - (outHeight - y) : edge
          let row = tileY * tile.width
          let start = y * outWidth
          for x in 0..<edge { out[start + x] = source[row + x] }
          let middle = source[row + edge]
          for x in edge..<(outWidth - edge) { out[start + x] = middle }
          for x in (outWidth - edge)..<outWidth {
            out[start + x] = source[row + tile.width - (outWidth - x)]
          }
        }
      }
    }
    return AlphaMask(width: outWidth, height: outHeight, bytes: bytes)
  }

  /// Draws the shape into an A8 buffer padded by 3σ and blurs it with three box blurs a side.
  func blurredShape(
    width: Int, height: Int, radius: Double, corners: LayoutElement.Corners, sigma: Double
  ) throws -> AlphaMask {
    let pad = Self.blurPadding(sigma)
    let outWidth = width + 2 * pad
    let outHeight = height + 2 * pad
    var bytes = [UInt8](repeating: 0, count: outWidth * outHeight)
    let surface = try CairoSurface(width: outWidth, height: outHeight, format: CAIRO_FORMAT_A8)
    let context = try CairoContext(surface: surface)
    addRoundedRect(
      context.pointer,
      Rect(x: Double(pad), y: Double(pad), width: Double(width), height: Double(height)),
      radius: radius, corners: corners)
    cairo_set_source_rgba(context.pointer, 0, 0, 0, 1)
    cairo_fill(context.pointer)
    try context.checkStatus()
    cairo_surface_flush(surface.pointer)
    guard let buffer = cairo_image_surface_get_data(surface.pointer) else {
      throw PainterError.cairo("the shadow shape's surface has no data")
    }
    let stride = Int(cairo_image_surface_get_stride(surface.pointer))
    bytes.withUnsafeMutableBufferPointer { out in
      guard let target = out.baseAddress else { return }
      for y in 0..<outHeight {
        (target + y * outWidth).update(from: buffer + y * stride, count: outWidth)
      }
    }
    if pad > 0 { BoxBlur.gaussian(&bytes, width: outWidth, height: outHeight, sigma: sigma) }
    return AlphaMask(width: outWidth, height: outHeight, bytes: bytes)
  }

  /// ``maskSurface(_:)``, for tests of the mask code.
  func maskSurfaceForTests(_ mask: AlphaMask) throws -> CairoSurface { try maskSurface(mask) }

  /// An A8 cairo surface holding the mask.
  private func maskSurface(_ mask: AlphaMask) throws -> CairoSurface {
    let surface = try CairoSurface(width: mask.width, height: mask.height, format: CAIRO_FORMAT_A8)
    cairo_surface_flush(surface.pointer)
    guard let data = cairo_image_surface_get_data(surface.pointer) else {
      throw PainterError.cairo("mask surface has no data")
    }
    let stride = Int(cairo_image_surface_get_stride(surface.pointer))
    mask.bytes.withUnsafeBufferPointer { source in
      for y in 0..<mask.height {
        guard let base = source.baseAddress else { return }
        (data + y * stride).update(from: base + y * mask.width, count: mask.width)
      }
    }
    cairo_surface_mark_dirty(surface.pointer)
    return surface
  }
}

/// A Gaussian blur approximated by three box blurs per axis (SVG feGaussianBlur; GTK's
/// gskcairoblur): box size d = floor(σ·3·√(2π)/4 + 0.5); for an even d, two boxes of d offset
/// half a pixel either way and one of d + 1 (REFERENCE §4).
enum BoxBlur {
  static func gaussian(_ bytes: inout [UInt8], width: Int, height: Int, sigma: Double) {
    let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    // Three boxes of one or two pixels are no blur at all: below σ = 2 px convolve with the
    // Gaussian itself (cheap at that size), as browsers do for small blurs.
    guard sigma >= 2 else {
      exactGaussian(&bytes, width: width, height: height, sigma: sigma)
      return
    }
    // (left, right) extents of each pass.
    let passes: [(Int, Int)] =
      d % 2 == 1
      ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3)
      : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    let longest = max(width, height)
    var lineStorage = [UInt8](repeating: 0, count: longest)
    var scratchStorage = [UInt8](repeating: 0, count: longest)
    bytes.withUnsafeMutableBufferPointer { image in
      lineStorage.withUnsafeMutableBufferPointer { line in
        scratchStorage.withUnsafeMutableBufferPointer { scratch in
          for y in 0..<height {
            for x in 0..<width { line[x] = image[y * width + x] }
            for (left, right) in passes {
              boxPass(line, scratch, count: width, left: left, right: right)
            }
            for x in 0..<width { image[y * width + x] = line[x] }
          }
          for x in 0..<width {
            for y in 0..<height { line[y] = image[y * width + x] }
            for (left, right) in passes {
              boxPass(line, scratch, count: height, left: left, right: right)
            }
            for y in 0..<height { image[y * width + x] = line[y] }
          }
        }
      }
    }
  }

  /// A separable convolution with a normalised Gaussian kernel of radius ⌈3σ⌉.
  private static func exactGaussian(_ bytes: inout [UInt8], width: Int, height: Int, sigma: Double)
  {
    guard sigma > 0 else { return }
    let radius = Int((3 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    var values = bytes.map(Double.init)
    var scratch = values
    func pass(count: Int, lines: Int, index: (Int, Int) -> Int) {
      for line in 0..<lines {
        for i in 0..<count {
          var sum = 0.0
          for k in -radius...radius where i + k >= 0 && i + k < count {
            sum += values[index(line, i + k)] * kernel[k + radius]
          }
          scratch[index(line, i)] = sum
        }
      }
      values = scratch
    }
    pass(count: width, lines: height) { line, i in line * width + i }
    pass(count: height, lines: width) { line, i in i * width + line }
    bytes = values.map { UInt8(max(0, min(255, $0.rounded()))) }
  }

  /// One box of `left + right + 1` pixels over `line[0..<count]`, zero outside; rounded mean.
  private static func boxPass(
    _ line: UnsafeMutableBufferPointer<UInt8>, _ scratch: UnsafeMutableBufferPointer<UInt8>,
    count: Int, left: Int, right: Int
  ) {
    let size = left + right + 1
    var sum = 0
    for i in 0..<min(right, count) { sum += Int(line[i]) }
    for i in 0..<count {
      if i + right < count { sum += Int(line[i + right]) }
      scratch[i] = UInt8((sum + size / 2) / size)
      if i - left >= 0 { sum -= Int(line[i - left]) }
    }
    for i in 0..<count { line[i] = scratch[i] }
  }
}
