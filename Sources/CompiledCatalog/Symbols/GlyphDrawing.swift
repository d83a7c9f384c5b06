import AssetModel

/// One glyph group of a template written out as the body of its own SVG, with its ink box.
///
/// Path data is kept byte for byte, as actool keeps it; each outline keeps its rendering-mode
/// classes (`multicolor-0:systemBlueColor`, `hierarchical-1:primary`, not the SF Symbols app's
/// `SFSymbolsPreview…` colours) and gets the presentation attributes its class rules and its own
/// attributes give it, in name order. Groups inside a glyph keep their transforms. A glyph group
/// whose own transform is more than a translation (a vector editor's flip or scale) is drawn
/// inside one group with that linear part, so the glyph looks as it does in the template.
struct GlyphDrawing {
    var body: String
    /// The ink box in the template's coordinates.
    var absoluteBounds: InkBounds
    var renderingModes: UInt32 = 0

    static let shapeAttributes: [String: [String]] = [
        "path": ["d"], "rect": ["x", "y", "width", "height", "rx", "ry"], "circle": ["cx", "cy", "r"],
        "ellipse": ["cx", "cy", "rx", "ry"], "line": ["x1", "y1", "x2", "y2"], "polyline": ["points"], "polygon": ["points"],
    ]

    init(glyph: Survey.Glyph, rules: [StyleRule]) throws(SymbolTemplateError) {
        let linear = glyph.transform.linear
        var wrapper: [(String, String)] = []
        if linear != .identity {
            wrapper.append(("transform", "matrix(" + [linear.a, linear.b, linear.c, linear.d, 0, 0].map(SymbolTemplate.format).joined(separator: " ") + ")"))
        }
        // Fill, stroke… set on the template's groups around the glyph, where they differ from SVG's
        // initial values (an editor's `fill="#000000"` on the Symbols group changes nothing).
        for (name, value) in glyph.inherited.sorted(by: { $0.key < $1.key }) where Self.normalized(value) != SymbolTemplate.initialValues[name] {
            wrapper.append((name, value))
        }
        var bounds = InkBounds()
        var modes: UInt32 = 0
        var content = ""
        for child in glyph.element.elements {
            content += try Self.draw(child, glyph: glyph.name, transform: linear, inherited: glyph.inherited, rules: rules, bounds: &bounds, modes: &modes)
        }
        guard !bounds.isEmpty else { throw SymbolTemplateError("the glyph \(glyph.name) draws nothing") }
        guard [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy(\.isFinite) else {
            throw SymbolTemplateError("the glyph \(glyph.name) has coordinates out of range")
        }
        body = wrapper.isEmpty ? content : "<g" + wrapper.map { " \($0.0)=\"\(escapeText($0.1))\"" }.joined() + ">" + content + "</g>"
        absoluteBounds = bounds.moved(by: (glyph.transform.e, glyph.transform.f))
        renderingModes = modes
    }

    static func normalized(_ value: String) -> String {
        switch value.lowercased() {
        case "#000", "#000000", "black", "rgb(0,0,0)": "black"
        default: value.lowercased()
        }
    }

    private static func draw(_ element: XMLTreeElement, glyph: String, transform: AffineTransform, inherited: [String: String],
                             rules: [StyleRule], bounds: inout InkBounds, modes: inout UInt32) throws(SymbolTemplateError) -> String {
        var transform = transform
        let ownTransform = element[attribute: "transform"]
        if let ownTransform {
            guard let parsed = AffineTransform(svg: ownTransform) else {
                throw SymbolTemplateError("line \(element.line): transform=\"\(ownTransform)\" in the glyph \(glyph) cannot be read")
            }
            transform = transform.concatenating(parsed)
        }
        let classes = (element[attribute: "class"] ?? "").split(whereSeparator: \.isSVGSpace).map(String.init)
            .filter { !$0.hasPrefix("SFSymbolsPreview") }
        for name in classes {
            if name.hasPrefix("multicolor-") { modes |= 1 }
            if name.hasPrefix("hierarchical-") { modes |= 2 }
        }
        // Class rules first, then the element's own attributes and style.
        var presentation: [String: String] = [:]
        for name in classes {
            for rule in rules where rule.selector == "." + name {
                for declaration in rule.declarations where SymbolTemplate.presentation.contains(declaration.name) {
                    presentation[declaration.name] = declaration.value
                }
            }
        }
        presentation.merge(element.presentationAttributes) { _, own in own }
        let effective = inherited.merging(presentation.filter { SymbolTemplate.inherited.contains($0.key) }) { _, own in own }
        var attributes: [(String, String)] = []
        if !classes.isEmpty { attributes.append(("class", classes.joined(separator: " "))) }

        switch element.name {
        case "g":
            var children = ""
            for child in element.elements {
                children += try draw(child, glyph: glyph, transform: transform, inherited: effective, rules: rules, bounds: &bounds, modes: &modes)
            }
            guard !children.isEmpty else { return "" }
            if let ownTransform { attributes.append(("transform", ownTransform)) }
            attributes += presentation.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return "<g" + attributes.map { " \($0.0)=\"\(escapeText($0.1))\"" }.joined() + ">" + children + "</g>"
        case let name where shapeAttributes[name] != nil:
            let outline: Outline
            do {
                guard let shape = try Outline.shape(element) else { return "" }
                outline = shape
            } catch {
                throw SymbolTemplateError("line \(element.line): the glyph \(glyph): \(Self.describe(error))")
            }
            var box = outline.bounds(transform)
            if let stroke = effective["stroke"], normalized(stroke) != "none" {
                let width = SVGNumberScanner.numbers(in: Substring(effective["stroke-width"] ?? "1"))?.first ?? 1
                box = box.outset(by: abs(width) / 2 * transform.largestStretch)
            }
            bounds.add(box)
            for attribute in shapeAttributes[name]! {
                if let value = element[attribute: attribute] { attributes.append((attribute, value)) }
            }
            if let ownTransform { attributes.append(("transform", ownTransform)) }
            attributes += presentation.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return "<\(name)" + attributes.map { " \($0.0)=\"\(escapeText($0.1))\"" }.joined() + "/>"
        case "title", "desc", "metadata":
            return ""
        default:
            throw SymbolTemplateError("line \(element.line): the glyph \(glyph) holds a <\(element.name)>; a symbol's glyphs are outlines "
                + "(paths and basic shapes): convert text, images and references to outlines")
        }
    }

    static func describe(_ error: SVGGeometryError) -> String {
        switch error {
        case .badPathData(let text), .badShape(let text): text
        }
    }
}
