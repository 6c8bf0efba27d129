import Dispatch
import Foundation
import ImageCodec
import ListModel
import ListPainter
import Synchronization

// What the command line's render and animate share with the library: loading a document the
// way a command names it, timing phases, and writing frames while the next is painted.

/// The spec's document (`-`: from standard input), or the built-in showcase (its images
/// registered with `renderer`), with the command line's `--scale` and `--width` applied.
package func loadDocument(
  _ spec: String?, renderer: ListRenderer, scale: Double?, width: Double?,
  allowing folders: [String] = []
) throws -> ListDocument {
  var document =
    if spec == "-" {
      try ListDocument.loadStandardInput(allowing: folders)
    } else if let spec {
      try ListDocument.load(path: spec, allowing: folders)
    } else {
      try Showcase.document(registeringImagesWith: renderer)
    }
  if let scale { document.canvas.scale = scale }
  if let width { document.canvas.width = width }
  return document
}

/// Wall-clock time per phase, printed to stderr with `--timings`.
package struct PhaseClock {
  package let enabled: Bool
  private var last = DispatchTime.now()
  private var laps: [(String, Double)] = []

  package init(enabled: Bool) { self.enabled = enabled }

  package mutating func lap(_ name: String) {
    guard enabled else { return }
    let now = DispatchTime.now()
    laps.append((name, Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e6))
    last = now
  }

  package func report() {
    guard enabled else { return }
    let lines = laps.map {
      $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: "%8.2f ms", $0.1)
    }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
  }
}

/// Work done on one background thread in order, at most two items ahead of the caller; the
/// first error stops the rest and is thrown to the caller.
package final class FramePipeline: Sendable {
  /// A pipeline with its own queue.
  package init() {}

  private let queue = DispatchQueue(label: "listrender.frames")
  private let slots = DispatchSemaphore(value: 2)
  private let failure = Mutex<(any Error)?>(nil)

  /// Queues `work` (waiting while two items are queued); throws an earlier item's error.
  package func submit(_ work: @escaping @Sendable () throws -> Void) throws {
    try check()
    slots.wait()
    queue.async { [self] in
      defer { slots.signal() }
      guard failure.withLock({ $0 == nil }) else { return }
      do { try work() } catch { failure.withLock { $0 = $0 ?? error } }
    }
  }

  /// Waits for every queued item; throws the first error.
  package func finish() throws {
    queue.sync {}
    try check()
  }

  private func check() throws {
    if let error = failure.withLock({ $0 }) { throw error }
  }
}

/// PNG bytes of consecutive frames: a frame identical to the one before it reuses its bytes.
package final class FrameFiles: Sendable {
  /// Files with no frame before the first.
  package init() {}

  private let previous = Mutex<(image: PaintedImage, png: [UInt8])?>(nil)

  /// The PNG of `image` (compressed on this thread: the caller's is painting the next frame).
  package func png(for image: PaintedImage, alpha: Bool) throws -> [UInt8] {
    if let last = previous.withLock({ $0 }), last.image.hasSamePixels(as: image) {
      previous.withLock { $0 = (image, last.png) }
      return last.png
    }
    let png = try PNGCodec.encode(rows: image, alpha: alpha, threads: 1)
    previous.withLock { $0 = (image, png) }
    return png
  }
}

/// One warning per text element of `tree` that has a character no font has (drawn as a box
/// under `--allow-missing-glyphs`), not repeating `seen` paths; adds them to `seen`.
package func missingGlyphWarnings(_ tree: LayoutTree, seen: inout Set<String>) -> [String] {
  var warnings: [String] = []
  for element in tree.elements {
    guard case .text(let block) = element.content, let scalar = block.missingCharacter else {
      continue
    }
    let path = "\(element.source).\(element.role.rawValue)"
    guard seen.insert(path).inserted else { continue }
    let code = String(scalar.value, radix: 16, uppercase: true)
    let name = scalar.properties.name.map { " " + $0 } ?? ""
    warnings.append(
      "warning: \(path): no font has U+\(String(repeating: "0", count: max(0, 4 - code.count)))"
        + "\(code)\(name); drawn as a box")
  }
  return warnings
}
