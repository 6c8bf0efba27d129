import ArgumentParser
import FileIO
import Foundation
import GoldenSuite
import ListRender

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Print the versions of the drawing libraries and the font files in use.",
    discussion: """
      With a spec, also lists every font file its text uses: the standard ones, the catalogue's \
      files for its scripts, symbols and emoji, and the files under its fonts:, each with the \
      families it holds and its CRC-32 (the checksums a golden's fingerprint keeps).
      """)

  @Argument(help: "A spec whose fonts to list.")
  var spec: String?

  @OptionGroup var fileAccess: PathOptions

  func run() throws {
    try Diagnosis.run(spec: spec, allowing: fileAccess.allowedFolders)
  }
}
