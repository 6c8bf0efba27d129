import Foundation
import ListModel

/// Paths of the package under test, found from this file's location.
package enum Paths {
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  package static let fixtures = root.appendingPathComponent("Fixtures")
  package static let golden = root.appendingPathComponent("Golden")

  /// The built `listrender` binary, beside the test bundle.
  package static var binary: URL {
    let candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("listrender"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("listrender"),
      root.appendingPathComponent(".build/debug/listrender"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[2]
  }

  /// The fixture at `relativePath` (under `Fixtures/`), its files allowed from that folder.
  package static func fixture(_ relativePath: String) throws -> ListDocument {
    try ListDocument.load(
      path: fixtures.appendingPathComponent(relativePath).path, allowing: [fixtures.path])
  }

  /// A fresh empty folder for one test.
  package static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("listrender-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A fresh folder holding `files` (relative path → text; folders made as needed).
  package static func temporaryFolder(with files: [String: String]) throws -> URL {
    let folder = try temporaryFolder()
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
  }
}

/// Runs `script` with `/bin/bash -c` in `folder`, `$0` being the built binary; its exit status.
package func runShell(_ script: String, in folder: URL) throws -> Int32 {
  let shell = Process()
  shell.executableURL = URL(fileURLWithPath: "/bin/bash")
  shell.arguments = ["-c", script, Paths.binary.path]
  shell.currentDirectoryURL = folder
  try shell.run()
  shell.waitUntilExit()
  return shell.terminationStatus
}

/// The result of running the `listrender` binary.
package struct ProcessResult {
  package let status: Int32
  package let stdout: String
  package let stderr: String
  /// Standard output as bytes (a PNG written to `-o /dev/stdout`).
  package var stdoutBytes = Data()
}

/// Runs the built binary with `arguments`, optionally with extra environment variables.
package func runListRender(
  _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
  input: Data? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = Paths.binary
  process.arguments = arguments
  // The binary sees none of the developer's LISTRENDER_* settings unless a test sets them
  // (LISTRENDER_RECORD=missing swift test must not make the CLI tests record).
  let inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LISTRENDER_") }
  process.environment = inherited.merging(environment) { $1 }
  if let folder { process.currentDirectoryURL = folder }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let stdin = Pipe()
  if input != nil { process.standardInput = stdin }
  try process.run()
  if let input {
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
  }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
}

/// Runs headless Chromium on `page` and writes a screenshot; stopped after 60 s if it hangs.
/// The Chromium binary, when installed.
package let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Runs a tool from the PATH (the toolchain's, pkg-config), in `folder` when given: its exit
/// status and standard output (its standard error is dropped).
package func runTool(_ name: String, _ arguments: [String], in folder: URL? = nil) throws -> (
  status: Int32, output: Data
) {
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = [name] + arguments
  if let folder { process.currentDirectoryURL = folder }
  let out = Pipe()
  process.standardOutput = out
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, data)
}

/// The DOM headless Chromium has after loading `page` (files may read files beside them), and
/// `extra` flags (`--virtual-time-budget=5000` for a page that loads more).
package func chromiumDOM(_ chromium: String, page: URL, extra: [String] = []) throws -> String {
  let browser = Process()
  browser.executableURL = URL(fileURLWithPath: chromium)
  browser.arguments =
    ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"] + extra + [
      "--dump-dom", page.absoluteString,
    ]
  let output = Pipe()
  browser.standardOutput = output
  browser.standardError = FileHandle.nullDevice
  try browser.run()
  let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  browser.waitUntilExit()
  return dom
}

package func chromiumScreenshot(
  _ chromium: String, page: URL, to shot: URL, window: String, extra: [String] = []
)
  throws
{
  let browser = Process()
  browser.executableURL = URL(fileURLWithPath: chromium)
  browser.arguments =
    ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + extra + [
      "--window-size=\(window)", "--screenshot=\(shot.path)", page.absoluteString,
    ]
  browser.standardOutput = FileHandle.nullDevice
  browser.standardError = FileHandle.nullDevice
  try browser.run()
  let deadline = Date().addingTimeInterval(60)
  while browser.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
  if browser.isRunning { browser.terminate() }
}

/// Every spec under `Fixtures/` is one case: `Fixtures/<area>/<case>.yaml` is compared with
/// `Golden/<area>/<case>.png`. Adding a case is adding those two files.
package enum FixtureCases {
  package static var all: [String] {
    let root = Paths.fixtures.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
      .sorted()
  }
}

/// Reading animated files' structure: PNG chunks and GIF blocks.
package enum AnimationBytes {
  package static func be32(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
      | Int(bytes[offset + 3])
  }

  package static func be16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  package static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
    var result: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = be32(png, offset)
      result.append(
        (
          String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self),
          Array(png[(offset + 8)..<(offset + 8 + length)])
        ))
      offset += 12 + length
    }
    return result
  }

  /// Walks a GIF's blocks: image count, graphic-control delays (cs), NETSCAPE looping.
  package static func gifFrames(_ gif: [UInt8]) -> (images: Int, delays: [Int], loops: Bool) {
    var offset = 13
    if gif[10] & 0x80 != 0 { offset += 3 << (Int(gif[10] & 7) + 1) }
    var images = 0
    var delays: [Int] = []
    var loops = false
    func skipSubBlocks() {
      while offset < gif.count, gif[offset] != 0 { offset += Int(gif[offset]) + 1 }
      offset += 1
    }
    while offset < gif.count {
      switch gif[offset] {
      case 0x21:
        let label = gif[offset + 1]
        if label == 0xF9 { delays.append(Int(gif[offset + 4]) | Int(gif[offset + 5]) << 8) }
        if label == 0xFF,
          String(decoding: gif[(offset + 3)..<(offset + 14)], as: UTF8.self) == "NETSCAPE2.0"
        {
          loops = true
        }
        offset += 2
        skipSubBlocks()
      case 0x2C:
        images += 1
        let packed = gif[offset + 9]
        offset += 10
        if packed & 0x80 != 0 { offset += 3 << (Int(packed & 7) + 1) }
        offset += 1  // LZW minimum code size
        skipSubBlocks()
      default:
        return (images, delays, loops)
      }
    }
    return (images, delays, loops)
  }

  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(data.count) + body + be32(Int(crc32(body)))
  }

  /// CRC-32 (ISO 3309, as PNG's chunks carry it), bit by bit: the tests' own, so that a PNG a
  /// test builds does not lean on the codec it tests.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  package static func be32(_ value: Int) -> [UInt8] {
    [
      UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  /// Peak signal-to-noise ratio over R, G and B, in dB (infinite when equal).
}

/// Documents built in code that several test targets use.
package enum SampleDocuments {
  private static let avatar = Paths.fixtures.appendingPathComponent("assets/avatar.png").path

  /// The DSL's inbox: a header, a row, a stereo cell, a label, a disabled switch, two rows
  /// from a loop.
  package static var inbox: ListDocument {
    ListDocument(canvas: Canvas(width: 360, scale: 1, theme: .material)) {
      Section(header: "Inbox") {
        RowCell(
          "Ana García", subtitle: "Lunch on Friday?",
          asset: .monogram("AG", background: Color(hex: "#3F51B5") ?? .black),
          control: .navigation(badge: 2))
        StereoCell(
          "Bruno Díaz", detail: "Three lines at most",
          leading: .image(FileReference(path: avatar), shape: .circle))
        Label("A plain label cell")
        RowCell("Wi-Fi", control: .switch(true)).state(.disabled).separator(.hidden)
        for name in ["One", "Two"] {
          RowCell(Label(name), asset: .smallIcon("star"))
        }
      }
    }
  }

  /// A press and release on a full-width row beside a boxed one, half a second at 20 fps.
  package static let pressAnimation = """
    canvas: { width: 200, scale: 1 }
    sections:
      - cells:
          - { title: Pressed }
          - { style: boxed, title: Other }
    animation:
      fps: 20
      duration: 0.5
      events:
        - { at: 0.1, press: { section: 0, item: 0, x: 30, y: 20 } }
        - { at: 0.3, release: { section: 0, item: 0 } }
    """

  /// Two rows, Hebrew and Arabic falling back to Noto in the first: a spec whose bytes must not
  /// depend on the process or on fontconfig's settings.
  package static let mixedScripts = """
    canvas: { width: 320, scale: 2 }
    sections:
      - cells:
          - { title: Determinism, subtitle: 'Same spec, same bytes', description: 'Mixed scripts: שלום עולם and مرحبا بالعالم fall back to Noto.' }
          - title: Second row
    """
}

/// A 4 KiB tmpfs mounted at a folder, for tests of a full disk; nil (the reason printed) where
/// this machine does not let the test mount one.
package struct FullDisk {
  /// The mount point.
  package let folder: URL

  /// Mounts it at `folder` (made first).
  package init?(at folder: URL) throws {
    guard getuid() == 0 else {
      print("skipped: mounting a small tmpfs needs root")
      return nil
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=4k", "tmpfs", folder.path]
    try mount.run()
    mount.waitUntilExit()
    guard mount.terminationStatus == 0 else {
      print("skipped: this machine does not let root mount a tmpfs")
      return nil
    }
    self.folder = folder
  }

  /// Whether this machine lets the tests mount one (root, and a tmpfs mount allowed): tried
  /// once, on a folder of its own.
  package static let canMount: Bool = {
    guard getuid() == 0, let probe = try? Paths.temporaryFolder() else { return false }
    defer { try? FileManager.default.removeItem(at: probe) }
    guard let disk = try? FullDisk(at: probe.appendingPathComponent("disk")) else { return false }
    disk.unmount()
    return true
  }()

  /// Unmounts it.
  package func unmount() {
    let umount = Process()
    umount.executableURL = URL(fileURLWithPath: "/bin/umount")
    umount.arguments = [folder.path]
    try? umount.run()
    umount.waitUntilExit()
  }
}

/// A small deterministic generator (xorshift64*) for the fuzz tests, so that a failing run can
/// be replayed from its seed.
package struct FuzzGenerator: RandomNumberGenerator {
  package var state: UInt64

  package init(state: UInt64) { self.state = state }

  /// The generator of the run's seed: `LISTRENDER_FUZZ_SEED` (default 1).
  package static func seeded() -> FuzzGenerator {
    FuzzGenerator(
      state: UInt64(ProcessInfo.processInfo.environment["LISTRENDER_FUZZ_SEED"] ?? "") ?? 1)
  }

  /// How long a fuzz test runs: `LISTRENDER_FUZZ_SECONDS` (default 10, the smoke run of
  /// `make test`; `make fuzz` gives more).
  package static var seconds: Double {
    Double(ProcessInfo.processInfo.environment["LISTRENDER_FUZZ_SECONDS"] ?? "") ?? 10
  }

  /// The fuzzers' one driving loop: `body` runs with 0, 1, 2, … until `seconds` have passed;
  /// what it returns names its input. Returns how many ran, and the slowest run's seconds and
  /// name.
  package static func loop(for seconds: Double, _ body: (Int) throws -> String) rethrows -> (
    executions: Int, slowest: Double, slowestInput: String
  ) {
    let deadline = Date().addingTimeInterval(seconds)
    var executions = 0
    var slowest = (seconds: 0.0, input: "")
    while Date() < deadline {
      let started = Date()
      let input = try body(executions)
      executions += 1
      let elapsed = Date().timeIntervalSince(started)
      if elapsed > slowest.seconds { slowest = (elapsed, input) }
    }
    return (executions, slowest.seconds, slowest.input)
  }

  package mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }
}

/// The byte mutations the fuzzers share (a spec's text, a shard report, a golden's bytes).
package enum Mutation {
  /// One byte at `at` changed to another.
  package static func flip(_ bytes: inout [UInt8], at: Int, _ random: inout FuzzGenerator) {
    bytes[at] ^= UInt8.random(in: 1...255, using: &random)
  }

  /// Up to `most` bytes from `at` removed.
  package static func cut(
    _ bytes: inout [UInt8], at: Int, most: Int, _ random: inout FuzzGenerator
  ) {
    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...most, using: &random)))
  }

  /// Up to `most` bytes from `at` repeated after themselves.
  package static func copy(
    _ bytes: inout [UInt8], at: Int, most: Int, _ random: inout FuzzGenerator
  ) {
    let end = min(bytes.count, at + Int.random(in: 1...most, using: &random))
    bytes.insert(contentsOf: bytes[at..<end], at: end)
  }

  /// The value after the first `:` from `at` (up to a line break, `,` or `}`) replaced by
  /// `value`.
  package static func replaceValue(_ bytes: inout [UInt8], from at: Int, with value: String) {
    guard let colon = bytes[at...].firstIndex(of: 0x3A) else { return }
    let end =
      bytes[(colon + 1)...].firstIndex { $0 == 0x0A || $0 == 0x2C || $0 == 0x7D } ?? bytes.count
    bytes.replaceSubrange((colon + 1)..<end, with: Array(value.utf8))
  }
}

extension Mutation {
  /// Numbers at the edges of what a reader must range-check: zero, one past Int32, a double
  /// no integer holds, a negative.
  package static let edgeNumbers = ["0", "2147483648", "1e300", "-1"]

  /// One more way to mutate bytes at an offset, beside the flip, cut and copy every fuzzer has.
  package typealias Kind = (inout [UInt8], Int, inout FuzzGenerator) -> Void

  /// `original` with a number of mutations (`times`) at random offsets from `start`: a byte
  /// flipped, bytes cut (at most `cutMost`) or copied (at most `copyMost`), or `replace` (by
  /// default the value after a colon set to one of `values`, `valuePrefix` first); `extra`
  /// kinds join the draw. The one mutation loop of every fuzzer; never empty (an input cut to
  /// nothing starts again from `original`).
  package static func mutated(
    _ original: [UInt8], _ random: inout FuzzGenerator, values: [String] = edgeNumbers,
    valuePrefix: String = "", times: ClosedRange<Int> = 1...4, start: Int = 0,
    cutMost: Int = 40, copyMost: Int = 200, replace: Kind? = nil, extra: [Kind] = []
  ) -> [UInt8] {
    var bytes = original
    for _ in 0..<Int.random(in: times, using: &random) {
      guard bytes.count > start else { break }
      let at = Int.random(in: start..<bytes.count, using: &random)
      switch Int.random(in: 0..<(4 + extra.count), using: &random) {
      case 0: flip(&bytes, at: at, &random)
      case 1: cut(&bytes, at: at, most: cutMost, &random)
      case 2: copy(&bytes, at: at, most: copyMost, &random)
      case 3:
        if let replace {
          replace(&bytes, at, &random)
        } else {
          let value = values.randomElement(using: &random) ?? "0"
          replaceValue(&bytes, from: at, with: valuePrefix + value)
        }
      case let kind: extra[kind - 4](&bytes, at, &random)
      }
      if bytes.isEmpty { bytes = original }
    }
    return bytes
  }
}

/// The project's documentation: the README and the articles of the DocC catalog.
package enum Documentation {
  /// `Sources/ListRender/ListRender.docc`.
  package static let catalog = Paths.root.appendingPathComponent(
    "Sources/ListRender/ListRender.docc")

  /// An article's text, by its file name without `.md` (`SpecFormat`).
  package static func article(_ name: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent(name + ".md"), encoding: .utf8)
  }
}

/// Catalogs the catalog, spec-locale and option tests share.
package enum SampleCatalogs {
  /// A catalog in English, German, Polish and Arabic: a long German title, Polish plurals, a
  /// key German lacks, a translation with the wrong placeholder, one not yet reviewed.
  package static let xcstrings = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "roaming" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Data roaming" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Datenroaming im Ausland bei Reisen außerhalb der Europäischen Union" } },
          "pl" : { "stringUnit" : { "state" : "translated", "value" : "Roaming danych" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "تجوال البيانات" } } } },
        "files" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
          "de" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
          "pl" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
            "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliki" } },
            "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld plików" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliku" } } } } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفات" } } } },
        "greeting" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello, %@" } },
          "pl" : { "stringUnit" : { "state" : "translated", "value" : "Cześć" } },
          "ar" : { "stringUnit" : { "state" : "needs_review", "value" : "مرحبا %@" } } } }
      },
      "version" : "1.0"
    }
    """
  /// A catalog and a spec that takes keys from it, in Polish: a header, a greeting with an
  /// argument, plurals, and a plain row.
  package static let specWithKeys: [String: String] = [
    "Localizable.xcstrings": SampleCatalogs.xcstrings,
    "list.yaml": """
    strings: [Localizable.xcstrings]
    canvas: { width: 320, scale: 1, locale: pl }
    sections:
      - header: { title: { key: roaming } }
        cells:
          - title: { key: roaming }
            subtitle: { key: greeting, args: [Ana] }
          - title: { key: files, count: 2 }
          - title: { key: files, count: 5 }
          - title: Plain text
    """,
  ]

  /// The texts of a document's rows, in order.
  package static func titles(_ document: ListDocument) -> [String] {
    document.sections.flatMap(\.cells).compactMap { cell in
      guard case .row(let row) = cell.kind else { return nil }
      return row.title.text
    }
  }
}
