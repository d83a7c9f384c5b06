// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "assetc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "assetc", targets: ["assetc"]),
        .library(name: "AssetKit", targets: ["AssetKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // One system-library module per C library; each is wrapped by exactly one Swift file in AssetKit.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // zlib (inside libpng) is an order of magnitude slower than libdeflate at the same ratio on
        // rendered artwork; the shim deflates IDAT with libdeflate and lets libpng frame the chunks.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        // libpng reports errors with longjmp, which Swift cannot survive; this small C target keeps
        // every setjmp and turns failures into return codes. It also filters rows and deflates IDAT.
        .target(name: "PNGShim", dependencies: ["CPNG", "CDeflate"]),
        .target(name: "AssetKit", dependencies: ["CPoppler", "CCairo", "PNGShim"]),
        .executableTarget(name: "assetc", dependencies: [
            "AssetKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libFuzzer targets (`make fuzz`); a plain build makes a replay tool for crash files.
        .executableTarget(name: "assetc-fuzz", dependencies: ["AssetKit"], path: "Fuzz"),
        .testTarget(name: "AssetKitTests", dependencies: ["AssetKit"]),
        .testTarget(name: "EndToEndTests", dependencies: ["AssetKit"]),
    ]
)
