import FileIO
import Foundation

/// An HTTP cache in Bazel's remote-cache layout: `PUT` and `GET <url>/cas/<sha256>` (bazel-remote,
/// nginx's WebDAV module, an S3 gateway), through curl. Every transfer has a deadline, is retried with backoff
/// on a refused connection, a timeout or a 5xx answer, and is bounded in size (a `Content-Length`
/// past the bound is refused before its body, a body past it is cut off). An `Authorization`
/// header may come from `$LISTRENDER_STORE_AUTHORIZATION`; it is never printed.
package struct HTTPStore: GoldenStore {
  /// The store's URL, without a trailing slash.
  package var url: URL
  /// The `Authorization` header's value, if any.
  var authorization: String?
  /// Seconds a transfer may take in all.
  package var timeout: Double
  /// Attempts a transfer gets (the first and its retries).
  package var attempts = 3

  package init(url: URL, authorization: String?, timeout: Double) {
    self.url = url
    self.authorization = authorization
    self.timeout = timeout
  }

  /// The URL as printed: without any user or password it holds.
  package var description: String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "?" }
    parts.user = nil
    parts.password = nil
    return parts.string ?? "?"
  }

  /// An action-cache entry (`<url>/ac/<key>`: a result the key stands for, not addressed by its
  /// own content); nil when there is none.
  package func action(_ key: String, maxBytes: Int) throws -> [UInt8]? {
    guard key.count == 64, key.allSatisfy({ $0.isHexDigit }) else { return nil }
    let answer = try transfer("GET", key, body: nil, maxBytes: maxBytes, under: "ac")
    switch answer.status {
    case 200: return answer.body
    case 404: return nil
    default:
      throw GoldenStoreError(
        store: description, reason: "GET ac/\(key) answered HTTP \(answer.status)")
    }
  }

  /// Keeps an action-cache entry under `key`.
  package func putAction(_ key: String, _ bytes: [UInt8]) throws {
    let answer = try transfer("PUT", key, body: bytes, maxBytes: 1 << 16, under: "ac")
    guard (200..<300).contains(answer.status) else {
      throw GoldenStoreError(
        store: description, reason: "PUT ac/\(key) answered HTTP \(answer.status)")
    }
  }

  package func get(_ digest: String, maxBytes: Int) throws -> [UInt8]? {
    guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit }) else { return nil }
    let answer = try transfer("GET", digest, body: nil, maxBytes: maxBytes)
    switch answer.status {
    case 200: return try checked(answer.body, digest)
    case 404: return nil
    default:
      throw GoldenStoreError(
        store: description, reason: "GET cas/\(digest) answered HTTP \(answer.status)")
    }
  }

  package func put(_ bytes: [UInt8]) throws -> String {
    let digest = SHA256.hex(of: bytes)
    let answer = try transfer("PUT", digest, body: bytes, maxBytes: 1 << 16)
    guard (200..<300).contains(answer.status) else {
      throw GoldenStoreError(
        store: description, reason: "PUT cas/\(digest) answered HTTP \(answer.status)")
    }
    return digest
  }

  /// One request, retried with backoff (0.25, 0.5 s …) on what may pass: a connection refused
  /// or cut, a timeout, a 5xx answer.
  func transfer(
    _ method: String, _ digest: String, body: [UInt8]?, maxBytes: Int, under kind: String = "cas"
  ) throws -> (status: Int, body: [UInt8]) {
    let target = url.appendingPathComponent(kind).appendingPathComponent(digest)
    var last = "no attempt"
    for attempt in 0..<max(1, attempts) {
      if attempt > 0 { Thread.sleep(forTimeInterval: 0.25 * Double(1 << (attempt - 1))) }
      switch HTTPTransfer.run(
        method, target, body: body, authorization: authorization, maxBytes: maxBytes,
        timeout: timeout)
      {
      case .answer(let status, let bytes) where status < 500: return (status, bytes)
      case .answer(let status, _): last = "HTTP \(status)"
      case .tooLarge(let size):
        throw GoldenStoreError(
          store: description,
          reason:
            "\(method) \(kind)/\(digest): \(size.map { "\($0) bytes" } ?? "a body") past the \(maxBytes)-byte bound: refused"
        )
      case .failed(let why): last = why
      }
    }
    throw GoldenStoreError(
      store: description,
      reason: "\(method) \(kind)/\(digest) failed \(max(1, attempts)) times (the last: \(last))")
  }
}

/// One HTTP exchange run by curl(1) (Debian's `curl`, a package of `make deps`): linking an
/// HTTP library would load libcurl, OpenSSL, Kerberos and LDAP into every process that
/// renders (start-up from 11 to 24 ms), where only a store's transfers need them. The body is
/// read from curl's output as it comes and cut off past `maxBytes`; the `Authorization` header
/// goes to curl on its standard input, never on its command line.
enum HTTPTransfer {
  enum Outcome: Sendable {
    case answer(status: Int, body: [UInt8])
    case tooLarge(Int?)
    case failed(String)
  }

  /// Where curl is.
  static let curl = ["/usr/bin/curl", "/bin/curl"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static func run(
    _ method: String, _ url: URL, body: [UInt8]?, authorization: String?, maxBytes: Int,
    timeout: Double
  ) -> Outcome {
    guard let curl else { return .failed("curl is not installed (Debian's curl package)") }
    // A body to send goes through a private temporary file (standard input carries the
    // headers).
    var upload: String?
    defer { if let upload { try? FileManager.default.removeItem(atPath: upload) } }
    if let body {
      let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
        "listrender-put-\(UUID().uuidString)")
      guard
        (try? Data(body).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting))
          != nil
      else { return .failed("cannot write a temporary file for the upload") }
      upload = path
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: curl)
    var arguments = [
      "--silent", "--show-error", "--globoff", "--proto", "=http,https",
      "--max-time", String(format: "%.1f", timeout), "--max-filesize", String(maxBytes),
      "--request", method, "--header", "@-", "--output", "-",
      "--write-out", "%{stderr}listrender-status:%{http_code}\n",
    ]
    if let upload { arguments += ["--upload-file", upload] }
    arguments.append(url.absoluteString)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return .failed("curl could not be run: \(error)")
    }
    let header = authorization.map { "Authorization: \($0)\n" } ?? ""
    try? input.fileHandleForWriting.write(contentsOf: Data(header.utf8))
    try? input.fileHandleForWriting.close()
    // The body as it comes, cut off past the bound.
    var received: [UInt8] = []
    var tooLarge = false
    let descriptor = output.fileHandleForReading.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      received += buffer[0..<count]
      if received.count > maxBytes {
        tooLarge = true
        process.terminate()
        break
      }
    }
    let stderr = String(
      decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
    process.waitUntilExit()
    if tooLarge { return .tooLarge(nil) }
    // curl 63: the Content-Length is past --max-filesize, refused before the body.
    if process.terminationStatus == 63 { return .tooLarge(nil) }
    let status =
      stderr.split(separator: "\n").last { $0.hasPrefix("listrender-status:") }
      .flatMap { Int($0.dropFirst("listrender-status:".count)) } ?? 0
    guard process.terminationStatus == 0, status > 0 else {
      let why =
        stderr.split(separator: "\n").first { $0.hasPrefix("curl:") }
        .map(String.init) ?? "curl exited with \(process.terminationStatus)"
      return .failed(why)
    }
    return .answer(status: status, body: received)
  }
}
