import AssetModel

/// Plans launch images: every applicable slot generated from one source, or an Xcode
/// `.launchimage` set or loose legacy files checked against the device table and packaged under
/// Apple's names (`Default-568h@2x.png`, `Default-Portrait@2x~ipad.png`...).
struct LaunchImagePlanner: SlotSetOpening {
    let request: BuildRequest
    let inspector: SourceInspecting
    let slotSets: CatalogSlotSets
    let resolve: (String) -> String

    /// Slots generated from a source: full-screen sizes for the manifest's devices. iPhone portrait
    /// slots are always made (iPhones launch in portrait); `landscape` adds the iPhone landscape
    /// images (736h, 2436h, 1792h, 2688h) and the iPad ones.
    static func generatedSlots(for request: BuildRequest, orientations: [Orientation]) -> [LaunchSlot] {
        DeviceTables.launchImages.filter { slot in
            guard !slot.statusBarExcluded, request.devices.contains(slot.idiom) else { return false }
            return slot.idiom == .iphone && slot.orientation == .portrait || orientations.contains(slot.orientation)
        }
    }

    func plan(_ spec: LaunchImageSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        switch spec.input {
        case .generate(let source, let page, let fit):
            return generate(spec, source: source, page: page, fit: fit, diagnostics: &diagnostics)
        case .launchimage(let set):
            return validateSet(spec, set: set, diagnostics: &diagnostics)
        case .files(let files):
            return validateFiles(spec, files: files, diagnostics: &diagnostics)
        }
    }

    // MARK: Generation

    private func generate(_ spec: LaunchImageSpec, source: SourceSpec, page: Int, fit: Fit,
                          diagnostics: inout [Diagnostic]) -> [Variant] {
        let path = resolve(source.path)
        guard let kind = ResolvedSource.Kind.forPath(path), kind == .pdf || kind == .png else {
            diagnostics.append(.error(request.path, at: source.location, .unsupportedLaunchImageSource(path)))
            return []
        }
        let content: PointSize
        do {
            switch try inspector.inspect(path: path, kind: kind, pages: [page]) {
            case .pdf(let count, let sizes):
                guard let size = sizes[page] else {
                    diagnostics.append(.error(path, SourceMessage.pageOutOfRange(page, pageCount: count)))
                    return []
                }
                content = size
            case .png(let width, let height, _, _):
                content = PointSize(width: Double(width), height: Double(height))
            case .svg, .jpeg, .iconComposer:
                return []
            }
        } catch {
            diagnostics.append(.error(path, .init(relaying: error.message)))
            diagnostics += request.referenceNote("launch image source", at: source.location)
            return []
        }
        let resolved = ResolvedSource(path: path, kind: kind, page: page)
        var slots = Self.generatedSlots(for: request, orientations: spec.orientations).map { (spec.basename, $0) }
        for scheme in spec.schemes {
            // URL-scheme launch images: `<basename>-<scheme>[@2x].png` for iPhone, with orientation on iPad.
            let base = "\(spec.basename)-\(scheme)"
            slots += Self.generatedSlots(for: request, orientations: spec.orientations)
                .filter { $0.subtype == nil }
                .map { (base, $0) }
        }
        var variants: [Variant] = []
        for (base, slot) in slots {
            let variant = launchVariant(slot, base: base, source: resolved, content: content, fit: fit,
                                        background: spec.background ?? .white, location: spec.location)
            if kind == .png, variant.placement.scaleX > 1 + 1e-9 || variant.placement.scaleY > 1 + 1e-9 {
                diagnostics.append(.error(path, .launchImageWouldUpscale(variant.fileName, slot: slot, raster: content)))
                continue
            }
            variants.append(variant)
        }
        return variants
    }

    private func launchVariant(_ slot: LaunchSlot, base: String, source: ResolvedSource, content: PointSize, fit: Fit?,
                               background: RGBAColor?, location: SourceLocation) -> Variant {
        let fileName = slot.fileName(base: base)
        return Variant(
            name: base, relativePath: fileName, fileName: fileName, scale: slot.scale,
            idiom: slot.idiom, tall: slot.subtype == .h568,
            pointSize: PointSize(width: Double(slot.width / slot.scale), height: Double(slot.height / slot.scale)),
            pixelWidth: slot.width, pixelHeight: slot.height, source: source, contentSize: content,
            placement: Placement.map(content: content, intoWidth: slot.width, height: slot.height, fit: fit),
            background: background, origin: .manifest(location), role: .launchImage(slot))
    }

    // MARK: Validation

    private func validateSet(_ spec: LaunchImageSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .launchImageSet, what: "launch image set", diagnostics: &diagnostics) else { return [] }
        let (setPath, setName, contentsPath, slotSet) = (opened.path, opened.name, opened.contentsPath, opened.slotSet)
        let entries = slotSet.entries
        // Xcode's sets hold "iOS 6.1 and prior" entries (no minimum-system-version) beside "iOS 7.0 and
        // later" ones, often for the same slot (home-assistant's set). assetc writes one image per
        // slot: the one the deployment target runs, the other noted.
        var covered: [LaunchSlot: (variant: Variant, legacy: Bool, file: String)] = [:]
        var order: [LaunchSlot] = []
        /// A slot this build leaves out: noted, and its file still looked for.
        func skip(_ entry: CatalogEntry, _ note: Diagnostic.Message) {
            diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: note)
        }
        for entry in entries {
            // A launch image is for one device: a universal slot is skipped as another idiom's is.
            guard let idiom = Idiom.InCatalog(entry.idiom).device else {
                skip(entry, .skippedNotForIOS(entry))
                continue
            }
            let orientation = Orientation(rawValue: entry.orientation ?? "portrait")
            let subtype = entry.subtype.map { name in LaunchSubtype.allCases.first { $0.catalogName == name } }
            guard let orientation, let scale = entry.scaleValue, subtype != .some(nil),
                  let slot = DeviceTables.launchImages.first(where: {
                      $0.idiom == idiom && $0.orientation == orientation && $0.subtype == subtype ?? nil
                          && $0.scale == scale && $0.statusBarExcluded == (entry.extent == "to-status-bar")
                  }) else {
                skip(entry, .skippedNotALaunchImageSlot(entry))
                continue
            }
            guard request.devices.contains(idiom) else {
                skip(entry, .skippedDeviceLeftOut(entry.filename, idiom: idiom))
                continue
            }
            // An iOS 6 image that leaves room for the status bar (768x1004 on iPad): actool's notice,
            // and the slot is not written, as for the other iOS 6 entries (Kodi Remote, target 8.0).
            if slot.statusBarExcluded, !request.targetsLegacyOS {
                skip(entry, .skippedOnlyForIOS6(entry.filename, deploymentTarget: request.deploymentTarget))
                continue
            }
            guard let file = entry.filename else {
                diagnostics.append(.note(contentsPath, at: entry.location, .launchImageSlotIsEmpty(slot)))
                continue
            }
            if let problem = AssetCatalog.fileProblem(file) {
                diagnostics.append(.error(contentsPath, at: entry.location, problem))
                continue
            }
            let shown = "\(setName)/\(file)"
            guard let variant = check(setPath + "/" + file, shown: shown, candidates: [slot], spec: spec,
                                      missingMessage: .namedButMissing(shown),
                                      diagnostics: &diagnostics) else { continue }
            let legacy = entry.minimumSystemVersion == nil
            guard let kept = covered[slot] else {
                covered[slot] = (variant, legacy, file)
                order.append(slot)
                continue
            }
            if kept.legacy != legacy, legacy != request.targetsLegacyOS {
                // the entry already kept is the one this deployment target runs
                diagnostics.append(.note(contentsPath, at: entry.location, skippedEntryNote(file, legacy: legacy)))
            } else if kept.legacy != legacy {
                diagnostics.append(.note(contentsPath, at: entry.location, skippedEntryNote(kept.file, legacy: kept.legacy)))
                covered[slot] = (variant, legacy, file)
            } else {
                diagnostics.append(.warning(contentsPath, at: entry.location, .slotAlreadyFilled(slot, by: kept.file, ignoring: file)))
            }
        }
        let variants = order.compactMap { covered[$0]?.variant }
        // Named, and nothing in it for this build (Artsy Folio's empty "Brand Assets" set): said, and
        // `check` fails, since the app gets no launch image and no UILaunchImages key.
        if variants.isEmpty, !diagnostics.contains(where: { $0.severity == .error && $0.path.hasPrefix(setPath) }) {
            diagnostics.append(Diagnostic.warning(contentsPath, .noLaunchImageForThisBuild(AssetCatalog.setName(ofFolder: setName),
                                                                                          devices: request.devices,
                                                                                          deploymentTarget: request.deploymentTarget))
                .droppingContent())
        }
        return variants
    }

    /// Why an entry sharing its slot with one for other iOS versions is not written (actool's notice
    /// for the iOS 6 case).
    private func skippedEntryNote(_ file: String, legacy: Bool) -> Diagnostic.Message {
        legacy
            ? .skippedOnlyForIOS6(file, deploymentTarget: request.deploymentTarget)
            : .skippedForIOS7AndLater(file, deploymentTarget: request.deploymentTarget)
    }

    private func validateFiles(_ spec: LaunchImageSpec, files: [SourceSpec], diagnostics: inout [Diagnostic]) -> [Variant] {
        var covered: Set<LaunchSlot> = []
        var variants: [Variant] = []
        for file in files {
            let path = resolve(file.path)
            let name = FilePath(path).lastComponent
            guard let modifiers = Self.parseLaunchFileName(name) else {
                diagnostics.append(.error(request.path, at: file.location, .notALaunchImageName(name)))
                continue
            }
            let candidates = DeviceTables.launchImages.filter {
                $0.idiom == modifiers.idiom && $0.orientation == modifiers.orientation && $0.subtype == modifiers.subtype
                    && $0.scale == modifiers.scale
            }
            guard !candidates.isEmpty else {
                diagnostics.append(.error(request.path, at: file.location, .namesNoLaunchImageSlot(name)))
                continue
            }
            guard request.devices.contains(modifiers.idiom) else {
                diagnostics.append(.note(request.path, at: file.location, .skippedDeviceLeftOut(name, idiom: modifiers.idiom)))
                continue
            }
            guard let variant = check(path, shown: path, candidates: candidates, spec: spec,
                                      missingMessage: .doesNotExist(path), diagnostics: &diagnostics,
                                      noteAt: file.location) else { continue }
            if covered.insert(variant.launchSlot!).inserted {
                variants.append(variant)
            } else {
                diagnostics.append(.warning(request.path, at: file.location, .slotFilledByAPreviousFile(variant.launchSlot!, ignoring: name)))
            }
        }
        return variants
    }

    /// Reads Apple's launch-image modifiers from a file name: `Default-Landscape-736h@3x.png`,
    /// `Default-Portrait@2x~ipad.png`, `Default-568h@2x.png`.
    static func parseLaunchFileName(_ name: String) -> (idiom: Idiom, orientation: Orientation, subtype: LaunchSubtype?, scale: Int)? {
        guard name.lowercased().hasSuffix(".png") else { return nil }
        var stem = String(name.dropLast(4))
        var idiom: Idiom?
        for candidate in Idiom.iOSDevices where stem.hasSuffix("~\(candidate.rawValue)") {
            idiom = candidate
            stem = String(stem.dropLast(candidate.rawValue.count + 1))
        }
        var scale = 1
        for candidate in [2, 3] where stem.hasSuffix("@\(candidate)x") {
            scale = candidate
            stem = String(stem.dropLast(3))
        }
        var subtype: LaunchSubtype?
        for candidate in LaunchSubtype.allCases where stem.hasSuffix("-\(candidate.rawValue)") {
            subtype = candidate
            stem = String(stem.dropLast(candidate.rawValue.count + 1))
        }
        var orientation: Orientation = .portrait
        var namedOrientation = false
        for candidate in Orientation.allCases where stem.hasSuffix("-\(candidate.capitalized)") {
            orientation = candidate
            namedOrientation = true
            stem = String(stem.dropLast(candidate.capitalized.count + 1))
        }
        guard !stem.isEmpty else { return nil }
        // Legacy iPad-only apps named `Default-Portrait.png` without `~ipad`.
        let resolvedIdiom = idiom ?? (namedOrientation && subtype == nil ? .ipad : .iphone)
        return (resolvedIdiom, orientation, subtype, scale)
    }

    /// Checks a launch PNG against the slots it may fill (full-screen or status-bar-excluded);
    /// `missingMessage` is what is said when the file is not there.
    private func check(_ path: String, shown: String, candidates: [LaunchSlot], spec: LaunchImageSpec,
                       missingMessage: Diagnostic.Message, diagnostics: inout [Diagnostic], noteAt: SourceLocation? = nil) -> Variant? {
        let info: SourceInfo
        do {
            info = try inspector.inspect(path: path, kind: .png, pages: [1])
        } catch {
            diagnostics.append(.error(path, error.isMissingFile ? missingMessage : .init(relaying: error.message)))
            if let noteAt { diagnostics.append(.note(request.path, at: noteAt, .launchImageListedHere)) }
            return nil
        }
        guard case .png(let width, let height, _, let interlaced) = info else { return nil }
        guard let slot = candidates.first(where: { $0.width == width && $0.height == height }) else {
            let expected = candidates.first { !$0.statusBarExcluded } ?? candidates[0]
            diagnostics.append(.error(path, ActoolMessage.wrongSize(shown, width: width, height: height, expectedWidth: expected.width, expectedHeight: expected.height)))
            return nil
        }
        var usable = true
        if slot.statusBarExcluded, !request.targetsLegacyOS {
            diagnostics.append(.error(path, .statusBarExcludedLaunchImage(shown, width: width, height: height,
                                                                          deploymentTarget: request.deploymentTarget)))
            usable = false
        }
        if interlaced {
            if request.actoolSeverities {
                // As for icons: actool reads it; the launch image written from it is not interlaced.
                diagnostics.append(.note(path, .interlacedLaunchImageWrittenPlain(shown)))
            } else {
                diagnostics.append(.error(path, .interlacedLaunchImage(shown)))
                usable = false
            }
        }
        if width * height * 4 > DeviceTables.maximumLaunchImageBytes {
            diagnostics.append(.error(path, .launchImageTooLarge(shown, bytes: width * height * 4)))
            usable = false
        }
        guard usable else { return nil }
        let size = PointSize(width: Double(width), height: Double(height))
        return launchVariant(slot, base: spec.basename, source: ResolvedSource(path: path, kind: .png, page: 1),
                             content: size, fit: nil, background: nil, location: spec.location)
    }
}

extension Diagnostic.Message {
    fileprivate static func unsupportedLaunchImageSource(_ path: String) -> Diagnostic.Message { "launch image source '\(path)' is neither a .pdf nor a .png file" }

    fileprivate static func launchImageWouldUpscale(_ fileName: String, slot: LaunchSlot, raster content: PointSize) -> Diagnostic.Message { "\(fileName) needs \(slot.width)x\(slot.height) pixels, more than the raster's \(Int(content.width))x\(Int(content.height)); assetc never upscales raster art" }

    fileprivate static func skippedNotALaunchImageSlot(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): \(entry.idiom ?? "") \(entry.orientation ?? "") \(entry.subtype ?? "") @\(entry.scale ?? "?") is not a launch-image slot in assetc's device table" }

    /// `file`: nil for an empty slot.
    fileprivate static func skippedDeviceLeftOut(_ file: String?, idiom: Idiom) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): this build's devices leave out \(idiom.rawValue)" }

    /// actool's notice for an iOS 6 launch image (`file`: nil for an empty slot).
    fileprivate static func skippedOnlyForIOS6(_ file: String?, deploymentTarget: OSVersion) -> Diagnostic.Message { "skipped \(file ?? "an empty slot"): This launch image only applies to iOS 6.x and prior but the minimum deployment is \(deploymentTarget) or later." }

    fileprivate static func skippedForIOS7AndLater(_ file: String, deploymentTarget: OSVersion) -> Diagnostic.Message { "skipped \(file): this launch image is for iOS 7.0 and later, and the deployment target \(deploymentTarget) also runs on iOS 6, whose image fills the same slot (assetc writes one image per slot)" }

    fileprivate static func launchImageSlotIsEmpty(_ slot: LaunchSlot) -> Diagnostic.Message { "the \(slot.label) slot is empty" }

    fileprivate static func namedButMissing(_ shown: String) -> Diagnostic.Message { "\(shown) is named in Contents.json but does not exist" }

    fileprivate static func doesNotExist(_ shown: String) -> Diagnostic.Message { "\(shown) does not exist" }

    fileprivate static func slotAlreadyFilled(_ slot: LaunchSlot, by kept: String, ignoring file: String) -> Diagnostic.Message { "\(file) fills the \(slot.label) slot that \(kept) already filled; it is ignored" }

    fileprivate static func noLaunchImageForThisBuild(_ setName: String, devices: [Idiom], deploymentTarget: OSVersion) -> Diagnostic.Message { "the launch image set \"\(setName)\" has no image this build uses (devices \(devices.map(\.rawValue).joined(separator: ", ")), deployment target \(deploymentTarget)); no launch image is written" }

    fileprivate static func notALaunchImageName(_ name: String) -> Diagnostic.Message { "'\(name)' is not a launch image name (expected e.g. Default.png, Default-568h@2x.png, Default-Portrait@2x~ipad.png)" }

    fileprivate static func namesNoLaunchImageSlot(_ name: String) -> Diagnostic.Message { "'\(name)' names no launch-image slot in assetc's device table" }

    fileprivate static func slotFilledByAPreviousFile(_ slot: LaunchSlot, ignoring name: String) -> Diagnostic.Message { "\(name) fills the \(slot.label) slot a previous file already filled; it is ignored" }

    fileprivate static let launchImageListedHere: Diagnostic.Message = "launch image listed here"

    fileprivate static func statusBarExcludedLaunchImage(_ shown: String, width: Int, height: Int, deploymentTarget: OSVersion) -> Diagnostic.Message { "\(shown) is a status-bar-excluded launch image (\(width)x\(height)), used only by iOS 6.1 and earlier; deployment target \(deploymentTarget) does not accept it" }

    /// actool's mode: actool reads it.
    fileprivate static func interlacedLaunchImageWrittenPlain(_ shown: String) -> Diagnostic.Message { "\(shown) is an interlaced PNG; the launch image written from it is not" }

    fileprivate static func interlacedLaunchImage(_ shown: String) -> Diagnostic.Message { "\(shown) is an interlaced PNG; Apple asks for non-interlaced launch images" }

    fileprivate static func launchImageTooLarge(_ shown: String, bytes: Int) -> Diagnostic.Message { "\(shown) decodes to \(bytes) bytes; iOS refuses launch images over \(DeviceTables.maximumLaunchImageBytes) bytes" }
}
