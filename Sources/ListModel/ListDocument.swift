import Foundation
import Yams

/// A whole spec: the canvas it is drawn on and the sections of cells it holds.
///
/// ```swift
/// let document = try ListDocument.decode(yaml: """
///   canvas: { width: 360, scale: 2 }
///   sections:
///     - cells:
///         - title: Inbox
///   """)
/// ```
public struct ListDocument: Equatable, Sendable {
  /// Size, scale and environment of the image.
  public var canvas: Canvas
  /// The list's sections, top to bottom.
  public var sections: [Section]
  /// Drawn centred in the viewport when no section has a cell.
  public var emptyView: EmptyView?
  /// The pull-to-refresh indicator above the content.
  public var refreshControl: RefreshControl?
  /// Frames for `listrender animate`: a virtual clock and press/release events.
  public var animation: Animation?
  /// Font files the text may use besides the standard ones (`fonts:`): a brand's typeface,
  /// chosen for every text style by ``Canvas/font``, or a font for characters no standard font
  /// has. TrueType, OpenType, collections and variable fonts; at most 16 files.
  public var fonts: [FileReference]
  /// String catalogs (`strings:`) that labels with a ``CatalogKey`` take their text from, in
  /// the canvas's ``Canvas/locale``: Apple String Catalogs (`.xcstrings`) and Android `res/`
  /// folders, by path (absolute after decoding a spec); the first that has a key gives it.
  public var strings: [String] = []
  /// What golden comparisons leave out (`ignore:`): elements by path, rows by id.
  package var ignore: [IgnorePattern] = []
  /// Where a decoded spec has its `canvas:`, `canvas.scale`, `canvas.safeArea` and `sections:`
  /// (for errors about the whole document).
  package var marks = DocumentMarks()

  /// A document from its parts.
  public init(
    canvas: Canvas = Canvas(), sections: [Section] = [], emptyView: EmptyView? = nil,
    refreshControl: RefreshControl? = nil, animation: Animation? = nil,
    fonts: [FileReference] = []
  ) {
    self.canvas = canvas
    self.sections = sections
    self.emptyView = emptyView
    self.refreshControl = refreshControl
    self.animation = animation
    self.fonts = fonts
  }

  /// A document whose sections are listed in a builder, as a spec lists them.
  ///
  /// ```swift
  /// let inbox = ListDocument(canvas: Canvas(width: 360, scale: 2, theme: .material)) {
  ///   Section(header: "Inbox") {
  ///     RowCell("Ana García", subtitle: "Lunch on Friday?", control: .navigation(badge: 2))
  ///     StereoCell("Bruno Díaz", detail: "Wraps fully", leading: .image("avatar.png"))
  ///     Label("A plain label cell")
  ///   }
  /// }
  /// ```
  public init(
    canvas: Canvas = Canvas(), emptyView: EmptyView? = nil,
    refreshControl: RefreshControl? = nil, animation: Animation? = nil,
    fonts: [FileReference] = [], @SectionBuilder sections: () -> [Section]
  ) {
    self.init(
      canvas: canvas, sections: sections(), emptyView: emptyView,
      refreshControl: refreshControl, animation: animation, fonts: fonts)
  }
}

/// Where a spec has the keys that errors about the whole document point at; not part of
/// equality (two documents that say the same are equal wherever they said it).
package struct DocumentMarks: Equatable, Sendable {
  package var canvas: SpecLocation?
  package var scale: SpecLocation?
  package var safeArea: SpecLocation?
  package var sections: SpecLocation?
  /// The spec files this document read besides its own (an animation's update files, and
  /// theirs), as resolved paths: inputs of a render as much as fonts and images are.
  package var specFiles: [String] = []
  /// Where the spec names each of its string catalogs.
  package var strings: [SpecLocation] = []
  /// The catalogs, read once (by the decoder, or by the first resolution).
  package var loadedStrings: LoadedStrings?
  /// The keyed labels whose text in the canvas's locale is not a finished translation.
  package var translationNotes: [TranslationNote] = []
  /// Colour names whose meaning changed (a spec's `brand` and `highlight` are now Mística's
  /// tokens of those names), each a sentence naming the field and the name that keeps the old
  /// meaning. Said for one release.
  package var colorNotes: [String] = []
  /// Where the spec gives each of its `ignore:` patterns.
  package var ignore: [SpecLocation] = []
  /// The locale the catalogs were read in when it is not the one asked for (`de-DE` drawn in
  /// `de`), as a sentence; nil otherwise.
  package var localeFallback: String?

  package init() {}

  package static func == (lhs: DocumentMarks, rhs: DocumentMarks) -> Bool { true }
}

extension ListDocument {
  /// A layout error of this document as a ``SpecError`` at the key it is about (the image too
  /// large: `canvas.scale`, else `canvas:`, else `sections:`; the list empty: `sections:`; the
  /// safe area too wide: `canvas.safeArea`), when the document was decoded from a spec.
  package func located(_ message: String, about key: String) -> SpecError? {
    let place: SpecLocation?
    switch key {
    case "size": place = marks.scale ?? marks.canvas ?? marks.sections
    case "safeArea": place = marks.safeArea ?? marks.canvas
    default: place = marks.sections
    }
    return place?.error(message)
  }
}

/// A file a spec names, by path, and where the spec names it: a font under `fonts:`, an image
/// asset (`image: avatar.png`).
///
/// ```swift
/// let document = ListDocument(
///   canvas: Canvas(font: "Brand Sans"),
///   fonts: ["brand/BrandSans-Regular.otf", "brand/BrandSans-Medium.otf"]
/// ) { Section { RowCell("Ana", asset: .image("ana.jpg")) } }
/// ```
public struct FileReference: Equatable, Sendable, ExpressibleByStringLiteral {
  /// The file's path (absolute after decoding a spec: resolved against the spec's folder).
  public var path: String
  /// Where the spec names it.
  public var location: SpecLocation

  /// A file from its path.
  public init(path: String, location: SpecLocation = SpecLocation()) {
    self.path = path
    self.location = location
  }

  /// A file from its path.
  public init(stringLiteral path: String) { self.init(path: path) }

  /// The same path (where a spec names it does not count).
  public static func == (lhs: FileReference, rhs: FileReference) -> Bool {
    lhs.path == rhs.path
  }
}

/// The empty state of OBAKit's lists: an icon, a title, a message and a button, centred.
public struct EmptyView: Equatable, Sendable {
  /// A Material icon (or file) above the text.
  public var icon: Icon?
  /// The headline.
  public var title: String?
  /// A longer explanation.
  public var message: String?
  /// A button label.
  public var button: String?
  /// The button's elevation in points (0: flat).
  public var elevation: Double = 0

  /// An empty view from its parts.
  public init(
    icon: Icon? = nil, title: String? = nil, message: String? = nil, button: String? = nil,
    elevation: Double = 0
  ) {
    self.icon = icon
    self.title = title
    self.message = message
    self.button = button
    self.elevation = elevation
  }
}

/// The pull-to-refresh indicator as it appears while pulling, or spinning while refreshing.
public struct RefreshControl: Equatable, Sendable {
  /// How far the pull has gone, 0...1; the arc grows with it and the content moves down.
  public var progress: Double
  /// Whether it is refreshing (the spinning state).
  public var refreshing: Bool
  /// Rotation of the spinning arc in degrees.
  public var angle: Double

  /// A refresh control from its parts.
  public init(progress: Double = 0, refreshing: Bool = false, angle: Double = 0) {
    self.progress = progress
    self.refreshing = refreshing
    self.angle = angle
  }
}

// MARK: Spec

/// A document written back in the spec's own format: `yaml()` and `json()` give text that
/// `listrender render` draws as the document draws, and `Codable` reads and writes the same
/// format through any coder (`JSONEncoder`, `JSONDecoder`, …). Fields at their defaults are
/// left out; colours are written as 8-bit hex; file paths as they are held (absolute after
/// decoding); a cell's `motion` (set by the animation timeline, never by a spec) is not written.
///
/// ```swift
/// let yaml = try inbox.yaml()
/// try yaml.write(to: URL(filePath: "inbox.yaml"), atomically: true, encoding: .utf8)
/// let same = try JSONDecoder().decode(ListDocument.self, from: JSONEncoder().encode(inbox))
/// ```
extension ListDocument: Codable {
  /// The document as a YAML spec.
  public func yaml() throws -> String { try Yams.serialize(node: specNode, sortKeys: false) }

  /// The document as a JSON spec (keys in the spec's order, two-space indents).
  public func json() -> String { SpecJSON.text(specNode) + "\n" }

  /// Writes the document in the spec format.
  public func encode(to encoder: any Encoder) throws {
    try SpecCoding.encode(specNode, to: encoder)
  }

  /// Reads a document in the spec format, with the spec's checks (relative paths are resolved
  /// against the current folder). Errors are ``SpecError``s naming the field path.
  public init(from decoder: any Decoder) throws {
    let node = try SpecCoding.node(from: decoder)
    self = try Self.decode(node: node, file: "<decoder>")
  }

  /// The document as a spec's YAML node tree.
  var specNode: Node { SpecWriter().document(self) }
}

/// One validation for every document, however it was made: decoded from YAML or JSON, built
/// in code, or changed after decoding. Every value is held to ``SpecLimits`` — the bounds the
/// decoder holds a spec to — so no document can hang or crash the renderer or make it
/// allocate without bound. The renderer runs it before laying anything out.
extension ListDocument {
  /// Checks every value against ``SpecLimits``; throws a ``SpecError`` naming the field path
  /// (`sections[0].arrangement`) of the first problem. Its file is `<document>`: a decoded spec
  /// has already been checked with file, line and column.
  ///
  /// ```swift
  /// var section = Section(cells: [Cell(.label(LabelCell(text: "Hi")))])
  /// section.arrangement = .columns(0)
  /// try ListDocument(sections: [section]).validate()
  /// // <document>: sections[0].arrangement.columns: 0 is out of range; expected 1...12
  /// ```
  public func validate() throws {
    _ = try validatedCharacters()
  }

  /// ``validate()``, and every character above ASCII the document's text holds, each once:
  /// what fonts the document needs.
  package func validatedCharacters() throws -> Set<Unicode.Scalar> {
    try validatedText().characters
  }

  /// ``validatedCharacters()``, and every language the text is shaped in: the canvas's and
  /// those labels give themselves (each reaches its own Noto Sans CJK face first).
  package func validatedText() throws -> DocumentText {
    var validator = Validator()
    try validator.check(self)
    return DocumentText(
      characters: validator.scalars, languages: validator.languages.union([canvas.language]),
      headerStyles: validator.headerStyles)
  }
}

/// What a document's text asks of the fonts: its characters above ASCII and its languages.
package struct DocumentText: Equatable, Sendable {
  /// Every character above ASCII, each once.
  package var characters: Set<Unicode.Scalar>
  /// Every language the text is shaped in (BCP 47 tags as the spec gives them), each once.
  package var languages: Set<String>
  /// The styles of the section headers (nil: a header in the brand's default style).
  package var headerStyles: Set<HeaderStyle?> = []

  /// Both documents' text.
  package func union(_ other: DocumentText) -> DocumentText {
    DocumentText(
      characters: characters.union(other.characters), languages: languages.union(other.languages),
      headerStyles: headerStyles.union(other.headerStyles))
  }
}

extension ListDocument {
  static func decodeDocument(_ reader: NodeReader) throws -> ListDocument {
    let object = try reader.object(SpecSchema.document)
    var document = ListDocument()
    document.marks.canvas = object.optional("canvas")?.location
    document.marks.scale = object.optional("canvas")?.peek("scale")?.location
    document.marks.safeArea = object.optional("canvas")?.peek("safeArea")?.location
    document.marks.sections = object.optional("sections")?.location
    if let field = object.optional("fonts") {
      document.fonts = try field.list(maxCount: SpecLimits.maxFonts).map { item in
        FileReference(path: try item.filePath(), location: item.location)
      }
    }
    if let field = object.optional("strings") {
      if reader.budget.isUpdateFile {
        throw field.error("an update file takes its spec's strings; name them there")
      }
      for item in try field.list(maxCount: SpecLimits.maxCatalogs) {
        document.strings.append(try item.filePath())
        document.marks.strings.append(item.location)
      }
    }
    if let canvas = object.optional("canvas") { document.canvas = try Canvas.decode(canvas) }
    // Colour tokens named in cells are read against this canvas's theme and brand.
    reader.budget.canvas = document.canvas
    if let field = object.optional("emptyView") {
      let empty = try field.object(SpecSchema.emptyView)
      if let mirror = empty.optional("mirrorInRTL"), empty.optional("icon") == nil {
        throw mirror.error("mirrorInRTL goes with the empty view's icon")
      }
      document.emptyView = EmptyView(
        icon: try empty.optional("icon").map {
          try decodeIcon($0, template: nil, mirror: empty.optional("mirrorInRTL"))
        },
        title: try empty.optional("title")?.string(),
        message: try empty.optional("message")?.string(),
        button: try empty.optional("button")?.string())
      document.emptyView?.elevation =
        try empty.optional("elevation")?.number(in: SpecLimits.elevationRange) ?? 0
    }
    if let field = object.optional("refreshControl") {
      let refresh = try field.object(SpecSchema.refreshControl)
      document.refreshControl = RefreshControl(
        progress: try refresh.optional("progress")?.number(in: SpecLimits.progressRange) ?? 0,
        refreshing: try refresh.optional("refreshing")?.bool() ?? false,
        angle: try refresh.optional("angle")?.number(in: SpecLimits.angleRange) ?? 0)
    }
    var cellCount = 0
    for sectionReader in try object.required("sections").list(maxCount: SpecLimits.maxSections) {
      let section = try decodeSection(sectionReader)
      cellCount += section.cells.count
      guard cellCount <= SpecLimits.maxCells else {
        throw sectionReader.error("the document has more than \(SpecLimits.maxCells) cells")
      }
      document.sections.append(section)
    }
    if let field = object.optional("animation") {
      document.animation = try decodeAnimation(field, sections: document.sections)
    }
    if let field = object.optional("ignore") {
      for item in try field.list(maxCount: SpecLimits.maxIgnorePatterns) {
        if case .mapping = item.node {
          let row = try item.object(SpecSchema.ignoreRow)
          document.ignore.append(.id(try row.required("id").string(allowEmpty: false)))
        } else {
          document.ignore.append(.path(try item.string(allowEmpty: false)))
        }
        document.marks.ignore.append(item.location)
      }
    }
    document.marks.specFiles = reader.budget.specFiles
    document.marks.colorNotes = reader.budget.colorNotes
    // An update file's keyed labels are put in a locale with the spec that names it.
    if !reader.budget.isUpdateFile { try document.resolveStrings() }
    return document
  }
}

extension SpecWriter {
  func document(_ document: ListDocument) -> Node {
    var pairs: Pairs = []
    if !document.fonts.isEmpty {
      pairs.append(("fonts", .sequence(.init(document.fonts.map { string($0.path) }))))
    }
    if !document.strings.isEmpty {
      pairs.append(("strings", .sequence(.init(document.strings.map { string($0) }))))
    }
    if let canvas = canvas(document.canvas) { pairs.append(("canvas", canvas)) }
    pairs.append(("sections", .sequence(.init(document.sections.map(section)))))
    if !document.ignore.isEmpty {
      pairs.append(
        (
          "ignore",
          .sequence(
            .init(
              document.ignore.map { pattern in
                switch pattern {
                case .path(let path): string(path)
                case .id(let id): map([("id", string(id))])
                }
              }))
        ))
    }
    if let empty = document.emptyView {
      var fields: Pairs = []
      if let icon = empty.icon { fields += [("icon", self.icon(icon))] + mirror(icon) }
      if let title = empty.title { fields.append(("title", string(title))) }
      if let message = empty.message { fields.append(("message", string(message))) }
      if let button = empty.button { fields.append(("button", string(button))) }
      if empty.elevation != 0 { fields.append(("elevation", number(empty.elevation))) }
      pairs.append(("emptyView", map(fields)))
    }
    if let refresh = document.refreshControl {
      pairs.append(
        (
          "refreshControl",
          map([
            ("progress", number(refresh.progress)), ("refreshing", bool(refresh.refreshing)),
            ("angle", number(refresh.angle)),
          ])
        ))
    }
    if let animation = document.animation { pairs.append(("animation", self.animation(animation))) }
    return map(pairs)
  }
}

extension Validator {
  mutating func check(_ document: ListDocument) throws {
    guard document.fonts.count <= SpecLimits.maxFonts else {
      throw fail(
        "has \(document.fonts.count) items; at most \(SpecLimits.maxFonts) are allowed", at: "fonts"
      )
    }
    for (index, font) in document.fonts.enumerated() where font.path.isEmpty {
      throw fail("is empty; expected a font file's path", at: "fonts[\(index)]")
    }
    try inside("canvas") { try $0.canvas(document.canvas) }
    if let empty = document.emptyView {
      try inside("emptyView") { v in
        try v.icon(empty.icon, "icon")
        try v.string(empty.title, "title")
        try v.string(empty.message, "message")
        try v.string(empty.button, "button")
        try v.number(empty.elevation, SpecLimits.elevationRange, "elevation")
      }
    }
    if let refresh = document.refreshControl {
      try inside("refreshControl") { v in
        try v.number(refresh.progress, SpecLimits.progressRange, "progress")
        try v.number(refresh.angle, SpecLimits.angleRange, "angle")
      }
    }
    try sections(document.sections, "sections")
    if let animation = document.animation {
      try inside("animation") { try $0.animation(animation, sections: document.sections) }
    }
  }
}
