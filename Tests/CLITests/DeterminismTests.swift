import Foundation
import ListRender
import RenderTestSupport
import Synchronization
import TestLevels
import Testing

@Suite("Determinism", .tags(.cli))
struct DeterminismTests {
  static let spec = SampleDocuments.mixedScripts

  @Test("two processes, one with a hostile FONTCONFIG_FILE, write identical PNG bytes")
  func acrossProcessesAndHostileFontconfig() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.yaml")
    try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
    let hostile = try Self.hostileConfiguration(in: folder)
    let plain = folder.appendingPathComponent("plain.png")
    let hostileOut = folder.appendingPathComponent("hostile.png")
    let first = try runListRender(["render", spec.path, "-o", plain.path])
    #expect(first.status == 0, "\(first.stderr)")
    let second = try runListRender(
      ["render", spec.path, "-o", hostileOut.path], environment: ["FONTCONFIG_FILE": hostile.path])
    #expect(second.status == 0, "\(second.stderr)")
    let a = try Data(contentsOf: plain)
    let b = try Data(contentsOf: hostileOut)
    #expect(!a.isEmpty)
    #expect(a == b)
    // And the same bytes as this process makes.
    let renderer = try ListRenderer()
    let inProcess = try renderer.renderPNG(renderer.layout(ListDocument.decode(yaml: Self.spec)))
    #expect([UInt8](a) == inProcess)
  }

  /// A fontconfig configuration that asks for subpixel antialiasing, full hinting and a
  /// different sans, written into `folder`.
  static func hostileConfiguration(in folder: URL) throws -> URL {
    let hostile = folder.appendingPathComponent("fonts.conf")
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <dir>/usr/share/fonts</dir>
      <match target="font">
        <edit name="antialias" mode="assign"><bool>true</bool></edit>
        <edit name="rgba" mode="assign"><const>rgb</const></edit>
        <edit name="hinting" mode="assign"><bool>true</bool></edit>
        <edit name="hintstyle" mode="assign"><const>hintfull</const></edit>
        <edit name="lcdfilter" mode="assign"><const>lcddefault</const></edit>
      </match>
      <match target="pattern">
        <test name="family"><string>Roboto</string></test>
        <edit name="family" mode="assign" binding="strong"><string>DejaVu Serif</string></edit>
      </match>
    </fontconfig>
    """.write(to: hostile, atomically: true, encoding: .utf8)
    return hostile
  }

  @Test(
    "text in twelve scripts and emoji: the golden's bytes under a hostile FONTCONFIG_FILE and the tr_TR, ja_JP and ar_EG locales"
  )
  func worldTextEverywhere() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = try Self.hostileConfiguration(in: folder)
    let spec = Paths.fixtures.appendingPathComponent("text/world-inbox.yaml").path
    let plain = folder.appendingPathComponent("world.png")
    let first = try runListRender(["render", spec, "-o", plain.path])
    #expect(first.status == 0, "\(first.stderr)")
    // The golden's pixels (its file also holds the recording's fingerprint).
    #expect(
      try PNGCodec.decode(file: plain.path)
        == PNGCodec.decode(
          file: Paths.root.appendingPathComponent("Golden/text/world-inbox.png").path))
    for (index, locale) in ["tr_TR.UTF-8", "ja_JP.UTF-8", "ar_EG.UTF-8"].enumerated() {
      let output = folder.appendingPathComponent("world-\(index).png")
      let result = try runListRender(
        ["render", spec, "-o", output.path],
        environment: [
          "FONTCONFIG_FILE": hostile.path, "LANG": locale, "LC_ALL": locale, "LANGUAGE": locale,
        ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try Data(contentsOf: output) == Data(contentsOf: plain), "\(locale)")
    }
  }

  @Test("a character no font has: exit 2 naming it; --allow-missing-glyphs draws it and warns")
  func missingGlyphs() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("gap.yaml")
    try "sections:\n  - cells:\n      - title: \"Greek \u{0378} gap\"\n".write(
      to: spec, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("gap.png")
    let refused = try runListRender(["render", spec.path, "-o", output.path])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("gap.yaml:3:16: sections[0].cells[0].title: no font has U+0378"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    let allowed = try runListRender(
      ["render", spec.path, "-o", output.path, "--allow-missing-glyphs"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(
      allowed.stderr.contains(
        "warning: sections[0].cells[0].title: no font has U+0378; drawn as a box"))
    #expect(FileManager.default.fileExists(atPath: output.path))
  }
}
