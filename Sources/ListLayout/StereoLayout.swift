import ListModel

/// MDCSelfSizingStereoCell (material-components-ios
/// `components/List/src/private/MDCSelfSizingStereoCellLayout.m`).
extension ListLayoutEngine {
  /// Horizontal margins: leading, trailing and image↔text.
  static let stereoMargin = 16.0
  /// Text starts 16 pt from the top; title→detail 6 pt.
  static let stereoTextTop = 16.0
  /// Images taller than this are aspect-fit down to it.
  static let stereoMaxImage = 56.0

  func layoutStereo(_ stereo: StereoCell, in context: CellContext) throws -> PlacedCell {
    let theme = context.theme
    let margin = Self.stereoMargin
    let leading = try stereo.leadingImage.map { try stereoImageSize($0) }
    let trailing = try stereo.trailingImage.map { try stereoImageSize($0) }
    let textX = context.x + margin + (leading.map { $0.width + margin } ?? 0)
    let textRight = context.x + context.width - margin - (trailing.map { $0.width + margin } ?? 0)
    let textWidth = max(1, textRight - textX)
    let titleColor = theme[.textPrimary]
    let detailColor = theme[theme.system.stereoDetailColor]
    let opacity = context.contentOpacity

    var title = try textElement(
      stereo.title, role: .title, style: theme.stereoTitle, color: titleColor, x: textX,
      y: context.y + Self.stereoTextTop, width: textWidth, in: context, opacity: opacity)
    var detail = try stereo.detail.map {
      try textElement(
        $0, role: .detail, style: theme.stereoDetail, color: detailColor, x: textX,
        y: title.frame.maxY + 6, width: textWidth, in: context, opacity: opacity)
    }
    // Image vertical margin: 16 when the image is at most 40 tall, else 8.
    func imageFrame(_ size: (width: Double, height: Double), x: Double) -> Rect {
      let verticalMargin = size.height <= 40 ? 16.0 : 8.0
      return Rect(x: x, y: context.y + verticalMargin, width: size.width, height: size.height)
    }
    let leadingFrame = leading.map { imageFrame($0, x: context.x + margin) }
    let trailingFrame = trailing.map {
      imageFrame($0, x: context.x + context.width - margin - $0.width)
    }
    if detail == nil, let leadingFrame {
      // A lone title is centred on the leading image.
      title.frame.y = leadingFrame.y + (leadingFrame.height - title.frame.height) / 2
    }
    detail?.frame.y = title.frame.maxY + 6
    let textBottom = (detail ?? title).frame.maxY
    let imageBottoms = [leadingFrame, trailingFrame].compactMap { frame in
      frame.map { $0.maxY + ($0.height <= 40 ? 16 : 8) }
    }
    // height = ceil(max(image bottom + image margin, text bottom + 16)), relative to the cell.
    let height = (((imageBottoms + [textBottom + 16]).max() ?? 0) - context.y).rounded(.up)
    let box = Rect(x: context.x, y: context.y, width: context.width, height: height)

    var elements = [
      LayoutElement(
        role: .cell, source: context.source, frame: box,
        content: .box(fill: theme[.background], cornerRadius: 0))
    ]
    if context.showsSeparator(byDefault: false) {
      let insets = context.separatorInsets(
        standard: (textX - context.x, 0), text: textX - context.x)
      elements.append(
        separator(
          under: box, leading: insets.leading, trailing: insets.trailing, color: theme[.divider],
          in: context))
    }
    if let overlay = stateOverlay(box, cornerRadius: 0, in: context) { elements.append(overlay) }
    if let image = stereo.leadingImage, let frame = leadingFrame {
      elements += try stereoImageElements(image, role: .leadingImage, frame: frame, in: context)
        .map { $0.withOpacity(opacity) }
    }
    if let image = stereo.trailingImage, let frame = trailingFrame {
      elements += try stereoImageElements(image, role: .trailingImage, frame: frame, in: context)
        .map { $0.withOpacity(opacity) }
    }
    elements.append(title)
    if let detail { elements.append(detail) }
    return PlacedCell(elements: elements, height: box.height)
  }

  /// A stereo image's size: icons 24; icons on a circle and monograms 40 (an avatar); images at
  /// their size, aspect-fit into 56 when larger, square when clipped to a circle.
  private func stereoImageSize(_ image: StereoImage) throws -> (width: Double, height: Double) {
    switch image {
    case .icon(_, let background, _):
      return background == nil ? (24, 24) : (40, 40)
    case .monogram:
      return (40, 40)
    case .image(let reference, let size, let shape):
      let intrinsic = try images.size(of: reference)
      var width = intrinsic.width
      var height = intrinsic.height
      if let size {
        let factor = size / max(width, height)
        width *= factor
        height *= factor
      }
      let limit = Self.stereoMaxImage
      if width > limit || height > limit {
        let factor = min(limit / width, limit / height)
        width *= factor
        height *= factor
      }
      if shape == .circle {
        let side = min(width, height)
        return (side, side)
      }
      return (width, height)
    }
  }

  /// A stereo image's elements, drawn as the row's asset of the same kind would be.
  private func stereoImageElements(
    _ image: StereoImage, role: LayoutElement.Role, frame: Rect, in context: CellContext
  ) throws -> [LayoutElement] {
    let asset: Asset
    switch image {
    case .icon(let icon, let background?, let color):
      asset = .largeIcon(icon, background: background, color: color)
    case .icon(let icon, nil, let color):
      asset = .smallIcon(icon, color: color)
    case .monogram(let text, let background, let color):
      asset = .monogram(text, background: background, color: color)
    case .image(let reference, _, let shape):
      return [
        LayoutElement(
          role: role, source: context.source, frame: frame,
          content: .image(
            ImagePaint(
              path: reference.path, fit: shape == .circle ? .aspectFill : .aspectFit,
              clipToCircle: shape == .circle)))
      ]
    }
    return try assetElements(asset, frame: frame, ink: context.theme[.textSecondary], in: context)
      .map { element in
        var element = element
        if element.role == .asset { element.role = role }
        return element
      }
  }
}
