import AssetModel
import CarAssembly
import CatalogInput
import CompiledCatalog
import Foundation
import Synchronization
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
    @Test func dataSetsAreMadeFromTheFilesTheInputStageRead() throws {
        var plan = CarLimitPlanningTests.plan(colors: [])
        let entries = [CatalogDataSet.Entry(idiom: nil, filename: "model.json", path: "/nowhere/model.json", typeIdentifier: "public.json"),
                       // Another bundle's data set is not the car's: its file is not read.
                       CatalogDataSet.Entry(idiom: nil, filename: "other.json", path: "/nowhere/other.json", typeIdentifier: nil)]
        plan.catalogRecords.dataSets = [
            CatalogRecords.DataSet(bundle: .main, name: "model", catalog: "A.xcassets", setPath: "model.dataset", entries: [entries[0]]),
            CatalogRecords.DataSet(bundle: .named("Other.bundle"), name: "other", catalog: "B.xcassets", setPath: "other.dataset", entries: [entries[1]]),
        ]
        let asked = Mutex<[String]>([])
        let files = CatalogSetContentsReader.dataFiles(plan.catalogRecords) { path, _ throws(FileError) in
            asked.withLock { $0.append(path) }
            return Array("{}".utf8)
        }
        let askedFor = asked.withLock { $0 }
        #expect(askedFor == ["/nowhere/model.json"])
        let assets = try CarAssembler.dataSets(plan, files: files)
        #expect(assets.map(\.name) == ["model"])
        do {
            _ = try CarAssembler.dataSets(plan, files: ["/nowhere/model.json": .failure(FileError(.read, path: "/nowhere/model.json", reason: .missing))])
            Issue.record("a data file the input stage could not read was used")
        } catch {
            #expect(error.diagnostics.first?.path == "/nowhere/model.json")
            #expect(error.diagnostics.first?.message.hasPrefix("the data set \"model\": cannot be read for Assets.car: ") == true, "\(error.diagnostics)")
        }
    }

    @Test func symbolSetsAreMadeFromTheTemplatesTheInputStageRead() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/symbols/markBelowAsRead.symbolset/markBelowAsRead.svg")
        let template = [UInt8](try Data(contentsOf: url))
        var plan = CarLimitPlanningTests.plan(colors: [])
        let set = CatalogSymbolSet(name: "markBelowAsRead", setPath: "markBelowAsRead.symbolset", contentsPath: "/nowhere/Contents.json",
                                   filename: "markBelowAsRead.svg", path: "/nowhere/markBelowAsRead.svg")
        plan.catalogRecords.symbolSets = [CatalogRecords.SymbolSet(bundle: .main, catalog: "A.xcassets", symbolSet: set)]
        // The input stage reads each template through the reader it is given, once.
        let asked = Mutex<[String]>([])
        let templates = CatalogSetContentsReader.symbolTemplates(plan.catalogRecords) { path, _ throws(FileError) in
            asked.withLock { $0.append(path) }
            guard path == "/nowhere/markBelowAsRead.svg" else { throw FileError(.read, path: path, reason: .missing) }
            return template
        }
        let askedFor = asked.withLock { $0 }
        #expect(askedFor == ["/nowhere/markBelowAsRead.svg"])
        let assets = try CarAssembler.symbolSets(plan, templates: templates)
        #expect(assets.map(\.asset.name) == ["markBelowAsRead"])
        #expect(assets.first.map { !$0.asset.renditions.isEmpty } == true, "glyph renditions from the bytes handed in")
        let unreadable = CatalogSetContentsReader.symbolTemplates(plan.catalogRecords) { path, _ throws(FileError) in
            throw FileError(.read, path: path, reason: .missing)
        }
        let handedIn: [[String: Result<[UInt8], FileError>]] = [unreadable, [:]]
        for missing in handedIn {
            do {
                _ = try CarAssembler.symbolSets(plan, templates: missing)
                Issue.record("a template the input stage could not read was used")
            } catch {
                #expect(error.diagnostics.first?.path == "/nowhere/markBelowAsRead.svg")
                #expect(error.diagnostics.first?.message.hasPrefix("the symbol set \"markBelowAsRead\": cannot be read for Assets.car: ") == true,
                        "\(error.diagnostics)")
            }
        }
    }
}
