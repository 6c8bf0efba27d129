import CPangoCairo
import Glibc
import ImageCodec
import ListLayout
import ListModel
import Synchronization

// C wrapper file: cairo's handles (`cairo_surface_t`, `cairo_t`, patterns) are opaque C
// pointers and live only here, each freed with its Swift object. The painter draws through
// `CairoContext`'s methods and never sees a handle.

/// An ARGB32 cairo image surface, destroyed with the object. A large one lives in memory mapped
/// for it and asked for as transparent huge pages (2 MiB pages: a few page faults instead of
/// thousands for a long list); mapped memory starts zeroed, as cairo's own does.
final class CairoSurface {
  let pointer: OpaquePointer
  let width: Int
  let height: Int
  private let mapping: (base: UnsafeMutableRawPointer, length: Int)?
  /// The surface whose memory this one draws into (kept alive while this one is).
  private let owner: CairoSurface?
  /// Surfaces at least this large (bytes) get their own mapping.
  static let mappedThreshold = 4 << 20
  /// Bytes a transparent huge page holds.
  static let hugePage = 2 << 20

  /// Moves what is drawn by whole device pixels: device row `y` of every drawing lands on the
  /// surface's row 0 for `y = -offset` (a page of a taller image).
  func setDeviceOffset(y: Int) { cairo_surface_set_device_offset(pointer, 0, Double(y)) }

  init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
    self.width = width
    self.height = height
    let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
    let length = stride * height
    if stride > 0, length >= Self.mappedThreshold,
      let base = mmap(
        nil, length + Self.hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      base != MAP_FAILED
    {
      mapping = (base, length + Self.hugePage)
      let misalignment = Int(bitPattern: base) % Self.hugePage
      let aligned = base + (misalignment == 0 ? 0 : Self.hugePage - misalignment)
      _ = madvise(aligned, length, MADV_HUGEPAGE)
      pointer = cairo_image_surface_create_for_data(
        aligned.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height),
        Int32(stride))
    } else {
      mapping = nil
      pointer = cairo_image_surface_create(format, Int32(width), Int32(height))
    }
    owner = nil
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      if let mapping { munmap(mapping.base, mapping.length) }
      throw error
    }
  }

  /// A surface drawing into `pixels` (`width × height` ARGB32 pixels, rows `width × 4` bytes
  /// apart, cleared first), which must outlive it.
  init(width: Int, height: Int, clearing pixels: UnsafeMutableBufferPointer<UInt8>) throws {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    guard width > 0, height > 0, stride == width * 4, pixels.count == stride * height,
      let base = pixels.baseAddress
    else { throw PainterError.cairo("no \(width)×\(height) surface in \(pixels.count) bytes") }
    pixels.initialize(repeating: 0)
    self.width = width
    self.height = height
    mapping = nil
    owner = nil
    pointer = cairo_image_surface_create_for_data(
      base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      throw error
    }
  }

  /// The surface's pixels turned, where they are, from cairo's premultiplied native-endian
  /// ARGB into straight RGBA (the surface is not drawn into again).
  func convertToRGBA() throws {
    let image = try PaintedImage(surface: self)
    let rowBytes = width * 4
    let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
    defer { row.deallocate() }
    for y in 0..<height {
      // A row is read from a copy, as the converter's source and destination may not overlap.
      image.convertRow(y, through: row, rowBytes: rowBytes)
    }
  }

  /// A surface drawing into rows `rows` of `surface` (an ARGB32 image surface), as tall as
  /// they are.
  init(rows: Range<Int>, of surface: CairoSurface) throws {
    cairo_surface_flush(surface.pointer)
    guard let data = cairo_image_surface_get_data(surface.pointer),
      rows.lowerBound >= 0, rows.upperBound <= surface.height, !rows.isEmpty
    else { throw PainterError.cairo("no rows \(rows) in a surface \(surface.height) tall") }
    let stride = cairo_image_surface_get_stride(surface.pointer)
    width = surface.width
    height = rows.count
    mapping = nil
    owner = surface
    pointer = cairo_image_surface_create_for_data(
      data + rows.lowerBound * Int(stride), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
      stride)
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      throw error
    }
  }

  deinit {
    cairo_surface_destroy(pointer)
    if let mapping { munmap(mapping.base, mapping.length) }
  }

  /// The pixels as straight-alpha RGBA (cairo keeps premultiplied, native-endian ARGB).
  func bitmap() throws -> Bitmap {
    let image = try PaintedImage(surface: self)
    // Every row written: a buffer reused from an earlier case of a suite needs no clearing.
    let out = PixelMemory.filled(count: width * height * 4) { dst in
      guard let base = dst.baseAddress else { return dst.isEmpty }
      for y in 0..<height { image.copyRow(y, alpha: true, into: base + y * width * 4) }
      return true
    }
    guard let out, let bitmap = Bitmap(width: width, height: height, pixels: out) else {
      throw PainterError.cairo("pixel count mismatch")
    }
    return bitmap
  }
}

/// A finished painting: the surface's pixels, read row by row as straight RGBA or RGB (for the
/// PNG encoder, which reads strips of rows on several threads, and for ``Bitmap``s).
///
/// It is `@unchecked Sendable` because it wraps a C buffer read from other threads: a row is
/// read only after the painting thread has reported it painted (the encoder waits for that, with
/// the reporting lock as the barrier), and a painted row is never written again while it may be
/// read — in a ring (``RingPlan``), its memory is painted over only after the encoder has said
/// it is done with it (``rowsConsumed(below:)``, under the same kind of lock).
public final class PaintedImage: PNGRowSource, @unchecked Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Whether every pixel is opaque (the tree's background is).
  public let isOpaque: Bool
  private let surface: CairoSurface
  private let data: UnsafeMutablePointer<UInt8>
  private let stride: Int
  /// Where each band of rows lives in the surface, when it is a ring shorter than the image.
  let ring: RingPlan?

  init(surface: CairoSurface, isOpaque: Bool = false, ring: RingPlan? = nil) throws {
    cairo_surface_flush(surface.pointer)
    try check(cairo_surface_status(surface.pointer))
    guard let data = cairo_image_surface_get_data(surface.pointer) else {
      throw PainterError.cairo("image surface has no data")
    }
    self.surface = surface
    self.data = data
    stride = Int(cairo_image_surface_get_stride(surface.pointer))
    width = surface.width
    height = ring?.height ?? surface.height
    self.isOpaque = isOpaque
    self.ring = ring
  }

  /// See ``PNGRowSource/copyRow(_:alpha:into:)``: un-premultiplies, rounding to nearest.
  public func copyRow(_ y: Int, alpha: Bool, into destination: UnsafeMutablePointer<UInt8>) {
    let place = ring?.surfaceRow(of: y) ?? y
    let row = UnsafeRawPointer(data + place * stride).assumingMemoryBound(to: UInt32.self)
    if !alpha {
      lr_pack_rgb(row, destination, Int32(width))
      return
    }
    lr_unpremultiply_rgba(row, destination, Int32(width))
  }

  /// Row `y`, converted to straight RGBA where it is, through `scratch` (`rowBytes` long).
  fileprivate func convertRow(_ y: Int, through scratch: UnsafeMutablePointer<UInt8>, rowBytes: Int)
  {
    let row = data + y * stride
    scratch.update(from: row, count: rowBytes)
    lr_unpremultiply_rgba(
      UnsafeRawPointer(scratch).assumingMemoryBound(to: UInt32.self), row, Int32(width))
  }

  /// The pixels as a ``Bitmap`` (of a painting that is not a ring).
  public func bitmap() throws -> Bitmap {
    guard ring == nil else { throw PainterError.cairo("a ring of bands holds no whole image") }
    return try surface.bitmap()
  }

  /// See ``PNGRowSource/rowsConsumed(below:)``: in a ring, the memory of those rows may be
  /// painted over.
  public func rowsConsumed(below rows: Int) {
    guard ring != nil else { return }
    consumed.withLock { $0 = max($0, rows) }
  }

  /// How many rows tall the ring painted into is (nil: the surface holds the whole image).
  package var ringRows: Int? { ring?.rows }

  /// Rows the encoder has let go, from the first.
  private let consumed = Mutex(0)

  /// Rows from the first the encoder has said it is done with (in a ring).
  var consumedRows: Int { consumed.withLock { $0 } }

  /// Whether `other` has exactly these pixels.
  public func hasSamePixels(as other: PaintedImage) -> Bool {
    guard width == other.width, height == other.height, ring == nil, other.ring == nil else {
      return false
    }
    let rowBytes = width * 4
    for y in 0..<height
    where memcmp(data + y * stride, other.data + y * other.stride, rowBytes) != 0 {
      return false
    }
    return true
  }
}

extension PaintedImage: ReusingRowSource {
  /// The rows the band after `ready` replaces in the ring must be let go first (0 when the
  /// image is no ring).
  package func rowsToConsume(afterReady ready: Int) -> Int {
    ring?.rowsToConsume(beforeBandAt: ready) ?? 0
  }
}

/// Bands of an image painted into a ring of rows shorter than the image: each band goes where
/// it fits after the one before (back at the ring's top when it would run past the bottom),
/// once the encoder is done with the rows it replaces. The memory a long list is painted into
/// is then a few bands, not the whole image (the kernel need not clear fresh pages for every
/// row, and the peak memory does not grow with the list).
struct RingPlan: Sendable {
  /// The image's height in rows.
  let height: Int
  /// Rows a band (the last may have fewer): band `i` is the image's rows from `i × bandRows`.
  let bandRows: Int
  /// The ring's height in rows.
  let rows: Int
  /// Where each band starts in the ring.
  let places: [Int]
  /// For each band, how many rows from the image's first the encoder must be done with before
  /// it is painted (those of the earlier bands that were where it goes).
  let needs: [Int]

  /// A ring for the bands of `bandRows` rows of an image `height` rows tall, with room for
  /// what `trail` holds; nil when the image is no taller than such a ring, or when some band
  /// would wait for rows the encoder cannot be done with yet.
  init?(bandRows: Int, height: Int, trail: PNGStripTrail) {
    let rows = 2 * bandRows + trail.slackRows
    guard bandRows > 0, rows < height else { return nil }
    self.height = height
    self.bandRows = bandRows
    self.rows = rows
    // Each ring row's last band, by the image row that band ends at.
    var ends = [Int](repeating: 0, count: rows)
    var places: [Int] = []
    var needs: [Int] = []
    var next = 0
    for top in stride(from: 0, to: height, by: bandRows) {
      let count = min(bandRows, height - top)
      if next + count > rows { next = 0 }
      let slots = next..<(next + count)
      let need = ends[slots].max() ?? 0
      // The encoder's progress once the band above is ready bounds what can be waited for.
      guard need <= trail.consumable(afterReady: top, height: height) else { return nil }
      places.append(next)
      needs.append(need)
      for slot in slots { ends[slot] = top + count }
      next = slots.upperBound
    }
    self.places = places
    self.needs = needs
  }

  /// Where image row `y` is in the ring.
  func surfaceRow(of y: Int) -> Int { places[y / bandRows] + y % bandRows }

  /// What the band starting at image row `top` needs let go (0 past the last band).
  func rowsToConsume(beforeBandAt top: Int) -> Int {
    top < height && top % bandRows == 0 ? needs[top / bandRows] : 0
  }
}

/// A vector document (SVG or PDF) cairo writes to `path`, sized in points; drawing in device
/// pixels of `scale` lands at the same places as in the PNG.
final class CairoVectorSurface {
  let pointer: OpaquePointer
  private var finished = false

  init(format: VectorFormat, path: String, width: Double, height: Double, scale: Double) throws {
    switch format {
    case .svg:
      pointer = cairo_svg_surface_create(path, width, height)
    case .pdf:
      pointer = cairo_pdf_surface_create(path, width, height)
    }
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      throw error
    }
    if format == .svg { cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PT) }
    if format == .pdf {
      // No creation date: the same tree gives the same bytes.
      cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "")
    }
    cairo_surface_set_device_scale(pointer, 1 / scale, 1 / scale)
  }

  /// Writes out what was drawn; throws cairo's error.
  func finish() throws {
    cairo_surface_finish(pointer)
    finished = true
    try check(cairo_surface_status(pointer))
  }

  deinit { cairo_surface_destroy(pointer) }
}

/// A cairo drawing context on a surface, destroyed with the object.
final class CairoContext {
  let pointer: OpaquePointer
  /// The image surface drawn on (nil for a vector document).
  let surface: CairoSurface?

  /// A context on a vector document.
  init(vector: CairoVectorSurface) throws {
    surface = nil
    pointer = cairo_create(vector.pointer)
    do {
      try check(cairo_status(pointer))
    } catch {
      cairo_destroy(pointer)
      throw error
    }
  }

  init(surface: CairoSurface) throws {
    self.surface = surface
    pointer = cairo_create(surface.pointer)
    do {
      try check(cairo_status(pointer))
    } catch {
      cairo_destroy(pointer)
      throw error
    }
  }

  deinit { cairo_destroy(pointer) }

  /// Throws when any drawing call so far has failed (cairo keeps the first error).
  func checkStatus() throws { try check(cairo_status(pointer)) }
}

// MARK: - Drawing
//
// The painter draws through these methods only: the cairo handle stays in this file and the
// other C wrapper files (PangoText.swift for text, ImageLibrary.swift for SVG).

/// How the ends of a stroked line are drawn.
enum LineCap {
  case butt
  case round
}

extension CairoContext {
  /// Saves the graphics state (clip, transformation, source, line settings).
  func save() { cairo_save(pointer) }
  /// Restores the state saved by the matching ``save()``.
  func restore() { cairo_restore(pointer) }

  /// Runs `body` between ``save()`` and ``restore()``.
  func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
    save()
    defer { restore() }
    return try body()
  }

  /// Runs `body` in device pixels (the identity transformation), then puts back the
  /// transformation without touching the clip or path `body` leaves.
  func inDeviceSpace<T>(_ body: () throws -> T) rethrows -> T {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(pointer, &matrix)
    cairo_identity_matrix(pointer)
    defer { cairo_set_matrix(pointer, &matrix) }
    return try body()
  }

  /// Scales user space by `factor` on both axes.
  func scale(by factor: Double) { cairo_scale(pointer, factor, factor) }

  /// Scales x and y apart (−1 for x mirrors).
  func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
  /// Moves user space's origin to user (x, y).
  func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }

  /// Clips to a rectangle in device pixels, keeping the current transformation.
  func clipToDeviceRect(x: Int, y: Int, width: Int, height: Int) {
    inDeviceSpace {
      rectangle(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
      clip()
    }
  }

  /// Flushes drawing to the surface's memory (before another thread reads finished rows).
  func flush() { cairo_surface_flush(cairo_get_target(pointer)) }

  /// Makes every pixel of the target transparent (within the clip).
  func clear() {
    cairo_save(pointer)
    cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR)
    cairo_paint(pointer)
    cairo_restore(pointer)
  }

  /// Sets a solid colour as the source.
  func setSource(_ color: Color) {
    cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
  }

  /// Sets a linear gradient across `frame` as the source (cairo draws it natively in PNG, SVG
  /// and PDF alike).
  func setSource(_ gradient: LinearGradient, in frame: Rect) {
    let line = gradient.line(width: frame.width, height: frame.height)
    let pattern = cairo_pattern_create_linear(
      frame.x + line.start.x, frame.y + line.start.y, frame.x + line.end.x,
      frame.y + line.end.y)
    defer { cairo_pattern_destroy(pattern) }
    for stop in gradient.stops {
      let color = stop.color
      cairo_pattern_add_color_stop_rgba(
        pattern, min(1, max(0, stop.offset)), color.red, color.green, color.blue, color.alpha)
    }
    cairo_set_source(pointer, pattern)
  }

  /// Sets `surface` as the source, its origin at user (x, y), sampled with cairo's "good" filter.
  func setSource(_ surface: CairoSurface, x: Double, y: Double) {
    cairo_set_source_surface(pointer, surface.pointer, x, y)
    cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
  }

  /// Draws `image` with its pixel (0, 0) at user `origin`, `imageScale` user units a pixel,
  /// through the clip, as much of it as falls in the user rectangle `bounds`: sampled first
  /// into a scratch surface whose top-left is a whole device pixel of the tree, then copied
  /// there. Sampled straight onto the target, a scaled image's pixels depend on where the
  /// target's first row is (the translation cairo hands pixman, in fixed point, includes it):
  /// a page or a band of a longer image came out a level or three off the whole image. Drawn
  /// straight into a vector document (which keeps the image at its own resolution) and under a
  /// rotating or mirroring transformation (no image is).
  func paintScaledImage(
    _ image: CairoSurface, origin: (x: Double, y: Double), imageScale: Double, within bounds: Rect
  ) throws {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(pointer, &matrix)
    guard cairo_surface_get_type(cairo_get_target(pointer)) == CAIRO_SURFACE_TYPE_IMAGE,
      matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0
    else { return drawImage(image, origin: origin, imageScale: imageScale) }
    // Device pixels the image can reach (2 more a side for the filter), within the bounds.
    let width = Double(image.width) * imageScale
    let height = Double(image.height) * imageScale
    let left = max(matrix.xx * origin.x + matrix.x0 - 2, matrix.xx * bounds.x + matrix.x0)
    let right = min(
      matrix.xx * (origin.x + width) + matrix.x0 + 2,
      matrix.xx * (bounds.x + bounds.width) + matrix.x0)
    let top = max(matrix.yy * origin.y + matrix.y0 - 2, matrix.yy * bounds.y + matrix.y0)
    let bottom = min(
      matrix.yy * (origin.y + height) + matrix.y0 + 2,
      matrix.yy * (bounds.y + bounds.height) + matrix.y0)
    guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite, right > left,
      bottom > top
    else { return }
    let x0 = Int(left.rounded(.down))
    let y0 = Int(top.rounded(.down))
    let scratch = try CairoSurface(
      width: Int(right.rounded(.up)) - x0, height: Int(bottom.rounded(.up)) - y0)
    let context = try CairoContext(surface: scratch)
    cairo_translate(context.pointer, Double(-x0), Double(-y0))
    cairo_transform(context.pointer, &matrix)
    context.drawImage(image, origin: origin, imageScale: imageScale)
    try context.checkStatus()
    context.flush()
    withSavedState {
      inDeviceSpace {
        cairo_set_source_surface(pointer, scratch.pointer, Double(x0), Double(y0))
        cairo_paint(pointer)
      }
    }
  }

  /// Samples `image` onto the target with its pixel (0, 0) at user `origin`, `imageScale` user
  /// units a pixel, through the clip.
  private func drawImage(_ image: CairoSurface, origin: (x: Double, y: Double), imageScale: Double)
  {
    withSavedState {
      translate(x: origin.x, y: origin.y)
      scale(by: imageScale)
      setSource(image, x: 0, y: 0)
      paint()
    }
  }

  /// Paints the source everywhere inside the clip, at `alpha`.
  func paint(alpha: Double = 1) {
    if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, alpha) }
  }

  /// Fills the path with the source (non-zero winding) and clears the path.
  func fill() { cairo_fill(pointer) }

  /// Strokes the path with the source and the line settings, and clears the path.
  func stroke(width: Double, cap: LineCap = .butt, roundJoins: Bool = false) {
    cairo_set_line_width(pointer, width)
    cairo_set_line_cap(pointer, cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(pointer, roundJoins ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
    cairo_stroke(pointer)
  }

  /// Intersects the clip with the path (non-zero winding) and clears the path.
  func clip() { cairo_clip(pointer) }

  /// Intersects the clip with the path by the even-odd rule (a shape inside another cuts a
  /// hole) and clears the path.
  func clipEvenOdd() {
    cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(pointer)
    cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
  }

  /// Clears the path.
  func newPath() { cairo_new_path(pointer) }
  /// Starts a new sub-path with no current point.
  func newSubPath() { cairo_new_sub_path(pointer) }
  /// Closes the current sub-path.
  func closePath() { cairo_close_path(pointer) }
  /// Moves the current point.
  func move(toX x: Double, y: Double) { cairo_move_to(pointer, x, y) }
  /// Adds a line to (x, y).
  func line(toX x: Double, y: Double) { cairo_line_to(pointer, x, y) }
  /// Adds a rectangle.
  func rectangle(x: Double, y: Double, width: Double, height: Double) {
    cairo_rectangle(pointer, x, y, width, height)
  }
  /// Adds a clockwise arc (angles in radians, from the x axis towards y).
  func arc(centerX: Double, centerY: Double, radius: Double, from: Double, to: Double) {
    cairo_arc(pointer, centerX, centerY, radius, from, to)
  }

  /// Adds the ellipse inscribed in `rect`.
  func addEllipse(_ rect: Rect) {
    withSavedState {
      translate(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
      cairo_scale(pointer, rect.width / 2, rect.height / 2)
      newSubPath()
      arc(centerX: 0, centerY: 0, radius: 1, from: 0, to: 2 * Double.pi)
    }
  }

  /// Draws what `body` paints into an offscreen group, then composites it at `alpha`.
  func paintGroup(alpha: Double, _ body: () throws -> Void) rethrows {
    cairo_push_group(pointer)
    do {
      try body()
    } catch {
      cairo_pattern_destroy(cairo_pop_group(pointer))
      throw error
    }
    cairo_pop_group_to_source(pointer)
    paint(alpha: alpha)
  }

  /// Draws what `body` paints into an offscreen group and uses its alpha as the mask of
  /// `color` (a template image tinted).
  func paintMasking(_ color: Color, _ body: () throws -> Void) rethrows {
    cairo_push_group(pointer)
    let mask: OpaquePointer
    do {
      try body()
      mask = cairo_pop_group(pointer)
    } catch {
      cairo_pattern_destroy(cairo_pop_group(pointer))
      throw error
    }
    setSource(color)
    cairo_mask(pointer, mask)
    cairo_pattern_destroy(mask)
  }

  /// Paints the source through the A8 surface `mask` placed at user (x, y).
  func mask(_ mask: CairoSurface, x: Double, y: Double) {
    cairo_mask_surface(pointer, mask.pointer, x, y)
  }

  /// The device pixels of the target surface, as device space places them (nil for a vector
  /// surface, which has no pixels).
  var targetPixels: (x: Int, y: Int, width: Int, height: Int)? {
    guard let target = cairo_get_target(pointer),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
    else { return nil }
    var dx = 0.0
    var dy = 0.0
    cairo_surface_get_device_offset(target, &dx, &dy)
    return (
      Int((-dx).rounded(.down)), Int((-dy).rounded(.down)),
      Int(cairo_image_surface_get_width(target)), Int(cairo_image_surface_get_height(target))
    )
  }

  /// Paints the source inside the rectangle `target` (user space) through the region `region`
  /// of the A8 surface `mask`, the region's edge pixels stretched (padded) to fill the target.
  func mask(
    _ mask: CairoSurface, region: (x: Int, y: Int, width: Int, height: Int),
    over target: (x: Int, y: Int, width: Int, height: Int)
  ) throws {
    guard
      let part = cairo_surface_create_for_rectangle(
        mask.pointer, Double(region.x), Double(region.y), Double(region.width),
        Double(region.height))
    else { throw PainterError.cairo("a region of a mask surface") }
    defer { cairo_surface_destroy(part) }
    try check(cairo_surface_status(part))
    let pattern = cairo_pattern_create_for_surface(part)
    defer { cairo_pattern_destroy(pattern) }
    try check(cairo_pattern_status(pattern))
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    var matrix = cairo_matrix_t()
    cairo_matrix_init_translate(&matrix, -Double(target.x), -Double(target.y))
    cairo_pattern_set_matrix(pattern, &matrix)
    try withSavedState {
      rectangle(
        x: Double(target.x), y: Double(target.y), width: Double(target.width),
        height: Double(target.height))
      clip()
      cairo_mask(pointer, pattern)
      try checkStatus()
    }
  }
}

extension CairoContext {
  /// What ``mask(_:region:over:)`` paints, for a target of device pixels (an image surface, in
  /// device space): the region's edge pixels repeated into an A8 surface of the target's size,
  /// which is placed as it is. pixman composites an untransformed mask on its fast paths; a
  /// padded one goes through its general path (a division a row, a fetch a pixel), which took
  /// a card shadow's edges and centre several milliseconds a list. The same pixels: a padded
  /// pattern placed at whole pixels samples exactly the pixel it clamps to, as the copy holds.
  func maskExpanded(
    _ mask: CairoSurface, region: (x: Int, y: Int, width: Int, height: Int),
    over target: (x: Int, y: Int, width: Int, height: Int)
  ) throws {
    guard target.width > 0, target.height > 0, region.width > 0, region.height > 0 else { return }
    if region.width == 1, region.height == 1 {
      // One coverage level over the whole target: none leaves every pixel as it is, full is
      // the source over the rectangle (pixman's products by 255 are exact), as the mask gives.
      var level: UInt8 = 0
      try mask.readingRows { source, stride in level = source[region.y * stride + region.x] }
      guard level > 0 else { return }
      if level == 255 {
        rectangle(
          x: Double(target.x), y: Double(target.y), width: Double(target.width),
          height: Double(target.height))
        fill()
        try checkStatus()
        return
      }
    }
    let expanded = try CairoSurface(
      width: target.width, height: target.height, format: CAIRO_FORMAT_A8)
    try mask.readingRows { source, sourceStride in
      try expanded.withRows { data, stride in
        for y in 0..<target.height {
          let from = source + (region.y + min(y, region.height - 1)) * sourceStride + region.x
          let row = data + y * stride
          let copied = min(region.width, target.width)
          row.update(from: from, count: copied)
          if target.width > copied {
            (row + copied).update(repeating: from[copied - 1], count: target.width - copied)
          }
        }
      }
    }
    try withSavedState {
      rectangle(
        x: Double(target.x), y: Double(target.y), width: Double(target.width),
        height: Double(target.height))
      clip()
      cairo_mask_surface(pointer, expanded.pointer, Double(target.x), Double(target.y))
      try checkStatus()
    }
  }
}

// MARK: - Pixels in and out

extension CairoSurface {
  /// An A8 surface holding `width × height` coverage bytes (row by row, no padding), or
  /// cleared when `bytes` is nil.
  convenience init(alpha bytes: [UInt8]?, width: Int, height: Int) throws {
    try self.init(width: width, height: height, format: CAIRO_FORMAT_A8)
    guard let bytes else { return }
    precondition(bytes.count == width * height, "mask size")
    try withRows { data, stride in
      bytes.withUnsafeBufferPointer { source in
        guard let base = source.baseAddress else { return }
        for y in 0..<height { (data + y * stride).update(from: base + y * width, count: width) }
      }
    }
  }

  /// A premultiplied ARGB32 surface from straight RGB or RGBA bytes (`channels` 3 or 4,
  /// `rowBytes` apart), rounding to nearest.
  convenience init(
    straight source: UnsafePointer<UInt8>, width: Int, height: Int, channels: Int, rowBytes: Int
  ) throws {
    precondition(channels == 3 || channels == 4, "RGB or RGBA")
    try self.init(width: width, height: height)
    try withRows { data, stride in
      for y in 0..<height {
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        let src = source + y * rowBytes
        for x in 0..<width {
          let p = src + x * channels
          let a = channels == 4 ? UInt32(p[3]) : 255
          let r = (UInt32(p[0]) * a + 127) / 255
          let g = (UInt32(p[1]) * a + 127) / 255
          let b = (UInt32(p[2]) * a + 127) / 255
          row[x] = (a << 24) | (r << 16) | (g << 8) | b
        }
      }
    }
  }

  /// The coverage bytes of an A8 surface, row by row without padding.
  func alphaBytes() throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: width * height)
    try readingRows { data, stride in
      bytes.withUnsafeMutableBufferPointer { out in
        guard let target = out.baseAddress else { return }
        for y in 0..<height { (target + y * width).update(from: data + y * stride, count: width) }
      }
    }
    return bytes
  }

  /// Gives `body` the surface's pixel memory and row stride, flushed before and marked dirty
  /// after (so cairo sees what `body` wrote).
  fileprivate func withRows(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> Void) throws {
    try readingRows { data, stride in try body(UnsafeMutablePointer(mutating: data), stride) }
    cairo_surface_mark_dirty(pointer)
  }

  /// Gives `body` the surface's pixel memory and row stride to read, flushed before; the
  /// surface stays as cairo last saw it (nothing of it is marked changed, so a tile read on
  /// every band keeps what cairo made of it).
  fileprivate func readingRows(_ body: (UnsafePointer<UInt8>, Int) throws -> Void) throws {
    cairo_surface_flush(pointer)
    try check(cairo_surface_status(pointer))
    guard let data = cairo_image_surface_get_data(pointer) else {
      throw PainterError.cairo("an image surface has no data")
    }
    try body(data, Int(cairo_image_surface_get_stride(pointer)))
  }
}

/// The vector formats cairo writes.
package enum VectorFormat: String, Sendable {
  /// SVG 1.1.
  case svg
  /// PDF.
  case pdf
}
