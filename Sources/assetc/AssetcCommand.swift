import ArgumentParser
import AssetKit

@main
struct AssetcCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetc",
        abstract: "Compile PDF, SVG and PNG artwork and Xcode asset catalogs into the exact PNG variants an iOS app ships.",
        discussion: """
        assetc reads a manifest (assets.json; its format is documented in docs/manifest.md and \
        docs/assets.schema.json) and/or Xcode asset catalogs (.xcassets), renders every variant with \
        Poppler, librsvg and Cairo, and writes a resource tree with an index, a runtime lookup table, \
        Info.plist keys and a contact sheet (docs/output.md).

        EXIT STATUS: 0 success (warnings may have been printed); 1 invalid input (the manifest, a \
        catalog, a source or a validation rule; earlier outputs untouched); 3 the output could not be \
        written; 4 another build holds the output folder's lock; 5 interrupted by SIGINT or SIGTERM \
        (earlier outputs unchanged); 6 Resources/ would exceed the manifest's budget (nothing changed); \
        64 command-line usage error. No error exits with 128 or above.
        """,
        version: "assetc \(AssetcVersion.current)",
        subcommands: [BuildCommand.self, CheckCommand.self, InitCommand.self, PlanCommand.self, RenderCommand.self, AssembleCommand.self, ResolveCommand.self, TablesCommand.self, VersionCommand.self, RenderWorkerCommand.self],
        defaultSubcommand: BuildCommand.self)
}
