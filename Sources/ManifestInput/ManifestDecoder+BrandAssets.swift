import AssetModel

extension ManifestDecoder {
    static let brandAssetsKeys = ["name", "layers", "topShelf", "topShelfWide", "background"]
    static let brandAssetsLayerKeys = ["name", "source", "page"]

    /// `"brandAssets": {"layers": ["tv/front.pdf", "tv/back.pdf"], "topShelf": "tv/shelf.pdf",
    /// "topShelfWide": "tv/wide.pdf"}`: a layer is a path, or `{"name", "source", "page"}`; two to
    /// five, front first.
    static func decodeBrandAssets(_ node: JSONNode, reader: FieldReader) -> BrandAssetsSpec? {
        var topShelf: SourceSpec?
        var topShelfWide: SourceSpec?
        guard let art = decodeLayeredArt(node, "\"brandAssets\"", allowed: brandAssetsKeys, defaultName: BrandAssetsSpec.defaultName,
                                         counts: BrandAssetsSpec.layerCounts, platform: "tvOS", needsLayers: .brandAssetsNeedsLayers,
                                         reader: reader, readingAlso: { fields in
            topShelf = fields["topShelf"].flatMap { sourceSpec($0, "\"topShelf\" of \"brandAssets\"", reader: reader) }
            topShelfWide = fields["topShelfWide"].flatMap { sourceSpec($0, "\"topShelfWide\" of \"brandAssets\"", reader: reader) }
        }) else { return nil }
        var spec = BrandAssetsSpec(name: art.name, layers: art.layers, topShelf: topShelf, topShelfWide: topShelfWide, location: node.location)
        if let background = art.background { spec.background = background }
        return spec
    }
}

extension ManifestDecoder {
    static let solidImageStackKeys = ["name", "layers", "background"]

    /// `"solidImageStack": {"layers": ["vision/front.svg", "vision/back.pdf"]}`: a layer is a path,
    /// or `{"name", "source", "page"}`; two or three, front first.
    static func decodeSolidImageStack(_ node: JSONNode, reader: FieldReader) -> SolidImageStackSpec? {
        guard let art = decodeLayeredArt(node, "\"solidImageStack\"", allowed: solidImageStackKeys, defaultName: SolidImageStackSpec.defaultName,
                                         counts: SolidImageStackSpec.layerCounts, platform: "visionOS", needsLayers: .solidImageStackNeedsLayers,
                                         reader: reader) else { return nil }
        var spec = SolidImageStackSpec(name: art.name, layers: art.layers, location: node.location)
        if let background = art.background { spec.background = background }
        return spec
    }

    /// What a tvOS Brand Assets entry and a visionOS solid image stack have alike: a name, layers
    /// front first, an opaque background.
    struct LayeredArt {
        var name: String
        var layers: [BrandAssetsSpec.Layer]
        var background: RGBAColor?
    }

    /// The layered-art entry `owner` (`"brandAssets"`); `readingAlso` reads the entry's own fields,
    /// after its layers and before its background, the order its messages are said in. Nil when
    /// anything in it is wrong (each problem said to `reader`).
    static func decodeLayeredArt(_ node: JSONNode, _ owner: String, allowed: [String], defaultName: String, counts: ClosedRange<Int>,
                                 platform: String, needsLayers: Diagnostic.Message, reader: FieldReader,
                                 readingAlso: ([String: JSONNode]) -> Void = { _ in }) -> LayeredArt? {
        guard let fields = reader.object(node, owner, allowed: allowed) else { return nil }
        let errorsBefore = reader.diagnostics.count
        let name = checkedName(fields, "name", of: owner, or: defaultName, reader: reader)
        guard let layersNode = fields["layers"] else {
            reader.error(needsLayers, at: node.location)
            return nil
        }
        let layers = decodeArtLayers(layersNode, of: owner, counts: counts, platform: platform, reader: reader)
        readingAlso(fields)
        let background = opaqueBackground(fields, of: owner, notOpaque: .backgroundIsNotOpaque(of: owner, platform: platform), reader: reader)
        guard reader.diagnostics.count == errorsBefore, let layers else { return nil }
        return LayeredArt(name: name, layers: layers, background: background)
    }

    /// A layered-art entry's `"layers"`: each a path, or `{"name", "source", "page"}`, front first,
    /// named as Xcode names a stack's layers unless they say; nil when the list is not one.
    static func decodeArtLayers(_ layersNode: JSONNode, of owner: String, counts: ClosedRange<Int>, platform: String,
                                reader: FieldReader) -> [BrandAssetsSpec.Layer]? {
        guard let items = reader.array(layersNode, "\"layers\" of \(owner)") else { return nil }
        if !counts.contains(items.count) {
            reader.error(.wrongLayerCount(items.count, of: owner, platform: platform, counts: counts), at: layersNode.location)
        }
        let defaults = BrandAssetsSpec.defaultLayerNames(count: items.count)
        var layers: [BrandAssetsSpec.Layer] = []
        for (index, item) in items.enumerated() {
            let what = "a layer of \(owner)"
            if case .object = item.value {
                guard let layer = reader.object(item, what, allowed: brandAssetsLayerKeys),
                      let sourceNode = layer["source"] ?? { reader.error(.layerNeedsSource(what), at: item.location); return nil }(),
                      let source = sourceSpec(sourceNode, "\"source\" of \(what)", reader: reader) else { continue }
                let layerName = checkedName(layer, "name", of: what, or: defaults[index], reader: reader)
                let page = layer["page"].flatMap { reader.integer($0, "\"page\" of \(what)", in: 1...maximumPage) } ?? 1
                layers.append(.init(name: layerName, source: source, page: page))
            } else if let source = sourceSpec(item, what, reader: reader) {
                layers.append(.init(name: defaults[index], source: source))
            }
        }
        if Set(layers.map(\.name)).count != layers.count {
            reader.error(.layerNamesRepeat(of: owner), at: layersNode.location)
        }
        return layers
    }
}

extension Diagnostic.Message {
    fileprivate static let brandAssetsNeedsLayers: Diagnostic.Message = "\"brandAssets\" needs \"layers\": the layered art of the App Icon, front first"

    fileprivate static let solidImageStackNeedsLayers: Diagnostic.Message = "\"solidImageStack\" needs \"layers\": the layered art of the icon, front first"

    /// `owner` is `"brandAssets"` or `"solidImageStack"`.
    fileprivate static func wrongLayerCount(_ count: Int, of owner: String, platform: String, counts: ClosedRange<Int>) -> Diagnostic.Message { "\"layers\" of \(owner) has \(count); \(platform) draws a layered image of \(counts.lowerBound) to \(counts.upperBound)" }

    /// `what` is `a layer of "brandAssets"`.
    fileprivate static func layerNeedsSource(_ what: String) -> Diagnostic.Message { "\(what) needs \"source\"" }

    fileprivate static func layerNamesRepeat(of owner: String) -> Diagnostic.Message { "two layers of \(owner) have the same name" }

    fileprivate static func backgroundIsNotOpaque(of owner: String, platform: String) -> Diagnostic.Message { "\"background\" of \(owner) must be opaque: \(platform) asks for an opaque back layer" }
}
