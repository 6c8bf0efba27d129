import Foundation
import GoldenImage
import ImageCodec
import RenderTestSupport
import TestLevels
import Testing

/// Goldens kept as manifests, their images in a folder store: a passing case reads no image, a
/// failing one fetches its golden to diff, or fails by digest when the store cannot give it;
/// bytes under another digest are refused; folders convert either way, all or nothing.
@Suite("Manifest goldens", .tags(.cli))
struct ManifestGoldenTests {
  static let list = """
    canvas: { width: 320, scale: 1 }
    sections:
      - cells:
          - { title: Inbox, subtitle: 3 unread }
          - { title: Drafts }

    """

  func write(_ text: String, _ path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func exists(_ path: String, in folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
  }

  @Test(
    "record --store writes manifests; verify passes by digest with or without the store, and a change fails with its diff or by digest"
  )
  func recordAndVerify() throws {
    let folder = try Paths.temporaryFolder(with: ["fx/a.yaml": Self.list, "fx/b.yaml": Self.list])
    defer { try? FileManager.default.removeItem(at: folder) }
    var wrong: [String] = []
    func verdict(_ what: String, _ arguments: [String], status: Int32, containing: String? = nil)
      throws
    {
      let run = try runListRender(["verify", "fx", "--golden", "gold"] + arguments, in: folder)
      if run.status != status || containing.map({ !run.stderr.contains($0) }) == true {
        wrong.append("\(what): exit \(run.status)\n\(run.stderr.prefix(600))")
      }
    }
    #expect(
      try runListRender(["record", "fx", "--golden", "gold", "--store", "store"], in: folder).status
        == 0)
    #expect(exists("gold/a.golden", in: folder) && !exists("gold/a.png", in: folder))
    let blobs = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("store/cas").path)
    #expect(blobs.count == 1, "the two cases draw the same image: one blob")
    try verdict("same, with the store", ["--store", "store"], status: 0)
    try verdict("same, no store", [], status: 0)
    // A case changed: its diff from the store's image, or a failure by digest without it.
    try write(Self.list.replacingOccurrences(of: "Drafts", with: "Sent"), "fx/a.yaml", in: folder)
    try verdict(
      "changed, with the store", ["--store", "store"], status: 1, containing: "does not match:")
    if !exists(".build/golden-artifacts/a.diff.png", in: folder) {
      wrong.append("changed, with the store: no diff image")
    }
    try verdict(
      "changed, no store", [], status: 1, containing: "no store was given (--store)")
    try verdict(
      "changed, an empty store", ["--store", "empty"], status: 1,
      containing: "does not have its image")
    // The explanation comes from the manifest's record, image or not.
    try verdict(
      "changed, explained", [], status: 1, containing: "\"Drafts\" → \"Sent\"")
    // Bytes under another digest: refused, named, exit 2.
    let blob = folder.appendingPathComponent("store/cas/\(blobs[0])")
    try Data("not that image".utf8).write(to: blob)
    try verdict(
      "a damaged store", ["--store", "store"], status: 2, containing: "refused")
    print("manifest goldens: 7 verdicts, \(wrong.count) wrong")
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test(
    "goldens pack and unpack: the same bytes back, all or nothing, image and manifest goldens side by side"
  )
  func packAndUnpack() throws {
    let folder = try Paths.temporaryFolder(with: ["fx/a.yaml": Self.list, "fx/b.yaml": Self.list])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runListRender(["record", "fx", "--golden", "gold"], in: folder).status == 0)
    let original = try Data(contentsOf: folder.appendingPathComponent("gold/a.png"))
    let pack = try runListRender(["goldens", "pack", "gold", "--store", "store"], in: folder)
    #expect(pack.status == 0 && pack.stdout.contains("packed 2 goldens"), "\(pack.stderr)")
    #expect(exists("gold/a.golden", in: folder) && !exists("gold/a.png", in: folder))
    #expect(try runListRender(["verify", "fx", "--golden", "gold"], in: folder).status == 0)
    // One image golden beside a manifest: both read.
    let unpack = try runListRender(["goldens", "unpack", "gold", "--store", "store"], in: folder)
    #expect(unpack.status == 0, "\(unpack.stderr)")
    #expect(try Data(contentsOf: folder.appendingPathComponent("gold/a.png")) == original)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("gold/b.png"),
      to: folder.appendingPathComponent("b.png"))
    #expect(
      try runListRender(["goldens", "pack", "gold", "--store", "store"], in: folder).status == 0)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("b.png"), to: folder.appendingPathComponent("gold/b.png"))
    #expect(try runListRender(["verify", "fx", "--golden", "gold"], in: folder).status == 0)
    // A manifest already beside an image: nothing packed.
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("gold/a.golden"),
      to: folder.appendingPathComponent("gold/b.golden"))
    let clash = try runListRender(["goldens", "pack", "gold", "--store", "store"], in: folder)
    #expect(clash.status == 2 && clash.stderr.contains("nothing was packed"))
    #expect(exists("gold/b.png", in: folder))
  }

  @Test(
    "a manifest's numbers at 0, -1, 2^31, 2^63 and 1e300, and 2,000 mutated manifests: read or refused, never a trap"
  )
  func hostileManifests() throws {
    var bitmap = Bitmap(width: 3, height: 2)
    bitmap.fill(red: 10, green: 20, blue: 30)
    let bytes = try RasterFormat.png.encode(bitmap, text: [GoldenCheck.fingerprintKey: "cairo=1"])
    let text = try GoldenManifest(bytes: bytes, bitmap: bitmap).text()
    #expect(try GoldenManifest(text: text, path: "a.golden").width == 3)
    for number in ["0", "-1", "2147483648", "9223372036854775808", "1e300"] {
      for (field, replaced) in [
        ("image", text.replacingOccurrences(of: "png 3x2", with: "png \(number)x2")),
        ("size", text.replacingOccurrences(of: "png 3x2", with: "png 3x\(number)")),
        ("file", text.replacingOccurrences(of: " \(bytes.count)\n", with: " \(number)\n")),
      ] {
        #expect(throws: ManifestError.self, "\(field) \(number)") {
          _ = try GoldenManifest(text: replaced, path: "a.golden")
        }
      }
    }
    // Mutations: bytes changed, lines cut, duplicated or swapped; each read or refused.
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(max(1, bound)))
    }
    var read = 0
    var refused = 0
    for _ in 0..<2_000 {
      var utf8 = Array(text.utf8)
      for _ in 0..<(1 + next(4)) {
        switch next(3) {
        case 0: utf8[next(utf8.count)] = UInt8(next(256))
        case 1:
          let start = next(utf8.count)
          utf8.removeSubrange(start..<min(utf8.count, start + next(40)))
        default:
          let start = next(utf8.count)
          utf8.insert(
            contentsOf: utf8[start..<min(utf8.count, start + next(40))], at: next(utf8.count))
        }
        if utf8.isEmpty { utf8 = Array("x".utf8) }
      }
      if (try? GoldenManifest(text: String(decoding: utf8, as: UTF8.self), path: "m.golden")) != nil
      {
        read += 1
      } else {
        refused += 1
      }
    }
    #expect(read + refused == 2_000 && refused > 0)
  }
}
