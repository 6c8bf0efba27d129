/// The folder part of a path, as `NSString.deletingLastPathComponent` gives it (`x/a` → `x`,
/// `/a` → `/`, `a` → empty), without calling it: swift-corelibs-foundation 6.3 traps on a
/// one-character path without a slash (`"a"`, `"a/"`), so a spec, an output or a case named
/// `a` would crash the process.
package func parentPath(_ path: String) -> String {
  var trimmed = Substring(path)
  while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
  guard let slash = trimmed.lastIndex(of: "/") else { return "" }
  if slash == trimmed.startIndex { return "/" }
  var parent = trimmed[..<slash]
  while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
  return String(parent)
}

/// The last part of a path, as `NSString.lastPathComponent` gives it (`x/a` → `a`, `a` → `a`).
package func lastPathPart(_ path: String) -> String {
  var trimmed = Substring(path)
  while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
  guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
  return String(trimmed[trimmed.index(after: slash)...])
}

/// The path that leads from the folder `base` to `target`, both absolute and standardized
/// (`/p/report` to `/p/Golden` is `../Golden`; a folder to itself is `.`).
package func relativePath(from base: String, to target: String) -> String {
  let from = base.split(separator: "/", omittingEmptySubsequences: true)
  let to = target.split(separator: "/", omittingEmptySubsequences: true)
  var shared = 0
  while shared < from.count, shared < to.count, from[shared] == to[shared] { shared += 1 }
  let parts =
    Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
  return parts.isEmpty ? "." : parts.joined(separator: "/")
}
