/// Reads `icon.json` into an `IconComposerDocument` for one appearance, refusing what could make
/// the drawing unbounded or reach outside the bundle (docs/hardening.md): at most 64 groups and 64
/// layers a group, image names that are plain file names, finite numbers in sane ranges.
struct IconComposerReader {
    typealias Document = IconComposerDocument

    static let maximumGroups = 64
    static let maximumLayers = 64
    let appearance: Document.Appearance

    init(appearance: Document.Appearance) {
        self.appearance = appearance
    }

    mutating func document(_ root: JSONNode) throws(IconComposerError) -> Document {
        guard case .object = root.value else { throw IconComposerError(.iconJSONIsNotAnObject, at: root.location) }
        guard let groupsNode = member(root, "groups") else { throw IconComposerError(.iconJSONHasNoGroups, at: root.location) }
        guard case .array(let groupNodes) = groupsNode.value else { throw IconComposerError(.groupsIsNotAnArray, at: groupsNode.location) }
        guard groupNodes.count <= Self.maximumGroups else {
            throw IconComposerError(.tooManyGroups(groupNodes.count, limit: Self.maximumGroups), at: groupsNode.location)
        }
        // Dark and tinted icons keep their own background only when the file gives one for that
        // appearance; otherwise the system's dark one (as a real actool dark rendition shows).
        let (backgroundNode, forThisAppearance) = try specializedEntry(root, "fill")
        var background = try backgroundNode.map(fill) ?? .automatic
        if background == .automatic || (appearance != .light && !forThisAppearance) { background = systemGradient(dark: appearance != .light) }
        var groups: [Document.Group] = []
        for node in groupNodes {
            guard case .object = node.value else { throw IconComposerError(.groupIsNotAnObject, at: node.location) }
            if try bool(specialized(node, "hidden")) { continue }
            guard let layersNode = member(node, "layers") else { throw IconComposerError(.groupHasNoLayers, at: node.location) }
            guard case .array(let layerNodes) = layersNode.value else { throw IconComposerError(.layersIsNotAnArray, at: layersNode.location) }
            guard layerNodes.count <= Self.maximumLayers else {
                throw IconComposerError(.tooManyLayers(layerNodes.count, limit: Self.maximumLayers), at: layersNode.location)
            }
            var layers: [Document.Layer] = []
            for layerNode in layerNodes {
                guard case .object = layerNode.value else { throw IconComposerError(.layerIsNotAnObject, at: layerNode.location) }
                if try bool(specialized(layerNode, "hidden")) { continue }
                let name = try string(member(layerNode, "name")) ?? "layer"
                guard let imageNode = try specialized(layerNode, "image-name"), let imageName = try string(imageNode) else {
                    throw IconComposerError(.layerHasNoImageName(name), at: layerNode.location)
                }
                guard Self.isPlainFileName(imageName) else {
                    throw IconComposerError(.layerImageOutsideAssets(name, imageName: imageName),
                                            at: imageNode.location)
                }
                layers.append(Document.Layer(
                    name: name, imageName: imageName, fill: try specialized(layerNode, "fill").map(fill).flatMap { $0 == .none ? nil : $0 },
                    opacity: try opacity(specialized(layerNode, "opacity")), blendMode: try blendMode(specialized(layerNode, "blend-mode")),
                    position: try position(specialized(layerNode, "position"))))
            }
            groups.append(Document.Group(layers: layers, opacity: try opacity(specialized(node, "opacity")),
                                         blendMode: try blendMode(specialized(node, "blend-mode")),
                                         position: try position(specialized(node, "position"))))
        }
        return Document(background: background, groups: groups)
    }

    /// A name that stays inside `Assets`: no separator, no `.`/`..`, no control character.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
            && !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    }

    func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// `key`, or the entry of `key-specializations` for this appearance (an iOS idiom or none), else
    /// its entry with no appearance.
    func specialized(_ node: JSONNode, _ key: String) throws(IconComposerError) -> JSONNode? {
        try specializedEntry(node, key).0
    }

    /// The value, and whether it was given for this very appearance.
    func specializedEntry(_ node: JSONNode, _ key: String) throws(IconComposerError) -> (JSONNode?, Bool) {
        if let list = member(node, key + "-specializations") {
            guard case .array(let entries) = list.value else { throw IconComposerError(.specializationsIsNotAnArray(key), at: list.location) }
            var general: JSONNode?
            for entry in entries {
                guard case .object = entry.value else { continue }
                if let idiom = try string(member(entry, "idiom")), !["square", "iOS", "ios", "universal"].contains(idiom) { continue }
                let wanted = try string(member(entry, "appearance"))
                if wanted == appearance.rawValue { return (member(entry, "value"), true) }
                if wanted == nil, general == nil { general = member(entry, "value") }
            }
            if let general { return (general, appearance == .light) }
        }
        return (member(node, key), appearance == .light)
    }

    func string(_ node: JSONNode?) throws(IconComposerError) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .string(let text): return text
        case .null: return nil
        default: throw IconComposerError(.expectedAString, at: node.location)
        }
    }

    func number(_ node: JSONNode?, in range: ClosedRange<Double>, what: String) throws(IconComposerError) -> Double? {
        guard let node else { return nil }
        switch node.value {
        case .number(let value, _):
            guard value.isFinite, range.contains(value) else { throw IconComposerError(.outOfRange(what, value, range), at: node.location) }
            return value
        case .null: return nil
        default: throw IconComposerError(.mustBeANumber(what), at: node.location)
        }
    }

    func bool(_ node: JSONNode?) throws(IconComposerError) -> Bool {
        guard let node else { return false }
        switch node.value {
        case .bool(let value): return value
        case .null: return false
        default: throw IconComposerError(.expectedTrueOrFalse, at: node.location)
        }
    }

    func opacity(_ node: JSONNode?) throws(IconComposerError) -> Double {
        try number(node, in: -1e6...1e6, what: "an opacity").map { min(1, max(0, $0)) } ?? 1
    }

    func blendMode(_ node: JSONNode?) throws(IconComposerError) -> Document.BlendMode {
        guard let text = try string(node) else { return .normal }
        guard let mode = Document.BlendMode(rawValue: text) else { throw IconComposerError(.unknownBlendMode(text), at: node?.location) }
        return mode
    }

    func position(_ node: JSONNode?) throws(IconComposerError) -> Document.Position {
        guard let node else { return .identity }
        guard case .object = node.value else { throw IconComposerError(.positionIsNotAnObject, at: node.location) }
        let scale = try number(member(node, "scale"), in: 0.001...100, what: "a scale") ?? 1
        var x = 0.0, y = 0.0
        if let translation = member(node, "translation-in-points") {
            guard case .array(let items) = translation.value, items.count == 2 else {
                throw IconComposerError(.translationIsNotTwoNumbers, at: translation.location)
            }
            x = try number(items[0], in: -100_000...100_000, what: "a translation") ?? 0
            y = try number(items[1], in: -100_000...100_000, what: "a translation") ?? 0
        }
        return Document.Position(scale: scale, x: x, y: y)
    }

    func fill(_ node: JSONNode) throws(IconComposerError) -> Document.Fill {
        switch node.value {
        case .string("automatic"): return .automatic
        case .string("none"): return .none
        case .string("system-light"): return systemGradient(dark: false)
        case .string("system-dark"): return systemGradient(dark: true)
        case .object:
            if let solid = member(node, "solid") { return .solid(try color(solid)) }
            if let base = member(node, "automatic-gradient") { return .automaticGradient(try color(base)) }
            if let stops = member(node, "linear-gradient") {
                guard case .array(let items) = stops.value, (2...16).contains(items.count) else {
                    throw IconComposerError(.gradientNeedsTwoToSixteenColours, at: stops.location)
                }
                var colors: [Document.Color] = []
                for item in items { colors.append(try color(item)) }
                var start = (x: 0.5, y: 0.0), stop = (x: 0.5, y: 1.0)
                if let orientation = member(node, "orientation") {
                    start = try point(member(orientation, "start")) ?? start
                    stop = try point(member(orientation, "stop")) ?? stop
                }
                return .linearGradient(colors, start: start, stop: stop)
            }
            throw IconComposerError(.unknownFillObject, at: node.location)
        case .string(let other):
            throw IconComposerError(.unknownFillName(other), at: node.location)
        default:
            throw IconComposerError(.fillIsNeitherNameNorObject, at: node.location)
        }
    }

    /// The system's backgrounds, top to bottom: light grey 1.0 to 0.925, dark 0.192 to 0.078 (the
    /// dark pair as a real actool car stores it; docs/catalogs.md).
    func systemGradient(dark: Bool) -> Document.Fill {
        let (top, bottom) = dark ? (0.192, 0.078) : (1.0, 0.925)
        return .linearGradient([Document.Color(red: top, green: top, blue: top, alpha: 1), Document.Color(red: bottom, green: bottom, blue: bottom, alpha: 1)],
                               start: (0.5, 0), stop: (0.5, 1))
    }

    func point(_ node: JSONNode?) throws(IconComposerError) -> (x: Double, y: Double)? {
        guard let node else { return nil }
        guard let x = try number(member(node, "x"), in: -100...100, what: "a gradient point"),
              let y = try number(member(node, "y"), in: -100...100, what: "a gradient point") else {
            throw IconComposerError(.gradientPointNeedsXAndY, at: node.location)
        }
        return (x, y)
    }

    /// `srgb:r,g,b,a`, `extended-srgb:…`, `display-p3:…` (converted to sRGB), `gray:w,a`, `extended-gray:w,a`.
    func color(_ node: JSONNode) throws(IconComposerError) -> Document.Color {
        guard case .string(let text) = node.value, let colon = text.firstIndex(of: ":") else {
            throw IconComposerError(.colourIsNotSpaceAndComponents, at: node.location)
        }
        let space = String(text[..<colon])
        let parts = text[text.index(after: colon)...].split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
        guard parts.allSatisfy({ $0?.isFinite == true }) else { throw IconComposerError(.colourComponentIsNotANumber, at: node.location) }
        let values = parts.map { $0! }
        switch space {
        case "gray", "extended-gray":
            guard values.count == 2 else { throw IconComposerError(.greyNeedsTwoComponents, at: node.location) }
            return Document.Color(red: values[0], green: values[0], blue: values[0], alpha: values[1])
        case "srgb", "extended-srgb", "display-p3", "extended-display-p3":
            guard values.count == 4 else { throw IconComposerError(.colourNeedsFourComponents, at: node.location) }
            return Document.Color(red: values[0], green: values[1], blue: values[2], alpha: values[3], isDisplayP3: space.hasSuffix("display-p3"))
        default:
            throw IconComposerError(.unknownColourSpace(space), at: node.location)
        }
    }

}

extension Diagnostic.Message {
    fileprivate static let iconJSONIsNotAnObject: Diagnostic.Message = "icon.json must be an object"
    fileprivate static let iconJSONHasNoGroups: Diagnostic.Message = "icon.json has no \"groups\""
    fileprivate static let groupsIsNotAnArray: Diagnostic.Message = "\"groups\" must be an array"

    fileprivate static func tooManyGroups(_ count: Int, limit: Int) -> Diagnostic.Message { "\(count) groups; assetc reads at most \(limit)" }

    fileprivate static let groupIsNotAnObject: Diagnostic.Message = "a group must be an object"
    fileprivate static let groupHasNoLayers: Diagnostic.Message = "a group has no \"layers\""
    fileprivate static let layersIsNotAnArray: Diagnostic.Message = "\"layers\" must be an array"

    fileprivate static func tooManyLayers(_ count: Int, limit: Int) -> Diagnostic.Message { "\(count) layers in a group; assetc reads at most \(limit)" }

    fileprivate static let layerIsNotAnObject: Diagnostic.Message = "a layer must be an object"

    fileprivate static func layerHasNoImageName(_ name: String) -> Diagnostic.Message { "the layer \"\(name)\" does not have an image name" }

    fileprivate static func layerImageOutsideAssets(_ name: String, imageName: String) -> Diagnostic.Message { "the layer \"\(name)\" names \"\(imageName)\", which is not a file name inside the bundle's Assets folder" }

    fileprivate static func specializationsIsNotAnArray(_ key: String) -> Diagnostic.Message { "\"\(key)-specializations\" must be an array" }

    fileprivate static let expectedAString: Diagnostic.Message = "expected a string"

    fileprivate static func outOfRange(_ what: String, _ value: Double, _ range: ClosedRange<Double>) -> Diagnostic.Message { "\(what) \(value) is outside \(range)" }

    fileprivate static func mustBeANumber(_ what: String) -> Diagnostic.Message { "\(what) must be a number" }

    fileprivate static let expectedTrueOrFalse: Diagnostic.Message = "expected true or false"

    fileprivate static func unknownBlendMode(_ text: String) -> Diagnostic.Message { "unknown blend mode \"\(text)\"" }

    fileprivate static let positionIsNotAnObject: Diagnostic.Message = "a position must be an object"
    fileprivate static let translationIsNotTwoNumbers: Diagnostic.Message = "\"translation-in-points\" must be two numbers"
    fileprivate static let gradientNeedsTwoToSixteenColours: Diagnostic.Message = "\"linear-gradient\" must list 2 to 16 colours"
    /// An object fill with none of `solid`, `automatic-gradient`, `linear-gradient`.
    fileprivate static let unknownFillObject: Diagnostic.Message = "unknown fill"

    fileprivate static func unknownFillName(_ name: String) -> Diagnostic.Message { "unknown fill \"\(name)\"" }

    fileprivate static let fillIsNeitherNameNorObject: Diagnostic.Message = "a fill must be a name or an object"
    fileprivate static let gradientPointNeedsXAndY: Diagnostic.Message = "a gradient point needs x and y"
    /// Also said by `IconStackPlan`, which stores the colour as written.
    static let colourIsNotSpaceAndComponents: Diagnostic.Message = "a colour must be written space:components"
    fileprivate static let colourComponentIsNotANumber: Diagnostic.Message = "a colour component is not a number"
    fileprivate static let greyNeedsTwoComponents: Diagnostic.Message = "a grey colour needs two components"
    fileprivate static let colourNeedsFourComponents: Diagnostic.Message = "a colour needs four comma-separated components"

    /// Also said by `IconStackPlan`.
    static func unknownColourSpace(_ space: String) -> Diagnostic.Message { "unknown colour space \"\(space)\"" }
}
