import AssetModel

// The names the car holds: one asset a name, and what only the car holds said once.
extension Planner {
    /// One name, one asset in the car: an image keeps its name over a colour set, both over a data
    /// set, all three over a symbol set (the car step leaves the others out without a word).
    func checkNamesInTheCar(_ variants: [Variant], records: inout CatalogRecords, iconNames: [String], catalogs: [CatalogContents],
                            request: BuildRequest, warnings: inout [Diagnostic]) {
        let images = Set(variants.filter { $0.role == .image && $0.bundle == .main }.map(\.name))
            .union(records.images.filter { $0.bundle == .main }.map(\.name))
        let colorNames = Set(records.colors.filter { $0.bundle == .main }.map(\.name))
        let dataNames = Set(records.dataSets.filter { $0.bundle == .main }.map(\.name))
        // App icons keep their names too (`shadowImageSets`).
        let imagesAndIcons = images.union(iconNames)
        // Named by its own Contents.json (in the catalog that holds it), not the build's input.
        var colorPaths: [String: String] = [:]
        for catalog in catalogs where catalog.spec.bundle == .main {
            for set in catalog.colorSets where colorPaths[set.name] == nil {
                colorPaths[set.name] = FilePath(request.resolve(catalog.spec.path)).appending(set.setPath).appending("Contents.json").string
            }
        }
        for color in records.colors where color.bundle == .main && imagesAndIcons.contains(color.name) {
            warnings.append(.warning(colorPaths[color.name] ?? request.path, .colorSetShadowedByImageOrIcon(color.name)).droppingContent())
        }
        for data in records.dataSets where data.bundle == .main && (imagesAndIcons.contains(data.name) || colorNames.contains(data.name)) {
            warnings.append(.warning(request.path, .dataSetShadowed(data.name)).droppingContent())
        }
        records.symbolSets.removeAll { set in
            guard set.bundle == .main, images.contains(set.name) || colorNames.contains(set.name) || dataNames.contains(set.name) else { return false }
            warnings.append(.warning(set.symbolSet.contentsPath, SourceMessage.symbolSetNameTaken(set.name)).droppingContent())
            return true
        }
    }

    /// Sets only Assets.car can hold (data and symbol sets, sets of car-only slots or localized
    /// colours), in a build without the car or in another bundle: content left out, said per set.
    func noteWhatOnlyTheCarHolds(_ records: CatalogRecords, variants: [Variant], request: BuildRequest, warnings: inout [Diagnostic]) {
        // NSDataAsset reads only Assets.car, and the car holds the main bundle's catalogs: a data set
        // anywhere else has no form the app can load. Content left out, said per set (`check`
        // counts them; not a warning, since a catalog with data sets is not wrong).
        for set in records.dataSets where !request.compiledCatalog || set.bundle != .main {
            let path = FilePath(request.resolve(set.catalog)).appending(set.setPath).string
            warnings.append(.note(path, request.compiledCatalog
                ? .dataSetInAnotherBundle(set.name, bundle: set.bundle.writtenName)
                : .dataSetOnlyInTheCar(set.name)).droppingContent())
        }
        // A symbol set is only glyph renditions of Assets.car: without the car, or in another bundle,
        // code that loads it by name finds nothing, which is a warning (`check` fails on it).
        for set in records.symbolSets where !request.compiledCatalog || set.bundle != .main {
            let path = FilePath(request.resolve(set.catalog)).appending(set.symbolSet.setPath).string
            warnings.append(.warning(path, request.compiledCatalog
                ? .symbolSetInAnotherBundle(set.name, bundle: set.bundle.writtenName)
                : .symbolSetOnlyInTheCar(set.name)).droppingContent())
        }
        // An image set whose every image is a slot only Assets.car selects on (locale, direction,
        // display gamut, size class…): without the car, or in another bundle, nothing of it is
        // written, which is said as it was when such slots were skipped.
        let namesWithFiles = Set(variants.map { AssetKey($0.name, in: $0.bundle) })
        for set in records.images where !set.properties.traitSlots.isEmpty && (!request.compiledCatalog || set.bundle != .main)
            && !namesWithFiles.contains(set.key) {
            let path = FilePath(request.resolve(set.catalog)).appending(set.setPath).string
            warnings.append(.warning(path, .imageSetHasOnlyCarSlots(set.name, inAnotherBundle: request.compiledCatalog)).droppingContent())
        }
        // The same for a colour set whose every colour is localized: only the car selects on locale.
        for set in records.colors where !set.colors.isEmpty && set.colors.allSatisfy({ $0.locale != nil })
            && (!request.compiledCatalog || set.bundle != .main) {
            warnings.append(.warning(request.path, .colorSetHasOnlyLocalizedColors(set.name, inAnotherBundle: request.compiledCatalog))
                .droppingContent())
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func colorSetShadowedByImageOrIcon(_ name: String) -> Diagnostic.Message { "the colour set \"\(name)\" has the name of an image or app icon set; only that set is in Assets.car, so UIColor(named: \"\(name)\") will not find the colour" }

    fileprivate static func dataSetShadowed(_ name: String) -> Diagnostic.Message { "the data set \"\(name)\" has the name of an image, app icon or colour set; only that set is in Assets.car" }


    fileprivate static func dataSetInAnotherBundle(_ name: String, bundle: String) -> Diagnostic.Message { "the data set \"\(name)\" is in a catalog of the bundle \"\(bundle)\"; Assets.car holds the main bundle's, so NSDataAsset will not find it" }

    fileprivate static func dataSetOnlyInTheCar(_ name: String) -> Diagnostic.Message { "the data set \"\(name)\" is only compiled into Assets.car (build with --car); without it NSDataAsset(name: \"\(name)\") finds nothing" }

    fileprivate static func symbolSetInAnotherBundle(_ name: String, bundle: String) -> Diagnostic.Message { "the symbol set \"\(name)\" is in a catalog of the bundle \"\(bundle)\"; Assets.car holds the main bundle's, so UIImage(named: \"\(name)\") will not find it" }

    fileprivate static func symbolSetOnlyInTheCar(_ name: String) -> Diagnostic.Message { "the symbol set \"\(name)\" is only compiled into Assets.car (build with --car); without it UIImage(named: \"\(name)\") and Image(\"\(name)\") find nothing" }

    /// `inAnotherBundle`: the build makes the car (so the set is another bundle's); else it does not.
    fileprivate static func imageSetHasOnlyCarSlots(_ name: String, inAnotherBundle: Bool) -> Diagnostic.Message { "the image set \"\(name)\" has only slots that Assets.car selects on (locale, layout direction, display gamut, size class, memory, graphics family or CarPlay)\(inAnotherBundle ? " and is in a catalog of another bundle" : "; without --car"), nothing is written for it" }

    /// `inAnotherBundle`: the build makes the car (so the set is another bundle's); else it does not.
    fileprivate static func colorSetHasOnlyLocalizedColors(_ name: String, inAnotherBundle: Bool) -> Diagnostic.Message { "the colour set \"\(name)\" has only localized colours, which only Assets.car selects on\(inAnotherBundle ? ", and is in a catalog of another bundle" : "; without --car"), UIColor(named: \"\(name)\") finds nothing" }
}
