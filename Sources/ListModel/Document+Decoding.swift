import Foundation
import Yams

extension ListDocument {
  /// Reads and decodes a YAML or JSON spec file (JSON is YAML: one decoder serves both).
  ///
  /// ```swift
  /// let document = try ListDocument.load(path: "Fixtures/rows/title-only.yaml")
  /// ```
  /// - Throws: ``SpecError`` naming the file, line, column and field path.
  public static func load(path: String) throws -> ListDocument {
    let fail = { (message: String) in
      SpecError(file: path, line: nil, column: nil, path: "", message: message)
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw fail("cannot read the file (missing or unreadable)")
    }
    defer { try? handle.close() }
    // Read one byte past the limit so an oversized file is detected without reading all of it.
    let data = (try? handle.read(upToCount: SpecLimits.maxFileBytes + 1)) ?? Data()
    guard data.count <= SpecLimits.maxFileBytes else {
      throw fail("the file is larger than \(SpecLimits.maxFileBytes) bytes")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw fail("the file is not UTF-8 text")
    }
    return try decode(yaml: text, file: path)
  }

  /// Decodes a spec from YAML or JSON text; `file` names it in errors.
  /// - Throws: ``SpecError``.
  public static func decode(yaml text: String, file: String = "<inline>") throws -> ListDocument {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw specError(from: error, file: file)
    }
    guard let root else {
      throw SpecError(file: file, line: nil, column: nil, path: "", message: "the spec is empty")
    }
    return try decodeDocument(NodeReader(node: root, path: "", file: file))
  }

  private static func specError(from error: YamlError, file: String) -> SpecError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return SpecError(
        file: file, line: mark.line, column: mark.column, path: "",
        message: "not valid YAML or JSON: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return SpecError(
        file: file, line: context.mark.line, column: context.mark.column, path: "",
        message: "duplicate keys: \(duplicates.joined(separator: ", "))")
    default:
      return SpecError(
        file: file, line: nil, column: nil, path: "", message: "not valid YAML or JSON: \(error)")
    }
  }

  private static func decodeDocument(_ reader: NodeReader) throws -> ListDocument {
    let object = try reader.object(allowed: ["canvas", "sections"])
    var document = ListDocument()
    if let canvas = object.optional("canvas") { document.canvas = try decodeCanvas(canvas) }
    var cellCount = 0
    for sectionReader in try object.required("sections").list(maxCount: SpecLimits.maxSections) {
      let section = try decodeSection(sectionReader)
      cellCount += section.cells.count
      guard cellCount <= SpecLimits.maxCells else {
        throw sectionReader.error("the document has more than \(SpecLimits.maxCells) cells")
      }
      document.sections.append(section)
    }
    return document
  }

  private static func decodeCanvas(_ reader: NodeReader) throws -> Canvas {
    let object = try reader.object(allowed: [
      "width", "scale", "theme", "appearance", "direction", "contentSize", "safeArea", "background",
    ])
    var canvas = Canvas()
    if let field = object.optional("width") {
      canvas.width = try field.number(in: SpecLimits.widthRange)
    }
    if let field = object.optional("scale") {
      canvas.scale = try field.number(in: SpecLimits.scaleRange)
    }
    if let field = object.optional("theme") { canvas.theme = try field.enumeration(ThemeName.self) }
    if let field = object.optional("appearance") {
      canvas.appearance = try field.enumeration(Appearance.self)
    }
    if let field = object.optional("direction") {
      canvas.direction = try field.enumeration(LayoutDirection.self)
    }
    if let field = object.optional("contentSize") {
      canvas.contentSize = try field.enumeration(ContentSizeCategory.self)
    }
    if let field = object.optional("safeArea") { canvas.safeArea = try decodeInsets(field) }
    if let field = object.optional("background") { canvas.background = try field.color() }
    return canvas
  }

  private static func decodeInsets(_ reader: NodeReader) throws -> EdgeInsets {
    let object = try reader.object(allowed: ["top", "leading", "bottom", "trailing"])
    func side(_ key: String) throws -> Double {
      try object.optional(key)?.number(in: SpecLimits.insetRange) ?? 0
    }
    return EdgeInsets(
      top: try side("top"), leading: try side("leading"), bottom: try side("bottom"),
      trailing: try side("trailing"))
  }

  private static func decodeSection(_ reader: NodeReader) throws -> Section {
    let object = try reader.object(allowed: ["cells"])
    let cells = try object.required("cells").list(maxCount: SpecLimits.maxCells).map(decodeCell)
    return Section(cells: cells)
  }

  private static func decodeCell(_ reader: NodeReader) throws -> Cell {
    let object = try reader.object(allowed: ["style", "title", "subtitle", "description"])
    return Cell(
      style: try object.optional("style")?.enumeration(CellStyle.self) ?? .fullWidth,
      title: try decodeLabel(object.required("title"), allowEmpty: false),
      subtitle: try object.optional("subtitle").map { try decodeLabel($0) },
      description: try object.optional("description").map { try decodeLabel($0) })
  }

  /// A string, or `{ text, maxLines }`.
  private static func decodeLabel(_ reader: NodeReader, allowEmpty: Bool = true) throws -> Label {
    guard case .mapping = reader.node else {
      return Label(try reader.string(allowEmpty: allowEmpty))
    }
    let object = try reader.object(allowed: ["text", "maxLines"])
    return Label(
      try object.required("text").string(allowEmpty: allowEmpty),
      maxLines: try object.optional("maxLines")?.integer(in: SpecLimits.maxLinesRange))
  }
}
