/// A locale asked for, matched to one a catalog has, as the platforms fall back: tags compared
/// without regard to case or `_`/`-`; the legacy codes `iw`, `in`, `ji` read as `he`, `id`,
/// `yi` (and back); Chinese regions as their scripts (`zh-CN` → `zh-Hans`, `zh-TW` →
/// `zh-Hant`); subtags dropped from the end (`de-DE` → `de`, `zh-Hans-CN` → `zh-Hans`); a bare
/// language to its one regional form the catalog has (`pt` → `pt-BR`, else `pt-PT`).
package enum LocaleMatch {
  /// Legacy ISO 639 codes and the codes that replaced them, both ways.
  static let aliases: [String: String] = [
    "iw": "he", "he": "iw", "in": "id", "id": "in", "ji": "yi", "yi": "ji",
  ]
  /// Chinese regions and the script each writes.
  static let chineseScripts: [String: String] = [
    "cn": "hans", "sg": "hans", "my": "hans", "tw": "hant", "hk": "hant", "mo": "hant",
  ]

  /// A tag's subtags, lower-cased (`zh_Hans_CN` → `zh`, `hans`, `cn`; Android's `rCN` region
  /// as `cn`).
  static func parts(_ tag: String) -> [String] {
    tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated().map { index, part in
      let lower = part.lowercased()
      return index > 0 && lower.count == 3 && lower.hasPrefix("r")
        ? String(lower.dropFirst()) : lower
    }
  }

  /// The tags to try for `requested`, nearest first.
  static func chain(_ requested: String) -> [[String]] {
    let asked = parts(requested)
    guard let language = asked.first else { return [] }
    var chain: [[String]] = []
    func add(_ candidate: [String]) { if !chain.contains(candidate) { chain.append(candidate) } }
    var languages = [language]
    if let alias = aliases[language] { languages.append(alias) }
    for primary in languages {
      var tag = [primary] + asked.dropFirst()
      // Chinese: a region without a script takes the region's script.
      if primary == "zh", tag.count >= 2, tag[1].count == 2, let script = chineseScripts[tag[1]] {
        add([primary, script] + tag.dropFirst())
        add([primary, script])
      }
      while !tag.isEmpty {
        add(tag)
        tag.removeLast()
      }
    }
    return chain
  }

  /// The tag of `available` that `requested` falls back to, or nil when none is near: the
  /// first of its chain the catalog has, else its language's one regional form (Portuguese:
  /// `pt-BR` before `pt-PT`).
  package static func match(_ requested: String, in available: [String]) -> String? {
    let byParts = Dictionary(
      available.map { (parts($0), $0) }, uniquingKeysWith: { first, _ in first })
    for candidate in chain(requested) {
      if let found = byParts[candidate] { return found }
    }
    guard let language = parts(requested).first else { return nil }
    let languages = [language] + (aliases[language].map { [$0] } ?? [])
    let regional = available.filter { tag in
      parts(tag).first.map(languages.contains) ?? false
    }.sorted()
    if language == "pt", let brazil = regional.first(where: { parts($0) == ["pt", "br"] }) {
      return brazil
    }
    return regional.count == 1 ? regional[0] : nil
  }
}
