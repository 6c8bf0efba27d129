import ArgumentParser
import GoldenImage
import GoldenSuite

struct Goldens: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goldens",
    abstract: "Convert a goldens folder between image files and manifests with a store.",
    subcommands: [Pack.self, Unpack.self])

  struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Put each still golden's image into the store and write its manifest in its place.",
      discussion: """
        Every <case>.png and <case>.webp below DIR becomes <case>.golden (its pixels' and \
        file's SHA-256, size, fingerprint and layout record, as text), its bytes kept in the \
        store under their SHA-256; all of them or none. Animation goldens (.apng.png) and \
        files with another suffix are left as they are.
        """)

    @Argument(help: ArgumentHelp("The goldens folder.", valueName: "dir"))
    var folder: String

    @Option(
      help: ArgumentHelp("The store: a folder (files under cas/<sha256>).", valueName: "store"))
    var store: String

    func run() throws {
      let (count, before, after) = try GoldenPacking.pack(
        folder: folder, store: try GoldenStores.open(store))
      print(
        "packed \(count) goldens: \(before.formatted()) bytes of images, \(after.formatted()) bytes of manifests"
      )
    }
  }

  struct Unpack: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write each manifest's image back from the store, in the manifest's place.",
      discussion: """
        Every <case>.golden below DIR becomes the image it names (checked against its \
        digests); all of them or none.
        """)

    @Argument(help: ArgumentHelp("The goldens folder.", valueName: "dir"))
    var folder: String

    @Option(help: ArgumentHelp("The store the manifests name.", valueName: "store"))
    var store: String

    func run() throws {
      let count = try GoldenPacking.unpack(folder: folder, store: try GoldenStores.open(store))
      print("unpacked \(count) goldens")
    }
  }
}
