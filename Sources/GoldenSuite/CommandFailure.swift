import Foundation
import ListRender

/// An error that says which exit status a command ends with.
package protocol ExitStatusError: Error {
  /// The process's exit status: 2 for bad input (a spec, arguments), 1 for anything else.
  var exitStatus: Int32 { get }
}

/// Exit statuses: 2 for bad input (spec or arguments), 1 for anything else.
package enum ExitStatus {
  /// A spec, a fixture or an argument is wrong.
  package static let badInput: Int32 = 2
  /// Anything else: a failed comparison, a file that cannot be written.
  package static let failure: Int32 = 1
}

/// A failure of a command or a suite run: its message (nil when it was already shown) and its
/// exit status.
package struct CommandFailure: ExitStatusError, CustomStringConvertible {
  /// What went wrong, as one line; nil when it has been printed already.
  package let message: String?
  /// The exit status.
  package let exitStatus: Int32

  /// A failure with a message and an exit status.
  package init(_ message: String?, status: Int32) {
    self.message = message
    self.exitStatus = status
  }

  /// A failure already reported (for example as a list of failed cases).
  package init(status: Int32) { self.init(nil, status: status) }

  /// The message.
  package var description: String { message ?? "failed with exit status \(exitStatus)" }

  /// Any error as a command reports it: a spec error as it is (its `file:line:column` first);
  /// a layout error prefixed by the spec `file` it comes from, as bad input; others as
  /// sentences, with exit status 1.
  package static func wrapping(_ error: any Error, file: String? = nil) -> any Error {
    switch error {
    case let error as LayoutError:
      return CommandFailure(
        (file.map { "\($0): " } ?? "") + error.description, status: error.exitStatus)
    case let error as any ExitStatusError: return error
    default: return CommandFailure(sentence(for: error), status: ExitStatus.failure)
    }
  }
}

extension SpecError: ExitStatusError {
  /// Bad input: 2.
  package var exitStatus: Int32 { ExitStatus.badInput }
}

extension LayoutError: ExitStatusError {
  /// Bad input: 2.
  package var exitStatus: Int32 { ExitStatus.badInput }
}

extension ExportError: ExitStatusError {
  /// Bad input: 2 (an output refused before anything was written).
  package var exitStatus: Int32 { ExitStatus.badInput }
}

/// Foundation's file errors as sentences (`cannot write report: not a directory`), never
/// `Error Domain=NSCocoaErrorDomain Code=512`; other errors as they describe themselves.
package func sentence(for error: Error) -> String {
  let nsError = error as NSError
  guard nsError.domain == NSCocoaErrorDomain else { return "\(error)" }
  let path =
    (nsError.userInfo[NSFilePathErrorKey] as? String)
    ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
  var reason = "the operation failed"
  if let underlyingError = nsError.userInfo[NSUnderlyingErrorKey] as? any Error,
    case let underlying = underlyingError as NSError, underlying.domain == NSPOSIXErrorDomain
  {
    reason = String(cString: strerror(Int32(underlying.code))).lowercased()
  } else if nsError.code == NSFileNoSuchFileError || nsError.code == NSFileReadNoSuchFileError {
    reason = "it does not exist"
  } else if nsError.code == NSFileWriteNoPermissionError
    || nsError.code == NSFileReadNoPermissionError
  {
    reason = "permission denied"
  }
  let verb =
    (NSFileReadUnknownError...NSFileReadUnknownStringEncodingError).contains(nsError.code)
    ? "read" : "write"
  return "cannot \(verb) \(path): \(reason)"
}
