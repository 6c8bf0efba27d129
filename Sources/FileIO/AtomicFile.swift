import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file that could not be written, said as a sentence naming it.
package struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as given.
  public var path: String
  /// What went wrong (`the file system is read-only`, `the disk is full`, …).
  public var reason: String

  /// `cannot write PATH: REASON`.
  public var description: String { "cannot write \(path): \(reason)" }

  package init(path: String, errno code: Int32) {
    self.path = path
    switch code {
    case EROFS: reason = "the file system is read-only"
    case ENOSPC, EDQUOT: reason = "the disk is full"
    case EACCES, EPERM: reason = "permission denied"
    case EISDIR: reason = "it is a folder"
    case ENOENT: reason = "its folder does not exist"
    case ENOTDIR: reason = "a part of the path is not a folder"
    case ENAMETOOLONG: reason = "the name is too long"
    case EPIPE: reason = "the pipe's reader has closed it"
    case EBADF: reason = "it is not open for writing"
    case ELOOP: reason = "its links go round in a loop"
    default: reason = String(cString: strerror(code))
    }
  }

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// Files to remove if the process is interrupted: the temporaries being written, and outputs a
/// command wants gone when it does not finish (the frames of an interrupted `animate -o DIR`).
package enum Interruption {
  private static let state = Mutex<(paths: Set<String>, folders: [String], interrupted: Bool)>(
    ([], [], false))

  /// Removes the folder `path` (made by this command) if the process is interrupted or
  /// ``removeAll()`` is called, once the files in it are gone — if it is empty then.
  package static func removeFolderOnInterrupt(_ path: String) {
    state.withLock { $0.folders.append(path) }
  }

  /// Removes `path` if the process is interrupted before ``forget(_:)``.
  package static func removeOnInterrupt(_ path: String) {
    state.withLock { _ = $0.paths.insert(path) }
  }

  /// `path` is finished (renamed into place, or already removed).
  package static func forget(_ path: String) { state.withLock { _ = $0.paths.remove(path) } }

  /// Renames a finished temporary into place, unless the process is being interrupted (then
  /// the temporary is removed): under the same lock as ``removeAll()``, so no file appears
  /// after the clean-up.
  package static func commit(_ temporary: String, to path: String) throws {
    try state.withLock { state in
      guard !state.interrupted else {
        unlink(temporary)
        throw FileWriteError(path: path, reason: "interrupted")
      }
      guard rename(temporary, path) == 0 else { throw FileWriteError(path: path, errno: errno) }
      state.paths.remove(temporary)
    }
  }

  /// Creates a file with `create` (returning a descriptor, or -1 with `errno` set) and
  /// registers it, both under the clean-up's lock; refused once the process is interrupted.
  package static func create(_ path: String, _ create: () -> Int32) throws -> Int32 {
    try state.withLock { state in
      guard !state.interrupted else { throw FileWriteError(path: path, reason: "interrupted") }
      let descriptor = create()
      if descriptor >= 0 { state.paths.insert(path) }
      return descriptor
    }
  }

  /// Removes every registered file and ends the process with `status` (a signal handler's
  /// clean-up), still holding the lock: no thread creates, commits or removes a file after it,
  /// and a thread that fails because its files went (and reports that with another status)
  /// waits in ``waitIfInterrupted()`` until the process has ended with this one.
  package static func removeAllAndExit(status: Int32) -> Never {
    state.withLock { state -> Never in
      removeRegistered(&state)
      _exit(status)
    }
  }

  /// Returns at once, unless a signal's clean-up has begun: then it never returns (the
  /// clean-up ends the process with the signal's status). Called before an error is reported,
  /// as the error may be only the interruption's consequence.
  package static func waitIfInterrupted() {
    state.withLock { _ in }
  }

  /// Removes every registered file (an unfinished command's clean-up after an error).
  package static func removeAll() {
    state.withLock { removeRegistered(&$0) }
  }

  /// Under the lock: marks the process interrupted and removes the registered files, then the
  /// folders (each only if it is empty by then).
  private static func removeRegistered(
    _ state: inout (paths: Set<String>, folders: [String], interrupted: Bool)
  ) {
    state.interrupted = true
    for path in state.paths { unlink(path) }
    for folder in state.folders.reversed() { rmdir(folder) }
  }
}

/// The one way a file is written in place: a new temporary file beside its target (its folder
/// made if missing; created exclusively, never through a link, with a random name), filled by
/// the caller through ``descriptor`` (which the caller closes), then renamed over the target
/// by ``commit()``. Never committed, it is removed when the object goes (or when the process is
/// interrupted). Used by ``AtomicFile`` and by the animation writers, which fill it frame by
/// frame.
package final class TemporaryFile {
  /// The temporary file's path.
  package let path: String
  /// The file it becomes.
  package let target: String
  /// Open for writing; the caller closes it (directly, or through a `FileHandle` or giflib).
  package let descriptor: Int32
  private var committed = false
  /// A target that is no regular file (standard output, a device, a pipe): the temporary is
  /// made in the system's temporary folder and copied into it by ``commit()``.
  private let stream: OutputTarget?

  /// Creates the temporary beside `target` (for a device, a pipe or standard output: in the
  /// system's temporary folder).
  package init(for path: String, makingFolders: Bool = true) throws {
    guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the path is empty") }
    // A link is followed: the file it leads to is replaced, the link stays.
    let target: String
    switch OutputTarget(path) {
    case .file(let resolved): target = resolved
    case let other:
      stream = other
      self.target = path
      let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      (descriptor, self.path) = try AtomicFile.createTemporary(
        beside: folder.appendingPathComponent("listrender-output"), for: path)
      return
    }
    stream = nil
    var status = stat()
    if stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      if status.st_mode & S_IFMT == S_IFDIR { throw FileWriteError(path: path, errno: EISDIR) }
      throw FileWriteError(path: path, reason: "it is not a regular file")
    }
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent()
    do {
      if makingFolders {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
    } catch {
      throw FileWriteError(path: target, reason: "its folder \(folder.path) cannot be made")
    }
    (descriptor, self.path) = try AtomicFile.createTemporary(beside: url, for: target)
    self.target = target
  }

  /// Renames the finished temporary over the target (its descriptor closed first); for a
  /// stream, copies it there and removes it.
  package func commit() throws {
    guard let stream else {
      try Interruption.commit(path, to: target)
      committed = true
      return
    }
    let source = open(path, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { throw FileWriteError(path: target, errno: errno) }
    defer { close(source) }
    let destination: Int32
    switch stream {
    case .descriptor(let number): destination = number
    case .inPlace(let device):
      destination = open(device, O_WRONLY | O_CLOEXEC)
      guard destination >= 0 else { throw FileWriteError(path: target, errno: errno) }
    case .file: preconditionFailure("a regular file is renamed into place")
    }
    defer { if case .inPlace = stream { close(destination) } }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileWriteError(path: target, errno: errno)
      }
      if count == 0 { break }
      try AtomicFile.writeAll(ContiguousArray(buffer.prefix(count)), to: destination, path: target)
    }
  }

  deinit {
    if !committed { unlink(path) }
    Interruption.forget(path)
  }
}

/// Writes files so that readers see either the old file or the whole new one, never a part:
/// the bytes go to a new temporary file beside the target (created exclusively, never through
/// a link, with a random name), which is then renamed over it. A target that exists and is not
/// a regular file (a character device such as `/dev/null`, a FIFO) is written directly instead,
/// never replaced. Nothing is left behind after an error.
///
/// ```swift
/// try AtomicFile.write(pngBytes, to: "out/showcase.png")
/// ```
package enum AtomicFile {
  /// Writes `bytes` to `path`, creating missing parent folders.
  /// - Throws: ``FileWriteError``.
  public static func write<Bytes: Collection>(
    _ bytes: Bytes, to path: String, makingFolders: Bool = true
  ) throws
  where Bytes.Element == UInt8 {
    guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the path is empty") }
    let data = ContiguousArray(bytes)
    switch OutputTarget(path) {
    case .descriptor(let descriptor):
      // /dev/stdout, /proc/self/fd/N: the descriptor the shell gave, whatever is behind it.
      try writeAll(data, to: descriptor, path: path)
      return
    case .inPlace(let target):
      // A device or a pipe: write into it, never rename over it.
      try writeDirectly(data, to: target, path: path)
      return
    case .file(let target):
      var status = stat()
      if stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        throw FileWriteError(path: path, errno: EISDIR)
      }
    }
    let file = try TemporaryFile(for: path, makingFolders: makingFolders)
    try fill(file, with: data, path: path)
    try file.commit()
  }

  /// Writes `data` into a new temporary and closes it.
  static func fill(_ file: TemporaryFile, with data: ContiguousArray<UInt8>, path: String) throws {
    do {
      try writeAll(data, to: file.descriptor, path: path)
      guard close(file.descriptor) == 0 else { throw FileWriteError(path: path, errno: errno) }
    } catch {
      close(file.descriptor)
      throw error
    }
  }

  /// A new file beside `url` named `.NAME.RANDOM.tmp` (shortened to fit the 255-byte name
  /// limit), opened for writing; mode 0666 less the umask.
  fileprivate static func createTemporary(beside url: URL, for path: String) throws -> (
    Int32, String
  ) {
    let folder = url.deletingLastPathComponent().path
    var name = url.lastPathComponent
    while name.utf8.count > 200 { name.removeLast() }
    for _ in 0..<16 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let temporary = (folder as NSString).appendingPathComponent(".\(name).\(suffix).tmp")
      let descriptor = try Interruption.create(temporary) {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      }
      if descriptor >= 0 { return (descriptor, temporary) }
      guard errno == EEXIST else { throw FileWriteError(path: path, errno: errno) }
    }
    throw FileWriteError(path: path, reason: "no temporary file could be made beside it")
  }

  private static func writeDirectly(
    _ data: ContiguousArray<UInt8>, to target: String, path: String
  ) throws {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileWriteError(path: path, errno: errno) }
    defer { close(descriptor) }
    try writeAll(data, to: descriptor, path: path)
  }

  static func writeAll(_ data: ContiguousArray<UInt8>, to descriptor: Int32, path: String)
    throws
  {
    try data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw FileWriteError(path: path, errno: errno)
        }
        offset += written
      }
    }
  }
}

/// The outputs of one command, all or none: each is written to its temporary as it is added
/// (a descriptor's or a device's bytes are kept for the end); ``commit()`` writes those and
/// renames every temporary into place only when all are complete. Not committed, nothing is
/// written (the temporaries go with the object).
///
/// ```swift
/// let outputs = StagedOutputs()
/// try outputs.add(png, to: "out.png")
/// try outputs.add(layoutJSON, to: "ro/layout.json")  // fails: out.png is never written
/// try outputs.commit()
/// ```
package final class StagedOutputs {
  private var files: [TemporaryFile] = []
  private var direct: [(bytes: ContiguousArray<UInt8>, path: String)] = []

  package init() {}

  /// Writes `bytes` to a temporary for `path` now (or keeps them, for a descriptor or device).
  package func add<Bytes: Collection>(_ bytes: Bytes, to path: String) throws
  where Bytes.Element == UInt8 {
    switch OutputTarget(path) {
    case .descriptor, .inPlace:
      direct.append((ContiguousArray(bytes), path))
    case .file:
      let file = try TemporaryFile(for: path)
      try AtomicFile.fill(file, with: ContiguousArray(bytes), path: path)
      files.append(file)
    }
  }

  /// Takes a temporary its caller filled and closed (a vector document cairo wrote).
  package func add(_ file: TemporaryFile) { files.append(file) }

  /// Writes the kept bytes, then renames every temporary into place.
  package func commit() throws {
    for (bytes, path) in direct { try AtomicFile.write(bytes, to: path) }
    for file in files { try file.commit() }
  }
}

/// Where writing an output path lands, as the shell and coreutils have it: the path is followed
/// through its links (the link stays, the file it leads to is written).
package enum OutputTarget: Equatable {
  /// A regular file or a new one: replaced through a temporary beside it (this resolved path).
  case file(String)
  /// An existing file that is not a regular one (a device, a FIFO): written in place.
  case inPlace(String)
  /// One of this process's open descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`):
  /// written to that descriptor.
  case descriptor(Int32)

  /// Follows `path`'s links (at most 40, as the kernel does); `-` is standard output.
  package init(_ path: String) {
    if path == "-" {
      self = .descriptor(STDOUT_FILENO)
      return
    }
    var current = path
    for _ in 0..<40 {
      if let descriptor = Self.ownDescriptor(current) {
        self = .descriptor(descriptor)
        return
      }
      var info = stat()
      guard lstat(current, &info) == 0 else {  // a new file
        self = .file(current)
        return
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count > 0 else {
          self = .file(current)
          return
        }
        let link = String(
          decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current =
          link.hasPrefix("/")
          ? link
          : (parentPath(current) as NSString)
            .appendingPathComponent(link)
      case S_IFREG, S_IFDIR:
        self = .file(current)
        return
      default:
        self = .inPlace(current)
        return
      }
    }
    // Links that go round in a loop: written in place, the write fails (ELOOP) and says so;
    // the link is never replaced.
    self = .inPlace(path)
  }

  /// N for `/dev/fd/N`, `/proc/self/fd/N` and `/proc/<this process>/fd/N` when N is open.
  private static func ownDescriptor(_ path: String) -> Int32? {
    let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
    guard let prefix = prefixes.first(where: { path.hasPrefix($0) }),
      let number = Int32(path.dropFirst(prefix.count)), fcntl(number, F_GETFD) >= 0
    else { return nil }
    return number
  }
}

/// A folder of outputs (animation frames) written all at once: the files go to a hidden folder
/// beside the target (inside it, when it exists already) and reach their final names only when
/// every one is written, so a run killed part way leaves no file under a final name.
package final class StagedFolder {
  /// The folder the files are for.
  package let target: String
  /// Where they are written until ``commit(_:)``.
  package let staging: String
  private let targetExisted: Bool
  private var committed = false

  /// A staging folder for `target` (made now; `target`'s parents too).
  package init(for target: String) throws {
    self.target = target
    var isFolder: ObjCBool = false
    targetExisted = FileManager.default.fileExists(atPath: target, isDirectory: &isFolder)
    if targetExisted && !isFolder.boolValue {
      throw FileWriteError(path: target, errno: ENOTDIR)
    }
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let url = URL(fileURLWithPath: target).standardizedFileURL
    staging =
      targetExisted
      ? url.appendingPathComponent(".listrender-\(suffix).tmp").path
      : url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(suffix).tmp"
      ).path
    do {
      try FileManager.default.createDirectory(
        atPath: staging, withIntermediateDirectories: true)
    } catch {
      throw FileWriteError(path: target, reason: "its folder cannot be made")
    }
    Interruption.removeFolderOnInterrupt(staging)
  }

  /// The staging path of the file `name`.
  package func path(_ name: String) -> String {
    (staging as NSString).appendingPathComponent(name)
  }

  /// Moves the staged files `names` to their final names: the staging folder renamed to the
  /// target, or (when the target existed) each file renamed into it.
  package func commit(_ names: [String]) throws {
    if targetExisted {
      for name in names {
        // A final name that is a link is followed: the file it leads to is replaced (a device
        // or a pipe is written into), the link stays.
        let final = (target as NSString).appendingPathComponent(name)
        switch OutputTarget(final) {
        case .file(let resolved):
          guard rename(path(name), resolved) == 0 else {
            throw FileWriteError(path: final, errno: errno)
          }
        case .inPlace, .descriptor:
          guard let bytes = FileManager.default.contents(atPath: path(name)) else {
            throw FileWriteError(path: final, reason: "its staged copy is gone")
          }
          try AtomicFile.write(bytes, to: final)
          unlink(path(name))
        }
      }
      rmdir(staging)
    } else {
      guard rename(staging, target) == 0 else { throw FileWriteError(path: target, errno: errno) }
    }
    committed = true
  }

  deinit {
    if !committed { try? FileManager.default.removeItem(atPath: staging) }
  }
}

/// SIGINT and SIGTERM remove the temporaries and the outputs of an unfinished run, then end the
/// process with 128 + the signal (130, 143).
package enum Interrupts {
  /// Installs the handlers; keep the returned sources alive for the life of the process.
  package static func install() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { Interruption.removeAllAndExit(status: 128 + number) }
      source.resume()
      return source
    }
  }
}
