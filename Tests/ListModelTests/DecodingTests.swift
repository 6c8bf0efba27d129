import Foundation
import ListModel
import TestLevels
import TestSupport
import Testing

@Suite("Spec decoding", .tags(.unit))
struct DecodingTests {
  @Test("navigation may be named alone or as true; false says what to do instead")
  func navigationShorthands() throws {
    let document = try ListDocument.decode(
      yaml: """
        sections:
          - cells:
              - { title: A, control: navigation }
              - { title: B, control: { navigation: true } }
              - { title: C, control: { navigation: {} } }
        """)
    let controls = document.sections[0].cells.compactMap { cell -> Control? in
      if case .row(let row) = cell.kind { return row.control }
      return nil
    }
    #expect(controls == Array(repeating: .navigation(badge: nil), count: 3))
    do {
      _ = try ListDocument.decode(
        yaml: "sections:\n  - cells: [ { title: A, control: { navigation: false } } ]",
        file: "a.yaml")
      Issue.record("navigation: false was accepted")
    } catch let error as SpecError {
      #expect(error.path == "sections[0].cells[0].control.navigation")
      #expect(error.message.contains("leave out `control`"))
    }
  }

  @Test("every field of the canvas and of a cell")
  func everyField() throws {
    let document = try ListDocument.decode(
      yaml: """
        canvas:
          width: 414
          scale: 2
          theme: mistica
          appearance: dark
          direction: rtl
          contentSize: AX3
          safeArea: { top: 44, leading: 8, bottom: 34, trailing: 12 }
          background: "#102030"
        sections:
          - cells:
              - style: fullWidth
                title: Title
                subtitle: Subtitle
                description: { text: Description, maxLines: 2 }
          - cells:
              - title: { text: Second, maxLines: 1 }
        """)
    let canvas = document.canvas
    #expect(canvas.width == 414)
    #expect(canvas.scale == 2)
    #expect(canvas.theme == .mistica)
    #expect(canvas.appearance == .dark)
    #expect(canvas.direction == .rtl)
    #expect(canvas.contentSize == .AX3)
    #expect(canvas.safeArea == EdgeInsets(top: 44, leading: 8, bottom: 34, trailing: 12))
    #expect(canvas.background == Color(hex: "#102030"))
    #expect(document.sections.count == 2)
    #expect(
      document.sections[0].cells[0]
        == .row(
          RowCell(
            style: .fullWidth, title: "Title", subtitle: "Subtitle",
            descriptionText: Label("Description", maxLines: 2))))
    #expect(document.sections[1].cells[0] == .row(RowCell(title: Label("Second", maxLines: 1))))
  }

  @Test("defaults: 360 pt, scale 3, Mística light, LTR, L, no safe area")
  func defaults() throws {
    let document = try ListDocument.decode(yaml: "sections: []")
    #expect(document.canvas == Canvas())
    #expect(document.canvas.width == 360)
    #expect(document.canvas.scale == 3)
    #expect(document.canvas.contentSize == .L)
  }

  @Test("JSON is the same document as YAML")
  func json() throws {
    let yaml = try ListDocument.decode(
      yaml: "canvas: { width: 320 }\nsections:\n  - cells:\n      - { title: A, subtitle: B }")
    let json = try ListDocument.decode(
      yaml:
        #"{"canvas": {"width": 320}, "sections": [{"cells": [{"title": "A", "subtitle": "B"}]}]}"#
    )
    #expect(yaml == json)
  }

  /// Decodes `yaml` and returns the error it must throw.
  private func failure(_ yaml: String, file: String = "spec.yaml") -> SpecError? {
    do {
      _ = try ListDocument.decode(yaml: yaml, file: file)
      return nil
    } catch let error as SpecError {
      return error
    } catch {
      return nil
    }
  }

  @Test("an unknown key names its line, column and path, and suggests the near key")
  func unknownKey() throws {
    let error = try #require(
      failure(
        """
        sections:
          - cells:
              - title: A
              - titel: B
        """))
    #expect(error.line == 4)
    #expect(error.column == 9)
    #expect(error.path == "sections[0].cells[1].titel")
    #expect(error.message.contains("unknown key 'titel'"))
    #expect(error.message.contains("did you mean 'title'?"))
    #expect(error.description.hasPrefix("spec.yaml:4:9: sections[0].cells[1].titel: "))
  }

  @Test("a missing title points at the cell")
  func missingTitle() throws {
    let error = try #require(failure("sections:\n  - cells:\n      - subtitle: only"))
    #expect(error.line == 3)
    #expect(error.path == "sections[0].cells[0]")
    #expect(error.message == "missing required key 'title'")
  }

  @Test("an empty title is an error")
  func emptyTitle() throws {
    let error = try #require(failure("sections:\n  - cells:\n      - title: ''"))
    #expect(error.path == "sections[0].cells[0].title")
    #expect(error.message == "must not be empty")
  }

  @Test("a wrong type names what was found")
  func wrongType() throws {
    let error = try #require(
      failure(
        """
        sections:
          - cells:
              - title:
                  - a list
        """))
    #expect(error.path == "sections[0].cells[0].title")
    #expect(error.line == 4)
    #expect(error.message == "expected a string, found a list")
    let notList = try #require(failure("sections: { cells: [] }"))
    #expect(notList.path == "sections")
    #expect(notList.message == "expected a list, found a mapping")
  }

  @Test("an unknown enum value lists the valid ones")
  func badEnum() throws {
    let error = try #require(failure("canvas:\n  appearance: drak\nsections: []"))
    #expect(error.line == 2)
    #expect(error.column == 15)
    #expect(error.path == "canvas.appearance")
    #expect(error.message.contains("did you mean 'dark'?"))
    #expect(error.message.contains("expected one of: light, dark"))
    let style = try #require(failure("sections:\n  - cells:\n      - { style: tiled, title: A }"))
    #expect(style.path == "sections[0].cells[0].style")
  }

  @Test("numbers: not a number, out of range, not whole")
  func numbers() throws {
    let text = try #require(failure("canvas: { width: wide }\nsections: []"))
    #expect(text.path == "canvas.width")
    #expect(text.message == "expected a number, found \"wide\"")
    // A scalar of the wrong kind is shown as it was found, quoted and escaped.
    for (yaml, found) in [
      ("{ title: A, control: { switch: \"on\" } }", #"found "on""#),
      ("{ title: A, control: { switch: yes please } }", #"found "yes please""#),
      ("{ title: A, asset: \"a\\tb\" }", #"found "a\tb""#),
    ] {
      #expect {
        try ListDocument.decode(yaml: "sections:\n  - cells:\n      - \(yaml)\n")
      } throws: { error in "\(error)".contains(found) }
    }
    let range = try #require(failure("canvas:\n  scale: 9\nsections: []"))
    #expect(range.line == 2)
    #expect(range.path == "canvas.scale")
    #expect(range.message.contains("out of range"))
    let lines = try #require(
      failure("sections:\n  - cells:\n      - title: { text: A, maxLines: 1.5 }"))
    #expect(lines.path == "sections[0].cells[0].title.maxLines")
    #expect(lines.message.contains("whole number"))
  }

  @Test("a bad colour and a bad inset")
  func colourAndInsets() throws {
    let colour = try #require(failure("canvas: { background: red }\nsections: []"))
    #expect(colour.path == "canvas.background")
    #expect(colour.message.contains("not a colour"))
    let inset = try #require(failure("canvas: { safeArea: { top: -1 } }\nsections: []"))
    #expect(inset.path == "canvas.safeArea.top")
  }

  @Test("YAML syntax errors carry the line")
  func syntax() throws {
    let error = try #require(failure("sections:\n  - cells: [\n      - title: A\n"))
    #expect(error.line != nil)
    #expect(error.message.hasPrefix("not valid YAML or JSON"))
    let json = try #require(failure("{\"sections\": [\n  {\"cells\": [}\n]}", file: "spec.json"))
    #expect(json.file == "spec.json")
    #expect(json.line == 2)
  }

  @Test("the document must be a mapping with sections")
  func documentShape() throws {
    #expect(try #require(failure("")).message == "the spec is empty")
    #expect(try #require(failure("- 1")).message == "expected a mapping, found a list")
    #expect(try #require(failure("canvas: {}")).message == "missing required key 'sections'")
  }

  @Test("duplicate keys are errors")
  func duplicateKeys() throws {
    let error = try #require(failure("sections: []\nsections: []"))
    #expect(error.message.contains("duplicate"))
  }

  @Test("limits: string length and item counts")
  func limits() throws {
    let long = String(repeating: "x", count: SpecLimits.maxStringLength + 1)
    let error = try #require(failure("sections:\n  - cells:\n      - title: \(long)"))
    #expect(error.path == "sections[0].cells[0].title")
    #expect(error.message.contains("at most \(SpecLimits.maxStringLength)"))
    let sections = String(repeating: "  - cells: []\n", count: SpecLimits.maxSections + 1)
    let many = try #require(failure("sections:\n" + sections))
    #expect(many.path == "sections")
  }

  @Test("a missing file is named")
  func missingFile() {
    #expect {
      try ListDocument.load(path: "/nonexistent/list.yaml")
    } throws: { error in
      let error = error as? SpecError
      return error?.file == "/nonexistent/list.yaml"
        && error?.message.contains("cannot read") == true
    }
  }
}
