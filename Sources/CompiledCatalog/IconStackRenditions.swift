import AssetModel

/// The renditions of an Icon Composer icon's stack, byte for byte as actool writes them (18 macOS
/// pairs of a `.icon` and its car, and cryptomator's iOS car; docs/assets-car.md, "Icon stacks").
/// Every one is keyed by appearance, scale 1, element 85, its part and its name's identifier.
extension CompiledCatalogWriter {
    /// The stack's and groups' appearances as iOS keys them: light is 4 (`UIAppearanceLight`), not 0.
    static func appearance(_ appearance: IconStackPlan.Appearance) -> RenditionAppearance {
        switch appearance {
        case .light: .light
        case .dark: .dark
        case .tinted: .tintable
        }
    }

    /// A stack (layout 1019, 1024 square, named `<stem>.iconstack`) or a group (layout 1020, no
    /// size, `IconGroup`): pixel format `DATA`, TLVs 1012 (the children: frame, blend mode, opacity,
    /// and the key of what each is), 1020 (lighting or glass bits, blur, a fill's name), 1021
    /// (specular, translucency, shadow), 1004, 1005 (the stack's type, `public.layeredimage`) and
    /// 1006, and an empty `DWAR` payload. Xcode 27's layout adds TLV 1022 after 1021: the child count,
    /// 0, and 12 bytes a child, all zero in the one public car (aachebotok/codexnotsleep@34b3b2f1),
    /// which is what assetc writes (refractivity, which they likely hold, is not stored).
    static func stackRendition(_ node: IconStackPlan.Node, isStack: Bool, refractivity: Bool = false,
                               identifiers: [String: UInt16]) throws(CompiledCatalogError) -> [UInt8] {
        let count = LittleEndian.u32(node.children.count) + LittleEndian.u32(0)
        var children = count, effects = count, materials = count
        for child in node.children {
            guard let identifier = identifiers[child.reference] else {
                throw CompiledCatalogError("\(node.name): the stack names \(child.reference), which is not in the car")
            }
            children += LittleEndian.u32(0) + LittleEndian.u32(UInt32(bitPattern: Int32(clamping: child.x)))
                + LittleEndian.u32(UInt32(bitPattern: Int32(clamping: child.y)))
                + LittleEndian.u32(UInt32(clamping: max(0, child.width))) + LittleEndian.u32(UInt32(clamping: max(0, child.height)))
                + LittleEndian.u32(child.blendMode) + LittleEndian.u32(child.opacity.bitPattern) + LittleEndian.u32(16)
                + LittleEndian.u16(RenditionAttribute.element.rawValue) + LittleEndian.u16(Element.image)
                + LittleEndian.u16(RenditionAttribute.part.rawValue) + LittleEndian.u16(child.part.rawValue)
                + LittleEndian.u16(RenditionAttribute.identifier.rawValue) + LittleEndian.u16(identifier)
                + LittleEndian.u16(0) + LittleEndian.u16(0)
            let text = Array(child.fill.utf8) + [0]
            effects += LittleEndian.u32(child.bits) + LittleEndian.u32(child.blur.bitPattern) + LittleEndian.u32(text.count) + text
            materials += LittleEndian.u32(child.specular) + LittleEndian.u32(child.translucency.bitPattern)
                + LittleEndian.u32(child.shadowStyle) + LittleEndian.u32(child.shadowOpacity.bitPattern) + LittleEndian.u32(0)
        }
        var tlvs = tlv(1012, children) + tlv(1020, effects) + tlv(1021, materials)
        if refractivity { tlvs += tlv(1022, count + [UInt8](repeating: 0, count: 12 * node.children.count)) }
        tlvs += tlv(1004, LittleEndian.u32(0) + LittleEndian.u32(Float(1).bitPattern))
        if isStack {
            let type = Array("public.layeredimage".utf8) + [0]
            tlvs += tlv(1005, LittleEndian.u32(type.count) + LittleEndian.u32(0) + type)
        }
        tlvs += tlv(1006, LittleEndian.u32(1))
        let payload = rawData([])
        let side = isStack ? Int(IconComposerDocument.canvasPoints) : 0
        return csiHeader(flags: 0, width: side, height: side, scale: 1, pixelFormat: "ATAD", colorSpace: 0, layout: isStack ? 1019 : 1020,
                         name: isStack ? "\(node.name).iconstack" : "IconGroup", tlvLength: tlvs.count, payloadLength: payload.count)
            + tlvs + payload
    }

    /// A fill's colour: as a colour set's (`colorRendition`), but for the header's colour-space word,
    /// which actool leaves 0 here whatever the colour's space.
    static func stackColorRendition(_ color: IconStackPlan.Color) throws(CompiledCatalogError) -> [UInt8] {
        guard let space = ColorSpace(rawValue: color.space), color.components.count == space.componentCount else {
            throw CompiledCatalogError("\(color.name): a colour needs its space's components")
        }
        var bytes = try colorRendition(name: color.name, CompiledCatalog.ColorRendition(idiom: .universal, appearance: .any, space: space,
                                                                                          components: color.components))
        bytes.replaceSubrange(28..<32, with: LittleEndian.u32(0))
        return bytes
    }

    /// A gradient (layout 1021): `ARGG`, the stop count, the kind (0 automatic, 1 linear), 0, the
    /// start and stop points as floats, then each stop's location and its colour's name.
    static func gradientRendition(_ gradient: IconStackPlan.Gradient) -> [UInt8] {
        let tlvs = opacityTLVs(0)
        var payload = Array("ARGG".utf8) + LittleEndian.u32(gradient.stops.count) + LittleEndian.u32(gradient.kind) + LittleEndian.u32(0)
        for value in gradient.geometry { payload += LittleEndian.u32(Float(value).bitPattern) }
        for stop in gradient.stops {
            let name = Array(stop.color.utf8) + [0]
            payload += LittleEndian.u32(Float(stop.location).bitPattern) + LittleEndian.u32(name.count) + name
        }
        return csiHeader(flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0, layout: 1021, name: gradient.name,
                         tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// A layer's image: an SVG as an image set's vector is stored (`image.svg`), or a PNG's pixels
    /// as a bitmap (`image.png`, flags 0x10, grey as `GA8`), whose TLV 1001 gives the size of the
    /// file and 1003 the size stored.
    static func layerRendition(_ image: CompiledCatalog.IconStack.LayerImage) throws(CompiledCatalogError) -> [UInt8] {
        switch image {
        case .svg(let file):
            var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 0, appearance: .any, fileName: "image.svg", width: 0, height: 0, rgba: [])
            rendition.embedded = .svg(file)
            return svgRendition(rendition, file)
        case .bitmap(var rendition, let sourceWidth, let sourceHeight):
            rendition.fileName = "image.png"
            rendition.extendedRGBA = nil  // the sRGB one; `wideLayerRendition` makes the other
            rendition.renderingIntent = .automatic
            try checkRenditionLength(rendition.rgba.count, name: rendition.fileName)
            var bytes = try bitmapRendition(rendition, flags: imageFlags(rendition), allowGrey: true)
            // TLV 1001 is the first after the 184-byte header: count 1, then x, y, width, height.
            if sourceWidth != rendition.width || sourceHeight != rendition.height, bytes.count >= 184 + 28 {
                bytes.replaceSubrange((184 + 20)..<(184 + 28), with: LittleEndian.u32(sourceWidth) + LittleEndian.u32(sourceHeight))
            }
            return bytes
        }
    }
}

extension CompiledCatalogWriter {
    /// A Display P3 layer's wide-gamut copy (pixel format `RGBW`, colour space 4), keyed by
    /// display gamut 1 beside its sRGB bitmap; nil for a layer without one.
    static func wideLayerRendition(_ image: CompiledCatalog.IconStack.LayerImage) throws(CompiledCatalogError) -> [UInt8]? {
        guard case .bitmap(var rendition, _, _) = image, let extended = rendition.extendedRGBA else { return nil }
        rendition.fileName = "image.png"
        rendition.renderingIntent = .automatic
        try checkRenditionLength(2 * extended.count, name: rendition.fileName)
        return try wideGamutRendition(rendition, extended, flags: imageFlags(rendition))
    }

    /// A name a stack brings into the car, with its part and how to make its renditions (each with
    /// its appearance and the attributes beyond the common key) once every name has its identifier.
    struct StackPart {
        var name: String
        var part: UInt16
        var renditions: ([String: UInt16]) throws(CompiledCatalogError) -> [(RenditionAppearance, [RenditionAttribute: UInt16], [UInt8])]
    }

    /// Whether a stack adds the display-gamut attribute to the car's key format.
    static func hasWideLayer(_ stack: CompiledCatalog.IconStack) -> Bool {
        stack.images.values.contains { image in
            if case .bitmap(let rendition, _, _) = image { return rendition.extendedRGBA != nil }
            return false
        }
    }

    static func stackParts(_ stack: CompiledCatalog.IconStack) -> [StackPart] {
        var parts: [StackPart] = []
        var groups: [String: [IconStackPlan.Node]] = [:]
        var order: [String] = []
        for node in stack.plan.groups {
            if groups[node.name] == nil { order.append(node.name) }
            groups[node.name, default: []].append(node)
        }
        for name in order {
            let nodes = groups[name]!
            parts.append(StackPart(name: name, part: IconStackPlan.Part.group.rawValue) { identifiers throws(CompiledCatalogError) in
                var made: [(RenditionAppearance, [RenditionAttribute: UInt16], [UInt8])] = []
                for node in nodes { made.append((appearance(node.appearance), [:], try stackRendition(node, isStack: false, refractivity: stack.plan.writesIconComposer2Layout,
                                                                                                  identifiers: identifiers))) }
                return made
            })
        }
        for layer in stack.plan.layers {
            guard let image = stack.images[layer.name] else { continue }
            parts.append(StackPart(name: layer.name, part: IconStackPlan.Part.layer.rawValue) { _ throws(CompiledCatalogError) in
                var made: [(RenditionAppearance, [RenditionAttribute: UInt16], [UInt8])] = [(.any, [:], try layerRendition(image))]
                if let wide = try wideLayerRendition(image) { made.append((.any, [.displayGamut: 1], wide)) }
                return made
            })
        }
        for color in stack.plan.colors {
            parts.append(StackPart(name: color.name, part: IconStackPlan.Part.color.rawValue) { _ throws(CompiledCatalogError) in
                [(.any, [:], try stackColorRendition(color))]
            })
        }
        for gradient in stack.plan.gradients {
            parts.append(StackPart(name: gradient.name, part: IconStackPlan.Part.gradient.rawValue) { _ in [(.any, [:], gradientRendition(gradient))] })
        }
        return parts
    }

    static func stackKey(_ appearance: RenditionAppearance, part: UInt16, identifier: UInt16) -> [RenditionAttribute: UInt16] {
        [.appearance: appearance.rawValue, .localization: 0, .scale: 1, .idiom: 0, .subtype: 0, .dimension2: 0,
         .identifier: identifier, .element: Element.image, .part: part]
    }
}
