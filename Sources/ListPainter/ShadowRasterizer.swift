import Foundation
import ListLayout

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

/// Rasterizes the blurred shapes of shadows, in device pixels, and keeps them for the next
/// frames: a value of its own (no fonts, icons or painter needed), so the box blur and the
/// nine-slice are tested directly.
struct ShadowRasterizer {
  /// Blurred nine-slice tiles, by radius and σ in device pixels.
  private var tiles: [ShadowTileKey: AlphaMask] = [:]
  /// Finished shadow masks (A8 surfaces), by size, shape and row fraction.
  private var masks: [ShadowMaskKey: CairoSurface] = [:]
  /// Nine-slice tiles as A8 surfaces, by radius, σ and row fraction.
  private var sliceTiles: [SliceTileKey: SliceTile] = [:]

  /// Masks larger than this (bytes) are composited as nine regions of their tile.
  static let sliceThreshold = 1 << 20

  /// Finished masks kept for the next frames.
  static let maskCacheLimit = 32

  /// Room a blur needs on each side: 3σ, whole pixels.
  static func blurPadding(_ sigma: Double) -> Int {
    sigma < 0.5 ? 0 : Int((3 * sigma).rounded(.up))
  }

  /// The blurred mask of a `width × height` shape as an A8 surface (cached), padded by 3σ on
  /// each side; with `foldingRowAt`, the fraction of that device row folded in
  /// (``AlphaMask/shiftedDown(by:)``), to be placed at the whole row below it.
  mutating func maskSurface(
    width: Int, height: Int, radius: Double, corners: LayoutElement.Corners, sigma: Double,
    foldingRowAt y: Double?
  ) throws -> CairoSurface {
    let key = ShadowMaskKey(
      width: width, height: height, radius: radius, corners: corners, sigma: sigma,
      shift: y.map { $0 - $0.rounded(.down) } ?? 0)
    if let cached = masks[key] { return cached }
    var mask = try shadowMask(
      width: width, height: height, radius: radius, corners: corners, sigma: sigma)
    if let y { mask = mask.shiftedDown(by: y) }
    let surface = try CairoSurface(alpha: mask.bytes, width: mask.width, height: mask.height)
    // Animation frames draw the same shadows again: keep the last few masks.
    if masks.count >= Self.maskCacheLimit { masks.removeAll() }
    masks[key] = surface
    return surface
  }

  /// The nine-slice tile of a rounded rectangle's blur, as an A8 surface (cached): its corners
  /// are the mask's corners, its middle row and column stretch over the edges. With `shift`,
  /// the fractional row folded in (``AlphaMask/shiftedDown(by:)``): the top and bottom parts
  /// are one row taller, and the middle row stays the unshifted one (two equal rows mix to
  /// themselves).
  mutating func sliceTile(radius: Double, sigma: Double, shift: Double?) throws -> SliceTile {
    let key = Self.sliceKey(radius: radius, sigma: sigma, shift: shift)
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
    let result = SliceTile(
      surface: try CairoSurface(alpha: mask.bytes, width: mask.width, height: mask.height),
      edge: edge, top: top, bottom: bottom)
    sliceTiles[key] = result
    return result
  }

  /// The key ``sliceTile(radius:sigma:shift:)`` keeps a tile under.
  static func sliceKey(radius: Double, sigma: Double, shift: Double?) -> SliceTileKey {
    SliceTileKey(radius: radius, sigma: sigma, fraction: shift.map { $0 - $0.rounded(.down) } ?? 0)
  }

  /// Whether the tile under `key` is made.
  func hasSliceTile(_ key: SliceTileKey) -> Bool { sliceTiles[key] != nil }

  /// The keys of the tiles made.
  var sliceTileKeys: Set<SliceTileKey> { Set(sliceTiles.keys) }

  /// Keeps `made` (tiles made by another rasterizer) beside the tiles made here.
  mutating func adopt(_ made: [SliceTileKey: SliceTile]) {
    sliceTiles.merge(made) { own, _ in own }
  }

  /// The blurred coverage of a `width × height` rounded rectangle, padded by 3σ on each side.
  /// A rectangle rounded on all corners and large enough is built as a nine-slice of one small
  /// blurred tile (cached by radius and σ): its corners are the tile's, its edges the tile's
  /// middle row and column stretched — the same pixels as blurring the whole shape, for less.
  mutating func shadowMask(
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
      try tiles[key]
      ?? blurredShape(
        width: 2 * core + 1, height: 2 * core + 1, radius: radius, corners: .all, sigma: sigma)
    tiles[key] = tile
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
    let surface = try CairoSurface(alpha: nil, width: outWidth, height: outHeight)
    let context = try CairoContext(surface: surface)
    context.addRoundedRect(
      Rect(x: Double(pad), y: Double(pad), width: Double(width), height: Double(height)),
      radius: radius, corners: corners)
    context.setSource(.black)
    context.fill()
    try context.checkStatus()
    var bytes = try surface.alphaBytes()
    if pad > 0 { BoxBlur.gaussian(&bytes, width: outWidth, height: outHeight, sigma: sigma) }
    return AlphaMask(width: outWidth, height: outHeight, bytes: bytes)
  }
}

/// A Gaussian blur approximated by three box blurs per axis (SVG feGaussianBlur; GTK's
/// gskcairoblur): box size d = floor(σ·3·√(2π)/4 + 0.5); for an even d, two boxes of d offset half
/// a pixel either way and one of d + 1 (GTK `gsk/gskcairoblur.c`; the SVG Filter Effects
/// `feGaussianBlur` box approximation).
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
