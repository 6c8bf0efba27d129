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
    let decisions = try Review.read(review)
    let goldens = try ReviewAcceptance.goldens(decisions, report: report)
    var who = "review"
    if let reviewer = decisions.reviewer, !reviewer.isEmpty { who += " by \(reviewer)" }
    if let time = decisions.time { who += " at \(time)" }
    if let run = decisions.run?.time { who += ", made on the run of \(run)" }
    Terminal.error(terminalSafe(who, lineBreaks: false) + "\n")
    let here = canonical(FileManager.default.currentDirectoryPath)
    func shown(_ path: String) -> String {
      path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
    func line(_ verb: String, _ golden: ReviewAcceptance.Golden) -> String {
      terminalSafe(
        "\(verb) \(golden.name): \(shown(golden.path))"
          + (golden.reason.map { " (\($0))" } ?? ""), lineBreaks: false) + "\n"
    }
    let plural = { (count: Int) in count == 1 ? "" : "s" }
    if dryRun {
      for golden in goldens { Terminal.out(line("would accept", golden)) }
      Terminal.error(
        "\(goldens.count) golden\(plural(goldens.count)) would be written; nothing was written (--dry-run)\n"
      )
      return
    }
    // All of them or none: each to a temporary, renamed once every one is whole.
    let staged = StagedOutputs()
    do {
      for golden in goldens {
        guard case .file = OutputTarget(golden.path) else {
          throw CommandFailure(
            "accept: nothing was written: \(golden.name): its golden \(golden.path) leads to a device or a pipe",
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
    for golden in goldens { Terminal.out(line("accepted", golden)) }
    for entry in decisions.reject {
      Terminal.error(
        terminalSafe(
          "rejected \(entry.name)" + (entry.reason.map { " (\($0))" } ?? ""), lineBreaks: false)
          + "\n")
    }
    Terminal.error(
      "\(goldens.count) golden\(plural(goldens.count)) written; \(decisions.reject.count) rejected left as they are\n"
    )
  }
}
