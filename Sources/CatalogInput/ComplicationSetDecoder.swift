import AssetModel
import AssetPlatform

/// Reads a watchOS `.complicationset` as Xcode writes it: its `assets` list names image sets in the
/// set's folder (`Circular.imageset`, `Modular.imageset`, …, each with its complication family's
/// `role`). Each becomes an image of the car named `<set>/<image set>`, as Xcode 26.5's actool names
/// them (`Complication/Circular`; kagurasumusun/mac@01bf755's complicationset-endtoend-verify.json,
/// docs/watchos.md). The roles are not in the car's keys, so they are not read further.
struct ComplicationSetDecoder {
    static let setKeys: Set<String> = ["info", "assets", "properties"]
    static let assetKeys: Set<String> = ["idiom", "role", "filename"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic], inputs: inout [String]) -> [CatalogImageSet] {
        guard let file = ContentsFile.readSet(folder, kind: "complication set", name: name, allowedKeys: Self.setKeys,
                                              diagnostics: &diagnostics, inputs: &inputs),
              let entries = file.list("assets", kind: "complication set", name: name, consequence: .setIsLeftOut, diagnostics: &diagnostics)
        else { return [] }
        var images: [CatalogImageSet] = []
        for entry in entries {
            file.warnUnknownKeys(Self.assetKeys, in: entry, what: "a complication set entry", diagnostics: &diagnostics)
            guard let filename = file.string("filename", of: entry, diagnostics: &diagnostics) else { continue }
            let (stem, type) = splitExtension(filename)
            let path = folder + "/" + filename
            guard ImageSetDecoder.isPlainFileName(filename), type == "imageset", FileSystem.kindFollowingLinks(path) == .directory else {
                diagnostics.append(.warning(file.path, at: entry.location, ActoolMessage.missingFile(filename, inSet: name, kind: .complicationSet))
                    .droppingContent())
                continue
            }
            // One image set listed twice is one image.
            guard !images.contains(where: { $0.name == "\(name)/\(stem)" }) else { continue }
            if let image = ImageSetDecoder(platform: .watchOS).decode(folder: path, setPath: setPath + "/" + filename, name: "\(name)/\(stem)",
                                                                     diagnostics: &diagnostics, inputs: &inputs) {
                images.append(image)
            }
        }
        return images
    }
}
