import CPangoCairo
import ImageCodec

/// SHA-256 digests of large files by GLib's `GChecksum` (linked with Pango already): the result
/// cache keys a case on the renderer binary's bytes, tens of megabytes hashed at every run.
package enum FileDigest {
  /// The SHA-256 of the regular file at `path` (at most `maxBytes`) as 64 lowercase hex
  /// digits; nil when it is not a readable regular file of that size.
  package static func sha256(ofFile path: String, maxBytes: Int) -> String? {
    guard let bytes = try? InputFile.read(path, maxBytes: maxBytes) else { return nil }
    return sha256(bytes)
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
