import Foundation
import ListLayout
import ListModel
import TestLevels
import TestSupport
import Testing

/// The virtual clock: the timeline of presses, releases and a refreshing spinner.
@Suite("Animation timeline", .tags(.unit))
struct AnimationTimelineTests {
  private let spec = SampleDocuments.pressAnimation

  @Test(
    "frame i is the document at i / fps: the press carries its age, the release once it happened")
  func timeline() throws {
    let document = try ListDocument.decode(yaml: spec)
    #expect(document.animation?.frameCount == 10)
    #expect(AnimationTimeline.document(document, at: 0.05).sections[0].cells[0].ripple == nil)
    let held = AnimationTimeline.document(document, at: 0.2).sections[0].cells[0].ripple
    #expect(held?.x == 30 && held?.y == 20)
    #expect(abs((held?.elapsed ?? 0) - 0.1) < 1e-12)
    #expect(held?.release == nil)
    let released = AnimationTimeline.document(document, at: 0.4).sections[0].cells[0].ripple
    #expect(abs((released?.release ?? 0) - 0.2) < 1e-12)
    #expect(AnimationTimeline.document(document, at: 0.4).sections[0].cells[1].ripple == nil)
  }

  @Test("a refreshing spinner turns with the clock")
  func spinner() throws {
    let document = try ListDocument.decode(
      yaml:
        "sections: []\nrefreshControl: { refreshing: true, angle: 30 }\nanimation: { fps: 10, duration: 2 }"
    )
    #expect(AnimationTimeline.document(document, at: 0).refreshControl?.angle == 30)
    let later = try #require(AnimationTimeline.document(document, at: 1.333).refreshControl?.angle)
    #expect(abs(later - 390) < 1e-9)
  }

  @Test("events must name existing cells; frames are bounded")
  func badEvents() {
    #expect(throws: SpecError.self) {
      try ListDocument.decode(
        yaml:
          "sections:\n  - cells: [ { title: A } ]\nanimation: { events: [ { at: 0, press: { section: 0, item: 3 } } ] }"
      )
    }
    #expect(throws: SpecError.self) {
      try ListDocument.decode(yaml: "sections: []\nanimation: { fps: 120, duration: 60 }")
    }
  }
}
