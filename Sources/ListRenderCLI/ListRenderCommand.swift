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
func printFailure(_ error: any ExitStatusError) {
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
    // A mistyped subcommand gets a suggestion rather than "unexpected arguments".
    // Each subcommand's configured name (every one names itself), else its type's in lower
    // case, as the argument parser derives it.
    let names =
      ListRenderCommand.configuration.subcommands.map {
        $0.configuration.commandName ?? String(describing: $0).lowercased()
      } + ["help"]
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
    // The commands that draw one document start from a renderer with the standard fonts: it is
    // made on another thread while the arguments are parsed.
    if let first = CommandLine.arguments.dropFirst().first,
      ["render", "animate", "audit"].contains(first)
    {
      EarlyRenderer.start()
    }
    do {
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

/// A renderer with the standard fonts (its font files registered, its icons read: a few
/// milliseconds), made on another thread while the main one parses the command line.
enum EarlyRenderer {
  /// What the other thread made: written before `made` is left, read after waiting for it.
  private final class Made: @unchecked Sendable {
    var renderer: Result<ListRenderer, any Error>?
  }
  private static let made = Mutex<(Made, DispatchGroup)?>(nil)

  /// Starts making the renderer (on the main thread, once).
  static func start() {
    let box = Made()
    let group = DispatchGroup()
    group.enter()
    Thread.detachNewThread {
      box.renderer = Result {
        let renderer = try ListRenderer()
        warmUp(renderer)
        return renderer
      }
      group.leave()
    }
    made.withLock { $0 = (box, group) }
  }

  /// A one-row list laid out with `renderer` while the main thread is still parsing and
  /// reading the spec: the standard fonts' faces opened and the first use of the layout code
  /// paid off the main thread's path (2 ms of the inbox's 45; painting one as well gained
  /// nothing more). The document's own text is shaped as it would be; its pixels do not change.
  private static func warmUp(_ renderer: ListRenderer) {
    let yaml =
      "canvas: { width: 120, scale: 3 }\nsections:\n  - cells: [ { title: Aa, subtitle: Aa } ]\n"
    guard let document = try? ListDocument.decode(yaml: yaml) else { return }
    _ = try? renderer.layout(document)
  }

  /// The renderer made early, or a new one when none was started (or it was taken).
  static func take() throws -> ListRenderer {
    guard
      let (box, group) = made.withLock({ made in
        defer { made = nil }; return made
      })
    else {
      return try ListRenderer()
    }
    group.wait()
    return try box.renderer?.get() ?? ListRenderer()
  }
}

/// The standard streams as the outputs need them.
enum StandardStreams {
  /// A closed pipe's reader is an error to report (`cannot write -: the pipe's reader has closed
  /// it`, exit 1), not a signal that ends the process; a standard descriptor the shell closed
  /// (`>&-`) is held by /dev/null opened the wrong way, so that no file this process opens
  /// takes its number and writing to it fails (`it is not open for writing`).
  static func prepare() {
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
