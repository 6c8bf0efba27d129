import Dispatch
import FileIO
import Foundation
import GoldenSuite
import ImageCodec
import ListModel

/// SIGINT and SIGTERM remove the temporaries and the outputs of an unfinished run, then end the
/// process with 128 + the signal (130, 143).
enum Interrupts {
  /// Installs the handlers; keep the returned sources alive for the life of the process.
  static func install() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { Interruption.removeAllAndExit(status: 128 + number) }
      source.resume()
      return source
    }
  }
}
