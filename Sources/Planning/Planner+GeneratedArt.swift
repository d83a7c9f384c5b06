import AssetModel

/// What a tvOS Brand Assets set and a visionOS solid image stack drawn from the manifest's layered
/// art (`"brandAssets"`, `"solidImageStack"`) have alike: each layer or top-shelf image is an image
/// of the request, and a catalog image set of the stack it belongs to.
extension Planner {
    /// Whether the build is for `platform`, the one whose icon the manifest's entry `key` draws;
    /// if not, an error at the entry says so.
    func drawsIcon(of platform: ApplePlatform, key: String, at location: SourceLocation, request: BuildRequest,
                   diagnostics: inout [Diagnostic]) -> Bool {
        guard request.platform != platform else { return true }
        diagnostics.append(.error(request.path, at: location, .layeredArtNeedsPlatform(key, platform)))
        return false
    }

    /// The image set `name` of the generated set at `setPath`, drawn from `source` at `points` for
    /// each of `scales` on `idiom`; its art is added to the request's images (`generatedImages`).
    func generatedImage(_ name: String, _ source: SourceSpec, page: Int, points: (width: Int, height: Int), scales: [Int], idiom: Idiom,
                        fit: Fit, setPath: String, location: SourceLocation, request: inout BuildRequest) -> CatalogImageSet {
        let art = ArtSpec(source: source, page: page, size: PointSize(width: Double(points.width), height: Double(points.height)), fit: fit)
        request.generatedImages.append(ImageSpec(name: name, location: location, nameLocation: location, scales: scales,
                                                 idioms: [IdiomArt(idiom: idiom, art: art, scales: scales)]))
        let path = request.resolve(source.path)
        let slots = scales.map { CatalogImageSlot(idiom: idiom, scale: $0, appearance: .any, filename: FilePath(path).lastComponent, path: path,
                                                  location: source.location) }
        return CatalogImageSet(name: name, setPath: setPath, contentsPath: request.path, slots: slots, properties: CatalogImageProperties())
    }

    /// The generated images' variants go into the car as a catalog's do: each of `names` is given an
    /// origin in the set at `setPath` (at the manifest entry's `location`), and those of `opaque` are
    /// drawn on `background`.
    func placeGeneratedImages(_ variants: inout [Variant], names: Set<String>, opaque: Set<String>, setPath: String, location: SourceLocation,
                              background: RGBAColor, request: BuildRequest) {
        for index in variants.indices where variants[index].role == .image && names.contains(variants[index].name)
            && variants[index].catalogOrigin == nil {
            let variant = variants[index]
            variants[index].origin = .catalog(CatalogOrigin(catalog: request.path, setPath: setPath, filename: FilePath(variant.source.path).lastComponent,
                                                            contentsPath: request.path, location: location))
            if opaque.contains(variant.name) { variants[index].background = background }
        }
    }
}

extension Diagnostic.Message {
    /// `key`: the manifest's entry (`brandAssets`); `platform` spelled as `--platform` takes it.
    fileprivate static func layeredArtNeedsPlatform(_ key: String, _ platform: ApplePlatform) -> Diagnostic.Message { "\"\(key)\" draws a \(platform.displayName) app's icon: build with --platform \(platform.rawValue)" }
}
