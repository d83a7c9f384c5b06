import ArgumentParser
import AssetKit
import Foundation

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
        subcommands: [BuildCommand.self, ActoolCommand.self, AssetutilCommand.self, CheckCommand.self, InitCommand.self, PlanCommand.self, RenderCommand.self, AssembleCommand.self, ResolveCommand.self, TablesCommand.self, VersionCommand.self, RenderWorkerCommand.self],
        defaultSubcommand: BuildCommand.self)

    /// `build` is the default command, so a mistyped command (`assetc chek assets.json`) would be
    /// read as a manifest path and fail with a message about manifests. A first word that is not a
    /// file, has no `.` or `/`, and is one or two letters from a command is named as the typo.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Called as actool or xcrun (links `make install` makes), or as `assetc actool …`. A render
        // worker is always started as `<binary> render-worker`, whatever the binary is named.
        let invokedAs = FilePath(CommandLine.arguments.first ?? "").lastComponent
        if arguments.first != "render-worker" {
            if invokedAs == "actool" { ActoolMode.main(arguments) }
            if invokedAs == "assetutil" { AssetutilMode.main(arguments) }
            if invokedAs == "xcrun" { XcrunShim.main(arguments) }
            if arguments.first == "actool" { ActoolMode.main(Array(arguments.dropFirst())) }
            if arguments.first == "assetutil" { AssetutilMode.main(Array(arguments.dropFirst())) }
        }
        if let word = arguments.first, let suggestion = misspelledCommand(word) {
            FileHandle.standardError.write(Data("Error: '\(word)' is not an assetc command; did you mean '\(suggestion)'? (`assetc --help` lists them)\n".utf8))
            Foundation.exit(64)
        }
        Self.main(nil)
    }

    static func misspelledCommand(_ word: String) -> String? {
        let commands = configuration.subcommands.map { $0._commandName }.filter { $0 != "render-worker" }
        guard !word.hasPrefix("-"), !word.contains("."), !word.contains("/"), !commands.contains(word),
              !FileManager.default.fileExists(atPath: word) else { return nil }
        return commands.map { ($0, NameSuggestion.distance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}
