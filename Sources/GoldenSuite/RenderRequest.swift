import FileIO
import Foundation
import ImageCodec
import ListModel
import ListRender

/// What `listrender render` is asked to do: the spec, the files to write and the options, as
/// the command line's parser reads them, and the one render they ask for.
///
/// The plain form `render [SPEC] [-o FILE] [--compression fast|compact]`, what most renders
/// are, is read by ``init(plainArguments:)`` without the parser: its reflection over every
/// command's options, and the first protocol-conformance lookups it starts, were about 5 % of an
/// inbox render's CPU. Anything else, `--help` included, goes to the parser.
package struct RenderRequest: Equatable, Sendable {
  /// The spec file (`-`: standard input); nil: the built-in showcase.
  package var spec: String?
  /// The image to write (`-`: standard output); nil: the spec's name with `.png`, here.
  package var output: String?
  /// The image's format whatever its name.
  package var format: ImageFileFormat?
  /// Pages this many points tall.
  package var pageHeight: Double?
  /// Where to write the layout as JSON.
  package var layout: String?
  /// Where to write what VoiceOver reads.
  package var accessibility: String?
  /// `--scale` and `--width`, overriding the canvas's.
  package var scale: Double?
  /// See ``scale``.
  package var width: Double?
  /// Folders the spec may also read files under.
  package var allowedFolders: [String] = []
  /// The locale to draw keyed labels in.
  package var locale: String?
  /// A Mística brand token file.
  package var tokens: String?
  /// Characters no font has drawn as boxes, rather than an error.
  package var allowMissingGlyphs = false
  /// Whether each phase's time is printed.
  package var timings = false
  /// Threads compressing the PNG.
  package var threads: Int?
  /// Paint, then encode.
  package var sequential = false
  /// The PNG's compression.
  package var compression: PNGCompression = .fast

  /// A request with every option at its default (the showcase, written as `showcase.png`).
  package init() {}

  /// The plain form of the arguments after the program's name: `render`, at most one spec
  /// that does not start with `-`, at most one `-o` / `--output` and one `--compression`
  /// (`fast` or `compact`), in any order; nil for anything else, which the parser reads.
  package init?(plainArguments arguments: [String]) {
    guard arguments.first == "render" else { return nil }
    var rest = arguments.dropFirst()
    // A value the parser could read as an option (or as the end of options) is left to it.
    func plain(_ value: String?) -> String? {
      value.flatMap { $0.isEmpty || $0.hasPrefix("-") ? nil : $0 }
    }
    var compression: PNGCompression?
    while let argument = rest.popFirst() {
      switch argument {
      case "-o", "--output":
        guard output == nil, let value = plain(rest.popFirst()) else { return nil }
        output = value
      case "--compression":
        guard compression == nil, let value = rest.popFirst().flatMap(PNGCompression.init)
        else { return nil }
        compression = value
      default:
        guard spec == nil, let value = plain(argument) else { return nil }
        spec = value
      }
    }
    self.compression = compression ?? .fast
  }

  /// The image written when no `-o` is given: the spec's name with `.png`, in this folder.
  package var defaultOutput: String {
    let source = spec == "-" ? "stdin" : spec ?? Showcase.name
    return URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".png"
  }

  /// Renders once, with the renderer ``EarlyRenderer`` made; `decoded` gets the document as
  /// soon as it is read. With `keepsRenderer` false (one render, then the process ends) the
  /// renderer's fonts are left to the exit rather than torn down one by one.
  package func render(keepsRenderer: Bool = false, decoded: (ListDocument) -> Void = { _ in })
    throws
  {
    var clock = PhaseClock(enabled: timings)
    do {
      // A spec file is read while the renderer's fonts finish loading on the other thread; the
      // showcase registers its images with the renderer, so it is read after.
      var document = try spec.map { _ in try load(renderer: nil) }
      clock.lap("decode")
      let renderer = try EarlyRenderer.take()
      renderer.allowsMissingGlyphs = allowMissingGlyphs
      if !keepsRenderer {
        // 5 ms for a page in many scripts: its font map and HarfBuzz faces.
        _ = Unmanaged.passRetained(renderer)
      }
      clock.lap("fonts and icons")
      if document == nil { document = try load(renderer: renderer) }
      guard let document else { return }
      decoded(document)
      try renderer.export(
        document,
        to: [.image(output ?? defaultOutput, format)] + (layout.map { [.layout($0)] } ?? [])
          + (accessibility.map { [.accessibility($0)] } ?? []),
        options: ExportOptions(
          spec: spec, threads: threads, sequential: sequential, pageHeight: pageHeight,
          compression: compression)
      ) { event in
        switch event {
        case .phase(let name): clock.lap(name)
        case .warning(let warning): Terminal.error(warning + "\n")
        case .frame: break
        }
      }
      clock.report()
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.wrapping(error, file: spec ?? Showcase.name)
    }
  }

  /// The spec's document with the command line's overrides (the showcase's needs `renderer`).
  private func load(renderer: ListRenderer?) throws -> ListDocument {
    try loadDocument(
      spec, renderer: renderer, scale: scale, width: width, allowing: allowedFolders,
      locale: locale, warnings: true, tokens: try tokens.map(MisticaTokenFile.brandFile))
  }
}
