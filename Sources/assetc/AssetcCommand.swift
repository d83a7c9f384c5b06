import ArgumentParser
import AssetKit

@main
struct AssetcCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetc",
        abstract: "Compile PDF and PNG artwork into the exact PNG variants an iOS app ships.",
        version: "assetc \(AssetcVersion.current)",
        subcommands: [BuildCommand.self, CheckCommand.self, InitCommand.self, PlanCommand.self, RenderCommand.self, AssembleCommand.self, ResolveCommand.self, TablesCommand.self, VersionCommand.self, RenderWorkerCommand.self],
        defaultSubcommand: BuildCommand.self)
}
