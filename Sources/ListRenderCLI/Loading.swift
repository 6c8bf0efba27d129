import Dispatch
import Foundation
import ListRender

// What the commands share: loading a document the way a command names it, timing phases.

/// The spec's document (`-`: from standard input), or the built-in showcase (its images
/// registered with `renderer`, which it needs), with the command line's `--scale` and `--width`
/// applied.
package func loadDocument(
  _ spec: String?, renderer: ListRenderer?, scale: Double?, width: Double?,
  allowing folders: [String] = [], locale: String? = nil, warnings: Bool = false,
  tokens: (brand: MisticaSkin, file: MisticaTokenFile)? = nil
) throws -> ListDocument {
  var document =
    if spec == "-" {
      try ListDocument.loadStandardInput(allowing: folders)
    } else if let spec {
      try ListDocument.load(path: spec, allowing: folders)
    } else {
      try Showcase.document(registeringImagesWith: renderer ?? ListRenderer())
    }
  if let scale { document.canvas.scale = scale }
  if let width { document.canvas.width = width }
  if let locale { document = try document.localized(to: locale) }
  // A brand's token file takes the place of that brand's skin, and only that brand's.
  if let tokens {
    if document.canvas.theme == .mistica, document.canvas.skin == tokens.brand {
      document.canvas.tokens = tokens.file
    } else if warnings {
      Terminal.error(
        "\(spec ?? "showcase"): note: --tokens gives \(tokens.brand.rawValue)'s tokens; this list is drawn in \(document.canvas.theme == .mistica ? document.canvas.skin.rawValue : document.canvas.theme.rawValue)\n"
      )
    }
  }
  // A keyed label drawn in another locale's text, or an unfinished one, is never silent.
  if warnings {
    if let fallback = document.marks.localeFallback {
      Terminal.error("\(spec ?? "showcase"): note: \(fallback)\n")
    }
    for note in document.marks.translationNotes {
      Terminal.error("\(spec ?? "showcase"): warning: \(note.message)\n")
    }
    for note in document.marks.colorNotes {
      Terminal.error("\(spec ?? "showcase"): warning: \(note)\n")
    }
  }
  return document
}

/// Wall-clock time per phase, printed to stderr with `--timings`.
package struct PhaseClock {
  package let enabled: Bool
  private var last = DispatchTime.now()
  private var laps: [(String, Double)] = []

  package init(enabled: Bool) { self.enabled = enabled }

  /// Ends the phase `name`; a phase ended twice (a spec's reading and the export's own
  /// checks, both "decode") is one line with the times added.
  package mutating func lap(_ name: String) {
    guard enabled else { return }
    let now = DispatchTime.now()
    let milliseconds = Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e6
    if let index = laps.firstIndex(where: { $0.0 == name }) {
      laps[index].1 += milliseconds
    } else {
      laps.append((name, milliseconds))
    }
    last = now
  }

  package func report() {
    guard enabled else { return }
    Terminal.error(Self.table(laps) + "\n")
  }

  /// Phases and milliseconds in two aligned columns, however long a name or a time.
  package static func table(_ laps: [(String, Double)]) -> String {
    let numbers = laps.map { String(format: "%.2f", $0.1) }
    let nameWidth = (laps.map(\.0.count).max() ?? 0) + 2
    let numberWidth = max(8, numbers.map(\.count).max() ?? 0)
    return zip(laps, numbers).map { lap, number in
      lap.0.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + String(repeating: " ", count: numberWidth - number.count) + number + " ms"
    }.joined(separator: "\n")
  }
}
