import Foundation
import GoldenImage
import ListRender

/// Paths of the package under test, found from this file's location.
enum Paths {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = root.appendingPathComponent("Fixtures")
  static let golden = root.appendingPathComponent("Golden")

  /// The built `listrender` binary, beside the test bundle.
  static var binary: URL {
    let candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("listrender"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("listrender"),
      root.appendingPathComponent(".build/debug/listrender"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[2]
  }

  /// A fresh empty folder for one test.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("listrender-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// The result of running the `listrender` binary.
struct ProcessResult {
  let status: Int32
  let stdout: String
  let stderr: String
  /// Standard output as bytes (a PNG written to `-o /dev/stdout`).
  var stdoutBytes = Data()
}

/// Runs the built binary with `arguments`, optionally with extra environment variables.
func runListRender(
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

/// Decodes inline YAML and lays it out with real Pango measurement.
func layout(_ yaml: String) throws -> LayoutTree {
  try ListRenderer().layout(try ListDocument.decode(yaml: yaml))
}

extension LayoutTree {
  /// The elements of one role, in order.
  func elements(_ role: LayoutElement.Role) -> [LayoutElement] {
    elements.filter { $0.role == role }
  }
}

extension LayoutElement {
  /// The text block of a text element.
  var textBlock: TextBlock? {
    if case .text(let block) = content { return block }
    return nil
  }
}

/// Runs headless Chromium on `page` and writes a screenshot; stopped after 60 s if it hangs.
func chromiumScreenshot(
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

/// The project's own golden check: strict (threshold 0, anti-aliased pixels counted), since the
/// goldens were recorded with these very libraries; artifacts under `.build/golden-artifacts`.
func strictGoldenCheck(_ renderer: ListRenderer) -> GoldenCheck {
  var policy = GoldenPolicy()
  policy.options = .exact
  return GoldenCheck(
    artifactsFolder: Paths.root.appendingPathComponent(".build/golden-artifacts").path,
    policy: policy, fingerprint: renderer.fingerprint())
}
