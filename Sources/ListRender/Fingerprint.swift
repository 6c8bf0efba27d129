import Foundation
import ImageCodec
import ListPainter
import Synchronization

extension ListRenderer {
  /// What decides the pixels on this machine: the versions of cairo, pango, harfbuzz, freetype,
  /// fontconfig and pixman, and a CRC-32 of each font file. Recorded into golden PNGs so a
  /// failing comparison can say first that the environment changed, and what.
  ///
  /// ```swift
  /// try ListRenderer().fingerprint()["pango"]  // "1.50.12"
  /// ```
  public func fingerprint() -> [String: String] {
    FingerprintCache.value(for: fonts.files) { computeFingerprint() }
  }

  private func computeFingerprint() -> [String: String] {
    var result: [String: String] = [:]
    for (name, version) in LibraryVersions.all { result[name] = version }
    for file in fonts.files {
      let name = "font " + (file.path as NSString).lastPathComponent
      if let data = FileManager.default.contents(atPath: file.path) {
        result[name] = String(format: "%08x", Checksum.crc32([UInt8](data)))
      }
    }
    return result
  }
}

/// Fingerprints by font set: the files are read and hashed once per process, not per call.
private enum FingerprintCache {
  private static let values = Mutex<[[String]: [String: String]]>([:])

  static func value(for files: [FontFile], compute: () -> [String: String]) -> [String: String] {
    values.withLock { values in
      let key = files.map(\.path)
      if let value = values[key] { return value }
      let value = compute()
      values[key] = value
      return value
    }
  }
}
