import AssetModel

/// `<output>/asset-index.json`: per bundle and logical name, every variant, so an app or a test
/// finds an image with one lookup instead of probing the file system.
public enum AssetIndex {
    public static let formatVersion = 1

    public static func make(_ written: [WrittenVariant], bundles bundleSpecs: [BundleSpec]) -> JSONOutput {
        var bundles: [String: JSONOutput] = [:]
        let inBundles = written.filter { $0.variant.outsideResourcesPath == nil }
        let groups = Dictionary(grouping: inBundles) { $0.variant.bundle ?? "" }
        for (bundleName, entries) in groups {
            var images: [String: JSONOutput] = [:]
            for (name, variants) in Dictionary(grouping: entries, by: { $0.variant.name }) {
                images[name] = .array(variants.sorted { $0.variant.relativePath < $1.variant.relativePath }.map(entry))
            }
            let path = bundleSpecs.first { $0.name == bundleName }?.path ?? ""
            bundles[bundleName.isEmpty ? "main" : bundleName] = .object([
                "path": .string(path),
                "images": .object(images),
            ])
        }
        var root: [String: JSONOutput] = [
            "formatVersion": .integer(formatVersion),
            "generator": .string("assetc \(AssetcVersion.current)"),
            "deviceTables": .string(DeviceTables.version),
            "bundles": .object(bundles),
        ]
        if let appStore = written.first(where: { $0.variant.role == .appStoreIcon }) {
            var entry = self.entry(appStore)
            if case .object(var fields) = entry {
                fields["file"] = .string(appStore.variant.outputPath)
                entry = .object(fields)
            }
            root["appStoreIcon"] = entry
        }
        return .object(root)
    }

    private static func entry(_ written: WrittenVariant) -> JSONOutput {
        let variant = written.variant
        return .object([
            "file": .string(variant.relativePath),
            "scale": .integer(variant.scale),
            "idiom": .string(variant.role == .appStoreIcon ? "ios-marketing" : variant.idiom?.rawValue ?? "universal"),
            "tall": .bool(variant.tall),
            "role": .string(variant.role.rawValue),
            "pixels": .array([.integer(variant.pixelWidth), .integer(variant.pixelHeight)]),
            "points": .array([.number(variant.pointSize.width), .number(variant.pointSize.height)]),
            "bytes": .integer(written.bytes),
            "sha256": .string(written.sha256),
        ])
    }
}
