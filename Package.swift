// swift-tools-version: 6.2
import PackageDescription

/// Our own targets treat every warning as an error; dependencies are left alone.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "ListRender",
  products: [
    .library(name: "ListRender", targets: ["ListRender"]),
    .library(name: "GoldenImage", targets: ["GoldenImage"]),
    .library(name: "GoldenTesting", targets: ["GoldenTesting"]),
    .library(name: "GoldenXCTest", targets: ["GoldenXCTest"]),
    .library(name: "GoldenSuite", targets: ["GoldenSuite"]),
    .executable(name: "listrender", targets: ["ListRenderCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.2.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CPangoCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
    ),
    // librsvg and gdk-pixbuf are loaded on first use (see its shim.h), not linked.
    .systemLibrary(name: "CImageLoaders"),
    .systemLibrary(
      name: "CCodecs",
      pkgConfig: "libpng",
      providers: [
        .apt(["libpng-dev", "libdeflate-dev", "libgif-dev", "libimagequant-dev", "libwebp-dev"])
      ]
    ),
    // ICU's line breaking, behind a header of plain C types (ICU's own headers clash with the
    // ICU inside Foundation in a Swift module). ICU is opened on first use, not linked. Also
    // libthai's line breaking, answered with ICU's breaks (see its thai_breaks.c): libthai is
    // named to the linker so that an executable exports the four functions in its place.
    .target(name: "CLineBreaks", linkerSettings: [.linkedLibrary("thai")]),
    // The executable's own g_thread_new: Pango's fontconfig jobs run on the thread that asks
    // for them (see its pango_threads.c). Only the CLI links it; the library leaves a host
    // process's GLib alone.
    .target(name: "CPangoThreads", dependencies: ["CPangoCairo"]),
    // Pango cairo fonts' metrics without the two sample layouts Pango makes for each font and
    // language (see its pango_metrics.c); installed by every FontSystem, so that the library
    // and the CLI break lines alike.
    .target(name: "CPangoMetrics", dependencies: ["CPangoCairo"]),
    // Colour emoji without the grey copy of each glyph that cairo makes and never draws (see
    // its color_glyphs.c): FreeType is named to the linker so that an executable exports this
    // target's FT_Load_Glyph in place of FreeType's.
    .target(
      name: "CColorGlyphs", dependencies: ["CPangoCairo"],
      linkerSettings: [.linkedLibrary("freetype")]),
    // ICU's CLDR plural rules and number formats, behind plain C types as CLineBreaks (and
    // opened on first use as there).
    .target(name: "CPluralRules"),
    // File input and output: files read from untrusted hands (size-checked, never blocking),
    // outputs written all or none (exclusive temporary files, links followed, signals undone).
    // No codec: the spec model reads and writes files without linking an image library.
    // SHA-256 from Nettle.
    .systemLibrary(name: "CDigest", providers: [.apt(["nettle-dev"])]),
    .target(name: "FileIO", swiftSettings: strict),
    // String catalogs (Apple .xcstrings, Android res/ folders) read as untrusted files, with
    // each locale's plural rules.
    .target(
      name: "StringCatalogs", dependencies: ["FileIO", "CPluralRules"], swiftSettings: strict),
    // A catalog's keys drawn as lists, one a locale, with a verdict for each key and form.
    .target(
      name: "Localization", dependencies: ["ListRender", "StringCatalogs", "FileIO"],
      swiftSettings: strict),
    // MisticaTokenTables.swift (here) and ListLayout's MisticaSkins.swift are written by
    // GenerateSkins (`make skins`) from Telefonica/mistica-design's token files, read by
    // ListModel's own reader.
    .target(
      name: "ListModel", dependencies: ["Yams", "FileIO", "CLineBreaks", "StringCatalogs"],
      swiftSettings: strict),
    .target(
      name: "ListLayout", dependencies: ["ListModel", "StringCatalogs", "FileIO"],
      swiftSettings: strict),
    .executableTarget(
      name: "GenerateSkins", dependencies: ["ListModel", "ListLayout"], swiftSettings: strict),
    // The fast PNG encoder's filters and Huffman coding (fpnge's way), in C for its vector code.
    .target(name: "CFastPNG"),
    .target(
      name: "ImageCodec", dependencies: ["CCodecs", "CFastPNG", "FileIO"], swiftSettings: strict),
    .target(
      name: "ListPainter",
      dependencies: [
        "ListLayout", "ImageCodec", "FileIO", "CPangoCairo", "CImageLoaders", "CLineBreaks",
        "CPangoMetrics", "CColorGlyphs",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "GoldenImage", dependencies: ["ImageCodec", "FileIO", "CDigest"], swiftSettings: strict),
    .target(
      name: "ListRender",
      dependencies: ["ListModel", "ListLayout", "ListPainter", "ImageCodec", "FileIO"],
      swiftSettings: strict
    ),
    // Golden strategies of documents (image, layout, accessibility, animation) and the caption
    // strips of failure panels: what binds the renderer to the golden library, on the testing
    // side, so that a user who only renders links no comparison code.
    .target(
      name: "ListGoldens", dependencies: ["ListRender", "GoldenImage"], swiftSettings: strict),
    // Running a folder of fixtures against goldens: shards, variants, filters, JUnit/JSON and
    // the HTML report, and the failures a run ends with (`CommandFailure`, exit statuses); and
    // the work of the commands that check or convert (audit, accept, diff, doctor, tokens
    // diff, goldens). Each command of the CLI is its options and one call into a library; what
    // they say on the terminal (progress bars, phase timings) is FileIO's.
    .target(
      name: "GoldenSuite",
      dependencies: [
        "ListRender", "ListModel", "ListLayout", "ImageCodec", "FileIO", "GoldenImage",
        "ListGoldens", "StringCatalogs",
      ],
      // The HTML report's style sheet and script: files here, bytes in the binary.
      resources: [.embedInCode("Resources/report.css"), .embedInCode("Resources/report.js")],
      swiftSettings: strict),
    // Test support for package users: XCTest and Swift Testing helpers. The CLI does not link it.
    .target(
      name: "GoldenTesting",
      dependencies: ["ListRender", "GoldenImage", "ListGoldens", "FileIO"],
      swiftSettings: strict),
    .target(
      name: "GoldenXCTest",
      dependencies: ["GoldenTesting", "ListRender", "GoldenImage", "ListGoldens"],
      swiftSettings: strict),
    // The executable's module is not called `listrender` so that it cannot collide with
    // `ListRender` on case-insensitive file systems; the product (the binary) keeps the name.
    .executableTarget(
      name: "ListRenderCLI",
      // The modules it uses are named directly (not only through ListRender's re-exports) so
      // that incremental builds see their changes.
      dependencies: [
        "ListRender", "ListModel", "ListLayout", "ListPainter", "ImageCodec", "FileIO",
        "GoldenImage", "GoldenSuite", "ListGoldens", "CPangoThreads", "Localization",
        "StringCatalogs",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DownstreamTests",
      dependencies: ["TestLevels", "ListRender", "GoldenTesting", "GoldenXCTest", "GoldenSuite"],
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    // The suite's levels as Swift Testing tags (.unit, .render, .cli, .browser, .bazel).
    .target(name: "TestLevels", path: "Tests/TestLevels", swiftSettings: strict),
    // What every test target shares: paths, running the binary, Chromium screenshots, sample
    // documents. No renderer: the model's and the layout's tests link only their module.
    .target(
      name: "TestSupport", dependencies: ["ListModel"], path: "Tests/TestSupport",
      swiftSettings: strict),
    // What the tests above the layout share: layout with the real renderer, the strict golden
    // check (re-exports TestSupport).
    .target(
      name: "RenderTestSupport", dependencies: ["ListRender", "GoldenImage", "TestSupport"],
      path: "Tests/RenderTestSupport", swiftSettings: strict),
    // Tests by level: the unit targets by module, each linking the module it tests and no
    // renderer; RenderingTests the renderer (real Pango and Cairo) through its façade;
    // GoldenTests the golden library and the suite; CLITests the binary (the only target that
    // runs it); DownstreamTests the package as a dependent uses it.
    .testTarget(
      name: "ListModelTests", dependencies: ["TestLevels", "ListModel", "TestSupport", "Yams"],
      swiftSettings: strict),
    .testTarget(
      name: "ImageCodecTests", dependencies: ["TestLevels", "ImageCodec", "CFastPNG", "FileIO"],
      swiftSettings: strict),
    .testTarget(
      name: "StringCatalogsTests", dependencies: ["TestLevels", "StringCatalogs", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "ListLayoutTests",
      dependencies: ["TestLevels", "ListLayout", "ListModel", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "TestLevels",
        "ListRender", "ListPainter", "ImageCodec", "FileIO", "GoldenImage", "RenderTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "GoldenTests",
      dependencies: [
        "TestLevels",
        "ListRender", "GoldenImage", "ListGoldens", "GoldenSuite", "GoldenTesting", "GoldenXCTest",
        "RenderTestSupport", "FileIO",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "TestLevels",
        "ListRender", "ListModel", "ListRenderCLI", "GoldenImage", "ImageCodec", "FileIO",
        "RenderTestSupport",
        "StringCatalogs",
      ],
      // A Bazel workspace kept as test data (BazelTests copies it next to the binary).
      exclude: ["Bazel"],
      swiftSettings: strict),
  ]
)
