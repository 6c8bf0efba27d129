import Dispatch
import FileIO
import Foundation
import GoldenImage
import ListRender

/// `listrender diff`: two PNGs compared as pixelmatch does, the counts printed and the diff
/// image written when asked.
package enum ImageDiff {
  /// Compares `first` with `second`, prints the time, the count and the share of differing
  /// pixels, and writes the diff image to `output`.
  /// - Throws: ``CommandFailure``: exit 1 when any pixel differs or the sizes do, 2 for an
  ///   image that cannot be read or an output that is an input.
  package static func run(
    _ first: String, _ second: String, options: ComparisonOptions, output: String?
  ) throws {
    if let output {
      try checkOutputs(
        [("-o", output)], inputs: [("the first image", first), ("the second image", second)])
    }
    let a: Bitmap
    let b: Bitmap
    do {
      a = try PNGCodec.decode(file: first)
      b = try PNGCodec.decode(file: second)
    } catch {
      throw CommandFailure("\(error)", status: ExitStatus.badInput)
    }
    guard a.width == b.width, a.height == b.height else {
      throw CommandFailure(
        "image sizes differ: \(first) is \(a.width)×\(a.height), \(second) is \(b.width)×\(b.height)",
        status: ExitStatus.failure)
    }
    let started = DispatchTime.now()
    guard let result = Pixelmatch.compare(a, b, options: options, makeDiff: output != nil) else {
      throw CommandFailure(status: ExitStatus.failure)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
    if let output, let diff = result.diff {
      do {
        try AtomicFile.write(try PNGCodec.encode(diff), to: output)
      } catch { throw CommandFailure.wrapping(error) }
    }
    let percent = Double(result.differingPixels) * 100 / Double(max(1, a.width * a.height))
    print("matched in: \(String(format: "%.3f", elapsed))ms")
    print("different pixels: \(result.differingPixels)")
    print("error: \(String(format: "%.2f", percent))%")
    if result.differingPixels > 0 { throw CommandFailure(status: ExitStatus.failure) }
  }
}
