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
    var options = ComparisonOptions()
    options.threshold = threshold
    options.includeAA = includeAA
    options.alpha = alpha
    options.diffMask = diffMask
    try ImageDiff.run(first, second, options: options, output: output)
  }
}
