import AssetModel

// A watchOS or visionOS build's app icon (docs/watchos.md, docs/visionos.md): a watch app's
// single-size icon is compiled into the car, its per-size images into loose files; a visionOS icon
// set (visionOS's icon is a solid image stack) is refused by name.
extension IconPlanner {
    /// A watch app's icon set. Its single-size image (`universal`, `platform: watchos`, 1024x1024:
    /// the set Xcode 14 to 26 makes) is the icon, kept in the car alone (`DeviceTables.watchSingleSizeIcon`).
    /// Without one, the per-size images of older sets (`idiom: watch` with a role and a `subtype` of
    /// 38 to 49 mm) are the icon, as loose files named by their size (`DeviceTables.watchPerSizeIcons`),
    /// the form a compiled watch app of Xcode 7.2 shows; how a car would key their roles is not known,
    /// so they are not put in it (docs/watchos.md).
    func validateWatch(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics) else { return [] }
        let (setPath, setName, contentsPath, slotSet) = (opened.path, opened.name, opened.contentsPath, opened.slotSet)
        let slot = DeviceTables.watchSingleSizeIcon
        var icon: Variant?
        var reported = false
        var perSize: [CatalogEntry] = [], marketing: CatalogEntry?
        var checkedFiles: [String: Bool] = [:]
        for entry in slotSet.entries {
            switch (entry.idiom, entry.platform) {
            case ("universal"?, "watchos"?) where entry.hasAppearances:
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedWatchAppearance(entry))
            case ("universal"?, "watchos"?):
                guard entry.squarePoints == slot.points else {
                    diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedNotAWatchSlot(entry))
                    continue
                }
                guard let file = entry.filename else { continue }
                guard icon == nil else {
                    diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedSecondWatchImage(file))
                    continue
                }
                guard let path = checkFile(file, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry, required: true,
                                           requireOpaque: false, diagnostics: &diagnostics, checked: &checkedFiles) else {
                    reported = true  // its file's own message says enough
                    continue
                }
                let pixels = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
                icon = watchIconVariant(spec: spec, source: ResolvedSource(path: path, kind: .png, page: 1), content: pixels)
            case ("watch"?, _) where entry.hasAppearances:
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedWatchAppearance(entry))
            case ("watch"?, _):
                if entry.filename != nil { perSize.append(entry) }
            case ("watch-marketing"?, _):
                if entry.filename != nil { marketing = entry }
            default:
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedNotForAWatch(entry))
            }
        }
        if let icon {
            if !perSize.isEmpty || marketing != nil { diagnostics.append(.note(contentsPath, .perSizeWatchImagesLeftOut)) }
            warnIfTranslucent(icon.source.path, diagnostics: &diagnostics)
            return [icon]
        }
        if !perSize.isEmpty {
            if let marketing {
                diagnostics.append(.warning(contentsPath, at: marketing.location, .watchMarketingImageNotWritten(marketing.filename ?? "")).droppingContent())
            }
            return perSizeVariants(spec, entries: perSize, setPath: setPath, setName: setName, slotSet: slotSet, diagnostics: &diagnostics)
        }
        if reported { return [] }
        if marketing != nil {
            diagnostics.append(.error(contentsPath, .watchMarketingImageOnly(spec.name)))
        } else {
            // Nothing applies: actool's one error, as for an iOS or Mac set, and what would.
            diagnostics.append(.error(contentsPath, ActoolMessage.noApplicableContent(iconSet: AssetCatalog.setName(ofFolder: setName))))
            diagnostics.append(.note(contentsPath, .watchIconSetHasNoImage(setName)))
        }
        return []
    }

    /// The per-size images as loose files, one per size and scale (the first entry of a size wins:
    /// the 40 and 42 mm home-screen icons share one), each checked for its pixel size and alpha.
    private func perSizeVariants(_ spec: AppIconSpec, entries: [CatalogEntry], setPath: String, setName: String, slotSet: CatalogSlotSet,
                                 diagnostics: inout [Diagnostic]) -> [Variant] {
        var variants: [Variant] = []
        var checkedFiles: [String: Bool] = [:]
        for entry in entries {
            guard let file = entry.filename else { continue }
            guard let slot = DeviceTables.watchPerSizeIcons.first(where: { $0.points == entry.squarePoints && $0.scale == entry.scaleValue }) else {
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedUnknownWatchSize(entry))
                continue
            }
            guard !variants.contains(where: { $0.iconSlot == slot }) else {
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedSecondWatchSizeImage(file, slot: slot, fileName: slot.fileName(base: spec.name)))
                continue
            }
            guard let path = checkFile(file, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry, required: false,
                                       requireOpaque: false, diagnostics: &diagnostics, checked: &checkedFiles) else { continue }
            warnIfTranslucent(path, diagnostics: &diagnostics)
            let pixels = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
            variants.append(variant(for: slot, spec: spec, source: ResolvedSource(path: path, kind: .png, page: 1), content: pixels))
        }
        return variants
    }

    /// A watch app's icon drawn from art (a PDF, SVG or PNG): the single-size image, on the
    /// manifest's background (white unless said: a watch icon is opaque, the watch masks it).
    func generateWatch(_ spec: AppIconSpec, source: ResolvedSource, content: PointSize, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard source.kind != .iconComposer else {
            diagnostics.append(.error(source.path, .watchIconFromIconComposerNotYet))
            return []
        }
        var icon = watchIconVariant(spec: spec, source: source, content: content)
        icon.background = spec.background ?? .white
        return [icon]
    }

    /// The single-size watch icon: in the car only (no loose file: none is named by any public
    /// watch build of Xcode 14 or later), named `<name>1024x1024.png` inside it.
    private func watchIconVariant(spec: AppIconSpec, source: ResolvedSource, content: PointSize) -> Variant {
        var icon = macIconVariant(for: DeviceTables.watchSingleSizeIcon, spec: spec, source: source, content: content)
        icon.idiom = .watch
        return icon
    }

    /// App Store Connect refuses a watch app icon with an alpha channel ("Invalid Icon … with an alpha
    /// channel", as quoted from an upload of 2016); the watch masks the icon itself.
    private func warnIfTranslucent(_ path: String, diagnostics: inout [Diagnostic]) {
        if (try? inspector.isOpaque(path: path, kind: .png, page: 1)) == false {
            diagnostics.append(.warning(path, .watchIconHasTransparentPixels))
        }
    }

    /// A Vision Pro app's icon set: refused, naming the set. A visionOS icon is a solid image stack
    /// (docs/visionos.md), never an icon set.
    func refuseVisionIcon(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics) else { return [] }
        diagnostics.append(.error(opened.contentsPath, SourceMessage.appIconSetIsNoVisionIcon(spec.name)))
        return []
    }
}

extension Diagnostic.Message {
    fileprivate static func watchMarketingImageOnly(_ name: String) -> Diagnostic.Message { "the app icon \"\(name)\" has a watch-marketing image only: a watch app's icon is a single-size image for watchOS or per-size images (docs/watchos.md)" }

    fileprivate static func watchMarketingImageNotWritten(_ file: String) -> Diagnostic.Message { "the watch-marketing image \(file) is not written: where actool keeps it beside per-size images is not known (docs/watchos.md)" }

    fileprivate static func skippedUnknownWatchSize(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): \(entry.size ?? "no size") at \(entry.scale ?? "no scale") is not a watch icon size (assetc tables)" }

    fileprivate static func skippedSecondWatchSizeImage(_ file: String, slot: IconSlot, fileName: String) -> Diagnostic.Message { "skipped \(file): an image of \(slot.label) is listed already, and both would be the file \(fileName)" }

    fileprivate static let perSizeWatchImagesLeftOut: Diagnostic.Message =
        "the per-size watch images are left out; the single-size 1024x1024 image is the icon"

    fileprivate static func watchIconSetHasNoImage(_ setName: String) -> Diagnostic.Message { "\(setName) has no watchOS image: a watch app's icon is a universal 1024x1024 image with the platform watchOS" }

    fileprivate static func skippedNotForAWatch(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): idiom '\(entry.idiom ?? "(none)")' \(entry.platform.map { "for \($0) " } ?? "")does not apply to a watch build" }

    fileprivate static func skippedWatchAppearance(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): a watch app icon has no dark or tinted appearance" }

    fileprivate static func skippedSecondWatchImage(_ file: String) -> Diagnostic.Message { "skipped \(file): the set has a single-size watchOS image already, the first one listed" }

    fileprivate static func skippedNotAWatchSlot(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): a watchOS icon is 1024x1024, not \(entry.size ?? "unsized")" }

    fileprivate static let watchIconHasTransparentPixels: Diagnostic.Message =
        "the watch app icon has transparent pixels; App Store Connect refuses a watch icon with an alpha channel"

    fileprivate static let watchIconFromIconComposerNotYet: Diagnostic.Message = "an Icon Composer icon is not compiled for watchOS by assetc yet; give the watch icon as a PDF, an SVG or a 1024x1024 PNG, or an icon set's single-size image"
}
