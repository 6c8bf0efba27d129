import Foundation
import ListPainter
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Mutation fuzzing of decoding, validation, layout and (for small results) painting, seeded
/// with every fixture. Deterministic for a seed: `LISTRENDER_FUZZ_SEED` (default 1). It runs
/// for `LISTRENDER_FUZZ_SECONDS`: by default a 10 s smoke run inside `make test`; `make fuzz`
/// runs it for longer (`SECONDS=N`, default 300). Any input may be refused
/// with a SpecError or LayoutError; what it must not do is crash, hang or take long.
@Suite("Fuzzing", .tags(.render))
struct FuzzTests {
  static let interesting = [
    "0", "-1", "1e308", "-1e308", "nan", ".nan", ".inf", "4097", "65536", "999999999", "0.0001",
    "\"\"", "[]", "{}", "null", "true", "*a", "&a x", "\"\\u0000\"", "\"\u{202E}\u{301}\u{301}\"",
    "AX5", "rtl", "dark", "material", "{ image: /etc/passwd }", "{ icon: ../x.svg }",
    String(repeating: "x", count: 300),
  ]

  static func mutate(_ text: String, seeds: [String], _ random: inout FuzzGenerator) -> String {
    let splice: Mutation.Kind = { bytes, at, random in
      // A line of another seed.
      let other = Array((seeds.randomElement(using: &random) ?? "").utf8)
      guard !other.isEmpty else { return }
      let from = Int.random(in: 0..<other.count, using: &random)
      bytes.insert(contentsOf: other[from...].prefix { $0 != 0x0A } + [0x0A], at: at)
    }
    let randomBytes: Mutation.Kind = { bytes, at, random in
      bytes.insert(
        contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }, at: at)
    }
    let indentation: Mutation.Kind = { bytes, at, random in
      bytes.insert(
        contentsOf: Array(repeating: 0x20, count: Int.random(in: 1...4, using: &random)), at: at)
    }
    // An interesting value after a colon, or a byte flipped, cut or copied, or the three above.
    let bytes = Mutation.mutated(
      Array(text.utf8), &random, values: interesting, valuePrefix: " ",
      extra: [splice, randomBytes, indentation])
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("mutated fixtures never crash, hang or run long")
  func fuzz() throws {
    let seconds = FuzzGenerator.seconds
    var random = FuzzGenerator.seeded()
    let names = FixtureCases.all.filter { !$0.hasPrefix("bench/") }
    let seeds = names.compactMap { name in
      try? String(contentsOf: Paths.fixtures.appendingPathComponent(name), encoding: .utf8)
    }
    #expect(seeds.count > 50 && seeds.count == names.count)
    let renderer = try ListRenderer()
    var accepted = 0
    let (executions, slowestSeconds, slowestInput) = FuzzGenerator.loop(for: seconds) { run in
      let seed = run % seeds.count
      let input = Self.mutate(seeds[seed], seeds: seeds, &random)
      do {
        let document = try ListDocument.decode(
          yaml: input, file: "fuzz.yaml",
          // The seed's own folder: its images, icon files and string catalogs are found.
          baseDirectory: Paths.fixtures.appendingPathComponent(names[seed])
            .deletingLastPathComponent().path)
        let tree = try renderer.layout(document)
        if tree.pixelWidth * tree.pixelHeight <= 400_000 { _ = try renderer.paint(tree) }
        // Motion: the first, middle and last frames, through the timeline, the diff and the
        // interpolation of two layouts.
        if let animation = document.animation {
          let last = animation.frameCount - 1
          for index in Set([0, last / 2, last]) {
            let frame = AnimationTimeline.frame(
              document, at: AnimationTimeline.time(ofFrame: index, fps: animation.fps))
            let frameTree = try renderer.layout(frame)
            if frameTree.pixelWidth * frameTree.pixelHeight <= 400_000 {
              _ = try renderer.paint(frameTree)
            }
          }
        }
        accepted += 1
      } catch is SpecError {
      } catch is LayoutError {
      } catch let error as PainterError {
        // Resources are checked before layout: nothing should fail while painting.
        Issue.record("painting failed: \(error)\n---\n\(input.prefix(2_000))")
      } catch {
        Issue.record("unexpected error \(error)\n---\n\(input.prefix(2_000))")
      }
      return String(input.prefix(400))
    }
    print(
      "fuzzing: \(executions) inputs, \(accepted) rendered, slowest \(String(format: "%.2f", slowestSeconds)) s"
    )
    #expect(executions > 0)
    // In debug builds one input may take a while; none should take long.
    #expect(slowestSeconds < 10, "slowest input:\n\(slowestInput)")
  }

  /// Byte-level mutations of a binary file: flips, cuts, copies, and 32-bit fields set to the
  /// values that break arithmetic (0, 1, 2³¹, 2³² − 1).
  static func mutateBytes(_ input: [UInt8], _ random: inout FuzzGenerator) -> [UInt8] {
    // The header's eight bytes kept; a 32-bit field set to 0, 1, 2³¹ or 2³² − 1.
    Mutation.mutated(
      input, &random, times: 1...6, start: 8, cutMost: 64, copyMost: 64,
      replace: { bytes, at, random in
        let values: [[UInt8]] = [
          [0, 0, 0, 0], [0, 0, 0, 1], [0x80, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF],
        ]
        let field = values.randomElement(using: &random) ?? [0, 0, 0, 0]
        let end = min(bytes.count, at + 4)
        bytes.replaceSubrange(at..<end, with: field.prefix(end - at))
      })
  }

  @Test("mutated goldens (PNG, APNG, WebP) and fonts never crash, hang or run long")
  func fuzzFiles() throws {
    let seconds = FuzzGenerator.seconds
    var random = FuzzGenerator.seeded()
    let goldens = try ["motion/expand.apng.png", "motion/update.apng.png", "rows/title-only.png"]
      .map { [UInt8](try Data(contentsOf: Paths.golden.appendingPathComponent($0))) }
    let still = try PNGCodec.decode(goldens[2])
    let seeds = goldens + [try WebPCodec.encode(still, text: ["ListRender-FPS": "20"])]
    let font = [UInt8](
      try Data(contentsOf: Paths.fixtures.appendingPathComponent("text/brand/DejaVuSerif.ttf")))
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = """
      fonts: [ f.ttf ]
      canvas: { width: 200, scale: 1, theme: { name: mistica, font: DejaVu Serif } }
      sections:
        - cells: [ { title: Brand Ωμέγα, subtitle: 12345 } ]
      """
    let renderer = try ListRenderer()
    let (executions, slowest, _) = try FuzzGenerator.loop(for: seconds) { run in
      let executions = run + 1
      // Goldens: every decoder the suite reads them with; any error is fine, a crash is not.
      var golden = Self.mutateBytes(seeds[executions % seeds.count], &random)
      // One input in four: an APNG whose frame rate text is a hostile number, its CRC right.
      if executions % 4 == 0 {
        golden = Self.withFrameRate(
          Self.hostileNumbers[executions / 4 % Self.hostileNumbers.count], in: seeds[0])
      }
      _ = try? APNGCodec.decode(golden, maxFrames: 1_000)
      _ = try? RasterFormat.decode(golden)
      _ = WebPCodec.readText(golden)
      _ = PNGText.read(golden)
      // A font, one input in eight (each is a new font system): refused at its line, or drawn.
      if executions % 8 == 0 {
        try Data(Self.mutateBytes(font, &random)).write(to: folder.appendingPathComponent("f.ttf"))
        do {
          let document = try ListDocument.decode(
            yaml: spec, file: "fuzz.yaml", baseDirectory: folder.path)
          _ = try renderer.paint(try renderer.layout(document))
        } catch is SpecError {
        } catch is PainterError {
        } catch is LayoutError {
        } catch {
          Issue.record("unexpected error \(error)")
        }
      }
      return ""
    }
    print("fuzzing files: \(executions) inputs, slowest \(String(format: "%.2f", slowest)) s")
    #expect(executions > 0)
    #expect(slowest < 10)
  }

  /// Numbers a file may claim where a count, a size or a rate is read.
  static let hostileNumbers = [
    "0", "-1", "2147483648", "4294967295", "1e300", "-1e300", "nan", "inf", "1e-300", "",
  ]

  /// `apng` with its `ListRender-FPS` text set to `value` (the chunk's CRC made right, so that
  /// the decoder reaches the number).
  static func withFrameRate(_ value: String, in apng: [UInt8]) -> [UInt8] {
    var out = Array(apng.prefix(8))
    for chunk in AnimationBytes.chunks(apng) {
      let data =
        chunk.type == "tEXt" && chunk.data.starts(with: Array("ListRender-FPS".utf8))
        ? Array("ListRender-FPS".utf8) + [0] + Array(value.utf8) : chunk.data
      out += AnimationBytes.chunk(chunk.type, data)
    }
    return out
  }

  @Test("Thai breaking never reads past its text or writes past its list, whatever it is handed")
  func fuzzThaiBreaks() throws {
    let breaking = try #require(LibthaiBreaking())
    let (narrow, wide) = (breaking.narrow, breaking.wide)
    var random = FuzzGenerator.seeded()
    let thai = Array("ภาษาไทยใช้งานได้ 12 ก. ".unicodeScalars.map(\.value))
    for run in 0..<2_000 {
      let count = [0, 1, 2, 3, 17, 400, 5_000][run % 7]
      // Any byte but the terminator; any 32-bit value, surrogates and values past U+10FFFF
      // included, or Thai text.
      var bytes = (0..<count).map { _ in UInt8.random(in: 1...255, using: &random) }
      bytes.append(0)
      var values = (0..<count).map { index -> wchar_t in
        run % 3 == 0
          ? wchar_t(bitPattern: thai[index % thai.count])
          : wchar_t(truncatingIfNeeded: Int64.random(in: -1...0x1_0000_0000, using: &random))
      }
      values.removeAll { $0 == 0 }
      values.append(0)
      // A list shorter than the text, of one, or none.
      let room = [0, 1, 3, count + 1][run % 4]
      #expect(narrow(nil, bytes, nil, room) == 0, "no list: nothing written")
      #expect(wide(nil, values, nil, room) == 0, "no list: nothing written")
      for (characters, breaking) in [
        (bytes.count - 1, { narrow(nil, bytes, $0, room) }),
        (values.count - 1, { wide(nil, values, $0, room) }),
      ] as [(Int, (UnsafeMutablePointer<Int32>) -> Int32)] {
        var positions = [Int32](repeating: -7, count: room + 4)
        let found = Int(breaking(&positions))
        #expect(found >= 0 && found <= room)
        #expect(positions[room...].allSatisfy { $0 == -7 }, "written past the list")
        let breaks = positions.prefix(found)
        #expect(zip(breaks, breaks.dropFirst()).allSatisfy { $0 < $1 })
        #expect(breaks.allSatisfy { $0 > 0 && Int($0) < characters })
      }
    }
  }

  @Test("damaged colour bitmap fonts: the kept bitmaps stay FreeType's own, nothing crashes")
  func fuzzColorGlyphs() throws {
    let path = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    let font = [UInt8](try Data(contentsOf: URL(filePath: path)))
    // The table directory: CBLC (the strikes and their glyph index) and CBDT (the PNGs).
    func table(_ tag: String) -> Range<Int>? {
      let tables = Int(font[4]) << 8 | Int(font[5])
      for index in 0..<tables {
        let record = 12 + 16 * index
        guard record + 16 <= font.count else { return nil }
        let field = { (at: Int) in font[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        if String(decoding: font[record..<record + 4], as: UTF8.self) == tag {
          let offset = field(record + 8)
          return offset..<min(font.count, offset + field(record + 12))
        }
      }
      return nil
    }
    let index = try #require(table("CBLC"))
    let images = try #require(table("CBDT"))
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = FuzzGenerator.seeded()
    var opened = 0
    for run in 0..<12 {
      var damaged = font
      if run % 2 == 0 {
        // The first strike's fields (index offset, size, count, glyph range, ppem) set to 0,
        // 2³¹, 2³² − 1 or 0x7F7F7F7F.
        let value: [UInt8] = [
          [0, 0, 0, 0], [0x80, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0x7F, 0x7F, 0x7F],
        ][run / 2 % 4]
        let at = index.lowerBound + 8 + [0, 4, 8, 40, 44][run / 2 % 5]
        damaged.replaceSubrange(at..<at + 4, with: value)
      } else {
        // Bytes of the first glyphs' PNGs flipped.
        for _ in 0..<64 {
          let at = Int.random(
            in: images.lowerBound..<min(images.upperBound, images.lowerBound + 200_000),
            using: &random)
          damaged[at] ^= UInt8.random(in: 1...255, using: &random)
        }
      }
      let file = folder.appendingPathComponent("emoji.ttf")
      try Data(damaged).write(to: file)
      // Nil: not opened as a colour bitmap font; else the kept copies equal FreeType's loads.
      if let result = FontSystem.colorGlyphCopiesDiffering(path: file.path, glyphs: 60) {
        #expect(result.differing == 0, "run \(run): \(result)")
        opened += result.compared > 0 ? 1 : 0
      }
    }
    // The flipped PNGs still open: their kept bitmaps (damaged or not) were compared.
    #expect(opened >= 6, "\(opened) damaged fonts compared")
  }
}
