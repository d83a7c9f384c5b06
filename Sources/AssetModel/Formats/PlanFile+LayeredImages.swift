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

extension PlanFile {
    /// What planning guarantees of a plan's layered images, checked again for a plan read from a
    /// file, so a hand-edited one cannot give a car without the icon its Info.plist names: each stack
    /// of a size its platform has, with two layers or more that have an image, and the Info.plist's
    /// icon and top-shelf names those the images make.
    static func checkLayeredImages(_ plan: BuildPlan) throws(JSONValueDecoder.Failure) {
        let brandAssets = plan.compiledCatalog?.brandAssets
        let solid = plan.compiledCatalog?.solidImageStacks ?? []
        for stack in (brandAssets?.stacks ?? []) + solid {
            let sizes = stack.kind == .solidImageStack ? [CatalogImageStack.visionIconSize] : CatalogBrandAssets.stackSizes
            guard sizes.contains(where: { $0.width == stack.width && $0.height == stack.height }),
                  stack.layers.filter(\.hasContent).count >= 2 else { throw JSONValueDecoder.Failure(.stackIsNotPlanned(stack.name)) }
        }
        guard plan.infoPlist.brandAssets == brandAssets.map(TVIcons.init),
              plan.infoPlist.solidImageStackIcon.map({ icon in solid.contains { $0.name == icon } }) ?? true else {
            throw JSONValueDecoder.Failure(.layeredIconIsNotPlanned)
        }
    }
}

extension PlanFile {
    /// Each icon file's slot is one of its platform's (an iPhone slot in a watch plan would put an
    /// iPhone icon in a watch car), and the car is the Info.plist's platform's.
    static func checkPlatform(_ plan: BuildPlan) throws(JSONValueDecoder.Failure) {
        let platform = plan.infoPlist.platform
        if let compiled = plan.compiledCatalog, compiled.platform != platform {
            throw JSONValueDecoder.Failure(.platformsDiffer(compiled.platform, platform))
        }
        let idioms: Set<SlotIdiom> = switch platform {
        case .iOS: [.iphone, .ipad, .appStore]
        case .macOS, .macCatalyst: [.mac]
        case .watchOS: [.watch]
        case .tvOS, .visionOS: []
        }
        if let slot = plan.variants.compactMap(\.iconSlot).first(where: { !idioms.contains($0.idiom) }) {
            throw JSONValueDecoder.Failure(.iconSlotOfAnotherPlatform(slot.label, platform))
        }
    }
}

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
        if let scale = wire.scale, !(1...3).contains(scale) { throw JSONValueDecoder.Failure(.slotScaleOutOfRange(scale)) }
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
        // Two numbers; which sizes a platform has is `PlanFile.checkLayeredImages`'s to say.
        guard wire.size.count == 2 else { throw JSONValueDecoder.Failure(.malformedStackSize) }
        self.init(name: wire.name, setPath: wire.set, contentsPath: wire.contents, width: wire.size[0], height: wire.size[1], layers: wire.layers)
        kind = wire.solid == true ? .solidImageStack : .imageStack
    }
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
        for (role, image) in (wire.topShelf ?? [:]).sorted(by: { $0.key < $1.key }) {
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

    fileprivate static func slotScaleOutOfRange(_ scale: Int) -> Diagnostic.Message { "a layer's scale \(scale) is not 1, 2 or 3" }

    fileprivate static func stackIsNotPlanned(_ name: String) -> Diagnostic.Message { "the image stack \"\(name)\" is not one planning makes: a size its platform has and two layers or more with an image" }

    fileprivate static func platformsDiffer(_ car: ApplePlatform, _ infoPlist: ApplePlatform) -> Diagnostic.Message { "the car is for \(car.rawValue) and the Info.plist for \(infoPlist.rawValue)" }

    fileprivate static func iconSlotOfAnotherPlatform(_ slot: String, _ platform: ApplePlatform) -> Diagnostic.Message { "the \(slot) icon slot is not one of \(platform.rawValue)'s" }

    fileprivate static let layeredIconIsNotPlanned: Diagnostic.Message =
        "the Info.plist's layered icon or top-shelf images are not those the plan's image stacks make"
}
