import Foundation
import Yams

/// The Mística row (mistica-ios `ListCellContentView.swift`): asset, text, control.
public struct RowCell: Equatable, Sendable {
  /// The style.
  public var style: CellStyle = .fullWidth
  /// Section A.
  public var asset: Asset?
  /// Above the title.
  public var headline: Headline?
  /// The title; required.
  public var title: Label
  /// Optional line under the title.
  public var subtitle: Label?
  /// Optional longer text.
  public var descriptionText: Label?
  /// Section C.
  public var control: Control?
  /// What VoiceOver reads for the asset (`asset: { image: …, accessibilityLabel: … }`); nil:
  /// the asset is decorative.
  public var assetLabel: String?
  /// What VoiceOver reads for the control (`control: { icon: share, accessibilityLabel:
  /// Share }`); nil: the control's own text, or the row's title.
  public var controlLabel: String?

  /// A row from its parts.
  public init(
    style: CellStyle = .fullWidth, asset: Asset? = nil, headline: Headline? = nil, title: Label,
    subtitle: Label? = nil, descriptionText: Label? = nil, control: Control? = nil
  ) {
    self.style = style
    self.asset = asset
    self.headline = headline
    self.title = title
    self.subtitle = subtitle
    self.descriptionText = descriptionText
    self.control = control
  }

  /// A row from its title and the rest, in the order they read; each text a ``Label`` or a
  /// `String`, literal or not.
  ///
  /// ```swift
  /// let plan = "Unlimited"
  /// RowCell("Data", subtitle: plan, asset: .icon("wifi"), control: .navigation(badge: count))
  /// ```
  public init(
    _ title: any LabelConvertible, subtitle: (any LabelConvertible)? = nil,
    descriptionText: (any LabelConvertible)? = nil, asset: Asset? = nil,
    headline: Headline? = nil, control: Control? = nil, style: CellStyle = .fullWidth
  ) {
    self.init(
      style: style, asset: asset, headline: headline, title: title.listLabel,
      subtitle: subtitle?.listLabel, descriptionText: descriptionText?.listLabel,
      control: control)
  }
}

/// The look of a row cell (mistica-ios `CellStyle+Toolkit.swift`).
public enum CellStyle: String, CaseIterable, Sendable {
  /// Edge to edge, with a separator below.
  case fullWidth
  /// A bordered card with outer margins.
  case boxed
  /// A brand-coloured card with outer margins.
  case boxedInverse
}

/// The view above a row's title.
public enum Headline: Equatable, Sendable {
  /// A small pill with text.
  case tag(String)
  /// An overline: small capitals above the title.
  case overline(String)
}

// MARK: Spec

extension ListDocument {
  static func decodeRow(_ object: ObjectReader) throws -> RowCell {
    var row = RowCell(
      style: try object.optional("style")?.enumeration(CellStyle.self) ?? .fullWidth,
      title: try decodeLabel(object.required("title"), allowEmpty: false),
      subtitle: try object.optional("subtitle").map { try decodeLabel($0) },
      descriptionText: try object.optional("description").map { try decodeLabel($0) })
    row.asset = try object.optional("asset").map { try decodeAsset($0, allowsLabel: true) }
    row.headline = try object.optional("headline").map(decodeHeadline)
    row.control = try object.optional("control").map(decodeControl)
    row.assetLabel = try object.optional("asset")?.peek("accessibilityLabel")?.string(
      allowEmpty: false)
    row.controlLabel = try object.optional("control")?.peek("accessibilityLabel")?.string(
      allowEmpty: false)
    return row
  }

  static func decodeHeadline(_ reader: NodeReader) throws -> Headline {
    let object = try reader.object(SpecSchema.headline)
    if try object.exactlyOne(of: ["tag", "text"]) == "tag" {
      return .tag(try object.required("tag").string(allowEmpty: false))
    }
    return .overline(try object.required("text").string(allowEmpty: false))
  }
}
