import AssetModel

/// The types every generated Swift file declares after its `Asset` enum: `ImageAsset`,
/// `ColorAsset` and the store that reads the shipped table once. Kept apart from the enum writer
/// because this is the part app developers read to know what an accessor does at run time.
///
/// Isolation: nothing here is `@MainActor`. UIKit declares `UIImage`, `UIColor`, `UITraitCollection`
/// and their initialisers used here nonisolated and `Sendable`; the table and the images made from
/// it sit behind one lock. So `Asset.Images.info16.image` compiles in a nonisolated function.
enum SwiftAccessorSupport {
    /// UIKit's system colours a catalog may refer to (`"reference": "systemBlueColor"`), by the
    /// name Contents.json uses; others resolve to nil.
    static let systemColors: [String: String] = Dictionary(uniqueKeysWithValues: [
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "systemBackground", "secondarySystemBackground",
        "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
        "tertiarySystemGroupedBackground", "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
        "placeholderText", "separator", "opaqueSeparator", "link", "systemBlue", "systemGreen", "systemIndigo",
        "systemOrange", "systemPink", "systemPurple", "systemRed", "systemTeal", "systemYellow", "systemGray",
        "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "darkText", "lightText",
        "black", "white", "clear", "gray", "lightGray", "darkGray", "systemMint", "systemCyan", "systemBrown",
    ].map { ($0 + "Color", $0) })

    /// System colours UIKit has only from iOS 15.
    static let iOS15Colors: Set<String> = ["systemMintColor", "systemCyanColor", "systemBrownColor"]

    /// Data sets, in files whose build has them in Assets.car.
    static let dataAssetText = """
        /// A data set of the build's Assets.car (`NSDataAsset`).
        public struct DataAsset: Sendable, Hashable {
            public let name: String

            init(name: String) {
                self.name = name
            }
        }

        #if canImport(UIKit)
        extension DataAsset {
            /// The set's file for this device. Stops with a message naming the set when the build did
            /// not ship it.
            public var data: Data {
                guard let asset = NSDataAsset(name: name, bundle: AssetStore.shared.bundle) else {
                    fatalError("assetc: no data set \\"\\(name)\\" in \\(AssetStore.shared.bundle.bundlePath)")
                }
                return asset.data
            }

            /// The set's file and its type identifier, or nil when the build did not ship it.
            public var dataAsset: NSDataAsset? { NSDataAsset(name: name, bundle: AssetStore.shared.bundle) }
        }
        #endif

        """

    /// The Swift expression for the bundle the accessors look in.
    static func bundleExpression(_ bundle: AccessorBundle) -> String {
        switch bundle {
        case .main: "Bundle.main"
        case .module: "Bundle.module"
        case .framework: "Bundle(for: AssetBundleToken.self)"
        case .named(let name):
            "Bundle.main.resourceURL.flatMap { Bundle(url: $0.appendingPathComponent(\(SwiftAccessors.literal(name)))) } ?? Bundle.main"
        }
    }

    static func text(bundle: AccessorBundle, systemColorReferences references: [String], hasDataSets: Bool = false) -> String {
        var cases = ""
        for name in references {
            if iOS15Colors.contains(name) {
                cases += "        case \(SwiftAccessors.literal(name)):\n            if #available(iOS 15.0, tvOS 15.0, *) { return .\(systemColors[name]!) }\n            return nil\n"
            } else {
                cases += "        case \(SwiftAccessors.literal(name)): return .\(systemColors[name]!)\n"
            }
        }
        // Inside a package's resource bundle the `Resources` folder is the bundle's resource folder
        // itself where Foundation takes a top-level `Resources` folder for one (Linux, iOS), and a
        // folder inside it on macOS: the one holding the table is the root.
        let root = bundle.resourceFolder.map { folder in
            """
            bundle.resourceURL.flatMap { resources in
                        [resources.appendingPathComponent(\(SwiftAccessors.literal(folder)), isDirectory: true), resources].first {
                            FileManager.default.fileExists(atPath: $0.appendingPathComponent(AssetTable.fileName).path)
                        }
                    }
            """
        } ?? "bundle.resourceURL"
        let token = bundle == .framework ? "\n/// The framework this file is compiled into.\nprivate final class AssetBundleToken {}\n" : ""
        return [valueTypes, store(bundle: bundle, root: root, systemColorCases: cases), uiKitExtensions, swiftUIExtensions]
            .joined(separator: "\n\n") + "\n" + (hasDataSets ? dataAssetText : "") + token
    }

    /// `ImageAsset`, `AssetCapInsets` and `ColorAsset`: the values the accessors hand out.
    static let valueTypes = """
        /// An image of the build.
        public struct ImageAsset: Sendable, Hashable {
            public let name: String
            /// The build's bundle (the manifest's `bundles`) to look in; nil looks in the main one,
            /// then the others in manifest order.
            public let bundle: String?
            /// The catalog asked for template rendering (`template-rendering-intent`).
            public let isTemplate: Bool
            /// In Assets.car, where UIKit and SwiftUI find it by name, with its appearances.
            public let isInCompiledCatalog: Bool
            /// The catalog's slicing (`resizing`) by scale, in points.
            public let capInsets: [Int: AssetCapInsets]

            init(name: String, bundle: String? = nil, isTemplate: Bool = false, isInCompiledCatalog: Bool = false,
                 capInsets: [Int: AssetCapInsets] = [:]) {
                self.name = name
                self.bundle = bundle
                self.isTemplate = isTemplate
                self.isInCompiledCatalog = isInCompiledCatalog
                self.capInsets = capInsets
            }

            /// The file the shipped table picks for these traits (tall `-568h` files included); nil
            /// when the table or the name is missing, or the image is only in Assets.car.
            public func url(for traits: AssetTraits) -> URL? {
                AssetStore.shared.url(of: self, traits: traits)
            }
        }

        /// An image set's slicing at one scale: cap insets in points, and whether the centre tiles.
        public struct AssetCapInsets: Sendable, Hashable {
            public let top: Double
            public let left: Double
            public let bottom: Double
            public let right: Double
            public let tiles: Bool
        }

        /// A colour of the build's catalogs.
        public struct ColorAsset: Sendable, Hashable {
            public let name: String
            public let bundle: String?
            /// In Assets.car, where UIKit and SwiftUI find it by name, with its appearances.
            public let isInCompiledCatalog: Bool

            init(name: String, bundle: String? = nil, isInCompiledCatalog: Bool = false) {
                self.name = name
                self.bundle = bundle
                self.isInCompiledCatalog = isInCompiledCatalog
            }

            /// The colour the shipped table picks for these traits (its space, components or the
            /// system colour it refers to); nil when the table or the name is missing.
            public func resolved(for traits: AssetTraits) -> AssetTable.Color? {
                AssetStore.shared.color(of: self, traits: traits)
            }
        }
        """

    /// `AssetStore`: the bundle, its table read once, the images and colours made from it, and the
    /// system colours the catalogs name (`systemColorCases`, one `case` each).
    static func store(bundle: AccessorBundle, root: String, systemColorCases cases: String) -> String {
        """
        /// The bundle the accessors look in, its table read once, and the images made from it.
        /// Every access holds the lock, so the store may be used from any thread or task.
        final class AssetStore: @unchecked Sendable {
            static let shared = AssetStore()

            let bundle: Bundle
            /// Where the output's `Resources` folder is inside the bundle.
            let root: URL?
            private let lock = NSLock()
            private var tableWasRead = false
            private var table: AssetTable?
        #if canImport(UIKit)
            private var imageAssets: [ImageAsset: UIImageAsset] = [:]
        #endif

            private init() {
                bundle = \(bundleExpression(bundle))
                root = \(root)
            }

            /// The table, read on first use; call with the lock held.
            private func readTable() -> AssetTable? {
                if !tableWasRead {
                    tableWasRead = true
                    table = root.flatMap { try? AssetTable(contentsOf: $0.appendingPathComponent(AssetTable.fileName)) }
                }
                return table
            }

            func url(of asset: ImageAsset, traits: AssetTraits) -> URL? {
                lock.lock()
                defer { lock.unlock() }
                guard let root, let found = readTable()?.image(asset.name, traits: traits, bundle: asset.bundle) else { return nil }
                return root.appendingPathComponent(found.path)
            }

            func color(of asset: ColorAsset, traits: AssetTraits) -> AssetTable.Color? {
                lock.lock()
                defer { lock.unlock() }
                return readTable()?.color(asset.name, traits: traits, bundle: asset.bundle)?.color
            }
        #if canImport(UIKit)
            /// A `UIImageAsset` holding, for scale 1–3, iPhone and iPad, light and dark, normal and
            /// high contrast, the file the table picks: UIKit then shows the right one and switches
            /// when the traits change, as it does for a catalog image. Made once per image.
            func image(_ asset: ImageAsset, compatibleWith traitCollection: UITraitCollection?) -> UIImage? {
                lock.lock()
                defer { lock.unlock() }
                if let made = imageAssets[asset] { return made.image(with: traitCollection ?? Self.currentTraits) }
                guard let root, let table = readTable() else { return nil }
                var appearances: [(AssetTable.Luminosity, Bool)] = [(.light, false)]
                if #available(iOS 13.0, tvOS 13.0, *) { appearances = [(.light, false), (.light, true), (.dark, false), (.dark, true)] }
                let made = UIImageAsset()
                var decoded: [String: UIImage] = [:]
                for scale in 1...3 {
                    for idiom in [AssetTable.Idiom.phone, .pad] {
                        for (luminosity, highContrast) in appearances {
                            let traits = AssetTraits(scale: scale, idiom: idiom, screenWidth: 0, screenHeight: 0,
                                                     luminosity: luminosity, highContrast: highContrast)
                            guard let found = table.image(asset.name, traits: traits, bundle: asset.bundle) else { continue }
                            if decoded[found.path] == nil,
                               let data = try? Data(contentsOf: root.appendingPathComponent(found.path)),
                               let image = UIImage(data: data, scale: CGFloat(found.variant.scale)) {
                                let sliced = asset.slicing(image)
                                decoded[found.path] = asset.isTemplate ? sliced.withRenderingMode(.alwaysTemplate) : sliced
                            }
                            guard let image = decoded[found.path] else { continue }
                            made.register(image, with: Self.traitCollection(traits))
                        }
                    }
                }
                guard !decoded.isEmpty else { return nil }
                imageAssets[asset] = made
                return made.image(with: traitCollection ?? Self.currentTraits)
            }

            /// The traits to pick for when none are given: the current ones (iOS 13 and later), else
            /// none, which lets the image asset choose as UIKit does.
            static var currentTraits: UITraitCollection {
                if #available(iOS 13.0, tvOS 13.0, *) { return UITraitCollection.current }
                return UITraitCollection(traitsFrom: [])
            }

            /// A colour that asks the table again whenever UIKit resolves it for other traits.
            func color(_ asset: ColorAsset, compatibleWith traitCollection: UITraitCollection?) -> UIColor? {
                let light = Self.traits(nil)
                guard color(of: asset, traits: light) != nil else { return nil }
                if let traitCollection { return Self.uiColor(color(of: asset, traits: Self.traits(traitCollection))) }
                if #available(iOS 13.0, tvOS 13.0, *) {
                    return UIColor(dynamicProvider: { traits in
                        AssetStore.uiColor(AssetStore.shared.color(of: asset, traits: AssetStore.traits(traits))) ?? .clear
                    })
                }
                return Self.uiColor(color(of: asset, traits: light))
            }

            static func traits(_ collection: UITraitCollection?) -> AssetTraits {
                var dark = false
                var highContrast = false
                var scale = 2
                var idiom = AssetTable.Idiom.phone
                if let collection {
                    if #available(iOS 13.0, tvOS 13.0, *) {
                        dark = collection.userInterfaceStyle == .dark
                        highContrast = collection.accessibilityContrast == .high
                    }
                    scale = max(1, Int(collection.displayScale.rounded()))
                    idiom = collection.userInterfaceIdiom == .pad ? .pad : .phone
                }
                return AssetTraits(scale: scale, idiom: idiom, screenWidth: 0, screenHeight: 0,
                                   luminosity: dark ? .dark : .light, highContrast: highContrast)
            }

            static func traitCollection(_ traits: AssetTraits) -> UITraitCollection {
                var collections = [UITraitCollection(displayScale: CGFloat(traits.scale)),
                                   UITraitCollection(userInterfaceIdiom: traits.idiom == .pad ? .pad : .phone)]
                if #available(iOS 13.0, tvOS 13.0, *) {
                    collections.append(UITraitCollection(userInterfaceStyle: traits.luminosity == .dark ? .dark : .light))
                    collections.append(UITraitCollection(accessibilityContrast: traits.highContrast ? .high : .normal))
                }
                return UITraitCollection(traitsFrom: collections)
            }

            static func uiColor(_ color: AssetTable.Color?) -> UIColor? {
                guard let color else { return nil }
                if let reference = color.reference { return systemColor(reference) }
                let c = color.components.map { CGFloat($0) }
                guard c.count == 4 else { return nil }
                if color.colorSpace == "display-p3" {
                    return UIColor(displayP3Red: c[0], green: c[1], blue: c[2], alpha: c[3])
                }
                return UIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            }

            private static func systemColor(_ name: String) -> UIColor? {
                guard #available(iOS 13.0, tvOS 13.0, *) else { return nil }
                switch name {
        \(cases)        default: return nil
                }
            }
        #endif
        }
        """
    }

    /// UIKit's `UIImage` and `UIColor` from the values.
    static let uiKitExtensions = """
        #if canImport(UIKit)
        extension ImageAsset {
            /// The image for the current traits; image views showing it switch variants when the
            /// traits change (dark mode, contrast). Stops with a message naming the image when the
            /// build did not ship it.
            public var image: UIImage {
                guard let image = image(compatibleWith: nil) else {
                    fatalError("assetc: no image \\"\\(name)\\" in \\(AssetStore.shared.bundle.bundlePath)")
                }
                return image
            }

            /// The image for these traits (nil: the current ones), or nil when the build did not ship it.
            public func image(compatibleWith traitCollection: UITraitCollection?) -> UIImage? {
                if isInCompiledCatalog {
                    return UIImage(named: name, in: AssetStore.shared.bundle, compatibleWith: traitCollection)
                }
                return AssetStore.shared.image(self, compatibleWith: traitCollection)
            }

            /// The image with the catalog's slicing for its scale, as UIKit applies it to a sliced
            /// image of Assets.car (which holds the slicing itself).
            func slicing(_ image: UIImage) -> UIImage {
                guard let insets = capInsets[Int(image.scale.rounded())] else { return image }
                return image.resizableImage(withCapInsets: UIEdgeInsets(top: CGFloat(insets.top), left: CGFloat(insets.left),
                                                                        bottom: CGFloat(insets.bottom), right: CGFloat(insets.right)),
                                            resizingMode: insets.tiles ? .tile : .stretch)
            }
        }

        extension ColorAsset {
            /// A dynamic colour: UIKit resolves it again for each trait collection (dark mode,
            /// contrast). Stops with a message naming the colour when the build did not ship it.
            public var color: UIColor {
                guard let color = color(compatibleWith: nil) else {
                    fatalError("assetc: no colour \\"\\(name)\\" in \\(AssetStore.shared.bundle.bundlePath)")
                }
                return color
            }

            /// The colour for these traits (nil: a dynamic colour), or nil when the build did not ship it.
            public func color(compatibleWith traitCollection: UITraitCollection?) -> UIColor? {
                if isInCompiledCatalog {
                    return UIColor(named: name, in: AssetStore.shared.bundle, compatibleWith: traitCollection)
                }
                return AssetStore.shared.color(self, compatibleWith: traitCollection)
            }
        }
        #endif
        """

    /// SwiftUI's `Image` and `Color` from the values.
    static let swiftUIExtensions = """
        #if canImport(SwiftUI) && canImport(UIKit)
        @available(iOS 13.0, tvOS 13.0, *)
        extension ImageAsset {
            public var swiftUIImage: SwiftUI.Image { SwiftUI.Image(asset: self) }
        }

        @available(iOS 13.0, tvOS 13.0, *)
        extension ColorAsset {
            public var swiftUIColor: SwiftUI.Color { SwiftUI.Color(asset: self) }
        }

        @available(iOS 13.0, tvOS 13.0, *)
        extension SwiftUI.Image {
            /// From Assets.car by name when the image is there, else from the image the table picks.
            public init(asset: ImageAsset) {
                if asset.isInCompiledCatalog {
                    self.init(asset.name, bundle: AssetStore.shared.bundle)
                } else {
                    self = SwiftUI.Image(uiImage: asset.image).renderingMode(asset.isTemplate ? .template : .original)
                }
            }
        }

        @available(iOS 13.0, tvOS 13.0, *)
        extension SwiftUI.Color {
            /// From Assets.car by name when the colour is there, else the dynamic UIKit colour.
            public init(asset: ColorAsset) {
                if asset.isInCompiledCatalog {
                    self.init(asset.name, bundle: AssetStore.shared.bundle)
                } else {
                    self.init(asset.color)
                }
            }
        }
        #endif
        """
}
