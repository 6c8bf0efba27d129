import CPangoCairo
import Foundation

/// SHA-256 digests of large files by GLib's `GChecksum` (linked with Pango already): the result
/// cache keys a case on the renderer binary's bytes, tens of megabytes hashed at every run.
package enum FileDigest {
  /// The SHA-256 of the regular file at `path` (at most `maxBytes`) as 64 lowercase hex
  /// digits; nil when it is not a readable regular file of that size.
  package static func sha256(ofFile path: String, maxBytes: Int) -> String? {
    // Read in slices of 1 MiB: a binary of 90 MB is hashed without holding it.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) <= maxBytes, let checksum = g_checksum_new(G_CHECKSUM_SHA256)
    else { return nil }
    defer { g_checksum_free(checksum) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        return read(descriptor, base, raw.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      total += count
      // A file that grew past the limit while it was read is not hashed.
      guard total <= maxBytes else { return nil }
      buffer.withUnsafeBufferPointer { slice in
        guard let base = slice.baseAddress else { return }
        g_checksum_update(checksum, base, gssize(count))
      }
    }
    return String(cString: g_checksum_get_string(checksum))
  }

  /// The SHA-256 of `bytes` as 64 lowercase hex digits.
  package static func sha256(_ bytes: [UInt8]) -> String {
    guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "-" }
    defer { g_checksum_free(checksum) }
    var offset = 0
    // g_checksum_update takes a signed length: fed in slices of at most 1 GiB.
    while offset < bytes.count {
      let count = min(bytes.count - offset, 1 << 30)
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        g_checksum_update(checksum, base + offset, gssize(count))
      }
      offset += count
    }
    return String(cString: g_checksum_get_string(checksum))
  }
}
