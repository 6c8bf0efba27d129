import Dispatch
import Foundation
import ListRender

// What the commands share: loading a document the way a command names it, timing phases.

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
    Terminal.error(lines.joined(separator: "\n") + "\n")
  }
}
