import GoldenImage
import ListRender

extension GoldenStrategy where Value == ListDocument, Format == Bitmap {
  /// A document's pixels: the bitmap strategy pulled back through `renderer` (kept as PNG with
  /// the renderer's fingerprint).
  public static func image(renderer: ListRenderer) -> GoldenStrategy<ListDocument, Bitmap> {
    var strategy = GoldenStrategy<Bitmap, Bitmap>.image.pullback { (document: ListDocument) in
      try renderer.render(document)
    }
    strategy.fingerprint = renderer.fingerprint()
    return strategy
  }
}

extension GoldenStrategy where Value == ListDocument, Format == String {
  /// A document's geometry: its layout dump (every element's frame and text lines, JSON with
  /// sorted keys) kept as `<name>.layout.json` and compared line by line — no pixels, so
  /// antialiasing never shows; a failure lists the lines that moved.
  public static func layout(renderer: ListRenderer) -> GoldenStrategy<ListDocument, String> {
    GoldenStrategy<LayoutTree, String>.layout.pullback { (document: ListDocument) in
      try renderer.layout(document)
    }
  }
}

extension GoldenStrategy where Value == LayoutTree, Format == String {
  /// A layout tree's dump (JSON, sorted keys) kept as `<name>.layout.json`, compared line by
  /// line.
  public static var layout: GoldenStrategy<LayoutTree, String> {
    GoldenStrategy<String, String>.lines(pathExtension: "layout.json").pullback {
      (tree: LayoutTree) in String(decoding: try tree.dumpJSON(), as: UTF8.self) + "\n"
    }
  }
}

extension GoldenStrategy where Value == ListDocument, Format == FrameSequence {
  /// A document's animation, every frame (``ListRenderer/frameSequence(_:)``): kept as one
  /// lossless APNG, `<name>.apng.png`, with the renderer's fingerprint, and compared frame by
  /// frame and its timing exactly.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .animation(renderer: renderer))  // <test>.apng.png
  /// ```
  public static func animation(renderer: ListRenderer) -> GoldenStrategy<
    ListDocument, FrameSequence
  > {
    var strategy = GoldenStrategy<FrameSequence, FrameSequence>.animation.pullback {
      (document: ListDocument) in try renderer.frameSequence(document)
    }
    strategy.fingerprint = renderer.fingerprint()
    return strategy
  }
}

extension GoldenStrategy where Value == ListDocument, Format == String {
  /// What VoiceOver reads (``ListRenderer/accessibilityJSON(of:)``), kept as
  /// `<name>.accessibility.json` and compared line by line: a failure lists the elements whose
  /// label, value, traits or frame changed.
  ///
  /// ```swift
  /// expectGolden(of: document, as: .accessibility(renderer: renderer))
  /// ```
  public static func accessibility(renderer: ListRenderer) -> GoldenStrategy<ListDocument, String> {
    GoldenStrategy<String, String>.lines(pathExtension: "accessibility.json").pullback {
      (document: ListDocument) in try renderer.accessibilityJSON(of: document)
    }
  }
}
