import Foundation

/// When a golden file may be written instead of compared.
public enum RecordMode: String, CaseIterable, Sendable {
  /// Compare only: a missing golden is a failure. `make test` and CI use this.
  case never
  /// Write goldens that do not exist yet; compare the rest.
  case missing
  /// Write goldens that are missing or fail the comparison.
  case failed
  /// Write every golden.
  case all

  /// The mode named by `LISTRENDER_RECORD` (`1` or `true` mean `failed`); `never` when unset
  /// or empty.
  /// - Throws: ``RecordModeError`` for any other value (a typo must not silently mean
  ///   `never`).
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> RecordMode {
    guard let value = environment["LISTRENDER_RECORD"], !value.isEmpty else { return .never }
    if value == "1" || value == "true" { return .failed }
    guard let mode = RecordMode(rawValue: value) else { throw RecordModeError(value: value) }
    return mode
  }
}

/// `LISTRENDER_RECORD` holds a value that is no record mode.
public struct RecordModeError: Error, CustomStringConvertible {
  /// The value found.
  public var value: String

  /// What is wrong, naming the accepted values.
  public var description: String {
    "LISTRENDER_RECORD=\(value) is not a record mode; use never, missing, failed or all (1 or true mean failed)"
  }
}
