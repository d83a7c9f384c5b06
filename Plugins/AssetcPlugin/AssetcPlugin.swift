import Foundation
import PackagePlugin

/// Runs `assetc build` for a target that has an `assets.json`, and hands SwiftPM the rendered PNGs
/// as the target's resources (docs/integration.md).
///
/// A build-tool plugin must name its outputs before anything runs, and cannot run assetc to plan
/// them; so it reads them from the plan checked in beside the manifest (`assets_plan/plan.json`,
/// written by `assetc plan assets.json --write-plan assets_plan`). When the manifest or the art
/// changes, make the plan again: a missing or stale plan is an error naming the command to run.
@main
struct AssetcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // Path-based API: the URL forms need tools version 6.1, and this package declares 6.0.
        let directory = target.directory
        let manifest = directory.appending("assets.json")
        guard FileManager.default.fileExists(atPath: manifest.string) else { return [] }
        let planPath = directory.appending("assets_plan", "plan.json")
        guard let data = FileManager.default.contents(atPath: planPath.string),
              let plan = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = plan["files"] as? [[String: Any]] else {
            throw PluginError("\(target.name): no plan at assets_plan/plan.json; run `assetc plan assets.json --write-plan assets_plan` in \(directory.string)")
        }
        let output = context.pluginWorkDirectory.appending("assets")
        var outputs: [Path] = []
        var sources: Set<String> = []
        for file in files {
            guard let path = file["path"] as? String, path.hasPrefix("Resources/"), !path.contains("..") else { continue }
            outputs.append(output.appending(subpath: path))
            if let source = file["source"] as? String { sources.insert(source) }
        }
        let inputs = [manifest, planPath] + sources.sorted().map { directory.appending(subpath: $0) }
        return [.buildCommand(
            displayName: "assetc build \(target.name)/assets.json",
            executable: try context.tool(named: "assetc").path,
            // --expect-plan: a plan older than the manifest fails the build, naming the command to
            // run, instead of leaving new images out of (or missing from) the target's resources.
            arguments: ["build", manifest.string, "--output", output.string, "--quiet", "--expect-plan", planPath.string],
            inputFiles: inputs,
            outputFiles: outputs)]
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
