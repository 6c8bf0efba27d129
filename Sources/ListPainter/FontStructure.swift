import Foundation
import ListModel

/// The table directory of a TrueType or OpenType font, or of each face of a collection, read
/// and checked against the file's size: a font cut short (a truncated download, a damaged
/// package) is named before fontconfig and FreeType take it, instead of drawing blank text.
/// Every count read from the file is bounded before it is looped over.
package enum FontStructure {
  /// Most tables one face may list (real fonts have 10 to 40).
  static let maxTables = 512
  /// Most faces a collection may list.
  static let maxFaces = SpecLimits.maxFacesPerCollection

  /// What is wrong with the font `bytes` (the whole file), or nil.
  package static func problem(in bytes: [UInt8]) -> String? {
    problem(size: bytes.count) { offset, count in
      offset >= 0 && offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
    }
  }

  /// What is wrong with the font file at `path`, or nil (reading only its directories).
  package static func problem(atPath path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "it cannot be opened" }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return "it cannot be read" }
    return problem(size: Int(status.st_size)) { offset, count in
      var buffer = [UInt8](repeating: 0, count: count)
      let got = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, count, off_t(offset))
      }
      return got == count ? buffer : nil
    }
  }

  private static func problem(size: Int, read: (Int, Int) -> [UInt8]?) -> String? {
    guard let head = read(0, 12) else { return "it is cut short: it has no font header" }
    var faces = [0]
    if head.starts(with: Array("ttcf".utf8)) {
      let count = be32(head, 8)
      guard (1...maxFaces).contains(count) else {
        return "a collection of \(count) faces; at most \(maxFaces) are read"
      }
      guard let offsets = read(12, 4 * count) else {
        return "it is cut short: its face offsets are missing"
      }
      faces = (0..<count).map { be32(offsets, 4 * $0) }
    }
    for (index, offset) in faces.enumerated() {
      let face = faces.count > 1 ? "face \(index): " : ""
      guard let directory = read(offset, 12) else {
        return "\(face)it is cut short: its table directory is missing"
      }
      let tables = Int(directory[4]) << 8 | Int(directory[5])
      guard (1...maxTables).contains(tables) else {
        return "\(face)its table directory lists \(tables) tables"
      }
      guard let entries = read(offset + 12, 16 * tables) else {
        return "\(face)it is cut short: its table directory is incomplete"
      }
      for table in 0..<tables {
        let entry = 16 * table
        let tag = String(decoding: entries[entry..<(entry + 4)], as: UTF8.self)
        let start = be32(entries, entry + 8)
        let length = be32(entries, entry + 12)
        guard start + length <= size else {
          return
            "\(face)table '\(tag)' ends at byte \(start + length), past the file's end (\(size) bytes): it is cut short or damaged"
        }
      }
    }
    return nil
  }

  private static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
  }
}
