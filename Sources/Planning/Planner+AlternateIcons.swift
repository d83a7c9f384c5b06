import AssetModel

// Alternate app icons: every other icon set and Icon Composer bundle, or those named, planned as the primary is.
extension Planner {
    /// Every other app icon set of the catalogs, validated as the primary one is, as alternate
    /// icons (without the App Store icon, which only the primary has). A set that fails validation
    /// is left out with a warning: alternates are extras, not the build's purpose.
    func planAlternateIcons(_ request: BuildRequest, catalogs: [CatalogContents], slotSets: CatalogSlotSets,
                                    diagnostics: inout [Diagnostic]) -> (variants: [Variant], icons: [AlternateIcon], setPaths: Set<String>) {
        var variants: [Variant] = []
        var icons: [AlternateIcon] = []
        var setPaths: Set<String> = []
        // The primary icon is never also an alternate, whether it is a set or a bundle.
        var seen: Set<String> = [request.appIconSetName?.name, request.appIcon?.name].reduce(into: []) { names, name in
            if let name { names.insert(name) }
        }
        let resolvePath = { (path: String) in request.resolve(path) }
        let named = request.alternateAppIconNames
        // Icon Composer bundles other than the primary are alternates too, as actool takes them.
        let bundles = request.iconComposerBundles.filter { FilePath($0).stem != request.appIcon?.name }
        // A bundle wins over an icon set of its name (Xcode 26), for alternates as for the primary:
        // that set is neither read nor packaged (Aidoku, Zotero and Meshtastic ship both).
        let bundleNames = Set(request.iconComposerBundles.map { FilePath($0).stem })
        let allSets = catalogs.flatMap { $0.appIconSets.map(\.name) } + bundles.map { FilePath($0).stem }
        // A name that matches a set only when case is ignored is that set, as actool finds it on a
        // Mac's volumes (DuckDuckGo shipped `AppIcon-Yellow` for its set `AppIcon-yellow`); the
        // Info.plist lists it under the name asked for, the one the app's code passes.
        var requested: [String: String] = [:]  // set name → the name asked for
        for name in named where !allSets.contains(name) {
            let matches = Set(allSets.filter { $0.lowercased() == name.lowercased() })
            if matches.count == 1, let set = matches.first, named.contains(set) || requested[set] != nil {
                // The set is named already, in another spelling: once is enough.
                diagnostics.append(.warning(request.path, .alternateIconNamedTwice(name, set: set, packagedAs: requested[set] ?? set)))
                continue
            }
            if matches.count == 1, let set = matches.first {
                diagnostics.append(.warning(request.path, .alternateIconNameDiffersInCase(name, set: set)))
                requested[set] = name
                continue
            }
            diagnostics.append(.error(request.path, ActoolMessage.noMatchingAppIconSet(name)))
            suggest(name, among: allSets, diagnostics: &diagnostics)
        }
        let wanted = Set(named).union(requested.keys)
        for catalog in catalogs {
            for set in catalog.appIconSets where (named.isEmpty || wanted.contains(set.name)) && !bundleNames.contains(set.name)
                && seen.insert(set.name).inserted {
                let base = iconFileBase(set.name)
                let folder = catalog.folderAsWritten(of: set)
                let spec = AppIconSpec(input: .appiconset(SourceSpec(path: folder, location: .notInAFile)),
                                       name: base, artwork: false, location: .notInAFile)
                setPaths.insert(resolvePath(folder))
                let icon = alternateIconVariants(spec, name: set.name, path: resolvePath(folder), what: "app icon set", request: request,
                                                 slotSets: slotSets, diagnostics: &diagnostics)
                guard !icon.isEmpty else { continue }
                variants += icon
                icons.append(AlternateIcon(name: set.name, fileBase: base, requestedName: requested[set.name]))
            }
        }
        for bundle in bundles {
            let name = FilePath(bundle).stem
            guard (named.isEmpty || wanted.contains(name)), seen.insert(name).inserted else { continue }
            let base = iconFileBase(name)
            let spec = AppIconSpec(input: .generate(SourceSpec(path: bundle, location: .notInAFile), page: 1),
                                   name: base, artwork: false, location: .notInAFile)
            let icon = alternateIconVariants(spec, name: name, path: bundle, what: "Icon Composer icon", request: request,
                                             slotSets: slotSets, diagnostics: &diagnostics)
            guard !icon.isEmpty else { continue }
            variants += icon
            icons.append(AlternateIcon(name: name, fileBase: base, requestedName: requested[name]))
        }
        return (variants, icons, setPaths)
    }

    /// One alternate icon's variants, planned as the primary icon is and given the alternate role
    /// and `name`; none, with a warning naming `path`, when it does not validate. Its notes, and the
    /// warnings that say a file of it is gone (`check` fails on them), are kept.
    func alternateIconVariants(_ spec: AppIconSpec, name: String, path: String, what: String, request: BuildRequest,
                                       slotSets: CatalogSlotSets, diagnostics: inout [Diagnostic]) -> [Variant] {
        // watchOS has no alternate icons (`setAlternateIconName(_:)` is UIKit's, on iOS and tvOS).
        if request.platform == .watchOS {
            diagnostics.append(Diagnostic.warning(path, .noAlternateIconsOnWatchOS(what, name: name)).droppingContent())
            return []
        }
        var own: [Diagnostic] = []
        let planned = IconPlanner(request: request, inspector: inspector, slotSets: slotSets, resolve: { request.resolve($0) })
            .plan(spec, diagnostics: &own)
        if let problem = own.first(where: { $0.severity == .error }) {
            // The file at fault, when the error names one inside the set (Meshtastic's JPEG).
            let relative = problem.path != path && problem.path.hasPrefix(path + "/") ? String(problem.path.dropFirst(path.count + 1)) : ""
            let file = relative.isEmpty || problem.message.contains(relative) ? nil : relative  // named once
            diagnostics.append(Diagnostic.warning(path, .notPackagedAsAlternateIcon(what, name: name, file: file, problem: problem.message))
                .droppingContent())
            return []
        }
        diagnostics += own.filter { $0.severity == .note || $0.dropsContent }
        // A single-size alternate is stored in the car as a single-size primary is (its 1024 image
        // once per device idiom, index 1): its 1024 image goes into the car alone. Any other keeps
        // only its own sizes there, with no 1024 image of the plain appearance.
        let singleSize = request.compiledCatalog
            && Self.isSingleSize(planned.filter { $0.role.kind == .appIcon || $0.role.kind == .appStoreIcon }, fromCatalog: true)
        // Its home-screen sizes, and its dark and tinted 1024 images (in the car only, as the
        // primary's): not its App Store icon, which only the primary has.
        return planned.filter { $0.role.kind == .appIcon || ($0.role.kind == .appStoreIcon && (!$0.appearance.isAny || singleSize)) }
            .map { variant -> Variant in
                var alternate = variant
                if let slot = variant.iconSlot { alternate.role = .alternateAppIcon(slot) }
                alternate.name = name
                if variant.role.kind == .appStoreIcon, variant.appearance.isAny {
                    alternate.destination = .compiledCatalog
                    alternate.relativePath = alternate.fileName
                }
                return alternate
            }
    }
}

extension Diagnostic.Message {
    fileprivate static func noAlternateIconsOnWatchOS(_ what: String, name: String) -> Diagnostic.Message { "the \(what) \"\(name)\" is not packaged as an alternate icon: a watchOS app has none" }

    fileprivate static func alternateIconNamedTwice(_ name: String, set: String, packagedAs packaged: String) -> Diagnostic.Message { "the alternate icon \"\(name)\" is the icon set \"\(set)\", which is named already; it is packaged once, as \"\(packaged)\"" }

    fileprivate static func alternateIconNameDiffersInCase(_ name: String, set: String) -> Diagnostic.Message { "the alternate icon \"\(name)\" is the icon set \"\(set)\": the names differ in case, which actool ignores; the Info.plist lists it as \"\(name)\"" }

    /// `what`: "app icon set" or "Icon Composer icon"; `file`: the file at fault inside it, when
    /// `problem` (the first error's message) does not name it.
    fileprivate static func notPackagedAsAlternateIcon(_ what: String, name: String, file: String?, problem: String) -> Diagnostic.Message { "the \(what) \"\(name)\" is not packaged as an alternate icon: \(file.map { "\($0): " } ?? "")\(problem)" }
}
