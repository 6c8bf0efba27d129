/// An animation as its frames: one image per step of `1 / fps` seconds, every frame the same
/// size. What an animation golden keeps (as a lossless APNG) and compares frame by frame.
///
/// ```swift
/// let sequence = FrameSequence(frames: [first, second, second], fps: 20)
/// let apng = try APNGCodec.encode(sequence, alpha: false)
/// try APNGCodec.decode(apng) == sequence  // true
/// ```
public struct FrameSequence: Equatable, Sendable {
  /// The frames in order; identical neighbours are kept as they are (an APNG merges them into
  /// one frame with a longer delay).
  public var frames: [Bitmap]
  /// Frames per second.
  public var fps: Double

  /// A sequence from its frames.
  public init(frames: [Bitmap], fps: Double) {
    self.frames = frames
    self.fps = fps
  }

  /// The seconds frame `index` starts at.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }

  /// The delays an APNG of this sequence holds, in seconds: one per run of identical frames.
  public var delays: [Double] {
    var merger = FrameMerger()
    var held: [HeldFrame] = []
    for frame in frames { if let done = merger.add(frame) { held.append(done) } }
    if let last = merger.finish() { held.append(last) }
    return held.map { APNGAssembler.delay(steps: $0.steps, fps: fps).seconds }
  }
}

/// Animated PNG in memory: ``encode(_:alpha:compression:)`` writes what ``APNGWriter`` writes
/// to a file with the same compression (identical neighbours merged, each later frame only the
/// rectangle that changed), and ``decode(_:)`` reads such a file back into every frame.
package enum APNGCodec {
  /// The text keyword that keeps the sequence's frames per second (an APNG has delays only).
  static let fpsKey = "ListRender-FPS"

  /// The APNG bytes of `sequence`, compact unless told (what an animation golden keeps).
  package static func encode(
    _ sequence: FrameSequence, alpha: Bool, compression: PNGCompression = .compact
  ) throws -> [UInt8] {
    guard let first = sequence.frames.first else { throw AnimationError.noFrames(format: "APNG") }
    var assembler = APNGAssembler(fps: sequence.fps, alpha: alpha, compression: compression)
    var merger = FrameMerger()
    var out: [UInt8] = []
    for frame in sequence.frames {
      guard frame.width == first.width, frame.height == first.height else {
        throw AnimationError.frameSize(
          format: "APNG", expected: (first.width, first.height),
          found: (frame.width, frame.height))
      }
      if let done = merger.add(frame) { out += try assembler.bytes(for: done) }
    }
    if let last = merger.finish() { out += try assembler.bytes(for: last) }
    out += chunk("IEND", [])
    let count = APNGAssembler.animationControl(frames: assembler.written)
    out.replaceSubrange(assembler.countOffset..<(assembler.countOffset + count.count), with: count)
    return try PNGText.insert([fpsKey: String(sequence.fps)], into: out)
  }

  /// Every frame of an APNG (the default image first when it is the first frame), each
  /// repeated for as many steps of `1 / fps` as its delay lasts. The frames per second are
  /// the ones ``encode(_:alpha:compression:)`` kept, else read from the first frame's delay.
  /// - Throws: `PNGError` for bytes that are not such an APNG, or one of more than
  ///   `maxFrames` frames.
  package static func decode(_ bytes: [UInt8], maxFrames: Int = 100_000) throws -> FrameSequence {
    // Every chunk whole with its CRC right; then the animation's structure as APNG sets it.
    let chunks = try checkedPNGChunks(bytes)
    guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
      throw PNGError(message: "not a PNG")
    }
    try checkStructure(chunks, maxFrames: maxFrames)
    let width = Int(readBE32(header.data, 0))
    let height = Int(readBE32(header.data, 4))
    guard PNGCodec.decodable(width: width, height: height) else {
      throw PNGError(message: "image is \(width)×\(height): too large for an animation")
    }
    // Frames: each fcTL and the IDAT/fdAT data that follow it.
    var controls: [[UInt8]] = []
    var data: [[UInt8]] = []
    for chunk in chunks {
      switch chunk.type {
      case "fcTL":
        guard chunk.data.count == 26 else { throw PNGError(message: "a frame control is broken") }
        controls.append(chunk.data)
        data.append([])
      case "IDAT" where !controls.isEmpty:
        data[data.count - 1] += chunk.data
      case "fdAT" where !controls.isEmpty && chunk.data.count >= 4:
        data[data.count - 1] += chunk.data[4...]
      default: continue
      }
    }
    guard !controls.isEmpty else { throw PNGError(message: "no animation frames in the PNG") }
    // Each distinct frame is held in memory: at most 500 million pixels in all (2 GB).
    guard controls.count * width * height <= 500_000_000 else {
      throw PNGError(
        message: "\(controls.count) frames of \(width)×\(height) are too many to compare")
    }
    // The frame rate is read from a file: range-checked before any arithmetic with it.
    let fps: Double
    if let text = PNGText.read(bytes)[fpsKey] {
      guard let value = Double(text), fpsRange.contains(value) else {
        throw PNGError(
          message:
            "its frame rate (\(fpsKey) '\(text.prefix(20))') is not a number in \(Int(fpsRange.lowerBound))...\(Int(fpsRange.upperBound))"
        )
      }
      fps = value
    } else {
      fps = Double(readBE16(controls[0], 22)) / 100
    }
    guard fpsRange.contains(fps) else { throw PNGError(message: "the frames have no frame rate") }
    var canvas = Bitmap(width: width, height: height)
    var frames: [Bitmap] = []
    for (control, compressed) in zip(controls, data) {
      let rect = PixelRect(
        x: Int(readBE32(control, 12)), y: Int(readBE32(control, 16)),
        width: Int(readBE32(control, 4)), height: Int(readBE32(control, 8)))
      guard rect.width > 0, rect.height > 0, rect.x + rect.width <= width,
        rect.y + rect.height <= height
      else { throw PNGError(message: "a frame lies outside the image") }
      // The rectangle as a PNG of its own: the header with its size, its data.
      var ihdr = header.data
      ihdr.replaceSubrange(0..<8, with: be32(UInt32(rect.width)) + be32(UInt32(rect.height)))
      let part = try PNGCodec.decode(
        PNGHeader.signature + chunk("IHDR", ihdr)
          + chunk("IDAT", compressed) + chunk("IEND", []))
      // blend_op 0 (source): the rectangle replaces what was there; dispose_op 0 (none).
      canvas.paste(part, at: rect)
      // Delays were checked (neither part 0); the steps are bounded before they become an Int.
      let seconds = Double(readBE16(control, 20)) / Double(readBE16(control, 22))
      let exact = (seconds * fps).rounded()
      guard exact <= Double(maxFrames - frames.count) else {
        throw PNGError(message: "the animation has more than \(maxFrames) frames")
      }
      let steps = max(1, Int(exact))
      frames += Array(repeating: canvas, count: steps)
    }
    return FrameSequence(frames: frames, fps: fps)
  }

  /// The frame rates an animation golden may have.
  static let fpsRange: ClosedRange<Double> = 0.01...1_000

  /// APNG's structure as ListRender writes it: one `acTL` before the image data whose frame
  /// count is the number of `fcTL`s (1...maxFrames), the sequence numbers of `fcTL` and `fdAT`
  /// counting from 0 in order, every frame's delay with a numerator and denominator above 0.
  private static func checkStructure(
    _ chunks: [(type: String, data: [UInt8])], maxFrames: Int
  ) throws {
    var control: Int?
    var frames = 0
    var sequence: UInt32 = 0
    var sawImageData = false
    for chunk in chunks {
      switch chunk.type {
      case "acTL":
        guard control == nil, !sawImageData, chunk.data.count == 8 else {
          throw PNGError(message: "its animation control (acTL) is misplaced, repeated or broken")
        }
        let count = readBE32(chunk.data, 0)
        guard count >= 1, count <= UInt32(maxFrames) else {
          throw PNGError(message: "its animation control (acTL) claims \(count) frames")
        }
        control = Int(count)
      case "IDAT": sawImageData = true
      case "fcTL", "fdAT":
        guard chunk.data.count >= 4, readBE32(chunk.data, 0) == sequence else {
          throw PNGError(
            message: "chunk \(chunk.type) is out of sequence (expected number \(sequence))")
        }
        sequence += 1
        if chunk.type == "fcTL" {
          guard chunk.data.count == 26 else {
            throw PNGError(message: "frame \(frames)'s control (fcTL) is broken")
          }
          guard readBE16(chunk.data, 20) > 0, readBE16(chunk.data, 22) > 0 else {
            throw PNGError(
              message:
                "frame \(frames) has no delay (\(readBE16(chunk.data, 20))/\(readBE16(chunk.data, 22)) s)"
            )
          }
          frames += 1
        }
      default: continue
      }
    }
    guard let control else { throw PNGError(message: "it has no animation control (acTL)") }
    guard control == frames else {
      throw PNGError(
        message: "its animation control (acTL) counts \(control) frames; it holds \(frames)")
    }
  }

  private static func readBE32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
  }

  private static func readBE16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }
}

extension Bitmap {
  /// Copies `part` over the pixels of `rect` (its size).
  mutating func paste(_ part: Bitmap, at rect: PixelRect) {
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { target in
      part.pixels.withUnsafeBufferPointer { source in
        guard let t = target.baseAddress, let s = source.baseAddress else { return }
        for row in 0..<rect.height {
          (t + ((rect.y + row) * width + rect.x) * 4).update(
            from: s + row * rect.width * 4, count: rect.width * 4)
        }
      }
    }
  }
}

/// The chunks of an APNG, frame by frame: the signature, header and frame count before the
/// first frame, then each frame's control and data (``APNGWriter`` and ``APNGCodec``).
struct APNGAssembler {
  let fps: Double
  let alpha: Bool
  let compression: PNGCompression
  private var previous: Bitmap?
  private var sequence: UInt32 = 0
  /// Frames assembled so far.
  private(set) var written = 0
  /// Where the `acTL` chunk is (its frame count is known at the end).
  private(set) var countOffset = 0

  init(fps: Double, alpha: Bool, compression: PNGCompression) {
    self.fps = fps
    self.alpha = alpha
    self.compression = compression
  }

  /// A frame's delay as the 16-bit fraction APNG keeps: steps × 100 / (fps × 100), or in
  /// thousandths when that does not fit.
  static func delay(steps: Int, fps: Double) -> (
    numerator: UInt16, denominator: UInt16, seconds: Double
  ) {
    var numerator = steps * 100
    var denominator = Int((fps * 100).rounded())
    if numerator > Int(UInt16.max) || denominator > Int(UInt16.max) {
      numerator = min(Int(UInt16.max), Int((Double(steps) * 1000 / fps).rounded()))
      denominator = 1000
    }
    return (UInt16(numerator), UInt16(denominator), Double(numerator) / Double(denominator))
  }

  /// The `acTL` chunk for `frames` frames, played forever.
  static func animationControl(frames: Int) -> [UInt8] {
    chunk("acTL", be32(UInt32(frames)) + be32(0))
  }

  /// The bytes of `frame`: after the previous frame, the smallest rectangle that changed.
  mutating func bytes(for frame: HeldFrame) throws -> [UInt8] {
    let rect =
      previous.flatMap { frame.bitmap.changedRect(from: $0) }
      ?? PixelRect(x: 0, y: 0, width: frame.bitmap.width, height: frame.bitmap.height)
    let png = try PNGCodec.encode(
      frame.bitmap.cropped(to: rect), alpha: alpha, compression: compression)
    let chunks = pngChunks(png)
    var out: [UInt8] = []
    if written == 0 {
      guard let header = chunks.first(where: { $0.type == "IHDR" }) else {
        throw PNGError(message: "no IHDR")
      }
      out += Array(png.prefix(8)) + chunk("IHDR", header.data)
      countOffset = out.count
      out += Self.animationControl(frames: 0)  // the count is set at the end
    }
    let delay = Self.delay(steps: frame.steps, fps: fps)
    // dispose_op 0 (none), blend_op 0 (source: the rectangle replaces what was there).
    out += chunk(
      "fcTL",
      be32(nextSequence()) + be32(UInt32(rect.width)) + be32(UInt32(rect.height))
        + be32(UInt32(rect.x)) + be32(UInt32(rect.y)) + be16(delay.numerator)
        + be16(delay.denominator) + [0, 0])
    for data in chunks.filter({ $0.type == "IDAT" }).map(\.data) {
      out += written == 0 ? chunk("IDAT", data) : chunk("fdAT", be32(nextSequence()) + data)
    }
    previous = frame.bitmap
    written += 1
    return out
  }

  private mutating func nextSequence() -> UInt32 {
    defer { sequence += 1 }
    return sequence
  }
}
