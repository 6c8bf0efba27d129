/// A failure writing an animated PNG or GIF, as a sentence naming the format and the step.
package enum AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A frame whose size differs from the first frame's (every frame of a file shares it).
  case frameSize(
    format: String, expected: (width: Int, height: Int), found: (width: Int, height: Int))
  /// `finish()` before any frame was added.
  case noFrames(format: String)
  /// giflib failed, with its message.
  case gif(String)
  /// libimagequant failed at this step.
  case quantisation(String)

  /// A sentence for the terminal.
  public var description: String {
    switch self {
    case .frameSize(let format, let expected, let found):
      return
        "\(format) frames must all be \(expected.width)×\(expected.height); one is \(found.width)×\(found.height)"
    case .noFrames(let format):
      return "\(format.hasPrefix("A") ? "an" : "a") \(format) needs at least one frame"
    case .gif(let message):
      return "GIF error: \(message)"
    case .quantisation(let step):
      return "GIF palette error: libimagequant \(step)"
    }
  }

  /// Same case, same values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.frameSize(let a, let b, let c), .frameSize(let d, let e, let f)):
      return a == d && b == e && c == f
    case (.noFrames(let a), .noFrames(let b)): return a == b
    case (.gif(let a), .gif(let b)): return a == b
    case (.quantisation(let a), .quantisation(let b)): return a == b
    default: return false
    }
  }
}
