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
      REVIEW is the review.json a report's Download review button saves: who reviewed, on \
      which run, the cases accepted and rejected on the page, each with the digest of the \
      actual image the reviewer saw and an optional reason. Every accepted case's golden is \
      written from that report's actual image (PNG or WebP, with the fingerprint and layout \
      record writes), and nothing else, into the suite's goldens folder as the report names it \
      (its absolute path, else the path from the report folder; never the current folder). \
      No server: the page works from a file, offline.
      Exit status: 0 when every accepted golden was written (or, with --dry-run, would be); 2, \
      with nothing written and every reason named, for a case the report does not hold, an \
      image that is no longer the one reviewed (a newer run replaced it), a golden outside the \
      goldens folder or reached through a link, or a goldens folder that does not hold the \
      golden the report compared against.
      """)

  @Argument(help: ArgumentHelp("The review the report saved.", valueName: "review.json"))
  var review: String

  @Option(help: ArgumentHelp("The report folder the review was made on.", valueName: "dir"))
  var report = "report"

  @Flag(help: "Print what would be written, and write nothing.")
  var dryRun = false

  func run() throws {
    try ReviewAcceptance.accept(review: review, report: report, dryRun: dryRun)
  }
}
