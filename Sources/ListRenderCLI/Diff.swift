import ArgumentParser
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListRender

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two PNGs as pixelmatch does; print the count of differing pixels.",
    discussion:
      "Exit status: 0 when they match, 1 when they differ (or differ in size), 2 for bad input.")

  @Argument(help: "The first (expected) image.")
  var first: String

  @Argument(help: "The second (actual) image.")
  var second: String

  @Option(help: "Matching threshold, \(OptionRange.unit.text) (smaller is more sensitive).")
  var threshold = 0.1

  @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels too.")
  var includeAA = false

  @Option(help: "Opacity of the first image in the diff output, \(OptionRange.unit.text).")
  var alpha = 0.1

  @Flag(name: .customLong("diff-mask"), help: "Draw only differing pixels, over transparency.")
  var diffMask = false

  @Option(name: .shortAndLong, help: "Write the diff image here.")
  var output: String?

  func validate() throws {
    try require(threshold, in: OptionRange.unit, option: "threshold")
    try require(alpha, in: OptionRange.unit, option: "alpha")
  }

  func run() throws {
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
    var options = ComparisonOptions()
    options.threshold = threshold
    options.includeAA = includeAA
    options.alpha = alpha
    options.diffMask = diffMask
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
