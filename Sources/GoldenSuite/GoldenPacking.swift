import FileIO
import Foundation
import GoldenImage
import ImageCodec
import Synchronization

/// A goldens folder converted either way, all or nothing: `pack` puts each still image golden
/// (`<case>.png`, `<case>.webp`) into a store and writes its manifest (`<case>.golden`) in its
/// place; `unpack` writes each manifest's image back from the store. Animation goldens
/// (`.apng.png`), images without a golden's fingerprint (an audit overlay) and other files
/// (`.layout.json`) are left as they are.
package enum GoldenPacking {
  /// The most goldens one conversion takes.
  package static let maxFiles = 100_000

  /// The still image goldens below `folder` (paths relative to it), sorted.
  static func files(in folder: String, withExtensions extensions: Set<String>) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else {
      throw CommandFailure("\(folder): not a folder of goldens", status: ExitStatus.badInput)
    }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      // A golden's own extension; never an animation's `.apng.png`, nor a failure's images.
      guard extensions.contains((name as NSString).pathExtension), !name.hasSuffix(".apng.png"),
        ![".actual.", ".expected.", ".diff.", ".panel."].contains(where: name.contains)
      else { continue }
      found.append(relative)
      guard found.count <= maxFiles else {
        throw CommandFailure(
          "\(folder): more than \(maxFiles.formatted()) goldens; convert its subfolders one by one",
          status: ExitStatus.badInput)
      }
    }
    return found.sorted()
  }

  /// Packs `folder` into `store`; returns how many goldens and their bytes before and after.
  package static func pack(folder: String, store: any GoldenStore) throws -> (
    count: Int, imageBytes: Int, manifestBytes: Int
  ) {
    let images = try files(
      in: folder, withExtensions: Set(RasterFormat.allCases.map(\.fileExtension)))
    // Each golden read, checked and put into the store by one of a few workers (transfers to
    // an HTTP store overlap); the manifests written once every one is stored.
    typealias Packed = (path: String, text: [UInt8], image: String, bytes: Int)
    let results = Mutex<[Result<Packed?, any Error>?]>(Array(repeating: nil, count: images.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(4, max(1, images.count))) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < images.count else { return }
        let result = Result { try packOne(images[index], in: folder, store: store) }
        results.withLock { $0[index] = result }
        if case .failure = result { next.store(images.count, ordering: .relaxed) }
      }
    }
    var manifests: [Packed] = []
    for result in results.withLock({ $0 }) {
      guard let result else { continue }
      if let packed = try result.get() { manifests.append(packed) }
    }
    let imageBytes = manifests.reduce(0) { $0 + $1.bytes }
    try writeAll(manifests.map { ($0.path, $0.text) })
    for manifest in manifests { try? FileManager.default.removeItem(atPath: manifest.image) }
    return (manifests.count, imageBytes, manifests.reduce(0) { $0 + $1.text.count })
  }

  /// One image golden read, checked and stored: its manifest's path and text; nil for an image
  /// that is no golden.
  static func packOne(_ relative: String, in folder: String, store: any GoldenStore) throws -> (
    path: String, text: [UInt8], image: String, bytes: Int
  )? {
    let path = (folder as NSString).appendingPathComponent(relative)
    let manifestPath = (path as NSString).deletingPathExtension + "." + GoldenManifest.pathExtension
    guard !FileManager.default.fileExists(atPath: manifestPath) else {
      throw CommandFailure(
        "\(manifestPath) is there already beside \(relative): nothing was packed",
        status: ExitStatus.badInput)
    }
    guard let bytes = try InputFile.readImage(path) else { return nil }
    // A golden carries its fingerprint; other images (an audit overlay) are left alone.
    guard
      RasterFormat.text(in: bytes, only: GoldenCheck.fingerprintKey)[GoldenCheck.fingerprintKey]
        != nil
    else { return nil }
    let bitmap: Bitmap
    do {
      bitmap = try RasterFormat.decode(bytes)
    } catch {
      throw CommandFailure("\(path): \(error); nothing was packed", status: ExitStatus.badInput)
    }
    _ = try store.put(bytes)
    let manifest = try GoldenManifest(bytes: bytes, bitmap: bitmap)
    return (manifestPath, Array(manifest.text().utf8), path, bytes.count)
  }

  /// Unpacks every manifest below `folder` from `store`; returns how many.
  package static func unpack(folder: String, store: any GoldenStore) throws -> Int {
    let found = try files(in: folder, withExtensions: [GoldenManifest.pathExtension])
    var images: [(path: String, bytes: [UInt8], manifest: String)] = []
    for relative in found {
      let path = (folder as NSString).appendingPathComponent(relative)
      guard let text = try InputFile.read(path, maxBytes: GoldenManifest.maxBytes) else { continue }
      let manifest = try GoldenManifest(text: String(decoding: text, as: UTF8.self), path: path)
      let target = (path as NSString).deletingPathExtension + "." + manifest.format.fileExtension
      guard !FileManager.default.fileExists(atPath: target) else {
        throw CommandFailure(
          "\(target) is there already beside \(relative): nothing was unpacked",
          status: ExitStatus.badInput)
      }
      guard let bytes = try store.get(manifest.file, maxBytes: InputFile.maxImageBytes) else {
        throw CommandFailure(
          "\(path): the store \(store) has no sha256:\(manifest.file): nothing was unpacked",
          status: ExitStatus.failure)
      }
      // The image is the one the manifest describes, pixel for pixel.
      let bitmap = try RasterFormat.decode(bytes)
      guard GoldenManifest.pixelDigest(bitmap) == manifest.pixels else {
        throw CommandFailure(
          "\(path): the stored image's pixels are not the manifest's: nothing was unpacked",
          status: ExitStatus.badInput)
      }
      images.append((target, bytes, path))
    }
    try writeAll(images.map { ($0.path, $0.bytes) })
    for image in images { try? FileManager.default.removeItem(atPath: image.manifest) }
    return images.count
  }

  /// Writes every file, or (on any failure) removes those written and throws.
  static func writeAll(_ files: [(path: String, bytes: [UInt8])]) throws {
    var written: [String] = []
    do {
      for file in files {
        try AtomicFile.write(file.bytes, to: file.path)
        written.append(file.path)
      }
    } catch {
      for path in written { try? FileManager.default.removeItem(atPath: path) }
      throw CommandFailure("\(error); nothing was written", status: ExitStatus.badInput)
    }
  }
}
