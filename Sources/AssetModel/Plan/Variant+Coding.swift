/// How plan values are written to and read from JSON (`JSONValueEncoder`, `JSONValueDecoder`): the
/// shapes of `assetc plan --json` (format 2). Small values are written as short arrays, which is
/// what people read in a plan and what the goldens hold: a size `[w, h]`, a position
/// `[line, column]`, a placement `[sx, sy, dx, dy]`, a colour `[r, g, b, a]`, an appearance
/// `[luminosity, highContrast]`.

/// A value of one element type written as an array of exactly `count` elements.
private func elements<Element: Decodable>(_ type: Element.Type, count: Int, from decoder: any Decoder) throws -> [Element] {
    let values = try [Element](from: decoder)
    guard values.count == count else { throw JSONValueDecoder.Failure(.wrongElementCount(expected: count, found: values.count)) }
    return values
}

/// Sizes and placements are drawn: NaN and infinities cannot be, and JSON cannot hold them.
private func finite(count: Int, from decoder: any Decoder) throws -> [Double] {
    let values = try elements(Double.self, count: count, from: decoder)
    guard values.allSatisfy(\.isFinite) else { throw JSONValueDecoder.Failure(.sizeIsNotFinite) }
    return values
}

extension PointSize: Codable {
    public init(from decoder: any Decoder) throws {
        let values = try finite(count: 2, from: decoder)
        self.init(width: values[0], height: values[1])
    }

    public func encode(to encoder: any Encoder) throws { try [width, height].encode(to: encoder) }
}

extension SourceLocation: Codable {
    public init(from decoder: any Decoder) throws {
        let values = try elements(Int.self, count: 2, from: decoder)
        self.init(line: values[0], column: values[1])
    }

    public func encode(to encoder: any Encoder) throws { try [line, column].encode(to: encoder) }
}

extension Placement: Codable {
    public init(from decoder: any Decoder) throws {
        let values = try finite(count: 4, from: decoder)
        self.init(scaleX: values[0], scaleY: values[1], offsetX: values[2], offsetY: values[3])
    }

    public func encode(to encoder: any Encoder) throws { try [scaleX, scaleY, offsetX, offsetY].encode(to: encoder) }
}

extension RGBAColor: Codable {
    public init(from decoder: any Decoder) throws {
        let values = try elements(UInt8.self, count: 4, from: decoder)
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3])
    }

    public func encode(to encoder: any Encoder) throws { try [red, green, blue, alpha].encode(to: encoder) }
}

extension Appearance.Luminosity: Codable {}

extension Appearance: Codable {
    public init(from decoder: any Decoder) throws {
        let (luminosity, highContrast) = try decodePair(Luminosity.self, Bool.self, from: decoder)
        self.init(luminosity: luminosity, highContrast: highContrast)
    }

    public func encode(to encoder: any Encoder) throws { try encodePair(luminosity, highContrast, to: encoder) }
}

extension ResolvedSource.Kind: Codable {}
extension VariantRole.Kind: Codable {}

extension Variant: Codable {
    private enum CodingKeys: String, CodingKey {
        // What people and tools read (format 1 had these).
        case path, pixels, points, scale, idiom, role, name, bundle, source, page
        // What rendering it alone needs.
        case kind, content, placement, relativePath, fileName, tall, at, background
        case iconSlot, launchSlot, outsideResources, compiledCatalogOnly, appearance, catalogOrigin, carTraits
    }

    /// The idiom of files for every device; the App Store icon's is written as such by older plans.
    private static let universal = "universal"

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outputPath, forKey: .path)
        try c.encode([pixelWidth, pixelHeight], forKey: .pixels)
        try c.encode(pointSize, forKey: .points)
        try c.encode(scale, forKey: .scale)
        try c.encode(idiom?.rawValue ?? Self.universal, forKey: .idiom)
        try c.encode(role.kind, forKey: .role)
        try c.encode(name, forKey: .name)
        try c.encode(bundle.writtenName, forKey: .bundle)
        try c.encode(source.path, forKey: .source)
        try c.encode(source.page, forKey: .page)
        try c.encode(source.kind, forKey: .kind)
        try c.encode(contentSize, forKey: .content)
        try c.encode(placement, forKey: .placement)
        try c.encode(relativePath, forKey: .relativePath)
        try c.encode(fileName, forKey: .fileName)
        try c.encode(tall, forKey: .tall)
        // The position in whichever file asked for it; `catalogOrigin` says when that is a Contents.json.
        try c.encode(origin.location, forKey: .at)
        try c.encodeIfPresent(background, forKey: .background)
        // Slots by their row in the device tables, which the plan's `deviceTables` version pins.
        try c.encodeIfPresent(iconSlot.flatMap { DeviceTables.plannedIconSlots.firstIndex(of: $0) }, forKey: .iconSlot)
        try c.encodeIfPresent(launchSlot.flatMap { DeviceTables.launchImages.firstIndex(of: $0) }, forKey: .launchSlot)
        switch destination {
        case .resources: break
        case .outsideBundle(let path): try c.encode(path, forKey: .outsideResources)
        case .compiledCatalog: try c.encode(true, forKey: .compiledCatalogOnly)
        }
        if !appearance.isAny { try c.encode(appearance, forKey: .appearance) }
        try c.encodeIfPresent(origin.catalog, forKey: .catalogOrigin)
        try c.encodeIfPresent(carTraits, forKey: .carTraits)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func fail(_ message: Diagnostic.Message) -> JSONValueDecoder.Failure { .init(message) }
        let idiomName = try c.decode(String.self, forKey: .idiom)
        var idiom: Idiom?
        if idiomName != Self.universal, idiomName != "ios-marketing" {
            guard let named = Idiom(rawValue: idiomName) else { throw fail(.unknownIdiom(idiomName)) }
            idiom = named
        }
        let pixels = try c.decode([Int].self, forKey: .pixels)
        // Sizes an Int holds with room to multiply: a forged 1e18 must be refused, not trap later.
        guard pixels.count == 2, pixels.allSatisfy({ (1...FileNaming.unrepresentable).contains($0) }) else {
            throw fail(.pixelsOutOfRange)
        }
        let location = try c.decode(SourceLocation.self, forKey: .at)
        let origin: VariantOrigin = try c.decodeIfPresent(CatalogOrigin.self, forKey: .catalogOrigin).map(VariantOrigin.catalog)
            ?? .manifest(location)
        let role: VariantRole
        let iconIndex = try c.decodeIfPresent(Int.self, forKey: .iconSlot)
        let launchIndex = try c.decodeIfPresent(Int.self, forKey: .launchSlot)
        /// The row a plan names by its index in a device table, which must be there.
        func row<Row>(_ index: Int?, of table: [Row], _ kind: PlannedSlotKind) throws -> Row {
            guard let index else { throw fail(.fileHasNoSlot(kind)) }
            guard table.indices.contains(index) else { throw fail(.slotNotInTable(kind, index)) }
            return table[index]
        }
        func iconSlot() throws -> IconSlot { try row(iconIndex, of: DeviceTables.plannedIconSlots, .icon) }
        switch try c.decode(VariantRole.Kind.self, forKey: .role) {
        case .image: role = .image
        case .artwork: role = .artwork
        case .appIcon: role = .appIcon(try iconSlot())
        case .appStoreIcon: role = .appStoreIcon(try iconSlot())
        case .alternateAppIcon: role = .alternateAppIcon(try iconSlot())
        case .launchImage: role = .launchImage(try row(launchIndex, of: DeviceTables.launchImages, .launch))
        }
        let bundleName = try c.decode(String.self, forKey: .bundle)
        // Apple's scales are 1x to 3x; another would size a canvas from a forged number.
        let scale = try c.decode(Int.self, forKey: .scale)
        guard (1...3).contains(scale) else { throw fail(.scaleOutOfRange(scale)) }
        self.init(
            name: try c.decode(String.self, forKey: .name),
            bundle: bundleName == BundleRef.mainName ? .main : .named(bundleName),
            relativePath: try c.decode(String.self, forKey: .relativePath),
            fileName: try c.decode(String.self, forKey: .fileName), scale: scale,
            idiom: idiom, tall: try c.decode(Bool.self, forKey: .tall),
            pointSize: try c.decode(PointSize.self, forKey: .points), pixelWidth: pixels[0], pixelHeight: pixels[1],
            source: ResolvedSource(path: try c.decode(String.self, forKey: .source),
                                   kind: try c.decode(ResolvedSource.Kind.self, forKey: .kind),
                                   page: try c.decode(Int.self, forKey: .page)),
            contentSize: try c.decode(PointSize.self, forKey: .content),
            placement: try c.decode(Placement.self, forKey: .placement),
            background: try c.decodeIfPresent(RGBAColor.self, forKey: .background),
            origin: origin, role: role,
            destination: try Self.destination(c))
        appearance = try c.decodeIfPresent(Appearance.self, forKey: .appearance) ?? .any
        carTraits = try c.decodeIfPresent(CarTraits.self, forKey: .carTraits)
        // The plan names the file; it must be one assetc could have planned (checked again when
        // written, but a forged plan is refused here first).
        guard OutputPath.isValid(outputPath) else { throw fail(.notAnOutputPath(outputPath)) }
    }

    private static func destination(_ c: KeyedDecodingContainer<CodingKeys>) throws -> VariantDestination {
        if let path = try c.decodeIfPresent(String.self, forKey: .outsideResources) { return .outsideBundle(path) }
        return try c.decodeIfPresent(Bool.self, forKey: .compiledCatalogOnly) == true ? .compiledCatalog : .resources
    }
}

/// The device-table row a planned icon or launch image names, by its field (`iconSlot`, `launchSlot`).
private enum PlannedSlotKind: String {
    case icon, launch

    /// The file that must name one, as the messages say it.
    var file: String { self == .icon ? "an icon file" : "a launch image" }
}

extension Diagnostic.Message {
    fileprivate static func wrongElementCount(expected count: Int, found: Int) -> Diagnostic.Message { "expected \(count) elements, found \(found)" }

    fileprivate static let sizeIsNotFinite: Diagnostic.Message = "a size or placement is not a finite number"

    fileprivate static func unknownIdiom(_ name: String) -> Diagnostic.Message { "unknown idiom \(name)" }

    fileprivate static let pixelsOutOfRange: Diagnostic.Message = "\"pixels\" must hold 2 whole numbers from 1 to \(FileNaming.unrepresentable)"
    fileprivate static func scaleOutOfRange(_ scale: Int) -> Diagnostic.Message { "scale \(scale) is not 1, 2 or 3" }

    fileprivate static func fileHasNoSlot(_ kind: PlannedSlotKind) -> Diagnostic.Message { "\(kind.file) has no \"\(kind.rawValue)Slot\"" }

    fileprivate static func slotNotInTable(_ kind: PlannedSlotKind, _ index: Int) -> Diagnostic.Message { "\(kind.rawValue) slot \(index) is not in the device table" }

    fileprivate static func notAnOutputPath(_ path: String) -> Diagnostic.Message { "'\(path)' is not an output path assetc writes" }
}
