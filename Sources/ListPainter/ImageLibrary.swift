import CImageLoaders
import CPangoCairo
import Foundation
import ImageCodec
import ListLayout
import ListModel

// C wrapper file: gdk-pixbuf loaders and librsvg handles are opaque C pointers (through the
// CImageLoaders shim) and live only here, each unreferenced with its Swift object.

/// Image files used by a document, loaded once: rasters (PNG, JPEG, WebP through gdk-pixbuf)
/// as cairo surfaces, SVGs as librsvg handles drawn as vectors at any scale. Sizes are in
/// points, one pixel a point.
///
/// Limits: a file of at most ``maxFileBytes``; a raster of at most ``maxPixelSide`` pixels a
/// side (checked from the header, before decoding).
public final class ImageLibrary: ImageMeasuring {
  /// Largest image file read.
  public static let maxFileBytes = 16 * 1024 * 1024
  /// Largest raster side in pixels, and largest SVG intrinsic side in points.
  public static let maxPixelSide = 4_096

  enum Entry {
    case raster(CairoSurface)
    case svg(SVGHandle, width: Double, height: Double)

    var size: (width: Double, height: Double) {
      switch self {
      case .raster(let surface): return (Double(surface.width), Double(surface.height))
      case .svg(_, let width, let height): return (width, height)
      }
    }
  }

  private var entries: [String: Entry] = [:]

  /// An empty library.
  public init() {}

  /// Loads the image (once) and returns its size in points.
  /// - Throws: ``SpecError`` at the image's place in the spec.
  @discardableResult
  public func load(_ image: FileReference) throws -> (width: Double, height: Double) {
    if let entry = entries[image.path] { return entry.size }
    let entry = try decode(image)
    entries[image.path] = entry
    return entry.size
  }

  /// See ``ImageMeasuring/size(of:)``.
  public func size(of image: FileReference) throws -> (width: Double, height: Double) {
    try load(image)
  }

  func entry(for path: String) -> Entry? { entries[path] }

  /// librsvg and gdk-pixbuf are loaded when the first image needs them.
  private static func requireLoaders() throws {
    guard lr_image_loaders_available() != 0 else {
      throw PainterError.imageLoadersMissing
    }
  }

  /// Decodes raster bytes (PNG, JPEG, WebP) and serves them for `path` from now on.
  public func register(_ bytes: [UInt8], at path: String) throws {
    try Self.requireLoaders()
    entries[path] = .raster(try rasterSurface(bytes, name: path))
  }

  /// A raster decoded from its bytes by gdk-pixbuf's incremental loader.
  private func rasterSurface(_ bytes: [UInt8], name path: String) throws -> CairoSurface {
    guard bytes.count <= Self.maxFileBytes else {
      throw PainterError.imageFileTooLarge(path: path, bytes: bytes.count, limit: Self.maxFileBytes)
    }
    guard let loader = lr_pixbuf_loader_new() else {
      throw PainterError.creationFailed("a gdk-pixbuf loader for \(path)")
    }
    defer { lr_loader_unref(loader) }
    var error: UnsafeMutableRawPointer?
    let written = bytes.withUnsafeBufferPointer {
      lr_pixbuf_loader_write(loader, $0.baseAddress, $0.count, &error)
    }
    // Close even after a failed write (the loader requires it); keep the first error.
    var closeError: UnsafeMutableRawPointer?
    let closed = lr_pixbuf_loader_close(loader, &closeError)
    if error == nil { error = closeError } else { lr_loader_error_free(closeError) }
    guard written != 0, closed != 0, let pixbuf = lr_pixbuf_loader_get_pixbuf(loader) else {
      throw PainterError.undecodableImage(path: path, reason: takeLoaderError(error))
    }
    let width = lr_pixbuf_width(pixbuf)
    let height = lr_pixbuf_height(pixbuf)
    guard width <= Self.maxPixelSide, height <= Self.maxPixelSide else {
      throw PainterError.imageTooLarge(
        path: path, width: Int(width), height: Int(height), limit: Self.maxPixelSide)
    }
    return try surface(from: pixbuf)
  }

  private func decode(_ image: FileReference) throws -> Entry {
    let path = image.path
    let fail = { (reason: String) in image.location.error("image '\(path)': \(reason)") }
    let bytes = try readRegularFile(
      path, limit: Self.maxFileBytes, inside: image.location.readableFolders, fail: fail)
    try Self.requireLoaders()
    switch ImageFormat(bytes) {
    case .svg?:
      let handle = try SVGHandle(bytes: bytes, fail: fail)
      let size = handle.intrinsicSize ?? (24, 24)
      guard size.width <= Double(Self.maxPixelSide), size.height <= Double(Self.maxPixelSide),
        size.width > 0, size.height > 0
      else {
        throw fail("SVG size \(size.width)×\(size.height) is outside 1...\(Self.maxPixelSide)")
      }
      return .svg(handle, width: size.width, height: size.height)
    case let format? where !format.isComplete(bytes):
      throw fail("the file is truncated (its \(format) data ends early)")
    case .png?, .jpeg?, .webp?:
      // The size from the bytes read (the file is not opened again by its path).
      guard let (width, height) = ImageFormat(bytes)?.pixelSize(bytes) else {
        throw fail("not a supported image (PNG, JPEG, WebP or SVG)")
      }
      guard width > 0, height > 0, width <= Self.maxPixelSide, height <= Self.maxPixelSide else {
        throw fail("\(width)×\(height) pixels; at most \(Self.maxPixelSide) a side are allowed")
      }
      // Decoded from the bytes read (no second open), through the incremental loader, which
      // reports a truncated file as an error rather than drawing what it got.
      do {
        return .raster(try rasterSurface(bytes, name: path))
      } catch PainterError.undecodableImage(_, let reason) {
        throw fail("could not be decoded: \(reason)")
      }
    case nil:
      throw fail("not a supported image (PNG, JPEG, WebP or SVG)")
    }
  }

  /// Copies a pixbuf (straight RGB or RGBA) into a premultiplied ARGB32 cairo surface.
  private func surface(from pixbuf: UnsafeMutableRawPointer) throws -> CairoSurface {
    let channels = Int(lr_pixbuf_channels(pixbuf))
    guard let source = lr_pixbuf_pixels(pixbuf), channels == 3 || channels == 4 else {
      throw PainterError.creationFailed("image pixels")
    }
    return try CairoSurface(
      straight: source, width: Int(lr_pixbuf_width(pixbuf)), height: Int(lr_pixbuf_height(pixbuf)),
      channels: channels, rowBytes: Int(lr_pixbuf_rowstride(pixbuf)))
  }
}

/// The message of a loader's GError (or a generic one when there is none), freeing the error.
func takeLoaderError(_ error: UnsafeMutableRawPointer?) -> String {
  defer { lr_loader_error_free(error) }
  return String(cString: lr_loader_error_message(error))
}

/// A librsvg handle, unreferenced with the object.
final class SVGHandle {
  let pointer: UnsafeMutableRawPointer

  init(bytes: [UInt8], fail: (String) -> SpecError) throws {
    var error: UnsafeMutableRawPointer?
    let made = bytes.withUnsafeBufferPointer {
      lr_svg_new_from_data($0.baseAddress, $0.count, &error)
    }
    guard let handle = made else {
      throw fail(takeLoaderError(error))
    }
    pointer = handle
  }

  deinit { lr_loader_unref(pointer) }

  /// Draws the SVG (the file at `path`) scaled into `viewport` (user space) on `context`.
  func render(in context: CairoContext, viewport: Rect, path: String) throws {
    var rectangle = LRRectangle(
      x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
    var error: UnsafeMutableRawPointer?
    if lr_svg_render(pointer, UnsafeMutableRawPointer(context.pointer), &rectangle, &error) == 0 {
      throw PainterError.svgDrawing(path: path, reason: takeLoaderError(error))
    }
  }

  /// Width and height from the SVG's own size, or its viewBox when it has none.
  var intrinsicSize: (width: Double, height: Double)? {
    var width = 0.0
    var height = 0.0
    if lr_svg_size_in_pixels(pointer, &width, &height) != 0 {
      return (width, height)
    }
    var viewBox = LRRectangle()
    return lr_svg_view_box(pointer, &viewBox) != 0 ? (viewBox.width, viewBox.height) : nil
  }
}

/// The image formats ListRender reads, told by their first bytes (only these reach a loader).
enum ImageFormat: String {
  case png = "PNG", jpeg = "JPEG", webp = "WebP", svg = "SVG"

  /// Whether the file holds all its data (decoders draw what they got of a truncated one):
  /// a PNG reaches its IEND chunk; a JPEG has its end-of-image marker after the start of its
  /// scan (scan data never holds FF D9: a data FF is followed by 00); a WebP is as long as its
  /// RIFF header says.
  func isComplete(_ bytes: [UInt8]) -> Bool {
    switch self {
    case .png:
      // IEND near the end (some writers add a few bytes after it).
      let tail = Array(bytes.suffix(1024))
      let iend = Array("IEND".utf8)
      return tail.count >= 4
        && (0...(tail.count - 4)).contains { Array(tail[$0..<($0 + 4)]) == iend }
    case .jpeg:
      var index = 2
      var scanStart: Int?
      while index + 1 < bytes.count {
        if bytes[index] == 0xFF, bytes[index + 1] == 0xDA, scanStart == nil { scanStart = index }
        if let start = scanStart, index > start, bytes[index] == 0xFF, bytes[index + 1] == 0xD9 {
          return true
        }
        index += 1
      }
      return false
    case .webp:
      guard bytes.count >= 12 else { return false }
      let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
      return bytes.count >= size + 8
    case .svg:
      return true
    }
  }

  /// The width and height a raster file's header gives: a PNG's IHDR, a JPEG's start-of-frame
  /// segment (found by walking the segments before it, each length checked against the
  /// file), a WebP's header by libwebp; nil when there is none.
  func pixelSize(_ bytes: [UInt8]) -> (Int, Int)? {
    func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    switch self {
    case .png:
      guard bytes.count >= 24 else { return nil }
      return (be16(16) << 16 | be16(18), be16(20) << 16 | be16(22))
    case .jpeg:
      var index = 2
      while index + 9 < bytes.count {
        guard bytes[index] == 0xFF else { return nil }
        let marker = bytes[index + 1]
        if marker == 0xFF {  // fill byte
          index += 1
          continue
        }
        if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
          index += 2
          continue
        }
        let length = be16(index + 2)
        guard length >= 2 else { return nil }
        // Start of frame: every SOF marker but DHT (C4), JPG (C8) and DAC (CC).
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
          return (be16(index + 7), be16(index + 5))
        }
        if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before a frame
        index += 2 + length
      }
      return nil
    case .webp:
      return WebPCodec.size(bytes).map { ($0.width, $0.height) }
    case .svg:
      return nil
    }
  }

  init?(_ bytes: [UInt8]) {
    // The raster formats ListRender writes are told apart by the codec layer's one check.
    switch RasterFormat.of(bytes) {
    case .png?: self = .png
    case .webp?: self = .webp
    case nil where bytes.starts(with: [0xFF, 0xD8, 0xFF]): self = .jpeg
    case nil:
      // SVG: XML text whose first element is <svg (after a BOM, a declaration or comments).
      let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
      guard head.contains("<svg") else { return nil }
      self = .svg
    }
  }
}
