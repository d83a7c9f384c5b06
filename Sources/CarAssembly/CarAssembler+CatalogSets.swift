import AssetModel
import CompiledCatalog
import Rendering
import Dispatch
import Synchronization

// Data sets, symbol sets and car-only slots of the main bundle, as car assets.
extension CarAssembler {
    /// The main bundle's data sets as car assets, one rendition per idiom, each file whole as the
    /// input stage read it (`CatalogSetContents.dataFiles`, up to the source limit: a larger file is
    /// an error naming it, not a car of gigabytes).
    public static func dataSets(_ plan: BuildPlan, files: [String: Result<[UInt8], FileError>]) throws(BuildFailure) -> [CompiledCatalog.Asset] {
        var assets: [CompiledCatalog.Asset] = []
        for set in plan.catalogRecords.dataSets where set.bundle == .main {
            var asset = CompiledCatalog.Asset(name: set.name, kind: .data, renditions: [])
            var seen: Set<String> = []
            for entry in set.entries {
                let idiom = Self.idiom(entry.idiom)
                guard seen.insert("\(idiom.rawValue)|\(entry.locale ?? "")").inserted else { continue }
                let bytes: [UInt8]
                do {
                    bytes = try CatalogSetContents.bytes(entry.path, in: files)
                } catch {
                    throw BuildFailure(.invalidInput, [.error(entry.path, .dataSetUnusable(set.name, because: CarMessage.cannotRead(error)))])
                }
                if let size = GitLFSPointer.pointedSize(of: bytes) {
                    throw BuildFailure(.invalidInput, [.error(entry.path, GitLFSPointer.message(pointedSize: size))])
                }
                var rendition = CompiledCatalog.Rendition(idiom: idiom, scale: 1, appearance: .any, fileName: entry.filename, width: 0, height: 0, rgba: [])
                rendition.embedded = .data(bytes, typeIdentifier: entry.typeIdentifier)
                rendition.localization = entry.locale
                asset.renditions.append(rendition)
            }
            if !asset.renditions.isEmpty { assets.append(asset) }
        }
        return assets
    }

    /// The main bundle's symbol sets as car assets, one glyph rendition per weight and size of the
    /// template (as the input stage read it, `CatalogSetContents.symbolTemplates`), with the
    /// template's SHA-256 for the car's cache key. A template that could not be read or holds no
    /// usable glyph is an error naming it: the app would miss the symbol.
    public static func symbolSets(_ plan: BuildPlan, templates: [String: Result<[UInt8], FileError>]) throws(BuildFailure)
        -> [(asset: CompiledCatalog.Asset, sha256: String, contentsPath: String)] {
        var assets: [(asset: CompiledCatalog.Asset, sha256: String, contentsPath: String)] = []
        for record in plan.catalogRecords.symbolSets where record.bundle == .main {
            let set = record.symbolSet
            func failure(_ message: Diagnostic.Message) -> BuildFailure {
                BuildFailure(.invalidInput, [.error(set.path, .symbolSetUnusable(set.name, because: message))])
            }
            let bytes: [UInt8]
            do {
                bytes = try CatalogSetContents.bytes(set.path, in: templates)
            } catch {
                throw failure(CarMessage.cannotRead(error))
            }
            if let size = GitLFSPointer.pointedSize(of: bytes) {
                throw BuildFailure(.invalidInput, [.error(set.path, GitLFSPointer.message(pointedSize: size))])
            }
            let glyphs: [SymbolGlyph]
            do {
                glyphs = try SymbolTemplate.glyphs(XMLReader.parse(bytes))
            } catch let error as SourceError {
                throw failure(.init(relaying: error.message))
            } catch let error as SymbolTemplateError {
                throw failure(.init(relaying: error.message))
            } catch {
                throw failure(.init(relaying: String(describing: error)))
            }
            var asset = CompiledCatalog.Asset(name: set.name, kind: .symbol, renditions: [])
            for var glyph in glyphs {
                glyph.metrics.preferredRenderingMode = SymbolTemplate.renderingMode(forIntent: set.renderingIntent)
                var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: set.filename, width: 0, height: 0, rgba: [])
                rendition.embedded = .symbolGlyph(glyph)
                rendition.traits = [.glyphWeight: glyph.weight, .glyphSize: glyph.size, .deploymentTarget: SymbolTemplate.deploymentTarget]
                asset.renditions.append(rendition)
            }
            assets.append((asset, sha256Hex(bytes), set.contentsPath))
        }
        return assets
    }

    /// The names the car will hold, counted when it is planned, so `check --car` refuses a catalog
    /// the writer would refuse (its name trees hold at most `CompiledCatalogWriter.maximumNames`).
    /// Icon stacks' parts come on top and are counted when the car is made.
    public static func checkNameCount(_ plan: BuildPlan) throws(BuildFailure) {
        var names = Set(plan.compiledCatalogVariants.map(\.name))
        names.formUnion(plan.catalogRecords.colors.filter { $0.bundle == .main }.map(\.name))
        names.formUnion(plan.catalogRecords.dataSets.filter { $0.bundle == .main }.map(\.name))
        names.formUnion(plan.catalogRecords.symbolSets.filter { $0.bundle == .main }.map(\.name))
        guard names.count > CompiledCatalogWriter.maximumNames else { return }
        throw BuildFailure(.invalidInput, [.error(plan.inputPath, .tooManyNamesForCar(names.count))])
    }

    /// The writer's other counts, from what planning knows, so `check --car` refuses what the car
    /// writer would: at least one rendition per image variant the car holds, per colour of a colour
    /// set, per file of a data set and per symbol set (the writer's trees hold at most
    /// `CompiledCatalogWriter.maximumRenditions`), and fewer languages than its 16-bit numbers (the
    /// locales of colours, data files and car-only slots). Wide-gamut companions and each symbol's
    /// glyphs come on top, and are counted when the car is made.
    public static func checkRenditionLimits(_ plan: BuildPlan) throws(BuildFailure) {
        let records = plan.catalogRecords
        let colors = records.colors.filter { $0.bundle == .main }
        let dataSets = records.dataSets.filter { $0.bundle == .main }
        let images = records.images.filter { $0.bundle == .main }
        let renditions = plan.compiledCatalogVariants.count + colors.reduce(0) { $0 + $1.colors.count }
            + dataSets.reduce(0) { $0 + $1.entries.count } + records.symbolSets.filter { $0.bundle == .main }.count
            + images.reduce(0) { $0 + $1.properties.traitSlots.filter { !$0.isVector }.count }
        if renditions > CompiledCatalogWriter.maximumRenditions {
            throw BuildFailure(.invalidInput, [.error(plan.inputPath, .tooManyRenditionsForCar(atLeast: renditions))])
        }
        let locales = Set(colors.flatMap { $0.colors.compactMap(\.locale) } + dataSets.flatMap { $0.entries.compactMap(\.locale) }
            + images.flatMap { $0.properties.traitSlots.compactMap(\.locale) })
        if locales.count >= CompiledCatalogWriter.maximumLocalizations {
            throw BuildFailure(.invalidInput, [.error(plan.inputPath, .tooManyLanguagesForCar(locales.count))])
        }
    }

    /// The main bundle's car-only slots, read as far as their headers when the car is planned, so
    /// `check --car` refuses a file the build would refuse (a garbage or truncated JPEG, PNG, WebP
    /// or HEIC header); their pixels are read when the car is made.
    public static func checkTraitSlots(_ plan: BuildPlan, files: [String: Result<[UInt8], FileError>]) throws(BuildFailure) {
        for record in plan.catalogRecords.images where record.bundle == .main {
            for slot in record.properties.traitSlots where !slot.isVector {
                do {
                    let bytes = try CatalogSetContents.bytes(slot.path, in: files)
                    if JPEGHeader.isJPEG(bytes) {
                        _ = try JPEGHeader.size(bytes)
                    } else {
                        _ = try PNGCodec.readHeader(bytes)
                    }
                } catch {
                    throw BuildFailure(.invalidInput, [.error(slot.path, CarMessage.cannotRead(error))])
                }
            }
        }
    }
}

extension Diagnostic.Message {
    /// `detail`: why one of its files cannot be used.
    fileprivate static func dataSetUnusable(_ name: String, because detail: Diagnostic.Message) -> Diagnostic.Message { "the data set \"\(name)\": \(detail)" }

    /// `detail`: why its template cannot be used (read, parsed, or its glyphs found).
    fileprivate static func symbolSetUnusable(_ name: String, because detail: Diagnostic.Message) -> Diagnostic.Message { "the symbol set \"\(name)\": \(detail)" }

    fileprivate static func tooManyNamesForCar(_ count: Int) -> Diagnostic.Message { "\(count) names for Assets.car: more than the \(CompiledCatalogWriter.maximumNames) its name trees hold as assetc writes them; split the catalog into bundles or leave some sets out of the car" }

    fileprivate static func tooManyRenditionsForCar(atLeast count: Int) -> Diagnostic.Message { "at least \(count) renditions for Assets.car: more than the \(CompiledCatalogWriter.maximumRenditions) it holds as assetc writes it; split the catalog into bundles or leave some sets out of the car" }

    fileprivate static func tooManyLanguagesForCar(_ count: Int) -> Diagnostic.Message { "\(count) languages for Assets.car: more than the \(CompiledCatalogWriter.maximumLocalizations - 1) it numbers" }
}
