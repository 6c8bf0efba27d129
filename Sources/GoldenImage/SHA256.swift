import CDigest

/// SHA-256 (FIPS 180-4), from Nettle: content-addressed golden images, the result cache's keys,
/// a review's digest of its run.
package struct SHA256 {
  private var context = sha256_ctx()

  package init() { nettle_sha256_init(&context) }

  /// Adds bytes.
  package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let done: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
      nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
      return true
    }
    if done == nil {
      let array = Array(bytes)
      array.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
    }
  }

  /// Adds a string's UTF-8 bytes and its length (so that parts cannot run into each other).
  package mutating func update(field text: String) {
    let bytes = Array(text.utf8)
    update(withUnsafeBytes(of: UInt64(bytes.count).bigEndian) { Array($0) })
    update(bytes)
  }

  /// The digest as 64 lowercase hex digits (the hash so far; more bytes may follow).
  package func hex() -> String {
    var copy = context
    var digest = [UInt8](repeating: 0, count: 32)
    nettle_sha256_digest(&copy, 32, &digest)
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for byte in digest {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The SHA-256 of `bytes`, as 64 lowercase hex digits.
  package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hash = SHA256()
    hash.update(bytes)
    return hash.hex()
  }
}
