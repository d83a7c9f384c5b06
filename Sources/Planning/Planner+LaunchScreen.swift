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
        func error(_ message: String) { diagnostics.append(.error(request.path, at: location, message)) }
        guard request.platform == .iOS else {
            error("a launch screen (UILaunchScreen) is an iOS app's; a Mac app has none")
            return nil
        }
        guard request.compiledCatalog else {
            error("the launch screen (UILaunchScreen) takes its colour and image from Assets.car: build with --car (or \"car\": true)")
            return nil
        }
        let mainCatalogs = catalogs.filter { $0.spec.bundle == .main }
        if let name = screen.colorName {
            let sets = mainCatalogs.flatMap(\.colorSets)
            if let set = sets.first(where: { $0.name == name }) {
                let components = set.colors.filter { $0.locale == nil }
                for device in request.devices where !components.contains(where: { $0.idiom == nil || $0.idiom == device }) {
                    error("the launch screen's colour \"\(name)\" has no colour for \(device == .iphone ? "iPhone" : "iPad") (\(set.setPath))")
                }
            } else {
                error("the launch screen's colour \"\(name)\" is not a colour set of the main bundle's catalogs")
                suggest(name, among: sets.map(\.name), diagnostics: &diagnostics)
            }
        }
        if let name = screen.imageName {
            let images = variants.filter { $0.role == .image && $0.bundle == .main && $0.name == name && $0.catalogOrigin != nil }
            if images.isEmpty {
                error("the launch screen's image \"\(name)\" is not an image set of the main bundle's catalogs")
                suggest(name, among: mainCatalogs.flatMap { $0.imageSets.map(\.name) }, diagnostics: &diagnostics)
            } else {
                for device in request.devices where !images.contains(where: { $0.idiom == nil || $0.idiom == device }) {
                    error("the launch screen's image \"\(name)\" has no image for \(device == .iphone ? "iPhone" : "iPad")")
                }
            }
        }
        if diagnostics.count > before { diagnostics += request.referenceNote("the launch screen", at: screen.location) }
        return diagnostics[before...].contains { $0.severity == .error } ? nil : screen
    }
}
