import ArgumentParser
import AssetKit

/// `assetc version [--toolchain]`: the version, and with `--toolchain` the libraries and font set
/// a render depends on and the fingerprint every cache key includes.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print assetc's version; with --toolchain, the render libraries, font set and fingerprint.")

    @Flag(help: "Also print the versions of Poppler, Cairo, librsvg, libpng, libdeflate and fontconfig, the font set's hash and the fingerprint.")
    var toolchain = false

    func run() {
        print("assetc \(AssetcVersion.current)")
        if toolchain {
            for line in RenderService.toolchainDescription() { print(line) }
        }
    }
}
