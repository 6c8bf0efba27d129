import Foundation
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
}
