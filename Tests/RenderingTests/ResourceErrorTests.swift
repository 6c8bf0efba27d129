import Foundation
import ListPainter
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Icons and images that cannot be used are errors that name the file, the field and the path.
@Suite("Icon and image errors", .tags(.render))
struct ResourceErrorTests {
  private func error(_ cell: String) throws -> SpecError? {
    let yaml = "sections:\n  - cells:\n      - \(cell)\n"
    let document = try ListDocument.decode(
      yaml: yaml, file: "spec.yaml",
      baseDirectory: Paths.fixtures.appendingPathComponent("assets").path)
    do {
      _ = try ListRenderer().layout(document)
      return nil
    } catch let error as SpecError {
      return error
    }
  }

  @Test(
    "an image, a font or an icon file checked inside the spec's folders is read only if the file opened is there (a link swapped after the check leads nowhere)"
  )
  func openedFileIsChecked() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inside = folder.appendingPathComponent("inside")
    let outside = folder.appendingPathComponent("outside")
    for place in [inside, outside] {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("assets/avatar.png"),
      to: outside.appendingPathComponent("avatar.png"))
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf"),
      to: outside.appendingPathComponent("Brand.ttf"))
    // The spec was read with these links leading inside; now they lead out.
    for name in ["avatar.png", "Brand.ttf"] {
      try FileManager.default.createSymbolicLink(
        at: inside.appendingPathComponent(name),
        withDestinationURL: outside.appendingPathComponent(name))
    }
    var location = SpecLocation(file: "spec.yaml", line: 3, column: 1, path: "sections[0]")
    location.readableFolders = [canonical(inside.path)]
    let renderer = try ListRenderer()
    var document = ListDocument()
    document.sections = [
      Section(cells: [
        Cell(
          .row(
            RowCell(
              "A",
              asset: .image(
                FileReference(
                  path: inside.appendingPathComponent("avatar.png").path, location: location))
            )))
      ])
    ]
    #expect(throws: SpecError.self) { try renderer.render(document) }
    do {
      _ = try renderer.render(document)
    } catch let error as SpecError {
      #expect(error.message.contains("outside the folders this spec may read"), "\(error)")
    }
    // Without the folders (a document made in code), the link is followed as before.
    location.readableFolders = nil
    document.sections[0].cells[0] = Cell(
      .row(
        RowCell(
          "A",
          asset: .image(
            FileReference(
              path: inside.appendingPathComponent("avatar.png").path, location: location)))))
    _ = try renderer.render(document)
    // A font file likewise.
    var fontLocation = location
    fontLocation.readableFolders = [canonical(inside.path)]
    var withFont = ListDocument()
    withFont.fonts = [
      FileReference(path: inside.appendingPathComponent("Brand.ttf").path, location: fontLocation)
    ]
    withFont.sections = [Section(cells: [Cell(.row(RowCell("A")))])]
    #expect(throws: SpecError.self) { try renderer.render(withFont) }
  }

  @Test("an unknown icon name suggests the closest names")
  func unknownIcon() throws {
    let failure = try #require(try error("{ title: A, asset: { icon: favourite } }"))
    #expect(failure.path == "sections[0].cells[0].asset.icon")
    #expect(failure.line == 3)
    #expect(failure.message.contains("unknown Material icon 'favourite'"))
    #expect(failure.message.contains("'favorite'"))
  }

  @Test("a private-use character in text is a missing glyph: the icon font is not text")
  func privateUseIsNotAnIcon() throws {
    for cell in [
      #"{ title: "Pay \ue000 1,000 EUR" }"#, #"{ title: A, subtitle: "\ue5cc" }"#,
      #"{ kind: label, text: "\ue000" }"#,
    ] {
      let failure = try #require(try error(cell), "\(cell) drew an icon in text")
      #expect(failure.message.contains("no font has U+E"), "\(failure.message)")
    }
    // Icons by name still draw with it.
    #expect(try error("{ title: A, asset: { icon: favorite } }") == nil)
  }

  @Test("an unknown control icon is found too")
  func unknownControlIcon() throws {
    let failure = try #require(try error("{ title: A, control: { icon: downlod } }"))
    #expect(failure.path == "sections[0].cells[0].control.icon")
    #expect(failure.message.contains("'download'"))
  }

  @Test("an unknown empty-view icon is a spec error too")
  func unknownEmptyViewIcon() throws {
    let document = try ListDocument.decode(
      yaml: "sections: []\nemptyView: { icon: inboxx, title: Nothing }", file: "spec.yaml")
    #expect {
      try ListRenderer().layout(document)
    } throws: { error in
      let error = error as? SpecError
      return error?.path == "emptyView.icon" && error?.message.contains("'inbox'") == true
    }
  }

  @Test("a missing image names its path and field")
  func missingImage() throws {
    let failure = try #require(try error("{ title: A, asset: { image: nowhere.png } }"))
    #expect(failure.path == "sections[0].cells[0].asset.image")
    #expect(failure.message.contains("nowhere.png"))
    #expect(failure.message.contains("missing or unreadable"))
  }

  @Test("a file that is not an image is an unsupported format")
  func notAnImage() throws {
    let failure = try #require(try error("{ title: A, asset: { image: not-an-image.png } }"))
    #expect(failure.message.contains("not a supported image"))
  }

  @Test("an image beyond the size limit is refused before decoding")
  func tooLarge() throws {
    let failure = try #require(
      try error("{ kind: stereo, title: A, leadingImage: { image: too-wide.png } }"))
    #expect(failure.path == "sections[0].cells[0].leadingImage.image")
    #expect(failure.message.contains("5000×10"))
    #expect(failure.message.contains("\(4096)"))
  }

  @Test("PNG, JPEG, WebP and SVG all load with their sizes")
  func formats() throws {
    for name in ["landscape.png", "landscape.jpg", "landscape.webp"] {
      #expect(try error("{ kind: stereo, title: A, leadingImage: { image: \(name) } }") == nil)
    }
    let tree = try layout(
      "sections:\n  - cells:\n      - { kind: stereo, title: A, leadingImage: { image: \(Paths.fixtures.path)/assets/logo.svg } }"
    )
    #expect(tree.elements(.leadingImage)[0].frame.width == 40)
  }

  @Test("decoding: asset, control and headline take exactly one form")
  func exactlyOne() throws {
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml: "sections:\n  - cells:\n      - { title: A, asset: { icon: a, image: b.png } }")
    }
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells:\n      - { title: A, control: { switch: true, checkbox: true } }")
    }
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells:\n      - { title: A, asset: { monogram: ABCD, background: '#FFF' } }"
      )
    }
    let kind = try #require(
      { () -> SpecError? in
        do {
          _ = try ListDocument.decode(
            yaml: "sections:\n  - cells:\n      - { kind: stero, title: A }")
          return nil
        } catch let error as SpecError { return error } catch { return nil }
      }())
    #expect(kind.path == "sections[0].cells[0].kind")
    #expect(kind.message.contains("did you mean 'stereo'?"))
  }

  @Test("the embedded showcase images are the files in Fixtures/assets")
  func showcaseAssets() throws {
    for (path, base64) in Showcase.assets {
      let file = try Data(contentsOf: Paths.fixtures.appendingPathComponent(path))
      #expect(Data(base64Encoded: base64) == file, "\(path)")
    }
  }
}

/// Each way an image can fail to load is its own ``PainterError``, and reads as a sentence.
@Suite("Image loading errors", .tags(.render))
struct ImageLoadingErrorTests {
  @Test("bytes that are not an image: the decoder's reason, with the path")
  func undecodable() throws {
    let library = ImageLibrary()
    do {
      try library.register(Array("not an image".utf8), at: "memory/x.png")
      Issue.record("garbage decoded")
    } catch PainterError.undecodableImage(let path, let reason) {
      #expect(path == "memory/x.png")
      #expect(!reason.isEmpty)
      let message = "\(PainterError.undecodableImage(path: path, reason: reason))"
      #expect(message.hasPrefix("image memory/x.png could not be decoded: "))
    }
  }

  @Test("an image wider than the limit names its size and the limit")
  func tooLarge() throws {
    let bytes = try [UInt8](
      Data(contentsOf: Paths.fixtures.appendingPathComponent("assets/too-wide.png")))
    #expect(throws: PainterError.imageTooLarge(path: "w.png", width: 5000, height: 10, limit: 4096))
    {
      try ImageLibrary().register(bytes, at: "w.png")
    }
    #expect(
      "\(PainterError.imageTooLarge(path: "w.png", width: 5000, height: 10, limit: 4096))"
        == "image w.png is 5000×10 pixels; the limit is 4096 on each side")
  }

  @Test("bytes beyond the loader's limit are refused before decoding")
  func fileTooLarge() throws {
    let bytes = [UInt8](repeating: 0, count: ImageLibrary.maxFileBytes + 1)
    #expect(
      throws: PainterError.imageFileTooLarge(
        path: "big.png", bytes: bytes.count, limit: ImageLibrary.maxFileBytes)
    ) {
      try ImageLibrary().register(bytes, at: "big.png")
    }
  }
}
