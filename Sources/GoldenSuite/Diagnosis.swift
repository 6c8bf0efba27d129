import FileIO
import Foundation
import ListRender

/// `listrender doctor`: the drawing libraries' versions, the standard font files (and the
/// packages that hold the missing ones), and the font files a spec's text uses.
package enum Diagnosis {
  /// Prints the versions and fonts; with `spec`, the font files its text uses.
  /// - Throws: ``CommandFailure``: exit 1 when a standard font file is missing, 2 for a bad spec.
  package static func run(spec: String?, allowing allowedFolders: [String]) throws {
    for (name, version) in LibraryVersions.all {
      print("\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(version)")
    }
    // Thai lines break where ICU says (libthai's breaking is ListRender's own); a host that
    // loads ListRender where its libthai functions are not bound breaks them where libthai and
    // ICU agree.
    print(
      "thai breaks "
        + (ListRenderer.thaiBreaksAreICUs
          ? "ICU (libthai's dictionary unused)" : "libthai where ICU agrees (not ListRender's)"))
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
        spec, renderer: renderer, scale: nil, width: nil, allowing: allowedFolders)
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
