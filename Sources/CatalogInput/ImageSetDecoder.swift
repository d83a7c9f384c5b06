import AssetModel
import AssetPlatform

/// Reads one `.imageset`: its filled slots for iOS idioms, its properties, and actool's warnings
/// for missing and unassigned files.
struct ImageSetDecoder {
    let platform: ApplePlatform
    /// A tvOS top-shelf image set's: its `tv-marketing` entries are the App Store's images, kept
    /// beside the `tv` ones and keyed marketing in the car (Xcode's top-shelf sets have both).
    var keepsMarketingApart = false
    static let setKeys: Set<String> = ["info", "images", "properties"]
    static let entryKeys: Set<String> = [
        "idiom", "scale", "filename", "appearances", "subtype", "unassigned", "width-class", "height-class",
        "display-gamut", "memory", "graphics-feature-set", "language-direction", "locale", "compression-type",
        "resizing", "alignment-insets", "matching-style", "screen-width", "role", "size", "platform",
    ]
    static let propertyKeys: Set<String> = [
        "template-rendering-intent", "preserves-vector-representation", "compression-type", "localizable",
        "on-demand-resource-tags", "auto-scaling",
    ]
    /// Entry keys that pick a variant for traits a loose file cannot express: such slots are skipped.
    static let qualifierKeys = ["width-class", "height-class", "memory", "graphics-feature-set", "language-direction",
                                "locale", "screen-width"]
    /// Idioms Xcode knows: those that are not the build's platform's are skipped with one note per set.
    static let otherIdioms: Set<String> = ["iphone", "ipad", "mac", "watch", "tv", "car", "vision", "ios-marketing", "watch-marketing",
                                           "mac-catalyst", "reality"]
    /// Entry keys that choose by traits a Mac does not have (size classes, memory, graphics family,
    /// a watch's screen, the iPhone's subtypes, layout direction: no macOS car keys by them).
    static let iOSOnlyTraitKeys = ["width-class", "height-class", "memory", "graphics-feature-set", "screen-width", "subtype",
                                   "language-direction"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic],
                inputs: inout [String]) -> CatalogImageSet? {
        let contentsPath = folder + "/Contents.json"
        guard let file = ContentsFile.readSet(folder, kind: "image set", name: name, allowedKeys: Self.setKeys, diagnostics: &diagnostics,
                                              inputs: &inputs) else { return nil }
        var set = SetEntries(properties: Self.setProperties(file, name: name, diagnostics: &diagnostics))
        var entries: [JSONNode] = []
        if let images = file.member("images", of: file.root) {
            if case .array(let list) = images.value { entries = list } else {
                diagnostics.append(.warning(contentsPath, at: images.location, .imagesNotAnArrayIgnored(found: images.typeName)).droppingContent())
            }
        }
        for entry in entries {
            decodeEntry(entry, file: file, folder: folder, name: name, into: &set, diagnostics: &diagnostics, inputs: &inputs)
        }
        set.slots = PlatformOverride.resolve(set.slots, platformOnly: set.slotIsPlatformOnly) { "\($0.scale ?? 0)|\($0.appearance)|\($0.tall)" }
        set.traitSlots = PlatformOverride.resolve(set.traitSlots, platformOnly: set.traitSlotIsPlatformOnly) {
            "\($0.scale)|\($0.appearance)|\($0.attributeValues.map { "\($0)" } ?? "")|\($0.locale ?? "")"
        }
        set.unassigned += FileSystem.list(folder).filter { !MacFileNames.isMacMetadata($0) && $0 != "Contents.json" && !set.referenced.contains($0) }.count
        if !set.traitSlots.isEmpty { set.properties.traitSlots = set.traitSlots }
        Self.reportSkipped(name: name, contentsPath: contentsPath, platform: platform, unassigned: set.unassigned, otherIdioms: set.otherIdioms,
                           skippedForTraits: set.skippedForTraits, unknownScreenWidths: set.unknownScreenWidths, keptSlots: set.slots.count, traitSlots: set.traitSlots, diagnostics: &diagnostics)
        if set.skippedForMac > 0 {
            diagnostics.append(.note(contentsPath, .slotsSkippedForMac(set.skippedForMac, of: name)))
        }
        return CatalogImageSet(name: name, setPath: setPath, contentsPath: contentsPath, slots: set.slots, properties: set.properties)
    }

    /// What one set's entries give, gathered entry by entry.
    struct SetEntries {
        var properties: CatalogImageProperties
        var slots: [CatalogImageSlot] = []
        /// Parallel to `slots` and `traitSlots`: a `mac` entry of a Mac build (`PlatformOverride`).
        var slotIsPlatformOnly: [Bool] = []
        var traitSlotIsPlatformOnly: [Bool] = []
        /// A Mac build's slots for a scale or trait no Mac has.
        var skippedForMac = 0
        /// The files the entries name, in any spelling found: the rest are unassigned.
        var referenced: Set<String> = []
        var unassigned = 0
        var otherIdioms: Set<String> = []
        var skippedForTraits = 0
        /// A watch build's `screen-width` values without a known subtype, among those skipped.
        var unknownScreenWidths: Set<String> = []
        var traitSlots: [CatalogTraitSlot] = []
    }

    /// A Mac build's entry for a 3x screen, a trait only iOS devices have, or high contrast (no
    /// macOS car with one has been seen): acextract's Xcode 7.3 Mac car leaves such slots out.
    static func isForWhatAMacHasNot(_ entry: JSONNode, in file: ContentsFile) -> Bool {
        var unused: [Diagnostic] = []  // what the entry's own reading says is said there
        if iOSOnlyTraitKeys.contains(where: { file.member($0, of: entry) != nil }) { return true }
        if file.string("scale", of: entry, diagnostics: &unused) == "3x" { return true }
        if case .known(let appearance) = file.appearance(of: entry, diagnostics: &unused) { return appearance.highContrast }
        return false
    }

    /// A car-only slot, once per idiom, scale, appearance and traits, as for plain slots.
    static func keep(_ slot: CatalogTraitSlot, platformOnly: Bool, filename: String, at entry: JSONNode, contentsPath: String, in set: inout SetEntries,
                     diagnostics: inout [Diagnostic], inputs: inout [String]) {
        // Scale 0 is a vector drawn at every scale: it meets a slot of any scale, but for a raster
        // of one scale, which replaces the vector's drawing at that scale (as a set's plain slots
        // do: acextract's watch car holds v_overrides' cyan@2x.png, not its PDF, for 38 mm at 2x).
        if set.traitSlots.indices.contains(where: { index in
            let other = set.traitSlots[index]
            return set.traitSlotIsPlatformOnly[index] == platformOnly && other.hasSameTraits(as: slot)
                && (other.scale == slot.scale || (other.scale == 0 || slot.scale == 0) && other.isVector == slot.isVector) }) {
            diagnostics.append(.warning(contentsPath, at: entry.location, .secondFileForSameTraits(filename)).droppingContent())
            return
        }
        set.traitSlots.append(slot)
        set.traitSlotIsPlatformOnly.append(platformOnly)
        inputs.append(slot.path)
    }

    /// One entry of `images`: a slot kept, a car-only slot, or what is said about it.
    func decodeEntry(_ entry: JSONNode, file: ContentsFile, folder: String, name: String, into set: inout SetEntries,
                     diagnostics: inout [Diagnostic], inputs: inout [String]) {
        let contentsPath = folder + "/Contents.json"
        guard case .object = entry.value else {
            diagnostics.append(.warning(contentsPath, at: entry.location, .imageEntryNotAnObjectIgnored(found: entry.typeName)).droppingContent())
            return
        }
        file.warnUnknownKeys(Self.entryKeys, in: entry, what: "an image entry", diagnostics: &diagnostics)
        let namedFile = file.string("filename", of: entry, diagnostics: &diagnostics)
        if let namedFile { set.referenced.insert(namedFile) }
        if let flag = file.member("unassigned", of: entry), case .bool(true) = flag.value {
            if namedFile != nil { set.unassigned += 1 }
            return
        }
        guard let named = namedFile, !named.isEmpty else { return }  // an empty slot: normal, no message
        // From here on `filename` is the file's own spelling: the one a Mac would open (MacFileNames).
        var filename = named
        // The named file looked up once (`stat`, then `lstat` only when that fails): whether it is
        // there as spelled, what it is and its size, which can rule out a Git LFS pointer unread.
        var looked = Self.isPlainFileName(named) ? FileSystem.kindAndSizeFollowingLinks(folder + "/" + named) : nil
        if let found = looked {
            switch found.kind != .missing ? .exact : MacFileNames.match(named, among: FileSystem.list(folder)) {
            case .exact: break
            case .respelled(let found):
                diagnostics.append(.warning(contentsPath, at: entry.location, MacFileNames.respelledWarning(named, file: found, set: name)))
                set.referenced.insert(found)
                filename = found
                looked = nil
            case .ambiguous(let found):
                diagnostics.append(.error(contentsPath, at: entry.location, MacFileNames.ambiguousError(named, files: found, set: name)))
                set.referenced.formUnion(found)
                return
            }
        }
        // Looked up once, and only for a plain name inside the set. A slot skipped below
        // (another platform, a trait) may still name a file that is gone: Xcode warns about
        // it, and `check` must stop the commit that deleted it.
        let isPlainName = Self.isPlainFileName(filename)
        let onDisk = isPlainName ? looked ?? FileSystem.kindAndSizeFollowingLinks(folder + "/" + filename) : nil
        let namedFileKind = onDisk?.kind
        func reportIfMissingWhenSkipped() {
            guard namedFileKind == .missing else { return }
            diagnostics.append(.warning(contentsPath, at: entry.location, ActoolMessage.missingFile(filename, inSet: name)).droppingContent())
        }
        /// True when the entry is a car-only slot, kept for Assets.car.
        func keptForTheCar(platformOnly: Bool) -> Bool {
            guard let slot = traitSlot(entry, file: file, filename: filename, folder: folder, isPlainName: isPlainName,
                                       namedFileKind: namedFileKind, diagnostics: &diagnostics) else { return false }
            Self.keep(slot, platformOnly: platformOnly, filename: filename, at: entry, contentsPath: contentsPath, in: &set,
                      diagnostics: &diagnostics, inputs: &inputs)
            return true
        }
        let idiomName = file.string("idiom", of: entry, diagnostics: &diagnostics) ?? "universal"
        let match = Idiom.InCatalog(idiomName).applies(on: platform)
        let idiom = match.device
        let platformOnly = match == .platformOnly
        if keepsMarketingApart && idiomName == "tv-marketing" {
            if !keptForTheCar(platformOnly: false) {
                set.skippedForTraits += 1
                reportIfMissingWhenSkipped()
            }
            return
        }
        if match == .otherPlatform {
            if platform == .iOS && idiomName == "car" {
                // CarPlay's screen (CoreUI idiom 4): no loose-file name selects it, the car does.
                if keptForTheCar(platformOnly: false) { return }
                set.otherIdioms.insert(idiomName)
            } else if Self.otherIdioms.contains(idiomName) {
                set.otherIdioms.insert(idiomName)
            } else {
                diagnostics.append(.warning(contentsPath, at: entry.location, .unknownIdiom(idiomName)).droppingContent())
                return
            }
            reportIfMissingWhenSkipped()
            return
        }
        if platform == .macOS && Self.isForWhatAMacHasNot(entry, in: file) {
            set.skippedForMac += 1
            reportIfMissingWhenSkipped()
            return
        }
        if Self.qualifierKeys.contains(where: { file.member($0, of: entry) != nil })
            || file.string("display-gamut", of: entry, diagnostics: &diagnostics) == "display-P3" {
            // A PNG slot chosen only by size class, memory or graphics family with values whose
            // numbers are known: kept for Assets.car, which can select on them.
            if keptForTheCar(platformOnly: platformOnly) { return }
            set.skippedForTraits += 1
            if platform == .watchOS, let width = file.string("screen-width", of: entry, diagnostics: &diagnostics),
               CatalogTraitSlot.watchSubtypes[width] == nil {
                set.unknownScreenWidths.insert(width)
            }
            reportIfMissingWhenSkipped()
            return
        }
        var scale: Int?
        if let text = file.string("scale", of: entry, diagnostics: &diagnostics) {
            guard let value = ["1x": 1, "2x": 2, "3x": 3][text] else {
                diagnostics.append(.warning(contentsPath, at: entry.location, .unknownScale(text)).droppingContent())
                return
            }
            scale = value
        }
        var tall = false
        if let subtype = file.string("subtype", of: entry, diagnostics: &diagnostics) {
            guard subtype == "retina4" else {
                diagnostics.append(.note(contentsPath, at: entry.location, .subtypeSlotSkipped(subtype)))
                reportIfMissingWhenSkipped()
                return
            }
            tall = true
        }
        guard let appearance = appearance(of: entry, file: file, diagnostics: &diagnostics) else {
            reportIfMissingWhenSkipped()
            return
        }
        if !isPlainName {
            diagnostics.append(.warning(contentsPath, at: entry.location, .slotNotAPlainFileName(filename)).droppingContent())
            return
        }
        let path = folder + "/" + filename
        // A folder, FIFO, socket or device under the file's name is refused at once, as any
        // source that is not a regular file is (docs/hardening.md), not taken for a missing file.
        if namedFileKind == .directory || namedFileKind == .other {
            diagnostics.append(.error(path, .slotFileNotARegularFile(filename, inSet: name)))
            return
        }
        guard namedFileKind == .file else {
            diagnostics.append(.warning(contentsPath, at: entry.location,
                                        ActoolMessage.missingFile(filename, inSet: name)).droppingContent())
            return
        }
        guard ResolvedSource.Kind.forPath(filename) != nil else {
            diagnostics.append(.warning(contentsPath, at: entry.location, .slotFileTypeUnknown(filename)).droppingContent())
            return
        }
        // The file's first bytes, read here so that every Git LFS pointer of the catalogs is
        // named in one run (not only the first one a source inspection meets) and a raster of
        // another format behind a PNG name is skipped as its real name would be.
        guard Self.holdsWhatItsNameSays(path, filename: filename, size: onDisk?.size, contentsPath: contentsPath, at: entry.location,
                                        diagnostics: &diagnostics) else {
            return
        }
        Self.addInsets(of: entry, in: file, scale: scale, to: &set.properties)
        set.slots.append(CatalogImageSlot(idiom: idiom, scale: scale, appearance: appearance, tall: tall,
                                      filename: filename, path: path, location: entry.location))
        set.slotIsPlatformOnly.append(platformOnly)
    }

    /// `properties`: template rendering, vector preservation; Xcode features a loose file cannot
    /// carry are said once, visibly, not dropped in silence.
    static func setProperties(_ file: ContentsFile, name: String, diagnostics: inout [Diagnostic]) -> CatalogImageProperties {
        var properties = CatalogImageProperties()
        guard let node = file.member("properties", of: file.root) else { return properties }
        file.warnUnknownKeys(Self.propertyKeys, in: node, what: "\"properties\"", diagnostics: &diagnostics)
        properties.templateRenderingIntent = file.string("template-rendering-intent", of: node, diagnostics: &diagnostics)
        if let flag = file.member("preserves-vector-representation", of: node), case .bool(let value) = flag.value {
            properties.preservesVectorRepresentation = value
        }
        for key in ["on-demand-resource-tags", "compression-type"] {
            if let member = file.member(key, of: node) {
                diagnostics.append(.warning(file.path, at: member.location, .propertyNotSupported(key, inSet: name)))
            }
        }
        return properties
    }

    /// A slot's `resizing` and `alignment-insets`, per scale. A slot without a scale (one vector or
    /// image for every scale) gives them in points: each scale drawn from it takes them multiplied.
    static func addInsets(of entry: JSONNode, in file: ContentsFile, scale: Int?, to properties: inout CatalogImageProperties) {
        let scales = scale.map { [$0] } ?? [1, 2, 3]
        if let node = file.member("resizing", of: entry) {
            let resizing = JSONOutput(node)
            if properties.resizing == nil { properties.resizing = resizing }
            if let insets = ScaledCapInsets(resizing: resizing, scale: scale ?? 1) {
                for each in scales where !properties.capInsets.contains(where: { $0.scale == each }) {
                    properties.capInsets.append(insets.drawn(at: each))
                }
            }
        }
        if let node = file.member("alignment-insets", of: entry) {
            let value = JSONOutput(node)
            if properties.alignmentInsets == nil { properties.alignmentInsets = value }
            if let insets = ScaledAlignmentInsets(value, scale: scale ?? 1) {
                for each in scales where !properties.alignment.contains(where: { $0.scale == each }) {
                    properties.alignment.append(insets.drawn(at: each))
                }
            }
        }
    }

    /// What the set's slots left out or keep for the car only, said once per set: unassigned files,
    /// other platforms' slots, slots chosen by traits nothing takes, and those only the car takes.
    static func reportSkipped(name: String, contentsPath: String, platform: ApplePlatform, unassigned: Int, otherIdioms: Set<String>, skippedForTraits: Int,
                              unknownScreenWidths: Set<String> = [], keptSlots: Int, traitSlots: [CatalogTraitSlot], diagnostics: inout [Diagnostic]) {
        if unassigned > 0 {
            diagnostics.append(.warning(contentsPath, ActoolMessage.unassignedChildren(.imageSet, named: name, count: unassigned)))
        }
        if !otherIdioms.isEmpty {
            diagnostics.append(.note(contentsPath, .otherIdiomsSkipped(otherIdioms.sorted(), of: name, platform: platform)))
        }
        if skippedForTraits > 0 {
            // Slots chosen by traits that even the car does not take (a raster without a scale, a
            // CarPlay vector, trait values without a known CoreUI number): content the app shows
            // under Xcode is lost, in a car build as in a loose one, so it is a warning and `check`
            // fails on it.
            diagnostics.append(.warning(contentsPath, .slotsSkippedForTraits(skippedForTraits, of: name, onWatch: platform == .watchOS,
                                                                             unknownScreenWidths: unknownScreenWidths.sorted(),
                                                                             setHasNoOtherImage: keptSlots == 0)).droppingContent())
        }
        if !traitSlots.isEmpty {
            let carPlay = traitSlots.filter { $0.carPlay == true }.count
            let marketing = traitSlots.filter { $0.marketing == true }.count
            let localized = traitSlots.filter { $0.carPlay != true && $0.marketing != true && $0.locale != nil }
            let watchSizes = traitSlots.filter { $0.carPlay != true && $0.locale == nil && $0.screenWidth != nil }.count
            let chosen = traitSlots.count - carPlay - marketing - localized.count - watchSizes
            diagnostics.append(.note(contentsPath, .slotsForCarOnly(of: name, chosenByTraits: chosen, byScreenWidth: watchSizes,
                                                                    localized: localized.count, locales: Set(localized.compactMap(\.locale)).sorted(),
                                                                    carPlay: carPlay, marketing: marketing)))
        }
    }

    /// A slot for Assets.car only: a PNG, WebP, HEIC or JPEG with a scale (vectors would need
    /// rendering at each scale), chosen by nothing but size class, memory,
    /// graphics family, display gamut, layout direction (with values whose CoreUI numbers are
    /// known) or locale (a language tag); nil leaves it to the skipped count.
    private func traitSlot(_ entry: JSONNode, file: ContentsFile, filename: String, folder: String, isPlainName: Bool,
                           namedFileKind: FileSystem.EntryKind?, diagnostics: inout [Diagnostic]) -> CatalogTraitSlot? {
        let lower = filename.lowercased()
        let isVector = CatalogTraitSlot.vectorExtensions.contains(where: { lower.hasSuffix($0) })
        // A watch's screen width is a subtype of a watchOS car; elsewhere no car keys it.
        let keysScreenWidth = platform == .watchOS && file.member("screen-width", of: entry) != nil
        guard (keysScreenWidth || file.member("screen-width", of: entry) == nil) && file.member("subtype", of: entry) == nil,
              isPlainName, namedFileKind == .file, isVector || CatalogTraitSlot.rasterExtensions.contains(where: { lower.hasSuffix($0) })
        else { return nil }
        // A raster needs its scale; a vector without one is drawn at every scale.
        let scale: Int
        if let scaleText = file.string("scale", of: entry, diagnostics: &diagnostics) {
            guard let value = ["1x": 1, "2x": 2, "3x": 3][scaleText] else { return nil }
            scale = value
        } else {
            guard isVector else { return nil }
            scale = 0
        }
        let idiomName = file.string("idiom", of: entry, diagnostics: &diagnostics) ?? "universal"
        let idiom = Idiom.InCatalog(idiomName).device
        // CarPlay vectors would need drawing for a screen that no variant names: left out.
        if isVector && idiomName == "car" { return nil }
        guard let appearance = appearance(of: entry, file: file, diagnostics: &diagnostics) else { return nil }
        var locale: String?
        if file.member("locale", of: entry) != nil {
            guard let text = file.string("locale", of: entry, diagnostics: &diagnostics), CatalogTraitSlot.isLocaleName(text) else { return nil }
            locale = text
        }
        // Read only when the car is made: a Git LFS pointer is named here, so `check` says so too.
        guard Self.holdsWhatItsNameSays(folder + "/" + filename, filename: filename, contentsPath: file.path, at: entry.location,
                                        diagnostics: &diagnostics) else { return nil }
        var slot = CatalogTraitSlot(idiom: idiom, carPlay: idiomName == "car", marketing: keepsMarketingApart && idiomName == "tv-marketing", scale: scale, appearance: appearance, filename: filename, path: folder + "/" + filename,
                                    widthClass: file.string("width-class", of: entry, diagnostics: &diagnostics),
                                    heightClass: file.string("height-class", of: entry, diagnostics: &diagnostics),
                                    memory: file.string("memory", of: entry, diagnostics: &diagnostics),
                                    graphicsFeatureSet: file.string("graphics-feature-set", of: entry, diagnostics: &diagnostics),
                                    locale: locale,
                                    displayGamut: file.string("display-gamut", of: entry, diagnostics: &diagnostics),
                                    languageDirection: file.string("language-direction", of: entry, diagnostics: &diagnostics))
        if keysScreenWidth { slot.screenWidth = file.string("screen-width", of: entry, diagnostics: &diagnostics) }
        // A Display P3 vector is not drawn (Cairo draws in sRGB): left to the skipped-slot warning.
        if isVector && slot.isWideGamut { return nil }
        return slot.attributeValues == nil ? nil : slot
    }

    /// The slot's file, by its first KiB: false, with the message, for a Git LFS pointer (an error
    /// that fails the build after planning) or another raster format behind a PNG name (a skipped
    /// slot); true for anything else, an unreadable file included (its reader says why later).
    /// `size`: the file's, when known: a file larger than the spec's 1,024-byte cap on a pointer,
    /// whose name is not a PNG's, is not read.
    static func holdsWhatItsNameSays(_ path: String, filename: String, size: Int? = nil, contentsPath: String, at location: SourceLocation,
                                     diagnostics: inout [Diagnostic]) -> Bool {
        let isPNGName = ResolvedSource.Kind.forPath(filename) == .png
        if let size, size > GitLFSPointer.maximumBytes, !isPNGName { return true }
        guard let prefix = try? FileSystem.readPrefix(path, count: 1024) else { return true }
        if let size = GitLFSPointer.pointedSize(of: prefix) {
            diagnostics.append(.error(path, GitLFSPointer.message(pointedSize: size)).droppingContent())
            return false
        }
        if isPNGName, let format = ForeignRaster.format(of: prefix) {
            diagnostics.append(.warning(contentsPath, at: location, ForeignRaster.message(filename, holds: format)).droppingContent())
            return false
        }
        return true
    }

    /// `appearances`: luminosity light/dark and contrast high. nil (with a message) for other kinds.
    /// A name that stays inside the set's folder: no separator, no `.`/`..`, no control character.
    static func isPlainFileName(_ filename: String) -> Bool {
        !(filename.contains("/") || filename.contains("\\") || filename == "." || filename == ".."
            || filename.unicodeScalars.contains(where: { $0.value < 0x20 }))
    }

    private func appearance(of entry: JSONNode, file: ContentsFile, diagnostics: inout [Diagnostic]) -> Appearance? {
        switch file.appearance(of: entry, diagnostics: &diagnostics) {
        case .known(let appearance):
            return appearance
        case .notAnArray:
            diagnostics.append(.warning(file.path, at: file.member("appearances", of: entry)!.location, .appearancesNotAnArray).droppingContent())
            return nil
        case .unknown(let kind, let value, let location):
            diagnostics.append(.note(file.path, at: location, .appearanceSlotSkipped(kind: kind, value: value)))
            return nil
        }
    }
}

extension ApplePlatform {
    /// What a build for the platform takes from an image set, as the note about skipped slots says.
    var takenIdioms: Diagnostic.Message {
        switch self {
        case .iOS: "assetc builds iOS resources (universal, iphone, ipad)"
        case .macOS, .macCatalyst: "a Mac build takes universal and mac slots"
        case .tvOS: "a tvOS build takes universal and tv slots"
        case .watchOS: "a watchOS build takes universal and watch slots"
        case .visionOS: "a visionOS build takes universal and vision slots"
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func imagesNotAnArrayIgnored(found typeName: String) -> Diagnostic.Message { "\"images\" must be an array, found \(typeName); ignored" }

    fileprivate static func slotsSkippedForMac(_ count: Int, of name: String) -> Diagnostic.Message { "skipped \(count) slot\(count == 1 ? "" : "s") of \"\(name)\" for what a Mac has not (3x, size class, memory, graphics family, screen width, subtype, layout direction, high contrast)" }

    fileprivate static func secondFileForSameTraits(_ filename: String) -> Diagnostic.Message { "\"\(filename)\" is a second file for the same idiom, scale, appearance and traits; the first is kept" }

    fileprivate static func imageEntryNotAnObjectIgnored(found typeName: String) -> Diagnostic.Message { "an image entry must be an object, found \(typeName); ignored" }

    fileprivate static func unknownIdiom(_ idiom: String) -> Diagnostic.Message { "unknown idiom \"\(idiom)\"; the slot is skipped" }

    fileprivate static func unknownScale(_ scale: String) -> Diagnostic.Message { "scale \"\(scale)\" is not 1x, 2x or 3x; the slot is skipped" }

    fileprivate static func subtypeSlotSkipped(_ subtype: String) -> Diagnostic.Message { "skipped the \"\(subtype)\" slot: only retina4 (-568h) has a loose-file name" }

    fileprivate static func slotNotAPlainFileName(_ filename: String) -> Diagnostic.Message { "file name \"\(filename)\" must be a plain file name inside the set; the slot is skipped" }

    fileprivate static func slotFileNotARegularFile(_ filename: String, inSet name: String) -> Diagnostic.Message { "\"\(filename)\" of the image set \"\(name)\" is not a regular file (a folder, FIFO, socket or device)" }

    fileprivate static func slotFileTypeUnknown(_ filename: String) -> Diagnostic.Message { "\"\(filename)\" is not a PNG, WebP, HEIC, JPEG, PDF or SVG file; the slot is skipped" }

    fileprivate static func propertyNotSupported(_ key: String, inSet name: String) -> Diagnostic.Message { "\"\(key)\" is not supported by assetc (loose files or Assets.car); it is ignored for \"\(name)\"" }

    /// `idioms`: sorted.
    fileprivate static func otherIdiomsSkipped(_ idioms: [String], of name: String, platform: ApplePlatform) -> Diagnostic.Message { "skipped the \(idioms.joined(separator: ", ")) slots of \"\(name)\": \(platform.takenIdioms)" }

    /// `onWatch`: a watch's screen width is known for 38, 40, 42 and 44 mm alone (CatalogTraitSlot.watchSubtypes);
    /// `unknownScreenWidths`: the skipped slots' other widths, sorted.
    fileprivate static func slotsSkippedForTraits(_ count: Int, of name: String, onWatch: Bool, unknownScreenWidths: [String],
                                                  setHasNoOtherImage: Bool) -> Diagnostic.Message {
        let others = unknownScreenWidths.isEmpty ? "" : ", not \(unknownScreenWidths.joined(separator: ", "))"
        let watch = onWatch ? "; of a watch's screen widths, <=145 (38 mm), >161 (40 mm), >145 (42 mm) and >183 (44 mm) are known\(others)" : ""
        let nothingWritten = setHasNoOtherImage ? "; the set has no other image, so nothing is written for it" : ""
        return "skipped \(count) slot\(count == 1 ? "" : "s") of \"\(name)\" chosen by \(onWatch ? "screen width, " : "")size class, locale, "
            + "direction, memory or display gamut: assetc compiles such slots, into Assets.car only, with trait values it knows, "
            + "from PDF and SVG files and from PNG, WebP, HEIC or JPEG files with a scale\(watch)\(nothingWritten)"
    }

    /// A set's car-only slots by what chooses them, the set named in the first part; `locales`:
    /// the localized slots' languages, sorted.
    fileprivate static func slotsForCarOnly(of name: String, chosenByTraits chosen: Int, byScreenWidth watchSizes: Int, localized: Int,
                                            locales: [String], carPlay: Int, marketing: Int) -> Diagnostic.Message {
        var kinds: [String] = []
        if chosen > 0 { kinds.append("\(chosen) slot\(chosen == 1 ? "" : "s") of \"\(name)\" chosen by size class, memory, graphics family, display gamut or direction") }
        if watchSizes > 0 { kinds.append("\(watchSizes) slot\(watchSizes == 1 ? "" : "s")\(chosen == 0 ? " of \"\(name)\"" : "") chosen by the watch's screen width") }
        if localized > 0 {
            kinds.append("\(localized) localized slot\(localized == 1 ? "" : "s") (\(locales.joined(separator: ", ")))\(chosen == 0 ? " of \"\(name)\"" : "")")
        }
        if carPlay > 0 { kinds.append("\(carPlay) CarPlay (car idiom) slot\(carPlay == 1 ? "" : "s")\(chosen == 0 && localized == 0 ? " of \"\(name)\"" : "")") }
        if marketing > 0 {
            let named = chosen == 0 && localized == 0 && carPlay == 0 ? " of \"\(name)\"" : ""
            kinds.append("\(marketing) App Store (tv-marketing) slot\(marketing == 1 ? "" : "s")\(named)")
        }
        let count = chosen + watchSizes + localized + carPlay + marketing
        return "\(kinds.joined(separator: " and ")) "
            + "\(count == 1 ? "is" : "are") compiled into Assets.car only (--car): loose files cannot select on them"
    }

    fileprivate static let appearancesNotAnArray: Diagnostic.Message = "\"appearances\" must be an array; the slot is skipped"

    /// `kind`, `value`: the pair as written, nil where it is not a string.
    fileprivate static func appearanceSlotSkipped(kind: String?, value: String?) -> Diagnostic.Message { "skipped a slot for the appearance \(kind ?? "?")=\(value ?? "?"): only light, dark and high contrast are written" }
}
