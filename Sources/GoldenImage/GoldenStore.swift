import FileIO
import Foundation

/// Where manifest goldens keep their images: content-addressed, each file under the SHA-256 of
/// its bytes, which every read checks (bytes under another digest are refused, named).
package protocol GoldenStore: Sendable, CustomStringConvertible {
  /// The bytes stored under `digest`, checked against it; nil when the store has none.
  /// - Throws: ``GoldenStoreError`` when the store cannot be read, or gives other bytes.
  func get(_ digest: String, maxBytes: Int) throws -> [UInt8]?
  /// Keeps `bytes` under their SHA-256 (nothing is written when they are there already).
  func put(_ bytes: [UInt8]) throws -> String
}

/// A store that failed, or gave bytes that are not what was asked for.
package struct GoldenStoreError: Error, CustomStringConvertible {
  package var store: String
  package var reason: String
  package var description: String { "the golden store \(store): \(reason)" }
}

extension GoldenStore {
  /// `bytes` if their SHA-256 is `digest`, else the error naming both.
  func checked(_ bytes: [UInt8], _ digest: String) throws -> [UInt8] {
    let actual = SHA256.hex(of: bytes)
    guard actual == digest else {
      throw GoldenStoreError(
        store: description,
        reason:
          "it gave \(bytes.count) bytes for sha256:\(digest) whose SHA-256 is \(actual): refused")
    }
    return bytes
  }
}

/// A folder store: `<folder>/cas/<sha256>`, the layout of Bazel's remote cache, so that a
/// folder and an HTTP cache hold the same names.
package struct FolderStore: GoldenStore {
  package var folder: String

  package init(folder: String) { self.folder = folder }

  package var description: String { folder }

  func path(_ digest: String) -> String {
    ((folder as NSString).appendingPathComponent("cas") as NSString).appendingPathComponent(digest)
  }

  package func get(_ digest: String, maxBytes: Int) throws -> [UInt8]? {
    guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit }) else { return nil }
    let bytes: [UInt8]?
    do {
      bytes = try InputFile.read(path(digest), maxBytes: maxBytes)
    } catch {
      throw GoldenStoreError(store: description, reason: "\(error)")
    }
    return try bytes.map { try checked($0, digest) }
  }

  package func put(_ bytes: [UInt8]) throws -> String {
    let digest = SHA256.hex(of: bytes)
    let target = path(digest)
    // Content-addressed: a file already there under its digest is these bytes (a damaged one
    // is refused when read, and written again here).
    if (try? get(digest, maxBytes: bytes.count)) != nil { return digest }
    do {
      try FileManager.default.createDirectory(
        atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try AtomicFile.write(bytes, to: target)
    } catch {
      throw GoldenStoreError(store: description, reason: "cannot write \(target): \(error)")
    }
    return digest
  }
}

/// The store a `--store` value names: an `http://` or `https://` URL (``HTTPStore``), else a
/// folder (``FolderStore``).
package enum GoldenStores {
  package static func open(_ text: String) throws -> any GoldenStore {
    if text.hasPrefix("http://") || text.hasPrefix("https://") {
      // Without its trailing slashes: objects are at <url>/cas/<sha256>.
      var trimmed = Substring(text)
      while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
      guard let url = URL(string: String(trimmed)), url.host != nil else {
        throw GoldenStoreError(store: text, reason: "not a URL")
      }
      let environment = ProcessInfo.processInfo.environment
      // Seconds a transfer may take (tests make it short); 30 by default, 1 to 600.
      let timeout =
        environment["LISTRENDER_STORE_TIMEOUT"].flatMap(Double.init)
        .map { min(600, max(0.1, $0.isFinite ? $0 : 30)) } ?? 30
      return HTTPStore(
        url: url, authorization: environment["LISTRENDER_STORE_AUTHORIZATION"], timeout: timeout)
    }
    if text.contains("://") {
      throw GoldenStoreError(
        store: text, reason: "a store is a folder, or an http:// or https:// URL")
    }
    guard !text.isEmpty, !text.contains("\0") else {
      throw GoldenStoreError(store: text, reason: "expected a folder")
    }
    return FolderStore(folder: text)
  }
}
