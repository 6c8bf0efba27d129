import Foundation

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
