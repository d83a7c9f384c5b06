// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "SBAssets",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Gallery", targets: ["Gallery"])],
    targets: [
        .target(name: "Gallery", resources: [.process("Media.xcassets")]),
    ]
)
