import CCodecs
import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// The APNG and GIF writers merge identical frames and write changed rectangles: decoded,
/// the files must still show, at every 1/fps step, the frame rendered alone.
@Suite("Animation files decoded", .tags(.render))
struct AnimationFileTests {
  /// The showcase's animation at scale 1, rendered frame by frame.
  private func showcaseFrames() throws -> (ListDocument, [Bitmap]) {
    var document = try ListDocument.load(
      path: Paths.fixtures.appendingPathComponent("showcase.yaml").path,
      allowing: [Paths.fixtures.path])
    document.canvas.scale = 1
    let renderer = try ListRenderer()
    var frames: [Bitmap] = []
    let count = try #require(document.animation).frameCount
    try renderer.renderFrames(document, range: 0..<count) { _, frame in frames.append(frame) }
    return (document, frames)
  }

  @Test("the APNG at every step is exactly the frame rendered alone")
  func apngFrames() throws {
    let (document, frames) = try showcaseFrames()
    let fps = try #require(document.animation).fps
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.png").path
    let writer = try APNGWriter(path: path, fps: fps, alpha: false)
    for frame in frames { try writer.add(frame) }
    try writer.finish()
    let steps = try Self.decodeAPNG(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), fps: fps)
    #expect(steps.count == frames.count)
    for (index, (decoded, rendered)) in zip(steps, frames).enumerated() {
      #expect(decoded.pixels == rendered.pixels, "step \(index)")
    }
  }

  @Test("the GIF at every step is within quantisation of the frame rendered alone")
  func gifFrames() throws {
    let (document, frames) = try showcaseFrames()
    let fps = try #require(document.animation).fps
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func steps(_ name: String, memoryBudget: Int? = nil) throws -> [Bitmap] {
      let path = folder.appendingPathComponent(name).path
      let writer =
        try memoryBudget.map { try GIFWriter(path: path, fps: fps, memoryBudget: $0) }
        ?? GIFWriter(path: path, fps: fps)
      for frame in frames { try writer.add(frame) }
      try writer.finish()
      return try Self.decodeGIF(path, fps: fps)
    }
    let shared = try steps("a.gif")
    // The same frames, each quantised with a palette of its own: what quantisation allows.
    let own = try steps("own.gif", memoryBudget: 1)
    #expect(shared.count == frames.count)
    for index in frames.indices {
      let sharedPSNR = Self.psnr(shared[index], frames[index])
      let ownPSNR = Self.psnr(own[index], frames[index])
      // Every step reaches 40 dB, unless even a palette of its own cannot (the first frame of
      // the showcase's ripple: about 39.4 either way); then one palette for all frames costs
      // it at most 0.25 dB.
      #expect(sharedPSNR >= min(40, ownPSNR - 0.25), "step \(index): \(sharedPSNR) vs \(ownPSNR)")
    }
  }

  @Test("past its memory budget the GIF writer streams frames with their own palettes")
  func gifStreaming() throws {
    let (document, frames) = try showcaseFrames()
    let fps = try #require(document.animation).fps
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.gif").path
    let writer = try GIFWriter(path: path, fps: fps, memoryBudget: 1)
    for frame in frames { try writer.add(frame) }
    try writer.finish()
    let steps = try Self.decodeGIF(path, fps: fps)
    #expect(steps.count == frames.count)
    for (decoded, rendered) in zip(steps, frames) { #expect(Self.psnr(decoded, rendered) >= 35) }
  }

  @Test("frames of another size are refused")
  func frameSizes() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let apng = try APNGWriter(
      path: folder.appendingPathComponent("x.png").path, fps: 10, alpha: false)
    try apng.add(Bitmap(width: 4, height: 4))
    #expect(
      throws: AnimationError.frameSize(
        format: "APNG", expected: (4, 4), found: (5, 4))
    ) { try apng.add(Bitmap(width: 5, height: 4)) }
    let gif = try GIFWriter(path: folder.appendingPathComponent("x.gif").path, fps: 10)
    try gif.add(Bitmap(width: 4, height: 4))
    #expect(
      throws: AnimationError.frameSize(
        format: "GIF", expected: (4, 4), found: (4, 5))
    ) { try gif.add(Bitmap(width: 4, height: 5)) }
  }

  // MARK: Decoders

  /// The APNG composited frame by frame (blend source, dispose none), one image per step.
  static func decodeAPNG(_ bytes: [UInt8], fps: Double) throws -> [Bitmap] {
    let chunks = AnimationBytes.chunks(bytes)
    let header = try #require(chunks.first { $0.type == "IHDR" }).data
    let width = AnimationBytes.be32(header, 0)
    let height = AnimationBytes.be32(header, 4)
    var canvas = Bitmap(width: width, height: height)
    var steps: [Bitmap] = []
    var control: [UInt8]?
    var data: [UInt8] = []
    func flush() throws {
      guard let fcTL = control else { return }
      let w = AnimationBytes.be32(fcTL, 4)
      let h = AnimationBytes.be32(fcTL, 8)
      let x = AnimationBytes.be32(fcTL, 12)
      let y = AnimationBytes.be32(fcTL, 16)
      let duration =
        Double(AnimationBytes.be16(fcTL, 20)) / Double(AnimationBytes.be16(fcTL, 22))
      #expect(fcTL[24] == 0 && fcTL[25] == 0)  // dispose none, blend source
      let png =
        Array(bytes.prefix(8))
        + AnimationBytes.chunk(
          "IHDR", AnimationBytes.be32(w) + AnimationBytes.be32(h) + Array(header[8...]))
        + AnimationBytes.chunk("IDAT", data) + AnimationBytes.chunk("IEND", [])
      let region = try PNGCodec.decode(png)
      for row in 0..<h {
        for column in 0..<w { canvas[x + column, y + row] = region[column, row] }
      }
      for _ in 0..<Int((duration * fps).rounded()) { steps.append(canvas) }
      control = nil
      data = []
    }
    for chunk in chunks {
      switch chunk.type {
      case "fcTL":
        try flush()
        control = chunk.data
      case "IDAT": data += chunk.data
      case "fdAT": data += chunk.data[4...]
      default: break
      }
    }
    try flush()
    return steps
  }

  /// The GIF composited with giflib (disposal: keep), one image per 1/fps step.
  static func decodeGIF(_ path: String, fps: Double) throws -> [Bitmap] {
    var error: Int32 = 0
    let gif = try #require(DGifOpenFileName(path, &error))
    defer { DGifCloseFile(gif, &error) }
    #expect(DGifSlurp(gif) == GIF_OK)
    let width = Int(gif.pointee.SWidth)
    let height = Int(gif.pointee.SHeight)
    var canvas = Bitmap(width: width, height: height)
    var steps: [Bitmap] = []
    var elapsed = 0
    for index in 0..<Int(gif.pointee.ImageCount) {
      let image = gif.pointee.SavedImages[index]
      let desc = image.ImageDesc
      let map = try #require(desc.ColorMap ?? gif.pointee.SColorMap)
      for row in 0..<Int(desc.Height) {
        for column in 0..<Int(desc.Width) {
          let pixel = Int(image.RasterBits[row * Int(desc.Width) + column])
          let color = map.pointee.Colors[pixel]
          canvas[Int(desc.Left) + column, Int(desc.Top) + row] = (
            color.Red, color.Green, color.Blue, 255
          )
        }
      }
      var control = GraphicsControlBlock()
      #expect(DGifSavedExtensionToGCB(gif, Int32(index), &control) == GIF_OK)
      elapsed += Int(control.DelayTime)
      // Steps shown by now: those whose start time (in centiseconds) has passed.
      while Double(steps.count) * 100 / fps < Double(elapsed) - 1e-9 { steps.append(canvas) }
    }
    return steps
  }

  static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    var sum = 0.0
    var count = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
      for channel in 0..<3 {
        let d = Double(a.pixels[index + channel]) - Double(b.pixels[index + channel])
        sum += d * d
        count += 1
      }
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(count)))
  }
}

/// Animation writer failures read as sentences naming the format.
@Suite("Animation errors", .tags(.render))
struct AnimationErrorTests {
  @Test("finishing without frames is an error, and nothing is written")
  func noFrames() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let apng = try APNGWriter(
      path: folder.appendingPathComponent("x.png").path, fps: 10, alpha: false)
    #expect(throws: AnimationError.noFrames(format: "APNG")) { try apng.finish() }
    let gif = try GIFWriter(path: folder.appendingPathComponent("x.gif").path, fps: 10)
    #expect(throws: AnimationError.noFrames(format: "GIF")) { try gif.finish() }
    for name in ["x.png", "x.gif"] {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    }
    #expect("\(AnimationError.noFrames(format: "GIF"))" == "a GIF needs at least one frame")
    #expect(
      "\(AnimationError.frameSize(format: "APNG", expected: (4, 4), found: (5, 4)))"
        == "APNG frames must all be 4×4; one is 5×4")
  }
}
