import Foundation
import Yams

/// MDCSelfSizingStereoCell (material-components-ios `MDCSelfSizingStereoCell.m`).
public struct StereoCell: Equatable, Sendable {
  /// Leading image.
  public var leadingImage: StereoImage?
  /// Trailing image.
  public var trailingImage: StereoImage?
  /// Title; it wraps fully unless its `maxLines` limits it.
  public var title: Label
  /// Detail; it wraps fully unless its `maxLines` limits it.
  public var detail: Label?

  /// A stereo cell from its parts. Title and detail wrap fully unless a label's `maxLines`
  /// limits it (`MDCSelfSizingStereoCell.m` sets `numberOfLines = 0` on both).
  public init(
    title: Label, detail: Label? = nil, leadingImage: StereoImage? = nil,
    trailingImage: StereoImage? = nil
  ) {
    self.title = title
    self.detail = detail
    self.leadingImage = leadingImage
    self.trailingImage = trailingImage
  }

  /// A stereo cell from its title and the rest, in the order they read; each text a ``Label``
  /// or a `String`, literal or not.
  public init(
    _ title: any LabelConvertible, detail: (any LabelConvertible)? = nil,
    leading: StereoImage? = nil, trailing: StereoImage? = nil
  ) {
    self.init(
      title: title.listLabel, detail: detail?.listLabel, leadingImage: leading,
      trailingImage: trailing)
  }
}

/// An image slot of a stereo cell: what a row's asset can be (`MDCSelfSizingStereoCellLayout.m`
/// sizes).
public enum StereoImage: Equatable, Sendable {
  /// An image file; `size` (points) overrides its intrinsic size; a rectangle (MDC's default)
  /// or clipped to a circle.
  case image(FileReference, size: Double? = nil, shape: ImageShape = .rectangle)
  /// A 24 pt icon; with a background, a 24 pt icon on a 40 pt circle.
  case icon(Icon, background: Color? = nil, color: Color? = nil)
  /// Initials on a 40 pt circle.
  case monogram(String, background: Color, color: Color? = nil)
}

/// The outline an image is drawn in.
public enum ImageShape: String, CaseIterable, Sendable {
  /// The image's own rectangle.
  case rectangle
  /// Clipped to the inscribed circle.
  case circle
}

// MARK: Spec

extension ListDocument {
  /// What a row asset accepts, plus an image's `size` and `shape`.
  static func decodeStereoImage(_ reader: NodeReader) throws -> StereoImage {
    let object = try reader.object(SpecSchema.stereoImage)
    let kind = try object.exactlyOne(of: StereoImageKind.self)
    let onlyFor: [String: String] = [
      "size": "image", "shape": "image", "template": "icon", "color": "icon or monogram",
      "mirrorInRTL": "icon",
    ]
    for (key, owner) in onlyFor
    where object.optional(key) != nil && !owner.contains(kind.rawValue) {
      throw try object.required(key).error("\(key) applies to \(owner) only")
    }
    let color = try object.optional("color")?.color(themeNames: true)
    switch kind {
    case .icon:
      return .icon(
        try decodeIcon(
          object.required("icon"), template: object.optional("template"),
          mirror: object.optional("mirrorInRTL")),
        background: try object.optional("background")?.color(themeNames: true), color: color)
    case .monogram:
      return .monogram(
        try decodeMonogram(object.required("monogram")),
        background: try object.required("background").color(themeNames: true), color: color)
    case .image:
      if let background = object.optional("background") {
        throw background.error("background applies to icon or monogram only")
      }
      return .image(
        try decodeImage(object.required("image")),
        size: try object.optional("size")?.number(in: SpecLimits.imageSizeRange),
        shape: try object.optional("shape")?.enumeration(ImageShape.self) ?? .rectangle)
    }
  }

  /// The keys of an image slot that say what it holds.
  enum StereoImageKind: String, CaseIterable {
    case image, icon, monogram
  }
}

extension SpecWriter {
  func stereoImage(_ image: StereoImage) -> Node {
    switch image {
    case .image(let reference, let size, let shape):
      var pairs: Pairs = [("image", string(reference.path))]
      if let size { pairs.append(("size", number(size))) }
      if shape != .rectangle { pairs.append(("shape", plain(shape.rawValue))) }
      return map(pairs)
    case .icon(let icon, let background, let color):
      return map(
        [("icon", self.icon(icon))] + (background.map { [("background", self.color($0))] } ?? [])
          + optionalColor(color) + template(icon))
    case .monogram(let text, let background, let color):
      return map(
        [("monogram", string(text)), ("background", self.color(background))]
          + optionalColor(color))
    }
  }
}

extension Validator {
  mutating func stereoImage(_ image: StereoImage?, _ field: String) throws {
    switch image {
    case .image(let reference, let size, _)?:
      try string(reference.path, "\(field).image", allowEmpty: false)
      try number(size, SpecLimits.imageSizeRange, "\(field).size")
    case .icon(let icon, let background, let color)?:
      try self.icon(icon, "\(field).icon")
      try self.color(background, "\(field).background")
      try self.color(color, "\(field).color")
    case .monogram(let text, let background, let color)?:
      try monogram(text, "\(field).monogram")
      try self.color(background, "\(field).background")
      try self.color(color, "\(field).color")
    case nil:
      break
    }
  }
}
