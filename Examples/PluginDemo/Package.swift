// swift-tools-version:6.0
import PackageDescription

// A small package whose `swift build` runs assetc through its build-tool plugin: the tree rendered
// from Sources/DemoAssets/assets.json (a manifest image and a catalog with namespace folders and a
// dark colour) becomes DemoAssets' resources (Bundle.module) and the generated accessors part of
// its sources. No step to run by hand after an edit.
let package = Package(
    name: "PluginDemo",
    dependencies: [
        .package(name: "assetc", path: "../.."),
    ],
    targets: [
        // The manifest, the catalog and the art are inputs of the plugin, not resources themselves;
        // the generated accessors import AssetResolver.
        .target(name: "DemoAssets", dependencies: [.product(name: "AssetResolver", package: "assetc")],
                exclude: ["assets.json", "art", "Media.xcassets"],
                plugins: [.plugin(name: "AssetcPlugin", package: "assetc")]),
        // Its manifest asks for a car: Assets.car at the top of the target's resource bundle, for
        // UIKit and SwiftUI lookups in Bundle.module on a device (docs/integration.md).
        .target(name: "DemoCarAssets", dependencies: [.product(name: "AssetResolver", package: "assetc")],
                exclude: ["assets.json", "Media.xcassets", "LICENSES.md"],
                plugins: [.plugin(name: "AssetcPlugin", package: "assetc")]),
        .executableTarget(name: "Demo", dependencies: ["DemoAssets", .product(name: "AssetResolver", package: "assetc")]),
    ]
)
