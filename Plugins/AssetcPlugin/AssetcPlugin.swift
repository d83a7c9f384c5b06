import Foundation
import PackagePlugin

/// Runs `assetc build` for a target that has an `assets.json`, and gives SwiftPM the output's
/// `Resources` folder as one folder resource and the generated accessors as a source of the
/// target (docs/integration.md).
///
/// Nothing is asked of the developer after an edit: the outputs are one folder and one Swift file,
/// whatever the manifest and catalogs hold, so SwiftPM needs no list of files made in advance (a
/// build-tool plugin cannot run assetc to learn them), and the command runs again whenever a file
/// of the target changes. As one folder the tree keeps its shape in `Bundle.module` — namespaced
/// folders, other bundles' folders, the run-time table — where SwiftPM would flatten files named
/// one by one into the bundle's top level.
@main
struct AssetcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let manifest = directory.appending(path: "assets.json")
        guard FileManager.default.fileExists(atPath: manifest.path) else { return [] }
        // The accessors import AssetResolver: say so here rather than as a missing module later.
        let resolver = target.dependencies.contains { dependency in
            if case .product(let product) = dependency { return product.name == "AssetResolver" }
            return false
        }
        guard resolver else {
            throw PluginError("\(target.name): the accessors assetc generates need the AssetResolver library; add "
                + ".product(name: \"AssetResolver\", package: \"assetc\") to the dependencies of \(target.name)")
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "assets")
        let resources = output.appending(path: "Resources")
        let accessors = context.pluginWorkDirectoryURL.appending(path: "Accessors").appending(path: "Assets.swift")
        return [.buildCommand(
            displayName: "assetc build \(target.name)/assets.json",
            executable: try context.tool(named: "assetc").url,
            arguments: ["build", manifest.path, "--output", output.path, "--quiet",
                        "--swift", accessors.path, "--accessor-bundle", "module"],
            inputFiles: Self.inputs(of: directory),
            outputFiles: [resources, accessors])]
    }

    /// Every file of the target folder but its Swift sources, in a stable order: the manifest, the
    /// catalogs and the art it names, so an edit to any of them runs assetc again. (Files the
    /// manifest names outside the target folder are not watched: docs/integration.md.)
    static func inputs(of directory: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walk where url.pathExtension != "swift" {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
