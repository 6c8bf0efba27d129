import Foundation
import ListRender
import Testing

@Suite("Determinism")
struct DeterminismTests {
  static let spec = """
    canvas: { width: 320, scale: 2 }
    sections:
      - cells:
          - { title: Determinism, subtitle: 'Same spec, same bytes', description: 'Mixed scripts: שלום עולם and مرحبا بالعالم fall back to Noto.' }
          - title: Second row
    """

  @Test("the same spec renders to the same bytes twice in one process")
  func sameProcess() throws {
    let document = try ListDocument.decode(yaml: Self.spec)
    let first = try PNGCodec.encode(try ListRenderer().render(document))
    let second = try PNGCodec.encode(try ListRenderer().render(document))
    #expect(first == second)
  }

  @Test("two processes, one with a hostile FONTCONFIG_FILE, write identical PNG bytes")
  func acrossProcessesAndHostileFontconfig() throws {
    let folder = try Paths.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.yaml")
    try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
    // A configuration that asks for subpixel antialiasing, full hinting and a different sans.
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
    let inProcess = try PNGCodec.encode(
      try ListRenderer().render(try ListDocument.decode(yaml: Self.spec)))
    #expect([UInt8](a) == inProcess)
  }
}
