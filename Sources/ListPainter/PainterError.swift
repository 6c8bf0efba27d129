import CPangoCairo

/// Failures of the drawing layer, each naming what to do about it.
public enum PainterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A font file the renderer needs is not on the machine.
  case missingFont(path: String, package: String)
  /// fontconfig refused a font file.
  case unusableFont(path: String)
  /// A font file's tables do not fit in it (cut short or damaged); the package that ships it
  /// (empty for a spec's own font).
  case damagedFont(path: String, reason: String, package: String)
  /// A cairo call failed with this status.
  case cairo(String)
  /// A Pango or fontconfig object could not be created.
  case creationFailed(String)
  /// An icon name the Material Icons catalog does not have.
  case unknownIcon(String)
  /// An image was painted before ``ImageLibrary`` loaded it (a layout made by another renderer).
  case imageNotLoaded(path: String)
  /// librsvg or gdk-pixbuf is not installed.
  case imageLoadersMissing
  /// An image's bytes exceed the size the loader reads.
  case imageFileTooLarge(path: String, bytes: Int, limit: Int)
  /// An image wider or taller than the loader's limit, in pixels.
  case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
  /// The decoder rejected an image: the decoder's reason.
  case undecodableImage(path: String, reason: String)
  /// librsvg failed to draw an SVG that it loaded.
  case svgDrawing(path: String, reason: String)
  /// The painter's text differs from what layout measured (the layout came from another
  /// renderer or was edited).
  case textMismatch(String)

  /// A sentence for the terminal.
  public var description: String {
    switch self {
    case .missingFont(let path, let package):
      return "font file \(path) is missing; install it with: apt-get install \(package)"
    case .unusableFont(let path):
      return "fontconfig could not load the font file \(path)"
    case .damagedFont(let path, let reason, let package):
      return "font file \(path) is damaged: \(reason)"
        + (package.isEmpty ? "" : "; reinstall it with: apt-get install --reinstall \(package)")
    case .cairo(let message):
      return "cairo error: \(message)"
    case .creationFailed(let what):
      return "could not create \(what)"
    case .unknownIcon(let name):
      return "icon '\(name)' is not in the Material Icons catalog"
    case .imageNotLoaded(let path):
      return "image \(path) was not loaded before painting (lay out with the same renderer)"
    case .imageLoadersMissing:
      return
        "the image loaders are missing; install them with: apt-get install librsvg2-2 libgdk-pixbuf-2.0-0"
    case .imageFileTooLarge(let path, let bytes, let limit):
      return "image \(path) is \(bytes) bytes; the limit is \(limit)"
    case .imageTooLarge(let path, let width, let height, let limit):
      return "image \(path) is \(width)×\(height) pixels; the limit is \(limit) on each side"
    case .undecodableImage(let path, let reason):
      return "image \(path) could not be decoded: \(reason)"
    case .svgDrawing(let path, let reason):
      return "SVG \(path) could not be drawn: \(reason)"
    case .textMismatch(let text):
      return
        "text '\(text)' shapes into other lines than the layout measured (lay out with the same renderer)"
    }
  }
}

/// The one place cairo statuses become errors.
func check(_ status: cairo_status_t) throws {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  throw PainterError.cairo(String(cString: cairo_status_to_string(status)))
}
