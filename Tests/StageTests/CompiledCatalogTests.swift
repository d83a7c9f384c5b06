import AssetModel
@testable import CompiledCatalog
import Foundation
import Testing
import TestSupport

/// The Assets.car writer, block by block, read back with the independent reader in TestSupport.
@Suite struct CompiledCatalogTests {
    nonisolated(unsafe) static let reference: [String: Any] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/car/actool-reference.json")
        return try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }()

    /// Half floats written by hand round as IEEE 754 does (nearest, ties to even), subnormals and
    /// overflow included: checked against Swift's Float16 where the platform has it.
    @Test func halfFloatsRoundAsIEEE() {
        var values: [Float] = [0, -0, 1, -1, 0.5, 1.0930, -0.2267, 65504, 65519, 65520, 1e-8, 5.96e-8, 2.98e-8, 6.1e-5, 6.0e-5,
                               .infinity, -.infinity, 1 + 1.0 / 2048, 1 + 3.0 / 2048]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &generator))) }
        #if !(os(macOS) && arch(x86_64))
        for value in values where !value.isNaN {
            #expect(HalfFloat.bits(value) == Float16(value).bitPattern, "\(value)")
        }
        #endif
        #expect(HalfFloat.bits(.nan) & 0x7C00 == 0x7C00 && HalfFloat.bits(.nan) & 0x3FF != 0)
        #expect(HalfFloat.bits(1) == 0x3C00 && HalfFloat.bits(-2) == 0xC000 && HalfFloat.bits(65520) == 0x7C00)
    }

    /// A 2×1 image: one opaque red pixel, one half-transparent white pixel.
    static func pixels(_ width: Int, _ height: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<(width * height)).flatMap { index -> [UInt8] in
            let value = UInt8(truncatingIfNeeded: index &* 37 &+ Int(seed))
            return [value, value &+ 50, 255 &- value, index % 3 == 0 ? 128 : 255]
        }
    }

    static func sample() throws -> CARReader {
        let icon = CompiledCatalog.Asset(name: "AppIcon", kind: .appIcon, renditions: [
            .init(idiom: .phone, scale: 2, appearance: .any, iconPoints: 60, fileName: "AppIcon60x60@2x.png", width: 120, height: 120, rgba: pixels(120, 120)),
            .init(idiom: .phone, scale: 3, appearance: .any, iconPoints: 60, fileName: "AppIcon60x60@3x.png", width: 180, height: 180, rgba: pixels(180, 180)),
            .init(idiom: .pad, scale: 2, appearance: .any, iconPoints: 83.5, fileName: "AppIcon83.5x83.5@2x~ipad.png", width: 167, height: 167, rgba: pixels(167, 167)),
            .init(idiom: .marketing, scale: 1, appearance: .any, iconPoints: 1024, fileName: "AppIcon1024x1024.png", width: 1024, height: 1024, rgba: pixels(1024, 1024)),
        ])
        let image = CompiledCatalog.Asset(name: "Img001", kind: .image, renditions: [
            .init(idiom: .universal, scale: 1, appearance: .any, fileName: "a.png", width: 3, height: 2, rgba: pixels(3, 2)),
            .init(idiom: .universal, scale: 2, appearance: .any, fileName: "a@2x.png", width: 6, height: 4, rgba: pixels(6, 4, seed: 9)),
            .init(idiom: .universal, scale: 2, appearance: .dark, fileName: "a-dark@2x.png", width: 6, height: 4, rgba: pixels(6, 4, seed: 3)),
        ])
        return try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [image, icon], deploymentTarget: "15.1")))
    }

    /// A colour set: part 217, layout 1009, opacity 0 in TLV 1004, and the `RLOC` body actool wrote
    /// for microbit's `lanternBlue` (sRGB 0.243, 0.863, 0.992, 1 as 32-bit floats, widened).
    @Test func colourSetsAreRLOCRenditions() throws {
        var color = CompiledCatalog.Asset(name: "lanternBlue", kind: .color, renditions: [])
        color.colors = [
            .init(idiom: .universal, appearance: .any, space: .sRGB, components: [0.243, 0.863, 0.992, 1].map { Double(Float($0)) }),
            .init(idiom: .universal, appearance: .dark, space: .extendedGray, components: [0.5, 1]),
        ]
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [color], deploymentTarget: "15.0")))
        #expect(car.facets["lanternBlue"]?.map { "\($0.0)=\($0.1)" } == ["1=85", "2=217", "17=49065"])
        let renditions = car.renditions.sorted { ($0.attributes[7] ?? 0) < ($1.attributes[7] ?? 0) }
        #expect(renditions.count == 2)
        let light = renditions[0]
        #expect(light.layout == 1009 && light.flags == 0 && light.width == 0 && light.scaleTimes100 == 0 && light.attributes[12] == 1)
        #expect(light.tlvs.map(\.type) == [1004, 1006])
        let apple: [UInt8] = [0x52, 0x4c, 0x4f, 0x43, 1, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0,
                              0, 0, 0, 0xc0, 0x9f, 0x1a, 0xcf, 0x3f, 0, 0, 0, 0x20, 0xb2, 0x9d, 0xeb, 0x3f,
                              0, 0, 0, 0xc0, 0x76, 0xbe, 0xef, 0x3f, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]
        #expect(light.rawPayload == apple)
        #expect(renditions[1].attributes[7] == 1)
        #expect(renditions[1].color?.space == 6 && renditions[1].color?.components == [0.5, 1])
        #expect(car.appearances["UIAppearanceDark"] == 1)
        // A colour with the wrong number of components is refused, not written.
        color.colors = [.init(idiom: .universal, appearance: .any, space: .sRGB, components: [1, 1])]
        #expect(throws: CompiledCatalogError.self) { _ = try CompiledCatalogWriter.write(CompiledCatalog(assets: [color], deploymentTarget: "15.0")) }
    }

    /// A colour that refers to a system colour, and high-contrast colours: the body CoreUI's own
    /// writer makes (colour type 1 in bits 8–10 of the space word, the name in a second RLOC block
    /// after the fallback components), the high-contrast appearance values of CoreUI's iOS table,
    /// and APPEARANCEKEYS in byte order of the names, as actool's trees are.
    @Test func systemColourReferencesAndHighContrast() throws {
        var color = CompiledCatalog.Asset(name: "Tint", kind: .color, renditions: [])
        color.colors = [
            .init(idiom: .universal, appearance: .any, space: .extendedSRGB, components: [0, 0.478, 1, 1], systemColorName: "systemBlueColor"),
            .init(idiom: .universal, appearance: .highContrastAny, space: .sRGB, components: [0, 0, 1, 1]),
            .init(idiom: .universal, appearance: .highContrastDark, space: .sRGB, components: [0.5, 0.5, 1, 1]),
            .init(idiom: .universal, appearance: .dark, space: .sRGB, components: [0.2, 0.2, 1, 1]),
        ]
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [color], deploymentTarget: "15.0")))
        let byAppearance = Dictionary(uniqueKeysWithValues: car.renditions.map { ($0.attributes[7] ?? 0, $0) })
        let reference = try #require(byAppearance[0])
        #expect(reference.systemColorName == "systemBlueColor")
        #expect(reference.color?.space == 4 && reference.color?.components == [0, 0.478, 1, 1])
        #expect(Array(reference.rawPayload[8..<12]) == [4, 1, 0, 0], "space 4, colour type 1")
        #expect(Array(reference.rawPayload[48..<60]) == Array("RLOC".utf8) + [1, 0, 0, 0, 15, 0, 0, 0])
        #expect(reference.rawPayload.count == 16 + 32 + 12 + 15)
        #expect(byAppearance[2]?.systemColorName == nil && byAppearance[2]?.color?.components == [0, 0, 1, 1])
        #expect(byAppearance[3]?.color?.components == [0.5, 0.5, 1, 1])
        #expect(car.appearances == ["UIAppearanceAny": 0, "UIAppearanceDark": 1, "UIAppearanceHighContrastAny": 2,
                                    "UIAppearanceHighContrastDark": 3])
        let names = try car.tree(named: "APPEARANCEKEYS").entries.map { String(decoding: $0.key, as: UTF8.self) }
        #expect(names == ["UIAppearanceAny", "UIAppearanceDark", "UIAppearanceHighContrastAny", "UIAppearanceHighContrastDark"])
        #expect(RenditionAppearance(dark: false, light: true, highContrast: true) == .highContrastLight)
        #expect(RenditionAppearance(dark: false, light: false, highContrast: true) == .highContrastAny)
    }

    /// A sliced image as actool 7.3 stores it (acextract's car): cut to its caps and one centre part,
    /// the layout naming the mode (+1 when the centre stretches), the slice rectangles in pixels of the
    /// cut image from the top row down with the origin at the bottom left; alignment insets in 1003.
    @Test func slicedAndAlignedImages() throws {
        // 40×30, each pixel's red = column, green = row: the cut shows which pixels were kept.
        var rgba: [UInt8] = []
        for row in 0..<30 { for column in 0..<40 { rgba += [UInt8(column), UInt8(row), 0, 255] } }
        var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: "s.png", width: 40, height: 30, rgba: rgba)
        rendition.slicing = .init(mode: .ninePart, tiles: true, top: 10, left: 11, bottom: 12, right: 13, centerWidth: 2, centerHeight: 3)
        var image = CompiledCatalog.Asset(name: "s", kind: .image, renditions: [rendition])
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [image], deploymentTarget: "15.0")))
        let sliced = try #require(car.renditions.first)
        #expect(sliced.layout == 30 && sliced.width == 26 && sliced.height == 25)
        let nineParts: [[UInt32]] = [[0, 15, 11, 10], [11, 15, 2, 10], [13, 15, 13, 10],
                                     [0, 12, 11, 3], [11, 12, 2, 3], [13, 12, 13, 3],
                                     [0, 0, 11, 12], [11, 0, 2, 12], [13, 0, 13, 12]]
        #expect(sliced.slices == nineParts)
        #expect(sliced.metrics == [0, 0, 0, 0, 26, 25])
        // Columns 0–12 then 27–39; rows 0–12 then 18–29 (BGRA: red is the third byte).
        let pixels = try #require(sliced.pixels)
        let keptColumns: [UInt8] = Array(0...12) + Array(27...39), keptRows: [UInt8] = Array(0...12) + Array(18...29)
        let columns: [UInt8] = (0..<26).map { pixels[$0 * 4 + 2] }
        let rows: [UInt8] = (0..<25).map { pixels[$0 * 26 * 4 + 1] }
        #expect(columns == keptColumns)
        #expect(rows == keptRows)

        rendition.slicing = .init(mode: .threePartHorizontal, tiles: false, top: 0, left: 20, bottom: 0, right: 19, centerWidth: 1, centerHeight: nil)
        rendition.alignment = .init(top: 5, left: 10, bottom: 15, right: 20)
        image.renditions = [rendition]
        let stretched = try #require(try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [image], deploymentTarget: "15.0"))).renditions.first)
        #expect(stretched.layout == 21 && stretched.width == 40 && stretched.height == 30)
        let threeParts: [[UInt32]] = [[0, 0, 20, 30], [20, 0, 1, 30], [21, 0, 19, 30]]
        #expect(stretched.slices == threeParts)
        #expect(stretched.metrics == [10, 5, 20, 15, 10, 10], "alignment: (left, top), (right, bottom), what they leave")
        // Insets that do not fit the image: stored whole, as layout 12.
        rendition.slicing = .init(mode: .threePartVertical, tiles: true, top: 20, left: 0, bottom: 20, right: 0, centerWidth: nil, centerHeight: nil)
        rendition.alignment = nil
        image.renditions = [rendition]
        let whole = try #require(try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [image], deploymentTarget: "15.0"))).renditions.first)
        #expect(whole.layout == 12 && whole.slices == [[0, 0, 40, 30]])
    }

    /// The flags actool sets on image renditions (acextract's and microbit's cars).
    @Test func renderingIntentAndVectorFlags() {
        var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: "a.png", width: 1, height: 1, rgba: [0, 0, 0, 0])
        #expect(CompiledCatalogWriter.imageFlags(rendition) == 0x10)
        rendition.renderingIntent = .original
        #expect(CompiledCatalogWriter.imageFlags(rendition) == 0x00)
        rendition.renderingIntent = .template
        #expect(CompiledCatalogWriter.imageFlags(rendition) == 0x08)
        rendition.isFromVector = true
        #expect(CompiledCatalogWriter.imageFlags(rendition) == 0x0C)
    }

    /// An image set whose pixels are all grey is stored as actool stores it: `GA8` (pixel format
    /// bytes ` 8AG`, colour-space word 2, two bytes a pixel, grey premultiplied as (g·a + 127) / 255);
    /// one coloured pixel keeps BGRA, and an app icon stays BGRA even when grey.
    @Test func greyImagesAreGA8() throws {
        let grey: [UInt8] = [200, 200, 200, 255, 200, 200, 200, 128, 10, 10, 10, 0, 255, 255, 255, 1]
        var coloured = grey
        coloured[4] = 201
        let images = CompiledCatalog.Asset(name: "Grey", kind: .image, renditions: [
            .init(idiom: .universal, scale: 1, appearance: .any, fileName: "g.png", width: 2, height: 2, rgba: grey),
            .init(idiom: .universal, scale: 2, appearance: .any, fileName: "g@2x.png", width: 2, height: 2, rgba: coloured),
        ])
        let icon = CompiledCatalog.Asset(name: "AppIcon", kind: .appIcon, renditions: [
            .init(idiom: .phone, scale: 2, appearance: .any, iconPoints: 60, fileName: "i.png", width: 2, height: 2, rgba: grey),
        ])
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [images, icon], deploymentTarget: "15.0")))
        let one = try #require(car.renditions.first { $0.name == "g.png" })
        #expect(one.isGA8 && Array(one.pixelFormat.utf8) == [0x20, 0x38, 0x41, 0x47] && one.colorSpace == 2 && one.bytesPerRow == 4)
        #expect(one.storedPixels == [200, 255, 100, 128, 0, 0, 1, 1])
        #expect(one.pixels == [200, 200, 200, 255, 100, 100, 100, 128, 0, 0, 0, 0, 1, 1, 1, 1])
        let two = try #require(car.renditions.first { $0.name == "g@2x.png" })
        #expect(two.pixelFormat == "BGRA" && two.colorSpace == 1 && two.bytesPerRow == 8)
        let iconRendition = try #require(car.renditions.first { $0.name == "i.png" })
        #expect(iconRendition.pixelFormat == "BGRA")
    }

    @Test func namesHashAsActoolDoes() {
        // Identifiers read from actool-made files (docs/assets-car.md).
        #expect(NameIdentifier.of("AppIcon") == 6849)
        #expect(NameIdentifier.of("Img001") == 10197)
        #expect(NameIdentifier.of("HeaderImage") == 15855)
        #expect(NameIdentifier.of("ExpoGoLaunchIcon") == 10995)
        #expect(NameIdentifier.of("AppIcon/Group") == 55059)
        #expect(NameIdentifier.of("a") == 0xA2CA)
    }

    @Test func bomLayoutFollowsActool() throws {
        let car = try Self.sample()
        let reference = Self.reference
        #expect(car.variables.map(\.name) == reference["variables"] as! [String])
        #expect(car.blocks.count == reference["indexEntries"] as! Int)
        #expect(car.numberOfBlocks == UInt32(car.blocks.filter { $0.length > 0 }.count))
        let used = car.blocks.dropFirst().filter { $0.length > 0 }
        #expect(used.first?.address == UInt32(reference["firstBlockOffset"] as! Int))
        #expect(used.allSatisfy { $0.address % 16 == 0 })
        // Blocks are laid out in id order, without overlap.
        #expect(zip(used, used.dropFirst()).allSatisfy { $0.address + $0.length <= $1.address })
        let trees = reference["trees"] as! [String: [String: Any]]
        for (name, expected) in trees {
            let tree = try #require(car.trees[name], "\(name)")
            #expect(tree.blockSize == UInt32(expected["blockSize"] as! Int), "\(name)")
            #expect(tree.isPathInternal == expected["isPathInternal"] as! Bool, "\(name)")
            #expect(tree.keyLengthHint == UInt32(expected["keyLengthHint"] as! Int), "\(name)")
            #expect(tree.pathCount == UInt32(tree.entries.count), "\(name)")
            // Keys in raw byte order; each key block right before its value block.
            #expect(zip(tree.entries, tree.entries.dropFirst()).allSatisfy { $0.key.lexicographicallyPrecedes($1.key) }, "\(name)")
            if !tree.isPathInternal {
                #expect(tree.entries.allSatisfy { $0.keyBlock + 1 == $0.valueBlock }, "\(name)")
            }
        }
        // Leaves: blockSize long; the RENDITIONS leaf adds a copy of its keys.
        let renditionsHeader = try car.block(named: "RENDITIONS")
        let leaf = try car.block(CARReader.be32(renditionsHeader, 8))
        #expect(renditionsHeader.count == 29)
        #expect(leaf.count == 4096 + 18 * car.renditions.count)
        let copyStart = 12 + 8 * car.renditions.count + 4
        let copied = Array(leaf[copyStart..<(copyStart + 18 * car.renditions.count)])
        #expect(copied == car.trees["RENDITIONS"]!.entries.flatMap(\.key))
    }

    @Test func headerMetadataAndKeyFormat() throws {
        let car = try Self.sample()
        let header = Self.reference["header"] as! [String: Any]
        #expect(car.header.coreUIVersion == UInt32(header["coreUIVersion"] as! Int))
        #expect(car.header.storageVersion == UInt32(header["storageVersion"] as! Int))
        #expect(car.header.timestamp == 0)
        #expect(car.header.schemaVersion == UInt32(header["schemaVersion"] as! Int))
        #expect(car.header.colorSpace == UInt32(header["colorSpace"] as! Int))
        #expect(car.header.keySemantics == UInt32(header["keySemantics"] as! Int))
        #expect(car.header.mainVersion == header["mainVersion"] as! String)
        #expect(car.header.uuid == [UInt8](repeating: 0, count: 16))
        #expect(car.header.renditionCount == UInt32(car.renditions.count))
        #expect(car.metadata.platform == "ios")
        #expect(car.metadata.thinning == "")
        #expect(car.metadata.deploymentTarget == "15.1")
        #expect(car.keyFormat.map(Int.init) == Self.reference["keyFormat"] as! [Int])
    }

    @Test func facetsAppearancesAndBitmapKeys() throws {
        let car = try Self.sample()
        #expect(car.facets["AppIcon"]!.map { [Int($0.0), Int($0.1)] } == Self.reference["appIconFacet"] as! [[Int]])
        #expect(car.facets["Img001"]!.map { [Int($0.0), Int($0.1)] } == [[1, 85], [2, 181], [17, 10197]])
        #expect(car.appearances == ["UIAppearanceAny": 0, "UIAppearanceDark": 1])
        // One BITMAPKEYS entry per facet: a bit per value each key attribute takes.
        #expect(Set(car.bitmapKeys.keys) == [6849, 10197])
        let icon = car.bitmapKeys[6849]!
        let all: UInt32 = 0xFFFF_FFFF
        // appearance, localization, scale {1,2,3}, idiom {1,2,6}, subtype {0, 1792 as bit 16},
        // dim2 {0 for the records; 60, 76, 90, 1024 points numbered 1–4}, identifier, element, part
        #expect(icon == [all, 1, 0b1110, 0b100_0110, 0x1_0001, 0b1_1111, all, all, all])
        let image = car.bitmapKeys[10197]!
        #expect(image == [all, 1, 0b110, 1, 1, 1, all, all, all])
        let value = try car.block(car.trees["BITMAPKEYS"]!.entries[0].valueBlock)
        #expect((0..<4).map { Int(CARReader.le32(value, 4 * $0)) } == Self.reference["bitmapKeysPreamble"] as! [Int])
    }

    @Test func renditionsCarryActoolsHeaderTLVsAndPremultipliedPixels() throws {
        let car = try Self.sample()
        let bitmapTLVs = (Self.reference["bitmapTLVs"] as! [[Int]])
        let payload = Self.reference["bitmapPayload"] as! [String: Int]
        let bitmaps = car.renditions.filter { $0.layout == 12 }
        #expect(bitmaps.count == 8)
        for rendition in bitmaps {
            #expect(rendition.tlvs.map { [Int($0.type), $0.length] } == bitmapTLVs)
            #expect(rendition.tlvs.reduce(0) { $0 + 8 + $1.length } == 104)
            #expect(rendition.pixelFormat == "BGRA")
            #expect(rendition.colorSpace == 1)
            #expect(rendition.payloadFlags == UInt32(payload["flags"]!))
            #expect(rendition.payloadEncoding == UInt32(payload["encoding"]!))
            #expect(rendition.bytesPerRow == Int(rendition.width) * 4)
            let isIcon = rendition.attributes[2] == 220
            #expect(rendition.flags == (isIcon ? 0 : 16))
        }
        // The 1024 icon: the App Store idiom, the last of the set's sizes (60, 76, 90, 1024 points).
        let marketing = try #require(bitmaps.first { $0.attributes[15] == 6 })
        #expect([marketing.width, marketing.height, marketing.scaleTimes100] == [1024, 1024, 100])
        #expect(marketing.attributes[9] == 4)
        // The 60-point @3x icon again at scale 2, subtype 1792, as the 90-point size (index 3).
        let tall = try #require(bitmaps.first { $0.attributes[16] == 1792 })
        let sixty = try #require(bitmaps.first { $0.attributes[15] == 1 && $0.attributes[12] == 3 && $0.attributes[16] == 0 })
        #expect(tall.attributes[12] == 2 && tall.attributes[15] == 1 && tall.attributes[9] == 3 && sixty.attributes[9] == 1)
        #expect(tall.pixels == sixty.pixels && tall.width == sixty.width)
        #expect(marketing.name == "AppIcon1024x1024.png")
        // Pixels: premultiplied BGRA of the input, rounded to nearest.
        let small = try #require(bitmaps.first { $0.attributes[17] == 10197 && $0.attributes[12] == 1 })
        let rgba = Self.pixels(3, 2)
        var expected: [UInt8] = []
        for index in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Double(rgba[index + 3])
            for channel in [2, 1, 0] { expected.append(UInt8((Double(rgba[index + channel]) * alpha / 255).rounded())) }
            expected.append(rgba[index + 3])
        }
        #expect(small.pixels == expected)
        // Dark: the appearance attribute.
        #expect(bitmaps.filter { $0.attributes[7] == 1 }.map(\.name) == ["a-dark@2x.png"])
        // Multisize records: one per icon idiom and subtype, sizes ascending with their indexes.
        let multisize = car.renditions.filter { $0.layout == 1010 }
        #expect(multisize.count == 4)
        #expect(multisize.allSatisfy { $0.tlvs.map { [Int($0.type), $0.length] } == Self.reference["multisizeTLVs"] as! [[Int]] })
        let phone = try #require(multisize.first { $0.attributes[15] == 1 && $0.attributes[16] == 0 })
        #expect(phone.multisize!.map { [$0.0, $0.1, $0.2] } == [[60, 60, 1]])
        let tallRecord = try #require(multisize.first { $0.attributes[15] == 1 && $0.attributes[16] == 1792 })
        #expect(tallRecord.multisize!.map { [$0.0, $0.1, $0.2] } == [[90, 90, 3]])
        #expect(phone.attributes[2] == 218 && phone.attributes[12] == 1 && phone.attributes[9] == 0)
    }

    /// actool's `dimension2` numbering, from the golden cars (../shared/notes/assets-car.md §7).
    @Test(arguments: [
        // Xcode 16.0, an iPhone-only set: 20→1, 29→2, 40→3, 60→4, 90 (the subtype-1792 copy)→5.
        ([20.0, 29, 40, 60], [20.0: 1, 29: 2, 40: 3, 60: 4, 90: 5]),
        // Xcode 16.2 with the legacy 57-point slot and the App Store icon.
        ([20, 29, 40, 57, 60, 1024], [20: 1, 29: 2, 40: 3, 57: 4, 60: 5, 90: 6, 1024: 7]),
        // iPhone, iPad and App Store: Xcode 14.3's numbering, counted from 1.
        ([20, 29, 40, 60, 76, 83.5, 1024], [20: 1, 29: 2, 40: 3, 60: 4, 76: 5, 83.5: 6, 90: 7, 1024: 8]),
        // Xcode 26's single-size set.
        ([1024], [1024: 1]),
    ] as [([Double], [Double: UInt16])])
    func iconIndexesFollowTheSetsSizes(points: [Double], expected: [Double: UInt16]) {
        let numbering = IconSizeIndex.numbering(for: points)
        for (size, index) in expected { #expect(numbering(size) == index, "\(size)") }
        #expect(numbering(57) == (points.contains(57) ? expected[57] : nil))
    }

    @Test func singleSizeIconSetsUseIndexOne() throws {
        let rendition = CompiledCatalog.Rendition(idiom: .phone, scale: 1, appearance: .any, iconPoints: 1024, fileName: "Icon.png",
                                                  width: 4, height: 4, rgba: Self.pixels(4, 4))
        var pad = rendition
        pad.idiom = .pad
        let bytes = try CompiledCatalogWriter.write(CompiledCatalog(assets: [.init(name: "AppIcon", kind: .appIcon, renditions: [rendition, pad])],
                                                                    deploymentTarget: "15.1"))
        let car = try CARReader(bytes)
        let expected = (Self.reference["xcode26SingleSizeIcon"] as! [String: Any])
        let renditions = car.renditions.filter { $0.layout == 12 }.map { ["idiom": Int($0.attributes[15]!), "scale": Int($0.attributes[12]!), "dimension2": Int($0.attributes[9]!)] }
        let reference = (expected["renditions"] as! [[String: Int]]).map { $0.filter { $0.key != "pixels" } }
        #expect(renditions == reference)
        for record in car.renditions.filter({ $0.layout == 1010 }) {
            #expect(record.multisize!.map { [Int($0.0), Int($0.1), Int($0.2)] } == [[1024, 1024, 1]])
        }
    }

    @Test func sameInputSameBytes() throws {
        let first = try Self.sample().bytes
        let second = try Self.sample().bytes
        #expect(first == second)
    }

    @Test func manyRenditionsSpanSeveralLeaves() throws {
        let assets = (0..<700).map { index in
            CompiledCatalog.Asset(name: "Image\(index)", kind: .image, renditions: [
                .init(idiom: .universal, scale: 1, appearance: .any, fileName: "i.png", width: 1, height: 1, rgba: [1, 2, 3, 255]),
            ])
        }
        // Names that collide in 16 bits are refused; drop them for this test.
        var seen: Set<UInt16> = []
        let distinct = assets.filter { seen.insert(NameIdentifier.of($0.name)).inserted }
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: distinct, deploymentTarget: "12.0")))
        #expect(car.renditions.count == distinct.count)
        #expect(car.facets.count == distinct.count)
        #expect(car.bitmapKeys.count == distinct.count)
        let header = try car.block(named: "RENDITIONS")
        let root = try car.block(CARReader.be32(header, 8))
        #expect(CARReader.be16(root, 0) == 0, "more than 510 entries need an internal root node")
        // Every entry is found by a search on Apple's layout (separators are each leaf's last key;
        // with the next leaf's first key, the first entry of every later leaf was unreachable).
        for name in ["RENDITIONS", "FACETKEYS", "BITMAPKEYS"] {
            let tree = try car.tree(named: name)
            #expect(tree.entries.count == distinct.count, "\(name)")
            var lost = 0
            for entry in tree.entries where try car.search(tree: name, key: entry.key) != entry.valueBlock { lost += 1 }
            #expect(lost == 0, "\(name): \(lost) of \(tree.entries.count) entries not found by a search")
        }
        // Leaves of a multi-leaf tree are one block, without the single leaf's key copy.
        for position in 0..<Int(CARReader.be16(root, 2)) + 1 {
            #expect(try car.block(CARReader.be32(root, 12 + 8 * position)).count == 4096)
        }
    }

    /// 100,000 renditions (11,112 names, each at three scales and three appearances): a tree of
    /// 197 leaves under one internal node, every entry found by a search; past what one internal
    /// node holds, a message instead of a tree CoreUI cannot walk.
    @Test func aHundredThousandRenditions() throws {
        let pixel = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: "i.png", width: 1, height: 1, rgba: [1, 2, 3, 255])
        var made = pixel
        made.encoded = try CompiledCatalogWriter.encode(pixel, kind: .image)  // encoded once, shared: the tree is under test
        let renditions = [1, 2, 3].flatMap { scale in [RenditionAppearance.any, .dark, .light].map { appearance in
            var rendition = made
            (rendition.scale, rendition.appearance) = (scale, appearance)
            rendition.encoded = CompiledCatalogWriter.withScale(made.encoded!, scale)
            return rendition
        } }
        let assets = (0..<11_112).map { CompiledCatalog.Asset(name: "Image\($0)", kind: .image, renditions: renditions) }
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: assets, deploymentTarget: "12.0")))
        #expect(car.renditions.count == 100_008 && car.header.renditionCount == 100_008)
        #expect(car.facets.count == 11_112 && car.bitmapKeys.count == 11_112)
        for name in ["RENDITIONS", "FACETKEYS", "BITMAPKEYS"] {
            let tree = try car.tree(named: name)
            // Searched: each leaf's first and last entries (where a wrong separator loses one) and
            // every 37th entry between.
            let perLeaf = name == "BITMAPKEYS" ? 126 : 510
            let probes = Set(tree.entries.indices.filter { $0 % perLeaf == 0 || $0 % perLeaf == perLeaf - 1 || $0 % 37 == 0 } + [tree.entries.count - 1])
            var lost = 0
            for index in probes where try car.search(tree: name, key: tree.entries[index].key) != tree.entries[index].valueBlock { lost += 1 }
            #expect(lost == 0, "\(name): \(lost) of \(probes.count) entries not found by a search")
        }
        // One name more than BITMAPKEYS' internal node holds: refused, not written.
        let tooMany = (0..<(CompiledCatalogWriter.maximumNames + 1)).map { CompiledCatalog.Asset(name: "N\($0)", kind: .image, renditions: [made]) }
        #expect(throws: CompiledCatalogError.self) { try CompiledCatalogWriter.write(CompiledCatalog(assets: tooMany, deploymentTarget: "12.0")) }
    }

    /// A rendition past 2 GiB is refused with a message naming its file (the check runs on the
    /// byte count, so the test needs no 2 GiB image).
    @Test func renditionsPastTwoGigabytesAreRefused() {
        #expect(throws: Never.self) { try CompiledCatalogWriter.checkRenditionLength(Int(Int32.max), name: "big.png") }
        do {
            try CompiledCatalogWriter.checkRenditionLength(Int(Int32.max) + 1, name: "big.png")
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("big.png: a rendition of 2147483648 bytes is more than Assets.car holds"))
        }
    }

    /// Two names with one 16-bit hash (GoMap's POI catalog has three such pairs): the first in byte
    /// order keeps the hash, the second gets the next free identifier; FACETKEYS tells CoreUI which.
    @Test func collidingNamesGetTheNextFreeIdentifier() throws {
        let (first, second) = try #require(firstCollidingNames(hash: NameIdentifier.of))
        let (a, b) = Array(first.utf8).lexicographicallyPrecedes(Array(second.utf8)) ? (first, second) : (second, first)
        let assets = [first, second].map { name in
            CompiledCatalog.Asset(name: name, kind: .image, renditions: [
                .init(idiom: .universal, scale: 1, appearance: .any, fileName: "i.png", width: 1, height: 1, rgba: [1, 2, 3, 255]),
            ])
        }
        let car = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: assets, deploymentTarget: "12.0")))
        let identifier = RenditionAttribute.identifier.rawValue
        let ids = [a, b].map { name in car.facets[name]?.first { $0.0 == identifier }?.1 }
        #expect(ids[0] == NameIdentifier.of(a) && ids[1] == NameIdentifier.of(a) + 1, "\(ids)")
        #expect(Set(car.renditions.compactMap { $0.attributes[identifier] }) == Set(ids.compactMap { $0 }))
        for (name, id) in zip([a, b], ids) { #expect(car.bitmapKeys[UInt32(id ?? 0)] != nil, "\(name)") }
    }

    @Test(arguments: [
        ("zeros", [UInt8](repeating: 0, count: 100_000)),
        ("pixels", CompiledCatalogTests.pixels(300, 200)),
        ("noise", (0..<70_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }),
        ("far repeats", { let block = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7 ^ $0 >> 5) }; return block + block + block }()),
        ("tiny", [UInt8]([1, 2, 3])),
        ("empty", [UInt8]()),
    ])
    func lzvnRoundTrips(_ name: String, _ input: [UInt8]) throws {
        let stream = LZFSEStream.wrap(input)
        var kinds: Set<String> = []
        #expect(try LZFSEDecoder.decode(stream, kinds: &kinds) == input, "\(name)")
        if name == "zeros" || name == "pixels" {
            #expect(kinds.contains("bvxn") || kinds.contains("bvx2"), "\(name): \(kinds)")
            #expect(stream.count < input.count / 4, "\(name): \(stream.count) bytes")
        }
        // The envelope keeps the smallest: never larger than the LZVN-only stream or the raw block.
        #expect(stream.count <= LZVN.encode(input).count + 16 || stream.count <= input.count + 12, "\(name)")
        #expect(stream.count <= LZFSE.encode(input).count, "\(name)")
    }
}
