import AssetPlatform
import CatalogInput
import Foundation
import ManifestInput
import Output
import Planning
import Rendering

// The input step: the manifest and the command line resolved into one build request; its catalogs and fonts read.
extension Pipeline {
    /// The build request: the manifest file read (or none, for catalogs alone) and the command
    /// line's choices resolved over it, once.
    static func readInputs(_ manifestPath: String?, _ commandLine: CatalogRequest,
                           budgets: (time: Double?, memory: Int?) = (nil, nil)) throws(InputError) -> (BuildRequest, [Diagnostic]) {
        var request: BuildRequest
        var warnings: [Diagnostic]
        if let manifestPath {
            let manifest: Manifest
            (manifest, warnings) = try readManifest(manifestPath)
            request = BuildRequest(manifest)
        } else {
            guard let first = commandLine.paths.first ?? commandLine.iconBundles.first else {
                throw InputError([.error(".", .nothingToBuild)])
            }
            request = BuildRequest(Manifest(path: first, directory: ".", bundles: [], images: [],
                                            deploymentTarget: Manifest.catalogDefaultDeploymentTarget), hasManifestFile: false)
            warnings = []
        }
        var problems: [Diagnostic] = []
        // Paths on the command line are relative to the working folder, not the manifest.
        let fromWorkingFolder = { (path: String) in
            request.manifest.directory == "." || FilePath(path).isAbsolute ? path : FileSystem.absolute(path)
        }
        for path in commandLine.paths {
            let trimmed = trimmedBundle(path)
            // Twice under any spelling (`A.xcassets ./A.xcassets`): each set would clash with itself.
            let absolute = FileSystem.absolute(trimmed)
            if let earlier = request.catalogs.first(where: { $0.path == trimmed || FileSystem.absolute(request.resolve($0.path)) == absolute }) {
                problems.append(.error(trimmed, .catalogNamedTwice(earlier: earlier.path, now: trimmed)))
                continue
            }
            request.catalogs.append(CatalogSpec(path: fromWorkingFolder(trimmed),
                                                scales: commandLine.scales ?? CatalogSpec.defaultScales(for: commandLine.platform),
                                                location: .notInAFile))
        }
        if let scales = commandLine.scales {
            for index in request.catalogs.indices { request.catalogs[index].scales = scales }
        }
        if let name = commandLine.appIcon {
            request.appIcon = nil
            request.appIconSetName = CatalogSetChoice(name: name)
            // An Icon Composer bundle of that name is the app icon, and wins over an icon set of the
            // same name, as in Xcode 26: its flattened icon is drawn at every size (docs/catalogs.md).
            if let bundle = commandLine.iconBundles.first(where: { Self.iconBundleName($0) == name }) {
                request.appIconSetName = nil
                request.appIcon = AppIconSpec(input: .generate(SourceSpec(path: fromWorkingFolder(trimmedBundle(bundle)), location: .notInAFile), page: 1),
                                              name: name, artwork: false, location: .notInAFile)
            }
        }
        request.iconComposerBundles = commandLine.iconBundles.map { fromWorkingFolder(trimmedBundle($0)) }
        let alternatesAsked = commandLine.alternateAppIcons || !commandLine.alternateAppIconNames.isEmpty
        for bundle in commandLine.iconBundles where commandLine.appIcon != Self.iconBundleName(bundle) && !alternatesAsked {
            warnings.append(.warning(bundle, .iconComposerIconNotAppIcon(Self.iconBundleName(bundle))))
        }
        if commandLine.alternateAppIcons {
            if request.appIconSetName == nil, request.appIcon == nil, commandLine.alternateAppIconNames.isEmpty {
                problems.append(.error(request.path, .alternateAppIconsNeedPrimary))
            }
            request.alternateAppIcons = true
        }
        if !commandLine.alternateAppIconNames.isEmpty {
            request.alternateAppIcons = true
            request.alternateAppIconNames = commandLine.alternateAppIconNames
        }
        if let target = commandLine.deploymentTarget { request.deploymentTarget = target }
        if let devices = commandLine.devices { request.devices = devices }
        request.platform = commandLine.platform
        // A Mac Catalyst app is an iPad app: the iPad's images, as actool takes them for it.
        if commandLine.platform == .macCatalyst { (request.devices, request.namesDevicesAndTarget) = ([.ipad], true) }
        request.writesIconFile = commandLine.writesIconFile
        // Both given (as actool is always given them): the variants no listed device loads are left out, as
        // when a manifest names both.
        if commandLine.deploymentTarget != nil, commandLine.devices != nil { request.namesDevicesAndTarget = true }
        if let name = commandLine.accentColor { request.accentColorName = name }
        if let name = commandLine.widgetBackgroundColor { request.widgetBackgroundColorName = name }
        if let xcode = commandLine.xcode { request.xcode = xcode }
        if commandLine.optimizesForSpace { request.optimizesForSpace = true }
        if commandLine.launchScreenColor != nil || commandLine.launchScreenImage != nil {
            var screen = request.launchScreen ?? LaunchScreenSpec()
            if let name = commandLine.launchScreenColor { screen.colorName = name }
            if let name = commandLine.launchScreenImage { screen.imageName = name }
            request.launchScreen = screen
        }
        if commandLine.compiledCatalog { request.compiledCatalog = true }
        request.allowedLinkRoots += commandLine.allowedLinkRoots
        if commandLine.actoolSeverities { request.actoolSeverities = true }
        if let name = commandLine.launchImage {
            request.launchImage = nil
            request.launchImageSetName = CatalogSetChoice(name: name)
        }
        request.renderTimeLimit = RenderBudget.timeLimit(commandLine: budgets.time, manifest: request.manifest)
        request.renderMemoryLimit = RenderBudget.memoryLimit(commandLine: budgets.memory, manifest: request.manifest)
        if (request.appIconSetName != nil || commandLine.launchImage != nil) && request.catalogs.isEmpty {
            problems.append(.error(request.path, .setChoiceWithoutCatalog))
        }
        if !problems.isEmpty { throw InputError(warnings + problems) }
        return (request, warnings)
    }

    /// `AppIcon.icon` → `AppIcon`.
    static func iconBundleName(_ path: String) -> String {
        FilePath(trimmedBundle(path)).stem
    }

    static func trimmedBundle(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Reads every catalog the manifest or command line names. Errors (a missing catalog, a name
    /// that cannot be a file) fail the build; everything else is a warning or a note.
    static func readCatalogs(_ request: BuildRequest, warnings: inout [Diagnostic]) throws(InputError) -> ([CatalogContents], [String]) {
        var catalogs: [CatalogContents] = []
        var inputs: [String] = []
        var diagnostics: [Diagnostic] = []
        for spec in request.catalogs {
            let path = request.resolve(spec.path)
            let read = CatalogReader(platform: request.platform, allowedLinkRoots: request.allowedLinkRoots).read(spec, path: path)
            catalogs.append(read.contents)
            diagnostics += read.diagnostics
            inputs += read.inputs
        }
        // A file that is not there in full (a Git LFS pointer) fails the build, but only after
        // planning has said what else is wrong (a wrong-size icon): every error in one run.
        if diagnostics.contains(where: { $0.severity == .error && !$0.dropsContent }) { throw InputError(warnings + diagnostics) }
        warnings += diagnostics
        return (catalogs, inputs)
    }

    /// The manifest's `fonts` folder, resolved, checked and made the only fonts this process (and
    /// its render workers, which are told) can draw with.
    static func useFonts(_ manifest: Manifest) throws(InputError) -> String? {
        guard let folder = manifest.fontsDirectory else { return nil }
        let path = manifest.resolve(folder)
        guard FileSystem.kindFollowingLinks(path) == .directory else {
            throw InputError([.error(manifest.path, at: manifest.fontsLocation, .fontsIsNotAFolder(path))])
        }
        do {
            try Fonts.restrict(to: path)
        } catch {
            throw InputError([.error(path, .init(relaying: error.message))])
        }
        return path
    }

    static func readManifest(_ path: String) throws(InputError) -> (Manifest, [Diagnostic]) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: Limits.maximumJSONBytes)
        } catch {
            var problems: [Diagnostic] = [.error(path, .manifestUnreadable(error))]
            // The default manifest is missing: say how to start, not only what failed.
            if path == "assets.json", FileSystem.kindFollowingLinks(path) == .missing {
                problems.append(.note(path, .howToStartAManifest))
            }
            throw InputError(problems)
        }
        let directory = FilePath(path).folder.string
        return try ManifestDecoder.decode(bytes, path: path, directory: directory.isEmpty ? "/" : directory)
    }
}

extension Diagnostic.Message {
    fileprivate static let nothingToBuild: Diagnostic.Message = "name a manifest or at least one .xcassets catalog"

    /// `earlier`: the catalog as first named; `now`, as named again (the same spelling is not repeated).
    fileprivate static func catalogNamedTwice(earlier: String, now: String) -> Diagnostic.Message {
        earlier == now ? "the catalog is named twice" : "the catalog is named twice (also as \(earlier))"
    }

    fileprivate static func iconComposerIconNotAppIcon(_ name: String) -> Diagnostic.Message { "the Icon Composer icon \"\(name)\" is not the app icon; name it with --app-icon \(name)" }

    fileprivate static let alternateAppIconsNeedPrimary: Diagnostic.Message = "--alternate-app-icons needs the primary icon set named with --app-icon"

    fileprivate static let setChoiceWithoutCatalog: Diagnostic.Message = "--app-icon and --launch-image pick sets from catalogs, but no catalog is named"

    fileprivate static func fontsIsNotAFolder(_ path: String) -> Diagnostic.Message { "\"fonts\" names '\(path)', which is not a folder" }

    fileprivate static func manifestUnreadable(_ error: FileError) -> Diagnostic.Message { "cannot read manifest: \(error.description)" }

    fileprivate static let howToStartAManifest: Diagnostic.Message = "run `assetc init` to write a manifest for the artwork here, or name catalogs: `assetc build App.xcassets`"
}
