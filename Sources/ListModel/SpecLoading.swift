import FileIO
import Foundation
import Yams

// Loading a spec: reading files under the path policy, UTF-8 and YAML positions, the files a
// document uses.

extension ListDocument {
  /// Reads and decodes a YAML or JSON spec file (JSON is YAML: one decoder serves both).
  ///
  /// The files it names (images, icons, update files) are read only from the spec's own
  /// folder and the folders in `allowing` (after following links): a spec from elsewhere
  /// cannot make the renderer read the machine's other files.
  ///
  /// ```swift
  /// let fixtures = URL(filePath: "Fixtures")
  /// let document = try ListDocument(
  ///   contentsOf: fixtures.appending(path: "rows/title-only.yaml"), allowing: [fixtures])
  /// ```
  /// - Throws: ``SpecError`` naming the file, line, column and field path.
  public init(contentsOf url: URL, allowing folders: [URL] = []) throws {
    self = try Self.load(path: url.path, allowing: folders.map(\.path))
  }

  /// ``init(contentsOf:allowing:)`` with paths, for the command line.
  package static func load(path: String, allowing folders: [String] = []) throws -> ListDocument {
    try load(path: path, allowing: folders, isUpdateFile: false)
  }

  /// ``load(path:allowing:)``; `isUpdateFile`: the file is an animation's update file, which
  /// may name no update file of its own (a chain of them, or one naming itself, has no end).
  static func load(path: String, allowing folders: [String], isUpdateFile: Bool) throws
    -> ListDocument
  {
    let fail = { (message: String) in
      SpecError(file: path, line: nil, column: nil, path: "", message: message)
    }
    // Only a regular file (after links) is read, opened without blocking: a folder or a FIFO
    // given as the spec is an error, never a wait.
    // A pipe (`<(generate-spec)`, a FIFO) is read like standard input.
    let data = try readRegularFile(
      path, limit: SpecLimits.maxFileBytes, allowingPipes: !isUpdateFile,
      inside: isUpdateFile ? canonicalFolders(folders) : nil, fail: fail)
    guard let text = String(validating: data, as: UTF8.self) else {
      let (line, column) = position(ofByte: firstInvalidUTF8(in: data), in: data)
      throw SpecError(
        file: path, line: line, column: column, path: "",
        message: "the file is not UTF-8 text: an invalid byte here")
    }
    let base = parentPath(path)
    let folder = base.isEmpty ? "." : base
    return try decode(
      yaml: text, file: path, baseDirectory: folder, allowedFolders: [folder] + folders,
      isUpdateFile: isUpdateFile)
  }

  /// Decodes a spec from YAML or JSON text; `file` names it in errors and relative paths in it
  /// are resolved against `baseDirectory` (default: the current folder).
  /// - Throws: ``SpecError``.
  public static func decode(
    yaml text: String, file: String = "<inline>", baseDirectory: String? = nil
  ) throws -> ListDocument {
    try decode(yaml: text, file: file, baseDirectory: baseDirectory, allowedFolders: nil)
  }

  /// A document from a spec's node tree (as ``init(from:)`` makes it from any coder).
  static func decode(node: Node, file: String) throws -> ListDocument {
    try decodeDocument(
      NodeReader(
        node: node, path: "", file: file, base: FileManager.default.currentDirectoryPath,
        budget: DecodeBudget(allowedFolders: nil)))
  }

  /// ``decode(yaml:file:baseDirectory:)`` reading files only from `allowedFolders` (nil:
  /// anywhere).
  package static func decode(
    yaml text: String, file: String, baseDirectory: String?, allowedFolders: [String]?,
    isUpdateFile: Bool = false
  ) throws -> ListDocument {
    let root: Node?
    do {
      // Scalars are read as text by the decoder (numbers, booleans and null by its own rules),
      // so tags are not resolved (Yams would test every scalar against regular expressions).
      root = try Yams.compose(yaml: text, .basic)
    } catch let error as YamlError {
      throw specError(from: error, file: file)
    }
    guard let root else {
      throw SpecError(file: file, line: nil, column: nil, path: "", message: "the spec is empty")
    }
    let base = baseDirectory ?? FileManager.default.currentDirectoryPath
    let budget = DecodeBudget(allowedFolders: allowedFolders)
    budget.isUpdateFile = isUpdateFile
    return try decodeDocument(
      NodeReader(node: root, path: "", file: file, base: base, budget: budget))
  }

  private static func specError(from error: YamlError, file: String) -> SpecError {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      // With libyaml's context, the place where the construct began (an unclosed `[` is
      // reported where it opens, not at the end of the file), as PyYAML prints it.
      if let context {
        return SpecError(
          file: file, line: context.mark.line, column: context.mark.column, path: "",
          message:
            "not valid YAML or JSON: \(context.text) that starts here: \(problem) (at \(mark.line):\(mark.column))"
        )
      }
      return SpecError(
        file: file, line: mark.line, column: mark.column, path: "",
        message: "not valid YAML or JSON: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return SpecError(
        file: file, line: context.mark.line, column: context.mark.column, path: "",
        message: "duplicate keys: \(duplicates.joined(separator: ", "))")
    case .reader(let problem, let offset, let value, let yaml):
      // A control character: its line and column from its offset.
      let (line, column) = position(ofByte: offset ?? 0, in: Array(yaml.utf8))
      return SpecError(
        file: file, line: line, column: column, path: "",
        message:
          "not valid YAML or JSON: \(problem) (0x\(String(value, radix: 16, uppercase: true)))")
    default:
      return SpecError(
        file: file, line: nil, column: nil, path: "", message: "not valid YAML or JSON: \(error)")
    }
  }

  /// The offset of the first byte that does not belong to valid UTF-8.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length =
        byte < 0x80
        ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
      guard length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      else { return index }
      index += length
    }
    return index
  }

  /// The 1-based line and column of byte `offset` of `bytes`.
  static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

}

extension ListDocument {
  /// Every file the document reads besides the spec: font files, image files and icon files, in its
  /// sections and in its animation's updates (for commands that must not write over them).
  package var resourcePaths: [String] {
    var lists = [sections]
    for event in animation?.events ?? [] {
      if case .update(let next) = event.action { lists.append(next) }
    }
    var paths = fonts.map(\.path)
    func add(_ icon: Icon?) {
      if case .file(let path)? = icon?.source { paths.append(path) }
    }
    add(emptyView?.icon)
    for cell in lists.joined().flatMap(\.cells) {
      switch cell.kind {
      case .row(let row):
        switch row.asset {
        case .smallIcon(let icon, _)?, .largeIcon(let icon, _, _)?: add(icon)
        case .image(let image)?, .customImage(let image, _, _)?: paths.append(image.path)
        case .monogram?, nil: break
        }
        add(row.control?.drawnIcon)
      case .stereo(let stereo):
        for image in [stereo.leadingImage, stereo.trailingImage] {
          switch image {
          case .icon(let icon, _, _)?: add(icon)
          case .image(let reference, _, _)?: paths.append(reference.path)
          case .monogram?, nil: break
          }
        }
      case .label:
        break
      }
    }
    return paths
  }
}

/// Folders as ``readRegularFile(_:limit:allowingPipes:inside:fail:)`` compares them: each as it
/// really is (links resolved).
package func canonicalFolders(_ folders: [String]) -> [String] { folders.map(canonical) }

/// A file's bytes (a spec, an image), read only if it is a regular file (after following links) of at most
/// `limit` bytes, opened without blocking (a FIFO never makes it wait). With `allowingPipes`, a
/// pipe or FIFO is read too, to its end, within the same limit; one with no writer reads as
/// empty.
///
/// With `inside` (canonical folders), the file opened is checked against them after it is
/// opened, by the descriptor's own path: whatever a link led to when it was checked, only a
/// file in those folders is read.
package func readRegularFile(
  _ path: String, limit: Int, allowingPipes: Bool = false, inside folders: [String]? = nil,
  fail: (String) -> SpecError
) throws -> [UInt8] {
  var info = stat()
  guard stat(path, &info) == 0 else { throw fail("cannot read the file (missing or unreadable)") }
  let isPipe = info.st_mode & S_IFMT == S_IFIFO
  switch info.st_mode & S_IFMT {
  case S_IFREG: break
  case S_IFIFO where allowingPipes: break
  case S_IFDIR: throw fail("is a folder, not a file")
  default: throw fail("is not a regular file (a pipe, a socket or a device)")
  }
  guard Int(info.st_size) <= limit else {
    throw fail("\(info.st_size) bytes; at most \(limit) are allowed")
  }
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else { throw fail("cannot be read") }
  defer { close(descriptor) }
  if let folders {
    // What was opened, not what the path says now.
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    let opened =
      count > 0
      ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    guard !opened.isEmpty, folders.contains(where: { opened == $0 || opened.hasPrefix($0 + "/") })
    else {
      throw fail(
        "the file opened is \(opened.isEmpty ? "unknown" : opened), outside the folders this spec may read (\(folders.joined(separator: ", "))); was a link changed while it was read?"
      )
    }
  }
  if isPipe {
    // Opened without waiting for a writer; read waiting for the writer's data. A FIFO with no
    // writer reads as empty: at once, but for a writer already waiting to open it, which is
    // given a moment (100 ms) to connect.
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&waiter, 1, 100)
  }
  // Room for the size stat gave and one byte more, so a file that grew since is noticed; it
  // grows (never past one byte over the limit, so an over-long file is caught without reading
  // it all). Not a limit-sized buffer: zero-filling 4 MiB for a 100-byte spec took 3 ms.
  var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
  var count = 0
  while true {
    if count == bytes.count {
      guard bytes.count <= limit else { break }
      bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
    }
    let got = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return Glibc.read(descriptor, base + count, buffer.count - count)
    }
    if got < 0, errno == EINTR { continue }
    guard got >= 0 else { throw fail("cannot be read") }
    if got == 0 { break }
    count += got
  }
  guard count <= limit else { throw fail("more than \(limit) bytes") }
  bytes.removeSubrange(count...)
  return bytes
}

extension ListDocument {
  /// A spec read from standard input (at most the spec file limit), its relative paths resolved
  /// against the current folder, which it may read from (with `--allow-path` folders).
  package static func loadStandardInput(allowing folders: [String]) throws -> ListDocument {
    // read(2) up to one byte past the limit: Foundation's readData(ofLength:) traps on a read
    // error (a standard input the shell closed).
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while data.count <= SpecLimits.maxFileBytes {
      let got = buffer.withUnsafeMutableBytes {
        Glibc.read(
          STDIN_FILENO, $0.baseAddress, min($0.count, SpecLimits.maxFileBytes + 1 - data.count))
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else {
        throw SpecError(
          file: "<stdin>", line: nil, column: nil, path: "",
          message: "standard input cannot be read (\(String(cString: strerror(errno))))")
      }
      if got == 0 { break }
      data.append(contentsOf: buffer[..<got])
    }
    guard data.count <= SpecLimits.maxFileBytes else {
      throw SpecError(
        file: "<stdin>", line: nil, column: nil, path: "",
        message: "the spec is larger than \(SpecLimits.maxFileBytes) bytes")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw SpecError(
        file: "<stdin>", line: nil, column: nil, path: "", message: "the spec is not UTF-8 text")
    }
    let here = FileManager.default.currentDirectoryPath
    return try decode(
      yaml: text, file: "<stdin>", baseDirectory: here, allowedFolders: [here] + folders)
  }
}
