/// Text that came from a file (a golden's metadata, a report's results, a review) as it may be
/// printed: every control character a terminal or a CI log acts on — escape sequences, carriage
/// returns, C1 controls, and with `lineBreaks` false also line feeds, which would start a CI
/// workflow command such as `::error` on a line of their own — shown as `\u{1B}`. Tabs stay.
package func terminalSafe(_ text: String, lineBreaks: Bool = true) -> String {
  func unsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 || (lineBreaks && value == 0x0A) { return false }
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
  guard text.unicodeScalars.contains(where: unsafe) else { return text }
  var out = ""
  for scalar in text.unicodeScalars {
    if unsafe(scalar) {
      out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out
}
