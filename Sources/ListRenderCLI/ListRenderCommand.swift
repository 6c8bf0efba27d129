import ArgumentParser
import FileIO
import Foundation
import GoldenImage
import GoldenSuite
import ListModel
import ListRender
import Synchronization

/// `listrender`: a thin command over the ListRender library.
struct ListRenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "listrender",
    abstract: "Draw list user interfaces to PNG with Cairo and Pango.",
    version: "listrender 0.1.0",
    subcommands: [
      Render.self, Animate.self, Verify.self, Record.self, Diff.self, Audit.self, MergeReports.self,
      Doctor.self, Catalog.self, Schema.self, Accept.self, Tokens.self, Goldens.self,
    ],
    defaultSubcommand: nil)
}

func printError(_ message: String) {
  Terminal.error("listrender: \(message)\n")
}

/// Prints a failure on standard error. A spec error starts with its own file:line:column
/// (editors and CI problem matchers read it); other messages are the tool's.
func printFailure(_ error: any Error) {
  switch error {
  case let error as SpecError:
    Terminal.error(error.description + "\n")
  case let failure as CommandFailure:
    if let message = failure.message { printError(message) }
  default:
    printError("\(error)")
  }
}

@main
enum Main {
  static func main() {
    StandardStreams.prepare()
    let interrupts = Interrupts.install()
    defer { withExtendedLifetime(interrupts) {} }
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The commands that draw one document start from a renderer with the standard fonts: it is
    // made on another thread while the arguments are parsed.
    if let first = arguments.first, ["render", "animate", "audit"].contains(first) {
      EarlyRenderer.start()
    }
    // The plain form of `render` needs no parser (its reflection is a few ms of the start).
    let plain = RenderRequest(plainArguments: arguments)
    // A mistyped subcommand gets a suggestion rather than "unexpected arguments".
    if plain == nil, let first = arguments.first, !first.hasPrefix("-") {
      // Each subcommand's configured name (every one names itself), else its type's in lower
      // case, as the argument parser derives it.
      let names =
        ListRenderCommand.configuration.subcommands.map {
          $0.configuration.commandName ?? String(describing: $0).lowercased()
        } + ["help"]
      if !names.contains(first) {
        var message = "unknown subcommand '\(first)'"
        if let near = NameSuggestions.nearest(to: first, in: names, count: 1).first {
          message += " (did you mean '\(near)'?)"
        }
        printError(message + "; the subcommands are \(names.dropLast().joined(separator: ", "))")
        exit(ExitStatus.badInput)
      }
    }
    do {
      if let plain {
        try plain.render()
        return
      }
      var command = try ListRenderCommand.parseAsRoot()
      try command.run()
    } catch let error as any ExitStatusError {
      // An error that an interruption caused (its files removed) is not reported: the
      // interruption ends the process with the signal's status.
      Interruption.waitIfInterrupted()
      // The error carries its exit status.
      printFailure(error)
      exit(error.exitStatus)
    } catch {
      Interruption.waitIfInterrupted()
      let code = ListRenderCommand.exitCode(for: error)
      guard code != .success else { ListRenderCommand.exit(withError: error) }
      // Argument errors are bad input too: same status as a bad spec.
      Terminal.error(ListRenderCommand.fullMessage(for: error) + "\n")
      exit(code == .validationFailure ? ExitStatus.badInput : code.rawValue)
    }
  }
}
