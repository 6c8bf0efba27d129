import Dispatch
import Foundation
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
      source.setEventHandler {
        Interruption.removeAll()
        _exit(128 + number)
      }
      source.resume()
      return source
    }
  }
}

/// Refuses, before any work, outputs that are empty or would write over an input or over
/// another output of the same command: each is reported (exit status 2).
/// - Parameters:
///   - outputs: each output's option and path.
///   - inputs: each input's description and path.
///   - folders: output folders and the file names the command will write into each.
func checkOutputs(
  _ outputs: [(option: String, path: String)], inputs: [(what: String, path: String)],
  folders: [(option: String, path: String, names: [String])] = []
) throws {
  var written: [(option: String, path: String)] = []
  for output in outputs {
    guard !output.path.isEmpty else {
      printError("\(output.option) is empty: give a file name")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    written.append((output.option, canonical(output.path)))
  }
  for folder in folders {
    guard !folder.path.isEmpty else {
      printError("\(folder.option) is empty: give a folder")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    let base = canonical(folder.path)
    written += folder.names.map {
      ("\(folder.option) \(folder.path)", (base as NSString).appendingPathComponent($0))
    }
  }
  let read = inputs.map { ($0.what, canonical($0.path)) }
  var seen: [String: String] = [:]
  for (option, path) in written {
    if let input = read.first(where: { $0.1 == path }) {
      printError("\(option) would write over \(input.0) (\(path)); choose another output")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    if let other = seen[path] {
      printError("\(other) and \(option) both write \(path); give them different paths")
      throw ReportedFailure(status: ExitStatus.badInput)
    }
    seen[path] = option
  }
}
