import CCodecs
import Foundation

/// Writes an animated PNG frame by frame to a temporary file beside `path`, renamed into place
/// by ``finish()``: frames are encoded as they come, never all held.
///
/// ```swift
/// let apng = try APNGWriter(path: "ripple.png", frameCount: 30, fps: 30, alpha: false)
/// for frame in frames { try apng.add(frame) }
/// try apng.finish()
/// ```
public final class APNGWriter {
  private let path: String
  private let temporary: String
  private let handle: FileHandle
  private let frameCount: Int
  private let fps: Double
  private let alpha: Bool
  private var written = 0
  private var sequence: UInt32 = 0
  private var finished = false

  /// Opens the temporary file. `alpha` fixes the colour type for every frame.
  public init(path: String, frameCount: Int, fps: Double, alpha: Bool) throws {
    self.path = path
    self.frameCount = frameCount
    self.fps = fps
    self.alpha = alpha
    temporary = try temporaryPath(beside: path)
    guard FileManager.default.createFile(atPath: temporary, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporary)
    else { throw PNGError(message: "cannot write \(path)") }
    self.handle = handle
  }

  deinit {
    if !finished {
      try? handle.close()
      try? FileManager.default.removeItem(atPath: temporary)
    }
  }

  /// Appends a frame (all frames must have the first one's size).
  public func add(_ bitmap: Bitmap) throws {
    let png = try PNGCodec.encode(bitmap, alpha: alpha)
    let chunks = pngChunks(png)
    var out: [UInt8] = []
    if written == 0 {
      guard let header = chunks.first(where: { $0.type == "IHDR" }) else {
        throw PNGError(message: "no IHDR")
      }
      out += Array(png.prefix(8)) + chunk("IHDR", header.data)
      out += chunk("acTL", be32(UInt32(frameCount)) + be32(0))  // 0: loop forever
    }
    // Each frame lasts 1 / fps: delay = 100 / (fps × 100) s (16-bit fields).
    let denominator = UInt16(clamping: Int((fps * 100).rounded()))
    out += chunk(
      "fcTL",
      be32(nextSequence()) + be32(UInt32(bitmap.width)) + be32(UInt32(bitmap.height)) + be32(0)
        + be32(0) + be16(100) + be16(denominator) + [0, 0])
    for data in chunks.filter({ $0.type == "IDAT" }).map(\.data) {
      out += written == 0 ? chunk("IDAT", data) : chunk("fdAT", be32(nextSequence()) + data)
    }
    try handle.write(contentsOf: out)
    written += 1
  }

  /// Writes the end, closes and renames the file into place.
  public func finish() throws {
    guard written == frameCount else {
      throw PNGError(message: "\(written) frames written, \(frameCount) announced")
    }
    try handle.write(contentsOf: chunk("IEND", []))
    try handle.close()
    try replace(path, with: temporary)
    finished = true
  }

  private func nextSequence() -> UInt32 {
    defer { sequence += 1 }
    return sequence
  }
}

/// Writes an animated GIF frame by frame (to a temporary file renamed by ``finish()``): each
/// frame gets its own 256-colour palette from libimagequant (dithered), giflib writes it; it
/// loops forever. GIF delays are whole centiseconds: frame i lasts
/// round((i+1)·100/fps) − round(i·100/fps), so the total never drifts.
public final class GIFWriter {
  private let path: String
  private let temporary: String
  private let fps: Double
  private var gif: UnsafeMutablePointer<GifFileType>?
  private var written = 0
  private var size: (width: Int, height: Int)?

  /// Opens the temporary file.
  public init(path: String, fps: Double) throws {
    self.path = path
    self.fps = fps
    temporary = try temporaryPath(beside: path)
    var error: Int32 = 0
    guard let gif = lr_gif_open(temporary, &error) else {
      throw PNGError(message: "cannot write \(path): \(gifError(error))")
    }
    self.gif = gif
  }

  deinit {
    if let gif {
      var error: Int32 = 0
      EGifCloseFile(gif, &error)
      try? FileManager.default.removeItem(atPath: temporary)
    }
  }

  /// Appends a frame, quantised to its own palette.
  public func add(_ bitmap: Bitmap) throws {
    guard let gif else { throw PNGError(message: "GIF already finished") }
    if size == nil {
      size = (bitmap.width, bitmap.height)
      try check(EGifPutScreenDesc(gif, Int32(bitmap.width), Int32(bitmap.height), 8, 0, nil))
      // NETSCAPE2.0: loop forever.
      try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
      try Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer {
        try check(EGifPutExtensionBlock(gif, 11, $0.baseAddress))
      }
      try [UInt8(1), 0, 0].withUnsafeBufferPointer {
        try check(EGifPutExtensionBlock(gif, 3, $0.baseAddress))
      }
      try check(EGifPutExtensionTrailer(gif))
    }
    guard bitmap.width == size?.width, bitmap.height == size?.height else {
      throw PNGError(message: "GIF frames must all be \(size?.width ?? 0)×\(size?.height ?? 0)")
    }
    let (indices, palette) = try quantize(bitmap)
    let delay =
      Int((Double(written + 1) * 100 / fps).rounded())
      - Int((Double(written) * 100 / fps).rounded())
    var control = GraphicsControlBlock(
      DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: NO_TRANSPARENT_COLOR)
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))
    var colors = palette.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
    while colors.count < 256 { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
    guard let map = GifMakeMapObject(256, colors) else { throw PNGError(message: "GIF colour map") }
    defer { GifFreeMapObject(map) }
    try check(
      EGifPutImageDesc(gif, 0, 0, Int32(bitmap.width), Int32(bitmap.height), false, map))
    var rows = indices
    try rows.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<bitmap.height {
        guard let base = buffer.baseAddress else { return }
        try check(EGifPutLine(gif, base + y * bitmap.width, Int32(bitmap.width)))
      }
    }
    written += 1
  }

  /// Closes the file and renames it into place.
  public func finish() throws {
    guard let gif else { return }
    var error: Int32 = 0
    let status = EGifCloseFile(gif, &error)
    self.gif = nil
    guard status == lr_gif_ok() else {
      try? FileManager.default.removeItem(atPath: temporary)
      throw PNGError(message: "GIF: \(gifError(error))")
    }
    try replace(path, with: temporary)
    // giflib creates its file 0600; give it the permissions any other output gets.
    let mask = umask(0)
    umask(mask)
    chmod(path, 0o666 & ~mask)
  }

  private func check(_ status: Int32) throws {
    guard status == lr_gif_ok() else {
      throw PNGError(message: "GIF: \(gifError(gif?.pointee.Error ?? 0))")
    }
  }

  /// libimagequant: the frame's best 256 colours (dithered) and each pixel's index.
  private func quantize(_ bitmap: Bitmap) throws -> ([UInt8], [(UInt8, UInt8, UInt8)]) {
    guard let attributes = liq_attr_create() else { throw PNGError(message: "libimagequant") }
    defer { liq_attr_destroy(attributes) }
    liq_set_max_colors(attributes, 256)
    return try bitmap.pixels.withUnsafeBytes { raw in
      guard let base = raw.baseAddress,
        let image = liq_image_create_rgba(
          attributes, base, Int32(bitmap.width), Int32(bitmap.height), 0)
      else { throw PNGError(message: "libimagequant image") }
      defer { liq_image_destroy(image) }
      var result: OpaquePointer?
      guard liq_image_quantize(image, attributes, &result) == LIQ_OK, let result else {
        throw PNGError(message: "libimagequant could not quantise the frame")
      }
      defer { liq_result_destroy(result) }
      liq_set_dithering_level(result, 1.0)
      var indices = [UInt8](repeating: 0, count: bitmap.width * bitmap.height)
      let status = indices.withUnsafeMutableBytes { buffer -> liq_error in
        guard let base = buffer.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
        return liq_write_remapped_image(result, image, base, buffer.count)
      }
      guard status == LIQ_OK, let palette = liq_get_palette(result) else {
        throw PNGError(message: "libimagequant could not remap the frame")
      }
      let count = Int(palette.pointee.count)
      let entries = withUnsafeBytes(of: palette.pointee.entries) { bytes in
        var colors: [(UInt8, UInt8, UInt8)] = []
        for index in 0..<count {
          let base: Int = index * 4
          colors.append((bytes[base], bytes[base + 1], bytes[base + 2]))
        }
        return colors
      }
      return (indices, entries)
    }
  }
}

private func gifError(_ code: Int32) -> String {
  GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
}

/// A unique temporary path in the same folder (so the final rename is atomic).
private func temporaryPath(beside path: String) throws -> String {
  let url = URL(fileURLWithPath: path)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  return url.deletingLastPathComponent()
    .appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
    )
    .path
}

private func replace(_ path: String, with temporary: String) throws {
  guard rename(temporary, path) == 0 else {
    try? FileManager.default.removeItem(atPath: temporary)
    throw PNGError(message: "cannot move the finished file to \(path)")
  }
}
