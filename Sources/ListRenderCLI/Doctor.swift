import ArgumentParser
import Foundation
import GoldenSuite
import ListRender

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Print the versions of the drawing libraries and the font files in use.")

  func run() throws {
    for (name, version) in LibraryVersions.all {
      print("\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(version)")
    }
    print("fonts:")
    let missing = FontFile.missing()
    for file in FontFile.standard {
      let status = missing.contains(file) ? "MISSING" : "ok"
      print("  \(status.padding(toLength: 8, withPad: " ", startingAt: 0)) \(file.path)")
    }
    guard missing.isEmpty else {
      let packages = Array(Set(missing.map(\.package))).sorted().joined(separator: " ")
      throw CommandFailure(
        "font files are missing; install them with: apt-get install \(packages)",
        status: ExitStatus.failure)
    }
  }
}
