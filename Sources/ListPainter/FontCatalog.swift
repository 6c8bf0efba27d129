import CPangoCairo
import Foundation

/// Every font the renderer can draw text with and the order fallback follows, in one place (as
/// Android's `fonts.xml` keeps it): the text style's family (Roboto, or a spec's own font), then
/// Roboto, Noto Sans, the Noto family of each script, Noto Sans CJK in the order the language
/// asks for, Noto Sans Symbols, Symbols 2 and Math, and last Noto Color Emoji. The order is the
/// same on every machine: it is a list of family names given to Pango for every label, and only
/// the files named here are ever loaded.
///
/// A document loads only what its text needs: the standard files (``FontFile/standard``:
/// Roboto, Material Icons, Noto Sans, Arabic and Hebrew) always, a script's files when a
/// character of that script is not in them, the symbol and emoji files when a symbol or emoji
/// is not. Whatever is loaded, a character is drawn by the first family in this order that has
/// it, so loading more never changes the glyphs of text the smaller set could draw. Two kinds of
/// face are left out because no text could reach them: the bold files when no text style is
/// bold (the design systems' styles are regular and medium, and fontconfig matches a medium
/// request to the regular face, 20 away on its scale, not the bold one, 100 away), and the
/// Noto Sans CJK faces no language of the document puts first (the four faces cover the same
/// characters, so a language's first face draws all of its Han, kana and Hangul).
package enum FontCatalog {
  static let noto = "/usr/share/fonts/truetype/noto/"
  static let notoCJK = "/usr/share/fonts/opentype/noto/"

  /// A script's Noto family: its ISO 15924 codes, the file name stem and the family name.
  struct ScriptFamily {
    let codes: [String]
    let stem: String
    let family: String
    let hasBold: Bool
  }

  /// The Noto families of `fonts-noto-core` for scripts the standard files lack, in fallback
  /// order (family names as the files declare them).
  static let scripts: [ScriptFamily] = [
    (["Deva"], "Devanagari", true), (["Beng"], "Bengali", true), (["Guru"], "Gurmukhi", true),
    (["Gujr"], "Gujarati", true), (["Orya"], "Oriya", true), (["Taml"], "Tamil", true),
    (["Telu"], "Telugu", true), (["Knda"], "Kannada", true), (["Mlym"], "Malayalam", true),
    (["Sinh"], "Sinhala", true), (["Thai"], "Thai", true), (["Laoo"], "Lao", true),
    (["Khmr"], "Khmer", true), (["Mymr"], "Myanmar", true), (["Geor"], "Georgian", true),
    (["Armn"], "Armenian", true), (["Ethi"], "Ethiopic", true), (["Thaa"], "Thaana", true),
    (["Syrc"], "Syriac", false), (["Mong"], "Mongolian", false), (["Cher"], "Cherokee", true),
    (["Cans"], "Canadian Aboriginal", true), (["Tfng"], "Tifinagh", false),
    (["Olck"], "Ol Chiki", true), (["Java"], "Javanese", true), (["Bali"], "Balinese", true),
    (["Sund"], "Sundanese", true), (["Yiii"], "Yi", false), (["Vaii"], "Vai", false),
    (["Nkoo"], "NKo", false), (["Adlm"], "Adlam", true), (["Tale"], "Tai Le", false),
    (["Talu"], "New Tai Lue", false), (["Lana"], "Tai Tham", true), (["Cham"], "Cham", true),
    (["Bugi"], "Buginese", false), (["Batk"], "Batak", false), (["Lepc"], "Lepcha", false),
    (["Limb"], "Limbu", false), (["Mtei"], "Meetei Mayek", true), (["Saur"], "Saurashtra", false),
    (["Rohg"], "Hanifi Rohingya", true), (["Newa"], "Newa", false),
    (["Sylo"], "Syloti Nagri", false), (["Lisu"], "Lisu", true), (["Osge"], "Osage", false),
    (["Samr"], "Samaritan", false), (["Mand"], "Mandaic", false), (["Tglg"], "Tagalog", false),
    (["Hano"], "Hanunoo", false), (["Buhd"], "Buhid", false), (["Tagb"], "Tagbanwa", false),
    (["Kali"], "Kayah Li", true), (["Rjng"], "Rejang", false), (["Tavt"], "Tai Viet", false),
    (["Cakm"], "Chakma", false), (["Plrd"], "Miao", false), (["Wcho"], "Wancho", false),
    (["Hmng"], "Pahawh Hmong", false), (["Bamu"], "Bamum", true), (["Osma"], "Osmanya", false),
    (["Copt"], "Coptic", false), (["Glag"], "Glagolitic", false), (["Runr"], "Runic", false),
    (["Ogam"], "Ogham", false), (["Goth"], "Gothic", false), (["Dsrt"], "Deseret", false),
    (["Shaw"], "Shavian", false),
  ].map { codes, name, bold in
    ScriptFamily(
      codes: codes, stem: "NotoSans" + name.replacingOccurrences(of: " ", with: ""),
      family: "Noto Sans " + name, hasBold: bold)
  }

  /// The scripts Noto Sans CJK draws: Han, Hiragana, Katakana, Hangul, Bopomofo.
  static let cjkCodes: Set<String> = ["Hani", "Hira", "Kana", "Hrkt", "Hang", "Bopo"]

  /// Noto Sans CJK's faces in the order a language asks for (a Han character takes the first
  /// one's glyph): Japanese, Korean, Simplified and Traditional Chinese; else Android's order
  /// (Simplified, Traditional, Japanese, Korean).
  static func cjkFamilies(language: String) -> [String] {
    let faces = ["JP", "KR", "SC", "TC"]
    let lower = language.lowercased()
    let first: String =
      if lower.hasPrefix("ja") {
        "JP"
      } else if lower.hasPrefix("ko") {
        "KR"
      } else if lower.hasPrefix("zh-hant") || lower.hasPrefix("zh-tw") || lower.hasPrefix("zh-hk")
        || lower.hasPrefix("zh-mo")
      {
        "TC"
      } else {
        "SC"
      }
    let rest = lower.hasPrefix("ja") || lower.hasPrefix("ko") ? faces : ["SC", "TC", "JP", "KR"]
    return ([first] + rest.filter { $0 != first }).map { "Noto Sans CJK " + $0 }
  }

  /// Symbols, arrows, check marks, stars, maths, and box drawing (Noto Sans Mono has it).
  static let symbolFamilies = [
    "Noto Sans Symbols", "Noto Sans Symbols2", "Noto Sans Math", "Noto Sans Mono",
  ]
  static let emojiFamily = "Noto Color Emoji"
  /// The icon font's family: icons are drawn with it by name, never text.
  package static let iconFamily = "Material Icons"

  /// The family list Pango is given for `family` in `language`: the fallback order, without
  /// the families no loaded font has (`loaded`: ``familyKey(_:)``s; they would match nothing,
  /// and leaving them out changes no font's rank, only the time fontconfig takes to sort).
  static func familyList(_ family: String, language: String, loaded: Set<String>) -> String {
    var families = [family]
    for standard in ["Roboto", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"]
    where !families.contains(standard) {
      families.append(standard)
    }
    families += scripts.map(\.family)
    // Not Noto Color Emoji: emoji runs reach it through the configuration's `emoji` rules
    // (FontSystem), and naming it here would make every run prefer a colour font (its digits,
    // arrows and hearts too).
    families += symbolFamilies
    families += cjkFamilies(language: language)
    return families.enumerated().filter { index, name in
      index == 0 || loaded.contains(familyKey(name))
    }.map(\.element).joined(separator: ",")
  }

  /// A family name as fontconfig compares it: ASCII case and spaces ignored.
  package static func familyKey(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " })
  }

  /// The files of a script family.
  static func files(of script: ScriptFamily, bold: Bool = true) -> [FontFile] {
    weights(bold: script.hasBold && bold).map {
      FontFile(path: noto + script.stem + "-\($0).ttf", package: "fonts-noto-core")
    }
  }

  /// Noto Sans CJK: one collection per weight holds every language's faces, of which only those
  /// `families` names are loaded (every face when nil).
  static func cjkFiles(families: [String]? = nil, bold: Bool = true) -> [FontFile] {
    weights(bold: bold).map {
      var file = FontFile(path: notoCJK + "NotoSansCJK-\($0).ttc", package: "fonts-noto-cjk")
      file.families = families
      return file
    }
  }

  /// The Noto Sans CJK faces `languages` put first, in the order the languages are sorted in.
  static func cjkFamilies(reachedBy languages: Set<String>) -> [String] {
    var families: [String] = []
    for language in languages.sorted() {
      if let first = cjkFamilies(language: language).first, !families.contains(first) {
        families.append(first)
      }
    }
    return families
  }

  /// Symbols, Symbols 2, Math and Mono (box drawing), and Noto Color Emoji.
  static func symbolFiles(bold: Bool = true) -> [FontFile] {
    let core =
      weights(bold: bold).map { "NotoSansSymbols-" + $0 }
      + ["NotoSansSymbols2-Regular", "NotoSansMath-Regular"]
    return core.map { FontFile(path: noto + $0 + ".ttf", package: "fonts-noto-core") }
      + weights(bold: bold).map {
        FontFile(path: noto + "NotoSansMono-\($0).ttf", package: "fonts-noto-mono")
      }
      + [FontFile(path: noto + "NotoColorEmoji.ttf", package: "fonts-noto-color-emoji")]
  }

  /// The weights of a family's files that are loaded: the bold file only when `bold`.
  private static func weights(bold: Bool) -> [String] { bold ? ["Regular", "Bold"] : ["Regular"] }

  /// The files of a catalogue family that `canvas.theme.font` may name without listing files
  /// (a script's Noto family, a Noto Sans CJK face, a symbol family, Noto Color Emoji); none
  /// for another name.
  package static func files(ofFamily name: String, bold: Bool = true) -> [FontFile] {
    func key(_ text: String) -> String { text.lowercased().filter { $0 != " " } }
    let wanted = key(name)
    if let script = scripts.first(where: { key($0.family) == wanted }) {
      return files(of: script, bold: bold)
    }
    if let face = cjkFamilies(language: "").first(where: { key($0) == wanted }) {
      return cjkFiles(families: [face], bold: bold)
    }
    if (symbolFamilies + [emojiFamily]).contains(where: { key($0) == wanted }) {
      return symbolFiles(bold: bold)
    }
    return []
  }

  /// Every file beyond the standard ones, in fallback order.
  package static let allExtraFiles: [FontFile] =
    scripts.flatMap { files(of: $0) } + cjkFiles() + symbolFiles()

  /// The files beyond `loaded` that the characters `scalars` need, in fallback order: a
  /// script's family for a character of that script that `covered` says no loaded font has;
  /// the symbol and emoji files for a symbol, emoji or other common character.
  /// The Noto Sans CJK faces loaded are those `languages` put first; the bold files only when
  /// `bold` (a text style is bold).
  package static func extraFiles(
    for scalars: Set<Unicode.Scalar>, covered: (Unicode.Scalar) -> Bool,
    languages: Set<String> = [""], bold: Bool = true
  ) -> [FontFile] {
    var codes: Set<String> = []
    for scalar in scalars where !covered(scalar) {
      codes.insert(scriptCode(scalar))
    }
    guard !codes.isEmpty else { return [] }
    var files: [FontFile] = []
    for script in scripts where script.codes.contains(where: codes.contains) {
      files += Self.files(of: script, bold: bold)
    }
    if !codes.isDisjoint(with: cjkCodes) {
      files += cjkFiles(families: cjkFamilies(reachedBy: languages), bold: bold)
    }
    // Common and inherited characters (symbols, emoji, combining marks) and any script without
    // a family of its own may be in the symbol or emoji fonts.
    let known = Set(scripts.flatMap(\.codes)).union(cjkCodes)
    if !codes.isSubset(of: known) { files += symbolFiles(bold: bold) }
    // A script the list above does not name (historic ones: Linear B, Runic, …): every other
    // Noto Sans file of `fonts-noto-core`, in name order.
    if !codes.subtracting(known).subtracting(["Zyyy", "Zinh", "Zzzz"]).isEmpty {
      files += otherNotoFiles.filter { bold || !$0.path.hasSuffix("-Bold.ttf") }
    }
    return files
  }

  /// The Noto Sans files of `fonts-noto-core` that no entry above names (regular and bold, not
  /// the UI, display or mono cuts), in name order.
  static let otherNotoFiles: [FontFile] = {
    let named = Set(
      (FontFile.standard + scripts.flatMap { files(of: $0) } + symbolFiles()).map(\.path))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: noto)) ?? []
    return names.sorted().filter { name in
      name.hasPrefix("NotoSans") && (name.hasSuffix("-Regular.ttf") || name.hasSuffix("-Bold.ttf"))
        && !["UI-", "UI.", "Mono", "Display"].contains { name.contains($0) }
    }.map { FontFile(path: noto + $0, package: "fonts-noto-core") }
      .filter { !named.contains($0.path) }
  }()

  /// The ISO 15924 code of the script of `scalar` (`Zyyy` for common characters).
  static func scriptCode(_ scalar: Unicode.Scalar) -> String {
    var buffer = [CChar](repeating: 0, count: 5)
    lr_script_code(scalar.value, &buffer)
    return String(decoding: buffer.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
