import AssetModel

// A tvOS layered image's renditions, byte for byte as the two public cars of actool 26.5 hold
// them (kagurasumusun/mac's brandassets-target-tv and selfgen-stacks cars; docs/tvos.md).
extension CompiledCatalogWriter {
    /// The stack's record: layout 1002, pixel format `DATA`, named `Contents.json`, the canvas as
    /// its size; TLV 1012 lists the layers back to front (the reverse of Contents.json), each
    /// with its origin (a layer smaller than the canvas centred on it, as the flattened image draws
    /// it; the frame's fields as an Icon Composer stack's), size, opacity and the key of its image; 1020 and 1021 hold one fixed
    /// record per layer; then 1004, 1005 (`public.layeredimage`) and 1006; an empty `RAWD` body.
    static func layerStackRecord(_ stack: CompiledCatalog.LayerStack, identifiers: [String: UInt16]) throws(CompiledCatalogError) -> [UInt8] {
        var list = LittleEndian.u32(UInt32(stack.layers.count)) + LittleEndian.u32(0)
        for layer in stack.layers.reversed() {
            guard let identifier = identifiers[layer.name] else {
                throw CompiledCatalogError("\(stack.name): the layer \(layer.name) has no image in Assets.car")
            }
            let x = Int32(clamping: (stack.width - layer.width) / 2), y = Int32(clamping: (stack.height - layer.height) / 2)
            list += LittleEndian.u32(0) + LittleEndian.u32(UInt32(bitPattern: x)) + LittleEndian.u32(UInt32(bitPattern: y))
            list += LittleEndian.u32(UInt32(layer.width)) + LittleEndian.u32(UInt32(layer.height)) + LittleEndian.u32(0)
            list += LittleEndian.u32(Float(1).bitPattern) + LittleEndian.u32(16)
            list += LittleEndian.u16(RenditionAttribute.element.rawValue) + LittleEndian.u16(Element.image)
            list += LittleEndian.u16(RenditionAttribute.part.rawValue) + LittleEndian.u16(Part.image)
            list += LittleEndian.u16(RenditionAttribute.identifier.rawValue) + LittleEndian.u16(identifier)
            list += LittleEndian.u16(0) + LittleEndian.u16(0)
        }
        let count = LittleEndian.u32(UInt32(stack.layers.count)) + LittleEndian.u32(0)
        let blends = count + Array(repeating: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] as [UInt8], count: stack.layers.count).flatMap { $0 }
        let effects = count + [UInt8](repeating: 0, count: 20 * stack.layers.count)
        let type = Array("public.layeredimage".utf8) + [0]
        let tlvs = tlv(1012, list) + tlv(1020, blends) + tlv(1021, effects)
            + tlv(1004, LittleEndian.u32(0) + LittleEndian.u32(Float(1).bitPattern))
            + tlv(1005, LittleEndian.u32(UInt32(type.count)) + LittleEndian.u32(0) + type) + tlv(1006, LittleEndian.u32(1))
        let payload = rawData([])
        return csiHeader(flags: 0, width: stack.width, height: stack.height, scale: 1, pixelFormat: "ATAD", colorSpace: 0,
                         layout: stack.kind == .solid ? 1018 : 1002,
                         name: "Contents.json", tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// A flattened image: layout 0, named `ZZZZFlattenedImage-<scale>.1.0-gamut0`, one empty
    /// slice (TLV 1001), no metrics, its premultiplied BGRA pixels in `KCBC` chunks of LZFSE, a
    /// third of the rows each (and the rows left over: 341, 341, 341 and 1 of a 1024-row visionOS
    /// icon's; three chunks of a tvOS icon's, whose heights are multiples of three).
    static func flattenedImage(_ rendition: CompiledCatalog.Rendition) throws(CompiledCatalogError) -> [UInt8] {
        let width = rendition.width, height = rendition.height
        guard width > 0, height > 0, rendition.rgba.count == width * height * 4 else {
            throw CompiledCatalogError("\(rendition.fileName): the pixels do not match \(width)x\(height)")
        }
        let bytesPerRow = width * 4
        let tlvs = slicesTLV([(0, 0, 0, 0)]) + opacityTLVs(1) + tlv(1007, LittleEndian.u32(UInt32(bytesPerRow)))
        let payload = chunkedLZFSE(PremultipliedBGRA.convert(rendition.rgba), bytesPerRow: bytesPerRow, height: height,
                                   rowsPerChunk: max(1, height / 3), thorough: rendition.thorough)
        return csiHeader(flags: 0, width: width, height: height, scale: rendition.scale, pixelFormat: "BGRA", colorSpace: 1, layout: 0,
                         name: "ZZZZFlattenedImage-\(rendition.scale).1.0-gamut0", tlvLength: tlvs.count, payloadLength: payload.count)
            + tlvs + payload
    }

    /// A radiosity image: layout 0, named `ZZZZRadiosityImage-1.0.0`, the canvas 80 pixels larger
    /// each way at scale 1, TLVs 1001 (one empty slice), 1004, 1006 and 1007 (4 bytes a pixel), and
    /// an `MLEC` 0 payload of compression 6 ("blurred"): its length, then u16 width, u16 height, u16
    /// cell, u16 0, f32 0x3F39BDB7 (the decoder's reconstruction parameter) and the values
    /// (kagurasumusun/mac's two tvOS cars of Xcode 26.5).
    static func radiosityImage(_ image: CompiledCatalog.RadiosityImage) -> [UInt8] {
        var blob = LittleEndian.u16(UInt16(image.width)) + LittleEndian.u16(UInt16(image.height)) + LittleEndian.u16(UInt16(image.cell))
            + LittleEndian.u16(0) + LittleEndian.u32(0x3F39_BDB7)
        for value in image.values { blob += LittleEndian.u16(UInt16(bitPattern: value)) }
        let payload = Array("MLEC".utf8) + LittleEndian.u32(0) + LittleEndian.u32(6) + LittleEndian.u32(UInt32(blob.count)) + blob
        let tlvs = slicesTLV([(0, 0, 0, 0)]) + opacityTLVs(1) + tlv(1007, LittleEndian.u32(UInt32(image.width * 4)))
        return csiHeader(flags: 0, width: image.width, height: image.height, scale: 1, pixelFormat: "BGRA", colorSpace: 1, layout: 0,
                         name: "ZZZZRadiosityImage-1.0.0", tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// The stack's record and flattened images under its name; the layers are assets of their own.
    static func addLayerStacks(_ stacks: [CompiledCatalog.LayerStack], to trees: inout Trees) throws(CompiledCatalogError) {
        for name in Set(stacks.map(\.name)).sorted() {
            let identifier = trees.identifierOf[name]!
            var keys: [[RenditionAttribute: UInt16]] = []
            for stack in stacks where stack.name == name {
                func key(_ idiom: RenditionIdiom, scale: Int, part: UInt16) -> [RenditionAttribute: UInt16] {
                    [.appearance: 0, .localization: 0, .scale: UInt16(scale), .idiom: idiom.rawValue, .subtype: 0, .dimension2: 0, .dimension1: 0,
                     .identifier: identifier, .element: Element.image, .part: part]
                }
                try trees.add(key(stack.recordIdiom, scale: 1, part: Part.image), try layerStackRecord(stack, identifiers: trees.identifierOf),
                              appearance: .any, keys: &keys)
                for flattened in stack.flattened {
                    try trees.add(key(stack.imageIdiom, scale: flattened.scale, part: Part.flattenedImage), try flattenedImage(flattened),
                                  appearance: .any, keys: &keys)
                }
                if let radiosity = stack.radiosity {
                    try trees.add(key(radiosity.idiom, scale: 1, part: Part.radiosityImage), radiosityImage(radiosity), appearance: .any, keys: &keys)
                }
            }
            trees.addName(name, [(.element, Element.image), (.part, Part.image), (.identifier, identifier)], identifier: identifier, keys: keys)
            for stack in stacks where stack.name == name { try addLayerTextures(stack, thorough: stack.flattened.contains(where: \.thorough), to: &trees) }
        }
    }
}

// A solid image stack's layer textures (docs/visionos.md), byte for byte as rebelancap/dusklight-ios's
// car holds them: per layer and texture, a reference (layout 1007) and its pixels (layout 1008),
// keyed by the layer's identifier, element 41, the texture's dimension 1.
extension CompiledCatalogWriter {
    /// The texture's reference: layout 1007, scale 0, named after the layer, TLVs 1004, 1006 and
    /// 1014 (0, 0, then 1 for an opaque layer); its body `RTXT`, 0, the Metal pixel format, 1, 1, 1
    /// and 1 (16-bit), the length of a key list, 0, and the list: the pixels' key, ending in 0, 0.
    static func textureReference(_ texture: LayerTexture, _ kind: LayerTexture.Kind, identifier: UInt16) -> [UInt8] {
        let pairs: [(RenditionAttribute, UInt16)] = [(.element, Element.texture), (.part, Part.image), (.dimension1, kind.dimension1),
                                                     (.scale, UInt16(texture.scale)), (.identifier, identifier), (.idiom, RenditionIdiom.vision.rawValue)]
        var list: [UInt8] = []
        for (attribute, value) in pairs { list += LittleEndian.u16(attribute.rawValue) + LittleEndian.u16(value) }
        list += LittleEndian.u16(0) + LittleEndian.u16(0)
        let body = Array("RTXT".utf8) + LittleEndian.u32(0) + LittleEndian.u32(kind.metalPixelFormat) + LittleEndian.u32(1) + LittleEndian.u32(1)
            + LittleEndian.u16(1) + LittleEndian.u16(1) + LittleEndian.u32(UInt32(list.count)) + LittleEndian.u32(0) + list
        let tlvs = opacityTLVs(1) + tlv(1014, LittleEndian.u32(0) + LittleEndian.u32(0) + LittleEndian.u32(texture.isOpaque ? 1 : 0))
        return csiHeader(flags: 0, width: texture.width, height: texture.height, scale: 0, pixelFormat: "BGRA", colorSpace: 1, layout: 1007,
                         name: texture.layer, tlvLength: tlvs.count, payloadLength: body.count) + tlvs + body
    }

    /// The texture's pixels: layout 1008, named after the layer's file, colour space 0 (data, not
    /// colour), TLVs 1004, 1006 and 1007 (bytes a row), the rows in `KCBC` chunks of LZFSE, a
    /// third of them at a time (`MLEC` version 1).
    static func textureImage(_ texture: LayerTexture, _ kind: LayerTexture.Kind, thorough: Bool) -> [UInt8] {
        let bytesPerRow = texture.width * kind.bytesPerPixel
        let tlvs = opacityTLVs(1) + tlv(1007, LittleEndian.u32(UInt32(bytesPerRow)))
        let payload = chunkedLZFSE(texture.bytes(kind), bytesPerRow: bytesPerRow, height: texture.height,
                                   rowsPerChunk: max(1, texture.height / 3), thorough: thorough, version: 1)
        return csiHeader(flags: 0, width: texture.width, height: texture.height, scale: texture.scale, pixelFormat: "BGRA", colorSpace: 0,
                         layout: 1008, name: texture.fileName, tlvLength: tlvs.count, payloadLength: payload.count) + tlvs + payload
    }

    /// Each layer's textures under the layer's name, whose facet becomes element 41 with the vision
    /// idiom, as actool's is, and whose bitmap key counts the textures' keys too.
    static func addLayerTextures(_ stack: CompiledCatalog.LayerStack, thorough: Bool, to trees: inout Trees) throws(CompiledCatalogError) {
        for texture in stack.textures {
            guard let identifier = trees.identifierOf[texture.layer] else {
                throw CompiledCatalogError("\(stack.name): the layer \(texture.layer) has no image in Assets.car")
            }
            var keys = trees.keysOf[texture.layer] ?? []
            for kind in LayerTexture.Kind.allCases {
                var key: [RenditionAttribute: UInt16] = [.appearance: 0, .localization: 0, .scale: UInt16(texture.scale),
                                                         .idiom: RenditionIdiom.vision.rawValue, .subtype: 0, .dimension1: kind.dimension1,
                                                         .identifier: identifier, .element: Element.texture, .part: 0]
                try trees.add(key, textureReference(texture, kind, identifier: identifier), appearance: .any, keys: &keys)
                key[.part] = Part.image
                try trees.add(key, textureImage(texture, kind, thorough: thorough), appearance: .any, keys: &keys)
            }
            trees.replaceName(texture.layer, [(.element, Element.texture), (.part, Part.image), (.identifier, identifier),
                                              (.idiom, RenditionIdiom.vision.rawValue)], identifier: identifier, keys: keys)
        }
    }
}
