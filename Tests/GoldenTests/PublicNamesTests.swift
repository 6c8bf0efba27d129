import Foundation
import GoldenImage
import GoldenSuite
import GoldenTesting
import ListRender
import TestSupport
import Testing
import XCTest

/// Every public type of ListRender, named unqualified in a file that also imports Foundation,
/// Swift Testing and XCTest (as a golden test file does): if any name were ambiguous with
/// theirs, this file would not compile. The README's Swift section lists the same names.
@Suite("Public names")
struct PublicNamesTests {
  static let types: [Any.Type] = [
    AccessibilityElement.self,
    Animation.self,
    AnimationEvent.self,
    AnimationFrame.self,
    Appearance.self,
    Arrangement.self,
    Asset.self,
    Badge.self,
    Bitmap.self,
    Canvas.self,
    Card.self,
    Cell.self,
    CellBuilder.self,
    (any CellConvertible).self,
    CellMotion.self,
    CellState.self,
    CellStyle.self,
    Clip.self,
    Color.self,
    ColorName.self,
    ComparisonOptions.self,
    ContentSizeCategory.self,
    Control.self,
    DiffColor.self,
    EdgeInsets.self,
    EmptyView.self,
    Expandable.self,
    ExpansionState.self,
    FontFile.self,
    FontSystem.self,
    FontReference.self,
    FontWeight.self,
    FrameDump.self,
    FrameSequence.self,
    GoldenCheck.self,
    GoldenComparison.self,
    GoldenFormat<Bitmap>.self,
    GoldenPolicy.self,
    GoldenReport.self,
    GoldenRecordTrait.self,
    GoldenStrategy<Bitmap, Bitmap>.self,
    GoldenVerdict.self,
    Headline.self,
    HeightCurve.self,
    Icon.self,
    ImagePaint.self,
    ImageReference.self,
    ImageShape.self,
    Label.self,
    LabelCell.self,
    (any LabelConvertible).self,
    LayoutDirection.self,
    LayoutElement.self,
    LayoutError.self,
    LayoutTree.self,
    LibraryVersions.self,
    ListDocument.self,
    ListRenderer.self,
    ListUpdateProgress.self,
    MisticaSkin.self,
    PNGCodec.self,
    PNGError.self,
    (any PNGRowSource).self,
    PaintedImage.self,
    PainterError.self,
    PixelComparison.self,
    Pixelmatch.self,
    RecordMode.self,
    Rect.self,
    RefreshControl.self,
    RippleFrame.self,
    RippleStyle.self,
    RowCell.self,
    Section.self,
    SectionBuilder.self,
    SeparatorInset.self,
    SeparatorVisibility.self,
    ShadowLayer.self,
    ShadowModel.self,
    SpecError.self,
    SpecLocation.self,
    StereoCell.self,
    StereoImage.self,
    Stroke.self,
    SupplementaryText.self,
    SwitchPaint.self,
    SwitchStyle.self,
    TextAlignment.self,
    TextBlock.self,
    TextLine.self,
    TextStyle.self,
    ThemeName.self,
    // GoldenSuite
    CommandFailure.self,
    (any ExitStatusError).self,
    GoldenSuite.self,
    SuiteCase.self,
    SuiteConfiguration.self,
    SuiteResult.self,
    SuiteRun.self,
  ]

  @Test(
    "the public surface is these 99 types, none ambiguous beside Foundation, Testing and XCTest")
  func publicTypes() {
    #expect(Self.types.count == 99)
    #expect(Set(Self.types.map { String(describing: $0) }).count == 99)
  }

  @Test("the README's list of public names is this list")
  func readmeListsThem() throws {
    let readme = try String(
      contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "**Public names** ("))
    let paragraph = String(readme[start.lowerBound...]).components(separatedBy: "\n\n")[0]
    #expect(paragraph.contains("(\(Self.types.count) types;"))
    for type in Self.types {
      let name = String(describing: type).replacingOccurrences(of: "any ", with: "")
        .components(separatedBy: "<")[0]
      #expect(paragraph.contains("`\(name)`"), "README's public names lack \(name)")
    }
  }
}
