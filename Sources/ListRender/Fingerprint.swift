import Foundation
import ImageCodec
import ListPainter
import Synchronization

extension ListRenderer {
  /// What decides the pixels of Latin text on this machine: the versions of cairo, pango,
  /// harfbuzz, freetype, fontconfig and pixman, and a CRC-32 of each standard font file.
  /// ``fingerprint(for:)`` adds the fonts a document's text needs. Recorded into golden PNGs so
  /// a failing comparison can say first that the environment changed, and what.
  ///
  /// ```swift
  /// try ListRenderer().fingerprint()["pango"]  // "1.50.12"
  /// ```
  public func fingerprint() -> [String: String] {
    fingerprint(of: standardFiles)
  }

  /// The library versions and the CRC-32 of each of `files`.
  func fingerprint(of files: [FontFile]) -> [String: String] {
    var result: [String: String] = [:]
    for (name, version) in LibraryVersions.all { result[name] = version }
    for file in files {
      if let checksum = FontChecksums.value(for: file.path) {
        result["font " + (file.path as NSString).lastPathComponent] = checksum
      }
    }
    return result
  }
}

/// CRC-32s of the catalogue's font files (installed by packages, not changed while a process
/// runs): each file is read and hashed once per process.
private enum FontChecksums {
  private static let values = Mutex<[String: String]>([:])

  static func value(for path: String) -> String? {
    if let value = values.withLock({ $0[path] }) { return value }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let value = String(format: "%08x", Checksum.crc32([UInt8](data)))
    values.withLock { $0[path] = value }
    return value
  }
}
