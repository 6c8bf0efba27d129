import ListLayout
import ListModel

extension Painter {
  /// Draws an image file into the frame (aspect fill or fit, centred), clipped to the frame or
  /// its inscribed circle; with a tint, the image's alpha masks the tint colour.
  func paintImage(_ cr: CairoContext, image: ImagePaint, frame: Rect) throws {
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
    try cr.withSavedState {
      if image.clipToCircle {
        cr.addEllipse(frame)
      } else {
        cr.addRoundedRect(frame, radius: image.cornerRadius)
      }
      cr.clip()
      if let tint = image.tint {
        try cr.paintMasking(tint) { try draw(entry, of: image.path, cr, in: drawn, scale: scale) }
      } else {
        try draw(entry, of: image.path, cr, in: drawn, scale: scale)
      }
    }
  }

  private func draw(
    _ entry: ImageLibrary.Entry, of path: String, _ cr: CairoContext, in rect: Rect,
    scale: Double
  ) throws {
    switch entry {
    case .raster(let surface):
      cr.withSavedState {
        cr.translate(x: rect.x, y: rect.y)
        cr.scale(by: scale)
        cr.setSource(surface, x: 0, y: 0)
        cr.paint()
      }
    case .svg(let handle, _, _):
      try handle.render(in: cr, viewport: rect, path: path)
    }
  }
}
