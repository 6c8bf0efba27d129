import FileIO
import Foundation
import Synchronization

extension GoldenSuite {
  /// Runs the suite as `verify` and `record` do, printing what it tells: a progress bar (or one
  /// line a case when standard error is not a terminal), failures, the summary, the files
  /// written and how to accept the failures.
  /// - Throws: ``CommandFailure`` carrying the run's exit status when it is not 0.
  package func runOnTerminal() throws {
    let suite = self
    let progress = Mutex<ProgressBar?>(nil)
    // Each warning once a run (a locale's fallback is the same for every case drawn in it).
    let warned = Mutex<Set<String>>([])
    let run = try suite.run { event in
      switch event {
      case .caseFinished(let result, let done, let total):
        let fresh = warned.withLock { seen in
          result.warnings.filter { seen.insert($0).inserted }
        }
        if !fresh.isEmpty {
          progress.withLock { bar in
            bar?.finish()
            bar = nil
          }
          for warning in fresh {
            Terminal.error(terminalSafe("\(result.suiteCase.fixture): warning: \(warning)") + "\n")
          }
        }
        let outcome = result.report.outcome.rawValue.padding(
          toLength: 8, withPad: " ", startingAt: 0)
        progress.withLock { bar in
          if bar == nil { bar = ProgressBar(total: total) }
          bar?.update(
            done: done, label: result.report.name, plainLine: "\(outcome) \(result.report.name)")
        }
      case .caseFailed(let result):
        progress.withLock { bar in
          bar?.finish()
          bar = nil
        }
        Terminal.error(terminalSafe(result.report.message) + "\n")
      case .summary(let summary):
        progress.withLock { bar in
          bar?.finish()
          bar = nil
        }
        print(summary)
      case .optimized(let goldens, let before, let after):
        print("optimized \(goldens) goldens: \(before / 1024) KB → \(after / 1024) KB")
      case .annotation(let line): print(line)
      case .wroteReport(let path):
        var shown = path
        for (folder, zip) in suite.configuration.shownPaths {
          shown = shown.replacingOccurrences(of: folder, with: zip)
        }
        print("report: \(shown)")
      case .wroteContactSheet(let path): print("contact sheet: \(path)")
      }
    }
    // Every failing case and variant at once: the list verify kept of them.
    let failing = run.results.filter {
      $0.report.outcome == .failed || $0.report.outcome == .missing
    }
    if !failing.isEmpty, suite.configuration.updatesLastFailed, suite.configuration.mode == .never {
      if suite.configuration.shownPaths.isEmpty {
        print("to accept every failure: \(suite.configuration.acceptCommandForLastFailed)")
      } else {
        // Under Bazel the report folder (and its last-failed list) is zipped away: the cases
        // are named, for a run from the workspace root.
        let names = failing.prefix(50).map(\.report.name)
        print(
          "to accept every failure, from the workspace root: \(suite.configuration.acceptCommand(filtering: names))"
            + (failing.count > 50 ? " (the first 50 of \(failing.count))" : ""))
      }
    }
    if run.exitStatus != 0 { throw CommandFailure(status: run.exitStatus) }
  }
}
