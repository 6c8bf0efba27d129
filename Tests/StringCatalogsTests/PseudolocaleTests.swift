import Foundation
import StringCatalogs
import TestLevels
import Testing

@Suite("Pseudolocales", .tags(.unit))
struct PseudolocaleTests {
  @Test("en-XA: accented, about 40 % longer, in brackets, placeholders kept")
  func accented() {
    let text = Pseudolocale.accented.transform("Hello, %@! You have %lld new messages (100%%)")
    #expect(text.hasPrefix("[Ĥéļļö, %@! Ýöû ĥåṽé %lld ñéŵ ɱéššåĝéš (100%%)"))
    #expect(text.hasSuffix("]"))
    #expect(Placeholder.mismatch(source: "Hello, %@! %lld", translation: text) == nil)
    let letters = "HelloYouhavenewmessages".count
    let added = text.count - "[Ĥéļļö, %@! Ýöû ĥåṽé %lld ñéŵ ɱéššåĝéš (100%%)]".count
    #expect(Double(added) >= Double(letters) * 0.35, "\(text)")
  }

  @Test("ar-XB: each word and placeholder forced right to left; nothing else changed")
  func bidi() {
    let text = Pseudolocale.bidi.transform("Hi %1$s now")
    #expect(
      text == "\u{200F}\u{202E}Hi\u{202C}\u{200F} \u{200F}\u{2066}%1$s\u{2069}\u{200F} "
        + "\u{200F}\u{202E}now\u{202C}\u{200F}")
    // Numbers, written or filled in, keep their reading order: isolated left to right.
    #expect(
      Pseudolocale.bidi.transform("Order 1204")
        == "\u{200F}\u{202E}Order\u{202C}\u{200F} \u{200F}\u{2066}1204\u{2069}\u{200F}")
    #expect(Pseudolocale.bidi.isRightToLeft)
    #expect(!Pseudolocale.accented.isRightToLeft)
    #expect(Pseudolocale(tag: "ar-XB") == .bidi)
    #expect(Pseudolocale(tag: "ar") == nil)
  }
}
