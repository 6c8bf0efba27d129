import FileIO
import Foundation
import ListModel
import StringCatalogs

/// Bazel's test protocol (https://bazel.build/reference/test-encyclopedia), read from the
/// environment `bazel test` gives a test: the shard (`TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX`,
/// 0-based, the same split as `--shard`), the shard status file it wants touched, where JUnit XML
/// goes (`XML_OUTPUT_FILE`), the folder for other outputs (`TEST_UNDECLARED_OUTPUTS_DIR`: the
/// report and the failure images) and for temporaries (`TEST_TMPDIR`). Outside Bazel all are nil.
package struct BazelTest {
  package var shard: Shard?
  package var statusFile: String?
  package var junit: String?
  package var outputs: String?
  package var temporary: String?

  package init(environment: [String: String]) throws {
    func value(_ key: String) -> String? {
      guard let text = environment[key], !text.isEmpty else { return nil }
      return text
    }
    if let total = value("TEST_TOTAL_SHARDS") {
      guard let count = Int(total), count >= 1, count <= 1_000_000,
        let index = Int(value("TEST_SHARD_INDEX") ?? ""), (0..<count).contains(index)
      else {
        throw CommandFailure(
          "TEST_TOTAL_SHARDS=\(total) and TEST_SHARD_INDEX=\(environment["TEST_SHARD_INDEX"] ?? "") do not name a shard (0 ≤ index < total)",
          status: ExitStatus.badInput)
      }
      shard = try Shard(index: index + 1, of: count)
      statusFile = value("TEST_SHARD_STATUS_FILE")
    }
    junit = value("XML_OUTPUT_FILE")
    outputs = value("TEST_UNDECLARED_OUTPUTS_DIR")
    temporary = value("TEST_TMPDIR")
    target = value("TEST_TARGET")
  }

  /// Tells Bazel this test knows the sharding protocol: the status file is made (or its time
  /// updated), as touch(1) does: opened without waiting, so a FIFO never blocks (one with no
  /// reader has its time set by path).
  package func touchShardStatus() throws {
    guard shard != nil, let statusFile else { return }
    let descriptor = open(
      statusFile, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENXIO, utimensat(AT_FDCWD, statusFile, nil, 0) == 0 { return }
    guard descriptor >= 0 else {
      throw CommandFailure(
        "TEST_SHARD_STATUS_FILE \(statusFile): \(String(cString: strerror(errno)))",
        status: ExitStatus.failure)
    }
    futimens(descriptor, nil)
    close(descriptor)
  }

  /// The test target (`//pkg:name`), which names where Bazel keeps the zipped outputs.
  package var target: String?

  /// Under `bazel test`, the output folder as what it becomes: `bazel-testlogs/pkg/name/
  /// test.outputs/outputs.zip` (a sharded test's: `bazel-testlogs/pkg/name/shard_2_of_3/
  /// test.outputs/outputs.zip`; a target of the root package's: `bazel-testlogs/name/…`),
  /// read from the workspace (the folder itself is zipped away).
  package var shownPaths: [(path: String, shown: String)] {
    guard let outputs, let target else { return [] }
    // `//pkg/sub:name`, `//:name`, `@repo//pkg:name`: the package's folders, then the name.
    let label = target.components(separatedBy: "//").last ?? target
    let colon = label.firstIndex(of: ":")
    let package = colon.map { String(label[..<$0]) } ?? label
    let name = colon.map { String(label[label.index(after: $0)...]) } ?? (lastPathPart(label))
    let path = (package.isEmpty ? "" : package + "/") + name
    let shardFolder = shard.map { $0.count > 1 ? "/shard_\($0.index)_of_\($0.count)" : "" } ?? ""
    let zip = "bazel-testlogs/\(path)\(shardFolder)/test.outputs/outputs.zip"
    let folder = outputs.hasSuffix("/") ? outputs : outputs + "/"
    return [(folder, zip + " → ")]
  }

  /// Temporary files (staging, optimisation) under `TEST_TMPDIR`, where Bazel cleans them.
  package func useTemporaryFolder() {
    guard let temporary else { return }
    setenv("TMPDIR", temporary, 1)
  }
}

extension SuiteConfiguration {
  /// Follows `bazel test`'s protocol (``BazelTest``) where the command line left a choice to
  /// it: the shard, the report and failure images under the undeclared outputs folder (unless
  /// given), temporaries under `TEST_TMPDIR`, the shard status file touched, and paths shown as
  /// the zip they become. Outside Bazel it changes nothing.
  package mutating func applyBazel(
    _ environment: [String: String], reportGiven: Bool, artifactsGiven: Bool
  ) throws {
    let bazel = try BazelTest(environment: environment)
    if let outputs = bazel.outputs {
      if !reportGiven { report = (outputs as NSString).appendingPathComponent("report") }
      if !artifactsGiven { artifacts = (outputs as NSString).appendingPathComponent("artifacts") }
    }
    if shard == nil {
      shard = bazel.shard
      try bazel.touchShardStatus()
    }
    bazel.useTemporaryFolder()
    shownPaths = bazel.shownPaths
  }
}

extension MisticaTokenFile {
  /// `--tokens PATH`: the brand token file, read, and the brand its name gives.
  /// - Throws: ``CommandFailure`` (exit 2): a file named for no brand, or not a token file.
  package static func brandFile(_ path: String) throws -> (
    brand: MisticaSkin, file: MisticaTokenFile
  ) {
    let stem = (lastPathPart(path) as NSString).deletingPathExtension
    guard let brand = MisticaSkin(rawValue: stem), brand != .original else {
      throw CommandFailure(
        "--tokens \(path): name the file for its brand (\(MisticaSkin.allCases.filter { $0 != .original }.map { "\($0.rawValue).json" }.joined(separator: ", "))): it takes that brand's place",
        status: ExitStatus.badInput)
    }
    do {
      let file = try MisticaTokenFile.read(path)
      if let problem = file.skinProblem {
        throw CommandFailure("--tokens \(problem)", status: ExitStatus.badInput)
      }
      return (brand, file)
    } catch let error as CatalogError {
      throw CommandFailure("--tokens \(error.description)", status: ExitStatus.badInput)
    }
  }
}
