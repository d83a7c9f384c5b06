import AssetModel

// The car's trees: each asset's renditions keyed, its facet and bitmap key, then the BOM store.
extension CompiledCatalogWriter {
    typealias Entry = (key: [UInt8], value: [UInt8])

    /// What the trees are filled from, asset by asset.
    struct Trees {
        var platform: ApplePlatform
        /// The actool generation written as (the header's CoreUI, the icons' numbering).
        var xcode = XcodeGeneration.default
        var keyFormat: [RenditionAttribute]
        var renditions: [Entry] = []
        /// Each rendition's cache key, by its key in RENDITIONS.
        var parts: [[UInt8]: String] = [:]
        var facets: [Entry] = []
        var bitmapKeys: [Entry] = []
        var appearances: Set<RenditionAppearance> = [.any]
        /// LOCALIZATIONKEYS' numbers.
        var localizations: [String: UInt16]
        /// Every name's identifier, the stacks' parts' too.
        var identifierOf: [String: UInt16]
        /// The keys each name's renditions were added under (its bitmap key is made from them).
        var keysOf: [String: [[RenditionAttribute: UInt16]]] = [:]

        /// Adds one rendition under `attributes`, keeping the keys of the name's renditions in `keys`;
        /// `appearance`: the one APPEARANCEKEYS must name for it (none for a multisize record).
        mutating func add(_ attributes: [RenditionAttribute: UInt16], _ bytes: [UInt8], appearance: RenditionAppearance?,
                          keys: inout [[RenditionAttribute: UInt16]], cacheKey: String? = nil) throws(CompiledCatalogError) {
            var attributes = attributes
            // The platform's number for the appearance (the same as iOS's but on macOS).
            if let appearance, platform == .macOS { attributes[.appearance] = try platform.value(of: appearance) }
            keys.append(attributes)
            if let appearance { appearances.insert(appearance) }
            let renditionKey = CompiledCatalogWriter.key(attributes, keyFormat)
            renditions.append((renditionKey, bytes))
            if let cacheKey { parts[renditionKey] = cacheKey }
        }

        /// A name's facet (its element, part and identifier, and any more attributes) and its bitmap key.
        mutating func addName(_ name: String, _ facetAttributes: [(RenditionAttribute, UInt16)], identifier: UInt16,
                              keys: [[RenditionAttribute: UInt16]]) {
            var facet = LittleEndian.u16(0) + LittleEndian.u16(0) + LittleEndian.u16(UInt16(facetAttributes.count))
            for (attribute, value) in facetAttributes {
                facet += LittleEndian.u16(attribute.rawValue) + LittleEndian.u16(value)
            }
            facets.append((Array(name.utf8), facet))
            bitmapKeys.append((BigEndian.u32(UInt32(identifier)), CompiledCatalogWriter.bitmapKeyValue(keys, keyFormat)))
            keysOf[name] = keys
        }

        /// A name's facet and bitmap key made again, once renditions of other kinds were added under it.
        mutating func replaceName(_ name: String, _ facetAttributes: [(RenditionAttribute, UInt16)], identifier: UInt16,
                                  keys: [[RenditionAttribute: UInt16]]) {
            facets.removeAll { $0.key == Array(name.utf8) }
            bitmapKeys.removeAll { $0.key == BigEndian.u32(UInt32(identifier)) }
            addName(name, facetAttributes, identifier: identifier, keys: keys)
        }
    }

    public static func writeWithParts(_ catalog: CompiledCatalog) throws(CompiledCatalogError) -> Written {
        let keyFormat = try catalog.platform.carKeyFormat(with: Set(catalog.assets.flatMap { $0.renditions.flatMap(\.traits.keys) })
            .union(catalog.iconStacks.contains(where: Self.hasWideLayer) ? [.displayGamut] : []))
        let localizationNames = try Self.localizationNames(catalog)
        var localizations: [String: UInt16] = [:]
        for (index, name) in localizationNames.enumerated() { localizations[name] = UInt16(index + 1) }
        let stackParts = catalog.iconStacks.flatMap(Self.stackParts)
        var trees = Trees(platform: catalog.platform, keyFormat: keyFormat, localizations: localizations,
                          identifierOf: try Self.identifiers(catalog, stackParts: stackParts))
        trees.xcode = catalog.xcode
        let stacksByName = Dictionary(catalog.iconStacks.map { ($0.plan.stem, $0) }) { first, _ in first }
        for asset in catalog.assets.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }) {
            try addAsset(asset, stack: stacksByName[asset.name], to: &trees)
        }
        // The stacks' groups, layers, colours and gradients: each a name of its own.
        for part in stackParts {
            let identifier = trees.identifierOf[part.name]!
            var keys: [[RenditionAttribute: UInt16]] = []
            for (appearance, extra, bytes) in try part.renditions(trees.identifierOf) {
                let attributes = Self.stackKey(appearance, part: part.part, identifier: identifier).merging(extra) { _, added in added }
                try trees.add(attributes, bytes, appearance: appearance, keys: &keys)
            }
            trees.addName(part.name, [(.element, Element.image), (.part, part.part), (.identifier, identifier)], identifier: identifier, keys: keys)
        }
        try addLayerStacks(catalog.layerStacks, to: &trees)
        try checkLimits(trees.renditions)
        trees.renditions.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return Written(bytes: try serialize(trees, localizationNames: localizationNames, deploymentTarget: catalog.deploymentTarget),
                       parts: trees.renditions.map { trees.parts[$0.key] ?? "" })
    }

    /// LOCALIZATIONKEYS: each locale a car's renditions name, numbered from 1 in byte order (0
    /// is a rendition for every language). CoreUI finds a localization by its name in this tree
    /// (CUICommonAssetStorage localizationIdentifierForName:), so the numbers need only be
    /// consistent within one car, as the appearance numbers are.
    static func localizationNames(_ catalog: CompiledCatalog) throws(CompiledCatalogError) -> [String] {
        let names = Set(catalog.assets.flatMap { $0.renditions.compactMap(\.localization) + $0.colors.compactMap(\.localization) })
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        guard names.count < maximumLocalizations else {
            throw CompiledCatalogError("\(names.count) localizations: more than Assets.car numbers")
        }
        return names
    }

    /// Every name's identifier, the stacks' parts' too (a stack's children name them): actool's
    /// name hash, or, when an earlier name (in byte order) already holds it, the next free value:
    /// FACETKEYS gives CoreUI each name's identifier, and identifiers need not be the hash (an
    /// Xcode 11 actool file gives AppIcon 1). 16 bits collide often: GoMap's 559-set POI catalog
    /// has three pairs.
    static func identifiers(_ catalog: CompiledCatalog, stackParts: [StackPart]) throws(CompiledCatalogError) -> [String: UInt16] {
        // One name, one asset: a set named like a part of a stack (`AppIcon/Group` in a folder
        // `AppIcon` that provides a namespace) would share its identifier and its facet.
        var seenNames = Set(catalog.assets.map(\.name))
        for part in stackParts where !seenNames.insert(part.name).inserted {
            throw CompiledCatalogError("\(part.name) is both a part of an Icon Composer icon's stack and the name of a set or of another icon's part; rename one")
        }
        var identifiers: [UInt16: String] = [:]
        var identifierOf: [String: UInt16] = [:]
        for name in Set(catalog.assets.map(\.name) + stackParts.map(\.name) + catalog.layerStacks.map(\.name)).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            guard identifiers.count < maximumNames else {
                throw CompiledCatalogError("more than \(maximumNames) names: more than Assets.car's name trees hold as assetc writes them")
            }
            var identifier = NameIdentifier.of(name)
            while let other = identifiers[identifier], other != name {
                identifier = identifier == UInt16.max ? 1 : identifier + 1
            }
            identifiers[identifier] = name
            identifierOf[name] = identifier
        }
        return identifierOf
    }

    /// One asset's renditions (colours, images or icons with their multisize records, an icon's
    /// stacks), its facet and its bitmap key.
    static func addAsset(_ asset: CompiledCatalog.Asset, stack: CompiledCatalog.IconStack?, to trees: inout Trees) throws(CompiledCatalogError) {
        let identifier = trees.identifierOf[asset.name]!
        let part = switch asset.kind {
        case .appIcon: Part.appIcon
        case .color: Part.color
        case .symbol: Part.symbol
        case .image, .data: Part.image
        }
        var keys: [[RenditionAttribute: UInt16]] = []
        for color in asset.colors {
            let attributes: [RenditionAttribute: UInt16] = [
                .appearance: color.appearance.rawValue, .localization: color.localization.flatMap { trees.localizations[$0] } ?? 0,
                .scale: 1, .idiom: color.idiom.rawValue,
                .subtype: 0, .dimension2: 0, .identifier: identifier, .element: Element.image, .part: part,
            ]
            try trees.add(attributes, try colorRendition(name: asset.name, color), appearance: color.appearance, keys: &keys)
        }
        let sizeIndex = IconSizeIndex.numbering(for: asset.renditions.compactMap(\.iconPoints), from: trees.xcode.iconIndexBase)
        let entries = renditionEntries(asset)
        for (rendition, subtype) in entries {
            var dimension2: UInt16 = 0
            if asset.kind == .appIcon {
                guard let points = rendition.iconPoints, let index = sizeIndex(points) else {
                    throw CompiledCatalogError("\(asset.name): \(rendition.fileName) is not an app icon size")
                }
                dimension2 = index
            }
            let attributes = rendition.traits.merging([
                .appearance: rendition.appearance.rawValue, .localization: rendition.localization.flatMap { trees.localizations[$0] } ?? 0,
                .scale: UInt16(rendition.scale),
                .idiom: rendition.idiom.rawValue, .subtype: subtype, .dimension2: dimension2,
                .identifier: identifier, .element: Element.image, .part: part,
            ]) { _, fixed in fixed }
            let bytes: [UInt8]
            if let encoded = rendition.encoded { bytes = encoded } else { bytes = try encode(rendition, kind: asset.kind) }
            try trees.add(attributes, bytes, appearance: rendition.appearance, keys: &keys, cacheKey: rendition.cacheKey)
        }
        if asset.kind == .appIcon {
            // One multisize record per idiom and subtype: which point sizes it has, and their
            // indexes. Dark and tinted icons have none of their own, as in Xcode 26's actool
            // output, but their size is listed in their idiom's record: a classic set's dark and
            // tinted 1024 images are stored per device idiom, where no plain 1024 image is, and
            // an index no record lists is one iOS cannot look up.
            let records = Set(entries.map { MultisizeRecordKey(idiom: $0.rendition.idiom, subtype: $0.subtype) })
            for record in records.sorted(by: { ($0.idiom.rawValue, $0.subtype) < ($1.idiom.rawValue, $1.subtype) }) {
                let sizes = Set(entries.filter { $0.rendition.idiom == record.idiom && $0.subtype == record.subtype }.compactMap(\.rendition.iconPoints))
                    .compactMap { points in sizeIndex(points).map { (points, $0) } }
                    .sorted { $0.1 < $1.1 }
                let attributes: [RenditionAttribute: UInt16] = [
                    .appearance: 0, .localization: 0, .scale: 1, .idiom: record.idiom.rawValue, .subtype: record.subtype, .dimension2: 0,
                    .identifier: identifier, .element: Element.image, .part: Part.multisizeImageSet,
                ]
                try trees.add(attributes, multisizeRendition(name: asset.name, sizes: sizes), appearance: nil, keys: &keys)
            }
        }
        // An Icon Composer icon's stacks, one per appearance, beside its flattened icons.
        if asset.kind == .appIcon, let stack {
            for node in stack.plan.stacks {
                let attributes = Self.stackKey(Self.appearance(node.appearance), part: Part.iconStack, identifier: identifier)
                try trees.add(attributes, try stackRendition(node, isStack: true, refractivity: stack.plan.writesIconComposer2Layout,
                                                                    identifiers: trees.identifierOf),
                          appearance: Self.appearance(node.appearance), keys: &keys)
            }
        }
        var facetAttributes = [(RenditionAttribute.element, Element.image), (.part, part), (.identifier, identifier)]
        // A symbol's facet also names its deployment target, as in the real cars with symbols.
        if asset.kind == .symbol { facetAttributes.append((.deploymentTarget, SymbolTemplate.deploymentTarget)) }
        trees.addName(asset.name, facetAttributes, identifier: identifier, keys: keys)
    }

    /// An asset's renditions with their subtypes. The 60-point @3x iPhone icon is stored again at
    /// scale 2 as a 90-point icon of subtype 1792, as actool of Xcode 14.3–16.2 stores it, with a
    /// multisize record of its own.
    static func renditionEntries(_ asset: CompiledCatalog.Asset) -> [(rendition: CompiledCatalog.Rendition, subtype: UInt16)] {
        var entries = asset.renditions.map { (rendition: $0, subtype: $0.subtype) }
        if asset.kind == .appIcon, let tall = asset.renditions.first(where: { $0.idiom == .phone && $0.scale == 3 && $0.iconPoints == 60 }) {
            var copy = tall
            copy.scale = 2
            copy.iconPoints = IconSizeIndex.tallCopyPoints
            copy.cacheKey = nil
            copy.encoded = tall.encoded.map { withScale($0, 2) }
            entries.append((copy, IconSubtype.tallCopy))
        }
        return entries
    }

    /// The counts and sizes Assets.car can hold as assetc writes it, and one rendition per key.
    static func checkLimits(_ renditions: [Entry]) throws(CompiledCatalogError) {
        guard renditions.count <= maximumRenditions else {
            throw CompiledCatalogError("\(renditions.count) renditions: more than the \(maximumRenditions) Assets.car holds as assetc writes it")
        }
        let keysSeen = Set(renditions.map(\.key))
        guard keysSeen.count == renditions.count else {
            throw CompiledCatalogError("two renditions have the same name, idiom, scale and appearance")
        }
        // Offsets in the file are 32-bit: refuse a car that would not fit rather than wrap them.
        let payloadBytes = renditions.reduce(0) { $0 + $1.value.count + $1.key.count + 32 }
        guard payloadBytes < maximumFileBytes - (1 << 24) else {
            throw CompiledCatalogError("the renditions hold \(payloadBytes) bytes; Assets.car's 32-bit offsets hold at most \(maximumFileBytes)")
        }
    }

    /// The BOM store of the filled trees, in actool's order of blocks.
    static func serialize(_ trees: Trees, localizationNames: [String], deploymentTarget: String) throws(CompiledCatalogError) -> [UInt8] {
        let keyFormat = trees.keyFormat
        let platform = trees.platform
        var store = BOMStore()
        store.name("CARHEADER", store.add(header(renditionCount: trees.renditions.count, keySemantics: platform.keySemantics,
                                                 coreUI: trees.xcode.coreUI(for: platform))))
        store.addTree(named: "RENDITIONS", entries: trees.renditions, keyLengthHint: UInt32(2 * keyFormat.count),
                      inlineKeyCopy: 2 * keyFormat.count)
        store.addTree(named: "FACETKEYS", entries: trees.facets, keyLengthHint: 0xFFFF_FFFF)
        // A BOM tree's keys in byte order, as in every actool car (macOS 26: ISAppearanceTintable,
        // NSAppearanceNameAqua, NSAppearanceNameDarkAqua, NSAppearanceNameSystem).
        var appearanceEntries: [Entry] = []
        for appearance in trees.appearances {
            appearanceEntries.append((Array(platform.name(of: appearance).utf8), LittleEndian.u16(try platform.value(of: appearance))))
        }
        appearanceEntries.sort { $0.0.lexicographicallyPrecedes($1.0) }
        if platform.writesAppearanceKeys(trees.appearances) {
            store.addTree(named: "APPEARANCEKEYS", entries: appearanceEntries, keyLengthHint: 0xFFFF_FFFF)
        }
        // Only a car with localized renditions has the tree, as CoreUI's writer makes it on the
        // first name it is given (CUIMutableCommonAssetStorage setLocalizationIdentifier:forName:).
        if !localizationNames.isEmpty {
            store.addTree(named: "LOCALIZATIONKEYS", entries: localizationNames.map { (Array($0.utf8), LittleEndian.u16(trees.localizations[$0]!)) },
                          keyLengthHint: 0xFFFF_FFFF)
        }
        var format = Array("tmfk".utf8) + LittleEndian.u32(0) + LittleEndian.u32(keyFormat.count)
        for attribute in keyFormat { format += LittleEndian.u32(UInt32(attribute.rawValue)) }
        store.name("KEYFORMAT", store.add(format))
        store.name("EXTENDED_METADATA", store.add(extendedMetadata(deploymentTarget: deploymentTarget, platform: platform)))
        store.addTree(named: "BITMAPKEYS", entries: trees.bitmapKeys, blockSize: bitmapKeysBlockSize, keys: .inline, keyLengthHint: 0)
        return store.serialized()
    }
}
