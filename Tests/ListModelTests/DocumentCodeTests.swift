import Foundation
import ListModel
import TestLevels
import TestSupport
import Testing

/// Documents built in code: the DSL, and the round trip through the spec format.
@Suite("Documents in code", .tags(.unit))
struct DocumentCodeTests {
  private static var inbox: ListDocument { SampleDocuments.inbox }
  private static let avatar = Paths.fixtures.appendingPathComponent("assets/avatar.png").path

  /// The same list as a spec.
  private static var inboxYAML: String {
    """
    canvas: { width: 360, scale: 1, theme: material }
    sections:
      - header: Inbox
        cells:
          - title: Ana García
            subtitle: Lunch on Friday?
            asset: { monogram: AG, background: "#3F51B5" }
            control: { navigation: { badge: 2 } }
          - kind: stereo
            title: Bruno Díaz
            detail: Three lines at most
            leadingImage: { image: \(avatar), shape: circle }
          - { kind: label, text: A plain label cell }
          - { title: Wi-Fi, control: { switch: true }, state: disabled, separator: hidden }
          - { title: One, asset: { icon: star } }
          - { title: Two, asset: { icon: star } }
    """
  }

  @Test("the DSL and the YAML decoder make equal documents")
  func dslEqualsYAML() throws {
    #expect(Self.inbox == (try ListDocument.decode(yaml: Self.inboxYAML)))
  }

  @Test("every fixture survives yaml(), json() and Codable unchanged")
  func roundTrip() throws {
    for fixture in FixtureCases.all {
      let document = try ListDocument.load(
        path: Paths.fixtures.appendingPathComponent(fixture).path, allowing: [Paths.fixtures.path])
      let fromYAML = try ListDocument.decode(yaml: try document.yaml())
      #expect(fromYAML == document, "\(fixture) through YAML")
      let fromJSON = try ListDocument.decode(yaml: document.json())
      #expect(fromJSON == document, "\(fixture) through JSON")
      let coded = try JSONDecoder().decode(
        ListDocument.self, from: try JSONEncoder().encode(document))
      #expect(coded == document, "\(fixture) through Codable")
    }
  }

  @Test("Codable reports a bad value with its field path")
  func codableErrors() throws {
    let json = Data(#"{"canvas": {"width": 0}, "sections": []}"#.utf8)
    #expect {
      try JSONDecoder().decode(ListDocument.self, from: json)
    } throws: { error in
      (error as? SpecError)?.description
        == "<decoder>: canvas.width: 0 is out of range; expected 1...4096"
    }
  }
}
