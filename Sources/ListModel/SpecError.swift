/// A problem with a spec file: where it is (file, line, column, field path) and what is wrong.
///
/// ```swift
/// do { _ = try ListDocument.load(path: "list.yaml") } catch let error as SpecError {
///   print(error)  // list.yaml:4:12: sections[0].cells[1].title: expected a string, found a mapping
/// }
/// ```
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The spec file's path as given, or `<inline>` for text that came from no file.
  public var file: String
  /// 1-based line of the offending node, when known.
  public var line: Int?
  /// 1-based column of the offending node, when known.
  public var column: Int?
  /// The field path, such as `sections[1].cells[3].title`; empty for the document itself.
  public var path: String
  /// What is wrong, in a sentence without a trailing full stop.
  public var message: String

  /// Creates an error; every decoding failure goes through this one shape.
  public init(file: String, line: Int?, column: Int?, path: String, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.path = path
    self.message = message
  }

  /// `file:line:column: path: message`, the form editors and terminals link to.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
  }
}
