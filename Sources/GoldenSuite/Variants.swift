import Foundation
import GoldenImage
import ImageCodec
import ListLayout
import ListModel
import ListRender

/// `i/n`: the cases whose index (in sorted order) is i−1 modulo n.
package struct Shard {
  let index: Int
  let count: Int

  package init(_ text: String) throws {
    let parts = text.split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
      throw CommandFailure(
        "--shard must be i/n with 1 ≤ i ≤ n, such as 2/4", status: ExitStatus.badInput)
    }
    index = parts[0]
    count = parts[1]
  }

  package func contains(_ position: Int) -> Bool { position % count == index - 1 }
}

/// One axis of `--variants`: a canvas field and its values.
package struct VariantAxis {
  /// Every canvas key can be an axis.
  package static let keys = CanvasKey.allCases.map(\.rawValue)
  let key: String
  let values: [String]

  package static func parse(_ arguments: [String]) throws -> [VariantAxis] {
    try arguments.map { argument in
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, keys.contains(parts[0]) else {
        throw CommandFailure(
          "--variants takes key=value,value with key one of \(keys.joined(separator: ", ")); got '\(argument)'",
          status: ExitStatus.badInput)
      }
      let values = parts[1].split(separator: ",").map(String.init)
      guard !values.isEmpty else {
        throw CommandFailure("--variants \(parts[0]) has no values", status: ExitStatus.badInput)
      }
      // Each value is checked now, as the spec would check it, not case by case later.
      for value in values {
        var probe = ListDocument()
        do {
          try apply([(parts[0], value)], to: &probe)
        } catch let error as SpecError {
          throw CommandFailure(
            "--variants \(parts[0])=\(value): \(error.message)", status: ExitStatus.badInput)
        }
      }
      return VariantAxis(key: parts[0], values: values)
    }
  }

  /// Every combination, in the order given: [[(key, value)]]; one empty combination for none.
  package static func combinations(_ axes: [VariantAxis]) -> [[(key: String, value: String)]] {
    axes.reduce([[]]) { partial, axis in
      partial.flatMap { prefix in axis.values.map { prefix + [(axis.key, $0)] } }
    }
  }

  /// Applies one combination to a document by decoding each value as the spec would.
  package static func apply(
    _ combination: [(key: String, value: String)], to document: inout ListDocument
  )
    throws
  {
    for (key, value) in combination {
      let yaml = "canvas: { \(key): \(value) }\nsections: []"
      let canvas = try ListDocument.decode(yaml: yaml, file: "--variants").canvas
      guard let canvasKey = CanvasKey(rawValue: key) else { continue }  // parse() checked it
      document.canvas.take(canvasKey, from: canvas)
    }
  }
}
