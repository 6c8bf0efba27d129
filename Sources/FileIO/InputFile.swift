import Foundation

/// Files read from untrusted hands (goldens, `diff` inputs, reports, cache entries): a regular
/// file, or a link to one, no larger than a limit, whose first bytes a reader may refuse (an
/// image codec refuses a header that claims too many pixels), all checked before the rest is
/// read. A FIFO never blocks the read (it is opened without waiting and refused).
package enum InputFile {
  /// The most bytes an image file may have (a 100 M pixel PNG stored, not compressed, is 400 MB).
  package static let maxImageBytes = 512 << 20

  /// The bytes at `path`; nil when nothing is there. `refusing` sees the first (up to) 64 bytes
  /// before the rest is read and gives the reason to refuse the file, if any.
  /// - Throws: ``InputFileError`` naming the file: not a regular file, a link loop, too large,
  ///   refused by its first bytes, unreadable.
  package static func read(
    _ path: String, maxBytes: Int = maxImageBytes, refusing: ([UInt8]) -> String? = { _ in nil }
  ) throws -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return nil
      case ELOOP: throw InputFileError(path: path, reason: "its links go round in a loop")
      default: throw InputFileError(path: path, reason: String(cString: strerror(errno)))
      }
    }
    defer { close(descriptor) }
    return try read(descriptor, path: path, maxBytes: maxBytes, refusing: refusing)
  }

  /// The bytes of `relative` inside `folder`, opened beneath it: each part of the path is
  /// opened from the one before without following a link, so neither `..`, an absolute path
  /// nor a link (planted before or swapped in during the read) leads out of the folder; nil
  /// when the path is not a plain relative path to a regular file there.
  /// - Throws: ``InputFileError`` as ``read(_:maxBytes:refusing:)`` does, for a file that is
  ///   there.
  package static func read(
    _ relative: String, beneath folder: String, maxBytes: Int,
    refusing: ([UInt8]) -> String? = { _ in nil }
  ) throws -> [UInt8]? {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !relative.hasPrefix("/"), !parts.isEmpty, parts.count <= 16,
      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
    else { return nil }
    var current = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard current >= 0 else { return nil }
    for (index, part) in parts.enumerated() {
      let last = index == parts.count - 1
      let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK : O_DIRECTORY)
      let next = openat(current, part, flags)
      close(current)
      guard next >= 0 else { return nil }
      current = next
    }
    defer { close(current) }
    return try read(
      current, path: (folder as NSString).appendingPathComponent(relative),
      maxBytes: maxBytes, refusing: refusing)
  }

  /// At most `count` bytes from the start of the regular file at `path`; nil when it is not
  /// one (missing, a folder, a FIFO, a device) or cannot be read. Never blocks, never reads more.
  package static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try? readUpTo(min(count, Int(status.st_size)), from: descriptor, path: path)
  }

  /// The bytes of an open file, checked as ``read(_:maxBytes:refusing:)`` says.
  private static func read(
    _ descriptor: Int32, path: String, maxBytes: Int, refusing: ([UInt8]) -> String?
  ) throws -> [UInt8] {
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
        path: path,
        reason:
          "it is \(size) bytes; \(maxBytes == maxImageBytes ? "an image file" : "such a file") is at most \(maxBytes)"
      )
    }
    // The header first: what it claims is checked before the rest is read.
    var bytes = try readUpTo(min(size, 64), from: descriptor, path: path)
    if let reason = refusing(bytes) { throw InputFileError(path: path, reason: reason) }
    // One byte past the size stat gave, so a file that grew since is noticed.
    bytes += try readUpTo(size - bytes.count + 1, from: descriptor, path: path)
    guard bytes.count <= size else {
      throw InputFileError(path: path, reason: "it grew while it was read")
    }
    return bytes
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
