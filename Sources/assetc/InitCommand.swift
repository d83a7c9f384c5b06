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
        for (path, target) in found.leftOut {
            Console.print([.note(path, .catalogLeftOut(of: target))])
        }
        if let first = found.iconFiles.first {
            Console.print([.note(first, .iconFilesLeftOut(found.iconFiles))])
        }
        if found.iconComposer.count == 1 {
            Console.print([.note(found.iconComposer[0], .iconComposerIconIsAppIcon)])
        } else if found.iconComposer.count > 1 {
            Console.print([.note(found.iconComposer[0], .severalIconComposerIcons(found.iconComposer))])
        }
        Console.info("assetc: wrote \(output) with \(found.images) image\(found.images == 1 ? "" : "s") and \(found.catalogs) catalog\(found.catalogs == 1 ? "" : "s"); check it with `assetc check \(output)`")
        // What `check` will say of the artwork it names: a catalog of the repository may already be
        // broken (a set naming a file that was deleted), which no manifest can fix.
        Interruption.install()
        var limits = SourceLimits()
        limits.isCancelled = { Interruption.isRequested }
        var problems: [Diagnostic] = []
        do throws(BuildFailure) {
            let project = try Pipeline.load(manifestPath: output, sourceLimits: limits)
            problems = project.warnings.filter { $0.dropsContent && $0.severity == .warning }
        } catch {
            problems = error.diagnostics.filter { $0.severity == .error || ($0.dropsContent && $0.severity == .warning) }
        }
        if !problems.isEmpty {
            Console.print(problems.map(ManifestOptions.promotingDroppedContent))
            Console.info("assetc: `assetc check \(output)` fails until the \(problems.count) problem\(problems.count == 1 ? "" : "s") above in the artwork \(problems.count == 1 ? "is" : "are") fixed")
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func catalogLeftOut(of target: CatalogTarget) -> Diagnostic.Message { "left out: the catalog of \(target.description), which ships in its own bundle; build it with its own manifest" }

    /// `files`: every loose icon and launch image found; the note is on the first, naming up to four more.
    fileprivate static func iconFilesLeftOut(_ files: [String]) -> Diagnostic.Message {
        let shown = files.dropFirst().prefix(4).joined(separator: ", ")
        let more = files.count > 5 ? " and \(files.count - 5) more" : ""
        let others = files.count > 1 ? " with \(shown)\(more)" : ""
        return "left out\(others): app icon and launch image PNGs are not images (iOS reads them through the "
            + "Info.plist); name their .appiconset with \"appIcon\", or the 1024-point art as appIcon.source (docs/manifest.md)"
    }

    fileprivate static let iconComposerIconIsAppIcon: Diagnostic.Message = "the app icon: an Icon Composer icon, drawn at every size (appIcon.source)"

    fileprivate static func severalIconComposerIcons(_ icons: [String]) -> Diagnostic.Message { "\(icons.count) Icon Composer icons (\(icons.joined(separator: ", "))); name the app's as appIcon.source" }
}
