import ArgumentParser
import CommandSupport
import Foundation
import GoldenImage
import GoldenSuite
import ListModel
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

func printError(_ message: String) {
  FileHandle.standardError.write(Data("listrender: \(message)\n".utf8))
}

/// Prints a failure on standard error. A spec error starts with its own file:line:column
/// (editors and CI problem matchers read it); other messages are the tool's.
func printFailure(_ error: any ExitStatusError) {
  switch error {
  case let error as SpecError:
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
  case let failure as CommandFailure:
    if let message = failure.message { printError(message) }
  default:
    printError("\(error)")
  }
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
    } catch let error as any ExitStatusError {
      // The error carries its exit status.
      printFailure(error)
      exit(error.exitStatus)
    } catch {
      let code = ListRenderCommand.exitCode(for: error)
      guard code != .success else { ListRenderCommand.exit(withError: error) }
      // Argument errors are bad input too: same status as a bad spec.
      FileHandle.standardError.write(Data((ListRenderCommand.fullMessage(for: error) + "\n").utf8))
      exit(code == .validationFailure ? ExitStatus.badInput : code.rawValue)
    }
  }
}
