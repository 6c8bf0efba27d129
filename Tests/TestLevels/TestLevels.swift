import Testing

// The levels of the test suite, as Swift Testing tags: every suite carries the level of what it
// runs, so that a level can be chosen in an IDE or a report, and `make test-fast` runs the unit
// level (the targets that hold only `.unit` suites). A test in ListModelTests holds every
// suite's tag to its target's level.
extension Tag {
  /// Pure code: the model, codecs, string catalogs, layout with the fixed-advance measurer.
  /// Nothing is drawn, no binary runs; the whole level takes seconds.
  @Tag package static var unit: Self
  /// Real Pango measuring and Cairo painting: the renderer, goldens, the suite as a library.
  @Tag package static var render: Self
  /// The `listrender` binary run as a user runs it.
  @Tag package static var cli: Self
  /// Debian's Chromium drawing the report or a shadow, headless.
  @Tag package static var browser: Self
  /// A real Bazel running `verify` as a sharded test.
  @Tag package static var bazel: Self
}
