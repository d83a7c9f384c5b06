// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "assetc",
    // Linux (Debian 12) is where assetc is built and tested. The sources also compile for macOS 15
    // (conditional imports; `Atomic` needs 15), but no macOS build is tested: docs/architecture.md.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "assetc", targets: ["assetc"]),
        .library(name: "AssetKit", targets: ["AssetKit"]),
        // Runs assetc at build time in a Swift package and makes the PNGs the target's resources.
        .plugin(name: "AssetcPlugin", targets: ["AssetcPlugin"]),
        // The runtime half: apps link this (Foundation only) to find images through the shipped table.
        .library(name: "AssetResolver", targets: ["AssetResolver"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // One system-library module per C library; each is wrapped by exactly one Swift file in Rendering.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // librsvg's API is declared in the shim (its header brings GIO's `-pthread`, which SwiftPM
        // warns about in every dependent package's build); cairo-gobject gives cairo's and GLib's paths.
        .systemLibrary(name: "CRSVG", pkgConfig: "cairo-gobject",
                       providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // zlib (inside libpng) is an order of magnitude slower than libdeflate at the same ratio on
        // rendered artwork; the shim deflates IDAT with libdeflate and lets libpng frame the chunks.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        // SHA-256 of sources, outputs and cars (cache keys, the state, reuse checks): nettle uses the
        // CPU's SHA instructions, 4-5x GLib's rate here (docs/performance.md).
        .systemLibrary(name: "CNettle", pkgConfig: "nettle",
                       providers: [.apt(["nettle-dev"])]),
        // WebP sources (and WebP bytes behind a .png name, which Xcode reads through ImageIO).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        // HEIC sources (Xcode reads them through ImageIO).
        .systemLibrary(name: "CHeif", pkgConfig: "libheif",
                       providers: [.apt(["libheif-dev"])]),
        // JPEG pixels where a JPEG must be drawn, not copied: a tvOS or visionOS icon layer, whose
        // flattened image is drawn from every layer (TurboJPEG's API reports errors by return code).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        // Little CMS: a source tagged with another colour space (Display P3, a gamma) is converted
        // to sRGB for Assets.car, whose bitmaps assetc stores as sRGB, rather than relabelled.
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"])]),
        // qpdf: content streams out of a PDF and back in, for the repair of operators Poppler
        // would abandon a page on (Rendering/ContentStreamRepair.swift).
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf",
                       providers: [.apt(["libqpdf-dev"])]),
        // libxml2: custom symbol templates are read as XML (their groups, guides and paths), which
        // librsvg, a renderer, does not expose (Rendering/XMLReader.swift).
        .systemLibrary(name: "CXML", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // libpng reports errors with longjmp, which Swift cannot survive; this small C target keeps
        // every setjmp and turns failures into return codes. It also filters rows and deflates IDAT.
        // The PNG encoder in C: libpng's setjmp, the pixel scan, row filters, libdeflate, and
        // runflate (assetc's own run-aware deflate encoder, used by `--png-effort max`).
        .target(name: "PNGShim", dependencies: ["CPNG", "CDeflate"], linkerSettings: [.linkedLibrary("m")]),
        // The pipeline, one target per stage, so the compiler keeps data flowing one way
        // (docs/architecture.md draws the graph):
        // values and limits; the platform layer; inputs; planning; rendering and encoding (the only
        // target that sees the C libraries); the output transaction and its writers; reports; façade.
        .target(name: "AssetModel"),
        // Needs only Foundation and nothing of assetc: apps link it (docs/runtime.md).
        .target(name: "AssetResolver"),
        .target(name: "AssetPlatform", dependencies: ["AssetModel"]),
        .target(name: "ManifestInput", dependencies: ["AssetModel"]),
        // The second input kind: Xcode asset catalogs, walked as Xcode does (docs/catalogs.md).
        .target(name: "CatalogInput", dependencies: ["AssetModel", "AssetPlatform"]),
        .target(name: "Planning", dependencies: ["AssetModel"]),
        .target(name: "Rendering", dependencies: ["AssetModel", "AssetPlatform", "CPoppler", "CCairo", "CRSVG", "CFontconfig", "CWebP", "CHeif", "CTurboJPEG", "CLCMS", "CQPDF", "CXML", "CNettle", "PNGShim"]),
        .target(name: "Output", dependencies: ["AssetModel", "AssetPlatform"]),
        .target(name: "Reports", dependencies: ["AssetModel"]),
        // Assets.car: a BOM store of CoreUI renditions, from pixels the façade decodes (pure Swift).
        .target(name: "CompiledCatalog", dependencies: ["AssetModel"]),
        // The car's assembly stage: renditions from the plan's records and the build's PNGs, each
        // copied from the last car or decoded (through Rendering) and encoded; hands the writer one value.
        .target(name: "CarAssembly", dependencies: ["AssetModel", "Rendering", "CompiledCatalog"]),
        // Generated accessors (`--swift`) from a plan; pure.
        .target(name: "CodeGeneration", dependencies: ["AssetModel", "AssetResolver"]),
        .target(name: "AssetKit", dependencies: [
            "AssetModel", "AssetPlatform", "ManifestInput", "CatalogInput", "Planning", "Rendering", "Output", "Reports",
            "AssetResolver", "CodeGeneration", "CompiledCatalog", "CarAssembly",
        ]),
        .executableTarget(name: "assetc", dependencies: [
            "AssetKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .plugin(name: "AssetcPlugin", capability: .buildTool(), dependencies: ["assetc"]),
        // libFuzzer targets (`make fuzz`); a plain build makes a replay tool for crash files.
        .executableTarget(name: "assetc-fuzz", dependencies: ["AssetKit", "ManifestInput", "Rendering"], path: "Fuzz"),
        // `make bench`'s micro-benchmark of the one JSON encoder and decoder (ns per entry as n grows).
        .executableTarget(name: "assetc-encoder-bench", dependencies: ["AssetModel"], path: "Benchmarks/encoder"),
        // Marked-text positions (`1️⃣`) shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Counts the malloc calls and bytes of the calling thread, for growth tests that count
        // operations rather than seconds.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // Unit tests of each stage (inputs, planning, formats, the C layer's limits), without the binary.
        .testTarget(name: "StageTests", dependencies: [
            "TestSupport", "AllocationCounter", "AssetModel", "AssetPlatform", "ManifestInput", "CatalogInput", "Planning", "Rendering", "Output", "AssetResolver",
            "CompiledCatalog", "Reports", "CodeGeneration", "CarAssembly",
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "AssetKit", "AssetPlatform", "Rendering", "CWebP", "CHeif", "CTurboJPEG"]),
    ]
)
