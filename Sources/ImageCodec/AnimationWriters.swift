import CCodecs
import FileIO
import Foundation

/// A frame of an animation as written: its image, how many 1/fps steps it lasts (identical
/// consecutive frames are merged), and its index in the sequence.
struct HeldFrame {
  var bitmap: Bitmap
  var steps: Int
  var first: Int
}

/// A rectangle of pixels.
struct PixelRect: Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

extension Bitmap {
  /// The smallest rectangle outside which `other` (of the same size) has the same pixels; nil
  /// when they are equal.
  func changedRect(from other: Bitmap) -> PixelRect? {
    guard width == other.width, height == other.height else {
      return PixelRect(x: 0, y: 0, width: width, height: height)
    }
    var top = height
    var bottom = -1
    var left = width
    var right = -1
    pixels.withUnsafeBufferPointer { a in
      other.pixels.withUnsafeBufferPointer { b in
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let rowBytes = width * 4
        for y in 0..<height where memcmp(pa + y * rowBytes, pb + y * rowBytes, rowBytes) != 0 {
          top = min(top, y)
          bottom = y
          let rowA = UnsafeRawPointer(pa + y * rowBytes).assumingMemoryBound(to: UInt32.self)
          let rowB = UnsafeRawPointer(pb + y * rowBytes).assumingMemoryBound(to: UInt32.self)
          var x = 0
          while x < left, rowA[x] == rowB[x] { x += 1 }
          left = min(left, x)
          var r = width - 1
          while r > right, rowA[r] == rowB[r] { r -= 1 }
          right = max(right, r)
        }
      }
    }
    guard bottom >= 0 else { return nil }
    return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }

  /// The pixels inside `rect`.
  func cropped(to rect: PixelRect) -> Bitmap {
    if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
    var out = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        guard let s = source.baseAddress, let t = target.baseAddress else { return }
        for row in 0..<rect.height {
          (t + row * rect.width * 4).update(
            from: s + ((rect.y + row) * width + rect.x) * 4, count: rect.width * 4)
        }
      }
    }
    return Bitmap(width: rect.width, height: rect.height, pixels: out) ?? self
  }
}

/// Collects frames, merging each one that is identical to the one before it into that one.
struct FrameMerger {
  private(set) var held: HeldFrame?
  private var count = 0

  /// Adds a frame; returns the frame it completes (the previous one) when this one differs.
  mutating func add(_ bitmap: Bitmap) -> HeldFrame? {
    defer { count += 1 }
    if var frame = held, frame.bitmap == bitmap {
      frame.steps += 1
      held = frame
      return nil
    }
    let completed = held
    held = HeldFrame(bitmap: bitmap, steps: 1, first: count)
    return completed
  }

  /// The last frame, at the end.
  mutating func finish() -> HeldFrame? {
    defer { held = nil }
    return held
  }
}

/// Writes an animated PNG frame by frame to a temporary file beside `path`, renamed into place
/// by ``finish()``. Identical consecutive frames become one frame with their summed delay; every
/// frame after the first holds only the smallest rectangle that changed (`fcTL` offsets,
/// replacing those pixels, nothing disposed), so a mostly still animation stays small.
///
/// ```swift
/// let apng = try APNGWriter(path: "ripple.png", fps: 30, alpha: false)
/// for frame in frames { try apng.add(frame) }
/// try apng.finish()
/// ```
package final class APNGWriter {
  private let file: TemporaryFile
  /// The path as given, for messages.
  private let path: String
  /// Bytes written so far (where the next write goes).
  private var offset: Int64 = 0
  private var merger = FrameMerger()
  private var assembler: APNGAssembler

  /// Opens the temporary file. `alpha` fixes the colour type for every frame; frames are
  /// compressed for speed unless told.
  public init(path: String, fps: Double, alpha: Bool, compression: PNGCompression = .fast) throws {
    assembler = APNGAssembler(fps: fps, alpha: alpha, compression: compression)
    self.path = path
    file = try TemporaryFile(for: path)
  }

  deinit { if !closed { close(file.descriptor) } }
  private var closed = false

  /// Writes `bytes` at `position` (default: the end), naming the file if it fails
  /// (`cannot write a.png: the disk is full`).
  private func put(_ bytes: [UInt8], at position: Int64? = nil) throws {
    var at = position ?? offset
    try bytes.withUnsafeBytes { buffer in
      guard var base = buffer.baseAddress else { return }
      var left = buffer.count
      while left > 0 {
        let count = pwrite(file.descriptor, base, left, off_t(at))
        if count < 0 {
          if errno == EINTR { continue }
          throw FileWriteError(path: path, errno: errno)
        }
        base += count
        left -= count
        at += Int64(count)
      }
    }
    if position == nil { offset = at }
  }

  /// Appends a frame (all frames must have the first one's size).
  public func add(_ bitmap: Bitmap) throws {
    if let size = merger.held?.bitmap, size.width != bitmap.width || size.height != bitmap.height {
      throw AnimationError.frameSize(
        format: "APNG", expected: (size.width, size.height), found: (bitmap.width, bitmap.height))
    }
    if let frame = merger.add(bitmap) { try put(try assembler.bytes(for: frame)) }
  }

  /// Writes the last frame, the frame count and the end, then renames the file into place.
  public func finish() throws {
    guard let last = merger.finish() else { throw AnimationError.noFrames(format: "APNG") }
    try put(try assembler.bytes(for: last))
    try put(chunk("IEND", []))
    // acTL: the number of frames written, 0 plays forever.
    try put(
      APNGAssembler.animationControl(frames: assembler.written),
      at: Int64(assembler.countOffset))
    closed = true
    guard close(file.descriptor) == 0 else { throw FileWriteError(path: path, errno: errno) }
    try file.commit()
  }
}

/// Writes an animated GIF89a (to a temporary file renamed by ``finish()``) that loops forever.
/// Identical consecutive frames are merged and each later frame holds only the rectangle that
/// changed. The frames share one palette, so colours never flicker between frames: the exact
/// colours when the whole animation has at most 256, else the best 256 for all frames together
/// (libimagequant, dithered). The distinct frames are kept until ``finish()`` to build it; past
/// `memoryBudget` bytes the writer falls back to a palette per frame, written as frames come.
/// GIF delays are whole centiseconds: a frame from step i to step j lasts
/// round(j·100/fps) − round(i·100/fps), so the total never drifts.
package final class GIFWriter {
  private let file: TemporaryFile
  /// The path as given, for messages.
  private let path: String
  private let fps: Double
  private let memoryBudget: Int
  private var gif: UnsafeMutablePointer<GifFileType>?
  private var merger = FrameMerger()
  private var kept: [HeldFrame] = []
  private var keptBytes = 0
  private var streaming = false
  private var previous: Bitmap?

  /// Opens the temporary file.
  public init(path: String, fps: Double, memoryBudget: Int = 512 << 20) throws {
    self.fps = fps
    self.memoryBudget = memoryBudget
    self.path = path
    file = try TemporaryFile(for: path)
    var error: Int32 = 0
    guard let gif = EGifOpenFileHandle(file.descriptor, &error) else {
      close(file.descriptor)
      throw AnimationError.gif("cannot open \(path) for writing: \(gifError(error))")
    }
    EGifSetGifVersion(gif, true)
    self.gif = gif
  }

  deinit {
    if let gif {
      var error: Int32 = 0
      EGifCloseFile(gif, &error)
    }
  }

  /// Appends a frame (all frames must have the first one's size).
  public func add(_ bitmap: Bitmap) throws {
    if let first = kept.first?.bitmap ?? merger.held?.bitmap ?? previous,
      first.width != bitmap.width || first.height != bitmap.height
    {
      throw AnimationError.frameSize(
        format: "GIF", expected: (first.width, first.height), found: (bitmap.width, bitmap.height))
    }
    guard let frame = merger.add(bitmap) else { return }
    try keep(frame)
  }

  /// Writes what is kept and the end, closes the file and renames it into place.
  public func finish() throws {
    if let last = merger.finish() { try keep(last) }
    if !streaming { try writeWithSharedPalette() }
    guard let gif else { return }
    var error: Int32 = 0
    errno = 0
    let status = EGifCloseFile(gif, &error)
    self.gif = nil
    guard status == lr_gif_ok() else { throw failure(error) }
    try file.commit()
  }

  private func keep(_ frame: HeldFrame) throws {
    if streaming {
      try write(frame, palette: nil)
      return
    }
    kept.append(frame)
    keptBytes += frame.bitmap.pixels.count
    if keptBytes > memoryBudget {
      // Too much to hold: a palette per frame from here on.
      streaming = true
      let frames = kept
      kept = []
      for frame in frames { try write(frame, palette: nil) }
    }
  }

  /// One palette for every kept frame, then the frames.
  private func writeWithSharedPalette() throws {
    guard !kept.isEmpty else { throw AnimationError.noFrames(format: "GIF") }
    if let exact = Self.exactPalette(kept.map(\.bitmap)) {
      for frame in kept { try write(frame, palette: .exact(exact)) }
      return
    }
    let palette = try Quantization { add in
      // What is shown: the first frame whole, then each later frame's changed rectangle.
      var shown: Bitmap?
      for frame in kept {
        try add(
          shown.flatMap { frame.bitmap.changedRect(from: $0) }.map {
            frame.bitmap.cropped(to: $0)
          } ?? frame.bitmap)
        shown = frame.bitmap
      }
    }
    for frame in kept {
      try write(frame, palette: .quantized(palette))
    }
  }

  private enum Palette {
    case exact([UInt32: UInt8])
    case quantized(Quantization)
  }

  /// The colours of `frames` as a palette, when there are at most 256.
  private static func exactPalette(_ frames: [Bitmap]) -> [UInt32: UInt8]? {
    var palette: [UInt32: UInt8] = [:]
    for frame in frames {
      let ok = frame.pixels.withUnsafeBytes { raw -> Bool in
        let pixels = raw.bindMemory(to: UInt32.self)
        var last: UInt32 = 0xFFFF_FFFF
        for pixel in pixels {
          let color = pixel & 0x00FF_FFFF  // R, G, B (little-endian), alpha ignored
          if color == last { continue }
          last = color
          if palette[color] == nil {
            guard palette.count < 256 else { return false }
            palette[color] = UInt8(palette.count)
          }
        }
        return true
      }
      guard ok else { return nil }
    }
    return palette
  }

  /// Writes a frame: the rectangle that changed since the last one, in `palette` (the shared
  /// one), or in its own palette (nil).
  private func write(_ frame: HeldFrame, palette: Palette?) throws {
    guard let gif else { throw AnimationError.gif("the file is already finished") }
    let bitmap = frame.bitmap
    if previous == nil { try writeHeader(gif, bitmap, palette) }
    let rect =
      previous.flatMap { bitmap.changedRect(from: $0) }
      ?? PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
    let delay =
      Int((Double(frame.first + frame.steps) * 100 / fps).rounded())
      - Int((Double(frame.first) * 100 / fps).rounded())
    var control = GraphicsControlBlock(
      DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: NO_TRANSPARENT_COLOR)
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))
    var indices: [UInt8]
    var localMap: UnsafeMutablePointer<ColorMapObject>?
    switch palette {
    case .exact(let colors)?:
      let region = bitmap.cropped(to: rect)
      indices = region.pixels.withUnsafeBytes { raw in
        raw.bindMemory(to: UInt32.self).map { colors[$0 & 0x00FF_FFFF] ?? 0 }
      }
    case .quantized(let quantization)?:
      // Only the rectangle that changed is remapped (and dithered).
      indices = try quantization.indices(of: bitmap.cropped(to: rect))
    case nil:
      let region = bitmap.cropped(to: rect)
      let own = try Quantization(for: region)
      indices = try own.indices(of: region)
      localMap = try colorMap(own.colors)
    }
    defer { if let localMap { GifFreeMapObject(localMap) } }
    try check(
      EGifPutImageDesc(
        gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, localMap))
    try indices.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for row in 0..<rect.height {
        try check(EGifPutLine(gif, base + row * rect.width, Int32(rect.width)))
      }
    }
    previous = bitmap
  }

  /// The screen (with the shared palette, if any) and the NETSCAPE2.0 loop extension.
  private func writeHeader(
    _ gif: UnsafeMutablePointer<GifFileType>, _ bitmap: Bitmap, _ palette: Palette?
  ) throws {
    var global: UnsafeMutablePointer<ColorMapObject>?
    switch palette {
    case .exact(let colors)?:
      var entries = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: colors.count)
      for (color, index) in colors {
        entries[Int(index)] = (
          UInt8(color & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color >> 16 & 0xFF)
        )
      }
      global = try colorMap(entries)
    case .quantized(let quantization)?:
      global = try colorMap(quantization.colors)
    case nil:
      break
    }
    defer { if let global { GifFreeMapObject(global) } }
    try check(EGifPutScreenDesc(gif, Int32(bitmap.width), Int32(bitmap.height), 8, 0, global))
    try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
    try Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer {
      try check(EGifPutExtensionBlock(gif, 11, $0.baseAddress))
    }
    try [UInt8(1), 0, 0].withUnsafeBufferPointer {
      try check(EGifPutExtensionBlock(gif, 3, $0.baseAddress))
    }
    try check(EGifPutExtensionTrailer(gif))
  }

  /// A 256-entry giflib colour map.
  private func colorMap(_ colors: [(UInt8, UInt8, UInt8)]) throws
    -> UnsafeMutablePointer<ColorMapObject>
  {
    var entries = colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
    while entries.count < 256 { entries.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
    guard let map = GifMakeMapObject(256, entries) else {
      throw AnimationError.gif("could not make a colour map")
    }
    return map
  }

  private func check(_ status: Int32) throws {
    guard status == lr_gif_ok() else { throw failure(gif?.pointee.Error ?? 0) }
  }

  /// giflib's error as this writer reports it: a failed write names the file and why, as
  /// every other output does (`cannot write a.gif: the disk is full`).
  private func failure(_ code: Int32) -> any Error {
    switch code {
    case E_GIF_ERR_DISK_IS_FULL: return FileWriteError(path: path, errno: ENOSPC)
    case E_GIF_ERR_WRITE_FAILED, E_GIF_ERR_CLOSE_FAILED:
      // giflib writes through stdio: the error of the write or of the final flush.
      return FileWriteError(path: path, errno: errno != 0 ? errno : EIO)
    default: return AnimationError.gif(gifError(code))
    }
  }
}

private func gifError(_ code: Int32) -> String {
  GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
}
