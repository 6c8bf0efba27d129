import CCodecs
import Foundation

/// Image files read from untrusted hands (goldens, `diff` inputs): a regular file, or a link to
/// one, no larger than a limit, whose header's size fits the decoding limit, all checked before
/// its bytes are read. A FIFO never blocks the read (it is opened without waiting and refused).
package enum InputFile {
  /// The most bytes an image file may have (a 100 M pixel PNG stored, not compressed, is 400 MB).
  package static let maxImageBytes = 512 << 20

  /// The bytes at `path`; nil when nothing is there.
  /// - Throws: ``InputFileError`` naming the file: not a regular file, a link loop, too large,
  ///   an image header claiming more pixels than may be decoded, unreadable.
  package static func read(_ path: String, maxBytes: Int = maxImageBytes) throws -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return nil
      case ELOOP: throw InputFileError(path: path, reason: "its links go round in a loop")
      default: throw InputFileError(path: path, reason: String(cString: strerror(errno)))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw InputFileError(path: path, reason: String(cString: strerror(errno)))
    }
    let kind: String? =
      switch status.st_mode & S_IFMT {
      case S_IFREG: nil
      case S_IFDIR: "a folder"
      case S_IFIFO: "a FIFO"
      case S_IFCHR, S_IFBLK: "a device"
      case S_IFSOCK: "a socket"
      default: "not a file"
      }
    if let kind {
      throw InputFileError(path: path, reason: "it is \(kind), not a regular file")
    }
    let size = Int(status.st_size)
    guard size <= maxBytes else {
      throw InputFileError(
        path: path, reason: "it is \(size) bytes; an image file is at most \(maxBytes)")
    }
    // The header first: the size it claims is checked before the rest is read.
    var bytes = try readUpTo(min(size, 64), from: descriptor, path: path)
    if let (width, height) = claimedSize(bytes), !PNGCodec.decodable(width: width, height: height) {
      throw InputFileError(
        path: path,
        reason:
          "its header says \(width)×\(height) pixels; at most \(PNGCodec.maxDecodedPixels) are decoded"
      )
    }
    // One byte past the size stat gave, so a file that grew since is noticed.
    bytes += try readUpTo(size - bytes.count + 1, from: descriptor, path: path)
    guard bytes.count <= size else {
      throw InputFileError(path: path, reason: "it grew while it was read")
    }
    return bytes
  }

  /// The width and height a PNG's IHDR or a WebP's header gives (each at most 2³¹).
  static func claimedSize(_ bytes: [UInt8]) -> (Int, Int)? {
    if let header = PNGHeader(bytes) { return (header.width, header.height) }
    if WebPCodec.isWebP(bytes) { return WebPCodec.size(bytes) }
    return nil
  }

  private static func readUpTo(_ count: Int, from descriptor: Int32, path: String) throws
    -> [UInt8]
  {
    var buffer = [UInt8](repeating: 0, count: max(0, count))
    var filled = 0
    while filled < buffer.count {
      let got = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.read(descriptor, base + filled, raw.count - filled)
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else {
        throw InputFileError(path: path, reason: String(cString: strerror(errno)))
      }
      if got == 0 { break }
      filled += got
    }
    return Array(buffer.prefix(filled))
  }
}

/// An input file refused or unreadable, named in the message.
package struct InputFileError: Error, CustomStringConvertible {
  /// The path as given.
  package let path: String
  /// Why.
  package let reason: String

  /// An error about `path`.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `PATH: REASON`.
  package var description: String { "\(path): \(reason)" }
}
