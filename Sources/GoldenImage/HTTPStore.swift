import FileIO
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP cache in Bazel's remote-cache layout: `PUT` and `GET <url>/cas/<sha256>` (bazel-remote,
/// nginx's WebDAV module, an S3 gateway). Every transfer has a deadline, is retried with backoff
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
    var request = URLRequest(url: url.appendingPathComponent(kind).appendingPathComponent(digest))
    request.httpMethod = method
    request.timeoutInterval = timeout
    if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
    if let body { request.httpBody = Data(body) }
    var last = "no attempt"
    for attempt in 0..<max(1, attempts) {
      if attempt > 0 { Thread.sleep(forTimeInterval: 0.25 * Double(1 << (attempt - 1))) }
      switch HTTPTransfer.run(request, maxBytes: maxBytes, timeout: timeout) {
      case .answer(let status, let bytes) where status < 500: return (status, bytes)
      case .answer(let status, _): last = "HTTP \(status)"
      case .tooLarge(let size):
        throw GoldenStoreError(
          store: description,
          reason:
            "\(method) cas/\(digest): \(size.map { "\($0) bytes" } ?? "a body") past the \(maxBytes)-byte bound: refused"
        )
      case .failed(let why): last = why
      }
    }
    throw GoldenStoreError(
      store: description,
      reason: "\(method) cas/\(digest) failed \(max(1, attempts)) times (the last: \(last))")
  }
}

/// One HTTP exchange with a size bound, run to its end or its deadline.
enum HTTPTransfer {
  enum Outcome: Sendable {
    case answer(status: Int, body: [UInt8])
    case tooLarge(Int?)
    case failed(String)
  }

  /// Collects the answer, cancelling the task once the body passes `maxBytes`.
  final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let maxBytes: Int
    let state = Mutex<(status: Int, body: [UInt8], outcome: Outcome?)>((0, [], nil))
    let done = DispatchSemaphore(value: 0)

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func finish(_ outcome: Outcome) {
      state.withLock { if $0.outcome == nil { $0.outcome = outcome } }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      state.withLock { $0.status = status }
      if response.expectedContentLength > Int64(maxBytes) {
        finish(.tooLarge(Int(clamping: response.expectedContentLength)))
        completionHandler(.cancel)
        return
      }
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let over = state.withLock { state -> Bool in
        state.body += data
        return state.body.count > maxBytes
      }
      if over {
        finish(.tooLarge(nil))
        dataTask.cancel()
      }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?)
    {
      if let error {
        finish(.failed(error.localizedDescription))
      } else {
        let (status, body) = state.withLock { ($0.status, $0.body) }
        finish(.answer(status: status, body: body))
      }
      done.signal()
    }
  }

  static func run(_ request: URLRequest, maxBytes: Int, timeout: Double) -> Outcome {
    let collector = Collector(maxBytes: maxBytes)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    task.resume()
    if collector.done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      return .failed("no answer within \(timeout) s")
    }
    return collector.state.withLock { $0.outcome } ?? .failed("no answer")
  }
}
