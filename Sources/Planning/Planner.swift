import AssetModel

/// Expands a manifest into variants: file names, point and pixel sizes, placements. Pure apart from
/// the inspector, which reads page sizes and raster headers.
public struct Planner {
    let inspector: SourceInspecting
    /// The absolute output folder, when known: output paths are checked against the file system's
    /// path limits (`Limits`) so `check` refuses what `build` could not write.
    let outputRoot: String?

    public init(inspector: SourceInspecting, outputRoot: String? = nil) { (self.inspector, self.outputRoot) = (inspector, outputRoot) }

    /// `slotSets`: the app icon and launch image sets the input stage read (`CatalogInput.SlotSetReader`),
    /// by resolved folder: the manifest's and every catalog's.
    public func plan(_ request: BuildRequest, catalogs: [CatalogContents] = [],
                     slotSets: CatalogSlotSets = CatalogSlotSets()) throws(InputError) -> BuildPlan {
        var request = request
        var diagnostics: [Diagnostic] = []
        let generatedBrandAssets = generateBrandAssets(&request, diagnostics: &diagnostics)
        let generatedSolidImageStack = generateSolidImageStack(&request, diagnostics: &diagnostics)
        let sourceInfo = inspectSources(request, diagnostics: &diagnostics)

        var variants = planImages(request, sourceInfo: sourceInfo, diagnostics: &diagnostics)
        if let set = generatedBrandAssets { placeGeneratedImages(&variants, set: set, request: request) }
        if let stack = generatedSolidImageStack { placeGeneratedLayers(&variants, stack: stack, request: request) }
        var catalogRecords = CatalogRecords()
        var catalogs = catalogs
        let brandAssets = generatedBrandAssets ?? chooseBrandAssets(&request, catalogs: &catalogs, diagnostics: &diagnostics)
        let solidImageStacks = takeSolidImageStacks(&request, catalogs: &catalogs, generated: generatedSolidImageStack, diagnostics: &diagnostics)
        if !catalogs.isEmpty {
            let taken = Set(request.manifest.images.map { image in
                ((request.manifest.folder(of: image.bundle).map { $0 + "/" } ?? "") + image.name).lowercased()
            })
            let planned = CatalogPlanner(request: request, inspector: inspector).plan(catalogs, taken: taken, diagnostics: &diagnostics)
            variants += planned.variants
            catalogRecords = planned.records
            chooseCatalogSets(&request, catalogs: catalogs, diagnostics: &diagnostics)
        }
        let filtered = DeviceAwareVariants.filter(variants, request: request)
        variants = filtered.kept
        if filtered.skipped > 0 {
            // First, not after whatever error came last: a note right after an error is read as
            // its explanation (and kept with it under --quiet).
            diagnostics.insert(.note(request.path, .leftOutUnloadableVariants(filtered.skipped, devices: request.devices,
                                                                             deploymentTarget: request.deploymentTarget)), at: 0)
        }
        let resolvePath = { (path: String) in request.resolve(path) }
        let iconStackJSON = takeFlattenedIconsFromTheSet(&request, catalogs: catalogs, diagnostics: &diagnostics)
        if let icon = request.appIcon {
            variants += IconPlanner(request: request, inspector: inspector, slotSets: slotSets, resolve: resolvePath)
                .plan(icon, diagnostics: &diagnostics)
        }
        var alternates: [AlternateIcon] = []
        var plannedSets: Set<String> = []
        if case .appiconset(let set)? = request.appIcon?.input { plannedSets.insert(resolvePath(set.path)) }
        if request.alternateAppIcons {
            let planned = planAlternateIcons(request, catalogs: catalogs, slotSets: slotSets, diagnostics: &diagnostics)
            variants += planned.variants
            alternates = planned.icons
            plannedSets.formUnion(planned.setPaths)
        }
        if let launch = request.launchImage, request.platform == .tvOS {
            // No actool output of a tv launch image is public to copy (docs/tvos.md): said, not guessed.
            if case .launchimage(let set) = launch.input { plannedSets.insert(resolvePath(set.path)) }
            diagnostics.append(.warning(request.path, at: launch.location, .tvOSLaunchImageNotCompiledYet(basename: launch.basename)).droppingContent())
        } else if let launch = request.launchImage {
            if case .launchimage(let set) = launch.input { plannedSets.insert(resolvePath(set.path)) }
            variants += LaunchImagePlanner(request: request, inspector: inspector, slotSets: slotSets, resolve: resolvePath)
                .plan(launch, diagnostics: &diagnostics)
        }
        reportProblems(ofSetsOtherThan: plannedSets, in: slotSets, diagnostics: &diagnostics)
        checkCollisions(variants, request: request, diagnostics: &diagnostics)
        checkFonts(variants, diagnostics: &diagnostics)
        LimitCheck(manifestPath: request.path, outputRoot: outputRoot).check(variants, diagnostics: &diagnostics)
        let launchScreen = planLaunchScreen(request, catalogs: catalogs, variants: variants, diagnostics: &diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw InputError(diagnostics)
        }
        var infoPlist = InfoPlistRequest(devices: request.devices, targetsLegacyOS: request.targetsLegacyOS,
                                       iconName: request.appIcon?.name ?? AppIconSpec.defaultName,
                                       launchBasename: request.launchImage?.basename)
        infoPlist.alternateIcons = alternates
        infoPlist.launchScreen = launchScreen
        infoPlist.platform = request.platform
        infoPlist.writesIconFile = request.writesIconFile
        infoPlist.brandAssets = brandAssets.map(TVIcons.init)
        infoPlist.solidImageStackIcon = solidImageStacks.icon
        let colorNames = Set(catalogs.flatMap { $0.colorSets.map(\.name) })
        for (name, message, keep) in [(request.accentColorName, ActoolMessage.missingAccentColor, \InfoPlistRequest.accentColorName),
                                      (request.widgetBackgroundColorName, ActoolMessage.missingWidgetBackgroundColor,
                                       \InfoPlistRequest.widgetBackgroundColorName)] {
            guard let name else { continue }
            // actool warns and leaves the key out: an app whose key names no colour gets the system's.
            if colorNames.contains(name) {
                infoPlist[keyPath: keep] = name
                // Xcode's template makes AccentColor with no colour: the key stays (the app asks for
                // it), and the system's colour is what the app gets.
                if !catalogs.contains(where: { $0.colorSets.contains { $0.name == name && !$0.colors.isEmpty } }) {
                    diagnostics.append(.note(request.path, .colorSetHasNoColor(name)))
                }
            } else {
                diagnostics.append(.warning(request.path, message(name)))
                suggest(name, among: Array(colorNames), diagnostics: &diagnostics)
            }
        }
        let hasAppIcon = variants.contains { $0.role.kind == .appIcon }
        if request.compiledCatalog, hasAppIcon {
            infoPlist.compiledIconName = request.appIconSetName?.name ?? request.appIcon?.name
        }
        if request.compiledCatalog {
            shadowImageSets(byIcons: [infoPlist.compiledIconName].compactMap { $0 } + alternates.map(\.name), request: request,
                            variants: &variants, records: &catalogRecords, diagnostics: &diagnostics)
        }
        var result = BuildPlan(inputPath: request.path, variants: variants, bundles: request.manifest.bundles, infoPlist: infoPlist,
                               budget: request.manifest.budget, warnings: diagnostics)
        // One name, one asset in the car, said here so `check` says it too.
        if request.compiledCatalog {
            checkNamesInTheCar(variants, records: &catalogRecords, iconNames: [infoPlist.compiledIconName].compactMap { $0 } + alternates.map(\.name),
                               catalogs: catalogs, request: request, warnings: &result.warnings)
        }
        result.catalogRecords = catalogRecords
        // Space: the loose PNGs at assetc's most thorough effort too (runflate), whatever the manifest says.
        result.pngEffort = request.optimizesForSpace ? .max : request.manifest.pngEffort ?? .default
        noteWhatOnlyTheCarHolds(catalogRecords, variants: variants, request: request, warnings: &result.warnings)
        if request.compiledCatalog {
            var compiled = CompiledCatalogRequest(appIconName: infoPlist.compiledIconName, request: request)
            // A Mac app's icon is stored at each of its sizes (`DeviceTables.macIconComposerIcons`).
            compiled.singleSizeIcon = request.platform == .iOS && Self.isSingleSize(variants.filter { $0.role.kind == .appIcon || $0.role.kind == .appStoreIcon },
                                                        fromCatalog: request.appIconSetName != nil)
            (compiled.iconStackJSON, compiled.brandAssets, compiled.solidImageStacks) = (iconStackJSON, brandAssets, solidImageStacks.stacks)
            result.compiledCatalog = compiled
            // As actool: an image set ships only inside the car, which iOS 7 and later read; an
            // app that still runs on iOS 6 keeps its loose files too (docs/assets-car.md).
            if !request.targetsLegacyOS {
                let carOnly = Set(result.compiledCatalogVariants.filter { $0.role == .image }.map(\.outputPath))
                for index in result.variants.indices where carOnly.contains(result.variants[index].outputPath) {
                    result.variants[index].destination = .compiledCatalog
                }
            }
            if request.deploymentTarget >= Self.homeScreenIconsOnlyFrom {
                keepOnlyHomeScreenIconsLoose(&result.variants, singleSizeIcon: compiled.singleSizeIcon)
            }
        }
        return result
    }

    /// The manifest's own images: each art at each of its scales, per idiom, and the tall variant.
    private func planImages(_ request: BuildRequest, sourceInfo: [String: SourceInfo], diagnostics: inout [Diagnostic]) -> [Variant] {
        var variants: [Variant] = []
    for image in request.images {
        let folder = request.manifest.folder(of: image.bundle)
        func emit(_ art: ArtSpec, scales: [Int], idiom: Idiom?, tall: TallArt?) {
            guard let info = sourceInfo[request.resolve(art.source.path)] else { return }
            for scale in scales {
                plan(art, info: info, image: image, folder: folder, scale: scale, idiom: idiom, tallSize: nil,
                     request: request, into: &variants, diagnostics: &diagnostics)
            }
            guard let tall else { return }
            guard let tallInfo = sourceInfo[request.resolve(tall.art.source.path)] else { return }
            var tallSize = tall.art.size
            if tall.derivesSize, let base = art.size ?? contentPoints(art, info: info) {
                tallSize = PointSize(width: base.width, height: base.height + TallArt.extraHeight)
            }
            plan(tall.art, info: tallInfo, image: image, folder: folder, scale: 2,
                 idiom: idiom, tallSize: tallSize ?? contentPoints(tall.art, info: tallInfo),
                 request: request, into: &variants, diagnostics: &diagnostics)
        }
        if image.idioms.isEmpty {
            if let art = image.art { emit(art, scales: image.scales, idiom: nil, tall: image.tall) }
        } else {
            for idiomArt in image.idioms {
                emit(idiomArt.art, scales: idiomArt.scales, idiom: idiomArt.idiom,
                     tall: idiomArt.idiom == .iphone ? image.tall : nil)
            }
        }
    }
        return variants
    }

    /// An icon that the car holds as one 1024 image per device idiom, as Xcode 26's actool stores it:
    /// a catalog set whose every icon comes from one 1024-pixel file (Xcode 14's "single size") and
    /// an Icon Composer icon (cryptomator's iOS car: its flattened icon once per idiom at index 1).
    /// `icons`: the icon's app icon and App Store icon variants.
    static func isSingleSize(_ icons: [Variant], fromCatalog: Bool) -> Bool {
        // A set's iOS 6 sizes, kept in the car only (`IconPlanner.keepsInTheCar`), do not make it a classic set.
        let plain = icons.filter { $0.appearance.isAny && !($0.destination == .compiledCatalog && $0.iconSlot?.maximumOS != nil) }
        guard let first = plain.first, Set(plain.map(\.source.path)).count == 1 else { return false }
        return first.source.kind == .iconComposer || fromCatalog && first.contentSize == PointSize(width: 1024, height: 1024)
    }

    /// From this deployment target, actool leaves only the home-screen icons loose beside the car.
    static let homeScreenIconsOnlyFrom = OSVersion(11)

    /// As actool does for an app that runs on iOS 11 and later: beside the car, only the home-screen
    /// icons stay loose (`AppIcon60x60@2x.png`, `AppIcon76x76@2x~ipad.png`; the same for each
    /// alternate), and the Info.plist names only those; every other size is in the car alone
    /// (Xcode 14.3–16.4 apps with deployment targets 11.0 and 15.0; with 9.0, every size is loose).
    /// A single-size icon's car holds only its 1024 image, so its other sizes are not made at all.
    func keepOnlyHomeScreenIconsLoose(_ variants: inout [Variant], singleSizeIcon: Bool) {
        func staysLoose(_ slot: IconSlot) -> Bool {
            slot.scale == 2 && (slot.idiom == .iphone && slot.points == 60 || slot.idiom == .ipad && slot.points == 76)
        }
        let singleSizeAlternates = BuildPlan.singleSizeAlternates(variants)
        variants = variants.compactMap { variant in
            guard variant.role.kind == .appIcon || variant.role.kind == .alternateAppIcon, let slot = variant.iconSlot,
                  variant.destination == .resources, !staysLoose(slot) else { return variant }
            if singleSizeIcon, variant.role.kind == .appIcon { return nil }
            if variant.role.kind == .alternateAppIcon, singleSizeAlternates.contains(variant.name) { return nil }
            var carOnly = variant
            carOnly.destination = .compiledCatalog
            return carOnly
        }
    }

    /// `--app-icon NAME` and `--launch-image NAME` (or `"set"` in the manifest): the first set of
    /// that name in catalog order, validated and packaged like an `appiconset` or `launchimage`.
    /// A set inside groups that provide a namespace is found by its qualified name (`Icons/Alt`, as
    /// actool has it) and, when no set has that qualified name, by its folder name alone.
    func chooseCatalogSets(_ request: inout BuildRequest, catalogs: [CatalogContents], diagnostics: inout [Diagnostic]) {
        func find(_ name: String, _ sets: (CatalogContents) -> [CatalogSetReference], _ what: String, at location: SourceLocation?) -> (CatalogContents, CatalogSetReference)? {
            for matches in [{ (set: CatalogSetReference) in set.qualifiedName == name }, { (set: CatalogSetReference) in set.name == name }] {
                for catalog in catalogs {
                    if let set = sets(catalog).first(where: matches) { return (catalog, set) }
                }
            }
            // A folder named in another case or normalization is the set a Mac finds
            // (MacFileNames), when it is the only one.
            let found = catalogs.flatMap { catalog in
                sets(catalog).filter { MacFileNames.sameToAMac($0.qualifiedName, name) || MacFileNames.sameToAMac($0.name, name) }.map { (catalog, $0) }
            }
            guard found.count == 1, let (catalog, set) = found.first else { return nil }
            diagnostics.append(.warning(request.path, at: location,
                                        MacFileNames.respelledSetWarning(name, set: set.qualifiedName, kind: what)))
            return (catalog, set)
        }
        if let choice = request.appIconSetName {
            let location = choice.location ?? .notInAFile
            if let (catalog, set) = find(choice.name, \.appIconSets, "app icon set", at: choice.location) {
                request.appIcon = AppIconSpec(input: .appiconset(SourceSpec(path: catalog.folderAsWritten(of: set), location: location)),
                                               name: iconFileBase(set.name), artwork: false, location: location)
            } else {
                diagnostics.append(.error(request.path, at: choice.location, ActoolMessage.noMatchingAppIconSet(choice.name)))
                // A tvOS Brand Assets set or a visionOS stack of that name, in a build for another platform.
                if let owner = catalogs.lazy.compactMap({ $0.otherPlatformIcons[choice.name] }).first {
                    diagnostics.append(.error(request.path, at: choice.location, .appIconOfAnotherPlatform(choice.name, owner: owner,
                                                                                                        platform: request.platform)))
                }
                suggest(choice.name, among: catalogs.flatMap { $0.appIconSets.map(\.name) }, diagnostics: &diagnostics)
            }
        }
        if let choice = request.launchImageSetName {
            let location = choice.location ?? .notInAFile
            if let (catalog, set) = find(choice.name, \.launchImageSets, "launch image set", at: choice.location) {
                request.launchImage = LaunchImageSpec(input: .launchimage(SourceSpec(path: catalog.folderAsWritten(of: set), location: location)),
                                                       basename: set.name, orientations: [.portrait], schemes: [], location: location)
            } else {
                diagnostics.append(.error(request.path, at: choice.location, ActoolMessage.noMatchingLaunchImageSet(choice.name)))
            }
        }
    }

    func allArt(_ image: ImageSpec) -> [ArtSpec] {
        var arts: [ArtSpec] = []
        if let art = image.art, image.idioms.isEmpty { arts.append(art) }
        arts += image.idioms.map(\.art)
        if let tall = image.tall { arts.append(tall.art) }
        return arts
    }

    func inspectSources(_ request: BuildRequest, diagnostics: inout [Diagnostic]) -> [String: SourceInfo] {
        // Group pages by source so each file is opened once.
        var pagesBySource: [String: (kind: ResolvedSource.Kind?, pages: Set<Int>, location: SourceLocation)] = [:]
        var order: [String] = []
        for image in request.images {
            for art in allArt(image) {
                let path = request.resolve(art.source.path)
                if pagesBySource[path] == nil {
                    order.append(path)
                    pagesBySource[path] = (ResolvedSource.Kind.forPath(path), [], art.source.location)
                }
                pagesBySource[path]?.pages.insert(art.page)
            }
        }
        let requests = order.compactMap { path -> SourceRequest? in
            guard let entry = pagesBySource[path], let kind = entry.kind else { return nil }
            return SourceRequest(path: path, kind: kind, pages: entry.pages)
        }
        var results: [String: Result<SourceInfo, SourceError>] = [:]
        for (request, result) in zip(requests, inspector.inspectAll(requests)) { results[request.path] = result }
        var info: [String: SourceInfo] = [:]
        for path in order {
            guard let entry = pagesBySource[path] else { continue }
            guard entry.kind != nil, let outcome = results[path] else {
                diagnostics.append(.error(request.path, at: entry.location, .unsupportedSource(path)))
                continue
            }
            if entry.kind == .jpeg {
                diagnostics.append(.error(request.path, at: entry.location, .sourceIsJPEG(path)))
                continue
            }
            do {
                let result = try outcome.get()
                if case .pdf(let count, _) = result, let bad = entry.pages.sorted().last, bad > count {
                    diagnostics.append(.error(path, SourceMessage.pageOutOfRange(bad, pageCount: count)))
                    diagnostics += request.referenceNote("source", at: entry.location)
                    continue
                }
                info[path] = result
            } catch {
                diagnostics.append(.error(path, .init(relaying: error.message)))
                diagnostics += request.referenceNote("source", at: entry.location)
            }
        }
        return info
    }

    /// The natural point size of an art's content: the page in points, or the raster over its scale.
    func contentPoints(_ art: ArtSpec, info: SourceInfo) -> PointSize? {
        switch info {
        case .pdf(_, let sizes):
            return sizes[art.page]
        case .png(let width, let height, let scale, _):
            return PointSize(width: Double(width) / Double(scale), height: Double(height) / Double(scale))
        case .svg(let size):
            return size
        case .jpeg, .iconComposer:
            return nil
        }
    }

    func plan(_ art: ArtSpec, info: SourceInfo, image: ImageSpec, folder: String?, scale: Int,
                      idiom: Idiom?, tallSize: PointSize?, request: BuildRequest,
                      into variants: inout [Variant], diagnostics: inout [Diagnostic]) {
        let tall = tallSize != nil
        let path = request.resolve(art.source.path)
        guard let natural = contentPoints(art, info: info) else { return }
        let content: PointSize
        var rasterScale = 1
        switch info {
        case .pdf(_, let sizes):
            guard let page = sizes[art.page] else { return }
            content = page
        case .svg(let size):
            content = size
        case .jpeg, .iconComposer:
            return
        case .png(let width, let height, let declared, _):
            content = PointSize(width: Double(width), height: Double(height))
            rasterScale = declared
            if width % declared != 0 || height % declared != 0 {
                diagnostics.append(.error(path, .rasterPointSizeNotWhole(width: width, height: height, scale: declared)))
                return
            }
        }
        let points = tallSize ?? art.size ?? natural
        let width = FileNaming.pixels(points.width, scale: scale)
        let height = FileNaming.pixels(points.height, scale: scale)
        let fileName = FileNaming.fileName(base: image.name, tall: tall, scale: scale, idiom: idiom)
        if let problem = LimitCheck.sizeProblem(fileName: fileName, width: width, height: height) {
            diagnostics.append(.error(request.path, at: image.nameLocation, problem))
            return
        }
        let placement = Placement.map(content: content, intoWidth: width, height: height,
                                      fit: (tallSize ?? art.size) == nil ? nil : art.fit)
        if case .png = info {
            // Never upscale raster art: each source pixel must cover at least one output pixel.
            let limit = 1.0 + 1e-9
            if placement.scaleX > limit || placement.scaleY > limit {
                let message: Diagnostic.Message = art.size == nil && !tall
                    ? .scaleAboveRaster(scale, source: art.source.path, rasterScale: rasterScale)
                    : .rasterTooSmall(fileName, width: width, height: height, source: art.source.path)
                diagnostics.append(.error(request.path, at: image.nameLocation, message))
                return
            }
        }
        let relativePath = folder.map { "\($0)/\(fileName)" } ?? fileName
        variants.append(Variant(
            name: image.name, bundle: image.bundle, relativePath: relativePath, fileName: fileName,
            scale: scale, idiom: idiom, tall: tall, pointSize: points, pixelWidth: width, pixelHeight: height,
            source: ResolvedSource(path: path, kind: info.kind, page: art.page),
            contentSize: content, placement: placement, background: nil, origin: .manifest(image.nameLocation)))
    }

    func checkCollisions(_ variants: [Variant], request: BuildRequest, diagnostics: inout [Diagnostic]) {
        var seen: [String: Variant] = [:]
        for variant in variants {
            let key = variant.outputPath.lowercased()
            if let earlier = seen[key] {
                // The earlier one by line when both are in the same file, else by file and line.
                let file = variant.origin.file(manifestPath: request.path)
                let earlierFile = earlier.origin.file(manifestPath: request.path)
                diagnostics.append(variant.origin.error(.producedTwice(variant.relativePath, alsoBy: earlier.name,
                                                                       inFile: earlierFile == file ? nil : earlierFile,
                                                                       line: earlier.origin.location.line),
                                                        manifestPath: request.path))
            } else {
                seen[key] = variant
            }
        }
    }

    /// Icon files are named after their set (`AppIcon60x60@2x.png`); a set name that is not a
    /// plain file name (`AppIcon.beta`) is mapped as image names are (`AppIcon_beta`).
    func iconFileBase(_ name: String) -> String {
        (try? LooseNames.base(for: name).get()).map { String($0.map { $0 == "/" ? "_" : $0 }) } ?? name
    }

    /// One name, one asset in the car, and an app icon keeps its name: iOS finds the home-screen
    /// icon by it (`CFBundleIconName`, `setAlternateIconName(_:)`) and App Store validation looks
    /// for it there. A main-bundle image set of an icon's name (Swiftfin keeps its icon picker's
    /// previews under its alternate icons' names) is left out of the car, said here so `check`
    /// says it. Merged into one name, the icon was stored as that image's renditions instead.
    func shadowImageSets(byIcons names: [String], request: BuildRequest, variants: inout [Variant],
                                 records: inout CatalogRecords, diagnostics: inout [Diagnostic]) {
        let icons = Set(names)
        guard !icons.isEmpty else { return }
        var shadowed: [String: String] = [:]  // name → the set's Contents.json
        variants.removeAll { variant in
            guard variant.role == .image, variant.bundle == .main, icons.contains(variant.name) else { return false }
            if let origin = variant.catalogOrigin { shadowed[variant.name] = origin.contentsPath }
            return true
        }
        records.images.removeAll { image in
            guard image.bundle == .main, icons.contains(image.name) else { return false }
            if shadowed[image.name] == nil {
                shadowed[image.name] = FilePath(request.resolve(image.catalog)).appending(image.setPath).appending("Contents.json").string
            }
            return true
        }
        for (name, path) in shadowed.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(.warning(path, .imageSetShadowedByAppIcon(name)).droppingContent())
        }
    }

    /// App icon and launch image sets this build does not use (an icon set not chosen, the sets of a
    /// build without `--app-icon`) are still part of the catalog Xcode compiles: a Contents.json that
    /// cannot be read is an error, as in any other set, and a file they name that is gone gets
    /// actool's warning, marked so that `check` fails on it.
    func reportProblems(ofSetsOtherThan planned: Set<String>, in slotSets: CatalogSlotSets,
                                diagnostics: inout [Diagnostic]) {
        for path in slotSets.sets.keys.sorted() where !planned.contains(path) {
            let set: CatalogSlotSet
            switch slotSets.sets[path] {
            case .success(let read)?: set = read
            case .failure(let error)?:
                // A set this build does not use may lack its Contents.json, as an image set may.
                diagnostics += error.diagnostics.map { problem in
                    problem == CatalogSlotSet.missingContents(path)
                        ? Diagnostic.warning(problem.path, .leftOut(problem.message)).droppingContent() : problem
                }
                continue
            case nil: continue
            }
            diagnostics += set.entries.compactMap { AssetCatalog.missingFileOfSkippedSlot($0, in: set) }
        }
    }

    /// A note after a name that matched nothing: the set or colour it was probably meant to be.
    func suggest(_ name: String, among names: [String], diagnostics: inout [Diagnostic]) {
        guard let closest = NameSuggestion.closest(to: name, among: names) else { return }
        diagnostics.append(.note(diagnostics.last?.path ?? "", .didYouMean(closest)))
    }

    /// A PDF that uses a font it does not embed renders in whatever the machine substitutes —
    /// another font elsewhere, nothing where there are no fonts — so it is said, once per file.
    func checkFonts(_ variants: [Variant], diagnostics: inout [Diagnostic]) {
        var seen: Set<String> = []
        for variant in variants where variant.source.kind == .pdf && seen.insert(variant.source.path).inserted {
            guard let fonts = try? inspector.unembeddedFonts(path: variant.source.path), !fonts.isEmpty else { continue }
            diagnostics.append(.warning(variant.source.path, .unembeddedFonts(fonts)))
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func leftOutUnloadableVariants(_ count: Int, devices: [Idiom], deploymentTarget: OSVersion) -> Diagnostic.Message { "left out \(count) image variant\(count == 1 ? "" : "s") that no supported device loads (\(devices.map(\.rawValue).joined(separator: ", ")) from iOS \(deploymentTarget)); see docs/manifest.md" }

    /// No actool output of a tv launch image is public to copy (docs/tvos.md).
    /// `owner`: the platform whose icon the set is (a `.brandassets` is tvOS's).
    fileprivate static func appIconOfAnotherPlatform(_ name: String, owner: ApplePlatform, platform: ApplePlatform) -> Diagnostic.Message { "\"\(name)\" is a \(owner.displayName) app's icon (\(owner == .tvOS ? "a Brand Assets set" : "a solid image stack")), compiled with --platform \(owner.actoolPlatformName); on \(platform.displayName) the app's icon is an app icon set (.appiconset)" }

    fileprivate static func tvOSLaunchImageNotCompiledYet(basename: String) -> Diagnostic.Message { "a tvOS launch image is not compiled by assetc yet (docs/tvos.md); the app gets no launch image from \"\(basename)\": use a launch screen" }

    /// Xcode's template makes AccentColor with no colour.
    fileprivate static func colorSetHasNoColor(_ name: String) -> Diagnostic.Message { "the colour set \"\(name)\" has no colour (as Xcode's template makes it): the Info.plist names it, and the app gets the system's colour" }

    fileprivate static func unsupportedSource(_ path: String) -> Diagnostic.Message { "source '\(path)' is not a .pdf, .svg or .png file" }

    fileprivate static func sourceIsJPEG(_ path: String) -> Diagnostic.Message { "source '\(path)' is a JPEG; manifest images take PDF, SVG or PNG (catalogs copy JPEG slots as they are)" }

    fileprivate static func rasterPointSizeNotWhole(width: Int, height: Int, scale declared: Int) -> Diagnostic.Message { "raster is \(width)x\(height) pixels at @\(declared)x; its point size must come out whole (divisible by \(declared))" }

    fileprivate static func scaleAboveRaster(_ scale: Int, source: String, rasterScale: Int) -> Diagnostic.Message { "scale \(scale) is above '\(source)', an @\(rasterScale)x raster; assetc never upscales raster art (lower \"scales\" or supply a larger PNG)" }

    fileprivate static func rasterTooSmall(_ fileName: String, width: Int, height: Int, source: String) -> Diagnostic.Message { "\(fileName) needs \(width)x\(height) pixels, more than '\(source)' provides; assetc never upscales raster art" }

    /// `file`: the earlier one's file when it is not the same as this one's (else its line alone).
    fileprivate static func producedTwice(_ relativePath: String, alsoBy name: String, inFile file: String?, line: Int) -> Diagnostic.Message { "\(relativePath) is produced twice (also by '\(name)' at \(file.map { "\($0):\(line)" } ?? "line \(line)"))" }

    fileprivate static func imageSetShadowedByAppIcon(_ name: String) -> Diagnostic.Message { "the image set \"\(name)\" has the name of an app icon; only the icon is in Assets.car, so UIImage(named: \"\(name)\") will not find the image: rename the image set" }

    /// A set this build does not use: its problem, and that it is left out.
    fileprivate static func leftOut(_ problem: String) -> Diagnostic.Message { "\(problem); it is left out" }

    fileprivate static func didYouMean(_ closest: String) -> Diagnostic.Message { "did you mean \"\(closest)\"?" }

    fileprivate static func unembeddedFonts(_ fonts: [String]) -> Diagnostic.Message {
        let list = fonts.map { "'\($0)'" }.joined(separator: ", ")
        return "uses \(fonts.count == 1 ? "the font" : "fonts") \(list) without embedding \(fonts.count == 1 ? "it" : "them"): the render depends on the fonts of the machine that builds it; embed \(fonts.count == 1 ? "it" : "them") in the PDF, or outline the text"
    }
}
