import AssetModel

/// The asset symbols of a set of catalogs, as Xcode's GenerateAssetSymbols lays them out: colour
/// sets that hold a colour and image sets that hold an image, each kind sorted by name byte by
/// byte, a namespace group becoming a nested enum at the place its first asset sorts, and a second
/// asset that reads as a symbol already taken in its scope left as a warning there.
public struct AssetSymbolTree: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case color, image
    }

    /// One asset that gets a symbol.
    public struct Asset: Sendable, Equatable {
        /// The name `UIColor(named:)` knows, namespaces included (`Colors/Accent`).
        public var name: String
        /// The set folder in its catalog (`Colors/Accent.colorset`, ordinary groups included).
        public var setPath: String
        /// The catalog as named on the command line.
        public var catalogPath: String

        /// The last part of the name, which the member is made from.
        public var leafName: String { name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name }
    }

    public indirect enum Node: Sendable, Equatable {
        /// `static let member = …(name: asset.name, …)`.
        case member(String, Asset)
        /// `enum Name {` holding the assets of a namespace group; `path` is its full name.
        case namespace(String, path: String, [Node])
        /// An asset whose member is already taken in this scope: Xcode's `#warning` in its place.
        case collision(Asset, member: String)
    }

    public var colors: [Node]
    public var images: [Node]

    public init(colors: [Node], images: [Node]) { (self.colors, self.images) = (colors, images) }

    /// The symbols of `catalogs` (their contents with the catalog path as given).
    public init(catalogs: [(path: String, contents: CatalogContents)]) {
        var colors: [Asset] = []
        var images: [Asset] = []
        for (path, contents) in catalogs {
            colors += contents.colorSets.filter { !$0.colors.isEmpty }.map { Asset(name: $0.name, setPath: $0.setPath, catalogPath: path) }
            images += contents.imageSets.filter { !$0.slots.isEmpty }.map { Asset(name: $0.name, setPath: $0.setPath, catalogPath: path) }
        }
        self.init(colors: Self.nodes(colors), images: Self.nodes(images))
    }

    /// Byte order of names, as Xcode sorts them (`Blob` before `arrow`, `emoji 1` before `emoji_0`).
    static func byteOrder(_ a: Asset, _ b: Asset) -> Bool {
        a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    static func nodes(_ assets: [Asset]) -> [Node] {
        var root: [Node] = []
        var seen: Set<String> = []
        for asset in assets.sorted(by: byteOrder) where seen.insert(asset.name).inserted {
            let parts = asset.name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            insert(asset, namespaces: parts.dropLast()[...], prefix: "", into: &root)
        }
        return root
    }

    private static func insert(_ asset: Asset, namespaces: ArraySlice<String>, prefix: String, into nodes: inout [Node]) {
        guard let first = namespaces.first else {
            let member = AssetSymbolNaming.swiftMember(asset.leafName)
            let taken = nodes.contains { if case .member(let name, _) = $0 { name == member } else { false } }
            nodes.append(taken ? .collision(asset, member: member) : .member(member, asset))
            return
        }
        let name = AssetSymbolNaming.swiftNamespace(first)
        let path = prefix.isEmpty ? first : prefix + "/" + first
        // The enum opened by an earlier asset of this group, or of a group whose name reads the
        // same (`My Icons`, `My-Icons`): one enum, so the file compiles.
        for index in nodes.indices {
            guard case .namespace(let opened, let openedPath, var children) = nodes[index], opened == name else { continue }
            insert(asset, namespaces: namespaces.dropFirst(), prefix: openedPath, into: &children)
            nodes[index] = .namespace(name, path: openedPath, children)
            return
        }
        var children: [Node] = []
        insert(asset, namespaces: namespaces.dropFirst(), prefix: path, into: &children)
        nodes.append(.namespace(name, path: path, children))
    }

    /// Every asset with its member, qualified by its namespaces (`Colors.accent`), in the order
    /// the Swift file lists them; collisions left out.
    public func entries(_ kind: Kind) -> [(asset: Asset, member: String)] {
        var result: [(Asset, String)] = []
        func walk(_ nodes: [Node], qualifier: String) {
            for node in nodes {
                switch node {
                case .member(let member, let asset): result.append((asset, qualifier + member))
                case .namespace(let name, _, let children): walk(children, qualifier: qualifier + name + ".")
                case .collision: break
                }
            }
        }
        walk(kind == .color ? colors : images, qualifier: "")
        return result
    }

    /// Every asset of a kind, those left as collisions too, sorted by name (the header's order).
    public func assets(_ kind: Kind) -> [Asset] {
        var result: [Asset] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .member(_, let asset), .collision(let asset, _): result.append(asset)
                case .namespace(_, _, let children): walk(children)
                }
            }
        }
        walk(kind == .color ? colors : images)
        return result.sorted(by: Self.byteOrder)
    }

    /// `ACColorNameAccentColor`, `ACImageNameIconsStar`.
    public static func objectiveCConstant(_ kind: Kind, name: String) -> String {
        (kind == .color ? "ACColorName" : "ACImageName") + AssetSymbolNaming.objectiveCTail(name)
    }
}
