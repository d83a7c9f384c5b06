import ArgumentParser
import AssetKit

/// `assetc init`: a starting manifest for the PDFs, SVGs, PNGs and catalogs under this folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting assets.json for the PDFs, SVGs, PNGs and .xcassets catalogs under the manifest's folder.")

    @Option(name: .shortAndLong, help: "The manifest to write; the artwork is looked for in its folder, and its paths are relative to it.")
    var output = "assets.json"

    @Flag(help: "Replace an existing manifest.")
    var force = false

    func run() throws {
        let found = ProjectScaffold.scaffold(forManifestAt: output)
        do throws(BuildFailure) {
            try ProjectScaffold.writeScaffold(found.text, to: output, replacing: force)
        } catch {
            throw ExitCode(Console.exit(for: error))
        }
        Console.info("assetc: wrote \(output) with \(found.images) image\(found.images == 1 ? "" : "s") and \(found.catalogs) catalog\(found.catalogs == 1 ? "" : "s"); check it with `assetc check \(output)`")
    }
}
