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
                reader.error("\"source\" of \(owner) is empty", at: node.location)
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
            reader.error("image #\(index + 1) has no \"name\"", at: node.location)
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
            reader.error("\(owner) has no \"source\"", at: node.location)
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
                var message = "\(owner) names bundle '\(bundleName)', which is not declared in \"bundles\""
                if let suggestion = NameSuggestion.closest(to: bundleName, among: bundles.map(\.name)) {
                    message += "; did you mean '\(suggestion)'?"
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
                reader.error("idiom '\(idiom.rawValue)' is listed twice in \(owner)", at: location)
            } else if let art {
                result.append(IdiomArt(idiom: idiom, art: art, scales: scales))
            } else {
                reader.error("idiom '\(idiom.rawValue)' of \(owner) has no \"source\", and the image has none to inherit",
                             at: location)
            }
        }
        switch node.value {
        case .array(let elements):
            if elements.isEmpty { reader.error("\"idioms\" of \(owner) is empty", at: node.location) }
            for element in elements {
                if let idiom = reader.choice(element, "an idiom of \(owner)", as: Idiom.self, among: Idiom.iOSDevices) {
                    add(idiom, art, scales, at: element.location)
                }
            }
        case .object(let members):
            if members.isEmpty { reader.error("\"idioms\" of \(owner) is empty", at: node.location) }
            for member in members {
                guard let idiom = Idiom(rawValue: member.key), Idiom.iOSDevices.contains(idiom) else {
                    var message = "unknown idiom '\(member.key)' in \(owner); expected iphone or ipad"
                    if let suggestion = NameSuggestion.closest(to: member.key, among: Idiom.iOSDevices.map(\.rawValue)) {
                        message = "unknown idiom '\(member.key)' in \(owner); did you mean '\(suggestion)'?"
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
            reader.error("\"idioms\" of \(owner) must be an array like [\"iphone\", \"ipad\"] or an object keyed by idiom, found \(node.typeName)",
                         at: node.location)
        }
        return result.sorted { $0.idiom < $1.idiom }
    }

    static func decodeTall(_ node: JSONNode, owner: String, art: ArtSpec?, idioms: [IdiomArt],
                                   reader: FieldReader) -> TallArt? {
        if !idioms.isEmpty, !idioms.contains(where: { $0.idiom == .iphone }) {
            reader.error("\"tall\" of \(owner) makes an iPhone 5 variant, but the image's idioms leave out iphone",
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
                reader.error("\"tall\" of \(owner) has no \"source\" and the image has none to inherit", at: node.location)
                return nil
            }
            // With its own source and no size, the tall page is drawn at its own size.
            let derives = fields["size"] == nil && fields["source"] == nil
            return TallArt(art: tallArt, derivesSize: derives)
        default:
            reader.error("\"tall\" of \(owner) must be true, false or an object, found \(node.typeName)", at: node.location)
            return nil
        }
    }

    static func checkUniqueNames(_ images: [ImageSpec], bundles: [BundleSpec], reader: FieldReader) {
        var seen: [AssetKey: ImageSpec] = [:]  // the name lower-cased
        var bundlesByName: [String: [String]] = [:]
        for image in images {
            let key = AssetKey(image.name.lowercased(), in: image.bundle)
            if let earlier = seen[key] {
                let where_ = image.bundle.name.map { "bundle '\($0)'" } ?? "the main bundle"
                if earlier.name == image.name {
                    reader.error("image '\(image.name)' is declared twice in \(where_) (first at line \(earlier.nameLocation.line))",
                                 at: image.nameLocation)
                } else {
                    reader.error("image '\(image.name)' differs from '\(earlier.name)' (line \(earlier.nameLocation.line)) only by case in \(where_); case-insensitive file systems would merge their files",
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
            reader.warning("image '\(image.name)' exists in several bundles (\(owners.joined(separator: ", "))); a bundle-searching imageNamed: returns whichever it searches first",
                           at: image.nameLocation)
        }
    }
}
