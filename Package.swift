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
      providers: [.apt(["libpng-dev", "libgif-dev", "libimagequant-dev"])]
    ),
    .target(name: "ListModel", dependencies: ["Yams"], swiftSettings: strict),
    .target(name: "ListLayout", dependencies: ["ListModel"], swiftSettings: strict),
    .target(name: "ImageCodec", dependencies: ["CCodecs"], swiftSettings: strict),
    .target(
      name: "ListPainter",
      dependencies: ["ListLayout", "ImageCodec", "CPangoCairo", "CImageLoaders"],
      swiftSettings: strict
    ),
    .target(name: "GoldenImage", dependencies: ["ImageCodec"], swiftSettings: strict),
    .target(
      name: "ListRender",
      dependencies: ["ListModel", "ListLayout", "ListPainter", "ImageCodec", "GoldenImage"],
      swiftSettings: strict
    ),
    // Test support for package users: XCTest and Swift Testing helpers. The CLI does not link it.
    .target(
      name: "GoldenTesting", dependencies: ["ListRender", "GoldenImage"], swiftSettings: strict),
    .target(
      name: "GoldenXCTest", dependencies: ["GoldenTesting", "ListRender", "GoldenImage"],
      swiftSettings: strict),
    // The executable's module is not called `listrender` so that it cannot collide with
    // `ListRender` on case-insensitive file systems; the product (the binary) keeps the name.
    .executableTarget(
      name: "ListRenderCLI",
      // The modules it uses are named directly (not only through ListRender's re-exports) so
      // that incremental builds see their changes.
      dependencies: [
        "ListRender", "ListModel", "ListLayout", "ListPainter", "ImageCodec", "GoldenImage",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DownstreamTests",
      dependencies: ["ListRender", "GoldenTesting", "GoldenXCTest"],
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ListRenderTests",
      dependencies: [
        "ListRender", "ListRenderCLI", "GoldenTesting", "GoldenXCTest", "ListPainter",
      ],
      swiftSettings: strict
    ),
  ]
)
