@testable import CompiledCatalog
import Testing
import TestSupport

/// A car written for macOS, read back with the independent reader, against the facts of real macOS
/// cars (docs/macos-evidence.md, §2): mcfans/actool@f9e28c8's reference output of a mac-idiom icon
/// set (Xcode 26.3) and JustSing@30ac1d8's Icon Composer car (Xcode 26.6).
@Suite struct MacCarTests {
    /// The mac idiom's ten slots: 16, 32, 128, 256 and 512 points at @1x and @2x.
    static func macIcon() -> CompiledCatalog.Asset {
        var renditions: [CompiledCatalog.Rendition] = []
        for points in [16, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let pixels = points * scale
                renditions.append(.init(idiom: .universal, scale: scale, appearance: .any, iconPoints: Double(points),
                                        fileName: "icon_\(points)x\(points)\(scale == 2 ? "@2x" : "").png", width: pixels, height: pixels,
                                        rgba: CompiledCatalogTests.pixels(pixels, pixels)))
            }
        }
        return CompiledCatalog.Asset(name: "AppIcon", kind: .appIcon, renditions: renditions)
    }

    static func image(dark: Bool) -> CompiledCatalog.Asset {
        var renditions: [CompiledCatalog.Rendition] = [
            .init(idiom: .universal, scale: 1, appearance: .any, fileName: "a.png", width: 3, height: 2, rgba: CompiledCatalogTests.pixels(3, 2)),
            .init(idiom: .universal, scale: 2, appearance: .any, fileName: "a@2x.png", width: 6, height: 4, rgba: CompiledCatalogTests.pixels(6, 4)),
        ]
        if dark {
            renditions.append(.init(idiom: .universal, scale: 2, appearance: .dark, fileName: "a-dark@2x.png", width: 6, height: 4,
                                    rgba: CompiledCatalogTests.pixels(6, 4, seed: 3)))
        }
        return CompiledCatalog.Asset(name: "Img001", kind: .image, renditions: renditions)
    }

    static func car(_ assets: [CompiledCatalog.Asset]) throws -> CARReader {
        var catalog = CompiledCatalog(assets: assets, deploymentTarget: "11.0")
        catalog.platform = .macOS
        return try CARReader(try CompiledCatalogWriter.write(catalog))
    }

    @Test func theKeyHasNoIdiomAndTheMetadataSaysMacOS() throws {
        let car = try Self.car([Self.macIcon(), Self.image(dark: false)])
        // appearance, localization, element, part, size, identifier, dimension 2, layer, scale (JustSing's).
        #expect(car.keyFormat == [7, 13, 1, 2, 3, 17, 9, 11, 12])
        #expect(car.header.keySemantics == 1)
        #expect(car.metadata.platform == "macosx")
        #expect(car.metadata.deploymentTarget == "11.0")
        // mcfans's icon set car has no APPEARANCEKEYS tree: nothing but System.
        #expect(car.trees["APPEARANCEKEYS"] == nil)
    }

    @Test func theIconIsIndexedBySizeWithOneMultisizeRecord() throws {
        let car = try Self.car([Self.macIcon()])
        let icons = car.renditions.filter { $0.attributes[2] == 220 }
        // (dimension 2, scale) as in mcfans's car: 16 → 1 … 512 → 5, each at both scales.
        let keys = icons.map { [$0.attributes[9] ?? 0, $0.attributes[12] ?? 0] }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(keys == (1...5).flatMap { index in [[UInt16(index), 1], [UInt16(index), 2]] })
        let records = car.renditions.filter { $0.attributes[2] == 218 }
        #expect(records.count == 1)
        #expect(records.first?.multisize?.map { [$0.0, $0.1, $0.2] } == [[16, 16, 1], [32, 32, 2], [128, 128, 3], [256, 256, 4], [512, 512, 5]])
    }

    @Test func appearancesHaveTheirMacNames() throws {
        let car = try Self.car([Self.image(dark: true)])
        #expect(car.appearances == ["NSAppearanceNameSystem": 0, "NSAppearanceNameDarkAqua": 1])
        #expect(car.renditions.contains { $0.name == "a-dark@2x.png" && $0.attributes[7] == 1 })
        var light = Self.image(dark: false)
        light.renditions[1].appearance = .light
        #expect(try Self.car([light]).renditions.contains { $0.name == "a@2x.png" && $0.attributes[7] == 8 })
        #expect(try Self.car([light]).appearances["NSAppearanceNameAqua"] == 8)
    }

    @Test func whatNoMacCarHasShownIsRefused() {
        var contrast = Self.image(dark: false)
        contrast.renditions[0].appearance = .highContrastAny
        #expect(throws: CompiledCatalogError.self) { try Self.car([contrast]) }
        var sizeClass = Self.image(dark: false)
        sizeClass.renditions[0].traits[.horizontalSizeClass] = 1
        #expect(throws: CompiledCatalogError.self) { try Self.car([sizeClass]) }
    }

    @Test func theSameCatalogIsTheSameBytesOnIOSAsBefore() throws {
        // The platform is a parameter: an iOS catalog keeps its key format and names.
        let ios = try CARReader(try CompiledCatalogWriter.write(CompiledCatalog(assets: [Self.image(dark: true)], deploymentTarget: "15.0")))
        #expect(ios.keyFormat == RenditionAttribute.keyFormat.map(\.rawValue))
        #expect(ios.header.keySemantics == 2 && ios.metadata.platform == "ios")
        #expect(ios.appearances == ["UIAppearanceAny": 0, "UIAppearanceDark": 1])
    }
}
