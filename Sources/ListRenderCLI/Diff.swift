import ArgumentParser
import Foundation
import GoldenImage
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
      a = try readPNG(first)
      b = try readPNG(second)
    } catch {
      printError("\(error)")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    guard a.width == b.width, a.height == b.height else {
      printError(
        "image sizes differ: \(first) is \(a.width)×\(a.height), \(second) is \(b.width)×\(b.height)"
      )
      throw ReportedFailure(status: ExitStatus.failure)
    }
    var options = ComparisonOptions()
    options.threshold = threshold
    options.includeAA = includeAA
    options.alpha = alpha
    options.diffMask = diffMask
    let started = DispatchTime.now()
    guard let result = Pixelmatch.compare(a, b, options: options, makeDiff: output != nil) else {
      throw ReportedFailure(status: ExitStatus.failure)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
    if let output, let diff = result.diff {
      do {
        try AtomicFile.write(try PNGCodec.encode(diff), to: output)
      } catch { throw report(error) }
    }
    let percent = Double(result.differingPixels) * 100 / Double(max(1, a.width * a.height))
    print("matched in: \(String(format: "%.3f", elapsed))ms")
    print("different pixels: \(result.differingPixels)")
    print("error: \(String(format: "%.2f", percent))%")
    if result.differingPixels > 0 { throw ReportedFailure(status: ExitStatus.failure) }
  }
}

/// Reads and decodes a PNG, naming the file in errors.
func readPNG(_ path: String) throws -> Bitmap {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CLIError("\(path): cannot read the file")
  }
  do {
    return try PNGCodec.decode([UInt8](data))
  } catch {
    throw CLIError("\(path): \(error)")
  }
}

/// A message for the terminal.
struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
