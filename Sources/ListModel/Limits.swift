/// The documented bounds on a spec: nothing a spec says can make the renderer allocate without
/// bound. Each is checked while decoding and reported as a ``SpecError``.
public enum SpecLimits {
  /// Largest spec file read, in bytes.
  public static let maxFileBytes = 4 * 1024 * 1024
  /// Longest string in a spec, in UTF-8 bytes.
  public static let maxStringLength = 10_000
  /// All the text of a document, in UTF-8 bytes, counted after aliases are expanded.
  public static let maxTextBytes = 4 * 1024 * 1024
  /// Combining marks on one character (a base and its accents).
  public static let maxCombiningMarks = 32
  /// Largest `maxLines` of a label.
  public static let maxLinesRange: ClosedRange<Double> = 1...1_000
  /// Section spacing and insets, item widths, viewport height and offset, in points.
  public static let lengthRange: ClosedRange<Double> = 0...10_000
  /// Columns of a grid.
  public static let columnRange: ClosedRange<Double> = 1...12
  /// Elevation in points.
  public static let elevationRange: ClosedRange<Double> = 0...24
  /// Animation frames per second.
  public static let fpsRange: ClosedRange<Double> = 1...120
  /// Animation length in seconds.
  public static let durationRange: ClosedRange<Double> = 0.01...60
  /// Most frames in one animation.
  public static let maxFrames = 3_600
  /// Most animation events.
  public static let maxEvents = 1_000
  /// Most sections in one document.
  public static let maxSections = 1_000
  /// Most cells in one document, over all sections.
  public static let maxCells = 10_000
  /// Canvas width in points.
  public static let widthRange: ClosedRange<Double> = 1...4_096
  /// Render scale (device pixels per point).
  public static let scaleRange: ClosedRange<Double> = 0.5...4
  /// Safe-area insets in points.
  public static let insetRange: ClosedRange<Double> = 0...1_000
  /// Largest image side in pixels: cairo's own limit for an image surface.
  public static let maxPixelSide = 32_767
  /// Most pixels in one image (400 MB of RGBA).
  public static let maxPixels = 100_000_000
}

extension ClosedRange where Bound == Double {
  /// The range as a user writes it, for messages and help: "0.5...4", "1...4096".
  package var text: String { "\(lowerBound.limitText)...\(upperBound.limitText)" }
}

extension Double {
  /// A bound or value as a user writes it: whole numbers without a decimal point.
  package var limitText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
