import ArgumentParser
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
    guard let spec else { return }
    do {
      let renderer = try ListRenderer()
      let document = try loadDocument(
        spec, renderer: renderer, scale: nil, width: nil, allowing: fileAccess.allowedFolders)
      print("fonts of \(spec == "-" ? "<stdin>" : spec):")
      for font in try renderer.fontsUsed(by: document) {
        print(
          "  \(font.checksum)  \(font.origin.padding(toLength: 9, withPad: " ", startingAt: 0))  "
            // Names read from a file are shown escaped: a control character never reaches the
            // terminal, a newline never splits a family in two.
            + "\(font.path)  (\(font.families.map { shownScalar($0).dropFirst().dropLast() }.joined(separator: ", ")))"
        )
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: spec)
    }
  }
}
