import AssetModel

/// One glyph group of a template written out as the body of its own SVG, with its ink box.
///
/// Path data is kept byte for byte, as actool keeps it; each outline keeps its rendering-mode
/// classes (`multicolor-0:systemBlueColor`, `hierarchical-1:primary`, not the SF Symbols app's
/// `SFSymbolsPreview…` colours) and gets the presentation attributes its class rules and its own
/// attributes give it, in name order. Groups inside a glyph keep their transforms. A glyph group
/// whose own transform is more than a translation (a vector editor's flip or scale) is drawn
/// inside one group with that linear part, so the glyph looks as it does in the template.
///
/// What is not drawn is neither written nor counted in the box: elements with `display: none`,
/// shapes that are `visibility: hidden`, and shapes with neither fill nor stroke (editors leave
/// hidden layers and guide rectangles in their exports).
struct GlyphDrawing {
    var body: String
    /// The ink box in the template's coordinates.
    var absoluteBounds: InkBounds
    var renderingModes: UInt32 = 0

    static let shapeAttributes: [String: [String]] = [
        "path": ["d"], "rect": ["x", "y", "width", "height", "rx", "ry"], "circle": ["cx", "cy", "r"],
        "ellipse": ["cx", "cy", "rx", "ry"], "line": ["x1", "y1", "x2", "y2"], "polyline": ["points"], "polygon": ["points"],
    ]

    /// The declarations of a template's class rules by selector (`.multicolor-0:systemBlueColor`).
    typealias Rules = [String: [(name: String, value: String)]]

    static func index(_ rules: [StyleRule]) -> Rules {
        var result: Rules = [:]
        for rule in rules { result[rule.selector, default: []] += rule.declarations }
        return result
    }

    /// The state passed down a glyph's groups.
    private struct Context {
        var glyph: String
        var transform: AffineTransform
        /// Inherited presentation properties in effect (fill, stroke, visibility…).
        var inherited: [String: String]
        let rules: Rules
        /// The template's elements by id, for `<use>`.
        let definitions: [String: XMLTreeElement]
        /// `<use>` elements being followed, nested.
        var references = 0
    }

    /// Definitions draw nothing where they stand (a vector editor leaves an unused `<mask>` of a
    /// `<use>` in each glyph group, as NetNewsWire's Sketch templates do).
    static let definitionElements: Set<String> = ["defs", "mask", "clipPath", "linearGradient", "radialGradient", "pattern", "filter",
                                                  "marker", "symbol", "style", "title", "desc", "metadata"]
    /// `<use>` inside `<use>`, at most this deep (a reference to its own ancestor would not end).
    static let maximumReferenceDepth = 8

    init(glyph: Survey.Glyph, rules: Rules, definitions: [String: XMLTreeElement] = [:]) throws(SymbolTemplateError) {
        let linear = glyph.transform.linear
        guard abs(linear.a * linear.d - linear.b * linear.c) > 1e-12 else {
            throw SymbolTemplateError("the glyph \(glyph.name) is scaled to nothing (its transform cannot be inverted)")
        }
        var wrapper: [(String, String)] = []
        if linear != .identity {
            wrapper.append(("transform", "matrix(" + [linear.a, linear.b, linear.c, linear.d, 0, 0].map(SymbolTemplate.format).joined(separator: " ") + ")"))
        }
        // Fill, stroke… set on the template's groups around the glyph, where they differ from SVG's
        // initial values (an editor's `fill="#000000"` on the Symbols group changes nothing), and
        // the glyph group's own opacity.
        var carried = glyph.inherited.filter { Self.normalized($0.value) != SymbolTemplate.initialValues[$0.key] && $0.key != "visibility" }
        if let opacity = glyph.element.presentationAttributes["opacity"] { carried["opacity"] = opacity }
        wrapper += carried.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        var bounds = InkBounds()
        var modes: UInt32 = 0
        var content = ""
        let context = Context(glyph: glyph.name, transform: linear, inherited: glyph.inherited, rules: rules, definitions: definitions)
        for child in glyph.element.elements {
            content += try Self.draw(child, context, bounds: &bounds, modes: &modes)
        }
        guard bounds.isFinite, [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e7 }) || bounds.isEmpty else {
            throw SymbolTemplateError("the glyph \(glyph.name) has coordinates out of range")
        }
        guard !bounds.isEmpty, bounds.maxX > bounds.minX, bounds.maxY > bounds.minY else {
            throw SymbolTemplateError("the glyph \(glyph.name) draws nothing")
        }
        body = wrapper.isEmpty ? content : "<g" + wrapper.map { " \($0.0)=\"\(XMLText.escapeAttribute($0.1))\"" }.joined() + ">" + content + "</g>"
        absoluteBounds = bounds.moved(by: (glyph.transform.e, glyph.transform.f))
        renderingModes = modes
    }

    static func normalized(_ value: String) -> String {
        switch value.lowercased() {
        case "#000", "#000000", "black", "rgb(0,0,0)": "black"
        default: value.lowercased()
        }
    }

    private static func draw(_ element: XMLTreeElement, _ context: Context, bounds: inout InkBounds, modes: inout UInt32) throws(SymbolTemplateError) -> String {
        let glyph = context.glyph
        if let id = element[attribute: "id"], let (_, _) = Survey.glyphName(id) {
            throw SymbolTemplateError("line \(element.line): the glyph group \(id) is inside the glyph \(glyph); each glyph is a group of its own")
        }
        var context = context
        let ownTransform = element[attribute: "transform"]
        if let ownTransform {
            guard let parsed = AffineTransform(svg: ownTransform) else {
                throw SymbolTemplateError("line \(element.line): transform=\"\(ownTransform)\" in the glyph \(glyph) cannot be read")
            }
            context.transform = context.transform.concatenating(parsed)
        }
        let classes = Self.renderingClasses(element)
        let presentation = Self.presentation(of: element, classes: classes, rules: context.rules)
        if presentation["display"]?.lowercased() == "none" { return "" }
        context.inherited.merge(presentation.filter { SymbolTemplate.inherited.contains($0.key) }) { _, own in own }
        let effective = context.inherited
        var attributes: [(String, String)] = []
        if !classes.isEmpty { attributes.append(("class", classes.joined(separator: " "))) }
        // Written as attributes: what draws, not what only decides whether this is drawn.
        let written = presentation.filter { $0.key != "display" && $0.key != "visibility" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

        // Masks, clip paths and filters would change what is drawn in ways the box does not
        // follow; no template seen uses one on what it draws.
        for attribute in ["mask", "clip-path", "filter"] where (element[attribute: attribute] ?? presentationStyle(element, attribute)).map({ $0 != "none" }) == true {
            throw SymbolTemplateError("line \(element.line): the glyph \(glyph) draws with a \(attribute); a symbol's glyphs are plain outlines: apply it to the outlines first")
        }
        switch element.name {
        case let name where definitionElements.contains(name):
            return ""
        case "use":
            // A reference to an outline defined elsewhere (vector editors put paths in `<defs>`):
            // drawn as a group with the reference's offset, holding a copy of what it names.
            guard let reference = element[attribute: "href"], reference.hasPrefix("#"),
                  let target = context.definitions[String(reference.dropFirst())] else {
                throw SymbolTemplateError("line \(element.line): the glyph \(glyph) has a <use> whose reference \"\(element[attribute: "href"] ?? "")\" names nothing in the template")
            }
            guard context.references < maximumReferenceDepth, target.name != "symbol", target.name != "svg" else {
                throw SymbolTemplateError("line \(element.line): the glyph \(glyph) has a <use> that cannot be drawn (nested too deep, or a <symbol>)")
            }
            var offset: [String] = []
            for name in ["x", "y"] {
                let text = element[attribute: name] ?? "0"
                guard let values = SVGNumberScanner.numbers(in: Substring(text)), values.count == 1 else {
                    throw SymbolTemplateError("line \(element.line): \(name)=\"\(text)\" of a <use> in the glyph \(glyph) is not a number")
                }
                offset.append(SymbolTemplate.format(values[0]))
            }
            var inner = context
            inner.references += 1
            inner.transform = inner.transform.concatenating(AffineTransform(e: Double(offset[0])!, f: Double(offset[1])!))
            let drawn = try draw(target, inner, bounds: &bounds, modes: &modes)
            guard !drawn.isEmpty else { return "" }
            let transforms = [ownTransform, offset == ["0", "0"] ? nil : "translate(\(offset[0]) \(offset[1]))"].compactMap { $0 }
            if !transforms.isEmpty { attributes.append(("transform", transforms.joined(separator: " "))) }
            attributes += written
            return "<g" + attributes.map { " \($0.0)=\"\(XMLText.escapeAttribute($0.1))\"" }.joined() + ">" + drawn + "</g>"
        case "g":
            var children = ""
            for child in element.elements {
                children += try draw(child, context, bounds: &bounds, modes: &modes)
            }
            guard !children.isEmpty else { return "" }
            if let ownTransform { attributes.append(("transform", ownTransform)) }
            attributes += written
            return "<g" + attributes.map { " \($0.0)=\"\(XMLText.escapeAttribute($0.1))\"" }.joined() + ">" + children + "</g>"
        case let name where shapeAttributes[name] != nil:
            if ["hidden", "collapse"].contains(effective["visibility"]?.lowercased() ?? "visible") { return "" }
            let outline: Outline
            do {
                guard let shape = try Outline.shape(element) else { return "" }
                outline = shape
            } catch {
                throw SymbolTemplateError("line \(element.line): the glyph \(glyph): \(Self.describe(error))")
            }
            // A line has no inside to fill; every other shape does (an open path's as if closed).
            let filled = normalized(effective["fill"] ?? "black") != "none" && element.name != "line"
            let stroke = try Self.stroke(effective, line: element.line, glyph: glyph)
            guard filled || stroke != nil else { return "" }  // draws nothing
            var box = filled ? outline.fillBounds(context.transform) : InkBounds()
            if let stroke {
                let dashes = effective["stroke-dasharray"].map { normalized($0) } ?? "none"
                box.add(outline.strokeBounds(context.transform, stroke, dashed: dashes != "none" && dashes != "0"))
            }
            if box.isEmpty && box.isFinite { return "" }  // nothing painted
            bounds.add(box)
            for name in classes {
                if name.hasPrefix("multicolor-") { modes |= 1 }
                if name.hasPrefix("hierarchical-") { modes |= 2 }
            }
            for attribute in shapeAttributes[name]! {
                if let value = element[attribute: attribute] { attributes.append((attribute, value)) }
            }
            if let ownTransform { attributes.append(("transform", ownTransform)) }
            attributes += written
            return "<\(name)" + attributes.map { " \($0.0)=\"\(XMLText.escapeAttribute($0.1))\"" }.joined() + "/>"
        default:
            throw SymbolTemplateError("line \(element.line): the glyph \(glyph) holds a <\(element.name)>; a symbol's glyphs are outlines "
                + "(paths and basic shapes): convert text, images and references to outlines")
        }
    }

    /// The stroke in effect, nil when there is none (`stroke: none`, a width of 0). Widths are
    /// plain numbers or pixels (user units); other units would need a viewport to resolve.
    private static func stroke(_ effective: [String: String], line: Int, glyph: String) throws(SymbolTemplateError) -> StrokeStyle? {
        guard let paint = effective["stroke"], normalized(paint) != "none" else { return nil }
        func length(_ name: String, _ fallback: Double) throws(SymbolTemplateError) -> Double {
            guard var text = effective[name]?.trimmingCharacters else { return fallback }
            if text.hasSuffix("px") { text.removeLast(2) }
            guard let values = SVGNumberScanner.numbers(in: Substring(text)), values.count == 1, values[0] >= 0 else {
                throw SymbolTemplateError("line \(line): \(name) \"\(effective[name]!)\" in the glyph \(glyph) is not a length in user units")
            }
            return values[0]
        }
        let width = try length("stroke-width", 1)
        guard width > 0 else { return nil }
        var style = StrokeStyle(halfWidth: width / 2)
        switch effective["stroke-linecap"]?.lowercased() {
        case "round": style.cap = .round
        case "square": style.cap = .square
        default: style.cap = .butt
        }
        switch effective["stroke-linejoin"]?.lowercased() {
        case "round": style.join = .round
        case "bevel": style.join = .bevel
        default: style.join = .miter  // miter, miter-clip, arcs: the miter's tip bounds them
        }
        style.miterLimit = max(1, try length("stroke-miterlimit", 4))
        return style
    }

    /// The element's classes that name rendering modes (`multicolor-0:systemBlueColor`), not the
    /// SF Symbols app's preview colours (`SFSymbolsPreview007AFF`).
    static func renderingClasses(_ element: XMLTreeElement) -> [String] {
        (element[attribute: "class"] ?? "").split(whereSeparator: \.isSVGSpace).map(String.init).filter { !$0.hasPrefix("SFSymbolsPreview") }
    }

    /// Presentation from the class rules first, then the element's own attributes and style.
    static func presentation(of element: XMLTreeElement, classes: [String], rules: Rules) -> [String: String] {
        var result: [String: String] = [:]
        for name in classes {
            for declaration in rules["." + name] ?? [] where SymbolTemplate.presentation.contains(declaration.name) {
                result[declaration.name] = declaration.value
            }
        }
        return result.merging(element.presentationAttributes) { _, own in own }
    }

    /// A property given in the element's `style` attribute.
    private static func presentationStyle(_ element: XMLTreeElement, _ name: String) -> String? {
        element[attribute: "style"].flatMap { style in StyleRule.declarations(style).last { $0.name == name }?.value }
    }

    static func describe(_ error: SVGGeometryError) -> String {
        switch error {
        case .badPathData(let message), .badShape(let message): message.text
        }
    }
}

extension String {
    var trimmingCharacters: String { Substring(self).trimmingSVGSpace }
}
