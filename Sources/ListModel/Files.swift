import Foundation

/// A file's bytes (a spec, an image), read only if it is a regular file (after following links) of at most
/// `limit` bytes, opened without blocking (a FIFO never makes it wait).
package func readRegularFile(_ path: String, limit: Int, fail: (String) -> SpecError) throws
  -> [UInt8]
{
  var info = stat()
  guard stat(path, &info) == 0 else { throw fail("cannot read the file (missing or unreadable)") }
  switch info.st_mode & S_IFMT {
  case S_IFREG: break
  case S_IFDIR: throw fail("is a folder, not a file")
  default: throw fail("is not a regular file (a pipe, a socket or a device)")
  }
  guard Int(info.st_size) <= limit else {
    throw fail("\(info.st_size) bytes; at most \(limit) are allowed")
  }
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else { throw fail("cannot be read") }
  defer { close(descriptor) }
  // Room for the size stat gave and one byte more, so a file that grew since is noticed; it
  // grows (never past one byte over the limit, so an over-long file is caught without reading
  // it all). Not a limit-sized buffer: zero-filling 4 MiB for a 100-byte spec took 3 ms.
  var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
  var count = 0
  while true {
    if count == bytes.count {
      guard bytes.count <= limit else { break }
      bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
    }
    let got = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return Glibc.read(descriptor, base + count, buffer.count - count)
    }
    if got < 0, errno == EINTR { continue }
    guard got >= 0 else { throw fail("cannot be read") }
    if got == 0 { break }
    count += got
  }
  guard count <= limit else { throw fail("more than \(limit) bytes") }
  bytes.removeSubrange(count...)
  return bytes
}
