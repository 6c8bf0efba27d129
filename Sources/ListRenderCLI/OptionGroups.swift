import ArgumentParser
import ListModel

/// `--allow-path`: every command that reads a spec takes it alike.
struct PathOptions: ParsableArguments {
  @Option(
    name: .customLong("allow-path"),
    help:
      "Also let specs read files under this folder (repeatable; default: only their own folder)."
  )
  var allowedFolders: [String] = []
}

/// `--scale` and `--width`, overriding the canvas's, each checked against the spec's range.
struct CanvasOptions: ParsableArguments {
  @Option(help: "Device pixels per point, overriding canvas.scale (\(SpecLimits.scaleRange.text)).")
  var scale: Double?

  @Option(help: "Canvas width in points, overriding canvas.width (\(SpecLimits.widthRange.text)).")
  var width: Double?

  func validate() throws {
    try require(scale, in: SpecLimits.scaleRange, option: "scale")
    try require(width, in: SpecLimits.widthRange, option: "width")
  }
}
