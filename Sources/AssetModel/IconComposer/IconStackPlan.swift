/// What actool stores in Assets.car for an Icon Composer icon, so that iOS 26 draws it live with its
/// glass: one stack per appearance (the background fill and the groups, back to front), one group
/// per appearance (its layers, back to front, each with its frame on the 1024-point canvas), the
/// layers' images, and the colours and gradients the fills use — every part found by its name.
///
/// The rules are the ones 18 pairs of a public `.icon` and the Assets.car actool compiled from it
/// show (macOS cars of Xcode 26.0–27.0), and one iOS car with a stack (docs/assets-car.md, "Icon
/// stacks"): names, numbering, rounding, defaults, frames. Pure: the layers' native sizes are
/// given (a PNG's pixels, an SVG's size).
public struct IconStackPlan: Sendable, Equatable {
    public enum Appearance: String, Sendable, CaseIterable {
        case light, dark, tinted
    }

    /// A colour as actool stores it: CoreUI's colour-space number and the components rounded to
    /// three decimals and kept as 32-bit floats (`0.91835` is stored as `Float(0.918)`).
    public struct Color: Sendable, Equatable {
        public var name: String
        /// sRGB 1, grey gamma 2.2 2, Display P3 3, extended sRGB 4, extended grey 6.
        public var space: UInt32
        public var components: [Double]
    }

    public struct Gradient: Sendable, Equatable {
        public struct Stop: Sendable, Equatable {
            public var location: Double
            /// The colour's name (`AppIcon_Assets/Color-3`): stops refer to colours by name.
            public var color: String
        }

        public var name: String
        /// 0 for an `automatic-gradient` (one stop, the system lightens it), 1 for a linear one.
        public var kind: UInt32
        /// Start x, y and stop x, y in the unit square, as written (not clamped).
        public var geometry: [Double]
        public var stops: [Stop]
    }

    /// One image of the bundle's `Assets` folder, stored once under its name.
    public struct Layer: Sendable, Equatable {
        public var name: String
        public var imageName: String
        public var isSVG: Bool
    }

    /// What a child of a stack or group refers to, by the part its renditions have.
    public enum Part: UInt16, Sendable {
        case color = 217, gradient = 247, group = 246, layer = 181
    }

    /// One child of a stack (the fill, or a group) or of a group (a layer), in the order drawn.
    public struct Child: Sendable, Equatable {
        public var reference: String
        public var part: Part
        /// A layer's frame in pixels of the 1024 canvas, y down; zero for a stack's children.
        public var x = 0, y = 0, width = 0, height = 0
        /// CGBlendMode's number (normal 0, screen 2, soft light 8, plus lighter 27).
        public var blendMode: UInt32 = 0
        public var opacity: Float = 1
        /// A group: 2 for lighting `individual`, 0 for `combined`. A layer: 1 when it is glass.
        public var bits: UInt32 = 0
        public var blur: Float = 0
        /// A layer: the name of its fill's colour or gradient for this appearance; else empty.
        public var fill = ""
        public var specular: UInt32 = 0
        public var translucency: Float = 0
        /// none 0, layer colour 2, neutral 3.
        public var shadowStyle: UInt32 = 0
        public var shadowOpacity: Float = 0
    }

    public struct Node: Sendable, Equatable {
        public var name: String
        public var appearance: Appearance
        public var children: [Child]
    }

    /// The icon's name (the bundle's without `.icon`): the stacks' name, and the stem of the others'.
    public var stem: String
    public var colors: [Color] = []
    public var gradients: [Gradient] = []
    public var layers: [Layer] = []
    /// One per appearance, named `stem`.
    public var stacks: [Node] = []
    /// Xcode 27's layout (`XcodeGeneration.readsIconComposer2`): a refractivity TLV (1022) on every
    /// stack and group, and the dark system fill named `system-dark`.
    public var writesIconComposer2Layout = false
    /// One per group and appearance, named `stem/Group`, `stem/Group 2`, … or `stem/<its name>`.
    public var groups: [Node] = []

    /// The plan of `icon.json`'s stack. `layerSize` gives each image's native size (a PNG's pixels,
    /// an SVG's size in points), nil when it has none, which is an error naming the layer.
    public static func make(_ file: IconComposerFile, stem: String, xcode: XcodeGeneration = .default,
                            layerSize: @escaping (String) -> PointSize?) throws(IconComposerError) -> IconStackPlan {
        // The file's checks (bounds, names inside the bundle) are the flattened icon's, made when it was opened.
        var builder = IconStackBuilder(stem: stem, layerSize: layerSize)
        builder.plan.writesIconComposer2Layout = xcode.readsIconComposer2
        return try builder.build(file.root)
    }
}

/// Builds an `IconStackPlan`: reads every property per appearance with the flattened icon's reader,
/// and numbers colours and gradients in the file's order, as actool does.
struct IconStackBuilder {
    typealias Plan = IconStackPlan
    let stem: String
    let layerSize: (String) -> PointSize?
    var plan: Plan

    init(stem: String, layerSize: @escaping (String) -> PointSize?) {
        self.stem = stem
        self.layerSize = layerSize
        plan = Plan(stem: stem)
        // Always first: white in extended grey, whether or not a fill uses it.
        plan.colors.append(Plan.Color(name: "\(stem)_Assets/Color-1", space: 6, components: [1, 1]))
    }

    static func reader(_ appearance: Plan.Appearance) -> IconComposerReader {
        IconComposerReader(appearance: IconComposerDocument.Appearance(rawValue: appearance.rawValue)!)
    }

    mutating func build(_ root: JSONNode) throws(IconComposerError) -> Plan {
        let any = Self.reader(.light)
        // The background: its default, then each specialization, in the file's order.
        for node in Self.values(root, "fill", reader: any) { _ = try fillReference(node) }
        var backgrounds: [Plan.Appearance: (String, Plan.Part)] = [:]
        for appearance in Plan.Appearance.allCases {
            let (node, own) = try Self.reader(appearance).specializedEntry(root, "fill")
            // Dark without a fill of its own: the system's dark gradient, whatever the default.
            if appearance == .dark && !own {
                backgrounds[appearance] = try systemDarkGradient()
            } else if let node, let reference = try fillReference(node) {
                backgrounds[appearance] = reference
            } else {
                backgrounds[appearance] = appearance == .dark ? try systemDarkGradient() : try systemLightGradient()
            }
        }
        var groupNames: [(name: String, node: JSONNode)] = []
        var taken: Set<String> = []
        guard case .array(let groupNodes)? = any.member(root, "groups")?.value else { return plan }
        for group in groupNodes {
            // A group every appearance hides, or whose layers are all hidden, is left out.
            guard try isShownAnywhere(group) else { continue }
            var name = try any.string(any.member(group, "name")).flatMap { $0.isEmpty ? nil : $0 } ?? "Group"
            if taken.contains(name) {
                var number = 2
                while taken.contains("\(name) \(number)") { number += 1 }
                name = "\(name) \(number)"
            }
            taken.insert(name)
            groupNames.append(("\(stem)/\(name)", group))
            // The layers' images and fills, in the file's order.
            for appearance in Plan.Appearance.allCases where try isShown(group, appearance) {
                for layer in try visibleLayers(group, appearance) where !plan.layers.contains(where: { $0.imageName == layer.imageName }) {
                    // Two files whose names read the same once written in ASCII (`a–b.png`, `a—b.png`)
                    // keep a name each; no pair shows what actool does then.
                    var name = layerName(layer.imageName), number = 2
                    while plan.layers.contains(where: { $0.name == name }) {
                        name = layerName(layer.imageName) + " \(number)"
                        number += 1
                    }
                    plan.layers.append(Plan.Layer(name: name, imageName: layer.imageName, isSVG: layer.imageName.lowercased().hasSuffix(".svg")))
                }
            }
            guard case .array(let layerNodes)? = any.member(group, "layers")?.value else { continue }
            for layer in layerNodes {
                var shown = false
                for appearance in Plan.Appearance.allCases where try !isHidden(layer, appearance) { shown = true }
                guard shown else { continue }
                for node in Self.values(layer, "fill", reader: any) { _ = try fillReference(node) }
            }
        }
        for appearance in Plan.Appearance.allCases {
            let reader = Self.reader(appearance)
            let background = backgrounds[appearance]!
            var children = [Plan.Child(reference: background.0, part: background.1)]
            for (name, group) in groupNames.reversed() {
                guard try isShown(group, appearance) else { continue }
                children.append(try groupChild(name, group, reader))
            }
            plan.stacks.append(Plan.Node(name: stem, appearance: appearance, children: children))
        }
        for (name, group) in groupNames {
            for appearance in Plan.Appearance.allCases {
                let reader = Self.reader(appearance)
                var children: [Plan.Child] = []
                // A group hidden in this appearance is not in its stack; its node stays, empty.
                for layer in try isShown(group, appearance) ? visibleLayers(group, appearance).reversed() : [] {
                    children.append(try layerChild(layer, reader))
                }
                plan.groups.append(Plan.Node(name: name, appearance: appearance, children: children))
            }
        }
        return plan
    }

    /// The plain value of `key` and then each entry of `key-specializations` for iOS, in order.
    static func values(_ node: JSONNode, _ key: String, reader: IconComposerReader) -> [JSONNode] {
        var result: [JSONNode] = []
        if let plain = reader.member(node, key) { result.append(plain) }
        if case .array(let entries)? = reader.member(node, key + "-specializations")?.value {
            for entry in entries {
                if case .string(let idiom)? = reader.member(entry, "idiom")?.value, !["square", "iOS", "ios", "universal"].contains(idiom) { continue }
                if let value = reader.member(entry, "value") { result.append(value) }
            }
        }
        return result
    }

    struct LayerEntry {
        var node: JSONNode
        var imageName: String
    }

    /// A group drawn in `appearance`: not hidden, with a layer that is not.
    func isShown(_ group: JSONNode, _ appearance: Plan.Appearance) throws(IconComposerError) -> Bool {
        if try isHidden(group, appearance) { return false }
        return try !visibleLayers(group, appearance).isEmpty
    }

    func isShownAnywhere(_ group: JSONNode) throws(IconComposerError) -> Bool {
        for appearance in Plan.Appearance.allCases where try isShown(group, appearance) { return true }
        return false
    }

    func isHidden(_ node: JSONNode, _ appearance: Plan.Appearance) throws(IconComposerError) -> Bool {
        let reader = Self.reader(appearance)
        return try reader.bool(reader.specialized(node, "hidden"))
    }

    func visibleLayers(_ group: JSONNode, _ appearance: Plan.Appearance) throws(IconComposerError) -> [LayerEntry] {
        let reader = Self.reader(appearance)
        guard case .array(let nodes)? = reader.member(group, "layers")?.value else { return [] }
        var layers: [LayerEntry] = []
        for node in nodes where try !isHidden(node, appearance) {
            guard let name = try reader.string(reader.specialized(node, "image-name")) else { continue }
            layers.append(LayerEntry(node: node, imageName: name))
        }
        return layers
    }

    /// `stem_Assets/` and the image's name without its extension, each character outside ASCII
    /// written `_` (`1 – Layer.svg` is `1 _ Layer`).
    func layerName(_ imageName: String) -> String {
        let base = imageName.lastIndex(of: ".").map { String(imageName[..<$0]) } ?? imageName
        return "\(stem)_Assets/" + String(String.UnicodeScalarView(base.unicodeScalars.map { $0.isASCII ? $0 : "_" }))
    }

    func groupChild(_ name: String, _ group: JSONNode, _ reader: IconComposerReader) throws(IconComposerError) -> Plan.Child {
        var child = Plan.Child(reference: name, part: .group)
        child.blendMode = Self.blendNumber(try reader.blendMode(reader.specialized(group, "blend-mode")))
        child.opacity = Float(try reader.opacity(reader.specialized(group, "opacity")))
        let lighting = try reader.string(reader.specialized(group, "lighting")) ?? "individual"
        child.bits = lighting == "combined" ? 0 : 2
        child.blur = Float(try reader.number(reader.specialized(group, "blur-material"), in: 0...1000, what: "a blur") ?? 0)
        // Icon Composer 2.0 writes where the highlight sits (`"inside"`) where 1.x wrote true.
        var hasSpecular = true
        if let specular = try reader.specialized(group, "specular") {
            if case .string(let placement) = specular.value { hasSpecular = placement != "none" } else { hasSpecular = try reader.bool(specular) }
        }
        child.specular = hasSpecular ? 1 : 0
        child.translucency = 0.5
        if let translucency = try reader.specialized(group, "translucency") {
            let enabled = try reader.member(translucency, "enabled").map { node throws(IconComposerError) in try reader.bool(node) } ?? true
            let value = try reader.number(reader.member(translucency, "value"), in: 0...1, what: "a translucency") ?? 0.5
            child.translucency = enabled ? Float(value) : 0
        }
        child.shadowStyle = 3
        child.shadowOpacity = 0.5
        if let shadow = try reader.specialized(group, "shadow") {
            switch try reader.string(reader.member(shadow, "kind")) ?? "neutral" {
            case "none": child.shadowStyle = 0
            case "layer-color": child.shadowStyle = 2
            default: child.shadowStyle = 3
            }
            child.shadowOpacity = Float(try reader.number(reader.member(shadow, "opacity"), in: 0...1, what: "a shadow opacity") ?? 0.5)
        }
        return child
    }

    mutating func layerChild(_ layer: LayerEntry, _ reader: IconComposerReader) throws(IconComposerError) -> Plan.Child {
        let name = plan.layers.first { $0.imageName == layer.imageName }?.name ?? layerName(layer.imageName)
        var child = Plan.Child(reference: name, part: .layer)
        child.blendMode = Self.blendNumber(try reader.blendMode(reader.specialized(layer.node, "blend-mode")))
        child.opacity = Float(try reader.opacity(reader.specialized(layer.node, "opacity")))
        let glass = try reader.specialized(layer.node, "glass")
        let isGlass = try glass.map { node throws(IconComposerError) in try reader.bool(node) } ?? true
        child.bits = isGlass ? 1 : 0
        if let fill = try reader.specialized(layer.node, "fill"), let reference = try fillReference(fill) {
            child.fill = reference.0
        }
        guard let size = layerSize(layer.imageName), size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw IconComposerError(.layerFileHasNoUsableSize(layer.imageName), at: layer.node.location)
        }
        let position = try reader.position(reader.specialized(layer.node, "position"))
        // actool's arithmetic, from the pairs: the size is the 32-bit product rounded to nearest
        // (ties to even); the origin the floor of the unrounded centring plus the translation.
        let scale = Float(position.scale)
        child.width = Int((Float(size.width) * scale).rounded(.toNearestOrEven))
        child.height = Int((Float(size.height) * scale).rounded(.toNearestOrEven))
        let canvas = IconComposerDocument.canvasPoints
        child.x = Int(((canvas - size.width * Double(scale)) / 2 + position.x).rounded(.down))
        child.y = Int(((canvas - size.height * Double(scale)) / 2 + position.y).rounded(.down))
        return child
    }

    /// CGBlendMode's numbers.
    static func blendNumber(_ mode: IconComposerDocument.BlendMode) -> UInt32 {
        switch mode {
        case .normal: 0
        case .multiply: 1
        case .screen: 2
        case .overlay: 3
        case .darken: 4
        case .lighten: 5
        case .softLight: 8
        case .hardLight: 9
        case .plusDarker: 26
        case .plusLighter: 27
        }
    }

    /// The colour or gradient a fill is stored as (registered on first sight), or nil for `none`
    /// and `automatic`, which leave a layer's own colours.
    mutating func fillReference(_ node: JSONNode) throws(IconComposerError) -> (String, Plan.Part)? {
        let reader = Self.reader(.light)
        switch node.value {
        case .string("system-dark"): return try systemDarkGradient()
        case .string("system-light"): return try systemLightGradient()
        case .string: return nil
        case .object:
            if let solid = reader.member(node, "solid") { return (try color(solid), .color) }
            var geometry = [0.5, 0, 0.5, 1]
            if let orientation = reader.member(node, "orientation") {
                let start = try reader.point(reader.member(orientation, "start")) ?? (0.5, 0)
                let stop = try reader.point(reader.member(orientation, "stop")) ?? (0.5, 1)
                geometry = [start.x, start.y, stop.x, stop.y]
            }
            if let base = reader.member(node, "automatic-gradient") {
                return (gradient(kind: 0, geometry: geometry, colors: [try color(base)]), .gradient)
            }
            if let list = reader.member(node, "linear-gradient"), case .array(let items) = list.value, items.count >= 2 {
                var colors: [String] = []
                for item in items { colors.append(try color(item)) }
                return (gradient(kind: 1, geometry: geometry, colors: colors), .gradient)
            }
            return nil
        default:
            return nil
        }
    }

    mutating func systemDarkGradient() throws(IconComposerError) -> (String, Plan.Part) {
        let top = register(space: 2, [0.192, 1]), bottom = register(space: 2, [0.078, 1])
        // Xcode 27 names it for what it is (aachebotok/codexnotsleep@34b3b2f1's car); 26, by number.
        return (gradient(kind: 1, geometry: [0.5, 0, 0.5, 1], colors: [top, bottom],
                         name: plan.writesIconComposer2Layout ? "\(stem)_Assets/system-dark" : nil), .gradient)
    }

    /// `automatic` or `system-light`: no car with one was seen; the light system gradient of the
    /// flattened icon, stored as the dark one is.
    mutating func systemLightGradient() throws(IconComposerError) -> (String, Plan.Part) {
        let top = register(space: 2, [1, 1]), bottom = register(space: 2, [0.925, 1])
        return (gradient(kind: 1, geometry: [0.5, 0, 0.5, 1], colors: [top, bottom]), .gradient)
    }

    mutating func gradient(kind: UInt32, geometry: [Double], colors: [String], name wanted: String? = nil) -> String {
        let stops = colors.enumerated().map { index, color in
            Plan.Gradient.Stop(location: colors.count == 1 ? 0 : Double(Float(Double(index) / Double(colors.count - 1))), color: color)
        }
        let geometry = geometry.map { Double(Float($0)) }
        if let same = plan.gradients.first(where: { $0.kind == kind && $0.geometry == geometry && $0.stops == stops }) { return same.name }
        let name = wanted ?? "\(stem)_Assets/Gradient-\(plan.gradients.count + 1)"
        plan.gradients.append(Plan.Gradient(name: name, kind: kind, geometry: geometry, stops: stops))
        return name
    }

    /// `space:components` as written in icon.json, stored rounded; the name of an equal colour
    /// already stored, else a new one.
    mutating func color(_ node: JSONNode) throws(IconComposerError) -> String {
        guard case .string(let text) = node.value, let colon = text.firstIndex(of: ":") else {
            throw IconComposerError(.colourIsNotSpaceAndComponents, at: node.location)
        }
        let values = text[text.index(after: colon)...].split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
        // Extended spaces leave 0–1, but not by orders of magnitude (a Float holds the value).
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 1000 } == true }) else {
            throw IconComposerError(.colourComponentOutOfRange, at: node.location)
        }
        let space: UInt32
        switch text[..<colon] {
        case "srgb": space = 1
        case "gray", "gray-gamma-22": space = 2
        case "display-p3", "extended-display-p3": space = 3
        case "extended-srgb": space = 4
        case "extended-gray": space = 6
        default: throw IconComposerError(.unknownColourSpace(String(text[..<colon])), at: node.location)
        }
        guard values.count == (space == 2 || space == 6 ? 2 : 4) else {
            throw IconComposerError(.wrongColourComponentCount, at: node.location)
        }
        return register(space: space, values.map { $0! })
    }

    mutating func register(space: UInt32, _ values: [Double]) -> String {
        let components = values.map { Double(Float(($0 * 1000).rounded() / 1000)) }
        if let same = plan.colors.first(where: { $0.space == space && $0.components == components }) { return same.name }
        let name = "\(stem)_Assets/Color-\(plan.colors.count + 1)"
        plan.colors.append(Plan.Color(name: name, space: space, components: components))
        return name
    }
}

extension Diagnostic.Message {
    fileprivate static func layerFileHasNoUsableSize(_ imageName: String) -> Diagnostic.Message { "the layer file \(imageName) has no usable size" }

    fileprivate static let colourComponentOutOfRange: Diagnostic.Message = "a colour component is not a number from -1000 to 1000"
    fileprivate static let wrongColourComponentCount: Diagnostic.Message = "a colour has the wrong number of components"
}
