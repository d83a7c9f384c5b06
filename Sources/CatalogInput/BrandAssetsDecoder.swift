import AssetModel
import AssetPlatform

/// Reads a tvOS `.brandassets` folder as Xcode writes it (Apple's Asset Catalog Format Reference,
/// "Brand Assets Type", "Image Stack Type", "Image Stack Layer Type"): its `assets` list names
/// image stacks (`primary-app-icon`, 400x240 and 1280x768) and image sets (`top-shelf-image`,
/// `top-shelf-image-wide`); each stack lists its layers, front first, each holding a
/// `Content.imageset`. What is wrong with a role or a stack is the planner's to say (it knows
/// whether the set is the app's icon); this reads and reports only the files.
struct BrandAssetsDecoder {
    static let setKeys: Set<String> = ["info", "assets", "properties"]
    static let assetKeys: Set<String> = ["idiom", "role", "size", "filename"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic],
                inputs: inout [String]) -> CatalogBrandAssets? {
        guard let file = ContentsFile.readSet(folder, kind: "brand assets", name: name, allowedKeys: Self.setKeys,
                                              diagnostics: &diagnostics, inputs: &inputs),
              let entries = file.list("assets", kind: "brand assets", name: name, consequence: .setIsLeftOut, diagnostics: &diagnostics)
        else { return nil }
        var set = CatalogBrandAssets(name: name, setPath: setPath, contentsPath: file.path, stacks: [])
        for entry in entries {
            file.warnUnknownKeys(Self.assetKeys, in: entry, what: "a brand assets entry", diagnostics: &diagnostics)
            guard let filename = file.string("filename", of: entry, diagnostics: &diagnostics) else { continue }
            let role = file.string("role", of: entry, diagnostics: &diagnostics) ?? ""
            guard ImageSetDecoder.isPlainFileName(filename) else {
                diagnostics.append(.warning(file.path, at: entry.location, .entryNotAPlainFolderName(filename)).droppingContent())
                continue
            }
            let path = folder + "/" + filename
            let (stem, type) = splitExtension(filename)
            guard FileSystem.kindFollowingLinks(path) == .directory else {
                diagnostics.append(.warning(file.path, at: entry.location, ActoolMessage.missingFile(filename, inSet: name, kind: .brandAssets))
                    .droppingContent())
                continue
            }
            switch (role, type) {
            case ("primary-app-icon", "imagestack"):
                let sizeText = file.string("size", of: entry, diagnostics: &diagnostics)
                let size = sizeText.flatMap(Self.size)
                // Apple's two sizes only: anything else is no icon tvOS draws (and a hostile size
                // would be a canvas no memory holds).
                guard let size, CatalogBrandAssets.stackSizes.contains(where: { $0 == size }) else {
                    diagnostics.append(.warning(file.path, at: entry.location, .appIconStackSizeUnknown(stem, size: sizeText)).droppingContent())
                    continue
                }
                if set.stacks.contains(where: { ($0.width, $0.height) == size }) {
                    diagnostics.append(.error(file.path, at: entry.location, .secondImageStack(stem, width: size.width, height: size.height, inBrandAssets: name)))
                    continue
                }
                if let stack = ImageStackDecoder(kind: .imageStack).decode(folder: path, setPath: setPath + "/" + filename, name: stem, size: size,
                                                                           diagnostics: &diagnostics, inputs: &inputs) {
                    set.stacks.append(stack)
                }
            case ("primary-app-icon", "imageset"):
                // The App Store icon as a flat image set (idiom tv-marketing), as newer Xcode writes it.
                set.appStoreImage = ImageSetDecoder(platform: .tvOS).decode(folder: path, setPath: setPath + "/" + filename, name: stem,
                                                                            diagnostics: &diagnostics, inputs: &inputs)
            case (let role, "imageset") where CatalogBrandAssets.TopShelfRole(rawValue: role) != nil:
                if let image = ImageSetDecoder(platform: .tvOS, keepsMarketingApart: true).decode(folder: path, setPath: setPath + "/" + filename, name: stem,
                                                                       diagnostics: &diagnostics, inputs: &inputs) {
                    set.topShelf[CatalogBrandAssets.TopShelfRole(rawValue: role)!] = image
                }
            default:
                set.unknownRoles.append(role.isEmpty ? filename : role)
                diagnostics.append(.warning(file.path, at: entry.location, .brandAssetsRoleNotCompiled(filename, role: role)).droppingContent())
            }
        }
        return set
    }

    /// `"400x240"` as points.
    static func size(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        return (width, height)
    }
}

extension Diagnostic.Message {
    fileprivate static func entryNotAPlainFolderName(_ filename: String) -> Diagnostic.Message { "file name \"\(filename)\" must be a plain folder name inside the set; the entry is skipped" }

    /// `size`: the entry's `size` as written, nil when it has none.
    fileprivate static func appIconStackSizeUnknown(_ stack: String, size: String?) -> Diagnostic.Message { "the image stack \"\(stack)\" has \(size.map { "the size \"\($0)\"" } ?? "no size"); a primary-app-icon stack is 400x240 (the App Icon) or 1280x768 (the App Store icon); it is left out" }

    fileprivate static func secondImageStack(_ stack: String, width: Int, height: Int, inBrandAssets name: String) -> Diagnostic.Message { "the brand assets \"\(name)\" has a second \(width)x\(height) image stack, \"\(stack)\"; it has one App Icon and one App Store icon" }

    fileprivate static func brandAssetsRoleNotCompiled(_ filename: String, role: String) -> Diagnostic.Message { "the brand assets entry \"\(filename)\" with role \"\(role)\" is not compiled by assetc (it reads primary-app-icon image stacks and top-shelf image sets); it is left out" }
}
