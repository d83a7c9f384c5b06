/// A plan's layered images: a tvOS Brand Assets set and visionOS's solid image stacks, as the car
/// step takes them (`CarAssembler.layerStacks`, `solidImageStacks`). Their layers' pixels are the
/// plan's variants, rendered like any image; what is carried here is the structure: the stacks,
/// their layers front first, each layer's image set and its slots (the scales and file names the
/// textures are named by), the top-shelf and App Store images, and where each came from for messages.
/// An image set's `properties` stay behind: a layer, a top-shelf image and a flat App Store icon
/// are recorded in the car by their variants and catalog records, not by these.

extension CatalogImageSlot: Codable {
    private enum CodingKeys: String, CodingKey { case idiom, scale, appearance, tall, filename, path, location }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(idiom, forKey: .idiom)
        try c.encodeIfPresent(scale, forKey: .scale)
        if !appearance.isAny { try c.encode(appearance, forKey: .appearance) }
        if tall { try c.encode(true, forKey: .tall) }
        try c.encode(filename, forKey: .filename)
        try c.encode(path, forKey: .path)
        try c.encode(location, forKey: .location)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(idiom: try c.decodeIfPresent(Idiom.self, forKey: .idiom), scale: try c.decodeIfPresent(Int.self, forKey: .scale),
                  appearance: try c.decodeIfPresent(Appearance.self, forKey: .appearance) ?? .any,
                  tall: try c.decodeIfPresent(Bool.self, forKey: .tall) ?? false,
                  filename: try c.decode(String.self, forKey: .filename), path: try c.decode(String.self, forKey: .path),
                  location: try c.decode(SourceLocation.self, forKey: .location))
    }
}

extension CatalogImageSet: Codable {
    private enum CodingKeys: String, CodingKey { case name, setPath = "set", contentsPath = "contents", slots }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(setPath, forKey: .setPath)
        try c.encode(contentsPath, forKey: .contentsPath)
        try c.encode(slots, forKey: .slots)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), setPath: try c.decode(String.self, forKey: .setPath),
                  contentsPath: try c.decode(String.self, forKey: .contentsPath), slots: try c.decode([CatalogImageSlot].self, forKey: .slots),
                  properties: CatalogImageProperties())
    }
}

extension CatalogImageStack.Layer: Codable {
    private enum CodingKeys: String, CodingKey { case name, content, folder }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(content, forKey: .content)
        try c.encodeIfPresent(folder, forKey: .folder)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), content: try c.decodeIfPresent(CatalogImageSet.self, forKey: .content),
                  folder: try c.decodeIfPresent(String.self, forKey: .folder))
    }
}

extension CatalogImageStack: Codable {
    private enum CodingKeys: String, CodingKey { case solid, name, setPath = "set", contentsPath = "contents", size, layers }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if kind == .solidImageStack { try c.encode(true, forKey: .solid) }
        try c.encode(name, forKey: .name)
        try c.encode(setPath, forKey: .setPath)
        try c.encode(contentsPath, forKey: .contentsPath)
        try c.encode([width, height], forKey: .size)
        try c.encode(layers, forKey: .layers)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let size = try c.decode([Int].self, forKey: .size)
        // A stack is drawn at its size times its scale: a size no image could have is refused here.
        guard size.count == 2, size.allSatisfy({ (1...Self.largestSide).contains($0) }) else {
            throw JSONValueDecoder.Failure(.malformedStackSize)
        }
        self.init(name: try c.decode(String.self, forKey: .name), setPath: try c.decode(String.self, forKey: .setPath),
                  contentsPath: try c.decode(String.self, forKey: .contentsPath), width: size[0], height: size[1],
                  layers: try c.decode([Layer].self, forKey: .layers))
        kind = try c.decodeIfPresent(Bool.self, forKey: .solid) == true ? .solidImageStack : .imageStack
    }

    /// The largest side, in points, a plan's stack may have: the App Store icon's 1280, with room,
    /// and a bound on the canvas a forged plan can make the car step draw.
    static let largestSide = 2048
}

extension CatalogBrandAssets: Codable {
    private enum CodingKeys: String, CodingKey { case name, setPath = "set", contentsPath = "contents", stacks, topShelf, appStoreImage, unknownRoles }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(setPath, forKey: .setPath)
        try c.encode(contentsPath, forKey: .contentsPath)
        try c.encode(stacks, forKey: .stacks)
        // By role (the encoder sorts keys).
        if !topShelf.isEmpty { try c.encode(Dictionary(uniqueKeysWithValues: topShelf.map { ($0.key.rawValue, $0.value) }), forKey: .topShelf) }
        try c.encodeIfPresent(appStoreImage, forKey: .appStoreImage)
        if !unknownRoles.isEmpty { try c.encode(unknownRoles, forKey: .unknownRoles) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), setPath: try c.decode(String.self, forKey: .setPath),
                  contentsPath: try c.decode(String.self, forKey: .contentsPath), stacks: try c.decode([CatalogImageStack].self, forKey: .stacks))
        for (role, image) in try c.decodeIfPresent([String: CatalogImageSet].self, forKey: .topShelf) ?? [:] {
            guard let known = TopShelfRole(rawValue: role) else { throw JSONValueDecoder.Failure(.unknownTopShelfRole(role)) }
            topShelf[known] = image
        }
        appStoreImage = try c.decodeIfPresent(CatalogImageSet.self, forKey: .appStoreImage)
        unknownRoles = try c.decodeIfPresent([String].self, forKey: .unknownRoles) ?? []
    }
}

extension TVIcons: Codable {
    private enum CodingKeys: String, CodingKey { case primaryIcon, topShelf }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(primaryIcon, forKey: .primaryIcon)
        if !topShelf.isEmpty { try c.encode(topShelf, forKey: .topShelf) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(primaryIcon: try c.decodeIfPresent(String.self, forKey: .primaryIcon),
                  topShelf: try c.decodeIfPresent([String: String].self, forKey: .topShelf) ?? [:])
        // Only the two keys `TVTopShelfImage` has: a plan cannot put another into the Info.plist.
        let keys = Set(CatalogBrandAssets.TopShelfRole.allCases.map(\.infoPlistKey))
        if let key = topShelf.keys.sorted().first(where: { !keys.contains($0) }) { throw JSONValueDecoder.Failure(.unknownTopShelfRole(key)) }
    }
}

extension Diagnostic.Message {
    fileprivate static let malformedStackSize: Diagnostic.Message = "an image stack's size is malformed"

    fileprivate static func unknownTopShelfRole(_ role: String) -> Diagnostic.Message { "\"\(role)\" is not a top-shelf role" }
}
