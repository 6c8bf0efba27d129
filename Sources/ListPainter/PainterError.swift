import CPangoCairo

/// Failures of the drawing layer, each naming what to do about it.
public enum PainterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A font file the renderer needs is not on the machine.
  case missingFont(path: String, package: String)
  /// fontconfig refused a font file.
  case unusableFont(path: String)
  /// A cairo call failed with this status.
  case cairo(String)
  /// A Pango or fontconfig object could not be created.
  case creationFailed(String)

  /// A sentence for the terminal.
  public var description: String {
    switch self {
    case .missingFont(let path, let package):
      return "font file \(path) is missing; install it with: apt-get install \(package)"
    case .unusableFont(let path):
      return "fontconfig could not load the font file \(path)"
    case .cairo(let message):
      return "cairo error: \(message)"
    case .creationFailed(let what):
      return "could not create \(what)"
    }
  }
}

/// The one place cairo statuses become errors.
func check(_ status: cairo_status_t) throws {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  throw PainterError.cairo(String(cString: cairo_status_to_string(status)))
}
