import Foundation

/// When a golden file may be written instead of compared.
public enum RecordMode: String, CaseIterable, Sendable {
  /// Compare only: a missing golden is a failure. `make test` and CI use this.
  case never
  /// Write goldens that do not exist yet; compare the rest.
  case missing
  /// Write goldens that are missing or differ.
  case failed
  /// Write every golden.
  case all

  /// The mode named by `LISTRENDER_RECORD` (`1` means `failed`); `never` when unset.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> RecordMode
  {
    guard let value = environment["LISTRENDER_RECORD"], !value.isEmpty else { return .never }
    if value == "1" || value == "true" { return .failed }
    return RecordMode(rawValue: value) ?? .never
  }
}

/// The outcome of checking bytes against a golden file.
public enum GoldenOutcome: Equatable, Sendable {
  /// The bytes equal the golden.
  case matched
  /// The golden was written (it was missing, or differed and the mode allowed it).
  case recorded
  /// No golden exists and the mode does not record.
  case missing
  /// The golden exists and differs.
  case differs
}

/// Byte-for-byte golden files with record modes.
///
/// ```swift
/// let outcome = try GoldenFile.verify(png, at: "Golden/rows/title-only.png", mode: .never)
/// ```
public enum GoldenFile {
  /// Compares `bytes` with the file at `path`, writing it when `mode` says so.
  public static func verify(_ bytes: [UInt8], at path: String, mode: RecordMode) throws
    -> GoldenOutcome
  {
    guard let existing = FileManager.default.contents(atPath: path) else {
      guard mode != .never else { return .missing }
      try AtomicFile.write(bytes, to: path)
      return .recorded
    }
    if mode == .all || (mode == .failed && [UInt8](existing) != bytes) {
      try AtomicFile.write(bytes, to: path)
      return .recorded
    }
    return [UInt8](existing) == bytes ? .matched : .differs
  }
}
