// swift-tools-version:6.0
import PackageDescription

// A small package whose `swift build` runs assetc through its build-tool plugin: the PNGs rendered
// from Sources/DemoAssets/assets.json become DemoAssets' resources (Bundle.module).
let package = Package(
    name: "PluginDemo",
    dependencies: [
        .package(name: "assetc", path: "../.."),
    ],
    targets: [
        // The manifest, the art and the plan are inputs of the plugin, not resources themselves.
        .target(name: "DemoAssets", exclude: ["assets.json", "art", "assets_plan"],
                plugins: [.plugin(name: "AssetcPlugin", package: "assetc")]),
        .executableTarget(name: "Demo", dependencies: ["DemoAssets"]),
    ]
)
