import CPangoCairo
import Glibc
import ImageCodec
import Synchronization

/// An ARGB32 cairo image surface, destroyed with the object. A large one lives in memory mapped
/// for it and asked for as transparent huge pages (2 MiB pages: a few page faults instead of
/// thousands for a long list); mapped memory starts zeroed, as cairo's own does.
final class CairoSurface {
  let pointer: OpaquePointer
  let width: Int
  let height: Int
  private let mapping: (base: UnsafeMutableRawPointer, length: Int)?
  /// Where the pixels start in the mapping (2 MiB aligned), when the surface has one.
  private(set) var mappedPixels: UnsafeMutableRawPointer?
  /// Surfaces at least this large (bytes) get their own mapping.
  static let mappedThreshold = 4 << 20
  private static let hugePage = 2 << 20

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
      mappedPixels = aligned
      pointer = cairo_image_surface_create_for_data(
        aligned.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height),
        Int32(stride))
    } else {
      mapping = nil
      pointer = cairo_image_surface_create(format, Int32(width), Int32(height))
    }
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      if let mapping { munmap(mapping.base, mapping.length) }
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
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { dst in
      guard let base = dst.baseAddress else { return }
      for y in 0..<height { image.copyRow(y, alpha: true, into: base + y * width * 4) }
    }
    guard let bitmap = Bitmap(width: width, height: height, pixels: out) else {
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
/// the reporting lock as the barrier), and a painted row is never written again; rows whose
/// memory is given back are never read again.
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

  init(surface: CairoSurface, isOpaque: Bool = false) throws {
    cairo_surface_flush(surface.pointer)
    try check(cairo_surface_status(surface.pointer))
    guard let data = cairo_image_surface_get_data(surface.pointer) else {
      throw PainterError.cairo("image surface has no data")
    }
    self.surface = surface
    self.data = data
    stride = Int(cairo_image_surface_get_stride(surface.pointer))
    width = surface.width
    height = surface.height
    self.isOpaque = isOpaque
  }

  /// See ``PNGRowSource/copyRow(_:alpha:into:)``: un-premultiplies, rounding to nearest.
  public func copyRow(_ y: Int, alpha: Bool, into destination: UnsafeMutablePointer<UInt8>) {
    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
    if !alpha {
      for x in 0..<width {
        let argb = row[x]
        destination[3 * x] = UInt8(truncatingIfNeeded: argb >> 16)
        destination[3 * x + 1] = UInt8(truncatingIfNeeded: argb >> 8)
        destination[3 * x + 2] = UInt8(truncatingIfNeeded: argb)
      }
      return
    }
    for x in 0..<width {
      let argb = row[x]
      let a = argb >> 24
      var r = (argb >> 16) & 0xFF
      var g = (argb >> 8) & 0xFF
      var b = argb & 0xFF
      if a != 255 && a != 0 {
        r = (r * 255 + a / 2) / a
        g = (g * 255 + a / 2) / a
        b = (b * 255 + a / 2) / a
      }
      destination[4 * x] = UInt8(r)
      destination[4 * x + 1] = UInt8(g)
      destination[4 * x + 2] = UInt8(b)
      destination[4 * x + 3] = UInt8(a)
    }
  }

  /// The pixels as a ``Bitmap``.
  public func bitmap() throws -> Bitmap { try surface.bitmap() }

  /// Lets the kernel take back the memory of rows `0..<rows` (whole pages of the surface's own
  /// mapping only), when nothing will read them again: an image being encoded as it is painted
  /// never needs all of its rows at once. Only ``ListRenderer``'s encode-while-painting uses it.
  public func rowsConsumed(below rows: Int) {
    guard releasesRows, let base = surface.mappedPixels, rows > 0 else { return }
    let page = 2 << 20
    let bytes = min(rows, height) * stride / page * page
    guard bytes > 0 else { return }
    _ = madvise(base, bytes, MADV_DONTNEED)
  }

  /// Whether ``rowsConsumed(below:)`` frees memory (set only while encoding a throw-away image).
  package var releasesRows: Bool {
    get { releasing.load(ordering: .relaxed) }
    set { releasing.store(newValue, ordering: .relaxed) }
  }
  private let releasing = Atomic<Bool>(false)

  /// Whether `other` has exactly these pixels.
  public func hasSamePixels(as other: PaintedImage) -> Bool {
    guard width == other.width, height == other.height else { return false }
    let rowBytes = width * 4
    for y in 0..<height
    where memcmp(data + y * stride, other.data + y * other.stride, rowBytes) != 0 {
      return false
    }
    return true
  }
}

/// A cairo drawing context on a surface, destroyed with the object.
final class CairoContext {
  let pointer: OpaquePointer
  let surface: CairoSurface

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
