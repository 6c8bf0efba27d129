import Foundation
import ListModel
import TestLevels
import TestSupport
import Testing

/// A spec's keyed labels read in `canvas.locale`, localised again, and written back: the model
/// alone (the command line's spec-mode tests are in CLITests).
@Suite("Spec mode in the model", .tags(.unit))
struct SpecLocaleModelTests {
  static let files = SampleCatalogs.specWithKeys

  /// The texts of a document's rows, in order.
  func titles(_ document: ListDocument) -> [String] { SampleCatalogs.titles(document) }

  @Test("canvas.locale picks the translation, Polish plurals by CLDR, and the language")
  func decodedInLocale() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.load(path: folder.appendingPathComponent("list.yaml").path)
    #expect(titles(document) == ["Roaming danych", "2 pliki", "5 plików", "Plain text"])
    #expect(document.sections[0].header?.title == "Roaming danych")
    #expect(document.canvas.language == "pl")
    #expect(document.canvas.direction == .ltr)
    // Polish has "Cześć" without the placeholder: drawn, and noted as a bad format.
    guard case .row(let first) = document.sections[0].cells[0].kind else {
      Issue.record("not a row")
      return
    }
    #expect(first.subtitle?.text == "Cześć")
    #expect(first.subtitle?.key == CatalogKey("greeting", arguments: ["Ana"]))
    #expect(
      document.marks.translationNotes.map { "\($0.path) \($0.verdict)" } == [
        "sections[0].cells[0].subtitle bad-format"
      ])
  }

  @Test("localized(to:) re-reads no file: German, Arabic right to left, a pseudolocale")
  func localized() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.load(path: folder.appendingPathComponent("list.yaml").path)
    // The catalog is read once, by the decoder: removing it changes nothing after.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Localizable.xcstrings"))
    let german = try document.localized(to: "de")
    #expect(
      titles(german) == [
        "Datenroaming im Ausland bei Reisen außerhalb der Europäischen Union", "2 Dateien",
        "5 Dateien", "Plain text",
      ])
    #expect(german.marks.translationNotes.map(\.verdict) == ["missing"])
    let arabic = try document.localized(to: "ar")
    #expect(arabic.canvas.direction == .rtl && arabic.canvas.language == "ar")
    #expect(titles(arabic)[1] == "٢ ملفات")
    #expect(arabic.marks.translationNotes.map(\.verdict) == ["untranslated"])
    let pseudo = try document.localized(to: "en-XA")
    #expect(pseudo.canvas.language == "en")
    #expect(titles(pseudo)[0].hasPrefix("[Ðåţå ŕöåɱîñĝ"))
    #expect(try document.localized(to: "ar-XB").canvas.direction == .rtl)
    // A spec that gives its direction keeps it in every locale.
    var fixed = document
    fixed.canvas.given.direction = true
    #expect(try fixed.localized(to: "ar").canvas.direction == .ltr)
  }

  @Test("a spec with keys writes back as it was read")
  func roundTrip() throws {
    let folder = try Paths.temporaryFolder(with: Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try ListDocument.load(path: folder.appendingPathComponent("list.yaml").path)
    let yaml = try document.yaml()
    for part in ["strings:", "locale: \"pl\"", "key: \"files\"", "count: 5", "args:"] {
      #expect(yaml.contains(part), "\(part) in \(yaml)")
    }
    #expect(!yaml.contains("language"), "the locale's language is not written: \(yaml)")
    let again = try ListDocument.decode(yaml: yaml, file: "again.yaml")
    #expect(again == document)
    #expect(titles(again) == titles(document))
  }

}
