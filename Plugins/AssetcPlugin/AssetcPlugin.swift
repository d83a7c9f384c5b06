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
///
/// A manifest with `"car": true` also gets `Assets.car` at the top of the bundle, where UIKit,
/// AppKit and SwiftUI look for it (`UIImage(named:in: .module …)`, `Color("Brand", bundle:
/// .module)`): assetc writes it beside `Resources` (`--car-path Assets.car`) and it is a third
/// output, which SwiftPM copies to the bundle's top. The manifest decides, not the destination:
/// SwiftPM 6.3 tells a build-tool plugin neither the target triple nor the platform, and gives the
/// Linux and the iOS build of a package the same plugin folder.
@main
struct AssetcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let manifest = directory.appending(path: "assets.json")
        guard FileManager.default.fileExists(atPath: manifest.path) else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "assets")
        var arguments = ["build", manifest.path, "--output", output.path, "--quiet"]
        var outputs = [output.appending(path: "Resources")]
        // Swift targets get the generated accessors among their sources; they import AssetResolver,
        // so say so here rather than as a missing module later. A C or Objective-C target gets the
        // resources alone (a Swift file cannot be one of its sources).
        if target is SwiftSourceModuleTarget {
            let resolver = target.dependencies.contains { dependency in
                if case .product(let product) = dependency { return product.name == "AssetResolver" }
                return false
            }
            guard resolver else {
                throw PluginError("\(target.name): the accessors assetc generates need the AssetResolver library; add "
                    + ".product(name: \"AssetResolver\", package: \"assetc\") to the dependencies of \(target.name)")
            }
            let accessors = context.pluginWorkDirectoryURL.appending(path: "Accessors").appending(path: "Assets.swift")
            arguments += ["--swift", accessors.path, "--accessor-bundle", "module"]
            outputs.append(accessors)
        }
        if Self.asksForCar(manifest) {
            arguments += ["--car-path", "Assets.car"]
            outputs.append(output.appending(path: "Assets.car"))
        }
        return [.buildCommand(
            displayName: "assetc build \(target.name)/assets.json",
            executable: try context.tool(named: "assetc").url,
            arguments: arguments,
            inputFiles: Self.inputs(of: directory),
            outputFiles: outputs)]
    }

    /// Whether the manifest says `"car": true`. A manifest that does not read as JSON asks for no
    /// car here; assetc then reports it, with its line and column.
    static func asksForCar(_ manifest: URL) -> Bool {
        guard let data = try? Data(contentsOf: manifest),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["car"] as? Bool == true
    }

    /// Every file of the target folder but its sources, in a stable order: the manifest, the
    /// catalogs and the art it names, so an edit to any of them runs assetc again. (Files the
    /// manifest names outside the target folder are not watched: docs/integration.md.)
    static let sourceExtensions: Set<String> = ["swift", "c", "h", "m", "mm", "cc", "cpp", "cxx", "hpp", "s", "S"]

    static func inputs(of directory: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walk where !sourceExtensions.contains(url.pathExtension) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
