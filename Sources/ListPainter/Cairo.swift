import CPangoCairo
import ImageCodec

/// An ARGB32 cairo image surface, destroyed with the object.
final class CairoSurface {
  let pointer: OpaquePointer
  let width: Int
  let height: Int

  init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
    pointer = cairo_image_surface_create(format, Int32(width), Int32(height))
    self.width = width
    self.height = height
    do {
      try check(cairo_surface_status(pointer))
    } catch {
      cairo_surface_destroy(pointer)
      throw error
    }
  }

  deinit { cairo_surface_destroy(pointer) }

  /// The pixels as straight-alpha RGBA (cairo keeps premultiplied, native-endian ARGB).
  func bitmap() throws -> Bitmap {
    cairo_surface_flush(pointer)
    try check(cairo_surface_status(pointer))
    guard let data = cairo_image_surface_get_data(pointer) else {
      throw PainterError.cairo("image surface has no data")
    }
    let stride = Int(cairo_image_surface_get_stride(pointer))
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { dst in
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        var d = y * width * 4
        for x in 0..<width {
          let argb = row[x]
          let a = UInt32(argb >> 24)
          var r = (argb >> 16) & 0xFF
          var g = (argb >> 8) & 0xFF
          var b = argb & 0xFF
          if a != 255 && a != 0 {
            r = (r * 255 + a / 2) / a
            g = (g * 255 + a / 2) / a
            b = (b * 255 + a / 2) / a
          }
          dst[d] = UInt8(r)
          dst[d + 1] = UInt8(g)
          dst[d + 2] = UInt8(b)
          dst[d + 3] = UInt8(a)
          d += 4
        }
      }
    }
    guard let bitmap = Bitmap(width: width, height: height, pixels: out) else {
      throw PainterError.cairo("pixel count mismatch")
    }
    return bitmap
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
