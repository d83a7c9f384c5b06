import AssetPlatform
import CatalogInput
import Foundation
import ManifestInput
import Output
import Planning
import Rendering

// The input step: the manifest and the command line read into one manifest, its catalogs and fonts.
extension Pipeline {
    /// The manifest with the command line's catalogs added, or a manifest made for catalogs alone.
    static func readInputs(_ manifestPath: String?, _ request: CatalogRequest) throws(InputError) -> (Manifest, [Diagnostic]) {
        var (manifest, warnings): (Manifest, [Diagnostic])
        if let manifestPath {
            (manifest, warnings) = try readManifest(manifestPath)
        } else {
            guard let first = request.paths.first ?? request.iconBundles.first else {
                throw InputError([.error(".", "name a manifest or at least one .xcassets catalog")])
            }
            manifest = Manifest(path: first, directory: ".", bundles: [], images: [],
                                deploymentTarget: Manifest.catalogDefaultDeploymentTarget)
            manifest.isFromCommandLine = true
            warnings = []
        }
        var problems: [Diagnostic] = []
        for path in request.paths {
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            // Twice under any spelling (`A.xcassets ./A.xcassets`): each set would clash with itself.
            let absolute = FileSystem.absolute(trimmed)
            if let earlier = manifest.catalogs.first(where: { $0.path == trimmed || FileSystem.absolute(manifest.resolve($0.path)) == absolute }) {
                problems.append(.error(trimmed, earlier.path == trimmed ? "the catalog is named twice" : "the catalog is named twice (also as \(earlier.path))"))
                continue
            }
            // Catalogs on the command line are relative to the working directory, not the manifest.
            let spec = manifest.directory == "." || FilePath(trimmed).isAbsolute ? trimmed : FileSystem.absolute(trimmed)
            manifest.catalogs.append(CatalogSpec(path: spec, scales: request.scales ?? CatalogSpec.defaultScales(for: request.platform),
                                                 location: .notInAFile))
        }
        if let scales = request.scales {
            for index in manifest.catalogs.indices { manifest.catalogs[index].scales = scales }
        }
        if let name = request.appIcon {
            manifest.appIcon = nil
            manifest.appIconSetName = CatalogSetChoice(name: name)
            // An Icon Composer bundle of that name is the app icon, and wins over an icon set of the
            // same name, as in Xcode 26: its flattened icon is drawn at every size (docs/catalogs.md).
            if let bundle = request.iconBundles.first(where: { Self.iconBundleName($0) == name }) {
                manifest.appIconSetName = nil
                let path = manifest.directory == "." || FilePath(bundle).isAbsolute ? Self.trimmedBundle(bundle) : FileSystem.absolute(Self.trimmedBundle(bundle))
                manifest.appIcon = AppIconSpec(input: .generate(SourceSpec(path: path, location: .notInAFile), page: 1),
                                               name: name, artwork: false, location: .notInAFile)
            }
        }
        // Relative to the working folder, as catalogs on the command line are.
        manifest.iconComposerBundles = request.iconBundles.map { bundle in
            manifest.directory == "." || FilePath(bundle).isAbsolute ? Self.trimmedBundle(bundle) : FileSystem.absolute(Self.trimmedBundle(bundle))
        }
        let alternatesAsked = request.alternateAppIcons || !request.alternateAppIconNames.isEmpty
        for bundle in request.iconBundles where request.appIcon != Self.iconBundleName(bundle) && !alternatesAsked {
            warnings.append(.warning(bundle, "the Icon Composer icon \"\(Self.iconBundleName(bundle))\" is not the app icon; name it with --app-icon \(Self.iconBundleName(bundle))"))
        }
        if request.alternateAppIcons {
            if manifest.appIconSetName == nil, manifest.appIcon == nil, request.alternateAppIconNames.isEmpty {
                problems.append(.error(manifest.path, "--alternate-app-icons needs the primary icon set named with --app-icon"))
            }
            manifest.alternateAppIcons = true
        }
        if !request.alternateAppIconNames.isEmpty {
            manifest.alternateAppIcons = true
            manifest.alternateAppIconNames = request.alternateAppIconNames
        }
        if let target = request.deploymentTarget { manifest.deploymentTarget = target }
        if let devices = request.devices { manifest.devices = devices }
        manifest.platform = request.platform
        manifest.writesIconFile = request.writesIconFile
        // Both given (as actool is always given them): the variants no listed device loads are left out, as
        // when a manifest names both.
        if request.deploymentTarget != nil, request.devices != nil { manifest.namesDevicesAndTarget = true }
        if let name = request.accentColor { manifest.accentColorName = name }
        if let name = request.widgetBackgroundColor { manifest.widgetBackgroundColorName = name }
        if request.compiledCatalog { manifest.compiledCatalog = true }
        manifest.allowedLinkRoots += request.allowedLinkRoots
        if request.actoolSeverities { manifest.actoolSeverities = true }
        if let name = request.launchImage {
            manifest.launchImage = nil
            manifest.launchImageSetName = CatalogSetChoice(name: name)
        }
        if (manifest.appIconSetName != nil || request.launchImage != nil) && manifest.catalogs.isEmpty {
            problems.append(.error(manifest.path, "--app-icon and --launch-image pick sets from catalogs, but no catalog is named"))
        }
        if !problems.isEmpty { throw InputError(warnings + problems) }
        return (manifest, warnings)
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
    static func readCatalogs(_ manifest: Manifest, warnings: inout [Diagnostic]) throws(InputError) -> ([CatalogContents], [String]) {
        var catalogs: [CatalogContents] = []
        var inputs: [String] = []
        var diagnostics: [Diagnostic] = []
        for spec in manifest.catalogs {
            let path = manifest.resolve(spec.path)
            let read = CatalogReader(platform: manifest.platform, allowedLinkRoots: manifest.allowedLinkRoots).read(spec, path: path)
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
            throw InputError([.error(manifest.path, at: manifest.fontsLocation, "\"fonts\" names '\(path)', which is not a folder")])
        }
        do {
            try Fonts.restrict(to: path)
        } catch {
            throw InputError([.error(path, error.message)])
        }
        return path
    }

    static func readManifest(_ path: String) throws(InputError) -> (Manifest, [Diagnostic]) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: Limits.maximumJSONBytes)
        } catch {
            var problems: [Diagnostic] = [.error(path, "cannot read manifest: \(error.description)")]
            // The default manifest is missing: say how to start, not only what failed.
            if path == "assets.json", FileSystem.kindFollowingLinks(path) == .missing {
                problems.append(.note(path, "run `assetc init` to write a manifest for the artwork here, or name catalogs: `assetc build App.xcassets`"))
            }
            throw InputError(problems)
        }
        let directory = FilePath(path).folder.string
        return try ManifestDecoder.decode(bytes, path: path, directory: directory.isEmpty ? "/" : directory)
    }
}
