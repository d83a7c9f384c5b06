/// An Icon Composer bundle's `icon.json`, parsed once and read for every appearance: the flattened
/// icon's documents, the layer files they name and the parsed tree the car's stack is planned from
/// (`IconStackPlan`). Every use of the file starts here; nothing else parses it.
public struct IconComposerFile: Sendable {
    /// The file's JSON, held to the JSON limit (16 MiB) rather than a source's: a parse takes about
    /// 40 bytes of memory per byte of the file.
    let root: JSONNode
    /// Light, dark and tinted, in `Appearance.allCases` order; reading each is what checks the file
    /// (bounds, names inside the bundle), so a file that opens is good for every appearance.
    private let documents: [IconComposerDocument]
    /// Icon Composer 2.0's top-level `"features"` (`refractivity`, `specular-location`): the one mark
    /// of a file Xcode 27 saved, which Xcode 26's actool cannot open. Empty for a 1.x file.
    public let features: [String]
    /// The features assetc reads, in Xcode 27's generation only (`XcodeGeneration.readsIconComposer2`).
    public static let knownFeatures = ["refractivity", "specular-location"]

    /// The keys of an Icon Composer 2.0 file that assetc neither reads nor knows to leave aside
    /// (a `-specializations` key counts as its own): the build says them, so an icon is not drawn
    /// without something of its design unsaid. Empty for a 1.x file, whose keys are Icon Composer
    /// 1's (a 1.x file with a stray key is drawn as before).
    public var unknownKeys: [String] {
        guard !features.isEmpty else { return [] }
        let top: Set<String> = ["features", "fill", "groups", "supported-platforms", "color-space-for-untagged-svg-colors"]
        let group: Set<String> = ["layers", "name", "hidden", "opacity", "blend-mode", "position", "lighting", "specular", "shadow",
                                  "translucency", "blur-material", "refractivity"]
        let layer: Set<String> = ["name", "image-name", "fill", "hidden", "opacity", "blend-mode", "position", "glass"]
        var unknown: Set<String> = []
        func check(_ node: JSONNode, _ known: Set<String>) {
            guard case .object(let members) = node.value else { return }
            for member in members {
                let key = member.key.hasSuffix("-specializations") ? String(member.key.dropLast("-specializations".count)) : member.key
                if !known.contains(key) { unknown.insert(member.key) }
            }
        }
        check(root, top)
        if case .object(let members) = root.value, let groups = members.first(where: { $0.key == "groups" })?.value, case .array(let items) = groups.value {
            for item in items {
                check(item, group)
                if case .object(let fields) = item.value, let layers = fields.first(where: { $0.key == "layers" })?.value, case .array(let list) = layers.value {
                    for entry in list { check(entry, layer) }
                }
            }
        }
        return unknown.sorted()
    }

    public init(bytes: [UInt8]) throws(IconComposerError) {
        guard bytes.count <= Limits.maximumJSONBytes else {
            throw IconComposerError(.iconJSONIsTooLarge(byteCount: bytes.count))
        }
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw IconComposerError(.init(relaying: error.message), at: error.location)
        }
        var features: [String] = []
        if case .object(let members) = root.value, let node = members.first(where: { $0.key == "features" })?.value {
            guard case .array(let items) = node.value else { throw IconComposerError(.featuresIsNotAnArrayOfNames, at: node.location) }
            for item in items {
                guard case .string(let name) = item.value else { throw IconComposerError(.featuresIsNotAnArrayOfNames, at: item.location) }
                features.append(name)
            }
        }
        self.features = features
        var documents: [IconComposerDocument] = []
        for appearance in IconComposerDocument.Appearance.allCases {
            var reader = IconComposerReader(appearance: appearance)
            documents.append(try reader.document(root))
        }
        self.documents = documents
    }

    /// The icon as drawn for `appearance`; hidden groups and layers are left out.
    public func document(_ appearance: IconComposerDocument.Appearance) -> IconComposerDocument {
        documents[IconComposerDocument.Appearance.allCases.firstIndex(of: appearance)!]
    }

    /// Every file the bundle's layers name, in any appearance: what the icon is drawn from.
    public var imageNames: [String] {
        Set(documents.flatMap { $0.groups.flatMap { $0.layers.map(\.imageName) } }).sorted()
    }
}

extension Diagnostic.Message {
    fileprivate static func iconJSONIsTooLarge(byteCount: Int) -> Diagnostic.Message { "icon.json is \(byteCount) bytes, more than the \(Limits.maximumJSONBytes >> 20) MiB a JSON file may have" }

    fileprivate static let featuresIsNotAnArrayOfNames: Diagnostic.Message = "\"features\" must be an array of names"
}
