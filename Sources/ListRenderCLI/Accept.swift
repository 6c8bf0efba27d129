import ArgumentParser
import FileIO
import Foundation
import GoldenSuite
import ListRender

struct Accept: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "accept",
    abstract: "Write the goldens a review accepted, from a report's own images.",
    discussion: """
      REVIEW is the review.json a report's Download review button saves: the cases accepted \
      and rejected on the page, each with the digest of the actual image the reviewer saw. \
      Every accepted case's golden is written from that report's actual image (PNG or WebP, \
      with the fingerprint and layout record writes), and nothing else. No server: the page \
      works from a file, offline.
      Exit status: 0 when every accepted golden was written; 2, with nothing written, for a \
      case the report does not hold, an image that is no longer the one reviewed (a newer run \
      replaced it), or a golden outside the report's goldens folder.
      """)

  @Argument(help: ArgumentHelp("The review the report saved.", valueName: "review.json"))
  var review: String

  @Option(help: ArgumentHelp("The report folder the review was made on.", valueName: "dir"))
  var report = "report"

  func run() throws {
    let decisions = try Review.read(review)
    let goldens = try ReviewAcceptance.goldens(decisions, report: report)
    // All of them or none: each to a temporary, renamed once every one is whole.
    let staged = StagedOutputs()
    do {
      for golden in goldens {
        guard case .file = OutputTarget(golden.path) else {
          throw CommandFailure(
            "accept: \(golden.name): its golden \(golden.path) leads to a device or a pipe",
            status: ExitStatus.badInput)
        }
        try FileManager.default.createDirectory(
          atPath: parentPath(golden.path).isEmpty ? "." : parentPath(golden.path),
          withIntermediateDirectories: true)
        try staged.add(golden.bytes, to: golden.path)
      }
      try staged.commit()
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error)
    }
    for golden in goldens { Terminal.out("accepted \(golden.name): \(golden.path)\n") }
    Terminal.error(
      "\(goldens.count) golden\(goldens.count == 1 ? "" : "s") written; \(decisions.reject.count) rejected left as they are\n"
    )
  }
}
