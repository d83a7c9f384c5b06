import AssetModel

/// A tvOS app's icon: the Brand Assets set `--app-icon` names (docs/tvos.md). actool compiles a
/// Brand Assets set only as the app's icon: its top-shelf images and its stacks' layers become
/// images of the car (`Top Shelf Image`, `App Icon/Front/Content`), the stacks themselves the
/// layered icons tvOS draws with parallax, and the partial Info.plist names them.
extension Planner {
    /// The Brand Assets set `request.appIconSetName` names, when the build is for tvOS and one
    /// has that name; its images are added to its catalog's image sets, and the name is taken off
    /// the request (no app icon set is looked for).
    func chooseBrandAssets(_ request: inout BuildRequest, catalogs: inout [CatalogContents],
                           diagnostics: inout [Diagnostic]) -> CatalogBrandAssets? {
        guard request.platform == .tvOS, let choice = request.appIconSetName else { return nil }
        for index in catalogs.indices {
            guard let set = catalogs[index].brandAssets.first(where: { $0.name == choice.name })
                ?? catalogs[index].brandAssets.first(where: { $0.name.split(separator: "/").last.map(String.init) == choice.name })
            else { continue }
            request.appIconSetName = nil
            // One name, one image: a set of the catalogs named as one of the set's images (its flat
            // App Store icon, a top-shelf image) would take its renditions in the car.
            let names = Set(set.imageSets.map(\.name))
            for catalog in catalogs {
                for other in catalog.imageSets where names.contains(other.name) {
                    diagnostics.append(.error(other.contentsPath, .imageSetNamedAsBrandAssetsImage(other.name, brandAssets: set.name)))
                }
            }
            catalogs[index].imageSets += set.imageSets
            validate(set, diagnostics: &diagnostics)
            return set
        }
        // An iOS-style icon set is no Apple TV icon: tvOS draws a layered one.
        if catalogs.contains(where: { $0.appIconSets.contains { $0.name == choice.name || $0.qualifiedName == choice.name } }) {
            diagnostics.append(.error(request.path, at: choice.location, .appIconSetIsNoTVIcon(choice.name)))
            request.appIconSetName = nil
        }
        return nil
    }

    /// What tvOS and the App Store need of the set: an App Icon stack (400x240) and an App Store
    /// icon (1280x768), each with at least two layers with an image of the stack's size, and both
    /// top-shelf images.
    func validate(_ set: CatalogBrandAssets, diagnostics: inout [Diagnostic]) {
        let path = set.contentsPath
        if !set.stacks.contains(where: { $0.width == 400 && $0.height == 240 }) {
            diagnostics.append(.error(path, .brandAssetsHasNoAppIcon(set.name)))
        }
        if !set.stacks.contains(where: \.isAppStoreIcon), set.appStoreImage?.slots.isEmpty ?? true {
            diagnostics.append(.warning(path, .brandAssetsHasNoAppStoreIcon(set.name)))
        }
        for role in CatalogBrandAssets.TopShelfRole.allCases where set.topShelf[role]?.slots.isEmpty ?? true {
            diagnostics.append(.warning(path, .brandAssetsHasNoTopShelfImage(set.name, role: role)))
        }
        // Apple asks for the App Icon and the top-shelf images at 1x and 2x: an Apple TV 4K draws
        // the 2x ones, and scales the 1x up without them (tvOS 9-era sets are 1x only).
        for stack in set.stacks where !stack.isAppStoreIcon && Self.scales(of: stack) == [1] {
            diagnostics.append(.warning(stack.contentsPath, .noRetinaImage(stack.name, width: stack.width, height: stack.height)))
        }
        for role in CatalogBrandAssets.TopShelfRole.allCases {
            guard let image = set.topShelf[role], Self.scales(of: image) == [1] else { continue }
            diagnostics.append(.warning(image.contentsPath, .noRetinaImage(image.name, width: role.points.width, height: role.points.height)))
        }
        for stack in set.stacks {
            let filled = stack.layers.filter(\.hasContent).count
            if filled < 2 {
                diagnostics.append(.error(stack.contentsPath, ActoolMessage.tooFewStackLayers(stack.name, layers: stack.layers.count, withContent: filled)))
            }
            if stack.layers.count > 5 {
                diagnostics.append(.warning(stack.contentsPath, .tooManyLayers(stack.layers.count, imageStack: stack.name)))
            }
            for layer in stack.layers {
                guard let content = layer.content else {
                    // A folder that is not there is said once, by the catalog's reader.
                    if layer.isMissing { continue }
                    diagnostics.append(.warning(stack.contentsPath, .layerHasNoContent(layer.name, imageStack: stack.name)).droppingContent())
                    continue
                }
                checkLayerSizes(content, stack: stack)
            }
        }
        for role in CatalogBrandAssets.TopShelfRole.allCases {
            guard let image = set.topShelf[role] else { continue }
            for slot in image.slots {
                expectSize(slot, of: image, width: role.points.width * (slot.scale ?? 1), height: role.points.height * (slot.scale ?? 1),
                           diagnostics: &diagnostics)
            }
        }

        // A layer may be smaller than its stack: it is centred on the canvas, as a logo over a
        // full-size back layer is in Xcode-made stacks (jellyfin/Swiftfin's, which its CI builds
        // with actool of Xcode 26.6). Larger is refused: tvOS would crop it.
        func checkLayerSizes(_ content: CatalogImageSet, stack: CatalogImageStack) {
            for slot in content.slots {
                expectSize(slot, of: content, width: stack.width * (slot.scale ?? 1), height: stack.height * (slot.scale ?? 1),
                           orSmaller: true, diagnostics: &diagnostics)
            }
        }
    }

    /// The scales a stack's layers have images at.
    static func scales(of stack: CatalogImageStack) -> Set<Int> {
        stack.layers.reduce(into: []) { all, layer in all.formUnion(layer.content.map { Self.scales(of: $0) } ?? []) }
    }

    /// The scales an image set has images at; a slot without a scale (a vector) is drawn at every one.
    static func scales(of set: CatalogImageSet) -> Set<Int> {
        set.slots.reduce(into: []) { all, slot in all.formUnion(slot.scale.map { [$0] } ?? [1, 2]) }
    }

    /// A PNG or JPEG slot's size in pixels, from its header; nil for another kind or an unreadable
    /// file (which its image's own planning reports).
    func pixelSize(of slot: CatalogImageSlot) -> (width: Int, height: Int)? {
        guard let kind = ResolvedSource.Kind.forPath(slot.path), kind == .png || kind == .jpeg,
              let info = try? inspector.inspect(path: slot.path, kind: kind, pages: [1]) else { return nil }
        switch info {
        case .png(let w, let h, _, _), .jpeg(let w, let h): return (w, h)
        default: return nil
        }
    }

    /// actool's wording for an icon of the wrong size (`… is 100x100 but should be 120x120.`), for
    /// a layer or a top-shelf image whose PNG header gives another size (`orSmaller`: or one
    /// that fits inside that size).
    func expectSize(_ slot: CatalogImageSlot, of set: CatalogImageSet, width: Int, height: Int, orSmaller: Bool = false,
                    diagnostics: inout [Diagnostic]) {
        guard let size = pixelSize(of: slot), size != (width, height) else { return }
        if orSmaller, size.width <= width, size.height <= height { return }
        // Named from inside the Brand Assets set (`App Icon.imagestack/Front.imagestacklayer/
        // Content.imageset/front.png`): two stacks' layers have the same file names.
        // A solid image stack's, from its own folder (`AppIcon.solidimagestack/Front.solidimagestacklayer/…`).
        let components = set.setPath.split(separator: "/")
        let inside = components.contains { $0.lowercased().hasSuffix(".brandassets") }
            ? components.drop { !$0.lowercased().hasSuffix(".brandassets") }.dropFirst().joined(separator: "/")
            : components.drop { !$0.lowercased().hasSuffix(".solidimagestack") }.joined(separator: "/")
        diagnostics.append(.error(slot.path, ActoolMessage.wrongSize("\(inside.isEmpty ? set.name : inside)/\(slot.filename)", width: size.width,
                                                                     height: size.height, expectedWidth: width, expectedHeight: height)))
    }
}

extension Planner {
    /// The manifest's `"brandAssets"` for a tvOS build: each layer drawn as each stack's layer image
    /// (`App Icon/Front/Content` at 400x240 @1x and @2x, `App Icon - App Store/Front/Content` at
    /// 1280x768 @1x), the top-shelf images at 1x and 2x, as images of the request (`generatedImages`),
    /// and the Brand Assets set they make, as the car and the Info.plist take it. A layer is drawn to
    /// fill its canvas when it is the back one (tvOS asks for an opaque back layer) and to fit inside
    /// it otherwise (the transparency around the art is the parallax); a top-shelf image fills.
    func generateBrandAssets(_ request: inout BuildRequest, diagnostics: inout [Diagnostic]) -> CatalogBrandAssets? {
        guard let spec = request.manifest.brandAssets,
              drawsIcon(of: .tvOS, key: "brandAssets", at: spec.location, request: request, diagnostics: &diagnostics) else { return nil }
        let folder = spec.name + ".brandassets"
        var set = CatalogBrandAssets(name: spec.name, setPath: folder, contentsPath: request.path, stacks: [])
        func image(_ name: String, _ source: SourceSpec, page: Int, width: Int, height: Int, scales: [Int], fit: Fit) -> CatalogImageSet {
            generatedImage(name, source, page: page, points: (width, height), scales: scales, idiom: .tv, fit: fit, setPath: folder,
                           location: spec.location, request: &request)
        }
        for stack in BrandAssetsSpec.stacks {
            let layers = spec.layers.enumerated().map { index, layer in
                CatalogImageStack.Layer(name: layer.name, content: image("\(stack.name)/\(layer.name)/Content", layer.source, page: layer.page,
                                                                         width: stack.width, height: stack.height, scales: stack.scales,
                                                                         fit: index == spec.layers.count - 1 ? .fill : .contain))
            }
            set.stacks.append(CatalogImageStack(name: stack.name, setPath: folder + "/" + stack.name + ".imagestack", contentsPath: request.path,
                                                width: stack.width, height: stack.height, layers: layers))
        }
        for (role, source) in [(CatalogBrandAssets.TopShelfRole.standard, spec.topShelf), (.wide, spec.topShelfWide)] {
            guard let source else { continue }
            let name = role == .standard ? "Top Shelf Image" : "Top Shelf Image Wide"
            set.topShelf[role] = image(name, source, page: 1, width: role.points.width, height: role.points.height, scales: [1, 2], fit: .fill)
        }
        // What App Store Connect asks for and the art does not give.
        for role in CatalogBrandAssets.TopShelfRole.allCases where set.topShelf[role] == nil {
            diagnostics.append(.warning(request.path, at: spec.location, .manifestBrandAssetsHasNoTopShelf(role)))
        }
        return set
    }

    /// The generated images' variants go into the car as a catalog's do: each is given an origin in
    /// the Brand Assets set the manifest describes; the back layers and top-shelf images are drawn
    /// on the manifest's background.
    func placeGeneratedImages(_ variants: inout [Variant], set: CatalogBrandAssets, request: BuildRequest) {
        let names = Set(set.stacks.flatMap { $0.layers.compactMap(\.content?.name) } + set.topShelf.values.map(\.name))
        // Drawn on the background: the back layers (tvOS asks for them opaque) and the top-shelf images.
        let opaque = Set(set.stacks.compactMap { $0.layers.last?.content?.name } + set.topShelf.values.map(\.name))
        placeGeneratedImages(&variants, names: names, opaque: opaque, setPath: set.setPath, location: request.manifest.brandAssets?.location ?? .notInAFile,
                             background: request.manifest.brandAssets?.background ?? .white, request: request)
    }
}

extension Diagnostic.Message {
    fileprivate static func imageSetNamedAsBrandAssetsImage(_ name: String, brandAssets: String) -> Diagnostic.Message { "the image set \"\(name)\" has the name of an image of the brand assets \"\(brandAssets)\"; Assets.car holds one image by a name: rename one" }

    fileprivate static func appIconSetIsNoTVIcon(_ name: String) -> Diagnostic.Message { "\"\(name)\" is an app icon set; a tvOS app's icon is a Brand Assets set (.brandassets) of layered image stacks (docs/tvos.md)" }

    fileprivate static func brandAssetsHasNoAppIcon(_ name: String) -> Diagnostic.Message { "the brand assets \"\(name)\" has no App Icon: a primary-app-icon image stack of size 400x240, the icon tvOS shows on the home screen" }

    fileprivate static func brandAssetsHasNoAppStoreIcon(_ name: String) -> Diagnostic.Message { "the brand assets \"\(name)\" has no App Store icon: a primary-app-icon image stack of size 1280x768; App Store Connect refuses an upload without it" }

    fileprivate static func brandAssetsHasNoTopShelfImage(_ name: String, role: CatalogBrandAssets.TopShelfRole) -> Diagnostic.Message { "the brand assets \"\(name)\" has no \(role.rawValue) image (\(role.points.width)x\(role.points.height) at 1x and 2x); App Store Connect refuses an upload without it" }

    /// `width`, `height`: the image's size in points.
    fileprivate static func noRetinaImage(_ name: String, width: Int, height: Int) -> Diagnostic.Message { "\"\(name)\" has no @2x image (\(width * 2)x\(height * 2)): an Apple TV 4K draws it at 2x and scales the \(width)x\(height) image up; Apple asks for both" }

    fileprivate static func tooManyLayers(_ count: Int, imageStack name: String) -> Diagnostic.Message { "the image stack \"\(name)\" has \(count) layers; tvOS draws a layered image of 2 to 5" }

    fileprivate static func layerHasNoContent(_ layer: String, imageStack name: String) -> Diagnostic.Message { "the layer \"\(layer)\" of the image stack \"\(name)\" has no Content.imageset; it adds nothing to the icon" }

    /// The manifest's `"brandAssets"` without a top-shelf image.
    fileprivate static func manifestBrandAssetsHasNoTopShelf(_ role: CatalogBrandAssets.TopShelfRole) -> Diagnostic.Message { "\"brandAssets\" has no \"\(role == .standard ? "topShelf" : "topShelfWide")\" (\(role.points.width)x\(role.points.height)); App Store Connect refuses an upload without the \(role.rawValue) image" }
}
