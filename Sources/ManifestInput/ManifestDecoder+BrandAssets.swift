import AssetModel

extension ManifestDecoder {
    static let brandAssetsKeys = ["name", "layers", "topShelf", "topShelfWide", "background"]
    static let brandAssetsLayerKeys = ["name", "source", "page"]

    /// `"brandAssets": {"layers": ["tv/front.pdf", "tv/back.pdf"], "topShelf": "tv/shelf.pdf",
    /// "topShelfWide": "tv/wide.pdf"}`: a layer is a path, or `{"name", "source", "page"}`; two to
    /// five, front first.
    static func decodeBrandAssets(_ node: JSONNode, reader: FieldReader) -> BrandAssetsSpec? {
        guard let fields = reader.object(node, "\"brandAssets\"", allowed: brandAssetsKeys) else { return nil }
        let errorsBefore = reader.diagnostics.count
        var name = BrandAssetsSpec.defaultName
        if let nameNode = fields["name"], let text = reader.name(nameNode, "\"name\" of \"brandAssets\"") {
            if let problem = NameRules.problem(with: text) { reader.error(problem, at: nameNode.location) } else { name = text }
        }
        guard let layersNode = fields["layers"] else {
            reader.error(.brandAssetsNeedsLayers, at: node.location)
            return nil
        }
        guard let items = reader.array(layersNode, "\"layers\" of \"brandAssets\"") else { return nil }
        if !BrandAssetsSpec.layerCounts.contains(items.count) {
            reader.error(.wrongBrandAssetsLayerCount(items.count), at: layersNode.location)
        }
        let defaults = BrandAssetsSpec.defaultLayerNames(count: items.count)
        var layers: [BrandAssetsSpec.Layer] = []
        for (index, item) in items.enumerated() {
            let what = "a layer of \"brandAssets\""
            if case .object = item.value {
                guard let layer = reader.object(item, what, allowed: brandAssetsLayerKeys),
                      let sourceNode = layer["source"] ?? { reader.error(.layerNeedsSource(what), at: item.location); return nil }(),
                      let source = sourceSpec(sourceNode, "\"source\" of \(what)", reader: reader) else { continue }
                var layerName = defaults[index]
                if let nameNode = layer["name"], let text = reader.name(nameNode, "\"name\" of \(what)") {
                    if let problem = NameRules.problem(with: text) { reader.error(problem, at: nameNode.location) } else { layerName = text }
                }
                let page = layer["page"].flatMap { reader.integer($0, "\"page\" of \(what)", in: 1...maximumPage) } ?? 1
                layers.append(.init(name: layerName, source: source, page: page))
            } else if let source = sourceSpec(item, what, reader: reader) {
                layers.append(.init(name: defaults[index], source: source))
            }
        }
        if Set(layers.map(\.name)).count != layers.count {
            reader.error(.brandAssetsLayerNamesRepeat, at: layersNode.location)
        }
        let topShelf = fields["topShelf"].flatMap { sourceSpec($0, "\"topShelf\" of \"brandAssets\"", reader: reader) }
        let topShelfWide = fields["topShelfWide"].flatMap { sourceSpec($0, "\"topShelfWide\" of \"brandAssets\"", reader: reader) }
        let background = fields["background"].flatMap { color($0, "\"background\" of \"brandAssets\"", reader: reader) }
        if let background, background.alpha != 255, let node = fields["background"] {
            reader.error(.brandAssetsBackgroundIsNotOpaque, at: node.location)
        }
        guard reader.diagnostics.count == errorsBefore else { return nil }
        var spec = BrandAssetsSpec(name: name, layers: layers, topShelf: topShelf, topShelfWide: topShelfWide, location: node.location)
        if let background { spec.background = background }
        return spec
    }
}

extension Diagnostic.Message {
    fileprivate static let brandAssetsNeedsLayers: Diagnostic.Message = "\"brandAssets\" needs \"layers\": the layered art of the App Icon, front first"

    fileprivate static func wrongBrandAssetsLayerCount(_ count: Int) -> Diagnostic.Message { "\"layers\" of \"brandAssets\" has \(count); tvOS draws a layered image of 2 to 5" }

    /// `what` is `a layer of "brandAssets"`.
    fileprivate static func layerNeedsSource(_ what: String) -> Diagnostic.Message { "\(what) needs \"source\"" }

    fileprivate static let brandAssetsLayerNamesRepeat: Diagnostic.Message = "two layers of \"brandAssets\" have the same name"
    fileprivate static let brandAssetsBackgroundIsNotOpaque: Diagnostic.Message = "\"background\" of \"brandAssets\" must be opaque: tvOS asks for an opaque back layer"
}
