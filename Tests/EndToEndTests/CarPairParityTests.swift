import Foundation
import Testing
import TestSupport

/// The parity test over every iOS golden pair (`../shared/corpus/car-pairs`, SOURCES.tsv): each
/// catalog is compiled by the actool mode as its actool was called, and the two cars are compared
/// semantically, rendition by rendition under the same key (asset name, idiom, scale, appearance,
/// subtype, traits), then field by field: pixel size, flags, pixel format, pixels of PNG sources,
/// the PDF kept in a vector rendition, colour components and spaces, multisize records and
/// BITMAPKEYS masks. Every difference must be one of `CarDifference.choices`, each with its reason
/// (docs/assets-car.md, "Checked against actool"); anything else fails the test. The watchOS car of
/// acextract's other cars are compared too: its iOS, Mac, tvOS and watchOS ones.
@Suite struct CarPairParityTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var repository: String
        var catalog: String
        var car: String
        var deploymentTarget: String
        var devices: [String]
        /// The Xcode whose actool made the car (SOURCES.tsv), as (major, minor).
        var xcode: (Int, Int)
        /// actool's `--platform`.
        var platform = "iphoneos"
        var testDescription: String { "\(repository) \(car)" }
    }

    static let pairs: [Pair] = [
        Pair(repository: "microbit-foundation__microbit-swift-playgrounds", catalog: "371aefa/Assets.xcassets", car: "371aefa/Assets.car",
             deploymentTarget: "8.0", devices: ["ipad"], xcode: (10, 1)),
        Pair(repository: "microbit-foundation__microbit-swift-playgrounds", catalog: "a230137/Assets.xcassets", car: "a230137/Assets.car",
             deploymentTarget: "8.0", devices: ["ipad"], xcode: (10, 2)),
        Pair(repository: "Yummypets__YPImagePicker", catalog: "d3bf2d4/Assets.xcassets", car: "d3bf2d4/Assets.car",
             deploymentTarget: "9.0", devices: ["iphone", "ipad"], xcode: (10, 2)),
        Pair(repository: "Yummypets__YPImagePicker", catalog: "00bdf3c/Assets.xcassets", car: "00bdf3c/Assets.car",
             deploymentTarget: "9.0", devices: ["iphone", "ipad"], xcode: (9, 4)),
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_ios.car",
             deploymentTarget: "9.3", devices: ["iphone", "ipad"], xcode: (7, 3)),
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_iphone.car",
             deploymentTarget: "9.3", devices: ["iphone"], xcode: (7, 3)),
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_ipad.car",
             deploymentTarget: "9.3", devices: ["ipad"], xcode: (7, 3)),
        // The Mac car of the same catalog (its Makefile: --platform macosx, 10.11, no --target-device):
        // universal and mac slots only, the mac ones winning, no 3x, no iOS traits.
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_mac.car",
             deploymentTarget: "10.11", devices: [], xcode: (7, 3), platform: "macosx"),
        // Its tvOS car (tvOS 9.2, --target-device tv): universal and tv slots, tv keyed idiom 3.
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_tv.car",
             deploymentTarget: "9.2", devices: ["tv"], xcode: (7, 3), platform: "appletvos"),
        // Its watchOS car (watchOS 2.2, --target-device watch): universal and watch slots, watch keyed
        // idiom 5, a slot chosen by screen width keyed by the watch's subtype (<=145: 320, >145: 384).
        Pair(repository: "bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_watch.car",
             deploymentTarget: "2.2", devices: ["watch"], xcode: (7, 3), platform: "watchos"),
    ]

    @Test(arguments: pairs)
    func carMatchesActools(pair: Pair) throws {
        let arguments = ["--minimum-deployment-target", pair.deploymentTarget] + pair.devices.flatMap { ["--target-device", $0] }
        let (apple, ours) = try CarParityTests.compile(pair.repository, catalog: pair.catalog, car: pair.car, platform: pair.platform, arguments: arguments,
                                                        name: "parity-\(pair.car.replacingOccurrences(of: "/", with: "-"))")
        let catalog = CarParityTests.pairs.appendingPathComponent(pair.repository).appendingPathComponent(pair.catalog)
        let context = CarDifference.Context(pair: pair, catalog: catalog, apple: apple, ours: ours)
        let differences = CarDifference.compare(apple, ours, context: context)
        var unexplained: [String] = []
        var explained: [String: Int] = [:]
        for difference in differences {
            if let choice = CarDifference.choices.first(where: { $0.applies(difference, context) }) {
                explained[choice.name, default: 0] += 1
            } else {
                unexplained.append(difference.description)
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) differences that are no listed choice:\n\(unexplained.prefix(40).joined(separator: "\n"))")
        // The comparison compared something: most of actool's renditions were matched field by field.
        #expect(context.matched(differences) * 2 >= context.appleRenditions.count / 2,
                "only \(context.matched(differences)) of \(context.appleRenditions.count) renditions matched; choices: \(explained)")
        // Pixels were compared wherever actool stored a PNG source in a form the reader decodes.
        let readablePNGs = context.appleRenditions.filter { $0.kind == .bitmap && $0.rendition.name.hasSuffix(".png") && ($0.rendition.storedPixels != nil || apple.linkedPixels($0.rendition) != nil) }
        #expect(context.pixelsCompared * 2 >= readablePNGs.count, "\(context.pixelsCompared) of \(readablePNGs.count) readable PNG renditions compared")
        #expect(Set(apple.facets.keys).subtracting(ours.facets.keys).allSatisfy { name in
            context.appleRenditions.filter { $0.asset == name }.allSatisfy { rendition in
                CarDifference.choices.contains { $0.applies(.onlyInActools(rendition), context) }
            }
        }, "an asset actool compiled is missing for no listed reason")
    }
}

/// One rendition of either car, keyed as the comparison keys it.
struct KeyedRendition {
    /// The asset's name (FACETKEYS), or "" for what no facet names (packed atlases).
    var asset: String
    /// Every key attribute but the identifier, zeros left out, so cars of different key formats compare.
    var attributes: [UInt16: UInt16]
    var kind: Kind
    var rendition: CARReader.Rendition

    enum Kind: String { case bitmap, vector, colour, multisize, atlas, other }

    var key: String {
        "\(asset) [\(attributes.sorted { $0.key < $1.key }.map { "\(CarDifference.attributeNames[$0.key] ?? "\($0.key)")=\($0.value)" }.joined(separator: ","))] \(kind)"
    }

    subscript(_ attribute: UInt16) -> UInt16 { attributes[attribute] ?? 0 }

    static func all(of car: CARReader) -> [KeyedRendition] {
        var names: [UInt16: String] = [:]
        for (name, pairs) in car.facets { if let id = pairs.first(where: { $0.0 == 17 })?.1 { names[id] = name } }
        return car.renditions.map { rendition in
            let kind: Kind = switch rendition.layout {
            case 1009: .colour
            case 9: .vector
            case 1010: .multisize
            case 1004: .atlas
            case 10...12, 20...34, 1003: .bitmap
            default: .other
            }
            return KeyedRendition(asset: names[rendition.attributes[17] ?? 0] ?? "",
                                  attributes: rendition.attributes.filter { $0.key != 17 && $0.value != 0 },
                                  kind: kind, rendition: rendition)
        }
    }
}

/// What differs between actool's car and ours, and the differences that are choices.
enum CarDifference: CustomStringConvertible {
    case onlyInActools(KeyedRendition)
    case onlyInOurs(KeyedRendition)
    case differs(KeyedRendition, field: String, actools: String, ours: String)
    case bitmapKeys(asset: String, attribute: UInt16, actools: UInt32, ours: UInt32)

    static let attributeNames: [UInt16: String] = [1: "element", 2: "part", 7: "appearance", 8: "dimension1", 9: "dimension2", 12: "scale",
                                                   13: "localization", 15: "idiom", 16: "subtype", 20: "sizeClassH", 21: "sizeClassV",
                                                   22: "memory", 23: "graphics", 24: "gamut", 25: "deploymentTarget"]

    var description: String {
        switch self {
        case .onlyInActools(let r): "only in actool's: \(r.key) \(r.rendition.name) \(r.rendition.width)×\(r.rendition.height) \(r.rendition.pixelFormat)"
        case .onlyInOurs(let r): "only in ours: \(r.key) \(r.rendition.name) \(r.rendition.width)×\(r.rendition.height) \(r.rendition.pixelFormat)"
        case let .differs(r, field, a, o): "\(r.key): \(field) \(a) in actool's, \(o) in ours"
        case let .bitmapKeys(asset, attribute, a, o): "BITMAPKEYS \(asset) \(Self.attributeNames[attribute] ?? "\(attribute)"): \(String(a, radix: 16)) in actool's, \(String(o, radix: 16)) in ours"
        }
    }

    final class Context {
        let pair: CarPairParityTests.Pair
        let catalog: URL
        let appleCar: CARReader
        let appleRenditions: [KeyedRendition]
        let ourRenditions: [KeyedRendition]
        /// Image set name → its folder in the catalog.
        let sets: [String: URL]
        /// PNG renditions whose stored pixels were compared row for row.
        var pixelsCompared = 0

        init(pair: CarPairParityTests.Pair, catalog: URL, apple: CARReader, ours: CARReader) {
            self.pair = pair
            self.catalog = catalog
            appleCar = apple
            appleRenditions = KeyedRendition.all(of: apple)
            ourRenditions = KeyedRendition.all(of: ours)
            var sets: [String: URL] = [:]
            let all = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)
            while let url = all?.nextObject() as? URL {
                if ["imageset", "colorset"].contains(url.pathExtension) { sets[url.deletingPathExtension().lastPathComponent] = url }
            }
            self.sets = sets
        }

        var targetsIPhone: Bool { pair.devices.contains("iphone") }
        var targetsIPad: Bool { pair.devices.contains("ipad") }

        func contents(of asset: String) -> String {
            guard let folder = sets[asset], let data = try? Data(contentsOf: folder.appendingPathComponent("Contents.json")) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }

        func matched(_ differences: [CarDifference]) -> Int {
            let unmatched = differences.filter { if case .onlyInActools = $0 { true } else { false } }.count
            return appleRenditions.count - unmatched
        }
    }

    static func compare(_ apple: CARReader, _ ours: CARReader, context: Context) -> [CarDifference] {
        var differences: [CarDifference] = []
        var ourByKey: [String: [KeyedRendition]] = [:]
        for rendition in context.ourRenditions { ourByKey[rendition.key, default: []].append(rendition) }
        var appleKeys = Set<String>()
        for theirs in context.appleRenditions {
            appleKeys.insert(theirs.key)
            guard let mine = ourByKey[theirs.key]?.first else {
                differences.append(.onlyInActools(theirs))
                continue
            }
            differences += compareFields(theirs, mine, apple: apple, context: context)
        }
        for mine in context.ourRenditions where !appleKeys.contains(mine.key) {
            differences.append(.onlyInOurs(mine))
        }
        // BITMAPKEYS, for each asset whose renditions have the same keys in both cars.
        let appleIDs = Dictionary(apple.facets.compactMap { name, pairs in pairs.first { $0.0 == 17 }.map { (name, UInt32($0.1)) } }, uniquingKeysWith: { a, _ in a })
        let ourIDs = Dictionary(ours.facets.compactMap { name, pairs in pairs.first { $0.0 == 17 }.map { (name, UInt32($0.1)) } }, uniquingKeysWith: { a, _ in a })
        for (name, appleID) in appleIDs {
            guard let ourID = ourIDs[name], let appleMasks = apple.bitmapKeys[appleID], let ourMasks = ours.bitmapKeys[ourID] else { continue }
            let appleSet = Set(context.appleRenditions.filter { $0.asset == name }.map(\.key))
            let ourSet = Set(context.ourRenditions.filter { $0.asset == name }.map(\.key))
            guard appleSet == ourSet else { continue }
            for (slot, attribute) in apple.keyFormat.enumerated() {
                guard let ourSlot = ours.keyFormat.firstIndex(of: attribute), slot < appleMasks.count, ourSlot < ourMasks.count else { continue }
                if appleMasks[slot] != ourMasks[ourSlot] {
                    differences.append(.bitmapKeys(asset: name, attribute: attribute, actools: appleMasks[slot], ours: ourMasks[ourSlot]))
                }
            }
        }
        return differences
    }

    static func compareFields(_ theirs: KeyedRendition, _ mine: KeyedRendition, apple: CARReader, context: Context) -> [CarDifference] {
        var differences: [CarDifference] = []
        let a = theirs.rendition, o = mine.rendition
        func field<Value: Equatable & CustomStringConvertible>(_ name: String, _ x: Value, _ y: Value) {
            if x != y { differences.append(.differs(theirs, field: name, actools: x.description, ours: y.description)) }
        }
        field("name", a.name, o.name)
        field("flags", a.flags, o.flags)
        field("pixel format", a.pixelFormat, o.pixelFormat)
        if theirs.kind == .bitmap {
            field("pixel size", "\(a.width)×\(a.height)", "\(o.width)×\(o.height)")
            // Slicing and alignment: the layout that names the mode, the slice rectangles, the metrics.
            field("layout", a.imageLayout, o.imageLayout)
            field("slices", a.slices.map { "\($0)" } ?? "-", o.slices.map { "\($0)" } ?? "-")
            field("metrics", a.metrics.map { "\($0)" } ?? "-", o.metrics.map { "\($0)" } ?? "-")
        }
        switch theirs.kind {
        case .colour:
            field("colour space", a.color.map { "\($0.space)" } ?? "-", o.color.map { "\($0.space)" } ?? "-")
            field("colour components", a.color.map { "\($0.components)" } ?? "-", o.color.map { "\($0.components)" } ?? "-")
        case .multisize:
            field("multisize records", a.multisize.map { "\($0.map { "\($0.0)×\($0.1)→\($0.2)" })" } ?? "-",
                  o.multisize.map { "\($0.map { "\($0.0)×\($0.1)→\($0.2)" })" } ?? "-")
        case .vector:
            // actool keeps CoreGraphics' re-write of the PDF; ours must hold the source file itself.
            let source = context.sets[theirs.asset].flatMap { try? Data(contentsOf: $0.appendingPathComponent(o.name.hasSuffix(".pdf") ? o.name : o.name + ".pdf")) }
            let kept = Array(o.rawPayload.dropFirst(12))
            if source.map({ Array($0) }) != kept {
                differences.append(.differs(theirs, field: "vector payload", actools: "the source PDF", ours: "\(kept.count) other bytes"))
            }
        case .bitmap:
            // Pixels of PNG sources, row for row, where actool's can be read (its own bitmap or its
            // frame in a packed atlas) and both store the same pixel format.
            guard let differing = CarParityTests.differingRows(o, a, in: apple) else { break }
            context.pixelsCompared += 1
            if differing > 0 {
                differences.append(.differs(theirs, field: "pixels", actools: "\(a.height) rows", ours: "\(differing) rows different"))
            }
        default:
            break
        }
        return differences
    }

    /// A difference that is a choice, and why (docs/assets-car.md, "Checked against actool").
    struct Choice: Sendable {
        var name: String
        var reason: String
        var applies: @Sendable (CarDifference, Context) -> Bool
    }

    static let choices: [Choice] = [
        Choice(name: "packed atlases",
               reason: "actool packs small images into atlases (ZZZZPackedAsset, layout 1004) and keys each image to its frame (layout 1003); assetc stores each image on its own under the same key, which every CoreUI reads (and Xcode 26 still writes for images it does not pack)") { difference, _ in
            if case .onlyInActools(let r) = difference { return r.kind == .atlas && r.asset.isEmpty }
            return false
        },
        Choice(name: "deployment-target fallbacks",
               reason: "Xcode 10 and later write each bitmap again for older systems (attribute deploymentTarget, RLE/LZVN/deepmap payloads); assetc writes one LZFSE rendition at deploymentTarget 0, which every CoreUI that reads LZFSE (iOS 9+) finds") { difference, _ in
            if case .onlyInActools(let r) = difference { return r[25] != 0 }
            return false
        },
        Choice(name: "display-gamut slots not carried yet",
               reason: "display-gamut (P3) slots are left out of the car with a note: actool stores such a slot as a 16-bit rendition keyed gamut 1, which assetc's encoder does not write") { difference, _ in
            if case .onlyInActools(let r) = difference { return r[24] != 0 }
            return false
        },
        Choice(name: "scales no targeted device loads",
               reason: "actool rasterises a PDF at 1x, 2x and 3x for every idiom; assetc leaves out what no targeted device loads (docs/manifest.md): @3x on iPad, iPhone @1x from iOS 7, iPad @1x from iOS 10, a universal @3x without iPhone, a universal @1x when neither can load it, and a retina4 (-568h) slot at any scale but 2x (only the 2x iPhone 5 class has a 568-point screen)") { difference, context in
            // An Apple TV loads 1x and 2x (its 3x is the choice below).
            guard case .onlyInActools(let r) = difference, r.kind == .bitmap, context.pair.platform != "appletvos" else { return false }
            let scale = r[12], idiom = r[15]
            if r[16] == 568 { return scale != 2 }
            let target = context.pair.deploymentTarget.split(separator: ".").compactMap { Int($0) }
            let iphoneAt1x = context.targetsIPhone && target.lexicographicallyPrecedes([7])
            let ipadAt1x = context.targetsIPad && target.lexicographicallyPrecedes([10])
            switch (idiom, scale) {
            case (2, 3): return true
            case (1, 1): return !iphoneAt1x
            case (2, 1): return !ipadAt1x
            case (0, 1): return !iphoneAt1x && !ipadAt1x
            case (0, 3): return !context.targetsIPhone
            default: return false
            }
        },
        Choice(name: "grey PDF rasters as GA8",
               reason: "assetc stores a raster whose pixels are all grey as GA8, as actool has since Xcode 9 (YPImagePicker 3.4.0 and 4.0.0: every choice matches). Xcode 7.3 stored PDF rasters as BGRA (acextract); and actool of Xcode 10.1 and 10.2.1 stored microbit's icon_action.pdf, drawn in an ICC-based grey space, as BGRA: CoreGraphics converts that grey to sRGB, which need not leave red, green and blue equal; its payload is RLE and LZVN, which the test reader does not decode, so those pixels were not seen") { difference, context in
            guard case let .differs(r, field, actools, ours) = difference, field == "pixel format", r.rendition.name.hasSuffix(".pdf"),
                  actools == "BGRA", ours == " 8AG" else { return false }
            if context.pair.xcode < (9, 0) { return true }
            let source = context.sets[r.asset].flatMap { try? Data(contentsOf: $0.appendingPathComponent(r.rendition.name)) } ?? Data()
            return source.range(of: Data("/ICCBased".utf8)) != nil && source.range(of: Data("/N 1".utf8)) != nil
        },
        Choice(name: "vector names with .pdf",
               reason: "Xcode 13 and later name a PDF's vector rendition after the file with its extension; older actool left it off. assetc follows Xcode 13+") { difference, _ in
            guard case let .differs(r, field, actools, ours) = difference else { return false }
            return r.kind == .vector && field == "name" && ours == actools + ".pdf"
        },
        Choice(name: "seam pixels of sliced images",
               reason: "a sliced image is cut to its caps and one centre part as actool cuts it (same size, layout, slice rectangles and metrics); actool's drawing also copies one column or row across each seam (2–6 pixels an image, differently in its macOS car), which assetc does not imitate: a plain cut draws the same") { difference, context in
            guard case let .differs(r, field, _, ours) = difference, field == "pixels", context.contents(of: r.asset).contains("\"resizing\"") else { return false }
            return Int(ours.split(separator: " ").first ?? "") ?? .max <= 6
        },
        Choice(name: "universal slots covered by device slots",
               reason: "actool leaves out a universal image where every targeted device has its own at that scale; assetc keeps it, as the loose tree does (CoreUI prefers the device's own)") { difference, context in
            guard case .onlyInOurs(let r) = difference, r[15] == 0 else { return false }
            let idioms = Set(context.appleRenditions.filter { $0.asset == r.asset }.map { $0[15] })
            return (!context.targetsIPhone || idioms.contains(1)) && (!context.targetsIPad || idioms.contains(2))
        },
        Choice(name: "a PDF beside per-scale PNGs of one idiom",
               reason: "in a slot that mixes a single-scale PDF with per-scale PNGs (acextract's override test), actool keeps the PDF as a vector too; assetc keeps vectors only for slots drawn from one PDF alone") { difference, context in
            guard case .onlyInActools(let r) = difference, r.kind == .vector else { return false }
            return context.ourRenditions.contains { $0.asset == r.asset && $0[15] == r[15] && $0.rendition.name.hasSuffix(".png") }
        },
        Choice(name: "a Mac nine-part image with a tiled centre",
               reason: "actool of Xcode 7.3 stores acextract's 9-part @2x image with a tiled centre as layout 31 in its macOS car and as 30 in its iOS cars of the same catalog; assetc writes 30 on both: one Mac example of 2016 is not enough to follow, and AppKit draws the slices from the slice rectangles, which match") { difference, context in
            guard case let .differs(_, field, actools, ours) = difference else { return false }
            return context.pair.platform == "macosx" && field == "layout" && actools == "31" && ours == "30"
        },
        Choice(name: "no 3x on Apple TV",
               reason: "actool of Xcode 7.3 drew PDFs at 3x too in its tvOS car; Apple TV screens are 1x and 2x (docs/tvos.md), and assetc draws a tvOS build's vectors at 1x and 2x, as it draws a Mac's") { difference, context in
            guard case .onlyInActools(let r) = difference else { return false }
            return context.pair.platform == "appletvos" && r.kind == .bitmap && r[12] == 3
        },
        Choice(name: "2x alone on Apple Watch",
               reason: "actool of Xcode 7.3 drew a watch slot's PDF at 1x and 3x too in its watchOS car; every Apple Watch screen, 38 mm to Ultra, is 2x (docs/watchos.md), and assetc draws a watchOS build's vectors at 2x alone") { difference, context in
            guard case .onlyInActools(let r) = difference else { return false }
            return context.pair.platform == "watchos" && r.kind == .bitmap && r[12] != 2 && r.rendition.name.hasSuffix(".pdf")
        },
        Choice(name: "Xcode 9 masks",
               reason: "Xcode 9.4.1 writes 0 as the BITMAPKEYS mask of identifier, element and part; later actool writes all ones, as assetc does") { difference, context in
            guard case let .bitmapKeys(_, attribute, actools, ours) = difference else { return false }
            return context.pair.xcode < (10, 0) && [1, 2, 17].contains(attribute) && actools == 0 && ours == .max
        },
    ]
}
