import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a part:
/// the bytes go to a temporary file beside the target, which is then renamed over it.
///
/// ```swift
/// try AtomicFile.write(pngBytes, to: "out/showcase.png")
/// ```
public enum AtomicFile {
  /// Writes `bytes` to `path`, creating missing parent folders.
  public static func write<Bytes: Collection>(_ bytes: Bytes, to path: String) throws
  where Bytes.Element == UInt8 {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try Data(bytes).write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
