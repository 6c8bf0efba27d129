import ArgumentParser
import Foundation
import GoldenImage
import ListRender

/// `listrender`: a thin command over the ListRender library.
struct ListRenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "listrender",
    abstract: "Draw list user interfaces to PNG with Cairo and Pango.",
    version: "listrender 0.1.0",
    subcommands: [Render.self, Animate.self, Verify.self, Record.self, Diff.self, Doctor.self],
    defaultSubcommand: nil)
}

/// Exit statuses: 2 for bad input (spec or arguments), 1 for anything else.
enum ExitStatus {
  static let badInput: Int32 = 2
  static let failure: Int32 = 1
}

/// An error already reported on stderr, carrying the exit status.
struct ReportedFailure: Error {
  let status: Int32
}

func printError(_ message: String) {
  FileHandle.standardError.write(Data("listrender: \(message)\n".utf8))
}

/// Turns library errors into a message and an exit status; layout errors name `file`, the spec
/// they come from.
func report(_ error: Error, file: String? = nil) -> ReportedFailure {
  switch error {
  case let error as SpecError:
    // `file:line:column: path: message`, first on the line: editors and CI problem matchers
    // read it.
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    return ReportedFailure(status: ExitStatus.badInput)
  case let error as LayoutError:
    printError((file.map { "\($0): " } ?? "") + error.description)
    return ReportedFailure(status: ExitStatus.badInput)
  default:
    printError(sentence(for: error))
    return ReportedFailure(status: ExitStatus.failure)
  }
}

/// Foundation's file errors as sentences (`cannot write report: not a directory`), never
/// `Error Domain=NSCocoaErrorDomain Code=512`; other errors as they describe themselves.
func sentence(for error: Error) -> String {
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

@main
enum Main {
  static func main() {
    let interrupts = Interrupts.install()
    defer { withExtendedLifetime(interrupts) {} }
    // A mistyped subcommand gets a suggestion rather than "unexpected arguments".
    let names = ListRenderCommand.configuration.subcommands.map { $0._commandName } + ["help"]
    if let first = CommandLine.arguments.dropFirst().first, !first.hasPrefix("-"),
      !names.contains(first)
    {
      var message = "unknown subcommand '\(first)'"
      if let near = NameSuggestions.nearest(to: first, in: names, count: 1).first {
        message += " (did you mean '\(near)'?)"
      }
      printError(message + "; the subcommands are \(names.dropLast().joined(separator: ", "))")
      exit(ExitStatus.badInput)
    }
    do {
      var command = try ListRenderCommand.parseAsRoot()
      try command.run()
    } catch let failure as ReportedFailure {
      exit(failure.status)
    } catch {
      let code = ListRenderCommand.exitCode(for: error)
      guard code != .success else { ListRenderCommand.exit(withError: error) }
      // Argument errors are bad input too: same status as a bad spec.
      FileHandle.standardError.write(Data((ListRenderCommand.fullMessage(for: error) + "\n").utf8))
      exit(code == .validationFailure ? ExitStatus.badInput : code.rawValue)
    }
  }
}
