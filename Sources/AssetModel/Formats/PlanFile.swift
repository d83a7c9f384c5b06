/// `assetc plan --json` (format 2): the whole `BuildPlan` with each variant's cache key, so one
/// action can render any subset of it alone (`assetc render`) and another can write the index,
/// table, plist and report from the files (`assetc assemble`) — for Ninja, Make and Bazel, where
/// each action is its own process. Decoding is strict: a plan from another assetc, another device
/// table or a hand edit that does not parse is refused, never half-used.
public enum PlanFile {
    public static let formatVersion = 2

    public struct Entry: Sendable {
        public var variant: Variant
        /// The cache key at planning time; `render` recomputes it and refuses a stale plan.
        public var key: String

        public init(variant: Variant, key: String) { (self.variant, self.key) = (variant, key) }
    }

    public struct Contents: Sendable {
        public var plan: BuildPlan
        public var keys: [String]
    }

    public struct DecodeError: Error, Sendable, Equatable {
        public var message: String
        public init(_ message: Diagnostic.Message) { self.message = message.text }
    }

    // MARK: Encoding

    public static func encode(_ plan: BuildPlan, keys: [String], only indices: [Int]? = nil) -> JSONOutput {
        let chosen = indices ?? Array(plan.variants.indices)
        let document = Document(plan: plan, entries: chosen.map { Entry(variant: plan.variants[$0], key: keys[$0]) })
        // Every field is a value the encoder can write: a failure here is a programming error.
        do { return try JSONValueEncoder().encode(document) } catch { preconditionFailure("plan encoding: \(error)") }
    }

    // MARK: Decoding

    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Contents {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw DecodeError(.notAPlan(error))
        }
        // The version fields first, so a plan from another assetc gets the message that says what to do.
        let header: Header
        do { header = try JSONValueDecoder().decode(Header.self, from: root) } catch { throw DecodeError(.init(relaying: error.message)) }
        guard header.formatVersion == formatVersion else {
            throw DecodeError(.planFormatDiffers(formatVersion))
        }
        guard header.deviceTables == DeviceTables.version else {
            throw DecodeError(.planDeviceTablesDiffer(header.deviceTables))
        }
        let document: Document
        do { document = try JSONValueDecoder().decode(Document.self, from: root) } catch { throw DecodeError(.init(relaying: error.message)) }
        return Contents(plan: document.plan, keys: document.entries.map(\.key))
    }

    private struct Header: Decodable {
        var formatVersion: Int
        var deviceTables: String
    }
}

extension PlanFile.Entry: Codable {
    public func encode(to encoder: any Encoder) throws {
        try variant.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(key, forKey: .key)
    }

    public init(from decoder: any Decoder) throws {
        self.init(variant: try Variant(from: decoder), key: try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .key))
    }

    private enum Key: String, CodingKey { case key }
}

extension PlanFile {
    /// The file as a whole: the plan and, per file, its cache key.
    struct Document: Codable {
        var plan: BuildPlan
        var entries: [Entry]

        private enum CodingKeys: String, CodingKey {
            case formatVersion, generator, deviceTables, input, files, bundles, infoPlist, budget, catalog, fonts
            case pngEffort, compiledCatalog, warnings
        }

        init(plan: BuildPlan, entries: [Entry]) { (self.plan, self.entries) = (plan, entries) }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(PlanFile.formatVersion, forKey: .formatVersion)
            try c.encode("assetc \(AssetcVersion.current)", forKey: .generator)
            try c.encode(DeviceTables.version, forKey: .deviceTables)
            try c.encode(plan.inputPath, forKey: .input)
            try c.encode(entries, forKey: .files)
            try c.encode(plan.bundles, forKey: .bundles)
            try c.encode(plan.infoPlist, forKey: .infoPlist)
            try c.encode(plan.budget, forKey: .budget)
            try c.encode(plan.catalogRecords, forKey: .catalog)
            try c.encode(plan.fontsDirectory, forKey: .fonts)
            try c.encode(plan.pngEffort, forKey: .pngEffort)
            try c.encode(plan.compiledCatalog, forKey: .compiledCatalog)
            // Planning's warnings: the contact sheet shows them beside the images.
            try c.encode(plan.warnings, forKey: .warnings)
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            entries = try c.decode([PlanFile.Entry].self, forKey: .files)
            plan = BuildPlan(inputPath: try c.decode(String.self, forKey: .input), variants: entries.map(\.variant),
                             bundles: try c.decode([BundleSpec].self, forKey: .bundles),
                             infoPlist: try c.decode(InfoPlistRequest.self, forKey: .infoPlist),
                             budget: try c.decodeIfPresent(SizeBudget.self, forKey: .budget),
                             warnings: try c.decode([Diagnostic].self, forKey: .warnings))
            plan.catalogRecords = try c.decode(CatalogRecords.self, forKey: .catalog)
            plan.fontsDirectory = try c.decodeIfPresent(String.self, forKey: .fonts)
            plan.pngEffort = try c.decode(PNGEffort.self, forKey: .pngEffort)
            plan.compiledCatalog = try c.decodeIfPresent(CompiledCatalogRequest.self, forKey: .compiledCatalog)
            try PlanFile.checkLayeredImages(plan)
            try PlanFile.checkPlatform(plan)
            // A car-only slot's scale keys its rendition (0: none, drawn at each scale).
            if let slot = plan.catalogRecords.images.flatMap(\.properties.traitSlots).first(where: { !(0...3).contains($0.scale) }) {
                throw JSONValueDecoder.Failure(.traitSlotScaleOutOfRange(slot.filename, slot.scale))
            }
        }
    }
}

extension PNGEffort: Codable {}
extension Idiom: Codable {}

extension OSVersion: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = OSVersion(text) else { throw JSONValueDecoder.Failure(.notAVersion(text)) }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Diagnostic.Severity: Codable {}

extension Diagnostic: Codable {
    private enum CodingKeys: String, CodingKey { case severity, file, at, message, rule }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(path, forKey: .file)
        try c.encode(location, forKey: .at)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(rule, forKey: .rule)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(Severity.self, forKey: .severity), path: try c.decode(String.self, forKey: .file),
                  at: try c.decodeIfPresent(SourceLocation.self, forKey: .at), .init(relaying: try c.decode(String.self, forKey: .message)))
        rule = try c.decodeIfPresent(String.self, forKey: .rule)
    }
}

extension InfoPlistRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case devices, legacy, iconName, alternateIcons, launchBasename, compiledIconName, accentColor, widgetBackgroundColor, launchScreen
        case brandAssets, solidImageStackIcon, platform, writesIconFile
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(devices, forKey: .devices)
        try c.encode(targetsLegacyOS, forKey: .legacy)
        try c.encode(iconName, forKey: .iconName)
        try c.encode(alternateIcons.map { [$0.name, $0.fileBase] + ($0.requestedName.map { [$0] } ?? []) }, forKey: .alternateIcons)
        try c.encodeIfPresent(launchBasename, forKey: .launchBasename)
        try c.encodeIfPresent(compiledIconName, forKey: .compiledIconName)
        try c.encodeIfPresent(accentColorName, forKey: .accentColor)
        try c.encodeIfPresent(widgetBackgroundColorName, forKey: .widgetBackgroundColor)
        try c.encodeIfPresent(launchScreen, forKey: .launchScreen)
        try c.encodeIfPresent(brandAssets, forKey: .brandAssets)
        try c.encodeIfPresent(solidImageStackIcon, forKey: .solidImageStackIcon)
        // A Mac app's keys are its own; an iOS plan's bytes stay as they were.
        if platform != .iOS { try c.encode(platform, forKey: .platform) }
        if !writesIconFile { try c.encode(false, forKey: .writesIconFile) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(devices: try c.decode([Idiom].self, forKey: .devices), targetsLegacyOS: try c.decode(Bool.self, forKey: .legacy),
                  iconName: try c.decode(String.self, forKey: .iconName),
                  launchBasename: try c.decodeIfPresent(String.self, forKey: .launchBasename))
        alternateIcons = try c.decode([[String]].self, forKey: .alternateIcons).map { pair in
            guard pair.count == 2 || pair.count == 3 else { throw JSONValueDecoder.Failure(.malformedAlternateIcon) }
            return AlternateIcon(name: pair[0], fileBase: pair[1], requestedName: pair.count == 3 ? pair[2] : nil)
        }
        compiledIconName = try c.decodeIfPresent(String.self, forKey: .compiledIconName)
        accentColorName = try c.decodeIfPresent(String.self, forKey: .accentColor)
        widgetBackgroundColorName = try c.decodeIfPresent(String.self, forKey: .widgetBackgroundColor)
        launchScreen = try c.decodeIfPresent(LaunchScreenSpec.self, forKey: .launchScreen)
        brandAssets = try c.decodeIfPresent(TVIcons.self, forKey: .brandAssets)
        solidImageStackIcon = try c.decodeIfPresent(String.self, forKey: .solidImageStackIcon)
        platform = try c.decodeIfPresent(ApplePlatform.self, forKey: .platform) ?? .iOS
        writesIconFile = try c.decodeIfPresent(Bool.self, forKey: .writesIconFile) ?? true
    }
}

/// A plan's `UILaunchScreen`: the manifest's spelling; its place in the manifest stays behind.
extension LaunchScreenSpec: Codable {
    private enum CodingKeys: String, CodingKey { case color, image, respectsSafeArea, navigationBar, tabBar, toolbar }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(colorName, forKey: .color)
        try c.encodeIfPresent(imageName, forKey: .image)
        try c.encodeIfPresent(imageRespectsSafeAreaInsets, forKey: .respectsSafeArea)
        if navigationBar { try c.encode(true, forKey: .navigationBar) }
        if tabBar { try c.encode(true, forKey: .tabBar) }
        if toolbar { try c.encode(true, forKey: .toolbar) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(colorName: try c.decodeIfPresent(String.self, forKey: .color), imageName: try c.decodeIfPresent(String.self, forKey: .image))
        imageRespectsSafeAreaInsets = try c.decodeIfPresent(Bool.self, forKey: .respectsSafeArea)
        navigationBar = try c.decodeIfPresent(Bool.self, forKey: .navigationBar) ?? false
        tabBar = try c.decodeIfPresent(Bool.self, forKey: .tabBar) ?? false
        toolbar = try c.decodeIfPresent(Bool.self, forKey: .toolbar) ?? false
    }
}

extension CompiledCatalogRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case appIcon, deploymentTarget, singleSizeIcon, devices, xcode, iconStack, space, platform, brandAssets, solidImageStacks, writesIconFile
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        // Another platform's car keys its renditions its own way (an iOS plan's bytes stay as they were).
        if platform != .iOS { try c.encode(platform, forKey: .platform) }
        try c.encode(appIconName, forKey: .appIcon)
        try c.encode(deploymentTarget, forKey: .deploymentTarget)
        try c.encode(singleSizeIcon, forKey: .singleSizeIcon)
        try c.encode(devices, forKey: .devices)
        if xcode != .default { try c.encode(xcode.version, forKey: .xcode) }
        try c.encodeIfPresent(iconStackJSON, forKey: .iconStack)
        if optimizesForSpace { try c.encode(true, forKey: .space) }
        try c.encodeIfPresent(brandAssets, forKey: .brandAssets)
        if !solidImageStacks.isEmpty { try c.encode(solidImageStacks, forKey: .solidImageStacks) }
        if !writesIconFile { try c.encode(false, forKey: .writesIconFile) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(appIconName: try c.decodeIfPresent(String.self, forKey: .appIcon),
                  deploymentTarget: try c.decode(OSVersion.self, forKey: .deploymentTarget))
        singleSizeIcon = try c.decode(Bool.self, forKey: .singleSizeIcon)
        devices = try c.decode([Idiom].self, forKey: .devices)
        if let version = try c.decodeIfPresent(String.self, forKey: .xcode) {
            guard let generation = XcodeGeneration.named(version) else { throw JSONValueDecoder.Failure(.unknownXcodeGeneration(version)) }
            xcode = generation
        }
        iconStackJSON = try c.decodeIfPresent(String.self, forKey: .iconStack)
        optimizesForSpace = try c.decodeIfPresent(Bool.self, forKey: .space) ?? false
        platform = try c.decodeIfPresent(ApplePlatform.self, forKey: .platform) ?? .iOS
        brandAssets = try c.decodeIfPresent(CatalogBrandAssets.self, forKey: .brandAssets)
        solidImageStacks = try c.decodeIfPresent([CatalogImageStack].self, forKey: .solidImageStacks) ?? []
        writesIconFile = try c.decodeIfPresent(Bool.self, forKey: .writesIconFile) ?? true
    }
}

extension CatalogRecords.Image: Codable {
    private enum CodingKeys: String, CodingKey {
        case bundle, name, catalog, setPath = "set"
        case templateRenderingIntent, preservesVectorRepresentation, resizing, alignmentInsets, capInsets, alignment, traitSlots
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bundle.name, forKey: .bundle)
        try c.encode(name, forKey: .name)
        try c.encode(catalog, forKey: .catalog)
        try c.encode(setPath, forKey: .setPath)
        try c.encodeIfPresent(properties.templateRenderingIntent, forKey: .templateRenderingIntent)
        try c.encodeIfPresent(properties.preservesVectorRepresentation, forKey: .preservesVectorRepresentation)
        try c.encodeIfPresent(properties.resizing, forKey: .resizing)
        try c.encodeIfPresent(properties.alignmentInsets, forKey: .alignmentInsets)
        if !properties.capInsets.isEmpty { try c.encode(properties.capInsets, forKey: .capInsets) }
        if !properties.alignment.isEmpty { try c.encode(properties.alignment, forKey: .alignment) }
        if !properties.traitSlots.isEmpty { try c.encode(properties.traitSlots, forKey: .traitSlots) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var properties = CatalogImageProperties(
            templateRenderingIntent: try c.decodeIfPresent(String.self, forKey: .templateRenderingIntent),
            preservesVectorRepresentation: try c.decodeIfPresent(Bool.self, forKey: .preservesVectorRepresentation),
            resizing: try c.decodeIfPresent(JSONOutput.self, forKey: .resizing),
            alignmentInsets: try c.decodeIfPresent(JSONOutput.self, forKey: .alignmentInsets))
        properties.capInsets = try c.decodeIfPresent([ScaledCapInsets].self, forKey: .capInsets) ?? []
        properties.alignment = try c.decodeIfPresent([ScaledAlignmentInsets].self, forKey: .alignment) ?? []
        properties.traitSlots = try c.decodeIfPresent([CatalogTraitSlot].self, forKey: .traitSlots) ?? []
        self.init(bundle: try c.decodeBundle(.bundle), name: try c.decode(String.self, forKey: .name),
                  catalog: try c.decode(String.self, forKey: .catalog), setPath: try c.decode(String.self, forKey: .setPath),
                  properties: properties)
    }
}

extension CatalogRecords.Color: Codable {
    private enum CodingKeys: String, CodingKey { case bundle, name, colors }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bundle.name, forKey: .bundle)
        try c.encode(name, forKey: .name)
        try c.encode(colors, forKey: .colors)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(bundle: try c.decodeBundle(.bundle), name: try c.decode(String.self, forKey: .name),
                  colors: try c.decode([CatalogColor].self, forKey: .colors))
    }
}

extension KeyedDecodingContainer {
    /// A record's `"bundle"`: the main bundle when null or absent (as each record kind writes it).
    func decodeBundle(_ key: Key) throws -> BundleRef { BundleRef(try decodeIfPresent(String.self, forKey: key)) }
}

// Data and symbol sets leave out the main bundle's "bundle" (Swift's synthesized form, which the
// plan files of earlier versions hold); images and colours write it as null.
extension CatalogRecords.DataSet: Codable {
    private struct Wire: Codable {
        var bundle: String?, name: String, catalog: String, setPath: String, entries: [CatalogDataSet.Entry]
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(bundle: bundle.name, name: name, catalog: catalog, setPath: setPath, entries: entries).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(bundle: BundleRef(wire.bundle), name: wire.name, catalog: wire.catalog, setPath: wire.setPath, entries: wire.entries)
    }
}

extension CatalogRecords.SymbolSet: Codable {
    private struct Wire: Codable {
        var bundle: String?, catalog: String, symbolSet: CatalogSymbolSet
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(bundle: bundle.name, catalog: catalog, symbolSet: symbolSet).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        self.init(bundle: BundleRef(wire.bundle), catalog: wire.catalog, symbolSet: wire.symbolSet)
    }
}

extension ColorComponent: Codable {
    public init(from decoder: any Decoder) throws {
        let (name, value) = try decodePair(String.self, Double.self, from: decoder)
        self.init(name: name, value: value)
    }

    public func encode(to encoder: any Encoder) throws { try encodePair(name, value, to: encoder) }
}

extension CatalogColor: Codable {
    private enum CodingKeys: String, CodingKey { case idiom, appearance, colorSpace, components, reference, platform, locale }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(idiom?.rawValue ?? "universal", forKey: .idiom)
        try c.encode(appearance, forKey: .appearance)
        try c.encodeIfPresent(locale, forKey: .locale)
        switch value {
        case .components(let space, let components):
            try c.encode(space, forKey: .colorSpace)
            try c.encode(components, forKey: .components)
        case .reference(let platform, let name):
            try c.encode(name, forKey: .reference)
            try c.encodeIfPresent(platform, forKey: .platform)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let idiomName = try c.decode(String.self, forKey: .idiom)
        let value: Value
        if let name = try c.decodeIfPresent(String.self, forKey: .reference) {
            value = .reference(platform: try c.decodeIfPresent(String.self, forKey: .platform), name: name)
        } else {
            value = .components(colorSpace: try c.decode(String.self, forKey: .colorSpace),
                                try c.decode([ColorComponent].self, forKey: .components))
        }
        self.init(idiom: idiomName == "universal" ? nil : Idiom(rawValue: idiomName),
                  appearance: try c.decode(Appearance.self, forKey: .appearance), value: value,
                  locale: try c.decodeIfPresent(String.self, forKey: .locale))
    }
}

extension Diagnostic.Message {
    fileprivate static func notAPlan(_ error: JSONSyntaxError) -> Diagnostic.Message { "not a plan: \(error.message) at \(error.location.line):\(error.location.column)" }

    /// `formatVersion` is this assetc's.
    fileprivate static func planFormatDiffers(_ formatVersion: Int) -> Diagnostic.Message { "the plan's format is not \(formatVersion); make it again with this assetc (`assetc plan --json`)" }

    fileprivate static func planDeviceTablesDiffer(_ planTables: String) -> Diagnostic.Message { "the plan was made with device tables \(planTables), this assetc has \(DeviceTables.version); make it again" }

    fileprivate static func notAVersion(_ text: String) -> Diagnostic.Message { "'\(text)' is not a version" }

    fileprivate static func traitSlotScaleOutOfRange(_ file: String, _ scale: Int) -> Diagnostic.Message { "\(file): scale \(scale) is not 1, 2 or 3" }

    fileprivate static let malformedAlternateIcon: Diagnostic.Message = "an alternate icon is malformed"

    fileprivate static func unknownXcodeGeneration(_ version: String) -> Diagnostic.Message { "no Xcode generation \(version)" }
}
