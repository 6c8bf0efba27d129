import Foundation
import ListRender
import RenderTestSupport
import Synchronization
import TestLevels
import Testing

/// Renderers in one process keep their own fonts.
@Suite("Font isolation", .tags(.render))
struct FontIsolationTests {
  static let spec = SampleDocuments.mixedScripts

  @Test("renderers with different font sets, side by side, each keep their own fonts")
  func twoFontSetsSideBySide() throws {
    let document = try ListDocument.decode(yaml: Self.spec)
    let roboto = try ListRenderer()
    let alone = try roboto.render(document)
    // Noto Sans only: "Roboto" falls back to Noto, so the text differs.
    let noto = try ListRenderer(
      fonts: FontSystem(
        files: FontFile.standard.filter { !$0.path.contains("/roboto/") }))
    let other = try noto.render(document)
    // One Bool: Swift Testing describes a `!=` of two arrays by diffing them (a minute here).
    let differ = other.pixels != alone.pixels
    #expect(differ)
    // Made after the Noto renderer, and interleaved with it: the Roboto renders do not move.
    let later = try ListRenderer()
    #expect(try roboto.render(document) == alone)
    #expect(try later.render(document) == alone)
    #expect(try noto.render(document) == other)
    // In parallel, each on its own thread.
    let results = Mutex<[Int: Bitmap]>([:])
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      guard
        let renderer = try? ListRenderer(
          fonts: index.isMultiple(of: 2)
            ? nil
            : FontSystem(files: FontFile.standard.filter { !$0.path.contains("/roboto/") })),
        let bitmap = try? renderer.render(document)
      else { return }
      results.withLock { $0[index] = bitmap }
    }
    let rendered = results.withLock { $0 }
    #expect(rendered.count == 4)
    for (index, bitmap) in rendered {
      #expect(bitmap == (index.isMultiple(of: 2) ? alone : other))
    }
  }
}
