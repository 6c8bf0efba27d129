import ArgumentParser
import FileIO
import Foundation
import GoldenSuite

struct MergeReports: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-reports",
    abstract: "Join the report folders that the shards of one suite wrote into one report.",
    discussion: """
      Each folder is a `verify --report` folder (it keeps results.json). The merged report has \
      the summary, case list and verdicts an unsharded run of the same cases would have, every \
      failure's images, and last-failed for the whole suite.
      Exit status: 0 when every case passed, 1 when any failed or is missing, 2 for a folder \
      that is not a report, two shards that share a case, or a case that could not be checked.
      """)

  @Argument(help: ArgumentHelp("The shards' report folders.", valueName: "dir"))
  var folders: [String]

  @Option(help: ArgumentHelp("The merged report folder.", valueName: "dir"))
  var report: String

  @OptionGroup var reportOptions: ReportOptions

  func run() throws {
    let standard = URL(fileURLWithPath: report).standardizedFileURL.path
    for folder in folders where URL(fileURLWithPath: folder).standardizedFileURL.path == standard {
      throw CommandFailure(
        "--report \(report) is also a folder to merge; give another", status: ExitStatus.badInput)
    }
    let run = try ReportMerge(
      folders: folders, report: report, outputs: try reportOptions.outputs()
    ).run()
    Terminal.error(run.summary + "\n")
    Terminal.error("report: \((report as NSString).appendingPathComponent("index.html"))\n")
    if run.exitStatus != 0 { throw CommandFailure(status: run.exitStatus) }
  }
}
