import AssetModel
import AssetPlatform

/// Reads a layered image as Xcode writes it: a tvOS `.imagestack` of `.imagestacklayer` folders
/// (Apple's Asset Catalog Format Reference, "Image Stack Type", "Image Stack Layer Type"), or a
/// visionOS `.solidimagestack` of `.solidimagestacklayer` folders, the same format under other
/// extensions ("Solid Image Stack Type"). Its `layers` list names the layer folders front first;
/// each holds a `Content.imageset`, read as the platform's image sets are.
struct ImageStackDecoder {
    static let stackKeys: Set<String> = ["info", "layers", "properties"]
    static let layerKeys: Set<String> = ["info", "properties"]

    var kind: CatalogImageStack.Kind

    /// The stack at `folder`, whose canvas is `size` points; nil when its Contents.json cannot be read.
    func decode(folder: String, setPath: String, name: String, size: (width: Int, height: Int),
                diagnostics: inout [Diagnostic], inputs: inout [String]) -> CatalogImageStack? {
        guard let file = ContentsFile.readSet(folder, kind: kind.setKind.rawValue, name: name, allowedKeys: Self.stackKeys,
                                              diagnostics: &diagnostics, inputs: &inputs),
              let entries = file.list("layers", kind: kind.setKind.rawValue, name: name, consequence: .setIsLeftOut, diagnostics: &diagnostics)
        else { return nil }
        var layers: [CatalogImageStack.Layer] = []
        for entry in entries {
            guard let filename = file.string("filename", of: entry, diagnostics: &diagnostics) else { continue }
            let (stem, type) = splitExtension(filename)
            // One layer listed twice is one layer: counting it twice would pass the two-layer rule.
            if layers.contains(where: { $0.name.lowercased() == stem.lowercased() }) {
                diagnostics.append(.warning(file.path, at: entry.location, .layerListedTwice(filename, inStack: name, kind: kind)))
                continue
            }
            let path = folder + "/" + filename
            guard ImageSetDecoder.isPlainFileName(filename), type == kind.layerExtension, FileSystem.kindFollowingLinks(path) == .directory else {
                diagnostics.append(.warning(file.path, at: entry.location, ActoolMessage.missingFile(filename, inSet: name, kind: kind.setKind))
                    .droppingContent())
                var missing = CatalogImageStack.Layer(name: stem, content: nil, folder: path)
                missing.isMissing = true
                layers.append(missing)
                continue
            }
            // The layer's own Contents.json is optional (it holds only `info` for an embedded layer).
            if let layerFile = ContentsFile.read(path + "/Contents.json", required: false, diagnostics: &diagnostics, inputs: &inputs) {
                layerFile.warnUnknownKeys(Self.layerKeys, in: layerFile.root, what: "\(kind.layerDescription)'s Contents.json", diagnostics: &diagnostics)
            }
            let content = path + "/Content.imageset"
            guard FileSystem.kindFollowingLinks(content) == .directory else {
                layers.append(.init(name: stem, content: nil, folder: path))
                continue
            }
            let image = ImageSetDecoder(platform: kind.platform).decode(folder: content, setPath: setPath + "/" + filename + "/Content.imageset",
                                                                        name: "\(name)/\(stem)/Content", diagnostics: &diagnostics, inputs: &inputs)
            layers.append(.init(name: stem, content: image, folder: path))
        }
        var stack = CatalogImageStack(name: name, setPath: setPath, contentsPath: file.path, width: size.width, height: size.height, layers: layers)
        stack.kind = kind
        return stack
    }
}

extension Diagnostic.Message {
    fileprivate static func layerListedTwice(_ filename: String, inStack name: String, kind: CatalogImageStack.Kind) -> Diagnostic.Message { "the \(kind.setKind.rawValue) \"\(name)\" lists the layer \"\(filename)\" again; it counts once" }
}
