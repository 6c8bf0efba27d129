import Foundation
import ListRender
import RenderTestSupport
import TestLevels
import Testing

@Suite("Layout from real Pango measurement", .tags(.render))
struct LayoutTests {
  @Test(
    "a grid item too narrow for its control is cut to its cell, with a warning naming it: nothing is drawn over its neighbour or off the canvas"
  )
  func narrowGridItems() throws {
    let renderer = try ListRenderer()
    func spec(_ second: String) -> String {
      "canvas: { width: 360, scale: 1 }\nsections:\n  - width: 30\n    cells:\n      - { title: A, control: { checkbox: true } }\n      - \(second)\n"
    }
    let crowded = try ListDocument.decode(
      yaml: spec("{ title: B, asset: { icon: star }, control: { switch: true } }"))
    let tree = try renderer.layout(crowded)
    #expect(
      tree.contentOutsideCells == [
        "warning: sections[0].cells[0] is 30 pt wide, too narrow for its control: cut to the cell (give the items more width)",
        "warning: sections[0].cells[1] is 30 pt wide, too narrow for its asset, title, control: cut to the cell (give the items more width)",
      ])
    // The second item's switch no longer reaches into the first item's 30 pt.
    let plain = try renderer.render(try ListDocument.decode(yaml: spec("{ title: B }")))
    let image = try renderer.render(crowded)
    for y in 0..<image.height {
      for x in 0..<30 {
        let a = image[x, y]
        let b = plain[x, y]
        #expect(a == b, "(\(x), \(y))")
        if a != b { return }
      }
    }
  }

  @Test("a one-line, title-only full-width row is exactly 72 pt, its title centred")
  func titleOnlyRow() throws {
    let tree = try layout(
      "canvas: { width: 360, scale: 1 }\nsections:\n  - cells:\n      - title: Inbox")
    let cell = try #require(tree.elements(.cell).first)
    #expect(cell.frame == Rect(x: 0, y: 0, width: 360, height: 72))
    let title = try #require(tree.elements(.title).first)
    #expect(title.textBlock?.lines.count == 1)
    #expect(title.frame == Rect(x: 16, y: 24, width: 328, height: 24))
    #expect(tree.height == 72)
    #expect(tree.pixelWidth == 360)
    #expect(tree.pixelHeight == 72)
  }

  @Test("title, subtitle and description stack with 2 and 4 pt gaps and 16 pt margins")
  func stackedLabels() throws {
    let tree = try layout(
      "canvas: { scale: 1 }\nsections:\n  - cells:\n      - { title: T, subtitle: S, description: D }"
    )
    let title = try #require(tree.elements(.title).first)
    let subtitle = try #require(tree.elements(.subtitle).first)
    let description = try #require(tree.elements(.description).first)
    #expect(title.frame.y == 16)
    #expect(subtitle.frame.y == title.frame.maxY + 2)
    #expect(description.frame.y == subtitle.frame.maxY + 4)
    #expect(subtitle.frame.height == 20)
    // 16 + 24 + 2 + 20 + 4 + 20 + 16
    #expect(tree.elements(.cell)[0].frame.height == 102)
  }

  @Test("a description that wraps to three lines makes the row taller")
  func wrappingDescription() throws {
    let text = String(repeating: "Words that wrap across the row. ", count: 4)
    let tree = try layout(
      "canvas: { width: 360, scale: 1 }\nsections:\n  - cells:\n      - { title: T, description: '\(text)' }"
    )
    let description = try #require(tree.elements(.description).first)
    let lines = try #require(description.textBlock?.lines.count)
    #expect(lines == 3)
    // Three lines of Roboto 14 (16.40625 pt each: 49.2) rounded up to whole pixels at scale 1.
    #expect(description.frame.height == 50)
    #expect(description.textBlock?.truncated == false)
    // 16 + 24 + 2 + 50 + 16
    #expect(tree.elements(.cell)[0].frame.height == 108)
  }

  @Test("a title cut to one line reports truncated and ends in an ellipsis")
  func truncatedTitle() throws {
    let text = String(repeating: "A very long title ", count: 8)
    let tree = try layout(
      "canvas: { scale: 1 }\nsections:\n  - cells:\n      - title: { text: '\(text)', maxLines: 1 }"
    )
    let block = try #require(tree.elements(.title).first?.textBlock)
    #expect(block.truncated)
    #expect(block.lines.count == 1)
    #expect(block.lines[0].ellipsized)
    #expect(block.lines[0].width <= 328)
    #expect(tree.dump.elements.first { $0.kind == .title }?.truncated == true)
    #expect(tree.height == 72)
  }

  @Test("separators: inset 16/16 at the bottom of each row, none after a section's last row")
  func separators() throws {
    let tree = try layout(
      """
      canvas: { width: 320, scale: 2 }
      sections:
        - cells: [ { title: A }, { title: B }, { title: C } ]
        - cells: [ { title: D }, { title: E } ]
      """)
    let separators = tree.elements(.separator)
    #expect(
      separators.map(\.source) == [
        "sections[0].cells[0]", "sections[0].cells[1]", "sections[1].cells[0]",
      ])
    let first = separators[0]
    #expect(first.frame == Rect(x: 16, y: 71.5, width: 288, height: 0.5))
    #expect(tree.height == 5 * 72)
  }

  @Test("the image is width × scale pixels wide and exactly as tall as the content")
  func imageSize() throws {
    let tree = try layout(
      "canvas: { width: 360, scale: 3, safeArea: { top: 20, bottom: 10 } }\nsections:\n  - cells: [ { title: A }, { title: B } ]"
    )
    #expect(tree.pixelWidth == 1080)
    #expect(tree.height == 20 + 144 + 10)
    #expect(tree.pixelHeight == 174 * 3)
    #expect(tree.elements(.cell)[0].frame.y == 20)
  }

  @Test("safe-area leading and trailing insets narrow the rows")
  func safeAreaSides() throws {
    let tree = try layout(
      "canvas: { width: 400, scale: 1, safeArea: { leading: 40, trailing: 20 } }\nsections:\n  - cells: [ { title: A } ]"
    )
    #expect(tree.elements(.cell)[0].frame == Rect(x: 40, y: 0, width: 340, height: 72))
    #expect(tree.elements(.title)[0].frame.x == 56)
  }

  @Test("scales 1, 2 and 3 give the same geometry in points, for every kind of element")
  func scaleIndependence() throws {
    // Material: every line at its style's line height. (Mística labels round their heights to
    // device pixels, as UILabel does: see MisticaMetricsTests.)
    func frames(_ scale: Int) throws -> [Rect] {
      let tree = try layout(
        """
        canvas: { width: 360, scale: \(scale), theme: material }
        sections:
          - cells:
              - { headline: { tag: NEW }, title: Mobile plan, subtitle: 25 GB, description: 'Your data resets on the first of every month, roaming included.', asset: { icon: router, background: '#E3F2FD' }, control: { navigation: { badge: 12 } } }
              - { style: boxed, title: Help, asset: { monogram: AB, background: '#FCE4EC' }, control: { switch: true } }
              - { style: boxedInverse, title: Offer, control: { button: Buy } }
              - { kind: stereo, title: Stereo, detail: Detail, leadingImage: { icon: star } }
              - { kind: label, text: A label }
        """)
      return tree.elements.filter { $0.role != .separator }.map(\.frame)
    }
    let one = try frames(1)
    #expect(one.count > 20)
    #expect(try frames(2) == one)
    #expect(try frames(3) == one)
  }

  @Test("right to left mirrors every frame and right-aligns the text")
  func rightToLeft() throws {
    let spec = "sections:\n  - cells: [ { title: Inbox, subtitle: Mail }, { title: B } ]"
    let ltr = try layout("canvas: { width: 360, scale: 1, safeArea: { leading: 30 } }\n" + spec)
    let rtl = try layout(
      "canvas: { width: 360, scale: 1, direction: rtl, safeArea: { leading: 30 } }\n" + spec)
    #expect(ltr.elements.count == rtl.elements.count)
    for (l, r) in zip(ltr.elements, rtl.elements) {
      #expect(r.frame == l.frame.mirrored(in: 360))
    }
    let title = try #require(rtl.elements(.title).first)
    let line = try #require(title.textBlock?.lines.first)
    #expect(abs(line.x + line.width - title.frame.width) < 0.01)
  }

  @Test("larger content sizes grow the text and the rows")
  func dynamicType() throws {
    let spec = "\nsections:\n  - cells: [ { title: Inbox, subtitle: Mail } ]"
    let large = try layout("canvas: { scale: 1 }" + spec)
    let ax3 = try layout("canvas: { scale: 1, contentSize: AX3 }" + spec)
    let small = try layout("canvas: { scale: 1, contentSize: XS }" + spec)
    #expect(ax3.elements(.title)[0].textBlock?.style.size == 38)  // round(16 × 40 / 17)
    #expect(ax3.elements(.subtitle)[0].textBlock?.style.size == 34)  // round(14 × 36 / 15)
    #expect(ax3.height > large.height)
    #expect(small.elements(.title)[0].textBlock?.style.size == 13)  // round(16 × 14 / 17)
  }

  @Test("the layout dump lists every element with its frame")
  func dump() throws {
    let tree = try layout(
      "canvas: { scale: 1 }\nsections:\n  - cells: [ { title: A, subtitle: B }, { title: C } ]")
    let data = try tree.dumpJSON()
    let dump = try JSONDecoder().decode(LayoutTree.Dump.self, from: data)
    // The separator is drawn right after its cell's box, under any pressed overlay.
    #expect(dump.elements.map(\.kind) == [.cell, .separator, .title, .subtitle, .cell, .title])
    #expect(dump.elements[2].lines == 1)
    #expect(dump.elements[2].truncated == false)
    #expect(dump.elements[2].text?.map(\.text) == ["A"])
    #expect(dump.elements[0].lines == nil)
    #expect(dump.height == tree.height)
  }

  @Test("an image beyond the pixel limits is a clear error, at canvas.scale in a spec")
  func tooLarge() throws {
    let cells = String(repeating: "      - title: Row\n", count: 200)
    do {
      _ = try layout("canvas: { scale: 4 }\nsections:\n  - cells:\n" + cells)
      Issue.record("an image beyond the limits was laid out")
    } catch let error as SpecError {
      #expect(error.path == "canvas.scale")
      #expect(error.line == 1)
      #expect(error.message.hasPrefix("the image would be 1440×"))
    }
    // Built in code, with no spec to point at: the layout error itself.
    let built = ListDocument(canvas: Canvas(scale: 4)) {
      Section(cells: (0..<200).map { Cell(.row(RowCell(title: Label("Row \($0)")))) })
    }
    #expect(throws: LayoutError.self) { try ListRenderer().layout(built) }
  }
}
