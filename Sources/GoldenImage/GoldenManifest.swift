import FileIO
import Foundation
import ImageCodec

/// A golden kept as its digest (`<case>.golden`): a small text manifest in the goldens folder,
/// its image in a content-addressed store (``GoldenStore``). A case whose pixels hash the same
/// passes without reading any image; the manifest keeps what the image's metadata keeps (the
/// fingerprint, the layout record), as text a reviewer reads in a pull request's diff.
///
/// ```text
/// listrender golden 1
/// image: png 720x998
/// pixels: sha256:3f2a…
/// file: sha256:9c1e… 52341
/// fingerprint:
///   cairo=1.16.0
/// record:
///   {
///     "files" : {
/// ```
package struct GoldenManifest: Equatable, Sendable {
  /// The golden file's format.
  package var format: RasterFormat
  package var width: Int
  package var height: Int
  /// SHA-256 of the decoded pixels (RGBA, row by row).
  package var pixels: String
  /// SHA-256 of the encoded file, its key in the store, and its size.
  package var file: String
  package var fileBytes: Int
  /// The fingerprint's `key=value` lines, and the layout record's JSON, as the manifest keeps
  /// them (read only when a case fails).
  var fingerprintText: String?
  var recordJSON: String?

  /// The file's metadata as an image's text keeps it: the fingerprint
  /// (``GoldenCheck/fingerprintKey``), and the layout record as JSON
  /// (``GoldenCheck/layoutJSONKey``; an image keeps it packed under ``GoldenCheck/layoutKey``).
  package var metadata: [String: String] {
    var out: [String: String] = [:]
    if let fingerprintText { out[GoldenCheck.fingerprintKey] = fingerprintText }
    if let recordJSON { out[GoldenCheck.layoutJSONKey] = recordJSON }
    return out
  }

  /// The file name extension of manifests.
  package static let pathExtension = "golden"
  /// The most bytes a manifest may have (a layout record is at most 32 MB unpacked).
  package static let maxBytes = 40 << 20

  /// The SHA-256 of `bitmap`'s pixels as a manifest keeps it.
  package static func pixelDigest(_ bitmap: Bitmap) -> String {
    var hash = SHA256()
    hash.update(bitmap.pixels)
    return hash.hex()
  }

  /// The manifest of a golden file (`bytes`, already encoded) holding `bitmap`.
  package init(bytes: [UInt8], bitmap: Bitmap) throws {
    guard let format = RasterFormat.of(bytes) else {
      throw ManifestError(path: "", reason: "the golden image is neither PNG nor WebP")
    }
    self.format = format
    (width, height) = (bitmap.width, bitmap.height)
    pixels = Self.pixelDigest(bitmap)
    file = SHA256.hex(of: bytes)
    fileBytes = bytes.count
    let text = RasterFormat.text(in: bytes)
    fingerprintText = text[GoldenCheck.fingerprintKey]
    recordJSON = text[GoldenCheck.layoutKey].flatMap {
      PackedText.unpack($0, maxBytes: Self.maxBytes)
    }
  }

  /// The manifest as text: stable, one field a line, the record's JSON indented below it.
  package func text() -> String {
    var lines = [
      "listrender golden 1",
      "image: \(format.fileExtension) \(width)x\(height)",
      "pixels: sha256:\(pixels)",
      "file: sha256:\(file) \(fileBytes)",
    ]
    if let fingerprint = fingerprintText {
      lines.append("fingerprint:")
      lines += GoldenCheck.format(GoldenCheck.parse(fingerprint)).split(separator: "\n").map {
        "  " + $0
      }
    }
    if let json = recordJSON {
      lines.append("record:")
      lines += Self.pretty(json).split(separator: "\n", omittingEmptySubsequences: false).map {
        "  " + $0
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// JSON with sorted keys, its objects and arrays opened on lines of their own down to the
  /// record's elements, each element on one line (a changed row is a changed line in a diff);
  /// the text as it is when it is not JSON.
  static func pretty(_ json: String) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else {
      return json
    }
    var lines: [String] = []
    func compact(_ value: Any) -> String {
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      else { return "null" }
      return String(decoding: data, as: UTF8.self)
    }
    func write(_ value: Any, key: String?, depth: Int, last: Bool) {
      let indent = String(repeating: "  ", count: depth)
      let name = key.map { compact($0) + ": " } ?? ""
      let comma = last ? "" : ","
      if depth < 3, let dictionary = value as? [String: Any], !dictionary.isEmpty {
        lines.append(indent + name + "{")
        let keys = dictionary.keys.sorted()
        for (index, key) in keys.enumerated() {
          write(dictionary[key] as Any, key: key, depth: depth + 1, last: index == keys.count - 1)
        }
        lines.append(indent + "}" + comma)
      } else if depth < 3, let array = value as? [Any], !array.isEmpty {
        lines.append(indent + name + "[")
        for (index, item) in array.enumerated() {
          write(item, key: nil, depth: depth + 1, last: index == array.count - 1)
        }
        lines.append(indent + "]" + comma)
      } else {
        lines.append(indent + name + compact(value) + comma)
      }
    }
    write(object, key: nil, depth: 0, last: true)
    return lines.joined(separator: "\n")
  }

  /// Reads a manifest written by ``text()``.
  /// - Throws: ``ManifestError`` naming `path` and the line.
  package init(text: String, path: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    func fail(_ reason: String) -> ManifestError {
      ManifestError(path: path, reason: reason)
    }
    guard lines.first == "listrender golden 1" else {
      throw fail("not a listrender golden manifest (its first line is not 'listrender golden 1')")
    }
    lines = lines.dropFirst()
    var fields: [String: Substring] = [:]
    var blocks: [String: [Substring]] = [:]
    var block: String?
    var number = 1
    for line in lines {
      number += 1
      if line.hasPrefix("  "), let name = block {
        blocks[name, default: []].append(line.dropFirst(2))
        continue
      }
      if line.isEmpty { continue }
      guard let colon = line.firstIndex(of: ":") else {
        throw fail("line \(number): expected 'name: value'")
      }
      let name = String(line[..<colon])
      let value = line[line.index(after: colon)...].drop { $0 == " " }
      if value.isEmpty {
        block = name
      } else {
        block = nil
        fields[name] = value
      }
    }
    func hex(_ text: Substring?, _ name: String) throws -> String {
      guard let text, text.hasPrefix("sha256:") else { throw fail("\(name): expected sha256:HEX") }
      let digits = text.dropFirst(7).prefix { $0 != " " }
      guard digits.count == 64, digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
        throw fail("\(name): expected 64 lowercase hex digits")
      }
      return String(digits)
    }
    let image = (fields["image"] ?? "").split(separator: " ")
    let size = image.count == 2 ? image[1].split(separator: "x") : []
    guard image.count == 2,
      let format = RasterFormat.allCases.first(where: { $0.fileExtension == image[0] }),
      size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
      (1...format.maxSide).contains(width), (1...format.maxSide).contains(height)
    else { throw fail("image: expected 'png WIDTHxHEIGHT' (each within the format's limit)") }
    (self.format, self.width, self.height) = (format, width, height)
    pixels = try hex(fields["pixels"], "pixels")
    file = try hex(fields["file"], "file")
    let parts = (fields["file"] ?? "").split(separator: " ")
    guard parts.count == 2, let bytes = Int(parts[1]), (1...InputFile.maxImageBytes).contains(bytes)
    else { throw fail("file: expected sha256:HEX and its size in bytes") }
    fileBytes = bytes
    fingerprintText = blocks["fingerprint"].map { $0.joined(separator: "\n") }
    recordJSON = blocks["record"].map { $0.joined(separator: "\n") }
  }
}

/// A manifest that cannot be read, naming its file.
package struct ManifestError: Error, CustomStringConvertible {
  package var path: String
  package var reason: String
  package var description: String { "\(path): \(reason)" }
}
