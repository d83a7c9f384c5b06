import AssetModel

extension Planner {
    /// iOS 14's `UILaunchScreen`: its colour and image are looked up by name in the app's
    /// `Assets.car` before the app runs, so each must be a set of the main bundle's catalogs with a
    /// value for every device the build targets; a name that is not is an error naming it (the
    /// system would draw nothing, and App Store review sees a blank launch). Returns the spec to
    /// write into the partial Info.plist.
    func planLaunchScreen(_ request: BuildRequest, catalogs: [CatalogContents], variants: [Variant],
                          diagnostics: inout [Diagnostic]) -> LaunchScreenSpec? {
        guard let screen = request.launchScreen else { return nil }
        let location = screen.location ?? .notInAFile
        let before = diagnostics.count
        func error(_ message: Diagnostic.Message, in path: String? = nil) { diagnostics.append(.error(path ?? request.path, at: path == nil ? location : nil, message)) }
        guard request.platform == .iOS else {
            error(.launchScreenIsIOSOnly)
            return nil
        }
        guard request.compiledCatalog else {
            error(.launchScreenNeedsTheCar)
            return nil
        }
        let mainCatalogs = catalogs.filter { $0.spec.bundle == .main }
        if let name = screen.colorName {
            let sets = mainCatalogs.flatMap { catalog in catalog.colorSets.map { (catalog, $0) } }
            if let (catalog, set) = sets.first(where: { $0.1.name == name }) {
                let colors = set.colors.filter { $0.locale == nil }
                for idiom in request.devices where !colors.contains(where: { $0.idiom == nil || $0.idiom == idiom }) {
                    error(.launchScreenColorMissing(name, for: idiom),
                          in: FilePath(request.resolve(catalog.spec.path)).appending(set.setPath).appending("Contents.json").string)
                }
            } else {
                error(.launchScreenColorNotFound(name))
                suggest(name, among: sets.map(\.1.name), diagnostics: &diagnostics)
            }
        }
        if let name = screen.imageName {
            let sets = mainCatalogs.flatMap(\.imageSets)
            if let set = sets.first(where: { $0.name == name }) {
                // The set's images, loose or car-only (its trait slots count: a localized or
                // display-P3 slot is in the car too).
                var idioms = variants.filter { $0.role == .image && $0.bundle == .main && $0.name == name && $0.catalogOrigin != nil }.map(\.idiom)
                idioms += set.properties.traitSlots.map(\.idiom)
                for idiom in request.devices where !idioms.contains(where: { $0 == nil || $0 == idiom }) {
                    error(.launchScreenImageMissing(name, for: idiom), in: set.contentsPath)
                }
            } else {
                error(.launchScreenImageNotFound(name))
                suggest(name, among: sets.map(\.name), diagnostics: &diagnostics)
            }
        }
        if diagnostics.count > before { diagnostics += request.referenceNote("the launch screen", at: screen.location) }
        return diagnostics[before...].contains { $0.severity == .error } ? nil : screen
    }
}

extension Diagnostic.Message {
    fileprivate static let launchScreenIsIOSOnly: Diagnostic.Message = "a launch screen (UILaunchScreen) is an iOS app's; a Mac app has none"

    fileprivate static let launchScreenNeedsTheCar: Diagnostic.Message = "the launch screen (UILaunchScreen) takes its colour and image from Assets.car: build with --car (or \"car\": true)"

    fileprivate static func launchScreenColorMissing(_ name: String, for idiom: Idiom) -> Diagnostic.Message { "the launch screen's colour \"\(name)\" has no colour for \(idiom == .iphone ? "iPhone" : "iPad")" }

    fileprivate static func launchScreenColorNotFound(_ name: String) -> Diagnostic.Message { "the launch screen's colour \"\(name)\" is not a colour set of the main bundle's catalogs" }

    fileprivate static func launchScreenImageMissing(_ name: String, for idiom: Idiom) -> Diagnostic.Message { "the launch screen's image \"\(name)\" has no image for \(idiom == .iphone ? "iPhone" : "iPad")" }

    fileprivate static func launchScreenImageNotFound(_ name: String) -> Diagnostic.Message { "the launch screen's image \"\(name)\" is not an image set of the main bundle's catalogs" }
}
