/// A plan's layered images: a tvOS Brand Assets set and visionOS's solid image stacks, as the car
/// step takes them (`CarAssembler.layerStacks`, `solidImageStacks`). Their layers' pixels are the
/// plan's variants, rendered like any image; what is carried here is the structure: the stacks,
/// their layers front first, each layer's image set and its slots (the scales and file names the
/// textures are named by), the top-shelf and App Store images, and where each came from for messages.
/// An image set's `properties` stay behind: a layer, a top-shelf image and a flat App Store icon
/// are recorded in the car by their variants and catalog records, not by these.
///
/// Each value is written through a `Wire` struct whose coding the compiler writes: the file's
/// field names and what is left out when it has its usual value (an `any` appearance, no `tall`).

extension CatalogImageSlot: Codable {
    private struct Wire: Codable {
        var idiom: Idiom?, scale: Int?, appearance: Appearance?, tall: Bool?
        var filename: String, path: String, location: SourceLocation
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(idiom: idiom, scale: scale, appearance: appearance.isAny ? nil : appearance, tall: tall ? true : nil,
                 filename: filename, path: path, location: location).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(idiom: wire.idiom, scale: wire.scale, appearance: wire.appearance ?? .any, tall: wire.tall ?? false,
                  filename: wire.filename, path: wire.path, location: wire.location)
    }
}

extension CatalogImageSet: Codable {
    private struct Wire: Codable {
        var name: String, set: String, contents: String, slots: [CatalogImageSlot]
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(name: name, set: setPath, contents: contentsPath, slots: slots).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(name: wire.name, setPath: wire.set, contentsPath: wire.contents, slots: wire.slots, properties: CatalogImageProperties())
    }
}

extension CatalogImageStack.Layer: Codable {
    private struct Wire: Codable {
        var name: String, content: CatalogImageSet?, folder: String?
    }

    public func encode(to encoder: any Encoder) throws { try Wire(name: name, content: content, folder: folder).encode(to: encoder) }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(name: wire.name, content: wire.content, folder: wire.folder)
    }
}

extension CatalogImageStack: Codable {
    private struct Wire: Codable {
        var solid: Bool?, name: String, set: String, contents: String, size: [Int], layers: [Layer]
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(solid: kind == .solidImageStack ? true : nil, name: name, set: setPath, contents: contentsPath,
                 size: [width, height], layers: layers).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        // A stack is drawn at its size times its scale: a size no image could have is refused here.
        guard wire.size.count == 2, wire.size.allSatisfy({ (1...Self.largestSide).contains($0) }) else {
            throw JSONValueDecoder.Failure(.malformedStackSize)
        }
        self.init(name: wire.name, setPath: wire.set, contentsPath: wire.contents, width: wire.size[0], height: wire.size[1], layers: wire.layers)
        kind = wire.solid == true ? .solidImageStack : .imageStack
    }

    /// The largest side, in points, a plan's stack may have: the App Store icon's 1280, with room,
    /// and a bound on the canvas a forged plan can make the car step draw.
    static let largestSide = 2048
}

extension CatalogBrandAssets: Codable {
    private struct Wire: Codable {
        var name: String, set: String, contents: String, stacks: [CatalogImageStack]
        /// By role (the encoder sorts keys).
        var topShelf: [String: CatalogImageSet]?
        var appStoreImage: CatalogImageSet?
        var unknownRoles: [String]?
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(name: name, set: setPath, contents: contentsPath, stacks: stacks,
                 topShelf: topShelf.isEmpty ? nil : Dictionary(uniqueKeysWithValues: topShelf.map { ($0.key.rawValue, $0.value) }),
                 appStoreImage: appStoreImage, unknownRoles: unknownRoles.isEmpty ? nil : unknownRoles).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(name: wire.name, setPath: wire.set, contentsPath: wire.contents, stacks: wire.stacks)
        for (role, image) in wire.topShelf ?? [:] {
            guard let known = TopShelfRole(rawValue: role) else { throw JSONValueDecoder.Failure(.unknownTopShelfRole(role)) }
            topShelf[known] = image
        }
        appStoreImage = wire.appStoreImage
        unknownRoles = wire.unknownRoles ?? []
    }
}

extension TVIcons: Codable {
    private struct Wire: Codable {
        var primaryIcon: String?, topShelf: [String: String]?
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(primaryIcon: primaryIcon, topShelf: topShelf.isEmpty ? nil : topShelf).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(primaryIcon: wire.primaryIcon, topShelf: wire.topShelf ?? [:])
        // Only the two keys `TVTopShelfImage` has: a plan cannot put another into the Info.plist.
        let keys = Set(CatalogBrandAssets.TopShelfRole.allCases.map(\.infoPlistKey))
        if let key = topShelf.keys.sorted().first(where: { !keys.contains($0) }) { throw JSONValueDecoder.Failure(.unknownTopShelfRole(key)) }
    }
}

extension Diagnostic.Message {
    fileprivate static let malformedStackSize: Diagnostic.Message = "an image stack's size is malformed"

    fileprivate static func unknownTopShelfRole(_ role: String) -> Diagnostic.Message { "\"\(role)\" is not a top-shelf role" }
}
