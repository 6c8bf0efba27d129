import Foundation
import Synchronization

/// The one progress display of the command line: a bar on standard error when it is a
/// terminal (`███···· 12/30 label`); otherwise each update's plain line, if it has one, on
/// standard output. Safe to update from several threads.
package final class ProgressBar: Sendable {
  private let total: Int
  private let terminal = isatty(STDERR_FILENO) != 0
  /// Serialises what workers write.
  private let output = Mutex(())

  package init(total: Int) { self.total = total }

  /// `done` of the total are finished; `label` names the latest, `plainLine` is printed
  /// instead of the bar when standard error is not a terminal.
  package func update(done: Int, label: String, plainLine: String? = nil) {
    output.withLock { _ in
      if terminal {
        let width = 30
        let filled = total == 0 ? width : width * min(done, total) / total
        let bar =
          String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        Terminal.error("\r\(bar) \(done)/\(total) \(label)\u{1B}[K")
      } else if let plainLine {
        print(plainLine)
      }
    }
  }

  /// Clears the bar.
  package func finish() {
    if terminal { Terminal.error("\r\u{1B}[K") }
  }
}
