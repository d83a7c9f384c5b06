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

        public init(variant: Variant, key: String) {
            self.variant = variant
            self.key = key
        }
    }

    public struct Contents: Sendable {
        public var plan: BuildPlan
        public var keys: [String]
    }

    public struct DecodeError: Error, Sendable, Equatable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    // MARK: Encoding

    public static func encode(_ plan: BuildPlan, keys: [String], only indices: [Int]? = nil) -> JSONOutput {
        let chosen = indices ?? Array(plan.variants.indices)
        return .object([
            "formatVersion": .integer(formatVersion),
            "generator": .string("assetc \(AssetcVersion.current)"),
            "deviceTables": .string(DeviceTables.version),
            "input": .string(plan.inputPath),
            "files": .array(chosen.map { encode(plan.variants[$0], key: keys[$0]) }),
            "bundles": .array(plan.bundles.map { .object(["name": .string($0.name), "path": .string($0.path), "at": location($0.location)]) }),
            "infoPlist": infoPlist(plan.infoPlist),
            "budget": plan.budget.map { .object(["maxBytes": .integer($0.maxBytes), "at": location($0.location)]) } ?? .null,
            "catalog": catalog(plan.catalogRecords),
            "fonts": plan.fontsDirectory.map(JSONOutput.string) ?? .null,
            "pngEffort": .string(plan.pngEffort.rawValue),
            "compiledCatalog": plan.compiledCatalog.map { request in
                .object(["appIcon": request.appIconName.map(JSONOutput.string) ?? .null,
                         "deploymentTarget": .string(request.deploymentTarget.description),
                         "singleSizeIcon": .bool(request.singleSizeIcon),
                         "devices": .array(request.devices.map { .string($0.rawValue) })])
            } ?? .null,
            // Planning's warnings: the contact sheet shows them beside the images.
            "warnings": .array(plan.warnings.map { warning in
                .object(["severity": .string(warning.severity.rawValue), "file": .string(warning.path),
                         "at": warning.location.map(location) ?? .null, "message": .string(warning.message)])
            }),
        ])
    }

    static func location(_ location: SourceLocation) -> JSONOutput {
        .array([.integer(location.line), .integer(location.column)])
    }

    static func size(_ size: PointSize) -> JSONOutput { .array([.number(size.width), .number(size.height)]) }

    static func encode(_ variant: Variant, key: String) -> JSONOutput {
        var fields: [String: JSONOutput] = [
            // What people and tools read (format 1 had these).
            "path": .string(variant.outputPath),
            "pixels": .array([.integer(variant.pixelWidth), .integer(variant.pixelHeight)]),
            "points": size(variant.pointSize),
            "scale": .integer(variant.scale),
            "idiom": .string(variant.idiom?.rawValue ?? "universal"),
            "role": .string(variant.role.rawValue),
            "name": .string(variant.name),
            "bundle": .string(variant.bundle ?? "main"),
            "source": .string(variant.source.path),
            "page": .integer(variant.source.page),
            // What rendering it alone needs.
            "key": .string(key),
            "kind": .string(variant.source.kind.rawValue),
            "content": size(variant.contentSize),
            "placement": .array([.number(variant.placement.scaleX), .number(variant.placement.scaleY),
                                 .number(variant.placement.offsetX), .number(variant.placement.offsetY)]),
            "relativePath": .string(variant.relativePath),
            "fileName": .string(variant.fileName),
            "tall": .bool(variant.tall),
            "at": location(variant.manifestLocation),
        ]
        if let background = variant.background {
            fields["background"] = .array([background.red, background.green, background.blue, background.alpha].map { .integer(Int($0)) })
        }
        if let slot = variant.iconSlot, let index = DeviceTables.icons.firstIndex(of: slot) { fields["iconSlot"] = .integer(index) }
        if let slot = variant.launchSlot, let index = DeviceTables.launchImages.firstIndex(of: slot) { fields["launchSlot"] = .integer(index) }
        if let outside = variant.outsideResourcesPath { fields["outsideResources"] = .string(outside) }
        if !variant.appearance.isAny {
            fields["appearance"] = .array([.string(variant.appearance.luminosity.rawValue), .bool(variant.appearance.highContrast)])
        }
        if let origin = variant.catalogOrigin {
            fields["catalogOrigin"] = .object([
                "catalog": .string(origin.catalog), "set": .string(origin.setPath), "file": .string(origin.filename),
                "contents": .string(origin.contentsPath), "at": location(origin.location),
            ])
        }
        return .object(fields)
    }

    static func infoPlist(_ request: InfoPlistRequest) -> JSONOutput {
        var fields: [String: JSONOutput] = [
            "devices": .array(request.devices.map { .string($0.rawValue) }),
            "legacy": .bool(request.targetsLegacyOS),
            "iconName": .string(request.iconName),
            "alternateIcons": .array(request.alternateIcons.map { .array([.string($0.name), .string($0.fileBase)]) }),
        ]
        if let launch = request.launchBasename { fields["launchBasename"] = .string(launch) }
        if let name = request.compiledIconName { fields["compiledIconName"] = .string(name) }
        return .object(fields)
    }

    static func catalog(_ records: CatalogRecords) -> JSONOutput {
        .object([
            "images": .array(records.images.map { image in
                var fields: [String: JSONOutput] = [
                    "bundle": image.bundle.map(JSONOutput.string) ?? .null, "name": .string(image.name),
                    "catalog": .string(image.catalog), "set": .string(image.setPath),
                ]
                let properties = image.properties
                if let intent = properties.templateRenderingIntent { fields["templateRenderingIntent"] = .string(intent) }
                if let preserves = properties.preservesVectorRepresentation { fields["preservesVectorRepresentation"] = .bool(preserves) }
                if let resizing = properties.resizing { fields["resizing"] = resizing }
                if let insets = properties.alignmentInsets { fields["alignmentInsets"] = insets }
                return .object(fields)
            }),
            "colors": .array(records.colors.map { color in
                .object([
                    "bundle": color.bundle.map(JSONOutput.string) ?? .null, "name": .string(color.name),
                    "colors": .array(color.colors.map { value in
                        var fields: [String: JSONOutput] = [
                            "idiom": .string(value.idiom?.rawValue ?? "universal"),
                            "appearance": .array([.string(value.appearance.luminosity.rawValue), .bool(value.appearance.highContrast)]),
                        ]
                        switch value.value {
                        case .components(let space, let components):
                            fields["colorSpace"] = .string(space)
                            fields["components"] = .array(components.map { .array([.string($0.name), .number($0.value)]) })
                        case .reference(let platform, let name):
                            fields["reference"] = .string(name)
                            if let platform { fields["platform"] = .string(platform) }
                        }
                        return .object(fields)
                    }),
                ])
            }),
        ])
    }

    // MARK: Decoding

    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Contents {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw DecodeError("not a plan: \(error.message) at \(error.location.line):\(error.location.column)")
        }
        let top = try Fields(root, "the plan")
        guard try top.integer("formatVersion") == formatVersion else {
            throw DecodeError("the plan's format is not \(formatVersion); make it again with this assetc (`assetc plan --json`)")
        }
        guard try top.string("deviceTables") == DeviceTables.version else {
            throw DecodeError("the plan was made with device tables \(try top.string("deviceTables")), this assetc has \(DeviceTables.version); make it again")
        }
        var entries: [Entry] = []
        for node in try top.array("files") { entries.append(try decodeEntry(node)) }
        let bundles = try top.array("bundles").map { node throws(DecodeError) -> BundleSpec in
            let fields = try Fields(node, "a bundle")
            return BundleSpec(name: try fields.string("name"), path: try fields.string("path"), location: try fields.location("at"))
        }
        let info = try Fields(try top.node("infoPlist"), "infoPlist")
        var request = InfoPlistRequest(
            devices: try info.array("devices").map { node throws(DecodeError) in
                guard case .string(let text) = node.value, let idiom = Idiom(rawValue: text) else { throw DecodeError("a device is not iphone or ipad") }
                return idiom
            },
            targetsLegacyOS: try info.bool("legacy"), iconName: try info.string("iconName"),
            launchBasename: info.has("launchBasename") ? try info.string("launchBasename") : nil)
        request.alternateIcons = try info.array("alternateIcons").map { node throws(DecodeError) in
            guard case .array(let pair) = node.value, pair.count == 2, case .string(let name) = pair[0].value,
                  case .string(let base) = pair[1].value else { throw DecodeError("an alternate icon is malformed") }
            return AlternateIcon(name: name, fileBase: base)
        }
        var budget: SizeBudget?
        if case .object = try top.node("budget").value {
            let fields = try Fields(try top.node("budget"), "budget")
            budget = SizeBudget(maxBytes: try fields.integer("maxBytes"), location: try fields.location("at"))
        }
        var plan = BuildPlan(inputPath: try top.string("input"), variants: entries.map(\.variant), bundles: bundles,
                             infoPlist: request, budget: budget, warnings: [])
        plan.catalogRecords = try decodeCatalog(try top.node("catalog"))
        plan.fontsDirectory = try top.optionalString("fonts")
        guard let effort = PNGEffort(rawValue: try top.string("pngEffort")) else { throw DecodeError("pngEffort is not fast, default or max") }
        plan.pngEffort = effort
        plan.infoPlist.compiledIconName = info.has("compiledIconName") ? try info.string("compiledIconName") : nil
        if top.has("compiledCatalog"), case .object = try top.node("compiledCatalog").value {
            let fields = try Fields(try top.node("compiledCatalog"), "compiledCatalog")
            guard let target = OSVersion(try fields.string("deploymentTarget")) else { throw DecodeError("compiledCatalog has a malformed deploymentTarget") }
            var request = CompiledCatalogRequest(appIconName: try fields.optionalString("appIcon"), deploymentTarget: target)
            request.singleSizeIcon = try fields.bool("singleSizeIcon")
            request.devices = try fields.array("devices").map { node throws(DecodeError) in
                guard case .string(let text) = node.value, let idiom = Idiom(rawValue: text) else { throw DecodeError("a device is not iphone or ipad") }
                return idiom
            }
            plan.compiledCatalog = request
        }
        plan.warnings = try top.array("warnings").map { node throws(DecodeError) -> Diagnostic in
            let f = try Fields(node, "a warning")
            guard let severity = Diagnostic.Severity(rawValue: try f.string("severity")) else { throw DecodeError("unknown severity") }
            let at: SourceLocation? = f.has("at") && (try? f.location("at")) != nil ? try f.location("at") : nil
            return Diagnostic(severity, path: try f.string("file"), at: at, try f.string("message"))
        }
        return Contents(plan: plan, keys: entries.map(\.key))
    }

    static func decodeEntry(_ node: JSONNode) throws(DecodeError) -> Entry {
        let f = try Fields(node, "a file")
        guard let kind = ResolvedSource.Kind(rawValue: try f.string("kind")) else { throw DecodeError("unknown source kind") }
        guard let role = VariantRole(rawValue: try f.string("role")) else { throw DecodeError("unknown role") }
        let idiomName = try f.string("idiom")
        let idiom: Idiom? = idiomName == "universal" || idiomName == "ios-marketing" ? nil : Idiom(rawValue: idiomName)
        if idiom == nil, idiomName != "universal", idiomName != "ios-marketing" { throw DecodeError("unknown idiom \(idiomName)") }
        let pixels = try f.integers("pixels", count: 2)
        let placement = try f.numbers("placement", count: 4)
        let bundle = try f.string("bundle")
        var variant = Variant(
            name: try f.string("name"), bundle: bundle == "main" ? nil : bundle, relativePath: try f.string("relativePath"),
            fileName: try f.string("fileName"), scale: try f.integer("scale"), idiom: idiom, tall: try f.bool("tall"),
            pointSize: try f.size("points"), pixelWidth: pixels[0], pixelHeight: pixels[1],
            source: ResolvedSource(path: try f.string("source"), kind: kind, page: try f.integer("page")),
            contentSize: try f.size("content"),
            placement: Placement(scaleX: placement[0], scaleY: placement[1], offsetX: placement[2], offsetY: placement[3]),
            manifestLocation: try f.location("at"), role: role)
        if f.has("background") {
            let channels = try f.integers("background", count: 4).map { UInt8(clamping: $0) }
            variant.background = RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
        }
        if f.has("iconSlot") {
            let index = try f.integer("iconSlot")
            guard DeviceTables.icons.indices.contains(index) else { throw DecodeError("icon slot \(index) is not in the device table") }
            variant.iconSlot = DeviceTables.icons[index]
        }
        if f.has("launchSlot") {
            let index = try f.integer("launchSlot")
            guard DeviceTables.launchImages.indices.contains(index) else { throw DecodeError("launch slot \(index) is not in the device table") }
            variant.launchSlot = DeviceTables.launchImages[index]
        }
        if f.has("outsideResources") { variant.outsideResourcesPath = try f.string("outsideResources") }
        if f.has("appearance") { variant.appearance = try appearance(try f.node("appearance")) }
        if f.has("catalogOrigin") {
            let origin = try Fields(try f.node("catalogOrigin"), "catalogOrigin")
            variant.catalogOrigin = CatalogOrigin(catalog: try origin.string("catalog"), setPath: try origin.string("set"),
                                                  filename: try origin.string("file"), contentsPath: try origin.string("contents"),
                                                  location: try origin.location("at"))
        }
        // The plan names the file; it must be one assetc could have planned (checked again when
        // written, but a forged plan is refused here first).
        guard OutputPath.isValid(variant.outputPath) else { throw DecodeError("'\(variant.outputPath)' is not an output path assetc writes") }
        return Entry(variant: variant, key: try f.string("key"))
    }

    static func appearance(_ node: JSONNode) throws(DecodeError) -> Appearance {
        guard case .array(let pair) = node.value, pair.count == 2, case .string(let name) = pair[0].value,
              let luminosity = Appearance.Luminosity(rawValue: name), case .bool(let contrast) = pair[1].value
        else { throw DecodeError("an appearance is malformed") }
        return Appearance(luminosity: luminosity, highContrast: contrast)
    }

    static func decodeCatalog(_ node: JSONNode) throws(DecodeError) -> CatalogRecords {
        let fields = try Fields(node, "catalog")
        var records = CatalogRecords()
        for image in try fields.array("images") {
            let f = try Fields(image, "a catalog image")
            var properties = CatalogImageProperties()
            if f.has("templateRenderingIntent") { properties.templateRenderingIntent = try f.string("templateRenderingIntent") }
            if f.has("preservesVectorRepresentation") { properties.preservesVectorRepresentation = try f.bool("preservesVectorRepresentation") }
            if f.has("resizing") { properties.resizing = JSONOutput(try f.node("resizing")) }
            if f.has("alignmentInsets") { properties.alignmentInsets = JSONOutput(try f.node("alignmentInsets")) }
            records.images.append(CatalogRecords.Image(bundle: try f.optionalString("bundle"), name: try f.string("name"),
                                                       catalog: try f.string("catalog"), setPath: try f.string("set"),
                                                       properties: properties))
        }
        for color in try fields.array("colors") {
            let f = try Fields(color, "a colour set")
            let values = try f.array("colors").map { node throws(DecodeError) -> CatalogColor in
                let c = try Fields(node, "a colour")
                let idiomName = try c.string("idiom")
                let value: CatalogColor.Value
                if c.has("reference") {
                    value = .reference(platform: try c.optionalString("platform"), name: try c.string("reference"))
                } else {
                    let components = try c.array("components").map { pair throws(DecodeError) -> ColorComponent in
                        guard case .array(let items) = pair.value, items.count == 2, case .string(let name) = items[0].value,
                              case .number(let number, _) = items[1].value else { throw DecodeError("a colour component is malformed") }
                        return ColorComponent(name: name, value: number)
                    }
                    value = .components(colorSpace: try c.string("colorSpace"), components)
                }
                return CatalogColor(idiom: idiomName == "universal" ? nil : Idiom(rawValue: idiomName),
                                    appearance: try appearance(try c.node("appearance")), value: value)
            }
            records.colors.append(CatalogRecords.Color(bundle: try f.optionalString("bundle"), name: try f.string("name"), colors: values))
        }
        return records
    }

    /// An object's members with typed accessors that throw a `DecodeError` naming the key.
    struct Fields {
        let members: [String: JSONNode]
        let what: String

        init(_ node: JSONNode, _ what: String) throws(DecodeError) {
            guard case .object(let list) = node.value else { throw DecodeError("\(what) must be an object") }
            members = Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            self.what = what
        }

        func has(_ key: String) -> Bool { members[key] != nil }

        func node(_ key: String) throws(DecodeError) -> JSONNode {
            guard let node = members[key] else { throw DecodeError("\(what) has no \"\(key)\"") }
            return node
        }

        func string(_ key: String) throws(DecodeError) -> String {
            guard case .string(let text) = try node(key).value else { throw DecodeError("\"\(key)\" of \(what) must be a string") }
            return text
        }

        func optionalString(_ key: String) throws(DecodeError) -> String? {
            guard let node = members[key] else { return nil }
            switch node.value {
            case .null: return nil
            case .string(let text): return text
            default: throw DecodeError("\"\(key)\" of \(what) must be a string or null")
            }
        }

        func integer(_ key: String) throws(DecodeError) -> Int {
            guard case .number(let value, _) = try node(key).value, value == value.rounded(), abs(value) < 1e15 else {
                throw DecodeError("\"\(key)\" of \(what) must be an integer")
            }
            return Int(value)
        }

        func bool(_ key: String) throws(DecodeError) -> Bool {
            guard case .bool(let value) = try node(key).value else { throw DecodeError("\"\(key)\" of \(what) must be true or false") }
            return value
        }

        func array(_ key: String) throws(DecodeError) -> [JSONNode] {
            guard case .array(let items) = try node(key).value else { throw DecodeError("\"\(key)\" of \(what) must be an array") }
            return items
        }

        func numbers(_ key: String, count: Int) throws(DecodeError) -> [Double] {
            let items = try array(key)
            let values = items.compactMap { item -> Double? in
                if case .number(let value, _) = item.value, value.isFinite { return value }
                return nil
            }
            guard values.count == count, items.count == count else { throw DecodeError("\"\(key)\" of \(what) must hold \(count) numbers") }
            return values
        }

        /// Whole numbers an Int holds with room to multiply (a hand-edited 1e300 would trap).
        func integers(_ key: String, count: Int) throws(DecodeError) -> [Int] {
            let values = try numbers(key, count: count)
            guard values.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e15 }) else {
                throw DecodeError("\"\(key)\" of \(what) must hold \(count) integers")
            }
            return values.map { Int($0) }
        }

        func size(_ key: String) throws(DecodeError) -> PointSize {
            let values = try numbers(key, count: 2)
            return PointSize(width: values[0], height: values[1])
        }

        func location(_ key: String) throws(DecodeError) -> SourceLocation {
            let values = try integers(key, count: 2)
            return SourceLocation(line: values[0], column: values[1])
        }
    }
}
