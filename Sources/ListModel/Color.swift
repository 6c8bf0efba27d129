import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, each channel 0...1.
///
/// ```swift
/// let divider = Color(hex: "#EEEEEE")  // nil for anything but #RGB, #RRGGBB, #RRGGBBAA
/// let pressed = Color.black.withAlpha(0.05)
/// ```
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Red, 0...1.
  public var red: Double { didSet { origin = nil } }
  /// Green, 0...1.
  public var green: Double { didSet { origin = nil } }
  /// Blue, 0...1.
  public var blue: Double { didSet { origin = nil } }
  /// Opacity, 0...1.
  public var alpha: Double { didSet { origin = nil } }
  /// The theme colour this stands for, resolved when the document is laid out (so that it
  /// follows dark mode and the skin); nil for a colour of its own. Asset colours may name one
  /// (`color: brand`).
  public var themeName: ColorName?
  /// The Mística colour token this stands for (`brand`, `backgroundBrandSecondary`), resolved
  /// from the theme's token file when the document is laid out; nil otherwise.
  package var tokenName: String?
  /// The Mística colour token whose value this is (`textPrimary`), as the theme hands it to
  /// the layout, so that a golden's explanation can name it; any change of a channel forgets
  /// it, and a colour derived from it (``withAlpha(_:)``) has none. Not part of equality: two
  /// colours of the same channels are the same colour whatever token gave them.
  package var origin: String?

  /// A colour from channels in 0...1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; returns nil for anything else.
  public init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    var digits = String(hex.dropFirst())
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else {
      return nil
    }
    let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
    self.init(
      red: Double((rgba >> 24) & 0xFF) / 255,
      green: Double((rgba >> 16) & 0xFF) / 255,
      blue: Double((rgba >> 8) & 0xFF) / 255,
      alpha: Double(rgba & 0xFF) / 255)
  }

  /// The same colour with another opacity.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The theme's colour `name`, whatever the appearance and skin make it.
  ///
  /// ```swift
  /// RowCell("Wi-Fi", asset: .icon("wifi", background: .theme(.tag), color: .theme(.brand)))
  /// ```
  public static func theme(_ name: ColorName) -> Color {
    var color = Color(red: 0, green: 0, blue: 0)
    color.themeName = name
    return color
  }

  /// A colour written in the source (`#RRGGBB` of a palette or a generated table); a literal
  /// that is no colour is a programming error.
  package static func literal(_ hex: String) -> Color {
    guard let color = Color(hex: hex) else { preconditionFailure("bad colour literal \(hex)") }
    return color
  }

  /// An opaque colour written in a generated table as `0xRRGGBB`: the very value
  /// ``init(hex:)`` reads from `#RRGGBB`, without parsing text.
  package static func literal(rgb: UInt32) -> Color {
    Color(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: Double(0xFF) / 255)
  }

  /// The Mística colour token `name` of the theme's token file, whatever the appearance and
  /// brand make it.
  package static func token(_ name: String) -> Color {
    var color = Color(red: 0, green: 0, blue: 0)
    color.tokenName = name
    return color
  }

  /// The same colour, as the value of the Mística token `name`.
  package func from(token name: String?) -> Color {
    var color = self
    color.origin = name
    return color
  }

  /// Equal channels and the same theme colour or token named; the token a value came from
  /// (``origin``) does not count.
  public static func == (a: Color, b: Color) -> Bool {
    a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
      && a.themeName == b.themeName && a.tokenName == b.tokenName
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
    hasher.combine(themeName)
    hasher.combine(tokenName)
  }

  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; a theme colour's name.
  public var description: String {
    if let themeName { return themeName.specName }
    if let tokenName { return tokenName }
    func byte(_ value: Double) -> String {
      let hex = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
      return hex.count == 1 ? "0" + hex : hex
    }
    let rgb = "#" + byte(red) + byte(green) + byte(blue)
    return alpha >= 1 ? rgb : rgb + byte(alpha)
  }
}

/// A linear gradient as design tokens write one (CSS `linear-gradient`): an angle and colour
/// stops along the gradient line.
///
/// ```swift
/// // mistica-design tokens/esimflag.json, backgroundContainerBrand
/// let brand = LinearGradient(angle: 180, stops: [
///   .init(0, Color(hex: "#004ED9")!), .init(0.6, Color(hex: "#005CFF")!),
///   .init(1, Color(hex: "#A140C4")!),
/// ])
/// ```
public struct LinearGradient: Equatable, Hashable, Sendable {
  /// A colour at a position along the gradient line.
  public struct Stop: Equatable, Hashable, Sendable {
    /// The position, 0 at the line's start and 1 at its end.
    public var offset: Double
    /// The colour there.
    public var color: Color

    /// A stop at `offset` (0...1).
    public init(_ offset: Double, _ color: Color) {
      self.offset = offset
      self.color = color
    }
  }

  /// The direction in degrees as CSS measures it: 0 points up, 90 right, 180 down.
  public var angle: Double
  /// The stops, in increasing offset.
  public var stops: [Stop]

  /// A gradient along `angle` through `stops`.
  public init(angle: Double, stops: [Stop]) {
    self.angle = angle
    self.stops = stops
  }

  /// The start and end of the gradient line for a box of `width` × `height` at the origin: CSS's
  /// line through the centre, long enough that the corners get the first and last colours.
  public func line(width: Double, height: Double) -> (
    start: (x: Double, y: Double), end: (x: Double, y: Double)
  ) {
    let radians = angle * .pi / 180
    let dx = sin(radians)
    let dy = -cos(radians)
    let half = (abs(width * dx) + abs(height * dy)) / 2
    let cx = width / 2
    let cy = height / 2
    return ((cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half))
  }
}
