import Foundation
import ImageCodec
import ListPainter

/// The font files specs list under `fonts:`, each read and checked once while it stays the same
/// file (the same size, modification time and inode): a regular file of at most
/// ``SpecLimits/maxFontFileBytes``, whose first bytes are those of a TrueType (`00 01 00 00`,
/// `true`), OpenType (`OTTO`) or collection (`ttcf`) file; with its CRC-32 for the fingerprint,
/// and loaded from a sealed in-memory copy of the bytes checked.
final class FontFileChecks {
  private struct Stamp: Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int
    var inode: UInt
  }

  private var known: [String: (stamp: Stamp, file: FontFile, checksum: UInt32)] = [:]

  /// The file `reference` names, checked, and its CRC-32.
  /// - Throws: ``SpecError`` at the reference's place in the spec.
  func check(_ reference: FileReference) throws -> (file: FontFile, checksum: UInt32) {
    let path = reference.path
    let fail = { (reason: String) in reference.location.error("font '\(path)': \(reason)") }
    var info = stat()
    let stamp =
      stat(path, &info) == 0
      ? Stamp(
        size: Int(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec,
        inode: UInt(info.st_ino)) : nil
    if let stamp, let entry = known[path], entry.stamp == stamp {
      return (entry.file, entry.checksum)
    }
    // Read (a missing, unreadable or oversized file fails with the spec's place) and checked.
    let bytes = try readRegularFile(
      path, limit: SpecLimits.maxFontFileBytes, inside: reference.location.readableFolders,
      fail: fail)
    let signatures: [[UInt8]] = [
      [0, 1, 0, 0], Array("OTTO".utf8), Array("ttcf".utf8), Array("true".utf8),
    ]
    guard signatures.contains(where: { bytes.starts(with: $0) }) else {
      throw fail("not a font file (expected TrueType, OpenType or a collection: .ttf, .otf, .ttc)")
    }
    // The table directories (and a collection's face count, bounded before fontconfig scans
    // each face it lists) are read and checked against the file's size.
    if let problem = FontStructure.problem(in: bytes) { throw fail(problem) }
    let checksum = Checksum.crc32(bytes)
    // Drawn from a sealed copy of these very bytes: the file changing or being swapped on disk
    // afterwards (overwritten in place, truncated, a link turned elsewhere) changes nothing
    // drawn, and the checksum is that of the bytes drawn.
    let file = try FontFile(path: path, loadingFrom: bytes)
    // The in-memory copy of the file's former bytes goes (the fonts made from it have read
    // what they need); one copy a path at most, however often the file changes.
    known[path]?.file.closeMemoryCopy()
    if let stamp { known[path] = (stamp, file, checksum) }
    return (file, checksum)
  }
}
