import AssetModel

/// Turns what the catalog reader found into variants (docs/catalogs.md has the rules):
/// - a slot with a scale gives that scale only: a PNG or JPEG exactly as it is, whatever its
///   size; a PDF or SVG rendered at that scale from its page size;
/// - a slot without a scale: a PDF or SVG is rendered at each of the catalog's scales (default
///   1, 2, 3) not already filled by a scaled slot, a PNG or JPEG is @1x;
/// - universal, iphone and ipad slots give `Name`, `Name~iphone`, `Name~ipad`; a dark or
///   high-contrast slot gives `Name-dark`, `Name-highcontrast` (the plain name is always "any");
/// - names map to loose file names through `LooseNames`, collisions get `_2`, `_3`… with a warning.
struct CatalogPlanner {
    let request: BuildRequest
    let inspector: SourceInspecting

    struct Result {
        var variants: [Variant] = []
        var records = CatalogRecords()
    }

    /// Whether `name` is still free in `bundle` among `owners` (bundle + name → the path of the set
    /// that keeps it, the first in catalog order); then it is claimed for `path`. Otherwise actool's
    /// duplicate-name warning at `path`, which names the set left out, and a note naming the one kept.
    private static func claim(_ name: String, _ kind: ActoolMessage.SetKind, bundle: BundleRef, path: String,
                              owners: inout [AssetKey: String], diagnostics: inout [Diagnostic]) -> Bool {
        let key = AssetKey(name, in: bundle)
        if let kept = owners[key] {
            diagnostics.append(.warning(path, ActoolMessage.duplicateName(kind, name)).droppingContent())
            diagnostics.append(.note(kept, .setOfThatNameKept))
            return false
        }
        owners[key] = path
        return true
    }

    /// `taken`: lower-cased loose bases (bundle folder + base) already used by manifest images.
    func plan(_ catalogs: [CatalogContents], taken: Set<String>, diagnostics: inout [Diagnostic]) -> Result {
        var result = Result()
        let info = inspectSlots(catalogs, diagnostics: &diagnostics)
        var taken = taken
        var imageOwners: [AssetKey: String] = [:]
        var colorOwners: [AssetKey: String] = [:]
        var dataOwners: [AssetKey: String] = [:]
        var symbolOwners: [AssetKey: String] = [:]
        for catalog in catalogs {
            let bundle = catalog.spec.bundle
            let folder = request.manifest.folder(of: bundle)
            for set in catalog.imageSets {
                guard Self.claim(set.name, .imageSet, bundle: bundle, path: set.contentsPath, owners: &imageOwners,
                                 diagnostics: &diagnostics) else { continue }
                let base: String
                switch LooseNames.base(for: set.name) {
                case .failure(let problem):
                    diagnostics.append(.error(set.contentsPath, .notALooseFileName(imageSet: set.name, problem)))
                    continue
                case .success(let mapped):
                    base = unique(mapped, folder: folder, taken: &taken, set: set, diagnostics: &diagnostics)
                }
                let before = result.variants.count
                planSet(set, base: base, catalog: catalog, folder: folder, info: info, into: &result.variants, diagnostics: &diagnostics)
                if result.variants.count > before || !set.properties.isEmpty {
                    result.records.images.append(CatalogRecords.Image(bundle: bundle, name: set.name, catalog: catalog.spec.path,
                                                                      setPath: set.setPath, properties: set.properties))
                }
            }
            for set in catalog.colorSets {
                guard Self.claim(set.name, .colorSet, bundle: bundle, path: FilePath(catalog.path).appending(set.setPath).string,
                                 owners: &colorOwners, diagnostics: &diagnostics) else { continue }
                result.records.colors.append(CatalogRecords.Color(bundle: bundle, name: set.name, colors: set.colors))
            }
            for set in catalog.dataSets {
                guard Self.claim(set.name, .dataSet, bundle: bundle, path: set.contentsPath, owners: &dataOwners,
                                 diagnostics: &diagnostics) else { continue }
                result.records.dataSets.append(CatalogRecords.DataSet(bundle: bundle, name: set.name, catalog: catalog.spec.path,
                                                                      setPath: set.setPath, entries: set.entries))
            }
            for set in catalog.symbolSets {
                guard Self.claim(set.name, .symbolSet, bundle: bundle, path: set.contentsPath, owners: &symbolOwners,
                                 diagnostics: &diagnostics) else { continue }
                result.records.symbolSets.append(CatalogRecords.SymbolSet(bundle: bundle, catalog: catalog.spec.path, symbolSet: set))
            }
        }
        return result
    }

    /// The base with `_2`, `_3`… appended while another image already uses it (ignoring case,
    /// as the default file systems of macOS and iOS simulators do).
    private func unique(_ base: String, folder: String?, taken: inout Set<String>, set: CatalogImageSet,
                       diagnostics: inout [Diagnostic]) -> String {
        func key(_ candidate: String) -> String { ((folder.map { $0 + "/" } ?? "") + candidate).lowercased() }
        var candidate = base
        var counter = 2
        while taken.contains(key(candidate)) {
            candidate = base + "_\(counter)"
            counter += 1
        }
        if candidate != base {
            diagnostics.append(.warning(set.contentsPath, .fileNameTaken(base, imageSet: set.name, writtenAs: candidate)))
        }
        taken.insert(key(candidate))
        return candidate
    }

    private func inspectSlots(_ catalogs: [CatalogContents], diagnostics: inout [Diagnostic]) -> [String: SourceInfo] {
        var requests: [SourceRequest] = []
        var seen: Set<String> = []
        var slotOf: [String: (CatalogImageSet, CatalogImageSlot)] = [:]
        for catalog in catalogs {
            for set in catalog.imageSets {
                for slot in set.slots where !seen.contains(slot.path) {
                    guard let kind = ResolvedSource.Kind.forPath(slot.path) else { continue }
                    seen.insert(slot.path)
                    slotOf[slot.path] = (set, slot)
                    requests.append(SourceRequest(path: slot.path, kind: kind, pages: [1]))
                }
                // Vector slots for the car alone, inspected as the set's own vectors are.
                for slot in vectorTraitSlots(set, bundle: catalog.spec.bundle) where !seen.contains(slot.path) {
                    guard let kind = ResolvedSource.Kind.forPath(slot.path) else { continue }
                    seen.insert(slot.path)
                    requests.append(SourceRequest(path: slot.path, kind: kind, pages: [1]))
                }
            }
        }
        var info: [String: SourceInfo] = [:]
        for (request, outcome) in zip(requests, inspector.inspectAll(requests)) {
            switch outcome {
            case .success(let found):
                info[request.path] = found
            case .failure(let error):
                diagnostics.append(.error(request.path, .init(relaying: error.message)))
                if let (set, slot) = slotOf[request.path] {
                    diagnostics.append(.note(set.contentsPath, at: slot.location, SourceMessage.inImageSet(set.name)))
                }
            }
        }
        return info
    }

    private struct SlotGroup: Hashable {
        var idiom: Idiom?
        var appearance: Appearance
        var tall: Bool
    }

    private func planSet(_ set: CatalogImageSet, base: String, catalog: CatalogContents, folder: String?,
                         info: [String: SourceInfo], into variants: inout [Variant], diagnostics: inout [Diagnostic]) {
        var groups: [SlotGroup: [CatalogImageSlot]] = [:]
        var order: [SlotGroup] = []
        for slot in set.slots {
            let group = SlotGroup(idiom: slot.idiom, appearance: slot.appearance, tall: slot.tall)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(slot)
        }
        // xcassets notes: "If a set has only appearance-specific files, that is an error." A loose
        // image is looked up by its plain name, which would find nothing.
        if !set.slots.isEmpty, !set.slots.contains(where: { $0.appearance.isAny }) {
            diagnostics.append(.error(set.contentsPath, .onlyAppearanceSpecificImages(imageSet: set.name)))
            return
        }
        let namespaceFolder = FilePath(base).enclosingFolder?.string
        let leaf = FilePath(base).lastComponent
        planVectorTraitSlots(set, leaf: leaf, namespaceFolder: namespaceFolder, catalog: catalog, info: info,
                             into: &variants, diagnostics: &diagnostics)
        for group in order {
            var assigned: [Int: CatalogImageSlot] = [:]
            var unscaled: CatalogImageSlot?
            for slot in groups[group]! {
                if let scale = slot.scale {
                    if assigned[scale] != nil {
                        diagnostics.append(.warning(set.contentsPath, at: slot.location, .scaleAlreadyFilled(scale, imageSet: set.name, unused: slot.filename)))
                    } else {
                        assigned[scale] = slot
                    }
                } else if unscaled == nil {
                    unscaled = slot
                } else {
                    diagnostics.append(.warning(set.contentsPath, at: slot.location, .singleScaleAlreadyFilled(imageSet: set.name, unused: slot.filename)))
                }
            }
            if let unscaled, let found = info[unscaled.path] {
                let scales: [Int]
                switch found {
                case .pdf, .svg: scales = group.tall ? [2] : catalog.spec.scales
                case .png, .jpeg: scales = [1]
                case .iconComposer: scales = []
                }
                for scale in scales where assigned[scale] == nil { assigned[scale] = unscaled }
            }
            // A vector kept as a vector (`preserves-vector-representation`) is drawn by UIKit at
            // the screen's scale; the loose-file equivalent renders the empty scales from it.
            if set.properties.preservesVectorRepresentation == true,
               let vector = assigned.sorted(by: { $0.key < $1.key }).map(\.value).first(where: { isVector($0, info: info) }) {
                for scale in (group.tall ? [2] : catalog.spec.scales) where assigned[scale] == nil { assigned[scale] = vector }
            }
            for scale in assigned.keys.sorted() {
                let slot = assigned[scale]!
                guard let found = info[slot.path] else { continue }
                let stem = leaf + group.appearance.fileNameSuffix
                if let variant = makeVariant(set: set, slot: slot, scale: scale, group: group, info: found, stem: stem,
                                             namespaceFolder: namespaceFolder, folder: folder, catalog: catalog,
                                             diagnostics: &diagnostics) {
                    variants.append(variant)
                }
            }
        }
    }

    /// A main-bundle set's PDF and SVG slots chosen by locale, layout direction, size class, memory
    /// or graphics family, when the build makes a car: drawn at their scale (a slot without one at
    /// every scale of the catalog) by the render workers, as the set's other vectors are, into the
    /// car only, keyed by their traits (`carTraits`). Display-P3 vectors are not: Cairo draws
    /// in sRGB, and a wide-gamut rendition of sRGB pixels would only mislabel them.
    private func vectorTraitSlots(_ set: CatalogImageSet, bundle: BundleRef) -> [CatalogTraitSlot] {
        guard request.compiledCatalog, bundle == .main else { return [] }
        return set.properties.traitSlots.filter { $0.isVector && !$0.isWideGamut && $0.carPlay != true }
    }

    private func planVectorTraitSlots(_ set: CatalogImageSet, leaf: String, namespaceFolder: String?, catalog: CatalogContents,
                                      info: [String: SourceInfo], into variants: inout [Variant], diagnostics: inout [Diagnostic]) {
        for (number, slot) in vectorTraitSlots(set, bundle: catalog.spec.bundle).enumerated() {
            let page: PointSize
            switch info[slot.path] {
            case .pdf(_, let sizes)?:
                guard let size = sizes[1] else { continue }
                page = size
            case .svg(let size)?:
                page = size
            default:
                continue
            }
            let slotScale = Double(max(1, slot.scale))
            let points = PointSize(width: page.width / slotScale, height: page.height / slotScale)
            let traits = CarTraits(locale: slot.locale, attributes: slot.attributeValues ?? [:])
            // A raster slot of the same traits at a scale is that scale's art: not drawn over it.
            let rasterScales = Set(set.properties.traitSlots.filter { !$0.isVector && $0.hasSameTraits(as: slot) }.map(\.scale))
            for scale in slot.scale > 0 ? [slot.scale] : catalog.spec.scales.filter({ !rasterScales.contains($0) }) {
                let width = FileNaming.pixels(points.width, scale: scale), height = FileNaming.pixels(points.height, scale: scale)
                // Kept under the renditions folder only: a name of its own, numbered in the set's
                // order, with a `~` that no set's loose base has (LooseNames writes it `_`), so it
                // cannot meet another set's file.
                let fileName = FileNaming.fileName(base: leaf + slot.appearance.fileNameSuffix + "~car\(number + 1)", scale: scale, idiom: slot.idiom)
                if let problem = LimitCheck.sizeProblem(fileName: fileName, width: width, height: height) {
                    diagnostics.append(.error(set.contentsPath, problem))
                    continue
                }
                var variant = Variant(
                    name: set.name, bundle: .main, relativePath: [namespaceFolder, fileName].compactMap { $0 }.joined(separator: "/"),
                    fileName: fileName, scale: scale, idiom: slot.idiom, tall: false, pointSize: points, pixelWidth: width, pixelHeight: height,
                    source: ResolvedSource(path: slot.path, kind: ResolvedSource.Kind.forPath(slot.path) ?? .pdf, page: 1), contentSize: page,
                    placement: Placement.map(content: page, intoWidth: width, height: height, fit: nil),
                    origin: .catalog(CatalogOrigin(catalog: catalog.spec.path, setPath: set.setPath, filename: slot.filename,
                                                   contentsPath: set.contentsPath, location: .notInAFile)),
                    destination: .compiledCatalog)
                variant.appearance = slot.appearance
                variant.carTraits = traits
                variants.append(variant)
            }
        }
    }

    private func isVector(_ slot: CatalogImageSlot, info: [String: SourceInfo]) -> Bool {
        switch info[slot.path] {
        case .pdf?, .svg?: true
        default: false
        }
    }

    /// A vector in a scale slot is that scale's bitmap drawn as a vector: its page units are the
    /// slot's pixels (NetNewsWire's `star@2x.pdf` in the 2x slot is 26 pt for a 13 pt image), so its
    /// point size is the page over the slot's scale. An unscaled vector's page is in points. A
    /// raster is copied as it is: its pixels are the file's, its points the pixels over the scale.
    private func makeVariant(set: CatalogImageSet, slot: CatalogImageSlot, scale: Int, group: SlotGroup, info: SourceInfo,
                             stem: String, namespaceFolder: String?, folder: String?, catalog: CatalogContents,
                             diagnostics: inout [Diagnostic]) -> Variant? {
        let content: PointSize, points: PointSize
        let width: Int, height: Int
        var fileExtension = "png"
        switch info {
        case .pdf, .svg:
            let page: PointSize
            if case .pdf(_, let sizes) = info {
                guard let size = sizes[1] else { return nil }
                page = size
            } else if case .svg(let size) = info {
                page = size
            } else {
                return nil
            }
            let slotScale = Double(slot.scale ?? 1)
            content = page
            points = PointSize(width: page.width / slotScale, height: page.height / slotScale)
            width = FileNaming.pixels(points.width, scale: scale)
            height = FileNaming.pixels(points.height, scale: scale)
        case .iconComposer:
            return nil
        case .png(let w, let h, _, _), .jpeg(let w, let h):
            if info.kind == .jpeg { fileExtension = "jpg" }
            (width, height) = (w, h)
            content = PointSize(width: Double(w), height: Double(h))
            points = PointSize(width: Double(w) / Double(scale), height: Double(h) / Double(scale))
        }
        let fileName = FileNaming.fileName(base: stem, tall: group.tall, scale: scale, idiom: group.idiom, extension: fileExtension)
        if let problem = LimitCheck.sizeProblem(fileName: fileName, width: width, height: height) {
            diagnostics.append(.error(set.contentsPath, at: slot.location, problem))
            return nil
        }
        let relativePath = [folder, namespaceFolder, fileName].compactMap { $0 }.joined(separator: "/")
        var variant = Variant(
            name: set.name, bundle: catalog.spec.bundle, relativePath: relativePath, fileName: fileName, scale: scale,
            idiom: group.idiom, tall: group.tall, pointSize: points, pixelWidth: width, pixelHeight: height,
            source: ResolvedSource(path: slot.path, kind: info.kind, page: 1), contentSize: content,
            placement: Placement.map(content: content, intoWidth: width, height: height, fit: nil),
            origin: .catalog(CatalogOrigin(catalog: catalog.spec.path, setPath: set.setPath, filename: slot.filename,
                                           contentsPath: set.contentsPath, location: slot.location)))
        variant.appearance = group.appearance
        return variant
    }
}

extension Diagnostic.Message {
    /// The note after actool's duplicate-name warning.
    fileprivate static let setOfThatNameKept: Diagnostic.Message = "the set of that name that is kept (the first in catalog order)"

    fileprivate static func notALooseFileName(imageSet name: String, _ problem: LooseNameProblem) -> Diagnostic.Message { "the image set name \"\(name)\" cannot be a loose file name: it \(problem.reason)" }

    fileprivate static func fileNameTaken(_ base: String, imageSet name: String, writtenAs candidate: String) -> Diagnostic.Message { "the image set \"\(name)\" is written as '\(candidate)': another image already uses the file name '\(base)' (the index maps the name to its files)" }


    /// xcassets notes: "If a set has only appearance-specific files, that is an error."
    fileprivate static func onlyAppearanceSpecificImages(imageSet name: String) -> Diagnostic.Message { "the image set \"\(name)\" has only appearance-specific images (dark, light or high contrast) and none for the \"any\" appearance, so nothing could be written under its plain name; fill the set's Any Appearance slot" }

    fileprivate static func scaleAlreadyFilled(_ scale: Int, imageSet name: String, unused file: String) -> Diagnostic.Message { "another slot of \"\(name)\" already fills @\(scale)x for these traits; \"\(file)\" is not used" }

    fileprivate static func singleScaleAlreadyFilled(imageSet name: String, unused file: String) -> Diagnostic.Message { "another single-scale slot of \"\(name)\" has these traits; \"\(file)\" is not used" }
}
