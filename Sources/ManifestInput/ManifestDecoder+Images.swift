import AssetModel

// The manifest's images: each entry's art, scales, idioms, tall variant and bundle, and the check
// that names are unique within a bundle.
extension ManifestDecoder {
    /// Reads `source`, `page`, `size` and `fit` from fields; `inherited` supplies what is absent.
    static func decodeArt(_ fields: [String: JSONNode], owner: String, inherited: ArtSpec?,
                                  reader: FieldReader) -> ArtSpec? {
        var source = inherited?.source
        if let node = fields["source"], let text = reader.string(node, "\"source\" of \(owner)") {
            if text.isEmpty {
                reader.error(.fieldIsEmpty("\"source\" of \(owner)"), at: node.location)
            } else {
                source = SourceSpec(path: text, location: node.location)
            }
        }
        // A new source starts from its own first page and natural size; nothing carries over.
        let page = fields["page"].flatMap { reader.integer($0, "\"page\" of \(owner)", in: 1...maximumPage) }
            ?? (fields["source"] == nil ? inherited?.page : nil) ?? 1
        let size = fields["size"].flatMap { self.size($0, "\"size\" of \(owner)", reader: reader) }
            ?? (fields["source"] == nil ? inherited?.size : nil)
        let fit = fields["fit"].flatMap { reader.choice($0, "\"fit\" of \(owner)", as: Fit.self) }
            ?? inherited?.fit ?? .contain
        guard let source else { return nil }
        return ArtSpec(source: source, page: page, size: size, fit: fit)
    }

    static func decodeImage(_ node: JSONNode, index: Int, defaultScales: [Int], bundles: [BundleSpec],
                                    reader: FieldReader) -> ImageSpec? {
        guard let fields = reader.object(node, "image #\(index + 1)", allowed: imageKeys) else { return nil }
        guard let nameNode = fields["name"] else {
            reader.error(.imageHasNoName(number: index + 1), at: node.location)
            return nil
        }
        guard let name = reader.name(nameNode, "\"name\" of image #\(index + 1)") else { return nil }
        if let problem = NameRules.problem(with: name) {
            reader.error(problem, at: nameNode.location)
            return nil
        }
        let owner = "image '\(name)'"
        let errorsBefore = reader.diagnostics.count
        let art = decodeArt(fields, owner: owner, inherited: nil, reader: reader)
        let scales = fields["scales"].flatMap { Self.scales($0, "\"scales\" of \(owner)", reader: reader) } ?? defaultScales

        var idioms: [IdiomArt] = []
        if let idiomsNode = fields["idioms"] {
            idioms = decodeIdioms(idiomsNode, owner: owner, art: art, scales: scales, reader: reader)
        } else if art == nil, fields["source"] == nil {
            reader.error(.imageHasNoSource(owner), at: node.location)
        }

        var tall: TallArt?
        if let tallNode = fields["tall"] {
            tall = decodeTall(tallNode, owner: owner, art: art, idioms: idioms, reader: reader)
        }

        var bundle = BundleRef.main
        if let bundleNode = fields["bundle"], let bundleName = reader.name(bundleNode, "\"bundle\" of \(owner)") {
            if bundles.contains(where: { $0.name == bundleName }) {
                bundle = .named(bundleName)
            } else {
                var message: Diagnostic.Message = .imageBundleNotDeclared(bundleName, owner: owner)
                if let suggestion = NameSuggestion.closest(to: bundleName, among: bundles.map(\.name)) {
                    message = message + .didYouMean(suggestion)
                }
                reader.error(message, at: bundleNode.location)
            }
        }
        guard reader.diagnostics.count == errorsBefore else { return nil }
        return ImageSpec(name: name, location: node.location, nameLocation: nameNode.location, art: art,
                         scales: scales, idioms: idioms, tall: tall, bundle: bundle,
                         bundleLocation: fields["bundle"]?.location)
    }

    static func decodeIdioms(_ node: JSONNode, owner: String, art: ArtSpec?, scales: [Int],
                                     reader: FieldReader) -> [IdiomArt] {
        var result: [IdiomArt] = []
        func add(_ idiom: Idiom, _ art: ArtSpec?, _ scales: [Int], at location: SourceLocation) {
            if result.contains(where: { $0.idiom == idiom }) {
                reader.error(.idiomListedTwice(idiom, in: owner), at: location)
            } else if let art {
                result.append(IdiomArt(idiom: idiom, art: art, scales: scales))
            } else {
                reader.error(.idiomHasNoSource(idiom, of: owner),
                             at: location)
            }
        }
        switch node.value {
        case .array(let elements):
            if elements.isEmpty { reader.error(.fieldIsEmpty("\"idioms\" of \(owner)"), at: node.location) }
            for element in elements {
                if let idiom = reader.choice(element, "an idiom of \(owner)", as: Idiom.self, among: Idiom.iOSDevices) {
                    add(idiom, art, scales, at: element.location)
                }
            }
        case .object(let members):
            if members.isEmpty { reader.error(.fieldIsEmpty("\"idioms\" of \(owner)"), at: node.location) }
            for member in members {
                guard let idiom = Idiom(rawValue: member.key), Idiom.iOSDevices.contains(idiom) else {
                    var message = Diagnostic.Message.unknownIdiom(member.key, in: owner) + .expectedIPhoneOrIPad
                    if let suggestion = NameSuggestion.closest(to: member.key, among: Idiom.iOSDevices.map(\.rawValue)) {
                        message = Diagnostic.Message.unknownIdiom(member.key, in: owner) + .didYouMean(suggestion)
                    }
                    reader.error(message, at: member.keyLocation)
                    continue
                }
                let idiomOwner = "\(owner) for \(idiom.rawValue)"
                guard let fields = reader.object(member.value, "idiom '\(idiom.rawValue)' of \(owner)", allowed: idiomKeys)
                else { continue }
                let idiomArt = decodeArt(fields, owner: idiomOwner, inherited: art, reader: reader)
                let idiomScales = fields["scales"].flatMap { self.scales($0, "\"scales\" of \(idiomOwner)", reader: reader) }
                    ?? scales
                add(idiom, idiomArt, idiomScales, at: member.keyLocation)
            }
        default:
            reader.error(.idiomsMustBeAnArrayOrObject(of: owner, found: node.typeName),
                         at: node.location)
        }
        return result.sorted { $0.idiom < $1.idiom }
    }

    static func decodeTall(_ node: JSONNode, owner: String, art: ArtSpec?, idioms: [IdiomArt],
                                   reader: FieldReader) -> TallArt? {
        if !idioms.isEmpty, !idioms.contains(where: { $0.idiom == .iphone }) {
            reader.error(.tallNeedsIPhone(of: owner),
                         at: node.location)
            return nil
        }
        let baseArt = art ?? idioms.first(where: { $0.idiom == .iphone })?.art
        switch node.value {
        case .bool(false):
            return nil
        case .bool(true):
            guard let baseArt else { return nil }
            return TallArt(art: baseArt, derivesSize: true)
        case .object:
            guard let fields = reader.object(node, "\"tall\" of \(owner)", allowed: tallKeys) else { return nil }
            guard let tallArt = decodeArt(fields, owner: "the tall variant of \(owner)", inherited: baseArt, reader: reader)
            else {
                reader.error(.tallHasNoSource(of: owner), at: node.location)
                return nil
            }
            // With its own source and no size, the tall page is drawn at its own size.
            let derives = fields["size"] == nil && fields["source"] == nil
            return TallArt(art: tallArt, derivesSize: derives)
        default:
            reader.error(.tallMustBeBoolOrObject(of: owner, found: node.typeName), at: node.location)
            return nil
        }
    }

    static func checkUniqueNames(_ images: [ImageSpec], bundles: [BundleSpec], reader: FieldReader) {
        var seen: [AssetKey: ImageSpec] = [:]  // the name lower-cased
        var bundlesByName: [String: [String]] = [:]
        for image in images {
            let key = AssetKey(image.name.lowercased(), in: image.bundle)
            if let earlier = seen[key] {
                if earlier.name == image.name {
                    reader.error(.imageDeclaredTwice(image.name, in: image.bundle, firstLine: earlier.nameLocation.line),
                                 at: image.nameLocation)
                } else {
                    reader.error(.imageNamesDifferOnlyByCase(image.name, earlier.name, line: earlier.nameLocation.line, in: image.bundle),
                                 at: image.nameLocation)
                }
                continue
            }
            seen[key] = image
            bundlesByName[image.name, default: []].append(image.bundle.writtenName)
        }
        for image in images {
            guard let owners = bundlesByName[image.name], owners.count > 1, owners.first == image.bundle.writtenName
            else { continue }
            reader.warning(.imageInSeveralBundles(image.name, bundles: owners),
                           at: image.nameLocation)
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func imageHasNoName(number: Int) -> Diagnostic.Message { "image #\(number) has no \"name\"" }

    /// `owner` is `image 'Name'`.
    fileprivate static func imageHasNoSource(_ owner: String) -> Diagnostic.Message { "\(owner) has no \"source\"" }

    /// Followed by `didYouMean(_:)` when a declared bundle is near.
    fileprivate static func imageBundleNotDeclared(_ bundleName: String, owner: String) -> Diagnostic.Message { "\(owner) names bundle '\(bundleName)', which is not declared in \"bundles\"" }

    fileprivate static func idiomListedTwice(_ idiom: Idiom, in owner: String) -> Diagnostic.Message { "idiom '\(idiom.rawValue)' is listed twice in \(owner)" }

    fileprivate static func idiomHasNoSource(_ idiom: Idiom, of owner: String) -> Diagnostic.Message { "idiom '\(idiom.rawValue)' of \(owner) has no \"source\", and the image has none to inherit" }

    /// Followed by `expectedIPhoneOrIPad` or `didYouMean(_:)`.
    fileprivate static func unknownIdiom(_ key: String, in owner: String) -> Diagnostic.Message { "unknown idiom '\(key)' in \(owner)" }

    fileprivate static let expectedIPhoneOrIPad: Diagnostic.Message = "; expected iphone or ipad"

    fileprivate static func idiomsMustBeAnArrayOrObject(of owner: String, found typeName: String) -> Diagnostic.Message { "\"idioms\" of \(owner) must be an array like [\"iphone\", \"ipad\"] or an object keyed by idiom, found \(typeName)" }

    fileprivate static func tallNeedsIPhone(of owner: String) -> Diagnostic.Message { "\"tall\" of \(owner) makes an iPhone 5 variant, but the image's idioms leave out iphone" }

    fileprivate static func tallHasNoSource(of owner: String) -> Diagnostic.Message { "\"tall\" of \(owner) has no \"source\" and the image has none to inherit" }

    fileprivate static func tallMustBeBoolOrObject(of owner: String, found typeName: String) -> Diagnostic.Message { "\"tall\" of \(owner) must be true, false or an object, found \(typeName)" }

    /// `bundle 'Checkout'`, or `the main bundle`.
    fileprivate static func place(of bundle: BundleRef) -> Diagnostic.Message {
        if let name = bundle.name { return "bundle '\(name)'" }
        return "the main bundle"
    }

    fileprivate static func imageDeclaredTwice(_ name: String, in bundle: BundleRef, firstLine: Int) -> Diagnostic.Message { "image '\(name)' is declared twice in \(place(of: bundle)) (first at line \(firstLine))" }

    fileprivate static func imageNamesDifferOnlyByCase(_ name: String, _ earlier: String, line: Int, in bundle: BundleRef) -> Diagnostic.Message { "image '\(name)' differs from '\(earlier)' (line \(line)) only by case in \(place(of: bundle)); case-insensitive file systems would merge their files" }

    /// `bundles` are the bundles' written names.
    fileprivate static func imageInSeveralBundles(_ name: String, bundles: [String]) -> Diagnostic.Message { "image '\(name)' exists in several bundles (\(bundles.joined(separator: ", "))); a bundle-searching imageNamed: returns whichever it searches first" }
}
