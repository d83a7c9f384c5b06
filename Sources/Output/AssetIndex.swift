import AssetModel

/// `<output>/asset-index.json`: per bundle and logical name, every variant, so an app or a test
/// finds an image with one lookup instead of probing the file system.
public enum AssetIndex {
    public static let formatVersion = 1

    /// `symbolsInCar`: the build makes Assets.car, which holds the main bundle's symbol sets.
    public static func make(_ written: [WrittenVariant], bundles bundleSpecs: [BundleSpec],
                            catalog: CatalogRecords = CatalogRecords(), symbolsInCar: Bool = false) -> JSONOutput {
        var bundles: [String: JSONOutput] = [:]
        let inBundles = written.filter { !$0.variant.isOutsideBundle }
        let groups = Dictionary(grouping: inBundles) { $0.variant.bundle }
        let imageRecords = Dictionary(grouping: catalog.images) { $0.bundle }
        let colorRecords = Dictionary(grouping: catalog.colors) { $0.bundle }
        let symbols = symbolsInCar ? catalog.symbolSets.filter { $0.bundle == .main } : []
        var bundleKeys = Set(groups.keys).union(imageRecords.keys).union(colorRecords.keys)
        if !symbols.isEmpty { bundleKeys.insert(.main) }
        for bundle in bundleKeys {
            var images: [String: JSONOutput] = [:]
            for (name, variants) in Dictionary(grouping: groups[bundle] ?? [], by: { $0.variant.name }) {
                images[name] = .array(variants.sorted { $0.variant.relativePath < $1.variant.relativePath }.map(entry))
            }
            let path = bundleSpecs.first { $0.name == bundle.name }?.path ?? ""
            var fields: [String: JSONOutput] = [
                "path": .string(path),
                "images": .object(images),
            ]
            if let records = imageRecords[bundle] {
                fields["catalogImages"] = .object(Dictionary(records.map { ($0.name, catalogImage($0)) }, uniquingKeysWith: { first, _ in first }))
            }
            if let records = colorRecords[bundle] {
                fields["colors"] = .object(Dictionary(records.map { ($0.name, JSONOutput.array($0.colors.map(color))) },
                                                      uniquingKeysWith: { first, _ in first }))
            }
            // Symbol sets: found by name in Assets.car, their glyphs drawn from the template.
            if bundle == .main, !symbols.isEmpty {
                fields["symbols"] = .object(Dictionary(symbols.map { set in
                    (set.name, JSONOutput.object(["catalog": .string(set.catalog), "set": .string(set.symbolSet.setPath),
                                                  "template": .string(set.symbolSet.filename), "compiledCatalogOnly": .bool(true)]))
                }, uniquingKeysWith: { first, _ in first }))
            }
            bundles[bundle.writtenName] = .object(fields)
        }
        var root: [String: JSONOutput] = [
            "formatVersion": .integer(formatVersion),
            "generator": .string("assetc \(AssetcVersion.current)"),
            "deviceTables": .string(DeviceTables.version),
            "bundles": .object(bundles),
        ]
        if let appStore = written.first(where: { $0.variant.role.kind == .appStoreIcon && $0.variant.appearance.isAny }) {
            var entry = self.entry(appStore)
            if case .object(var fields) = entry {
                fields["file"] = .string(appStore.variant.outputPath)
                entry = .object(fields)
            }
            root["appStoreIcon"] = entry
        }
        return .object(root)
    }

    /// What a catalog says about an image that its loose files cannot carry.
    private static func catalogImage(_ record: CatalogRecords.Image) -> JSONOutput {
        var fields: [String: JSONOutput] = ["catalog": .string(record.catalog), "set": .string(record.setPath)]
        let properties = record.properties
        if let intent = properties.templateRenderingIntent { fields["templateRenderingIntent"] = .string(intent) }
        if let preserves = properties.preservesVectorRepresentation { fields["preservesVectorRepresentation"] = .bool(preserves) }
        if let resizing = properties.resizing { fields["resizing"] = resizing }
        if let insets = properties.alignmentInsets { fields["alignmentInsets"] = insets }
        return .object(fields)
    }

    private static func color(_ color: CatalogColor) -> JSONOutput {
        var fields: [String: JSONOutput] = ["idiom": .string(color.idiom?.rawValue ?? "universal")]
        addAppearance(color.appearance, to: &fields)
        if let locale = color.locale { fields["locale"] = .string(locale) }
        switch color.value {
        case .components(let space, let components):
            fields["colorSpace"] = .string(space)
            fields["components"] = .object(Dictionary(components.map { ($0.name, JSONOutput.number(rounded($0.value))) },
                                                      uniquingKeysWith: { first, _ in first }))
        case .reference(let platform, let name):
            fields["reference"] = .string(name)
            if let platform { fields["platform"] = .string(platform) }
        }
        return .object(fields)
    }

    /// Components to 6 decimals: `128/255` is 0.501961, not a 17-digit float.
    private static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    private static func addAppearance(_ appearance: Appearance, to fields: inout [String: JSONOutput]) {
        if appearance.luminosity != .any { fields["appearance"] = .string(appearance.luminosity.rawValue) }
        if appearance.highContrast { fields["contrast"] = .string("high") }
    }

    private static func entry(_ written: WrittenVariant) -> JSONOutput {
        let variant = written.variant
        var fields: [String: JSONOutput] = [
            "file": .string(variant.relativePath),
            "scale": .integer(variant.scale),
            "idiom": .string(variant.role.kind == .appStoreIcon ? "ios-marketing" : variant.idiom?.rawValue ?? "universal"),
            "tall": .bool(variant.tall),
            "role": .string(variant.role.kind.rawValue),
            "pixels": .array([.integer(variant.pixelWidth), .integer(variant.pixelHeight)]),
            "points": .array([.number(variant.pointSize.width), .number(variant.pointSize.height)]),
            "bytes": .integer(written.bytes),
            "sha256": .string(written.sha256),
        ]
        addAppearance(variant.appearance, to: &fields)
        // Not a file in the bundle: found by name in Assets.car (its PNG is kept under `.assetc/`).
        if variant.destination == .compiledCatalog { fields["compiledCatalogOnly"] = .bool(true) }
        if let origin = variant.catalogOrigin { fields["source"] = .string(origin.setPath + "/" + origin.filename) }
        // A slot the car selects by locale or traits (a localized or directional PDF): which.
        if let traits = variant.carTraits {
            if let locale = traits.locale { fields["locale"] = .string(locale) }
            if !traits.attributes.isEmpty {
                fields["carTraits"] = .object(Dictionary(uniqueKeysWithValues: traits.attributes.map { (String($0.key), JSONOutput.integer(Int($0.value))) }))
            }
        }
        return .object(fields)
    }
}
