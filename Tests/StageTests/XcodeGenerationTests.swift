import Testing
import TestSupport
@testable import AssetModel
@testable import CompiledCatalog

/// `--target-xcode`: what each actool generation changes, from values the generation table cites
/// (docs/xcode-generations.md), and Icon Composer 2.0 read or refused.
@Suite struct XcodeGenerationTests {
    @Test func aGenerationIsNamedAsXcodeIsVersioned() {
        #expect(XcodeGeneration.named("26.3")?.iOS.number == 973)
        #expect(XcodeGeneration.named("27")?.version == "27.0")
        #expect(XcodeGeneration.named("26.3.1")?.version == "26.3")
        for wrong in ["25.0", "26.2", "x", "", "26.", ".3", "26.3.1.1"] { #expect(XcodeGeneration.named(wrong) == nil, "\(wrong)") }
        #expect(XcodeGeneration.default.version == "26.0" && XcodeGeneration.default.bundleVersion == "24127")
        // One Xcode, two CoreUI numbers: the simulator runtime's for iOS, the Mac's ([LAR]) for macOS.
        let xcode26 = XcodeGeneration.default
        #expect(xcode26.coreUI(for: .iOS).mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-970.1")
        #expect(xcode26.coreUI(for: .macOS).mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-969 [LAR]")
        #expect(XcodeGeneration.all.filter(\.readsIconComposer2).map(\.version) == ["27.0"])
    }

    @Test func theHeaderCarriesTheGenerationsCoreUI() {
        let generation = XcodeGeneration.named("26.3")!
        let header = CompiledCatalogWriter.header(renditionCount: 3, keySemantics: 1, coreUI: generation.coreUI(for: .macOS))
        #expect(header.count == 436)
        #expect(CARReader.le32(header, 4) == 972 && CARReader.le32(header, 8) == 17)
        #expect(CARReader.cString(header, 20, 128) == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-972.1 [LAR]")
    }

    /// Xcode 14.3 numbers a set's sizes from 0, 16.0 on from 1; the 90-point copy counts in both.
    @Test func theIconNumberingStartsWhereTheGenerationStarts() {
        let sizes = [20.0, 29, 40, 60]
        let from0 = IconSizeIndex.numbering(for: sizes, from: XcodeGeneration.named("14.3")!.iconIndexBase)
        let from1 = IconSizeIndex.numbering(for: sizes, from: XcodeGeneration.default.iconIndexBase)
        #expect([20.0, 29, 40, 60, 90].map { from0($0) } == [0, 1, 2, 3, 4])
        #expect([20.0, 29, 40, 60, 90].map { from1($0) } == [1, 2, 3, 4, 5])
        #expect(from1(1024) == nil)
    }

    /// Icon Composer 2.0's mark is `"features"`; anything but an array of names is refused.
    @Test func theFeaturesOfAnIconComposer2FileAreRead() throws {
        let json = #"{"features": ["refractivity", "specular-location"], "groups": [{"layers": [{"image-name": "a.png"}], "specular": "inside", "blur-material": null, "refractivity": {"depth": 0.5, "enabled": true, "strength": -0.5}}]}"#
        let file = try IconComposerFile(bytes: Array(json.utf8))
        #expect(file.features == ["refractivity", "specular-location"])
        #expect(try IconComposerFile(bytes: Array(#"{"groups": []}"#.utf8)).features.isEmpty)
        #expect(throws: IconComposerError.self) { try IconComposerFile(bytes: Array(#"{"features": "refractivity", "groups": []}"#.utf8)) }
        #expect(throws: IconComposerError.self) { try IconComposerFile(bytes: Array(#"{"features": [1], "groups": []}"#.utf8)) }
        // The stack reads 2.0's placement string as specular on; under 27.0 the dark system fill is named.
        let xcode27 = XcodeGeneration.named("27.0")!
        let plan = try IconStackPlan.make(file, stem: "AppIcon", xcode: xcode27) { _ in PointSize(width: 8, height: 8) }
        #expect(plan.groups.allSatisfy { $0.children.count == 1 })
        #expect(plan.stacks.first { $0.appearance == .light }?.children.last?.specular == 1)
        #expect(plan.gradients.map(\.name).contains("AppIcon_Assets/system-dark"), "\(plan.gradients.map(\.name))")
        #expect(plan.writesIconComposer2Layout)
        let plan26 = try IconStackPlan.make(file, stem: "AppIcon") { _ in PointSize(width: 8, height: 8) }
        #expect(!plan26.gradients.map(\.name).contains("AppIcon_Assets/system-dark"))
    }

    /// An Icon Composer 2.0 key assetc neither reads nor knows to leave aside is said (the build warns);
    /// a 1.x file's keys are Icon Composer 1's and are not judged.
    @Test func anIconComposer2FilesUnknownKeysAreNamed() throws {
        let json = #"{"features": ["refractivity"], "implicit-asset-mirroring": true, "fill": "automatic", "groups": [{"layers": [{"image-name": "a.png", "glass": true, "languages-specializations": []}], "refractivity": {"enabled": false}, "specular": "inside"}]}"#
        #expect(try IconComposerFile(bytes: Array(json.utf8)).unknownKeys == ["implicit-asset-mirroring", "languages-specializations"])
        let old = #"{"implicit-asset-mirroring": true, "groups": [{"layers": [{"image-name": "a.png"}]}]}"#
        #expect(try IconComposerFile(bytes: Array(old.utf8)).unknownKeys.isEmpty)
    }

    /// Xcode 27 writes TLV 1022 after 1021 on every stack and group: the child count, 0, 12 bytes a child.
    @Test func xcode27sStacksHaveTheRefractivityTLV() throws {
        let json = #"{"groups": [{"layers": [{"image-name": "a.png"}]}, {"layers": [{"image-name": "a.png"}]}]}"#
        let plan = try IconStackPlan.make(IconComposerFile(bytes: Array(json.utf8)), stem: "AppIcon") { _ in PointSize(width: 8, height: 8) }
        let stack = try #require(plan.stacks.first)
        var identifiers: [String: UInt16] = [:]
        for (index, name) in Set(stack.children.map(\.reference)).sorted().enumerated() { identifiers[name] = UInt16(index + 1) }
        func tlvTypes(_ bytes: [UInt8]) -> [UInt32: Int] {
            // The CSI header's TLV length is at 168; the TLVs follow its 184 bytes: type, length, value.
            let total = Int(CARReader.le32(bytes, 168))
            var types: [UInt32: Int] = [:]
            var offset = 184
            while offset < 184 + total {
                let type = CARReader.le32(bytes, offset), length = Int(CARReader.le32(bytes, offset + 4))
                types[type] = length
                offset += 8 + length
            }
            return types
        }
        let with = tlvTypes(try CompiledCatalogWriter.stackRendition(stack, isStack: true, refractivity: true, identifiers: identifiers))
        let without = tlvTypes(try CompiledCatalogWriter.stackRendition(stack, isStack: true, identifiers: identifiers))
        #expect(with[1022] == 8 + 12 * stack.children.count, "\(with)")
        #expect(without[1022] == nil && Set(with.keys).subtracting(without.keys) == [1022])
    }
}
