import AssetModel

/// Turns manifest bytes into a validated `Manifest`, or into diagnostics with line and column.
public enum ManifestDecoder {
    static let topLevelKeys = ["version", "output", "scales", "bundles", "images", "devices", "deploymentTarget",
                               "appIcon", "launchImage", "launchScreen", "brandAssets", "solidImageStack", "budget", "catalogs", "codegen", "fonts", "render", "car", "allowLinksTo", "$schema"]
    static let budgetKeys = ["maxBytes"]
    static let appIconKeys = ["source", "page", "name", "background", "artwork", "appiconset"]
    static let launchImageKeys = ["source", "page", "fit", "basename", "background", "orientations", "schemes",
                                  "launchimage", "files"]
    static let imageKeys = ["name", "source", "page", "size", "fit", "scales", "idioms", "tall", "bundle"]
    static let idiomKeys = ["source", "page", "size", "fit", "scales"]
    static let tallKeys = ["source", "page", "size", "fit"]
    static let bundleKeys = ["name", "path"]
    static let catalogKeys = ["path", "bundle", "scales"]
    /// Points; larger sizes are refused before any pixel is allocated.
    static let maximumPoints = 10_000.0
    static let maximumPage = 100_000

    /// Decodes `bytes`, read from `path` in `directory`. Throws `InputError` with every error found;
    /// returns warnings alongside the manifest.
    public static func decode(_ bytes: [UInt8], path: String, directory: String) throws(InputError)
        -> (manifest: Manifest, warnings: [Diagnostic])
    {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw InputError([.error(path, .manifestIsEmpty)])
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw InputError([.error(path, at: firstInvalidUTF8(bytes), .manifestIsNotUTF8)])
        }
        if let line = MergeConflictMarkers.firstLine(in: bytes) {
            throw InputError([.error(path, at: SourceLocation(line: line, column: 1), MergeConflictMarkers.message)])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw InputError([.error(path, at: error.location, SourceMessage.invalidJSON(error))])
        }
        let reader = FieldReader(path: path)
        let manifest = decodeRoot(root, reader: reader, path: path, directory: directory)
        if reader.hasErrors || manifest == nil {
            throw InputError(reader.diagnostics)
        }
        return (manifest!, reader.diagnostics)
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> SourceLocation {
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0x6 ? 2 : byte >> 4 == 0xE ? 3 : byte >> 3 == 0x1E ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                  String(validating: bytes[index..<index + length], as: UTF8.self) != nil else { break }
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return SourceLocation(line: line, column: column)
    }

    private static func decodeRoot(_ root: JSONNode, reader: FieldReader, path: String, directory: String) -> Manifest? {
        guard let fields = reader.object(root, "the manifest", allowed: topLevelKeys) else { return nil }
        guard let versionNode = fields["version"] else {
            reader.error(.versionIsMissing, at: root.location)
            return nil
        }
        guard let version = reader.integer(versionNode, "\"version\"", in: Int.min...Int.max) else { return nil }
        guard version == Manifest.supportedVersion else {
            reader.error(.unsupportedManifestVersion(version),
                         at: versionNode.location)
            return nil
        }
        let output = fields["output"].flatMap { node -> String? in
            guard let text = reader.string(node, "\"output\"") else { return nil }
            if text.isEmpty { reader.error(.fieldIsEmpty("\"output\""), at: node.location); return nil }
            return text
        }
        let defaultScales = fields["scales"].flatMap { Self.scales($0, "\"scales\"", reader: reader) } ?? Manifest.defaultScales
        let bundles = fields["bundles"].map { decodeBundles($0, reader: reader) } ?? []
        var images: [ImageSpec] = []
        if let imagesNode = fields["images"], let elements = reader.array(imagesNode, "\"images\"") {
            for (index, element) in elements.enumerated() {
                if let image = decodeImage(element, index: index, defaultScales: defaultScales,
                                           bundles: bundles, reader: reader) {
                    images.append(image)
                }
            }
        }
        checkUniqueNames(images, bundles: bundles, reader: reader)
        var manifest = Manifest(path: path, directory: directory, output: output,
                                outputLocation: fields["output"]?.location, bundles: bundles, images: images)
        if let node = fields["devices"], let elements = reader.array(node, "\"devices\"") {
            var devices: [Idiom] = []
            for element in elements {
                guard let idiom = reader.choice(element, "a device in \"devices\"", as: Idiom.self, among: Idiom.iOSDevices) else { continue }
                if devices.contains(idiom) {
                    reader.error(.deviceListedTwice(idiom), at: element.location)
                } else {
                    devices.append(idiom)
                }
            }
            if elements.isEmpty { reader.error(.noDevicesListed, at: node.location) }
            if !devices.isEmpty { manifest.devices = devices.sorted() }
        }
        manifest.namesDevicesAndTarget = fields["devices"] != nil && fields["deploymentTarget"] != nil
        if let node = fields["deploymentTarget"], let text = reader.string(node, "\"deploymentTarget\"") {
            if let version = OSVersion(text), version.major >= 3 {
                manifest.deploymentTarget = version
            } else {
                reader.error(.deploymentTargetIsNotAnIOSVersion(text), at: node.location)
            }
        }
        if let node = fields["budget"], let budget = reader.object(node, "\"budget\"", allowed: budgetKeys) {
            if let limit = budget["maxBytes"] {
                if let value = reader.integer(limit, "\"maxBytes\"", in: 1...Int(Int32.max) * 1024) {
                    manifest.budget = SizeBudget(maxBytes: value, location: limit.location)
                }
            } else {
                reader.error(.budgetNeedsMaxBytes, at: node.location)
            }
        }
        if let node = fields["catalogs"] { manifest.catalogs = decodeCatalogs(node, bundles: bundles, reader: reader) }
        if let node = fields["render"], let render = reader.object(node, "\"render\"", allowed: ["timeoutSeconds", "memoryMiB", "pngEffort"]) {
            if let value = render["timeoutSeconds"] {
                manifest.renderTimeoutSeconds = reader.number(value, "\"timeoutSeconds\" of \"render\"", greaterThan: 0, atMost: RenderBudget.maximumSeconds)
            }
            if let value = render["memoryMiB"] {
                manifest.renderMemoryMiB = reader.integer(value, "\"memoryMiB\" of \"render\"", in: RenderBudget.memoryMiBRange)
            }
            if let value = render["pngEffort"], let text = reader.string(value, "\"pngEffort\" of \"render\"") {
                if let effort = PNGEffort(rawValue: text) {
                    manifest.pngEffort = effort
                } else {
                    reader.error(.unknownPNGEffort(text), at: value.location)
                }
            }
        }
        if let node = fields["fonts"], let path = reader.string(node, "\"fonts\"") {
            if path.isEmpty { reader.error(.fontsPathIsEmpty, at: node.location) } else {
                manifest.fontsDirectory = path
                manifest.fontsLocation = node.location
            }
        }
        if let node = fields["codegen"], let codegen = reader.object(node, "\"codegen\"", allowed: ["swift", "objc", "bundle"]) {
            if let node = codegen["bundle"], let text = reader.string(node, "\"bundle\" of \"codegen\"") {
                if let bundle = AccessorBundle(text) {
                    manifest.accessorBundle = bundle
                } else {
                    reader.error(.unknownAccessorBundle(text), at: node.location)
                }
            }
            if let objc = codegen["objc"], let path = reader.string(objc, "\"objc\" of \"codegen\"") {
                if let problem = ObjectiveCNames.problem(path) {
                    reader.error(.invalidObjectiveCOutput(problem), at: objc.location)
                } else {
                    manifest.objcOutput = path
                }
            }
            if let swift = codegen["swift"], let path = reader.string(swift, "\"swift\" of \"codegen\"") {
                if path.isEmpty || !path.hasSuffix(".swift") {
                    reader.error(.swiftOutputIsNotASwiftFile, at: swift.location)
                } else {
                    manifest.swiftOutput = path
                }
            }
        }
        if let node = fields["car"] {
            manifest.compiledCatalog = reader.bool(node, "\"car\"") ?? false
        }
        // Folders the catalogs' links may lead into, relative to the manifest's folder.
        if let node = fields["allowLinksTo"], let items = reader.array(node, "\"allowLinksTo\"") {
            for item in items {
                guard let folder = reader.string(item, "an entry of \"allowLinksTo\""), !folder.isEmpty else { continue }
                manifest.allowedLinkRoots.append(manifest.resolve(folder))
            }
        }
        if let node = fields["appIcon"] {
            if let set = setChoice(node, "\"appIcon\"", allowing: ["alternates"], reader: reader) {
                manifest.appIconSetName = set
                if case .object(let members) = node.value, let flag = members.first(where: { $0.key == "alternates" })?.value {
                    manifest.alternateAppIcons = reader.bool(flag, "\"alternates\" of \"appIcon\"") ?? false
                }
            } else {
                manifest.appIcon = decodeAppIcon(node, reader: reader)
            }
        }
        if let node = fields["launchImage"] {
            if let set = setChoice(node, "\"launchImage\"", reader: reader) {
                manifest.launchImageSetName = set
            } else {
                manifest.launchImage = decodeLaunchImage(node, reader: reader)
            }
        }
        if let node = fields["launchScreen"] { manifest.launchScreen = decodeLaunchScreen(node, reader: reader) }
        if let node = fields["brandAssets"] { manifest.brandAssets = decodeBrandAssets(node, reader: reader) }
        if let node = fields["solidImageStack"] { manifest.solidImageStack = decodeSolidImageStack(node, reader: reader) }
        if (manifest.appIconSetName != nil || manifest.launchImageSetName != nil) && manifest.catalogs.isEmpty {
            reader.error(.setWithoutCatalogs, at: root.location)
        }
        if let icon = manifest.appIcon, let launch = manifest.launchImage, icon.name == launch.basename {
            reader.error(.appIconAndLaunchImageShareName(icon.name), at: launch.location)
        }
        return manifest
    }

    static func color(_ node: JSONNode, _ what: String, reader: FieldReader) -> RGBAColor? {
        guard let text = reader.string(node, what) else { return nil }
        guard let color = RGBAColor(hex: text) else {
            reader.error(.notAColour(text, for: what), at: node.location)
            return nil
        }
        return color
    }

    static func sourceSpec(_ node: JSONNode, _ what: String, reader: FieldReader) -> SourceSpec? {
        guard let text = reader.string(node, what) else { return nil }
        if text.isEmpty {
            reader.error(.fieldIsEmpty(what), at: node.location)
            return nil
        }
        return SourceSpec(path: text, location: node.location)
    }

    /// Exactly one of `keys` must be present; returns it.
    /// `fields[key]`, a name of `owner` (`"name" of "appIcon"`) as Apple's rules allow one; `fallback`
    /// when there is none or it is wrong (a wrong one is said).
    static func checkedName(_ fields: [String: JSONNode], _ key: String, of owner: String, or fallback: String, reader: FieldReader) -> String {
        guard let node = fields[key], let text = reader.name(node, "\"\(key)\" of \(owner)") else { return fallback }
        if let problem = NameRules.problem(with: text) {
            reader.error(problem, at: node.location)
            return fallback
        }
        return text
    }

    /// `"background"` of `owner`: a colour, which must be opaque (`notOpaque` is said when it is not).
    static func opaqueBackground(_ fields: [String: JSONNode], of owner: String, notOpaque: Diagnostic.Message, reader: FieldReader) -> RGBAColor? {
        guard let node = fields["background"], let background = color(node, "\"background\" of \(owner)", reader: reader) else { return nil }
        if background.alpha != 255 { reader.error(notOpaque, at: node.location) }
        return background
    }

    static func oneInput(_ fields: [String: JSONNode], _ keys: [String], owner: String, at location: SourceLocation,
                                 reader: FieldReader) -> String? {
        let present = keys.filter { fields[$0] != nil }
        if present.count == 1 { return present[0] }
        reader.error(present.isEmpty ? .needsOneOf(keys, owner: owner) : .takesOnlyOneOf(keys, owner: owner), at: location)
        return nil
    }

    private static func decodeAppIcon(_ node: JSONNode, reader: FieldReader) -> AppIconSpec? {
        guard let fields = reader.object(node, "\"appIcon\"", allowed: appIconKeys) else { return nil }
        let errorsBefore = reader.diagnostics.count
        let name = checkedName(fields, "name", of: "\"appIcon\"", or: AppIconSpec.defaultName, reader: reader)
        let background = opaqueBackground(fields, of: "\"appIcon\"", notOpaque: .appIconBackgroundIsNotOpaque, reader: reader)
        let artwork = fields["artwork"].flatMap { reader.bool($0, "\"artwork\" of \"appIcon\"") } ?? false
        let page = fields["page"].flatMap { reader.integer($0, "\"page\" of \"appIcon\"", in: 1...maximumPage) } ?? 1
        var input: AppIconSpec.Input?
        switch oneInput(fields, ["source", "appiconset"], owner: "\"appIcon\"", at: node.location, reader: reader) {
        case "source":
            input = sourceSpec(fields["source"]!, "\"source\" of \"appIcon\"", reader: reader).map { .generate($0, page: page) }
        case "appiconset":
            input = sourceSpec(fields["appiconset"]!, "\"appiconset\"", reader: reader).map { .appiconset($0) }
            if let pageNode = fields["page"] { reader.error(.appIconPageNeedsSource, at: pageNode.location) }
        default:
            break
        }
        guard let input, reader.diagnostics.count == errorsBefore else { return nil }
        return AppIconSpec(input: input, name: name, background: background, artwork: artwork, location: node.location)
    }

    private static func decodeLaunchImage(_ node: JSONNode, reader: FieldReader) -> LaunchImageSpec? {
        guard let fields = reader.object(node, "\"launchImage\"", allowed: launchImageKeys) else { return nil }
        let errorsBefore = reader.diagnostics.count
        let basename = checkedName(fields, "basename", of: "\"launchImage\"", or: LaunchImageSpec.defaultBasename, reader: reader)
        let background = opaqueBackground(fields, of: "\"launchImage\"", notOpaque: .launchImageBackgroundIsNotOpaque, reader: reader)
        var orientations: [Orientation] = [.portrait]
        if let node = fields["orientations"], let elements = reader.array(node, "\"orientations\"") {
            let parsed = elements.compactMap { reader.choice($0, "an orientation", as: Orientation.self) }
            if elements.isEmpty { reader.error(.fieldIsEmpty("\"orientations\""), at: node.location) }
            orientations = Orientation.allCases.filter(parsed.contains)
        }
        var schemes: [String] = []
        if let node = fields["schemes"], let elements = reader.array(node, "\"schemes\"") {
            for element in elements {
                guard let scheme = reader.string(element, "a URL scheme") else { continue }
                let allowed = scheme.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
                }
                if scheme.isEmpty || !allowed || !(scheme.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } ?? false) {
                    reader.error(.invalidURLScheme(scheme),
                                 at: element.location)
                } else if schemes.contains(scheme) {
                    reader.error(.urlSchemeListedTwice(scheme), at: element.location)
                } else {
                    schemes.append(scheme)
                }
            }
        }
        let page = fields["page"].flatMap { reader.integer($0, "\"page\" of \"launchImage\"", in: 1...maximumPage) } ?? 1
        let fit = fields["fit"].flatMap { reader.choice($0, "\"fit\" of \"launchImage\"", as: Fit.self) } ?? .fill
        var input: LaunchImageSpec.Input?
        switch oneInput(fields, ["source", "launchimage", "files"], owner: "\"launchImage\"", at: node.location, reader: reader) {
        case "source":
            input = sourceSpec(fields["source"]!, "\"source\" of \"launchImage\"", reader: reader)
                .map { .generate($0, page: page, fit: fit) }
        case "launchimage":
            input = sourceSpec(fields["launchimage"]!, "\"launchimage\"", reader: reader).map { .launchimage($0) }
        case "files":
            if let elements = reader.array(fields["files"]!, "\"files\"") {
                let files = elements.compactMap { sourceSpec($0, "a file in \"files\"", reader: reader) }
                if elements.isEmpty { reader.error(.fieldIsEmpty("\"files\""), at: fields["files"]!.location) }
                input = .files(files)
            }
        default:
            break
        }
        if case .generate = input {} else {
            for key in ["page", "fit", "schemes"] where fields[key] != nil {
                reader.error(.launchImageFieldNeedsSource(key), at: fields[key]!.location)
            }
        }
        guard let input, reader.diagnostics.count == errorsBefore else { return nil }
        return LaunchImageSpec(input: input, basename: basename, background: background, orientations: orientations,
                               schemes: schemes, location: node.location)
    }

    static func scales(_ node: JSONNode, _ what: String, reader: FieldReader) -> [Int]? {
        guard let elements = reader.array(node, what) else { return nil }
        if elements.isEmpty {
            reader.error(.noScalesListed(what), at: node.location)
            return nil
        }
        var result: [Int] = []
        for element in elements {
            guard let scale = reader.integer(element, "a scale in \(what)", in: 1...3) else { continue }
            if result.contains(scale) {
                reader.error(.scaleListedTwice(scale, in: what), at: element.location)
            } else {
                result.append(scale)
            }
        }
        return result.isEmpty ? nil : result.sorted()
    }

    static func size(_ node: JSONNode, _ what: String, reader: FieldReader) -> PointSize? {
        guard let elements = reader.array(node, what) else { return nil }
        guard elements.count == 2 else {
            reader.error(.sizeMustBeTwoNumbers(what, found: elements.count), at: node.location)
            return nil
        }
        guard let width = reader.number(elements[0], "the width in \(what)", greaterThan: 0, atMost: maximumPoints),
              let height = reader.number(elements[1], "the height in \(what)", greaterThan: 0, atMost: maximumPoints)
        else { return nil }
        return PointSize(width: width, height: height)
    }

    /// `{"set": NAME}`: an app icon or launch image set picked from the catalogs by name.
    private static func setChoice(_ node: JSONNode, _ what: String, allowing extra: Set<String> = [],
                                  reader: FieldReader) -> CatalogSetChoice? {
        guard case .object(let members) = node.value, let setNode = members.first(where: { $0.key == "set" })?.value else { return nil }
        for member in members where member.key != "set" && !extra.contains(member.key) {
            reader.error(.fieldDoesNotApplyWithSet(member.key, of: what),
                         at: member.keyLocation)
        }
        guard let name = reader.name(setNode, "\"set\" of \(what)") else { return nil }
        if name.isEmpty { reader.error(.fieldIsEmpty("\"set\" of \(what)"), at: setNode.location); return nil }
        return CatalogSetChoice(name: name, location: setNode.location)
    }

    /// `catalogs`: `[{"path": "App/Assets.xcassets", "bundle": "Checkout", "scales": [2, 3]}]`.
    private static func decodeCatalogs(_ node: JSONNode, bundles: [BundleSpec], reader: FieldReader) -> [CatalogSpec] {
        guard let elements = reader.array(node, "\"catalogs\"") else { return [] }
        var catalogs: [CatalogSpec] = []
        for element in elements {
            guard let fields = reader.object(element, "a catalog", allowed: catalogKeys) else { continue }
            guard let pathNode = fields["path"] else {
                reader.error(.catalogNeedsPath, at: element.location)
                continue
            }
            guard let path = reader.string(pathNode, "the catalog's \"path\"") else { continue }
            if !path.lowercased().hasSuffix(".xcassets") {
                reader.error(.catalogPathIsNotXcassets(path), at: pathNode.location)
                continue
            }
            if catalogs.contains(where: { $0.path == path }) {
                reader.error(.catalogListedTwice(path), at: pathNode.location)
                continue
            }
            var bundle = BundleRef.main
            if let bundleNode = fields["bundle"], let name = reader.name(bundleNode, "the catalog's \"bundle\"") {
                if bundles.contains(where: { $0.name == name }) {
                    bundle = .named(name)
                } else {
                    reader.error(.bundleNotDeclared(name), at: bundleNode.location)
                    continue
                }
            }
            let scales = fields["scales"].flatMap { Self.scales($0, "the catalog's \"scales\"", reader: reader) }
                ?? CatalogSpec.defaultScales
            catalogs.append(CatalogSpec(path: path, bundle: bundle, scales: scales, location: element.location))
        }
        return catalogs
    }

    private static func decodeBundles(_ node: JSONNode, reader: FieldReader) -> [BundleSpec] {
        guard let elements = reader.array(node, "\"bundles\"") else { return [] }
        var bundles: [BundleSpec] = []
        for element in elements {
            guard let fields = reader.object(element, "a bundle", allowed: bundleKeys) else { continue }
            guard let nameNode = fields["name"], let pathNode = fields["path"] else {
                reader.error(.bundleNeedsNameAndPath, at: element.location)
                continue
            }
            guard let name = reader.name(nameNode, "the bundle's \"name\""),
                  let path = reader.name(pathNode, "the bundle's \"path\"") else { continue }
            if name.isEmpty { reader.error(.bundleNameIsEmpty, at: nameNode.location); continue }
            // The index, the run-time table and the reports key the main bundle by this name: a
            // bundle called so would share its entries, one or the other surviving by chance.
            if name == BundleRef.mainName {
                reader.error(.bundleNameIsReserved(name),
                             at: nameNode.location)
                continue
            }
            if let problem = NameRules.bundlePathProblem(path) { reader.error(problem, at: pathNode.location); continue }
            if bundles.contains(where: { $0.name == name }) {
                reader.error(.bundleDeclaredTwice(name), at: nameNode.location)
                continue
            }
            if bundles.contains(where: { $0.path.lowercased() == path.lowercased() }) {
                reader.error(.bundlePathUsedTwice(path),
                             at: pathNode.location)
                continue
            }
            bundles.append(BundleSpec(name: name, path: path, location: element.location))
        }
        return bundles
    }
}

extension Diagnostic.Message {
    fileprivate static let manifestIsEmpty: Diagnostic.Message = "manifest is empty; expected a JSON object with \"version\": 1"
    fileprivate static let manifestIsNotUTF8: Diagnostic.Message = "manifest is not valid UTF-8"
    fileprivate static let versionIsMissing: Diagnostic.Message = "missing \"version\"; add \"version\": 1"

    fileprivate static func unsupportedManifestVersion(_ version: Int) -> Diagnostic.Message { "unsupported manifest version \(version); this assetc reads version \(Manifest.supportedVersion)" }

    /// `what` names the field as the manifest spells it (`"output"`, `"set" of "appIcon"`).
    static func fieldIsEmpty(_ what: String) -> Diagnostic.Message { "\(what) is empty" }

    fileprivate static func deviceListedTwice(_ idiom: Idiom) -> Diagnostic.Message { "device '\(idiom.rawValue)' is listed twice" }

    fileprivate static let noDevicesListed: Diagnostic.Message = "\"devices\" is empty; list iphone, ipad or both"

    fileprivate static func deploymentTargetIsNotAnIOSVersion(_ text: String) -> Diagnostic.Message { "\"deploymentTarget\" '\(text)' is not an iOS version such as \"7.0\"" }

    fileprivate static let budgetNeedsMaxBytes: Diagnostic.Message = "\"budget\" needs \"maxBytes\", the largest size of Resources/ in bytes"

    fileprivate static func unknownPNGEffort(_ text: String) -> Diagnostic.Message { "\"pngEffort\" of \"render\" must be \"fast\", \"default\" or \"max\", not \"\(text)\"" }

    fileprivate static let fontsPathIsEmpty: Diagnostic.Message = "\"fonts\" is empty; name a folder of font files"

    fileprivate static func unknownAccessorBundle(_ text: String) -> Diagnostic.Message { "\"bundle\" of \"codegen\" must be \(AccessorBundle.spellings), not \"\(text)\"" }

    /// `problem` is `ObjectiveCNames.problem(_:)`'s.
    fileprivate static func invalidObjectiveCOutput(_ problem: Diagnostic.Message) -> Diagnostic.Message { "\"objc\" of \"codegen\" \(problem)" }

    fileprivate static let swiftOutputIsNotASwiftFile: Diagnostic.Message = "\"swift\" of \"codegen\" must name a .swift file"
    fileprivate static let setWithoutCatalogs: Diagnostic.Message = "\"set\" picks a set from \"catalogs\", but the manifest lists no catalogs"

    fileprivate static func appIconAndLaunchImageShareName(_ name: String) -> Diagnostic.Message { "\"appIcon\" name and \"launchImage\" basename are both '\(name)'" }

    fileprivate static func notAColour(_ text: String, for what: String) -> Diagnostic.Message { "\(what) '\(text)' is not a colour like \"#FFFFFF\" or \"#FFFFFF80\"" }

    fileprivate static func needsOneOf(_ keys: [String], owner: String) -> Diagnostic.Message { "\(owner) needs one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))" }

    fileprivate static func takesOnlyOneOf(_ keys: [String], owner: String) -> Diagnostic.Message { "\(owner) takes only one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))" }

    fileprivate static let appIconBackgroundIsNotOpaque: Diagnostic.Message = "\"background\" of \"appIcon\" must be opaque: app icons have no transparency"
    fileprivate static let appIconPageNeedsSource: Diagnostic.Message = "\"page\" applies only with \"source\""
    fileprivate static let launchImageBackgroundIsNotOpaque: Diagnostic.Message = "\"background\" of \"launchImage\" must be opaque"

    fileprivate static func invalidURLScheme(_ scheme: String) -> Diagnostic.Message { "URL scheme '\(scheme)' must start with a letter and hold only letters, digits, '+', '-' and '.'" }

    fileprivate static func urlSchemeListedTwice(_ scheme: String) -> Diagnostic.Message { "URL scheme '\(scheme)' is listed twice" }

    fileprivate static func launchImageFieldNeedsSource(_ key: String) -> Diagnostic.Message { "\"\(key)\" of \"launchImage\" applies only with \"source\"" }

    fileprivate static func noScalesListed(_ what: String) -> Diagnostic.Message { "\(what) is empty; list at least one of 1, 2, 3" }

    fileprivate static func scaleListedTwice(_ scale: Int, in what: String) -> Diagnostic.Message { "scale \(scale) is listed twice in \(what)" }

    fileprivate static func sizeMustBeTwoNumbers(_ what: String, found count: Int) -> Diagnostic.Message { "\(what) must be [width, height] in points, found \(count) numbers" }

    fileprivate static func fieldDoesNotApplyWithSet(_ key: String, of what: String) -> Diagnostic.Message { "\"\(key)\" of \(what) does not apply with \"set\" (the set in the catalog says everything)" }

    fileprivate static let catalogNeedsPath: Diagnostic.Message = "a catalog needs \"path\", the .xcassets folder"

    fileprivate static func catalogPathIsNotXcassets(_ path: String) -> Diagnostic.Message { "catalog path '\(path)' must name a .xcassets folder" }

    fileprivate static func catalogListedTwice(_ path: String) -> Diagnostic.Message { "catalog '\(path)' is listed twice" }

    fileprivate static func bundleNotDeclared(_ name: String) -> Diagnostic.Message { "bundle '\(name)' is not declared in \"bundles\"" }

    fileprivate static let bundleNeedsNameAndPath: Diagnostic.Message = "a bundle needs \"name\" and \"path\""
    fileprivate static let bundleNameIsEmpty: Diagnostic.Message = "bundle name is empty"

    fileprivate static func bundleNameIsReserved(_ name: String) -> Diagnostic.Message { "bundle name '\(name)' is reserved for the app's main bundle (images without \"bundle\" go there); choose another name" }

    fileprivate static func bundleDeclaredTwice(_ name: String) -> Diagnostic.Message { "bundle '\(name)' is declared twice" }

    fileprivate static func bundlePathUsedTwice(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' is used twice (file systems that fold case see one folder)" }
}
