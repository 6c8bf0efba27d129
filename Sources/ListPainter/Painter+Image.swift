import CImageLoaders
import CPangoCairo
import ListLayout
import ListModel

extension Painter {
  /// Draws an image file into the frame (aspect fill or fit, centred), clipped to the frame or
  /// its inscribed circle; with a tint, the image's alpha masks the tint colour.
  func paintImage(_ cr: OpaquePointer, image: ImagePaint, frame: Rect) throws {
    guard let entry = images.entry(for: image.path) else {
      throw PainterError.imageNotLoaded(path: image.path)
    }
    let size = entry.size
    let scale =
      image.fit == .aspectFill
      ? max(frame.width / size.width, frame.height / size.height)
      : min(frame.width / size.width, frame.height / size.height)
    let drawn = Rect(
      x: frame.x + (frame.width - size.width * scale) / 2,
      y: frame.y + (frame.height - size.height * scale) / 2,
      width: size.width * scale, height: size.height * scale)
    cairo_save(cr)
    defer { cairo_restore(cr) }
    if image.clipToCircle { addEllipse(cr, frame) } else { addRoundedRect(cr, frame, radius: 0) }
    cairo_clip(cr)
    if image.tint != nil { cairo_push_group(cr) }
    try draw(entry, of: image.path, cr, in: drawn, scale: scale)
    if let tint = image.tint {
      let mask = cairo_pop_group(cr)
      setSource(cr, tint)
      cairo_mask(cr, mask)
      cairo_pattern_destroy(mask)
    }
  }

  private func draw(
    _ entry: ImageLibrary.Entry, of path: String, _ cr: OpaquePointer, in rect: Rect,
    scale: Double
  ) throws {
    switch entry {
    case .raster(let surface):
      cairo_save(cr)
      cairo_translate(cr, rect.x, rect.y)
      cairo_scale(cr, scale, scale)
      cairo_set_source_surface(cr, surface.pointer, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
      cairo_restore(cr)
    case .svg(let handle, _, _):
      var viewport = LRRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
      var error: UnsafeMutableRawPointer?
      if lr_svg_render(handle.pointer, UnsafeMutableRawPointer(cr), &viewport, &error) == 0 {
        throw PainterError.svgDrawing(path: path, reason: takeLoaderError(error))
      }
    }
  }
}
