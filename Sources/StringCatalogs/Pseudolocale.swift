import Foundation

/// Android's pseudolocales: a source text made to look translated, so that hard-coded strings,
/// text cut short and layouts that do not mirror stand out before any translator is asked.
package enum Pseudolocale: String, CaseIterable, Sendable {
  /// `en-XA`: every letter accented, about 40 % longer, in brackets (`[Ĥéļļö one two]`).
  case accented = "en-XA"
  /// `ar-XB`: right to left, each word forced to read right to left with Unicode's
  /// right-to-left override.
  case bidi = "ar-XB"

  /// The pseudolocale a tag names, if it names one.
  package init?(tag: String) { self.init(rawValue: tag) }

  /// Whether the pseudolocale is laid out right to left.
  package var isRightToLeft: Bool { self == .bidi }

  /// `text` pseudolocalized; placeholders (`%@`, `%1$s`, `%#@name@`) and `%%` are kept as
  /// they are.
  package func transform(_ text: String) -> String {
    let parts = Placeholder.segments(text)
    switch self {
    case .accented:
      var letters = 0
      var out = "["
      for (isPlaceholder, part) in parts {
        if isPlaceholder {
          out += part
          continue
        }
        for character in part {
          if let accented = Self.accents[character] {
            out.append(accented)
            letters += 1
          } else {
            out.append(character)
            if character.isLetter { letters += 1 }
          }
        }
      }
      // About 40 % longer: words of padding, as Android adds them.
      var padding = ""
      var index = 0
      while padding.count < (letters * 2 + 4) / 5, index < 64 {
        padding += " " + Self.words[index % Self.words.count]
        index += 1
      }
      return out + padding + "]"
    case .bidi:
      // Each word forced right to left (RLM, RLO … PDF, RLM), as Android's pseudolocale does;
      // a placeholder and a word with digits isolated left to right instead (RLM, LRI … PDI,
      // RLM): what fills it, a count or a name, reads in its own order (21 stays 21).
      var out = ""
      func isolated(_ text: String) -> String { "\u{200F}\u{2066}" + text + "\u{2069}\u{200F}" }
      for (isPlaceholder, part) in parts {
        if isPlaceholder {
          out += isolated(part)
          continue
        }
        var word = ""
        func flush() {
          guard !word.isEmpty else { return }
          out +=
            word.contains(where: \.isNumber)
            ? isolated(word) : "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"
          word = ""
        }
        for character in part {
          if character.isWhitespace {
            flush()
            out.append(character)
          } else {
            word.append(character)
          }
        }
        flush()
      }
      return out
    }
  }

  static let words = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
  ]

  static let accents: [Character: Character] = [
    "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î",
    "j": "ĵ", "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ",
    "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
    "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î",
    "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
    "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
  ]
}
