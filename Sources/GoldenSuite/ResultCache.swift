import FileIO
import Foundation
import GoldenImage
import ImageCodec
import ListModel
import ListRender
import Synchronization

/// `verify --cache DIR`: the keys of cases that passed, each a file named by its SHA-256 key
/// (`DIR/ab/cdef…`). A key covers every input of a case's verdict, so a case whose key is there
/// cannot have changed and passes unrendered. Entries are written to a temporary and renamed
/// (two processes may share the folder); an entry whose bytes are not exactly what is written
/// is ignored; a hit refreshes the entry's time, and past `limit` entries the least recently
/// used are removed.
package final class ResultCache: Sendable {
  let folder: String
  /// An HTTP cache (`--cache http://…`) keeping the entries at `<url>/ac/<key>` (Bazel's action
  /// cache layout), shared by CI machines; nil: the folder. A remote entry is trusted as a
  /// folder's is (its seal guards against damage, not against the server), and a cache that
  /// cannot be reached is a miss: the case is rendered.
  let remote: HTTPStore?
  /// Set once the HTTP cache failed this run: it is not asked again (every case is rendered).
  private let unreachable = Atomic<Bool>(false)

  /// What the summary says of a cache that failed this run; nil when none did.
  var failureNote: String? {
    guard let remote, unreachable.load(ordering: .relaxed) else { return nil }
    return "the cache \(remote) failed: its cases were rendered"
  }
  let limit: Int
  /// What every key of this run shares: the format, the environment, the renderer binary and
  /// the options that decide a verdict.
  private let base: String
  /// Digests of input files already read this run, by path, size and modification time.
  private let digests = Mutex<[String: String]>([:])
  /// Whether this run added entries, and how many it found: only then can the cache be past
  /// its limit (a run that found more entries than the limit, after the limit was lowered).
  private let added = Atomic<Bool>(false)
  private let hits = Atomic<Int>(0)

  static let format = "listrender-cache 3"
  /// The most files an entry lists (a case reading more is never cached): a hostile entry
  /// cannot make a run hash thousands of files.
  static let filesLimit = 1_000

  /// A cache in `folder` keeping at most `limit` entries, its keys made for `options`, this
  /// environment's `fingerprint` and the icon codepoint map at `iconMap`.
  package init(
    folder: String, limit: Int, options: SuiteConfiguration, fingerprint: [String: String],
    iconMap: String = ListRenderer.iconMapPath
  ) throws {
    if folder.hasPrefix("http://") || folder.hasPrefix("https://") {
      guard let store = try? GoldenStores.open(folder) as? HTTPStore else {
        throw CommandFailure("--cache \(folder): not a URL", status: ExitStatus.badInput)
      }
      remote = store
    } else {
      remote = nil
    }
    var isFolder: ObjCBool = false
    if remote == nil, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
      !isFolder.boolValue
    {
      throw CommandFailure(
        "--cache \(folder): it is a file; give a folder for the result cache",
        status: ExitStatus.badInput)
    }
    do {
      if remote == nil {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
    } catch {
      throw CommandFailure.wrapping(error)
    }
    self.folder = folder
    self.limit = limit
    var lines = [Self.format]
    lines += fingerprint.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    lines.append("fonts " + Self.systemFontStamp())
    lines.append(
      "renderer "
        + (remote == nil
          ? Self.rendererDigest(folder: folder)
          : ListRenderer.fileDigest("/proc/self/exe", maxBytes: 1 << 30) ?? "-"))
    // The Material icon names are read from the font package's codepoint map at start-up.
    lines.append(
      "icons " + (ListRenderer.fileDigest(iconMap, maxBytes: 16 << 20) ?? "-"))
    lines.append("policy \(options.policy)")
    // What --ignore leaves out decides a verdict: a pass with a mask is none without it.
    lines.append("ignore " + options.ignore.joined(separator: "\u{0}"))
    // The folders fixtures may read from: a file no longer allowed must fail, not pass cached.
    lines.append("readable " + options.readableFolders.joined(separator: "\u{0}"))
    lines.append(
      "checks layout=\(options.layout) accessibility=\(options.accessibility) audit=\(options.audit) auditOnly=\(options.auditOnly) accessibilityOnly=\(options.accessibilityOnly) format=\(options.goldenFormat.rawValue)"
    )
    base = lines.joined(separator: "\n")
  }

  /// Size and modification time of a file (following links), or `-` when it cannot be read.
  static func stamp(of path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "-" }
    return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
  }

  /// The running binary by its content: the SHA-256 of its bytes, computed once a binary and
  /// kept in the cache folder under the binary's device, inode, size, modification and change
  /// times (hashing an 87 MB static binary takes 0.33 s; a warm run of one case, 0.02 s). A
  /// change time cannot be set back by hand, so a binary changed in place is hashed again, and
  /// a note from another machine or another file never matches.
  static func rendererDigest(folder: String) -> String {
    var status = stat()
    guard stat("/proc/self/exe", &status) == 0 else { return "-" }
    let name =
      "renderer-\(status.st_dev)-\(status.st_ino)-\(status.st_size)-"
      + "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)-"
      + "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    let note = (folder as NSString).appendingPathComponent(name)
    if let bytes = try? InputFile.read(note, maxBytes: 64), bytes.count == 64,
      bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    {
      return String(decoding: bytes, as: UTF8.self)
    }
    guard let digest = ListRenderer.fileDigest("/proc/self/exe", maxBytes: 1 << 30) else {
      return "-"
    }
    var existing = stat()
    if lstat(note, &existing) != 0 { try? AtomicFile.write(Array(digest.utf8), to: note) }
    return digest
  }

  /// Every catalogue font file (the standard ones and every script's) by size and time: a font
  /// package updated changes every key.
  static func systemFontStamp() -> String {
    var hash = SHA256()
    for path in ListRenderer.catalogueFontPaths {
      hash.update(field: path + " " + stamp(of: path))
    }
    return hash.hex()
  }

  /// The SHA-256 of a file's bytes, read at most once a run while its size and time stay; nil
  /// when it cannot be read.
  /// The most entries of a folder an entry lists (a `res/` folder has a few hundred).
  static let folderEntriesLimit = 5_000

  private func digest(of path: String, remembered: Bool = true) -> String? {
    guard remembered else {
      // A file of one case (its spec, its goldens): read once, nothing to remember.
      guard let bytes = try? InputFile.readImage(path) else { return nil }
      var hash = SHA256()
      hash.update(bytes)
      return hash.hex()
    }
    // A folder a spec reads (an Android res/ folder, its values-* folders) stands for its
    // listing: a file added to it or taken away changes the digest.
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      guard
        let names = try? FileManager.default.contentsOfDirectory(atPath: path),
        names.count <= Self.folderEntriesLimit
      else { return nil }
      var hash = SHA256()
      hash.update(field: "folder")
      for name in names.sorted() { hash.update(field: name) }
      return hash.hex()
    }
    let stamp = Self.stamp(of: path)
    let memo = path + "\u{0}" + stamp
    if let known = digests.withLock({ $0[memo] }) { return known }
    guard stamp != "-", let bytes = try? InputFile.readImage(path) else { return nil }
    var hash = SHA256()
    hash.update(bytes)
    let value = hash.hex()
    digests.withLock { $0[memo] = value }
    return value
  }

  /// The key of one case: this run's shared part, the case's name and variant (each axis with
  /// its value: `width=300` and `height=300` are both named `@300`), its spec's bytes and the
  /// bytes of every golden the case keeps. Nil when one of them cannot be read (such a case is
  /// rendered). The files the spec reads are listed in the entry with their digests, so that a
  /// hit is known without reading the spec as YAML.
  package func key(
    name: String, variant: [(axis: String, value: String)], spec: String, goldens: [String]
  ) -> String? {
    var hash = SHA256()
    hash.update(field: base)
    hash.update(field: name)
    for choice in variant { hash.update(field: "variant \(choice.axis)=\(choice.value)") }
    guard let specDigest = digest(of: spec, remembered: false) else { return nil }
    hash.update(field: "spec " + specDigest)
    for golden in goldens {
      guard let value = digest(of: golden, remembered: false) else { return nil }
      hash.update(field: lastPathPart(golden) + " " + value)
    }
    return hash.hex()
  }

  private func path(_ key: String) -> String {
    let shard = String(key.prefix(2))
    return ((folder as NSString).appendingPathComponent(shard) as NSString)
      .appendingPathComponent(String(key.dropFirst(2)))
  }

  /// An entry: the format, the key, `passed`, each file the spec read and its digest, then a
  /// seal: the digest of all the lines before it. An entry whose seal does not match (a line
  /// edited, a file removed from its list, a list emptied) is a miss.
  private func entry(_ key: String, inputs: [(path: String, digest: String)]) -> [UInt8] {
    let files = inputs.map { "file \($0.digest) \($0.path)\n" }.joined()
    let body = "\(Self.format)\n\(key)\npassed\n\(files)"
    var seal = SHA256()
    seal.update(field: body)
    return Array((body + "seal \(seal.hex())\n").utf8)
  }

  /// Whether `key` passed before with the files its spec reads unchanged; a hit refreshes the
  /// entry's time (least recently used). An entry that does not read back exactly is ignored.
  func contains(_ key: String) -> Bool {
    let path = path(key)
    let read: [UInt8]?
    if let remote {
      guard !unreachable.load(ordering: .relaxed) else { return false }
      do {
        read = try remote.action(key, maxBytes: 1 << 20)
      } catch {
        unreachable.store(true, ordering: .relaxed)
        return false
      }
    } else {
      read = try? InputFile.read(path, maxBytes: 1 << 20)
    }
    guard let bytes = read else { return false }
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 5, lines[0] == Self.format, lines[1] == key, lines[2] == "passed",
      lines.last == ""
    else { return false }
    var inputs: [(path: String, digest: String)] = []
    guard lines.count - 5 <= Self.filesLimit else { return false }
    for line in lines.dropFirst(3).dropLast(2) {
      let parts = line.split(separator: " ", maxSplits: 2)
      guard parts.count == 3, parts[0] == "file", parts[1].count == 64 else { return false }
      inputs.append((String(parts[2]), String(parts[1])))
    }
    // Written as this process would write it (nothing cut short, nothing added), and every
    // file it lists still has its digest.
    guard bytes == entry(key, inputs: inputs),
      inputs.allSatisfy({ digest(of: $0.path) == $0.digest })
    else { return false }
    if remote == nil { utimensat(AT_FDCWD, path, nil, 0) }
    hits.add(1, ordering: .relaxed)
    return true
  }

  /// Keeps `key` as passed, with the files its spec reads (nothing is kept when one of them
  /// cannot be read).
  func store(_ key: String, document: ListDocument) {
    let files = ListRenderer.inputFiles(of: document)
    guard files.count <= Self.filesLimit else { return }
    var inputs: [(path: String, digest: String)] = []
    for file in files {
      guard !file.contains("\n"), let value = digest(of: file) else { return }
      inputs.append((file, value))
    }
    if let remote {
      guard !unreachable.load(ordering: .relaxed) else { return }
      do {
        try remote.putAction(key, entry(key, inputs: inputs))
      } catch {
        unreachable.store(true, ordering: .relaxed)
      }
      return
    }
    let path = path(key)
    try? FileManager.default.createDirectory(
      atPath: parentPath(path), withIntermediateDirectories: true)
    // Only a new entry or a regular file is written: a FIFO, a device or a link planted at an
    // entry's path is left alone (writing through it could block or land elsewhere).
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return }
    try? AtomicFile.write(entry(key, inputs: inputs), to: path)
    added.store(true, ordering: .relaxed)
  }

  /// Removes the least recently used entries beyond the limit; how many entries are kept (nil:
  /// not looked at, as this run added none).
  @discardableResult
  func trim() -> Int? {
    // A run that only read the cache, and found no more entries than the limit, has nothing
    // to remove: the folder is not walked.
    // An HTTP cache keeps its own size.
    guard remote == nil,
      added.load(ordering: .relaxed) || hits.load(ordering: .relaxed) > limit
    else {
      return nil
    }
    let manager = FileManager.default
    var entries: [(path: String, time: Double)] = []
    for shard in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    where shard.count == 2 && shard.allSatisfy(\.isHexDigit) {
      let shardPath = (folder as NSString).appendingPathComponent(shard)
      for name in (try? manager.contentsOfDirectory(atPath: shardPath)) ?? []
      where name.count == 62 && name.allSatisfy(\.isHexDigit) {
        let path = (shardPath as NSString).appendingPathComponent(name)
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        entries.append(
          (path, Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9))
      }
    }
    guard entries.count > limit else { return entries.count }
    for old in entries.sorted(by: { $0.time < $1.time }).prefix(entries.count - limit) {
      try? manager.removeItem(atPath: old.path)
    }
    return limit
  }
}
