import AssetModel
import CarAssembly
import CompiledCatalog
import Foundation
import Testing

/// `check --car` refuses what the car writer would, from what planning knows: more renditions than
/// the writer's trees hold (each colour of a colour set is one at least), and more languages than
/// its 16-bit numbers. Just under each limit passes.
@Suite struct CarLimitPlanningTests {
    static func plan(colors: [CatalogColor]) -> BuildPlan {
        var plan = BuildPlan(inputPath: "Many.xcassets", variants: [], bundles: [],
                             infoPlist: InfoPlistRequest(devices: [.iphone], targetsLegacyOS: false, iconName: "AppIcon", launchBasename: nil),
                             budget: nil, warnings: [])
        plan.compiledCatalog = CompiledCatalogRequest(appIconName: nil, deploymentTarget: OSVersion(15))
        plan.catalogRecords = CatalogRecords(colors: [CatalogRecords.Color(bundle: .main, name: "Tint", colors: colors)])
        return plan
    }

    static let grey = CatalogColor.Value.components(colorSpace: "srgb", [ColorComponent(name: "white", value: 0.5)])

    @Test func moreRenditionsThanTheCarHoldsAreRefused() throws {
        let limit = CompiledCatalogWriter.maximumRenditions
        let colors = (0..<limit).map { CatalogColor(idiom: nil, appearance: .any, value: Self.grey, locale: "x-\($0 % 1000)") }
        try CarAssembler.checkRenditionLimits(Self.plan(colors: colors))
        do {
            try CarAssembler.checkRenditionLimits(Self.plan(colors: colors + [CatalogColor(idiom: .iphone, appearance: .any, value: Self.grey)]))
            Issue.record("\(limit + 1) renditions passed")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["Many.xcassets: error: at least \(limit + 1) renditions for Assets.car: more than the "
                + "\(limit) it holds as assetc writes it; split the catalog into bundles or leave some sets out of the car"])
        }
    }

    @Test func moreLanguagesThanTheCarNumbersAreRefused() throws {
        let limit = CompiledCatalogWriter.maximumLocalizations
        let colors = (0..<(limit - 1)).map { CatalogColor(idiom: nil, appearance: .any, value: Self.grey, locale: "x-\($0)") }
        try CarAssembler.checkRenditionLimits(Self.plan(colors: colors))
        do {
            try CarAssembler.checkRenditionLimits(Self.plan(colors: colors + [CatalogColor(idiom: nil, appearance: .any, value: Self.grey, locale: "x-last")]))
            Issue.record("\(limit) languages passed")
        } catch {
            #expect(error.diagnostics.first?.message == "\(limit) languages for Assets.car: more than the \(limit - 1) it numbers")
        }
    }
}

/// The car's assembly opens no file itself: what it is made from comes through the reader the façade
/// hands it, so a table serves as well as the disk, and a file the reader cannot give is said naming it.
@Suite struct CarFileReaderTests {
    @Test func symbolSetsAreReadThroughTheReaderAlone() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/symbols/markBelowAsRead.symbolset/markBelowAsRead.svg")
        let template = [UInt8](try Data(contentsOf: url))
        var plan = CarLimitPlanningTests.plan(colors: [])
        let set = CatalogSymbolSet(name: "markBelowAsRead", setPath: "markBelowAsRead.symbolset", contentsPath: "/nowhere/Contents.json",
                                   filename: "markBelowAsRead.svg", path: "/nowhere/markBelowAsRead.svg")
        plan.catalogRecords.symbolSets = [CatalogRecords.SymbolSet(bundle: .main, catalog: "A.xcassets", symbolSet: set)]
        let table = CarFileReader { path, _ throws(FileError) in
            guard path == "/nowhere/markBelowAsRead.svg" else { throw FileError(.read, path: path, reason: .missing) }
            return template
        }
        let assets = try CarAssembler.symbolSets(plan, reader: table)
        #expect(assets.map(\.asset.name) == ["markBelowAsRead"])
        #expect(assets.first.map { !$0.asset.renditions.isEmpty } == true, "glyph renditions from the table's bytes")
        let empty = CarFileReader { path, _ throws(FileError) in throw FileError(.read, path: path, reason: .missing) }
        do {
            _ = try CarAssembler.symbolSets(plan, reader: empty)
            Issue.record("a template the reader cannot give was used")
        } catch {
            #expect(error.diagnostics.first?.path == "/nowhere/markBelowAsRead.svg")
            #expect(error.diagnostics.first?.message.hasPrefix("the symbol set \"markBelowAsRead\": cannot be read for Assets.car: ") == true,
                    "\(error.diagnostics)")
        }
    }
}
