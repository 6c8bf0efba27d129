import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

/// Debian's bazel-bootstrap (a real Bazel 4.2.3), installed by `make deps-test`.
let bazel = ["/usr/bin/bazel"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `listrender verify` as a sharded `sh_test` under a real Bazel, offline: the workspace kept
/// in `Tests/CLITests/Bazel` beside the built binary and six fixtures with their goldens.
@Suite("A real Bazel", .tags(.bazel))
struct BazelTests {
  /// Runs `tool` to its end with its output in a file, through posix_spawn and waitpid:
  /// Foundation's Process never sees the Bazel client end, because the server the client starts
  /// keeps what Process watches open.
  private func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> (
    status: Int32, output: String
  ) {
    let log = folder.appendingPathComponent("bazel-\(UUID().uuidString).log").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Bazel's client reads HOME for its rc files: none of the developer's.
    let environment = ProcessInfo.processInfo.environment.merging(["HOME": folder.path]) { $1 }
      .map { "\($0.key)=\($0.value)" }
    // In `folder` (glibc's addchdir_np is not in Swift's Glibc module): sh changes to it first.
    let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, tool] + arguments
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }

  @Test(
    "three shards run every case once, JUnit where Bazel wants it, and a second run is cached",
    .enabled(
      if: bazel != nil, "Bazel is not installed (make deps-test could not install bazel-bootstrap)"),
    .timeLimit(.minutes(5)))
  func shardedGoldens() throws {
    let bazel = try #require(bazel)
    let folder = try Paths.temporaryFolder()
    let workspace = folder.appendingPathComponent("ws")
    let kept = Paths.root.appendingPathComponent("Tests/CLITests/Bazel")
    let manager = FileManager.default
    try manager.createDirectory(at: workspace, withIntermediateDirectories: true)
    for name in ["WORKSPACE", "BUILD", "verify.sh"] {
      try manager.copyItem(
        at: kept.appendingPathComponent(name), to: workspace.appendingPathComponent(name))
    }
    try manager.copyItem(
      at: kept.appendingPathComponent("deps"), to: folder.appendingPathComponent("deps"))
    try manager.copyItem(at: Paths.binary, to: workspace.appendingPathComponent("listrender"))
    let fixtures = workspace.appendingPathComponent("fx/rows")
    try manager.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for index in 0..<6 {
      try "canvas: { width: 120, scale: 1 }\nsections:\n  - cells: [ { title: Row \(index) } ]\n"
        .write(
          to: fixtures.appendingPathComponent("row\(index).yaml"), atomically: true,
          encoding: .utf8)
    }
    let record = try runListRender(["record", "fx", "--golden", "gold"], in: workspace)
    #expect(record.status == 0, "\(record.stderr)")
    try? manager.removeItem(at: workspace.appendingPathComponent("report"))
    let root = folder.appendingPathComponent("root").path
    let deps = folder.appendingPathComponent("deps").path
    let arguments = [
      "--output_user_root=\(root)", "test", "//:goldens",
      "--override_repository=rules_cc=\(deps)/rules_cc",
      "--override_repository=rules_java=\(deps)/rules_java",
      "--override_repository=remote_coverage_tools=\(deps)/remote_coverage_tools",
      "--spawn_strategy=local", "--disk_cache=\(folder.appendingPathComponent("cache").path)",
      "--color=no", "--curses=no", "--test_output=errors",
    ]
    defer {
      _ = try? run(bazel, ["--output_user_root=\(root)", "shutdown"], in: workspace)
      try? manager.removeItem(at: folder)
    }
    let first = try run(bazel, arguments, in: workspace)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("PASSED"), "\(first.output)")
    // Each shard's JUnit (our XML_OUTPUT_FILE) names its cases: together every case, once.
    let logs = workspace.appendingPathComponent("bazel-testlogs/goldens")
    var cases: [String] = []
    for shard in 1...3 {
      let xml = try String(
        contentsOf: logs.appendingPathComponent("shard_\(shard)_of_3/test.xml"), encoding: .utf8)
      #expect(xml.contains("<testsuites name=\"listrender\""), "shard \(shard): \(xml)")
      cases += xml.components(separatedBy: "<testcase ").dropFirst().map {
        String($0.prefix { $0 != "\n" })
      }
    }
    #expect(cases.count == 6, "\(cases)")
    #expect(Set(cases).count == 6)
    // The report went to the undeclared outputs (zipped by Bazel).
    #expect(
      manager.fileExists(
        atPath: logs.appendingPathComponent("shard_1_of_3/test.outputs/outputs.zip").path))
    // Cleaned, run again: every shard comes from the disk cache.
    _ = try run(bazel, ["--output_user_root=\(root)", "clean"], in: workspace)
    let second = try run(bazel, arguments, in: workspace)
    #expect(second.status == 0, "\(second.output)")
    #expect(second.output.contains("(cached) PASSED"), "\(second.output)")
  }
}
