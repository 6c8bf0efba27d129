import Foundation
import RenderTestSupport
import TestLevels
import Testing

/// Debian's nginx, its WebDAV module storing what is PUT, on a loopback port: an HTTP golden
/// store as a team's CI would share one.
final class NginxStore {
  static let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let folder: URL
  let port: Int
  private let process = Process()

  /// nginx serving `folder/data` on a free loopback port (its config and logs in `folder`);
  /// `failing`: answering every request 503 instead.
  init(folder: URL, failing: Bool = false) throws {
    self.folder = folder
    port = try Self.freePort()
    for part in ["data", "tmp"] {
      let url = folder.appendingPathComponent(part)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      // The worker (nobody, under root) writes there.
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
    }
    let config = """
      worker_processes 1;
      daemon off;
      pid \(folder.path)/nginx.pid;
      error_log \(folder.path)/error.log;
      events {}
      http {
        access_log off;
        client_body_temp_path \(folder.path)/tmp;
        server {
          listen 127.0.0.1:\(port);
          root \(folder.path)/data;
          client_max_body_size 512m;
          location / { \(failing ? "return 503;" : "dav_methods PUT; create_full_put_path on; dav_access user:rw all:r;") }
        }
      }

      """
    let file = folder.appendingPathComponent("nginx.conf")
    try config.write(to: file, atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: try #require(Self.binary))
    process.arguments = ["-c", file.path, "-p", folder.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Up once it answers.
    for _ in 0..<50 {
      if Self.answers(port) { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    stop()
    throw CocoaError(.featureUnsupported, userInfo: ["why": "nginx did not start"])
  }

  var url: String { "http://127.0.0.1:\(port)" }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  deinit { stop() }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let socket = Darwinless.socket()
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        guard bind(socket, $0, length) == 0, getsockname(socket, $0, &length) == 0 else {
          throw CocoaError(.featureUnsupported)
        }
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func answers(_ port: Int) -> Bool {
    let socket = Darwinless.socket()
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// Glibc's `socket` under a name of our own (Foundation's `Socket` types are not these).
enum Darwinless {
  static func socket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
}

@Suite("An HTTP golden store (nginx)", .tags(.cli))
struct HTTPStoreTests {
  static let list = ManifestGoldenTests.list

  @Test(
    "record into nginx, verify a fresh clone's manifests, a changed case diffed from the server, the server gone",
    .enabled(
      if: NginxStore.binary != nil,
      "nginx is not installed (make deps-test could not install it)"))
  func nginx() throws {
    let folder = try Paths.temporaryFolder(with: [
      "repo/fx/a.yaml": Self.list,
      "repo/fx/b.yaml": Self.list.replacingOccurrences(
        of: "Drafts", with: "Sent"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try NginxStore(folder: folder.appendingPathComponent("server"))
    defer { server.stop() }
    let repo = folder.appendingPathComponent("repo")
    let record = try runListRender(
      ["record", "fx", "--golden", "gold", "--store", server.url + "/"], in: repo)
    #expect(record.status == 0, "\(record.stderr)")
    let stored = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("server/data/cas").path)
    #expect(stored.count == 2)
    // A fresh clone: the fixtures and the manifests, no image.
    let clone = folder.appendingPathComponent("clone")
    try FileManager.default.copyItem(at: repo, to: clone)
    try? FileManager.default.removeItem(at: clone.appendingPathComponent("report"))
    let images = try FileManager.default.contentsOfDirectory(
      atPath: clone.appendingPathComponent("gold").path
    ).filter { $0.hasSuffix(".png") }
    #expect(images.isEmpty)
    let environment = ["LISTRENDER_STORE_TIMEOUT": "3"]
    let same = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", server.url], environment: environment,
      in: clone)
    #expect(same.status == 0, "\(same.stderr)")
    // The result cache in the same server (<url>/ac/<key>): the second run renders nothing.
    let cached = ["verify", "fx", "--golden", "gold", "--store", server.url, "--cache", server.url]
    #expect(try runListRender(cached, environment: environment, in: clone).status == 0)
    let warm = try runListRender(cached, environment: environment, in: clone)
    #expect(
      warm.status == 0 && (warm.stdout + warm.stderr).contains("(2 cached)"), "\(warm.stderr)")
    // A changed case: its diff from the server's image.
    try Self.list.replacingOccurrences(of: "Inbox", with: "Outbox").write(
      to: clone.appendingPathComponent("fx/a.yaml"), atomically: true, encoding: .utf8)
    let changed = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", server.url], environment: environment,
      in: clone)
    #expect(changed.status == 1 && changed.stderr.contains("\"Inbox\" → \"Outbox\""))
    #expect(
      FileManager.default.fileExists(
        atPath: clone.appendingPathComponent(".build/golden-artifacts/a.diff.png").path))
    // A damaged object on the server: refused, named, exit 2.
    let objects = folder.appendingPathComponent("server/data/cas")
    for name in try FileManager.default.contentsOfDirectory(atPath: objects.path) {
      try Data("not that image".utf8).write(to: objects.appendingPathComponent(name))
    }
    let damaged = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", server.url], environment: environment,
      in: clone)
    #expect(damaged.status == 2 && damaged.stderr.contains("refused"), "\(damaged.stderr)")
    // The server gone: the passing case still passes (it reads no image); the failing one
    // cannot be proven either way: exit 2, naming the store.
    server.stop()
    let gone = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", server.url, "--json", "r.json"],
      environment: environment, in: clone)
    #expect(gone.status == 2, "\(gone.stderr)")
    // A cache that cannot be reached is a miss, said in the summary.
    let unreachable = try runListRender(
      ["verify", "fx", "--golden", "gold", "--cache", server.url], environment: environment,
      in: clone)
    #expect(
      (unreachable.stdout + unreachable.stderr).contains("the cache \(server.url) failed"),
      "\(unreachable.stderr)")
    #expect(gone.stderr.contains("the golden store \(server.url)"), "\(gone.stderr)")
    #expect((gone.stdout + gone.stderr).contains("passed   b"))
  }

  @Test(
    "a store that answers 3 GB or never answers: bounded, named, exit 2",
    .enabled(
      if: NginxStore.binary != nil,
      "nginx is not installed (make deps-test could not install it)"))
  func bounded() throws {
    let folder = try Paths.temporaryFolder(with: ["repo/fx/a.yaml": Self.list])
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try NginxStore(folder: folder.appendingPathComponent("server"))
    defer { server.stop() }
    let repo = folder.appendingPathComponent("repo")
    #expect(
      try runListRender(["record", "fx", "--golden", "gold", "--store", server.url], in: repo)
        .status == 0)
    try Self.list.replacingOccurrences(of: "Inbox", with: "Outbox").write(
      to: repo.appendingPathComponent("fx/a.yaml"), atomically: true, encoding: .utf8)
    // The object replaced by a 3 GB file (sparse: no disk is used).
    let objects = folder.appendingPathComponent("server/data/cas")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: objects.path).first)
    let handle = try FileHandle(forWritingTo: objects.appendingPathComponent(name))
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    let huge = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", server.url],
      environment: ["LISTRENDER_STORE_TIMEOUT": "5"], in: repo)
    #expect(huge.status == 2 && huge.stderr.contains("bound: refused"), "\(huge.stderr)")
    // A server that takes the connection and never answers.
    let socket = Darwinless.socket()
    defer { close(socket) }
    let port = try NginxStore.freePort()
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    #expect(bound && listen(socket, 8) == 0)
    let started = Date()
    let silent = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", "http://127.0.0.1:\(port)"],
      environment: ["LISTRENDER_STORE_TIMEOUT": "1"], in: repo)
    #expect(silent.status == 2 && silent.stderr.contains("failed 3 times"), "\(silent.stderr)")
    // A server that answers errors: retried, then named with its status; the Authorization
    // header's secret is never printed.
    let failing = try NginxStore(folder: folder.appendingPathComponent("failing"), failing: true)
    defer { failing.stop() }
    let errors = try runListRender(
      ["verify", "fx", "--golden", "gold", "--store", failing.url],
      environment: [
        "LISTRENDER_STORE_TIMEOUT": "2", "LISTRENDER_STORE_AUTHORIZATION": "Bearer s3cr3t-token",
      ], in: repo)
    #expect(errors.status == 2 && errors.stderr.contains("HTTP 503"), "\(errors.stderr)")
    #expect(!(errors.stdout + errors.stderr).contains("s3cr3t"))
    #expect(Date().timeIntervalSince(started) < 60)
  }
}
