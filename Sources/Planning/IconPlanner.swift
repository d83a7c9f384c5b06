import AssetModel

/// Plans app icons: every applicable slot generated from one source, or an Xcode `.appiconset`
/// checked against the device table and packaged under actool's loose-file names.
struct IconPlanner: SlotSetOpening {
    let request: BuildRequest
    let inspector: SourceInspecting
    let slotSets: CatalogSlotSets
    let resolve: (String) -> String

    /// Slots this build fills, from `devices` and `deploymentTarget`.
    static func applicableSlots(for request: BuildRequest) -> [IconSlot] {
        DeviceTables.icons.filter { applies($0, to: request) }
    }

    static func applies(_ slot: IconSlot, to request: BuildRequest) -> Bool {
        if let maximum = slot.maximumOS, request.deploymentTarget > maximum { return false }
        guard let device = slot.idiom.device else { return true }
        return request.devices.contains(device)
    }

    func plan(_ spec: AppIconSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        switch spec.input {
        case .generate(let source, let page):
            // A visionOS icon is a solid image stack, never drawn from one piece of art.
            if request.platform == .visionOS {
                diagnostics.append(.error(resolve(source.path), at: source.location, SourceMessage.appIconSetIsNoVisionIcon(spec.name)))
                return []
            }
            return generate(spec, source: source, page: page, diagnostics: &diagnostics)
        case .appiconset(let set):
            if request.platform.hasMacIcon { return validateMac(spec, set: set, diagnostics: &diagnostics) }
            if request.platform == .watchOS { return validateWatch(spec, set: set, diagnostics: &diagnostics) }
            if request.platform == .visionOS { return refuseVisionIcon(spec, set: set, diagnostics: &diagnostics) }
            return validate(spec, set: set, diagnostics: &diagnostics)
        }
    }

    // MARK: Generation

    private func generate(_ spec: AppIconSpec, source: SourceSpec, page: Int, diagnostics: inout [Diagnostic]) -> [Variant] {
        let path = resolve(source.path)
        guard let (resolved, content) = inspectSquareSource(path, page: page, at: source.location, diagnostics: &diagnostics)
        else { return [] }
        if spec.background == nil {
            do {
                if try !inspector.isOpaque(path: resolved.path, kind: resolved.kind, page: page) {
                    diagnostics.append(.warning(path, .appIconArtHasTransparentPixels))
                }
            } catch {
                diagnostics.append(.error(path, .init(relaying: error.message)))
                return []
            }
        }
        if request.platform == .watchOS { return generateWatch(spec, source: resolved, content: content, diagnostics: &diagnostics) }
        if request.platform == .macCatalyst {
            diagnostics.append(.error(path, .macCatalystIconFromSetOnly))
            return []
        }
        if request.platform == .macOS {
            guard resolved.kind == .iconComposer else {
                diagnostics.append(.error(path, .macOSIconFromIconComposerOnly(resolved.kind)))
                return []
            }
            var shaped = resolved
            shaped.page += ResolvedSource.macOSShapePage
            return Self.macIconComposerSlots.map { slot in macIconVariant(for: slot, spec: spec, source: shaped, content: content) }
        }
        var variants = Self.applicableSlots(for: request).map { slot in
            variant(for: slot, spec: spec, source: resolved, content: content)
        }
        if spec.artwork {
            for slot in DeviceTables.artwork {
                variants.append(artworkVariant(slot, spec: spec, source: resolved, content: content))
            }
        }
        // An Icon Composer icon also has its dark and tinted appearances, drawn from the bundle for
        // Assets.car as iOS 18 takes them (one 1024 image each, as for an icon set's).
        if resolved.kind == .iconComposer, request.compiledCatalog, let slot = DeviceTables.icons.first(where: { $0.idiom == .appStore }) {
            for (luminosity, page) in [(Appearance.Luminosity.dark, 2), (.tinted, 3)] {
                var icon = variant(for: slot, spec: spec, source: ResolvedSource(path: resolved.path, kind: .iconComposer, page: page), content: content)
                icon.appearance = Appearance(luminosity: luminosity)
                icon.background = nil
                icon.fileName = "\(spec.name)1024x1024\(icon.appearance.fileNameSuffix).png"
                icon.relativePath = icon.fileName
                icon.destination = .compiledCatalog
                variants.append(icon)
            }
        }
        return variants
    }

    /// Icons are square and never upscaled: a PDF page must be square, a PNG square and at least 1024 px.
    private func inspectSquareSource(_ path: String, page: Int, at location: SourceLocation,
                                     diagnostics: inout [Diagnostic]) -> (ResolvedSource, PointSize)? {
        // An Icon Composer bundle is read through its icon.json.
        let path = path.hasSuffix(".icon") || path.hasSuffix(".icon/") ? FilePath(path).appending("icon.json").string : path
        guard let kind = ResolvedSource.Kind.forPath(path), kind == .pdf || kind == .png || kind == .iconComposer else {
            diagnostics.append(.error(request.path, at: location, .unsupportedAppIconSource(path)))
            return nil
        }
        let info: SourceInfo
        do {
            info = try inspector.inspect(path: path, kind: kind, pages: [page])
        } catch {
            diagnostics.append(.error(path, .init(relaying: error.message)))
            diagnostics += request.referenceNote("app icon source", at: location)
            return nil
        }
        switch info {
        case .pdf(let count, let sizes):
            guard let size = sizes[page] else {
                diagnostics.append(.error(path, SourceMessage.pageOutOfRange(page, pageCount: count)))
                return nil
            }
            if abs(size.width - size.height) > 0.01 * max(size.width, size.height) {
                diagnostics.append(.error(path, .appIconPageNotSquare(size)))
                return nil
            }
            return (ResolvedSource(path: path, kind: .pdf, page: page), size)
        case .png(let width, let height, _, _):
            if width != height {
                diagnostics.append(.error(path, .appIconRasterNotSquare(width: width, height: height)))
                return nil
            }
            if width < 1024 {
                diagnostics.append(.error(path, .appIconRasterTooSmall(width: width, height: height)))
                return nil
            }
            return (ResolvedSource(path: path, kind: .png, page: 1), PointSize(width: Double(width), height: Double(height)))
        case .iconComposer(let features):
            guard Self.acceptsIconComposer(features, path: path, xcode: request.xcode, inspector: inspector, diagnostics: &diagnostics) else {
                return nil
            }
            let side = IconComposerDocument.canvasPoints
            return (ResolvedSource(path: path, kind: .iconComposer, page: 1), PointSize(width: side, height: side))
        case .svg, .jpeg:
            return nil
        }
    }

    func variant(for slot: IconSlot, spec: AppIconSpec, source: ResolvedSource, content: PointSize) -> Variant {
        let fileName = slot.idiom == .appStore ? "\(spec.name)1024x1024.png" : slot.fileName(base: spec.name)
        return Variant(
            name: spec.name, relativePath: fileName, fileName: fileName, scale: slot.scale,
            idiom: slot.idiom.device, tall: false, pointSize: PointSize(width: slot.points, height: slot.points),
            pixelWidth: slot.pixels, pixelHeight: slot.pixels, source: source, contentSize: content,
            placement: Placement.map(content: content, intoWidth: slot.pixels, height: slot.pixels, fit: nil),
            background: spec.background ?? .white, origin: .manifest(spec.location),
            role: slot.idiom == .appStore ? .appStoreIcon(slot) : .appIcon(slot),
            destination: slot.idiom == .appStore ? .outsideBundle("AppStore/\(fileName)") : .resources)
    }

    /// An Icon Composer icon's images on macOS: the car's flattened ones and the 16 px one the
    /// `.icns` needs, each drawn from the bundle in the System (light) appearance.
    static let macIconComposerSlots = DeviceTables.macIconComposerIcons + [DeviceTables.macIcnsOnlyIcon]

    /// A macOS icon image, kept in the car (and the `.icns`), never a loose file. Named
    /// `<name><points>x<points>[@2x].png`: actool's names carry a UUID and a process number, new on
    /// every run; these are the same on every run.
    func macIconVariant(for slot: IconSlot, spec: AppIconSpec, source: ResolvedSource, content: PointSize) -> Variant {
        let size = slot.points == slot.points.rounded() ? String(Int(slot.points)) : String(slot.points)
        let fileName = "\(spec.name)\(size)x\(size)\(slot.scale > 1 ? "@\(slot.scale)x" : "").png"
        var icon = Variant(
            name: spec.name, relativePath: fileName, fileName: fileName, scale: slot.scale,
            idiom: nil, tall: false, pointSize: PointSize(width: slot.points, height: slot.points),
            pixelWidth: slot.pixels, pixelHeight: slot.pixels, source: source, contentSize: content,
            placement: Placement.map(content: content, intoWidth: slot.pixels, height: slot.pixels, fit: nil),
            background: nil, origin: .manifest(spec.location), role: .appIcon(slot))
        icon.destination = .compiledCatalog
        return icon
    }

    private func artworkVariant(_ slot: ArtworkSlot, spec: AppIconSpec, source: ResolvedSource, content: PointSize) -> Variant {
        Variant(
            name: slot.fileName, relativePath: slot.fileName, fileName: slot.fileName, scale: 1, idiom: nil,
            tall: false, pointSize: PointSize(width: Double(slot.pixels), height: Double(slot.pixels)),
            pixelWidth: slot.pixels, pixelHeight: slot.pixels, source: source, contentSize: content,
            placement: Placement.map(content: content, intoWidth: slot.pixels, height: slot.pixels, fit: nil),
            background: spec.background ?? .white, origin: .manifest(spec.location), role: .artwork)
    }

    // MARK: Validation of an Xcode set

    /// An icon set entry's idiom as an iOS slot's: iPhone, iPad or the App Store's.
    static func iOSSlotIdiom(_ name: String) -> SlotIdiom? {
        switch name {
        case "iphone": .iphone
        case "ipad": .ipad
        case "ios-marketing": .appStore
        default: nil
        }
    }

    private func validate(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics) else { return [] }
        let (setPath, setName, contentsPath, slotSet) = (opened.path, opened.name, opened.contentsPath, opened.slotSet)
        let entries = slotSet.entries
        var covered: [IconSlot: Variant] = [:]
        var universal: (path: String, entry: CatalogEntry)?
        var checkedFiles: [String: Bool] = [:]  // file → usable
        var reportedEmpty: Set<IconSlot> = []  // required slots already reported, so each is reported once
        var emptySlotMessages: [Int] = []  // indices in `diagnostics` of "slot is empty" messages

        var allSizes = false  // the set has sized universal entries: slots it leaves empty come from the 1024
        var appearanceIcons: [Variant] = []  // iOS 18's dark and tinted icons, for the car only
        var carOnlyIcons: [Variant] = []  // the set's iOS 6 sizes, which actool keeps in the car

        /// A slot this build leaves out: noted, and its file still looked for.
        func skip(_ entry: CatalogEntry, _ note: Diagnostic.Message) {
            diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: note)
        }

        /// A sized universal entry fills every iPhone and iPad slot of its point size and scale this
        /// build uses (20 pt @2x is both the iPhone and the iPad notification icon), from its own
        /// file, checked against the slot's pixel size as actool checks it. An empty one is left to
        /// the 1024 image, as Xcode renders it.
        func planAllSizesEntry(_ entry: CatalogEntry, points: Double) {
            let label = "universal \(entry.size ?? "?")@\(entry.scale ?? "?")"
            guard let scale = entry.scaleValue else {
                skip(entry, .skippedWithoutValidScale(entry.filename, slot: label))
                return
            }
            let slots = DeviceTables.icons.filter { ($0.idiom == .iphone || $0.idiom == .ipad) && $0.points == points && $0.scale == scale }
            guard !slots.isEmpty else {
                skip(entry, .skippedNotInDeviceTable(entry.filename, slot: label))
                return
            }
            let used = slots.filter { Self.applies($0, to: request) }
            guard !used.isEmpty else {
                skip(entry, .skippedUnusedSlot(entry.filename, slot: label, devices: request.devices, deploymentTarget: request.deploymentTarget))
                return
            }
            guard let file = entry.filename else {
                diagnostics.append(.note(contentsPath, at: entry.location, .emptySlotTakenFrom1024Image(slot: label)))
                return
            }
            let required = used.contains { isRequired($0) }
            guard let path = checkFile(file, setPath: setPath, setName: setName, expected: used[0].pixels, entry: entry,
                                       required: required, rule: AppStoreRule.requiredIcon(used[0].idiom), requireOpaque: false, diagnostics: &diagnostics,
                                       checked: &checkedFiles) else {
                for slot in used where isRequired(slot) { reportedEmpty.insert(slot) }
                return
            }
            let source = ResolvedSource(path: path, kind: .png, page: 1)
            for slot in used where covered[slot] == nil {
                let size = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
                covered[slot] = variant(for: slot, spec: spec, source: source, content: size)
            }
        }
        for entry in entries {
            let idiom = entry.idiom ?? "(none)"
            if entry.hasAppearances {
                if let icon = appearanceIcon(entry, spec: spec, slotSet: slotSet, setPath: setPath, setName: setName,
                                             checked: &checkedFiles, diagnostics: &diagnostics),
                   !appearanceIcons.contains(where: { $0.appearance == icon.appearance }) {
                    appearanceIcons.append(icon)
                }
                continue
            }
            if idiom == "universal" {
                guard entry.platform == nil || entry.platform == "ios", let points = entry.squarePoints else {
                    skip(entry, .skippedUniversalNotForIOS(entry))
                    continue
                }
                if points != 1024 {
                    // Xcode 14's "All Sizes" set: one universal entry per point size and scale, each
                    // the designer's own image for the iPhone and iPad slots of that size.
                    allSizes = true
                    planAllSizesEntry(entry, points: points)
                    continue
                }
                guard let file = entry.filename else {
                    emptySlotMessages.append(diagnostics.count)
                    diagnostics.append(.warning(contentsPath, at: entry.location, .universal1024SlotIsEmpty))
                    continue
                }
                guard let path = checkFile(file, setPath: setPath, setName: setName, expected: 1024, entry: entry,
                                           required: true, rule: .missingAppStoreIcon, requireOpaque: false, diagnostics: &diagnostics,
                                           checked: &checkedFiles)
                else { continue }
                universal = (path, entry)
                continue
            }
            guard let slotIdiom = Self.iOSSlotIdiom(idiom) else {
                skip(entry, .skippedNotForIOS(entry))
                continue
            }
            guard let points = entry.squarePoints, let scale = entry.scaleValue,
                  let slot = DeviceTables.icons.first(where: { $0.idiom == slotIdiom && $0.points == points && $0.scale == scale })
            else {
                skip(entry, .skippedNotInDeviceTable(entry.filename, slot: "\(idiom) \(entry.size ?? "?")@\(entry.scale ?? "?")"))
                continue
            }
            guard Self.applies(slot, to: request) else {
                // actool keeps a set's iOS 6 sizes in the car, and numbers them with the others (Xcode
                // 16.1–26.3 cars: iPhone 57 pt @1x/@2x and 29 pt @1x, iPad 50 and 72 pt;
                // docs/xcode-generations.md): car only, never loose from iOS 7 on.
                if keepsInTheCar(slot), let file = entry.filename {
                    if let path = checkFile(file, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry, required: false,
                                            requireOpaque: false, diagnostics: &diagnostics, checked: &checkedFiles),
                       !carOnlyIcons.contains(where: { $0.iconSlot == slot }) {
                        var icon = variant(for: slot, spec: spec, source: ResolvedSource(path: path, kind: .png, page: 1),
                                           content: PointSize(width: Double(slot.pixels), height: Double(slot.pixels)))
                        icon.destination = .compiledCatalog
                        carOnlyIcons.append(icon)
                    }
                    continue
                }
                skip(entry, .skippedUnusedSlot(entry.filename, slot: slot.label, devices: request.devices, deploymentTarget: request.deploymentTarget))
                continue
            }
            guard let file = entry.filename else {
                if isRequired(slot) {
                    if reportedEmpty.insert(slot).inserted {
                        emptySlotMessages.append(diagnostics.count)
                        diagnostics.append(requiredSlotProblem(contentsPath, at: entry.location, .requiredSlotIsEmpty(slot))
                            .reporting(AppStoreRule.requiredIcon(slot.idiom)))
                    }
                } else {
                    emptySlotMessages.append(diagnostics.count)
                    diagnostics.append(.warning(contentsPath, at: entry.location, .slotIsEmpty(slot)))
                }
                continue
            }
            guard let path = checkFile(file, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry,
                                       required: isRequired(slot), rule: AppStoreRule.requiredIcon(slot.idiom), requireOpaque: slot.idiom == .appStore,
                                       diagnostics: &diagnostics, checked: &checkedFiles) else {
                if isRequired(slot) { reportedEmpty.insert(slot) }  // its file's own error says enough
                continue
            }
            if covered[slot] != nil { continue }  // Xcode allows two entries for one slot; the first wins
            let source = ResolvedSource(path: path, kind: .png, page: 1)
            let size = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
            covered[slot] = variant(for: slot, spec: spec, source: source, content: size)
        }

        return assemble(spec, setName: setName, contentsPath: contentsPath, covered: covered, universal: universal?.path,
                        allSizes: allSizes, reportedEmpty: reportedEmpty, emptySlotMessages: emptySlotMessages,
                        appearanceIcons: appearanceIcons + carOnlyIcons, diagnostics: &diagnostics)
    }

    /// The set's variants once its entries are read: actool's one error when nothing applies; the
    /// universal 1024 image for every size (and for the sizes an All Sizes set leaves empty); the
    /// required slots left empty; the appearance icons; the artwork.
    private func assemble(_ spec: AppIconSpec, setName: String, contentsPath: String, covered: [IconSlot: Variant], universal: String?,
                          allSizes: Bool, reportedEmpty: Set<IconSlot>, emptySlotMessages: [Int], appearanceIcons: [Variant],
                          diagnostics: inout [Diagnostic]) -> [Variant] {
        // Nothing in the set applies to this build (an empty set, or a Mac or watch one): actool's one
        // error instead of one per empty slot.
        if covered.isEmpty, universal == nil {
            for index in emptySlotMessages.reversed() { diagnostics.remove(at: index) }
            diagnostics.append(.error(contentsPath, ActoolMessage.noApplicableContent(iconSet: AssetCatalog.setName(ofFolder: setName))))
            return []
        }

        // A single universal 1024 image stands for every size (as Xcode 14 does), and for the sizes an
        // All Sizes set leaves empty.
        var variants: [Variant] = []
        let applicable = Self.applicableSlots(for: request)
        if let universal, allSizes || covered.keys.allSatisfy({ $0.idiom == .appStore }) {
            let source = ResolvedSource(path: universal, kind: .png, page: 1)
            let content = PointSize(width: 1024, height: 1024)
            if !covered.keys.contains(where: { $0.idiom == .appStore }), (try? inspector.isOpaque(path: universal, kind: .png, page: 1)) == false,
               spec.background == nil {
                diagnostics.append(.warning(universal, .universalIconHasTransparentPixels))
            }
            variants = applicable.map { slot in covered[slot] ?? variant(for: slot, spec: spec, source: source, content: content) }
        } else {
            for slot in applicable {
                if let variant = covered[slot] {
                    variants.append(variant)
                } else if isRequired(slot), !reportedEmpty.contains(slot) {
                    diagnostics.append(requiredSlotProblem(contentsPath, .noImageForRequiredSlot(slot, inSet: setName))
                        .reporting(AppStoreRule.requiredIcon(slot.idiom)))
                }
            }
        }
        if !variants.isEmpty { variants += appearanceIcons }
        if spec.artwork, let big = variants.first(where: { $0.pixelWidth == 1024 && $0.appearance.isAny }) {
            for slot in DeviceTables.artwork {
                variants.append(artworkVariant(slot, spec: spec, source: big.source, content: big.contentSize))
            }
        } else if spec.artwork {
            diagnostics.append(.error(request.path, at: spec.location, .artworkNeeds1024Image(inSet: setName)))
        }
        return variants
    }

    /// iOS 18's dark and tinted icons (a universal 1024 image each) live only in Assets.car, as
    /// actool stores them: without `--car` they are noted and skipped. Their transparency is kept
    /// (the system draws the dark background, and tints a tinted icon's grey levels).
    private func appearanceIcon(_ entry: CatalogEntry, spec: AppIconSpec, slotSet: CatalogSlotSet, setPath: String, setName: String,
                                checked checkedFiles: inout [String: Bool], diagnostics: inout [Diagnostic]) -> Variant? {
    func skip(_ entry: CatalogEntry, _ note: Diagnostic.Message) {
        diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: note)
    }
        guard let luminosity = entry.luminosity.flatMap(Appearance.Luminosity.init(rawValue:)),
              luminosity == .dark || luminosity == .tinted else {
            skip(entry, .skippedNotDarkOrTinted(entry.filename))
            return nil
        }
        guard request.compiledCatalog else {
            skip(entry, .skippedAppearanceOnlyInTheCar(entry.filename, luminosity: luminosity))
            return nil
        }
        guard entry.idiom == "universal", entry.platform == nil || entry.platform == "ios", entry.squarePoints == 1024,
              let slot = DeviceTables.icons.first(where: { $0.idiom == .appStore }) else {
            skip(entry, .skippedAppearanceNotUniversal1024(entry.filename, luminosity: luminosity))
            return nil
        }
        guard let name = entry.filename else { return nil }  // an empty well: the icon has no such appearance
        guard let path = checkFile(name, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry,
                                   required: false, requireOpaque: false, diagnostics: &diagnostics,
                                   checked: &checkedFiles) else { return nil }
        let size = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
        var icon = variant(for: slot, spec: spec, source: ResolvedSource(path: path, kind: .png, page: 1), content: size)
        icon.appearance = Appearance(luminosity: luminosity)
        icon.background = nil
        icon.fileName = "\(spec.name)1024x1024\(icon.appearance.fileNameSuffix).png"
        icon.relativePath = icon.fileName
        icon.destination = .compiledCatalog
        return icon
    }

    /// Checks one PNG of a set against the size its slot needs; returns its path when usable. For a
    /// recommended or optional slot, a missing file or a wrong size is a warning and the slot is left
    /// empty, as actool does (and as an empty such slot is); a required slot keeps them errors.
    /// Whether this generation reads the Icon Composer icon at `path` (its `icon.json`), with the
    /// messages that say why not, or what it leaves out. Icon Composer 2.0 (Xcode 27): Xcode 26's
    /// actool cannot open such a file ("Could not open", an exception); a feature no Icon Composer
    /// assetc knows has is not guessed at. Every path that takes an icon's stack or drawing asks.
    static func acceptsIconComposer(_ features: [String], path: String, xcode: XcodeGeneration, inspector: SourceInspecting,
                                    diagnostics: inout [Diagnostic]) -> Bool {
        let unknown = features.filter { !IconComposerFile.knownFeatures.contains($0) }
        if !unknown.isEmpty {
            diagnostics.append(.error(path, SourceMessage.unknownIconComposerFeatures(unknown)))
            return false
        }
        if !features.isEmpty, !xcode.readsIconComposer2 {
            diagnostics.append(.error(path, SourceMessage.iconComposer2(features, xcode: xcode)))
            return false
        }
        if let keys = try? inspector.iconComposerUnknownKeys(path: path), !keys.isEmpty {
            diagnostics.append(.warning(path, SourceMessage.unreadIconComposerKeys(keys)))
        }
        if features.contains("refractivity") {
            // Planned, so every build and `check` say it, not only the one that makes the car.
            diagnostics.append(.warning(path, SourceMessage.refractivityNotStored))
        }
        return true
    }

    /// An iOS 6 slot of a set compiled into a car for a later iOS: actool keeps it there.
    func keepsInTheCar(_ slot: IconSlot) -> Bool {
        guard request.compiledCatalog, request.platform == .iOS, slot.maximumOS != nil, let device = slot.idiom.device else { return false }
        return request.devices.contains(device)
    }

    /// Whether this build must fill the slot (the 1x iPad icon only up to iOS 9.3).
    func isRequired(_ slot: IconSlot) -> Bool { slot.isRequired(deploymentTarget: request.deploymentTarget) }
}

extension Diagnostic.Message {
    fileprivate static let appIconArtHasTransparentPixels: Diagnostic.Message = "app icon art has transparent pixels; they are composited onto white (set \"background\" to choose the colour)"

    fileprivate static let macCatalystIconFromSetOnly: Diagnostic.Message = "a Mac Catalyst app's icon is compiled from its icon set's mac slots only, so far (--app-icon NAME of an .appiconset; docs/actool.md)"

    fileprivate static func macOSIconFromIconComposerOnly(_ kind: ResolvedSource.Kind) -> Diagnostic.Message { "a macOS app icon is compiled from an Icon Composer icon (.icon) only, so far; this \(kind.rawValue) is not (docs/assets-car.md, \"macOS\")" }

    fileprivate static func unsupportedAppIconSource(_ path: String) -> Diagnostic.Message { "app icon source '\(path)' is not a .pdf, a .png or an Icon Composer .icon" }

    fileprivate static func appIconPageNotSquare(_ size: PointSize) -> Diagnostic.Message { "app icon page is \(size) pt; app icons must be square" }

    fileprivate static func appIconRasterNotSquare(width: Int, height: Int) -> Diagnostic.Message { "app icon raster is \(width)x\(height) px; app icons must be square" }

    fileprivate static func appIconRasterTooSmall(width: Int, height: Int) -> Diagnostic.Message { "app icon raster is \(width)x\(height) px; it must be at least 1024x1024 (assetc never upscales)" }

    fileprivate static func skippedWithoutValidScale(_ file: String?, slot label: String) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): \(label) has no valid scale" }

    fileprivate static func skippedNotInDeviceTable(_ file: String?, slot label: String) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): \(label) is not a slot in assetc's device table" }

    fileprivate static func skippedUnusedSlot(_ file: String?, slot label: String, devices: [Idiom],
                                              deploymentTarget: OSVersion) -> Diagnostic.Message {
        "skipped \(file ?? "an empty slot"): the \(label) slot is not used by this build (devices \(devices.map(\.rawValue).joined(separator: ", ")), deployment target \(deploymentTarget))"
    }

    fileprivate static func emptySlotTakenFrom1024Image(slot label: String) -> Diagnostic.Message { "the \(label) slot is empty; the 1024x1024 image stands for it" }

    fileprivate static func skippedUniversalNotForIOS(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped a universal \(entry.platform ?? "") \(entry.size ?? "") slot: it does not apply to an iOS build" }

    fileprivate static let universal1024SlotIsEmpty: Diagnostic.Message = "the universal 1024x1024 slot is empty"

    /// Said of an app icon set's entry and a launch image set's alike.
    static func skippedNotForIOS(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): idiom '\(entry.idiom ?? "(none)")' does not apply to an iOS build" }

    fileprivate static func requiredSlotIsEmpty(_ slot: IconSlot) -> Diagnostic.Message { "the required \(slot.label) slot (\(slot.pixels)x\(slot.pixels) px) is empty" }

    fileprivate static func slotIsEmpty(_ slot: IconSlot) -> Diagnostic.Message { "the \(slot.label) slot (\(slot.pixels)x\(slot.pixels) px) is empty" }

    fileprivate static let universalIconHasTransparentPixels: Diagnostic.Message = "the 1024x1024 icon has transparent pixels; the App Store icon must be opaque, so they are composited onto white"

    fileprivate static func noImageForRequiredSlot(_ slot: IconSlot, inSet setName: String) -> Diagnostic.Message { "\(setName) has no image for the required \(slot.label) slot (\(slot.pixels)x\(slot.pixels) px)" }

    fileprivate static func artworkNeeds1024Image(inSet setName: String) -> Diagnostic.Message { "\"artwork\" needs a 1024x1024 image in \(setName)" }

    fileprivate static func skippedNotDarkOrTinted(_ file: String?) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): an app icon has dark and tinted appearances only" }

    fileprivate static func skippedAppearanceOnlyInTheCar(_ file: String?, luminosity: Appearance.Luminosity) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): \(luminosity.rawValue) app icons are only in Assets.car (build with --car)" }

    fileprivate static func skippedAppearanceNotUniversal1024(_ file: String?, luminosity: Appearance.Luminosity) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): a \(luminosity.rawValue) app icon is read as one universal 1024x1024 image, as Xcode writes it" }
}
