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

  /// The mode named by `LISTRENDER_RECORD` (`1` means `failed`); `never` when unset.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> RecordMode {
    guard let value = environment["LISTRENDER_RECORD"], !value.isEmpty else { return .never }
    if value == "1" || value == "true" { return .failed }
    return RecordMode(rawValue: value) ?? .never
  }
}
