import AssetModel

/// One glyph of a custom symbol as Assets.car stores it: a weight and size of the template, drawn
/// alone, with the metrics CoreUI lays it out by (docs/assets-car.md, "Custom symbols").
public struct SymbolGlyph: Sendable, Hashable {
    /// 1 ultralight … 4 regular … 9 black (rendition attribute 26).
    public var weight: UInt16
    /// 1 small, 2 medium, 3 large (attribute 27).
    public var size: UInt16
    /// The standalone SVG (the `DWAR` payload).
    public var svg: [UInt8]
    public var metrics: SymbolGlyphMetrics
}

/// TLV 1018 and 1019 of a glyph rendition (field meanings: CoreUI's reader
/// `_CUIThemeSVGRendition _initalizeMetadataFromCSIData:version:` and CoreThemeDefinition's writer
/// `CSIGenerator writeResourcesToData:`, docs/assets-car.md).
public struct SymbolGlyphMetrics: Sendable, Hashable {
    /// Bit 0: the insets are edge insets; bit 1: the template version is given; bit 2: the
    /// template can be interpolated (CoreUI draws other weights and sizes from Ultralight-S,
    /// Regular-S and Black-S). actool's writer always sets bits 0 and 1.
    public var flags: UInt32
    public var referencePointSize: UInt32
    /// How far the ink reaches below the baseline, in points at the reference size (negative when
    /// it ends above it).
    public var depth: Float
    public var capHeight: Float
    public var templateVersion: Float
    /// Alignment insets in points at the reference size.
    public var left: Float, bottom: Float, right: Float, top: Float
    /// Bit 0: the template names multicolor layers; bit 1: hierarchical ones.
    public var renderingModes: UInt32
    /// The drawing the set asks for (TLV 1019's second word, CoreUI's `vectorGlyphRenderingMode`):
    /// 0 automatic, 1 monochrome, 2 multicolor, 3 hierarchical.
    public var preferredRenderingMode: UInt32 = 0
}

public struct SymbolTemplateError: Error, Sendable, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// Reads a custom symbol template (the SVG that the SF Symbols app exports, or one drawn in a
/// vector editor after it) and writes each of its glyphs as actool writes them. The template's
/// parts are found by their ids, as Xcode finds them: `Ultralight-S` … `Black-L` groups for the
/// glyphs, `Baseline-S`/`Capline-S`… guides, and `left-margin-Regular-M` (or `left-margin`)
/// margins. What follows actool exactly and what is assetc's choice: docs/assets-car.md.
public enum SymbolTemplate {
    static let weightNames = ["Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black"]
    static let sizeNames = ["S", "M", "L"]
    /// The point size a template's 100-unit glyphs are drawn for on iOS (13 on macOS): a glyph's
    /// coordinates are scaled by `referencePointSize / 100`.
    public static let referencePointSize: UInt32 = 17
    /// The deployment-target attribute (25) of every glyph rendition and symbol facet in the real
    /// cars with custom symbols (a macOS 13 app's, an iOS 15 framework's).
    public static let deploymentTarget: UInt16 = 5
    /// The top and bottom insets of a small glyph are 140/2048 of the reference size in both
    /// actool cars seen; a medium glyph's, in a version 5 template, 1.276 times that.
    static let verticalInsetPerPoint = 140.0 / 2048.0
    static let mediumInsetFactor = 1.276

    /// SVG presentation attributes kept on a glyph's elements; the inherited ones pass from the
    /// template's groups to the glyph.
    static let presentation = ["clip-rule", "display", "fill", "fill-opacity", "fill-rule", "opacity", "stroke", "stroke-dasharray",
                               "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width",
                               "visibility"]
    static let inherited = Set(presentation).subtracting(["opacity", "display"])
    static let initialValues: [String: String] = ["fill": "black", "fill-rule": "nonzero", "clip-rule": "nonzero", "stroke": "none",
                                                  "stroke-width": "1", "fill-opacity": "1", "stroke-opacity": "1",
                                                  "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
                                                  "visibility": "visible"]

    public static func glyphs(_ root: XMLTreeElement) throws(SymbolTemplateError) -> [SymbolGlyph] {
        guard root.name == "svg" else { throw SymbolTemplateError("not an SVG file (its root element is <\(root.name)>)") }
        var survey = Survey(root: root)
        try survey.visit(root, transform: .identity, inherited: [:])
        guard !survey.glyphs.isEmpty else {
            throw SymbolTemplateError("no glyph in the template: a symbol template draws each glyph in a group named by its weight and size (Regular-M, Ultralight-S…)")
        }
        // CoreThemeDefinition refuses a template with neither a Regular-M glyph nor the three it
        // interpolates from (TDVectorGlyphReader, error 1023).
        let names = Set(survey.glyphs.map(\.name))
        let interpolationSources = ["Ultralight-S", "Regular-S", "Black-S"]
        guard names.contains("Regular-M") || interpolationSources.allSatisfy(names.contains) else {
            throw SymbolTemplateError("the template has no Regular-M glyph, nor Ultralight-S, Regular-S and Black-S to draw the others from "
                + "(it has \(survey.glyphs.map(\.name).joined(separator: ", ")))")
        }
        let rules = survey.rules
        let indexed = survey.indexedRules
        let scale = Double(referencePointSize) / 100
        let version = survey.version ?? 1
        var modes: UInt32 = 0
        var bounds: [String: InkBounds] = [:]
        var bodies: [String: String] = [:]
        for glyph in survey.glyphs {
            let drawn = try GlyphDrawing(glyph: glyph, rules: indexed, definitions: survey.definitions)
            bounds[glyph.name] = drawn.absoluteBounds
            bodies[glyph.name] = drawn.body
            modes |= drawn.renderingModes
        }
        let style = rules.filter { !$0.selector.hasPrefix(".SFSymbolsPreview") }
            .map { "\($0.selector){\($0.declarations.map { "\($0.name):\($0.value);" }.joined())}" }.joined()
        var result: [SymbolGlyph] = []
        for glyph in survey.glyphs {
            let sizeName = sizeNames[Int(glyph.size) - 1]
            guard let baseline = survey.guides["Baseline-\(sizeName)"], let capline = survey.guides["Capline-\(sizeName)"] else {
                throw SymbolTemplateError("the glyph \(glyph.name) has no Baseline-\(sizeName) and Capline-\(sizeName) guides")
            }
            let box = bounds[glyph.name]!
            guard [(box.maxX - box.minX) * scale, (box.maxY - box.minY) * scale, glyph.transform.e * scale, glyph.transform.f * scale]
                .allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else {
                throw SymbolTemplateError("the glyph \(glyph.name) has coordinates out of range")
            }
            // The glyph is drawn in its own group's coordinates, so its path data stays as
            // written; the box is the ink's in the template's coordinates, and the offset is the
            // group's translation less the box's corner, both scaled. Computed in this order, all
            // 27 glyphs of the reference template match actool's numbers to the last digit (the
            // box taken in the group's coordinates missed one of them by a digit).
            var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg version=\"1.1\" viewBox=\"0 0 "
                + "\(format((box.maxX - box.minX) * scale)) \(format((box.maxY - box.minY) * scale))\">"
            if !style.isEmpty { svg += "<defs><style>\(XMLText.escapeAttribute(style))</style></defs>" }
            svg += "<g id=\"s\" transform=\"matrix(\(format(scale)) 0 0 \(format(scale)) "
                + "\(format(glyph.transform.e * scale - box.minX * scale)) \(format(glyph.transform.f * scale - box.minY * scale)))\">"
            svg += bodies[glyph.name]! + "</g></svg>\n"
            // Left and right insets come from the glyph's own margins, or else from Regular-M's,
            // measured against Regular-M's ink (a template of version 3 has margins for
            // Regular-M only, and actool gives every glyph Regular-M's insets).
            var horizontal = (0.0, 0.0)
            for owner in [glyph.name, "Regular-M"] {
                guard let margins = survey.margins(for: owner), let ink = bounds[owner] else { continue }
                horizontal = ((ink.minX - margins.left) * scale, (margins.right - ink.maxX) * scale)
                break
            }
            let vertical = Double(referencePointSize) * verticalInsetPerPoint
                * (version >= 4 ? [1, mediumInsetFactor, mediumInsetFactor * mediumInsetFactor][Int(glyph.size) - 1] : 1)
            // Interpolatable as TDVectorGlyphReader decides it (version 3 or later, the three
            // sources present); whether their outlines are compatible is not checked here.
            let interpolatable = version >= 3 && interpolationSources.allSatisfy(names.contains)
            let metrics = SymbolGlyphMetrics(
                flags: interpolatable ? 7 : 3, referencePointSize: referencePointSize, depth: Float((box.maxY - baseline) * scale), capHeight: Float((baseline - capline) * scale),
                templateVersion: Float(version), left: Float(horizontal.0), bottom: Float(vertical), right: Float(horizontal.1), top: Float(vertical),
                renderingModes: modes)
            guard [metrics.depth, metrics.capHeight, metrics.left, metrics.right].allSatisfy(\.isFinite) else {
                throw SymbolTemplateError("the glyph \(glyph.name) has coordinates out of range")
            }
            result.append(SymbolGlyph(weight: glyph.weight, size: glyph.size, svg: Array(svg.utf8), metrics: metrics))
        }
        return result.sorted { ($0.weight, $0.size) < ($1.weight, $1.size) }
    }

    /// TLV 1019's rendering mode for a set's `symbol-rendering-intent`. The numbers are CoreUI's
    /// (`CUINamedVectorGlyph preferredRenderingMode`, which UIKit reads as 1 monochrome, 2
    /// multicolor, 3 hierarchical; 0 is automatic, as in both real cars, whose sets name none);
    /// which number actool gives each name could not be seen, so the names are matched to them.
    public static func renderingMode(forIntent intent: String?) -> UInt32 {
        switch intent {
        case "monochrome": 1
        case "multicolor": 2
        case "hierarchical": 3
        default: 0
        }
    }

    /// `%g`, as actool writes a glyph's numbers.
    static func format(_ value: Double) -> String { MathFunctions.shortestG(value) }
}

/// What one walk over the template finds.
struct Survey {
    struct Glyph {
        var name: String
        var weight: UInt16
        var size: UInt16
        var element: XMLTreeElement
        /// From the glyph group's coordinates to the template's.
        var transform: AffineTransform
        /// Inherited presentation attributes in effect at the glyph group, its own included.
        var inherited: [String: String]
    }

    var glyphs: [Glyph] = []
    var guides: [String: Double] = [:]
    var marginLines: [String: Double] = [:]
    var version: Double?
    /// The template's style rules, read before the walk so that a class can hide a glyph group as
    /// it hides a shape inside one.
    let rules: [StyleRule]
    let indexedRules: GlyphDrawing.Rules
    /// Every element with an id (the first of each), for `<use>` references.
    let definitions: [String: XMLTreeElement]

    init(root: XMLTreeElement) {
        var text = ""
        var definitions: [String: XMLTreeElement] = [:]
        func collect(_ element: XMLTreeElement) {
            if element.name == "style" { text += element.text + "\n" }
            if let id = element[attribute: "id"], definitions[id] == nil { definitions[id] = element }
            element.elements.forEach(collect)
        }
        collect(root)
        self.definitions = definitions
        rules = StyleRule.parse(text)
        indexedRules = GlyphDrawing.index(rules)
    }

    func margins(for glyph: String) -> (left: Double, right: Double)? {
        for suffix in ["-\(glyph)"] + (glyph == "Regular-M" ? [""] : []) {
            if let left = marginLines["left-margin" + suffix], let right = marginLines["right-margin" + suffix] { return (left, right) }
        }
        return nil
    }


    /// `hidden`: inside a group that is not displayed. Guides, margins and the version note are
    /// read there too (designers hide those layers before exporting); glyph groups are not.
    mutating func visit(_ element: XMLTreeElement, transform: AffineTransform, inherited: [String: String],
                        hidden: Bool = false) throws(SymbolTemplateError) {
        var transform = transform
        if let text = element[attribute: "transform"] {
            guard let own = AffineTransform(svg: text) else {
                throw SymbolTemplateError("line \(element.line): transform=\"\(text)\" cannot be read")
            }
            transform = transform.concatenating(own)
        }
        let presentation = GlyphDrawing.presentation(of: element, classes: GlyphDrawing.renderingClasses(element), rules: indexedRules)
        let effective = inherited.merging(presentation.filter { SymbolTemplate.inherited.contains($0.key) }) { _, own in own }
        let hidden = hidden || presentation["display"]?.lowercased() == "none"
        let id = element[attribute: "id"] ?? ""
        if id == "template-version" || (version == nil && element.name == "text") {
            if let found = Self.templateVersion(in: element.text) { version = found }
        }
        if let (weight, size) = Self.glyphName(id) {
            guard !hidden else { return }  // a hidden layer draws nothing
            if let earlier = glyphs.first(where: { $0.name == id }) {
                throw SymbolTemplateError("line \(element.line): a second glyph group \(id) (the first is at line \(earlier.element.line))")
            }
            glyphs.append(Glyph(name: id, weight: weight, size: size, element: element, transform: transform, inherited: effective))
            return
        }
        if id.hasPrefix("Baseline-") || id.hasPrefix("Capline-") {
            if let box = try? Outline.shape(element)?.bounds(transform), !box.isEmpty { guides[id] = (box.minY + box.maxY) / 2 }
        }
        if id.hasPrefix("left-margin") || id.hasPrefix("right-margin") {
            if let box = try? Outline.shape(element)?.bounds(transform), !box.isEmpty {
                // A margin drawn as a shaded rectangle (older templates) spans the margin itself:
                // the guide is its outer edge.
                marginLines[id] = id.hasPrefix("left") ? box.minX : box.maxX
            }
        }
        for child in element.elements {
            try visit(child, transform: transform, inherited: effective, hidden: hidden)
        }
    }

    static func glyphName(_ id: String) -> (UInt16, UInt16)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let weight = SymbolTemplate.weightNames.firstIndex(of: String(parts[0])),
              let size = SymbolTemplate.sizeNames.firstIndex(of: String(parts[1])) else { return nil }
        return (UInt16(weight + 1), UInt16(size + 1))
    }

    /// "Template v.3.0" → 3.0.
    static func templateVersion(in text: String) -> Double? {
        guard let range = text.firstRange(of: "Template v.") ?? text.firstRange(of: "Template v") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        var number = String(digits)
        while number.hasSuffix(".") { number.removeLast() }
        return Double(number)
    }
}

/// One rule of a template's `<style>`: `.multicolor-0:systemBlueColor {fill:#007AFF;opacity:1.0}`.
struct StyleRule: Equatable {
    var selector: String
    var declarations: [(name: String, value: String)]

    static func == (a: StyleRule, b: StyleRule) -> Bool {
        a.selector == b.selector && a.declarations.map(\.name) == b.declarations.map(\.name) && a.declarations.map(\.value) == b.declarations.map(\.value)
    }

    static func parse(_ text: String) -> [StyleRule] {
        var rules: [StyleRule] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let selectors = rest[..<open].split(separator: ",").map { Substring($0).trimmingSVGSpace }
            let declarations = Self.declarations(String(rest[rest.index(after: open)..<close]))
            for selector in selectors where !selector.isEmpty {
                rules.append(StyleRule(selector: selector, declarations: declarations))
            }
            rest = rest[rest.index(after: close)...]
        }
        return rules
    }

    static func declarations(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: ";").compactMap { item in
            guard let colon = item.firstIndex(of: ":") else { return nil }
            let name = item[..<colon].trimmingSVGSpace, value = item[item.index(after: colon)...].trimmingSVGSpace
            return name.isEmpty ? nil : (name, value)
        }
    }
}

extension XMLTreeElement {
    /// Presentation attributes from the element's attributes and its `style` (which wins).
    var presentationAttributes: [String: String] {
        var result: [String: String] = [:]
        for attribute in attributes where SymbolTemplate.presentation.contains(attribute.name) { result[attribute.name] = attribute.value }
        if let style = self[attribute: "style"] {
            for (name, value) in StyleRule.declarations(style) where SymbolTemplate.presentation.contains(name) { result[name] = value }
        }
        return result
    }
}

extension InkBounds {
    func moved(by offset: (x: Double, y: Double)) -> InkBounds {
        InkBounds(minX: minX + offset.x, minY: minY + offset.y, maxX: maxX + offset.x, maxY: maxY + offset.y)
    }
}
