import AssetModel

/// `Resources/asset-table.json`: what an app needs to find each image without probing, in as few
/// bytes as possible (docs/runtime.md). Per bundle, in manifest order with the main bundle first:
/// name → `[stem, [suffix, scale, idiom, screenHeight, appearance], …]`, where a variant's path in
/// the bundle is the stem followed by the suffix (`"Background"` + `"-568h@2x.png"`); and name →
/// colours. The reader is the `AssetResolver` module.
public enum RuntimeTable {
    public static let fileName = "asset-table.json"
    public static let formatVersion = 1

    /// Only images an app loads by name: icons and launch images are found by iOS itself.
    public static func make(_ variants: [Variant], bundles: [BundleSpec], catalog: CatalogRecords) -> JSONOutput {
        let images = variants.filter { $0.role == .image && $0.isLooseInBundle }
        var entries: [JSONOutput] = []
        for bundle in [BundleRef.main] + bundles.map(\.name).map(BundleRef.named) {
            let folder = bundle.name.flatMap { name in bundles.first { $0.name == name }?.path } ?? ""
            var files: [String: [(file: String, variant: Variant)]] = [:]
            for variant in images where variant.bundle == bundle {
                let file = folder.isEmpty ? variant.relativePath : String(variant.relativePath.dropFirst(folder.count + 1))
                files[variant.name, default: []].append((file, variant))
            }
            var byName: [String: JSONOutput] = [:]
            for (name, entries) in files {
                let sorted = entries.sorted { ByteExactPath($0.file) < ByteExactPath($1.file) }
                let stem = commonPrefix(sorted.map(\.file))
                byName[name] = .array([.string(stem)] + sorted.map { entry in
                    .array([
                        .string(String(entry.file.dropFirst(stem.count))), .integer(entry.variant.scale),
                        .integer(idiomCode(entry.variant.idiom)), .integer(entry.variant.tall ? 568 : 0),
                        .integer(appearanceCode(entry.variant.appearance)),
                    ])
                })
            }
            var colors: [String: JSONOutput] = [:]
            for record in catalog.colors where record.bundle == bundle {
                // Localized colours are Assets.car's alone: the resolver has no language to choose by.
                let plain = record.colors.filter { $0.locale == nil }
                if plain.isEmpty && !record.colors.isEmpty { continue }
                colors[record.name] = .array(plain.map(color))
            }
            if bundle != .main && byName.isEmpty && colors.isEmpty { continue }
            var fields: [String: JSONOutput] = [
                "name": .string(bundle.writtenName), "path": .string(folder),
                "images": .object(byName),
            ]
            if !colors.isEmpty { fields["colors"] = .object(colors) }
            entries.append(.object(fields))
        }
        return .object(["format": .integer(formatVersion), "bundles": .array(entries)])
    }

    static func idiomCode(_ idiom: Idiom?) -> Int {
        switch idiom {
        case nil: 0
        case .iphone?: 1
        case .ipad?: 2
        case .tv?: 3  // UIUserInterfaceIdiomTV
        case .watch?: 5  // no UIKit idiom: CoreUI's watch number
        case .vision?: 8  // CoreUI's vision number, as the car keys it
        }
    }

    static func appearanceCode(_ appearance: Appearance) -> Int {
        let luminosity = switch appearance.luminosity {
        case .any: 0
        case .light: 1
        case .dark: 2
        case .tinted: 3  // app icons only, which the table does not list
        }
        return luminosity + (appearance.highContrast ? 4 : 0)
    }

    /// `[idiom, appearance, colourSpace, [r, g, b, a]]`, grey expanded to RGB; or
    /// `[idiom, appearance, "reference", "systemBlueColor"]`.
    static func color(_ color: CatalogColor) -> JSONOutput {
        let head: [JSONOutput] = [.integer(idiomCode(color.idiom)), .integer(appearanceCode(color.appearance))]
        switch color.value {
        case .reference(_, let name):
            return .array(head + [.string("reference"), .string(name)])
        case .components(let space, let components):
            func value(_ name: String, _ fallback: Double) -> Double {
                components.first { $0.name == name }?.value ?? fallback
            }
            let white = components.first { $0.name == "white" }?.value
            let rgba = [value("red", white ?? 0), value("green", white ?? 0), value("blue", white ?? 0), value("alpha", 1)]
            // Three decimals, as Xcode writes components: 1/1000 is below what 8-bit colour can show.
            return .array(head + [.string(space), .array(rgba.map { .number(($0 * 1000).rounded() / 1000) })])
        }
    }

    /// The longest common start of the files, cut at a character boundary.
    static func commonPrefix(_ files: [String]) -> String {
        guard var prefix = files.first.map({ Array($0) }) else { return "" }
        for file in files.dropFirst() {
            let characters = Array(file)
            var length = 0
            while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
            prefix = Array(prefix[..<length])
        }
        return String(prefix)
    }
}
