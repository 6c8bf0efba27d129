import CPangoCairo
import CPangoThreads
import Foundation
import RenderTestSupport
import TestLevels
import Testing

/// The executable runs Pango's font matches and sorts on the thread that asks for them instead
/// of starting two threads for each new font pattern (Sources/CPangoThreads). CLITests links
/// the executable's modules, so its own `g_thread_new` is the one in this process too.
@Suite("Pango's fontconfig jobs", .tags(.cli))
struct PangoThreadsTests {
  @Test(
    "g_thread_new: Pango's two fontconfig jobs run before it returns, on the calling thread; any other thread is started as GLib would"
  )
  func inlineJobsAndOtherThreads() throws {
    let record: GThreadFunc = { data in
      data?.assumingMemoryBound(to: pthread_t.self).pointee = pthread_self()
      return nil
    }
    let ranOn = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
    defer { ranOn.deallocate() }
    for name in ["[pango] FcFontSetMatch", "[pango] FcFontSetSort"] {
      ranOn.initialize(to: 0)
      let before = lr_pango_inline_fontconfig_jobs()
      let thread = g_thread_new(name, record, ranOn)
      #expect(pthread_equal(ranOn.pointee, pthread_self()) != 0, "\(name)")
      // Other tests of this process render at the same time, so the count may have grown more.
      #expect(lr_pango_inline_fontconfig_jobs() > before)
      g_thread_unref(thread)
    }
    ranOn.initialize(to: pthread_self())
    let other = try #require(g_thread_new("listrender-test", record, ranOn))
    _ = g_thread_join(other)
    #expect(pthread_equal(ranOn.pointee, pthread_self()) == 0)
  }

  @Test(
    "the binary counts its inline jobs under --timings, and draws the goldens of every text fixture"
  )
  func sameGoldens() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = Paths.fixtures.appendingPathComponent("text/world-inbox.yaml").path
    let output = folder.appendingPathComponent("world.png").path
    let render = try runListRender(["render", spec, "-o", output, "--timings"])
    #expect(render.status == 0, "\(render.stderr)")
    let line = try #require(
      render.stderr.split(separator: "\n").first { $0.hasPrefix("fontconfig jobs") })
    let jobs = try #require(line.split(separator: " ").compactMap { Int($0) }.first)
    // Twelve scripts: at least a match and a sort for each text style and each script's font.
    #expect(jobs >= 24, "\(line)")
    // The goldens were recorded, and GoldenTests still match them, in processes where Pango
    // starts its threads: the same pixels either way.
    let verify = try runListRender(
      [
        "verify", Paths.fixtures.appendingPathComponent("text").path, "--golden",
        Paths.golden.appendingPathComponent("text").path, "--allow-path", Paths.fixtures.path,
      ], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let cases = try FileManager.default.contentsOfDirectory(
      atPath: Paths.fixtures.appendingPathComponent("text").path
    ).filter { $0.hasSuffix(".yaml") }.count
    #expect(cases >= 10)
    #expect(verify.stdout.contains("\(cases) cases: \(cases) passed, 0 failed"), "\(verify.stdout)")
  }
}
