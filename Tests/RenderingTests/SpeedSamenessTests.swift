import CPangoCairo
import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListRender
import RenderTestSupport
import Synchronization
import TestLevels
import Testing

@testable import ListPainter

/// Every optimisation is tested for sameness: same bytes or same decoded pixels, never time.
@Suite("Optimisations keep their output", .tags(.render))
struct SpeedSamenessTests {
  /// A deterministic image with gradients, noise and (optionally) translucency.
  private func pattern(width: Int, height: Int, translucent: Bool) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    var seed: UInt32 = 12_345
    for y in 0..<height {
      for x in 0..<width {
        seed = seed &* 1_103_515_245 &+ 12_345
        let noise = UInt8(truncatingIfNeeded: seed >> 24) / 16
        let alpha: UInt8 = translucent ? UInt8((x * 255) / max(1, width - 1)) : 255
        bitmap[x, y] = (UInt8(x % 256), UInt8(y % 256) &+ noise, UInt8((x + y) % 256), alpha)
      }
    }
    return bitmap
  }

  @Test(
    "PNG bytes are the same on 1, 2 and 3 threads and decode to the same pixels",
    arguments: [(1, 1), (7, 127), (33, 128), (300, 129), (64, 1000)])
  func stripDeflate(width: Int, height: Int) throws {
    for translucent in [false, true] {
      let bitmap = pattern(width: width, height: height, translucent: translucent)
      // The fast encoding's bytes too are the thread count's business alone.
      let fast = try PNGCodec.encode(bitmap, threads: 1, compression: .fast)
      for threads in [2, 3] {
        let same = try PNGCodec.encode(bitmap, threads: threads, compression: .fast) == fast
        #expect(same, "fast, \(threads) threads")
      }
      let fastBack = try PNGCodec.decode(fast).pixels == bitmap.pixels
      #expect(fastBack, "fast PNG read back")
      let one = try PNGCodec.encode(bitmap, threads: 1)
      #expect(try PNGCodec.encode(bitmap, threads: 2) == one)
      #expect(try PNGCodec.encode(bitmap, threads: 3) == one)
      // Decoded by libpng (and checked by zlib's Adler-32): the very pixels.
      let back = try PNGCodec.decode(one)
      if translucent {
        #expect(back == bitmap)
      } else {
        #expect(back.pixels == bitmap.pixels)
      }
    }
  }

  @Test("opaque rows packed to RGB four pixels a step: every width, nothing written past the row")
  func packedRows() throws {
    for width in 1...41 {
      let rgb = pattern(width: width, height: 1, translucent: false).pixels.enumerated()
        .filter { $0.offset % 4 != 3 }.map(\.element)
      let surface = try rgb.withUnsafeBufferPointer {
        try CairoSurface(
          straight: $0.baseAddress!, width: width, height: 1, channels: 3, rowBytes: 3 * width)
      }
      let image = try PaintedImage(surface: surface, isOpaque: true)
      let canary: UInt8 = 0xA5
      var row = [UInt8](repeating: canary, count: 3 * width + 16)
      row.withUnsafeMutableBufferPointer { image.copyRow(0, alpha: false, into: $0.baseAddress!) }
      #expect(Array(row[..<(3 * width)]) == rgb, "width \(width)")
      #expect(row[(3 * width)...].allSatisfy { $0 == canary }, "width \(width)")
    }
  }

  @Test("the painted surface encodes to the same bytes as its bitmap")
  func surfaceRows() throws {
    let renderer = try ListRenderer()
    for yaml in [
      "canvas: { width: 200, scale: 2 }\nsections:\n  - cells: [ { title: Opaque, elevation: 4, style: boxed } ]",
      "canvas: { width: 200, scale: 2, background: '#00000000' }\nsections:\n  - cells: [ { title: Translucent, style: boxed, elevation: 6 } ]",
    ] {
      let tree = try renderer.layout(try ListDocument.decode(yaml: yaml))
      let image = try renderer.paintImage(tree)
      let bitmap = try image.bitmap()
      #expect(image.isOpaque == bitmap.isOpaque)
      #expect(
        try PNGCodec.encode(rows: image, alpha: !image.isOpaque)
          == PNGCodec.encode(bitmap, alpha: !bitmap.isOpaque))
    }
  }

  @Test(
    "a mask at a fractional row pre-sampled equals cairo's own bilinear drawing",
    arguments: [0.125, 0.344, 0.5, 0.656, 0.97])
  func foldedShadowMask(fraction: Double) throws {
    // A blurred rounded rectangle, as shadows are made.
    let mask = try ShadowRasterizer().blurredShape(
      width: 60, height: 40, radius: 8, corners: .all, sigma: 5)
    let y = 10 + fraction
    func draw(_ mask: AlphaMask, at y: Double) throws -> Bitmap {
      let surface = try CairoSurface(width: 100, height: 100)
      let context = try CairoContext(surface: surface)
      context.setSource(try #require(Color(hex: "#F5F5F5")))
      context.paint()
      let maskSurface = try CairoSurface(alpha: mask.bytes, width: mask.width, height: mask.height)
      context.setSource(Color.black.withAlpha(0.26))
      context.mask(maskSurface, x: 4, y: y)
      try context.checkStatus()
      return try surface.bitmap()
    }
    let byCairo = try draw(mask, at: y)
    let folded = try draw(mask.shiftedDown(by: y), at: y.rounded(.down))
    #expect(folded == byCairo)
  }
}

/// The faster start-up keeps the icon catalog and the write path behaving as before.
@Suite("Start-up and writes", .tags(.render))
struct StartupAndWriteTests {
  @Test("the icon catalog holds every name of the font's codepoint map")
  func iconCatalog() throws {
    let text = try String(contentsOfFile: IconCatalog.defaultPath, encoding: .utf8)
    // Every `"name": hex` line of the map, parsed the slow way.
    var expected: [String: UInt32] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let open = parts[0].firstIndex(of: "\""),
        let close = parts[0].lastIndex(of: "\""), open < close
      else { continue }
      let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,"))
      if let value = UInt32(hex, radix: 16) {
        expected[String(parts[0][parts[0].index(after: open)..<close])] = value
      }
    }
    let catalog = try IconCatalog()
    #expect(catalog.names.count == expected.count)
    #expect(expected.count > 2_000)
    for (name, value) in expected {
      #expect(catalog.character(for: name)?.unicodeScalars.first?.value == value)
    }
    #expect(catalog.character(for: "favorite") == "\u{E87D}")
  }

  @Test("writes replace regular files, write into devices, refuse folders, leave nothing behind")
  func atomicWrites() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("nested/out.bin").path
    try AtomicFile.write([1, 2, 3], to: target)
    try AtomicFile.write([4, 5], to: target)
    #expect(FileManager.default.contents(atPath: target) == Data([4, 5]))
    // /dev/null stays a device.
    try AtomicFile.write([1], to: "/dev/null")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    // A full disk is an error, not a silent success.
    #expect(throws: FileWriteError.self) { try AtomicFile.write([1], to: "/dev/full") }
    #expect {
      try AtomicFile.write([1], to: folder.path)
    } throws: { error in
      "\(error)" == "cannot write \(folder.path): it is a folder"
    }
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("nested").path)
    #expect(leftovers == ["out.bin"])
  }
}

/// Shaping on two cores gives the very layout and pixels of shaping on one.
@Suite("Parallel shaping", .tags(.render))
struct ParallelShapingTests {
  @Test("a long list laid out with and without the helper: equal trees and pixels")
  func sameLayout() throws {
    let words = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor"
      .split(separator: " ")
    let cells = (0..<60).map { index in
      let text = words.prefix(3 + index % 10).joined(separator: " ")
      return index % 2 == 0
        ? "      - { kind: label, text: \"\(index). \(text)\" }"
        : "      - { kind: stereo, title: \"\(index) \(text)\", detail: \"\(text) \(text)\" }"
    }
    let document = try ListDocument.decode(
      yaml: "canvas: { width: 320, scale: 1, theme: material }\nsections:\n  - cells:\n"
        + cells.joined(separator: "\n"))
    let serial = try ListRenderer()
    serial.parallelShapingThreshold = .max
    let parallel = try ListRenderer()
    parallel.parallelShapingThreshold = 10
    let serialTree = try serial.layout(document)
    let parallelTree = try parallel.layout(document)
    #expect(parallelTree == serialTree)
    #expect(try parallel.paint(parallelTree) == serial.paint(serialTree))
  }
}

/// Painting in bands of rows (while the encoder compresses finished ones) gives the pixels of
/// one pass, for every fixture.
@Suite("Banded painting", .tags(.render))
struct BandedPaintingTests {
  @Test(
    "cairo's premultiplied rows unpremultiplied in C (opaque runs shuffled four at a time) give the bytes of the per-pixel rule"
  )
  func unpremultiplyInC() {
    // Every alpha with every channel value it can premultiply (c ≤ a), then rows where opaque
    // runs of every length meet translucent and clear pixels at every position of a group.
    var words: [UInt32] = []
    for a in UInt32(0)...255 {
      for c in 0...a { words.append(a << 24 | c << 16 | (a - c) << 8 | c / 2) }
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let run = Int.random(in: 0...9, using: &random)
      words += Array(repeating: 0xFF12_3456, count: run)
      let a = UInt32.random(in: 0...255, using: &random)
      let c = UInt32.random(in: 0...a, using: &random)
      words.append(a << 24 | c << 16 | c << 8 | c)
    }
    func reference(_ argb: UInt32) -> [UInt8] {
      let a = argb >> 24
      var (r, g, b) = ((argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF)
      if a != 255 && a != 0 {
        r = (r * 255 + a / 2) / a
        g = (g * 255 + a / 2) / a
        b = (b * 255 + a / 2) / a
      }
      return [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
    }
    let expected = words.flatMap(reference)
    // Every start offset and width, so that groups of four fall everywhere.
    var wrong = 0
    for start in 0..<4 {
      let row = Array(words[start...])
      var out = [UInt8](repeating: 0, count: row.count * 4)
      row.withUnsafeBufferPointer { source in
        out.withUnsafeMutableBufferPointer { destination in
          lr_unpremultiply_rgba(source.baseAddress, destination.baseAddress, Int32(row.count))
        }
      }
      wrong += zip(out, expected[(start * 4)...]).filter { $0 != $1 }.count
    }
    #expect(words.count > 40_000)
    #expect(wrong == 0)
  }

  @Test(
    "every fixture seen through viewports cut from one layout equals its layout with that canvas.height and contentOffset"
  )
  func viewportsCutFromOneLayout() throws {
    let renderer = try ListRenderer()
    var compared = 0
    var differing: [String] = []
    for name in FixtureCases.all where !name.hasPrefix("bench/") {
      let document = try Paths.fixture(name)
      guard let whole = try? renderer.layout(document, limits: .points) else { continue }
      let view = try renderer.viewports(of: document)
      // The top, a cut through rows, the bottom's last points, and one past the end; sticky
      // headers, refresh controls, right to left and empty views included where fixtures have
      // them.
      for (height, offset) in [
        (whole.height, 0.0), (min(200, whole.height), 0), (150, whole.height / 3),
        (97.5, max(0, whole.height - 40)), (120, whole.height + 10),
      ] {
        var viewport = document
        viewport.canvas.height = height
        viewport.canvas.contentOffset = offset
        let expected = try? renderer.layout(viewport)
        let cut = try? view(height, offset, .pixels)
        if expected != nil { compared += 1 }
        if expected != cut { differing.append("\(name) \(height)@\(offset)") }
      }
    }
    // Trees compared (a viewport a list cannot show, such as one past its end with no empty
    // view, is an error both ways).
    #expect(compared > 600, "\(compared)")
    #expect(differing == [])
  }

  @Test(
    "painted into buffers a suite reuses, largest first, opaque and translucent pages: the pixels of fresh buffers, none of an earlier image's left"
  )
  func reusedBuffers() throws {
    let renderer = try ListRenderer()
    let specs = [
      "canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n"
        + (0..<12).map { "      - { title: Row \($0), subtitle: Second line \($0) }\n" }.joined(),
      "canvas: { width: 320, scale: 2, background: \"#33FF8800\" }\nsections:\n  - cells:\n      - { title: Translucent page }\n",
      "canvas: { width: 300, scale: 1, background: \"#00000000\" }\nsections:\n  - cells:\n      - { title: Clear page }\n      - { title: Two }\n",
      "canvas: { width: 360, scale: 2, appearance: dark }\nsections:\n  - cells:\n      - { title: Dark }\n",
    ]
    let trees = try specs.map { try renderer.layout(try ListDocument.decode(yaml: $0)) }
    let fresh = try trees.map { try renderer.paint($0) }
    // Alone: a suite that another test runs meanwhile would share the pool being counted.
    try PixelMemory.alone {
      // Outside a run nothing is kept.
      #expect(PixelMemory.keptCount == 0)
      var differing: [Int] = []
      var kept = 0
      try PixelMemory.reusing {
        for round in 0..<2 {
          for (index, tree) in trees.enumerated() {
            let bitmap = try renderer.paint(tree)
            if bitmap != fresh[index] { differing.append(round * 10 + index) }
            PixelMemory.recycle(bitmap.pixels)
          }
        }
        kept = PixelMemory.keptCount
      }
      #expect(trees.map { $0.background.alpha < 1 } == [false, true, true, false])
      #expect(kept >= 1)
      #expect(PixelMemory.keptCount == 0)
      #expect(differing == [])
    }
  }

  @Test("a buffer given back while still held is copied, not written, when it is reused")
  func reusedBufferStillHeld() throws {
    let count = 1 << 20
    // Alone: another test's suite could take the buffer given back.
    try PixelMemory.alone {
      try PixelMemory.reusing {
        let held = try #require(
          PixelMemory.filled(count: count) { $0.update(repeating: 7) == () })
        PixelMemory.recycle(held)
        let next = try #require(
          PixelMemory.filled(count: count) { $0.update(repeating: 9) == () })
        #expect(held.allSatisfy { $0 == 7 })
        #expect(next.count == count && next.allSatisfy { $0 == 9 })
        // A smaller image reuses it too; a fill that fails gives nothing.
        PixelMemory.recycle(next)
        #expect(PixelMemory.filled(count: count / 2) { _ in false } == nil)
        let small = try #require(
          PixelMemory.filled(count: count / 2) { $0.update(repeating: 1) == () })
        #expect(small.count == count / 2 && small.allSatisfy { $0 == 1 })
      }
    }
  }

  @Test("every fixture painted in bands of 37 rows equals one pass", arguments: FixtureCases.all)
  func bands(_ relativePath: String) throws {
    let renderer = try ListRenderer()
    let document = try Paths.fixture(relativePath)
    guard !relativePath.hasPrefix("bench/") else { return }  // large; covered below
    let tree = try renderer.layout(document)
    let whole = try renderer.paint(tree)
    let banded = try renderer.paintBandedForTests(tree, bandRows: 37)
    #expect(banded.width == whole.width && banded.height == whole.height)
    let differing = stride(from: 0, to: whole.pixels.count, by: 4).filter {
      banded.pixels[$0..<($0 + 4)] != whole.pixels[$0..<($0 + 4)]
    }
    #expect(
      differing.isEmpty,
      "\(differing.count) pixels differ, first at row \(differing.first.map { $0 / 4 / whole.width } ?? -1)"
    )
    // Encoded as it is painted, into a ring of two bands and two strips' rows (the painter
    // waits for the encoder at almost every band): the bytes of the whole painting.
    let alpha = tree.background.alpha < 1
    let expected = try PNGCodec.encode(
      rows: whole, alpha: alpha, threads: 1, scale: tree.scale, compression: .fast)
    let (png, ring) = try renderer.renderPNGInRing(
      tree, threads: 2, bandRows: 37, slackRows: 2 * 128 + 1)
    let same = png == expected
    #expect(same, "ring of \(ring.map(String.init) ?? "none")")
    if whole.height > 2 * 37 + 257 { #expect(ring != nil) }
  }

  @Test("the inbox rendered as PNG while painting has the bytes of painting, then encoding")
  func inboxBytes() throws {
    let renderer = try ListRenderer()
    let tree = try renderer.layout(
      try Paths.fixture("bench/inbox.yaml"))
    let image = try renderer.paintImage(tree)
    for compression in [PNGCompression.fast, .compact] {
      let sequential = try PNGCodec.encode(
        rows: image, alpha: false, threads: 1, scale: tree.scale, compression: compression)
      // Compared as one Bool: a failing expectation of two arrays would diff a megabyte each.
      for threads in [2, 1] {
        let same =
          try renderer.renderPNG(tree, threads: threads, compression: compression)
          == sequential
        #expect(same, "\(compression) on \(threads) threads")
      }
    }
  }

  /// The PNG of `tree` (or of its rows `rows`) painted whole, then encoded on one thread.
  private func wholeThenEncoded(
    _ renderer: ListRenderer, _ tree: LayoutTree, rows: Range<Int>? = nil,
    compression: PNGCompression
  ) throws -> [UInt8] {
    let alpha = tree.background.alpha < 1
    if let rows {
      return try PNGCodec.encode(
        rows: try renderer.paint(tree, rows: rows), alpha: alpha, threads: 1, scale: tree.scale,
        compression: compression)
    }
    return try PNGCodec.encode(
      rows: try renderer.paintImage(tree), alpha: alpha, threads: 1, scale: tree.scale,
      compression: compression)
  }

  @Test(
    "a tall list painted band after band into a ring of rows has the bytes of one whole painting"
  )
  func ringOfBands() throws {
    let renderer = try ListRenderer()
    var document = try Paths.fixture("bench/inbox.yaml")
    // Opaque, then translucent (old pixels must never show through), then narrow at scale 1
    // (a compact strip then reads 271 rows before it: a deeper ring).
    for variant in 0..<3 {
      if variant == 1 { document.canvas.background = Color(red: 1, green: 1, blue: 1, alpha: 0.5) }
      if variant == 2 {
        document.canvas.width = 40
        document.canvas.scale = 1
      }
      let tree = try renderer.layout(document)
      for compression in [PNGCompression.fast, .compact] {
        let whole = try wholeThenEncoded(renderer, tree, compression: compression)
        for threads in [1, 2, 3] {
          let (png, ring) = try renderer.renderPNGInRing(
            tree, threads: threads, compression: compression)
          let same = png == whole
          #expect(same, "variant \(variant), \(compression), \(threads) threads")
          // The inbox's 6,327 rows are painted into 1,400 to 1,550 (its memory used four
          // times over).
          #expect(ring.map { $0 < tree.pixelHeight } == true, "ring \(String(describing: ring))")
          if variant < 2 { #expect(ring.map { $0 < tree.pixelHeight / 3 } == true) }
        }
      }
      if variant == 0 {
        // A page of the list: its rows of the whole image.
        let rows = 700..<4_900
        let page = try renderer.renderPNGInRing(tree, rows: rows, threads: 2).png
        let same = try page == wholeThenEncoded(renderer, tree, rows: rows, compression: .fast)
        #expect(same, "page \(rows)")
      }
    }
  }

  @Test(
    "a tall list of scaled images painted in a ring and in pages has the bytes of one whole painting"
  )
  func ringWithImages() throws {
    let renderer = try ListRenderer()
    var document = try Paths.fixture("assets/row-images.yaml")
    let cells = document.sections[0].cells
    document.sections[0].cells = Array(repeating: cells, count: 8).flatMap { $0 }
    let tree = try renderer.layout(document)
    let whole = try wholeThenEncoded(renderer, tree, compression: .fast)
    for threads in [1, 2] {
      let (png, ring) = try renderer.renderPNGInRing(tree, threads: threads)
      let same = png == whole
      #expect(same, "\(threads) threads")
      #expect(ring != nil)
    }
    // Pages cut across images: stacked, their rows are the whole image's (a scaled image was
    // sampled from each page's first row, and came out a level or three off).
    let painted = try renderer.paint(tree)
    var top = 0
    for height in [333, 517, 1_000, 2_222] where top < tree.pixelHeight {
      let rows = top..<min(tree.pixelHeight, top + height)
      let page = try renderer.paint(tree, rows: rows)
      let start = rows.lowerBound * tree.pixelWidth * 4
      let same = page.pixels[...] == painted.pixels[start..<(start + page.pixels.count)]
      #expect(same, "page \(rows)")
      top = rows.upperBound
    }
  }
}

/// Text in many scripts: shaped on two cores (the helper takes the second half of the cells),
/// and drawn by renderers on several threads at once, it gives the bytes of one thread.
@Suite("World text on two cores", .tags(.render))
struct WorldTextThreadsTests {
  private func world() throws -> ListDocument {
    var document = try Paths.fixture("bench/world.yaml")
    document.canvas.scale = 1
    return document
  }

  @Test(
    "lists in many scripts shaped on two cores equal ones shaped on one (24 rows; 4 rows)",
    arguments: ["bench/world.yaml", "bench/scripts.yaml"])
  func parallelWorldShaping(_ name: String) throws {
    var document = try Paths.fixture(name)
    document.canvas.scale = 1
    let serial = try ListRenderer()
    serial.parallelWorldShapingThreshold = .max
    let parallel = try ListRenderer()
    let serialTree = try serial.layout(document)
    let parallelTree = try parallel.layout(document)
    #expect(parallelTree == serialTree)
    let same = try parallel.paint(parallelTree) == serial.paint(serialTree)
    #expect(same)
  }

  @Test("system fonts read from fontconfig's folder cache draw what scanned files draw")
  func folderCacheSameness() throws {
    let document = try world()
    let cached = try ListRenderer().render(document)
    SharedFontConfig.readsFolderCaches.store(false, ordering: .relaxed)
    defer { SharedFontConfig.readsFolderCaches.store(true, ordering: .relaxed) }
    let scanned = try ListRenderer().render(document)
    #expect(scanned == cached)
  }

  @Test("renderers on four threads draw the world fixtures as one renderer does")
  func renderersOnThreads() throws {
    let names = FixtureCases.all.filter { $0.hasPrefix("text/") }
    let documents = try names.map {
      try Paths.fixture($0)
    }
    let alone = try ListRenderer()
    let expected = try documents.map { try alone.render($0) }
    let results = Mutex<[Int: [Bitmap?]]>([:])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      // Each thread starts at another fixture, so different scripts meet.
      guard let renderer = try? ListRenderer() else { return }
      var bitmaps = [Bitmap?](repeating: nil, count: documents.count)
      for step in documents.indices {
        let index = (step + thread * 4) % documents.count
        bitmaps[index] = try? renderer.render(documents[index])
      }
      results.withLock { $0[thread] = bitmaps }
    }
    let rendered = results.withLock { $0 }
    #expect(rendered.count == 4)
    for bitmaps in rendered.values {
      for (index, bitmap) in bitmaps.enumerated() {
        #expect(bitmap == expected[index], "\(names[index])")
      }
    }
  }

  @Test("an English label is shaped without a language unless it holds Hangul; others keep theirs")
  func shapingLanguage() {
    #expect(TextShaper.shapingLanguage("en", text: "Inbox") == "und")
    #expect(TextShaper.shapingLanguage("en", text: "สมชาย ใจดี") == "und")
    #expect(TextShaper.shapingLanguage("en", text: "Анна Петрова → ★") == "und")
    #expect(TextShaper.shapingLanguage("en", text: "주말에 같이 🎬") == "en")
    #expect(TextShaper.shapingLanguage("ja", text: "直") == "ja")
    #expect(TextShaper.shapingLanguage("zh-Hans", text: "Inbox") == "zh-Hans")
    // The pixels are those of shaping each script in Pango's sample language: Golden/bench/world
    // and text/world-inbox (recorded before) still match exactly.
  }

}
