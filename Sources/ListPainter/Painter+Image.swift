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
        try cr.paintMasking(tint) {
          try draw(entry, of: image.path, cr, in: drawn, scale: scale, within: frame)
        }
      } else {
        try draw(entry, of: image.path, cr, in: drawn, scale: scale, within: frame)
      }
    }
  }

  private func draw(
    _ entry: ImageLibrary.Entry, of path: String, _ cr: CairoContext, in rect: Rect,
    scale: Double, within frame: Rect
  ) throws {
    switch entry {
    case .raster(let surface):
      // The same pixels wherever the surface's first row is (a page, a band).
      try cr.paintScaledImage(
        surface, origin: (rect.x, rect.y), imageScale: scale, within: frame)
    case .svg(let handle, _, _):
      try handle.render(in: cr, viewport: rect, path: path)
    }
  }
}
