import Dispatch
import Foundation
import Synchronization

// What a command line says on its standard streams: text, a progress bar, phase timings.

/// What the commands say on their standard streams. A closed or full stream loses the text
/// rather than stopping the process (Foundation's `FileHandle.write(_:)` traps on an error);
/// an output that fails there is reported by the write that matters, the output's own.
package enum Terminal {
  /// Writes `text` to standard output as it is (unbuffered: seen at once through a pipe).
  package static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

  /// Writes `text` to standard error as it is.
  package static func error(_ text: String) { write(text, to: STDERR_FILENO) }

  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      bytes = bytes.dropFirst(count)
    }
  }
}

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

/// The standard streams as the outputs need them.
package enum StandardStreams {
  /// A closed pipe's reader is an error to report (`cannot write -: the pipe's reader has closed
  /// it`, exit 1), not a signal that ends the process; a standard descriptor the shell closed
  /// (`>&-`) is held by /dev/null opened the wrong way, so that no file this process opens
  /// takes its number and writing to it fails (`it is not open for writing`).
  package static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    for (number, flags) in [
      (STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY),
    ] where fcntl(number, F_GETFD) < 0 {
      let held = open("/dev/null", flags | O_CLOEXEC)
      if held >= 0, held != number {
        dup2(held, number)
        close(held)
      }
    }
  }
}

/// Wall-clock time per phase, printed to stderr with `--timings`.
package struct PhaseClock {
  package let enabled: Bool
  private var last = DispatchTime.now()
  private var laps: [(String, Double)] = []

  package init(enabled: Bool) { self.enabled = enabled }

  /// Ends the phase `name`; a phase ended twice (a spec's reading and the export's own
  /// checks, both "decode") is one line with the times added.
  package mutating func lap(_ name: String) {
    guard enabled else { return }
    let now = DispatchTime.now()
    let milliseconds = Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e6
    if let index = laps.firstIndex(where: { $0.0 == name }) {
      laps[index].1 += milliseconds
    } else {
      laps.append((name, milliseconds))
    }
    last = now
  }

  package func report() {
    guard enabled else { return }
    Terminal.error(Self.table(laps) + "\n")
  }

  /// Phases and milliseconds in two aligned columns, however long a name or a time.
  package static func table(_ laps: [(String, Double)]) -> String {
    let numbers = laps.map { String(format: "%.2f", $0.1) }
    let nameWidth = (laps.map(\.0.count).max() ?? 0) + 2
    let numberWidth = max(8, numbers.map(\.count).max() ?? 0)
    return zip(laps, numbers).map { lap, number in
      lap.0.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + String(repeating: " ", count: numberWidth - number.count) + number + " ms"
    }.joined(separator: "\n")
  }
}
