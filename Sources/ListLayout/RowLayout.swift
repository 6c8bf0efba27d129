import ListModel

/// The Mística list row (mistica-ios `Sources/Mistica/Components/Lists/`, `README.md`): Section A
/// (asset), B (text), C (control).
extension ListLayoutEngine {
  /// Outer margins of boxed styles: 8, 16, 8, 16 (mistica-ios `CellStyle+Toolkit.swift`).
  static let boxedMargins = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
  /// Inner margin on every side of a row's content.
  static let rowInnerMargin = 16.0
  /// Horizontal spacing between sections A, B and C.
  static let sectionSpacing = 16.0

  func layoutRow(_ row: RowCell, in context: CellContext) throws -> PlacedCell {
    let theme = context.theme
    let inverse = row.style == .boxedInverse
    let outer = row.style == .fullWidth ? EdgeInsets.zero : Self.boxedMargins
    let inner = Self.rowInnerMargin
    let boxX = context.x + outer.leading
    let boxY = context.y + outer.top
    let boxWidth = context.width - outer.leading - outer.trailing
    let primary = theme[inverse ? .textPrimaryInverse : .textPrimary]
    let secondary = theme[inverse ? .textSecondaryInverse : .textSecondary]
    let opacity = context.contentOpacity
    // What a disabled row dims besides its labels (Mística: nothing).
    let otherOpacity = theme.system.disabledDimsLabelsOnly ? 1 : opacity

    let contentX = boxX + inner
    let contentWidth = boxWidth - 2 * inner
    let assetBox = try row.asset.map(assetSize)
    let assetGap: Double =
      row.asset.map { if case .smallIcon = $0 { theme.smallIconGap } else { Self.sectionSpacing } }
      ?? 0
    // At accessibility sizes the parts stack: asset, then the text at full width, then the
    // control on its own line (as UIKit apps do), so no label is narrower than at size L.
    let stacked = context.canvas.contentSize.isAccessibilityCategory
    // Only wide controls (a button, a text value, a switch) take a line of their own there; a
    // chevron (with its badge), a checkbox, a radio or an icon stays at the trailing edge,
    // centred on the text, as iOS keeps a disclosure indicator.
    let controlOwnsLine = stacked && row.control?.isWide == true
    let control = try row.control.map {
      try layoutControl(
        $0, inverse: inverse, contentWidth: contentWidth, stacked: controlOwnsLine, in: context)
    }
    let trailingControl = controlOwnsLine ? nil : control
    let textX = stacked ? contentX : contentX + (assetBox.map { $0.width + assetGap } ?? 0)
    let textWidth = max(
      1,
      contentWidth - (textX - contentX)
        - (trailingControl.map { $0.size.width + Self.sectionSpacing } ?? 0))

    // Section B, stacked from y = 0 and moved into place below.
    let (labels, textHeight) = try rowText(
      row, x: textX, width: textWidth, primary: primary, secondary: secondary,
      otherOpacity: otherOpacity, in: context)

    let titleOnly =
      row.headline == nil && row.subtitle == nil && row.descriptionText == nil && !stacked
    let lines = 1 + (row.subtitle == nil ? 0 : 1) + (row.descriptionText == nil ? 0 : 1)
    // Stacked: the asset, the text and the control one below the other, 16 apart (the spacing
    // between sections, mistica-ios `ListCellContentView.swift`).
    let stackedTextTop = assetBox.map { $0.height + Self.sectionSpacing } ?? 0
    let contentHeight =
      stacked
      ? stackedTextTop + max(textHeight, trailingControl?.size.height ?? 0)
        + (controlOwnsLine ? control.map { Self.sectionSpacing + $0.size.height } ?? 0 : 0)
      : max(
        textHeight, assetBox.map { titleOnly ? $0.height : $0.height + 4 } ?? 0,
        control?.size.height ?? 0)
    let boxHeight = max(
      theme.rowMinHeight(
        style: row.style, hasAsset: row.asset != nil, lines: lines,
        outerMargins: outer.top + outer.bottom),
      (contentHeight + 2 * theme.rowVerticalMargin).rounded(.up))
    let box = Rect(x: boxX, y: boxY, width: boxWidth, height: boxHeight)
    let contentTop = boxY + (boxHeight - contentHeight) / 2
    // A lone title is centred with its asset; otherwise text starts at the content's top.
    let textTop =
      stacked
      ? contentTop + stackedTextTop
      : titleOnly ? boxY + (boxHeight - textHeight) / 2 : contentTop

    var elements = rowBackground(
      row, box: box, cellHeight: outer.top + boxHeight + outer.bottom, textInset: textX - boxX,
      in: context)
    if let asset = row.asset, let size = assetBox {
      let assetY =
        stacked ? contentTop : titleOnly ? boxY + (boxHeight - size.height) / 2 : contentTop + 4
      elements += try assetElements(
        asset, frame: Rect(x: contentX, y: assetY, width: size.width, height: size.height),
        ink: primary, in: context
      ).map { $0.withOpacity(otherOpacity) }
    }
    elements += labels.map { $0.offsetBy(0, textTop) }
    if let control {
      // Mística's control area is as tall as the row's content and its presets centre their
      // view in it (Material's is section B's); at accessibility sizes a compact control stays
      // centred on the text, and a wide one is a line of its own below it, at the leading edge.
      let origin =
        controlOwnsLine
        ? (x: contentX, y: textTop + textHeight + Self.sectionSpacing)
        : (
          x: contentX + contentWidth - control.size.width,
          y: theme.system.controlCentredOnRow && !stacked
            ? contentTop + (contentHeight - control.size.height) / 2
            : textTop + (textHeight - control.size.height) / 2
        )
      elements += control.elements.map {
        var element = $0.offsetBy(origin.x, origin.y)
        element.opacity = otherOpacity
        return element
      }
    }
    return PlacedCell(elements: elements, height: outer.top + boxHeight + outer.bottom)
  }

  /// Section B of a row: its headline (a tag or an overline), title, subtitle and description,
  /// stacked from y = 0 at `x`, `width` wide; and their height.
  private func rowText(
    _ row: RowCell, x textX: Double, width textWidth: Double, primary: Color, secondary: Color,
    otherOpacity: Double, in context: CellContext
  ) throws -> (labels: [LayoutElement], height: Double) {
    let theme = context.theme
    var labels: [LayoutElement] = []
    var y = 0.0
    switch row.headline {
    case .tag(let text):
      let metrics = theme.system.headlineTag
      var style = theme.caption
      if metrics.bodyMediumText {
        style = theme.body
        style.weight = .medium
      }
      var label = try naturalText(
        text, role: .headline, style: style, color: theme[.tagText],
        maxWidth: max(1, textWidth - 2 * metrics.padding), in: context)
      // At accessibility sizes the text may outgrow the pill's height: the pill grows with it.
      let height = max(metrics.height ?? 0, label.frame.height + (metrics.height == nil ? 4 : 8))
      let width = max(metrics.minWidth, label.frame.width + 2 * metrics.padding)
      let pill = Rect(x: textX, y: 0, width: width, height: height)
      label.frame = label.frame.offsetBy(
        textX + (width - label.frame.width) / 2, (height - label.frame.height) / 2)
      label.opacity = otherOpacity
      labels += [
        LayoutElement(
          role: .headline, source: context.source, frame: pill,
          content: .box(
            fill: theme[.tag],
            cornerRadius: min(metrics.cornerRadius ?? pill.height / 2, pill.height / 2)),
          opacity: otherOpacity),
        label,
      ]
      let more = row.subtitle != nil || row.descriptionText != nil
      y = pill.height + (more ? metrics.gapBeforeTitleWithMore : metrics.gapBeforeLoneTitle)
    case .overline(let text):
      let overline = try textElement(
        Label(text), role: .headline, style: theme.overline, color: secondary, x: textX, y: 0,
        width: textWidth, in: context, opacity: otherOpacity)
      labels.append(overline)
      y = overline.frame.height + 8
    case nil:
      break
    }
    let minimums: (title: Double, subtitle: Double, description: Double)? =
      switch theme.system.rowLabels {
      case .perLine: nil
      case .perLabel(let title, let subtitle, let description): (title, subtitle, description)
      }
    let title = try rowLabel(
      row.title, role: .title, style: theme.title, color: primary, x: textX, y: y,
      width: textWidth, minimum: minimums?.title, in: context)
    labels.append(title)
    y = title.frame.maxY
    if let subtitle = row.subtitle {
      let element = try rowLabel(
        subtitle, role: .subtitle, style: theme.body, color: primary, x: textX, y: y + 2,
        width: textWidth, minimum: minimums?.subtitle, in: context)
      labels.append(element)
      y = element.frame.maxY
    }
    if let description = row.descriptionText {
      let gap = row.subtitle == nil ? 2.0 : 4.0
      let element = try rowLabel(
        description, role: .description, style: theme.body, color: secondary, x: textX,
        y: y + gap, width: textWidth, minimum: minimums?.description, in: context)
      labels.append(element)
      y = element.frame.maxY
    }
    return (labels, y)

  }

  /// A row's box in its style's fill (a Mística highlighted row's: the alternative background),
  /// its separator and its state: what lies under its content. `textInset` is where its text
  /// starts in the box, `cellHeight` the whole cell's height (a boxed row's margins included).
  private func rowBackground(
    _ row: RowCell, box: Rect, cellHeight: Double, textInset: Double, in context: CellContext
  ) -> [LayoutElement] {
    let theme = context.theme
    let cornerRadius = row.style == .fullWidth ? 0 : theme.boxedCornerRadius
    // Mística highlights a row in `backgroundAlternative`: the box of a boxed row, the whole
    // cell of the others (`ListTableViewCell.highlightedView`; a boxed-inverse box stays brand).
    let alternativeHighlight =
      context.cell.isHighlightedRow && theme.system.rowHighlight == .alternativeBackground
    let fill: ColorName =
      switch row.style {
      case .fullWidth: alternativeHighlight ? .backgroundAlternative : .background
      case .boxed: alternativeHighlight ? .backgroundAlternative : .backgroundContainer
      case .boxedInverse: .backgroundContainerBrand
      }
    var elements = [
      LayoutElement(
        role: .cell, source: context.source, frame: box,
        content: .box(
          fill: theme[fill], cornerRadius: cornerRadius,
          stroke: row.style == .boxed ? Stroke(color: theme[.border], width: 1) : nil,
          gradient: theme.gradients[fill]))
    ]
    // The separator lies under the pressed overlay and the ripple, which cover the whole cell.
    if context.showsSeparator(byDefault: row.style == .fullWidth && context.nextIsFullWidthRow) {
      let insets = context.separatorInsets(
        standard: (Self.rowInnerMargin, Self.rowInnerMargin), text: textInset)
      elements.append(
        separator(
          under: box, leading: insets.leading, trailing: insets.trailing, color: theme[.divider],
          in: context))
    }
    if !alternativeHighlight,
      let overlay = stateOverlay(box, cornerRadius: cornerRadius, in: context)
    {
      elements.append(overlay)
    }
    if alternativeHighlight, row.style == .boxedInverse {
      elements.insert(
        LayoutElement(
          role: .highlight, source: context.source,
          frame: Rect(
            x: context.x, y: context.y, width: context.width,
            height: cellHeight),
          content: .box(fill: theme[.backgroundAlternative], cornerRadius: 0)),
        at: 0)
    }
    return elements
  }

  /// A row's title, subtitle or description. With a `minimum`, sized as a mistica-ios
  /// `IntrinsictHeightLabel` (`CellCenterSectionView.swift`): at least `minimum` tall, its
  /// height rounded up to whole device pixels (as `UILabel` sizes itself), its lines centred
  /// vertically in it (as `UILabel` draws). Without, as tall as its lines.
  private func rowLabel(
    _ label: Label, role: LayoutElement.Role, style: TextStyle, color: Color, x: Double,
    y: Double, width: Double, minimum: Double?, in context: CellContext
  ) throws -> LayoutElement {
    var element = try textElement(
      label, role: role, style: style, color: color, x: x, y: y, width: width, in: context,
      opacity: context.contentOpacity)
    guard let minimum, case .text(var block) = element.content else { return element }
    let scale = context.canvas.scale
    let textHeight = element.frame.height
    // A hair below a whole pixel is that pixel (the pitch is a sum of Pango units).
    let height = max(minimum, (textHeight * scale - 1e-6).rounded(.up) / scale)
    let inset = (height - textHeight) / 2
    for index in block.lines.indices {
      block.lines[index].y += inset
      block.lines[index].baseline += inset
    }
    element.frame.height = height
    element.content = .text(block)
    return element
  }

  /// Section A's size: 24 pt for a small icon, 40 pt for a circle, a custom image's longer
  /// side its `size` at its aspect ratio (a circle: `size` across).
  private func assetSize(_ asset: Asset) throws -> (width: Double, height: Double) {
    switch asset {
    case .smallIcon: return (24, 24)
    case .largeIcon, .image, .monogram: return (40, 40)
    case .customImage(_, let size, .circle):
      return (size, size)
    case .customImage(let image, let size, .rectangle):
      let intrinsic = try images.size(of: image)
      let factor = size / max(intrinsic.width, intrinsic.height, 1e-9)
      return (intrinsic.width * factor, intrinsic.height * factor)
    }
  }

  /// Section A's elements in `frame` (24 pt for a small icon, 40 pt otherwise).
  func assetElements(
    _ asset: Asset, frame: Rect, ink: Color, in context: CellContext
  ) throws -> [LayoutElement] {
    // Colours that name the theme's take its value (dark mode, the skin).
    let theme = context.theme
    let asset: Asset =
      switch asset {
      case .smallIcon(let icon, let color): .smallIcon(icon, color: try theme.resolve(color))
      case .largeIcon(let icon, let background, let color):
        .largeIcon(
          icon, background: try theme.resolve(background), color: try theme.resolve(color))
      case .monogram(let text, let background, let color):
        .monogram(
          text, background: try theme.resolve(background), color: try theme.resolve(color))
      case .image, .customImage: asset
      }
    switch asset {
    case .smallIcon(let icon, let color):
      return [iconElement(icon, role: .asset, frame: frame, color: color ?? ink, in: context)]
    case .largeIcon(let icon, let background, let color):
      let iconFrame = Rect(x: frame.x + 8, y: frame.y + 8, width: 24, height: 24)
      return [
        LayoutElement(
          role: .assetBackground, source: context.source, frame: frame,
          content: .ellipse(fill: background)),
        iconElement(
          icon, role: .asset, frame: iconFrame,
          color: color ?? context.theme.ink(on: background), in: context),
      ]
    case .image(let image):
      _ = try images.size(of: image)
      return [
        LayoutElement(
          role: .asset, source: context.source, frame: frame,
          content: .image(ImagePaint(path: image.path, fit: .aspectFill, clipToCircle: true)))
      ]
    case .customImage(let image, _, let shape):
      return [
        LayoutElement(
          role: .asset, source: context.source, frame: frame,
          // mistica-ios `CellLeftSectionView.swift`: an image given a size takes the
          // container corner radius (`MisticaConfig.currentCornerRadius.container`, the skin's
          // `radius.container`).
          content: .image(
            ImagePaint(
              path: image.path, fit: .aspectFill, clipToCircle: shape == .circle,
              cornerRadius: shape == .rectangle ? context.theme.boxedCornerRadius : 0)))
      ]
    case .monogram(let text, let background, let color):
      var label = try naturalText(
        text, role: .asset, style: context.theme.monogram,
        color: color ?? context.theme.ink(on: background),
        maxWidth: frame.width, in: context)
      label.frame = label.frame.offsetBy(
        frame.x + (frame.width - label.frame.width) / 2,
        frame.y + (frame.height - label.frame.height) / 2)
      return [
        LayoutElement(
          role: .assetBackground, source: context.source, frame: frame,
          content: .ellipse(fill: background)),
        label,
      ]
    }
  }

  /// A Material icon glyph, or an icon file: a template (its alpha in the icon colour, as an
  /// iOS template image) unless the spec says `template: false`.
  func iconElement(
    _ icon: Icon, role: LayoutElement.Role, frame: Rect, color: Color?, in context: CellContext
  ) -> LayoutElement {
    let ink = color ?? context.theme[.textPrimary]
    let content: LayoutElement.Content
    switch icon.source {
    case .named(let name):
      content = .glyph(
        name: name, color: ink,
        mirrored: context.direction == .rtl && icon.mirrorsInRTL
          && MaterialIcons.directional.contains(name))
    case .file(let path):
      content = .image(ImagePaint(path: path, fit: .aspectFit, tint: icon.isTemplate ? ink : nil))
    }
    return LayoutElement(role: role, source: context.source, frame: frame, content: content)
  }

  /// A control measured and laid out at the origin; the row moves it into place.
  struct PlacedControl {
    var size: (width: Double, height: Double)
    var elements: [LayoutElement]
  }

  /// Section C (mistica-ios `NavigationPresetView.swift`, `VerticallyCenteredPresetView.swift`):
  /// the navigation preset (badge, 16, chevron, centre-aligned) or a single control in the
  /// vertically centred preset. In boxed-inverse rows controls are white.
  private func layoutControl(
    _ control: Control, inverse: Bool, contentWidth: Double, stacked: Bool,
    in context: CellContext
  ) throws -> PlacedControl {
    // Beside the text, a value takes at most 40% of the row and a button 50%; on a line of its
    // own (stacked), the whole width.
    let valueWidth = stacked ? contentWidth : contentWidth * 0.4
    let buttonWidth = stacked ? contentWidth - 32 : contentWidth * 0.5
    let theme = context.theme
    // "In boxedInverse controls are white": the inverse text colour (white in Mística light).
    let tint = inverse ? theme[.textPrimaryInverse] : theme[.brand]
    let ink = inverse ? theme[.textPrimaryInverse] : theme[.textSecondary]
    // mistica-ios `ListCellContentView.swift` (controlView, updateCellStyle) sets only the
    // control's `tintColor` to white in a boxed-inverse cell: template images (the chevron, an
    // icon button) are white in light and dark alike, and a switch keeps its activated on-track
    // (its `onTintColor`) and white thumb.
    let templateTint = inverse ? Color.white : ink
    let source = context.source
    func element(_ role: LayoutElement.Role, _ frame: Rect, _ content: LayoutElement.Content)
      -> LayoutElement
    {
      LayoutElement(role: role, source: source, frame: frame, content: content)
    }
    // Checkboxes and radios: a 24 pt control; unselected rings in `control` (inverse: white).
    let outline = inverse ? tint : theme[.control]
    func square24(_ content: LayoutElement.Content) -> PlacedControl {
      PlacedControl(
        size: (24, 24),
        elements: [element(.control, Rect(x: 0, y: 0, width: 24, height: 24), content)])
    }
    switch control {
    case .navigation(let badge):
      var elements: [LayoutElement] = []
      var x = 0.0
      if let badge {
        let parts = try badgeElements(badge, in: context)
        // Centre-aligned with the 24 pt chevron (a badge grown past it sets the height).
        let height = max(24, badgeHeight(badge, theme: theme))
        elements += parts.map { $0.offsetBy(0, (height - badgeHeight(badge, theme: theme)) / 2) }
        x = (parts.first?.frame.width ?? 0) + 16
      }
      let height = elements.map(\.frame.maxY).max().map { max(24, $0) } ?? 24
      let chevron = context.direction == .rtl ? "chevron_left" : "chevron_right"
      elements.append(
        element(
          .chevron, Rect(x: x, y: (height - 24) / 2, width: 24, height: 24),
          .glyph(name: chevron, color: templateTint)))
      return PlacedControl(size: (x + 24, height), elements: elements)
    case .switch(let on):
      let style = theme.switchStyle
      let size = style.size
      let paint = SwitchPaint(
        on: on, style: style, onColor: theme[.brand],
        offColor: inverse ? tint.withAlpha(0.3) : theme[.control],
        thumb: .white,
        isMirrored: context.direction == .rtl)
      return PlacedControl(
        size: size,
        elements: [
          element(.control, Rect(x: 0, y: 0, width: size.0, height: size.1), .switch(paint))
        ])
    case .checkbox(let on):
      switch theme.system.checkbox {
      case .material:
        let mark = inverse ? theme[.backgroundContainerBrand] : theme[.onBrand]
        return square24(
          .checkbox(
            CheckboxPaint(
              on: on, fill: tint, mark: mark, ring: outline, ringWidth: 2, cornerRadius: 2,
              inset: 3)))
      case .mistica(let cornerRadius):
        // mistica-ios `Checkbox.swift`: 18 pt by `UIFontMetrics.default` (the Body curve, not
        // rounded); on, a border as wide as half the box fills it in `controlActivated` under the
        // `icn_checkbox_check` image (drawn as is: white); off, a 1 pt `border` ring. The view's
        // own `backgroundColor = .background` fills its square; a boxed-inverse cell's white
        // `tintColor` changes none of these.
        let side = 18 * TypeCurve.appleBody.factor(context.canvas.contentSize)
        return PlacedControl(
          size: (side, side),
          elements: [
            element(
              .control, Rect(x: 0, y: 0, width: side, height: side),
              .checkbox(
                CheckboxPaint(
                  on: on, fill: theme[.brand], mark: .white, ring: theme[.border], ringWidth: 1,
                  cornerRadius: cornerRadius, inset: 0, background: theme[.background])))
          ])
      }
    case .radio(let on):
      switch theme.system.radio {
      case .material:
        return square24(
          .radio(
            RadioPaint(
              on: on, diameter: 20, ring: on ? tint : outline, ringWidth: 2, dot: on ? 10 : 0)))
      case .mistica:
        // RadioButton.swift: the same colours on every row, the tint never read.
        let side = 20 * TypeCurve.appleBody.factor(context.canvas.contentSize)
        let paint =
          on
          ? RadioPaint(
            on: true, diameter: side, ring: theme[.brand], ringWidth: side / 4, fill: .white)
          : RadioPaint(
            on: false, diameter: side, ring: theme[.control], ringWidth: 1,
            fill: theme[.background])
        return PlacedControl(
          size: (side, side),
          elements: [
            element(.control, Rect(x: 0, y: 0, width: side, height: side), .radio(paint))
          ])
      }
    case .text(let text):
      let label = try naturalText(
        text, role: .control, style: theme.control, color: ink, maxWidth: valueWidth, in: context)
      return PlacedControl(size: (label.frame.width, label.frame.height), elements: [label])
    case .icon(let icon):
      return PlacedControl(
        size: (24, 24),
        elements: [
          iconElement(
            icon, role: .control, frame: Rect(x: 0, y: 0, width: 24, height: 24),
            color: templateTint, in: context)
        ])
    case .button(let title):
      if case .misticaSmall(let cornerRadius) = theme.system.button {
        // `textPreset2` medium: the header link's style at medium weight.
        var style = theme.headerLink
        style.weight = .medium
        let (fill, ink) =
          inverse
          ? ("buttonPrimaryBackgroundInverse", "textButtonPrimaryInverse")
          : ("buttonPrimaryBackground", "textButtonPrimary")
        var label = try naturalText(
          title, role: .control, style: style, color: try theme.resolve(Color.token(ink)),
          maxWidth: buttonWidth - 24, in: context)
        let height = max(20, label.frame.height) + 10
        let width = max(104, label.frame.width + 24)
        label.frame = label.frame.offsetBy(
          (width - label.frame.width) / 2, (height - label.frame.height) / 2)
        let pill = Rect(x: 0, y: 0, width: width, height: height)
        return PlacedControl(
          size: (width, height),
          elements: [
            element(
              .control, pill,
              .box(
                fill: try theme.resolve(Color.token(fill)),
                cornerRadius: min(cornerRadius, height / 2))),
            label,
          ])
      }
      var style = theme.control
      style.weight = .medium
      var label = try naturalText(
        title, role: .control, style: style,
        color: inverse ? theme[.backgroundContainerBrand] : theme[.onBrand],
        maxWidth: buttonWidth, in: context)
      let height = max(32, label.frame.height + 8)
      let pill = Rect(x: 0, y: 0, width: label.frame.width + 32, height: height)
      label.frame = label.frame.offsetBy(16, (height - label.frame.height) / 2)
      return PlacedControl(
        size: (pill.width, pill.height),
        elements: [
          element(.control, pill, .box(fill: tint, cornerRadius: height / 2)), label,
        ])
    }
  }

  /// How much a badge grows with the content size: it follows the caption style's curve, as
  /// the tag does (its 12 pt text is a caption at size L).
  private func badgeScale(_ theme: Theme) -> Double { theme.caption.size / 12 }

  private func badgeHeight(_ badge: Badge, theme: Theme) -> Double {
    ((badge == .dot ? 8 : 20) * badgeScale(theme)).rounded()
  }

  /// mistica-ios `Badge`: a flag dot 8×8; a numeric 20×20 circle; above 9 "+9" in a pill of text
  /// width + 12 by 20; text 12 pt medium in `textPrimaryInverse` on `badge` — at size L; every
  /// figure grows with the caption curve.
  private func badgeElements(_ badge: Badge, in context: CellContext) throws -> [LayoutElement] {
    let theme = context.theme
    let height = badgeHeight(badge, theme: theme)
    switch badge {
    case .dot:
      return [
        LayoutElement(
          role: .badge, source: context.source,
          frame: Rect(x: 0, y: 0, width: height, height: height),
          content: .ellipse(fill: theme[.badge]))
      ]
    case .count(let count):
      let scale = badgeScale(theme)
      var style = theme.caption
      style.size = theme.caption.size
      style.minLineHeight = (16 * scale).rounded()
      var label = try naturalText(
        count > 9 ? "+9" : String(count), role: .badge, style: style,
        color: theme[.textPrimaryInverse], maxWidth: 40 * scale, in: context, direction: .ltr)
      let width = count > 9 ? label.frame.width + (12 * scale).rounded() : height
      label.frame = label.frame.offsetBy(
        (width - label.frame.width) / 2, (height - label.frame.height) / 2)
      let shape: LayoutElement.Content =
        count > 9
        ? .box(fill: theme[.badge], cornerRadius: height / 2) : .ellipse(fill: theme[.badge])
      return [
        LayoutElement(
          role: .badge, source: context.source,
          frame: Rect(x: 0, y: 0, width: width, height: height), content: shape),
        label,
      ]
    }
  }
}

extension LayoutElement {
  /// The same element drawn at `opacity`.
  func withOpacity(_ opacity: Double) -> LayoutElement {
    var dimmed = self
    dimmed.opacity = opacity
    return dimmed
  }

  /// The same element moved by (dx, dy).
  func offsetBy(_ dx: Double, _ dy: Double) -> LayoutElement {
    var moved = self
    moved.frame = frame.offsetBy(dx, dy)
    return moved
  }
}

/// Material icons whose meaning has a direction, mirrored in right-to-left layouts as Material's
/// bidirectionality guidance has it (arrows and chevrons that point forward or back, send,
/// reply, forward, undo and redo, log in and out, list, indent and trend icons, someone
/// walking). Icons of the physical world (a clock, media playback, a check mark) are not.
package enum MaterialIcons {
  package static let directional: Set<String> = [
    "arrow_back", "arrow_forward", "arrow_back_ios", "arrow_forward_ios", "arrow_left",
    "arrow_right", "arrow_right_alt", "chevron_left", "chevron_right", "navigate_before",
    "navigate_next", "keyboard_arrow_left", "keyboard_arrow_right", "keyboard_backspace",
    "first_page", "last_page", "send", "reply", "reply_all", "forward", "undo", "redo",
    "login", "logout", "exit_to_app", "input", "open_in_new", "launch", "list",
    "format_list_bulleted", "format_list_numbered", "format_indent_increase",
    "format_indent_decrease", "trending_up", "trending_down", "trending_flat", "call_made",
    "call_received", "call_merge", "call_split", "subdirectory_arrow_left",
    "subdirectory_arrow_right", "read_more", "menu_open", "wrap_text", "short_text", "notes",
    "sort", "directions_run", "directions_walk", "directions_bike",
  ]
}

extension Control {
  /// Whether the control is wide (a button, a text value, a switch): at accessibility sizes it
  /// takes a line of its own; the others stay at the trailing edge.
  var isWide: Bool {
    switch self {
    case .button, .text, .switch: true
    case .navigation, .checkbox, .radio, .icon: false
    }
  }
}

extension Cell {
  /// Whether this is a row (not a stereo or label cell) in the highlighted state.
  var isHighlightedRow: Bool {
    guard case .row = kind else { return false }
    return state == .highlighted
  }

  /// Whether this is a boxed-inverse row: inside a card it keeps its own brand box.
  var isBoxedInverseRow: Bool {
    guard case .row(let row) = kind else { return false }
    return row.style == .boxedInverse
  }
}
