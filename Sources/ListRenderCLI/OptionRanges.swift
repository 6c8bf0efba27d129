import ArgumentParser
import ListModel

/// The bounds of the numeric options that the spec does not bound itself. Each check and its
/// message (and each option's help) reads the range from here or from ``SpecLimits``, so the
/// text cannot drift from the limit.
enum OptionRange {
  /// Worker threads of `render --threads` and `verify --jobs`.
  static let workers: ClosedRange<Double> = 1...64
  /// Thresholds, opacities and ratios.
  static let unit: ClosedRange<Double> = 0...1
}

/// Throws a validation error naming the option and its range when `value` is outside it.
func require(_ value: Double?, in range: ClosedRange<Double>, option: String) throws {
  // NaN is in no range (it fails `contains`), and neither is infinity.
  guard let value, !range.contains(value) || !value.isFinite else { return }
  throw ValidationError("--\(option) must be within \(range.text)")
}

/// Integer options, checked against the same ranges.
func require(_ value: Int?, in range: ClosedRange<Double>, option: String) throws {
  try require(value.map(Double.init), in: range, option: option)
}
