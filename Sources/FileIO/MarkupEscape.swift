/// Text for HTML and XML alike, content and attribute values: `&`, `<`, `>`, `"` and `'` as
/// references valid in both (`&#39;`, not HTML4's missing `&apos;`), and the characters XML 1.0
/// allows nowhere (control characters other than tab, line feed and carriage return; U+FFFE,
/// U+FFFF), which are parse errors in HTML too, as `?`. The HTML report and the JUnit file share
/// it.
package func markupEscape(_ text: String) -> String {
  // Most text (case names, paths) has nothing to change: one pass over its bytes.
  guard
    text.utf8.contains(where: {
      $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D
        || [0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF].contains($0)
    })
  else { return text }
  var out = ""
  out.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
    default:
      if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
        out += "?"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out
}
