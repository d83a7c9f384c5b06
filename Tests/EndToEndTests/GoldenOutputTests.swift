import AssetKit
import Foundation
import Testing

/// Every generated text output, byte for byte, against files in `Tests/Fixtures/golden/expected/`;
/// and the examples in docs/ against those files, so the docs cannot drift.
///
/// Re-record after an intended change with `ASSETC_RECORD_GOLDENS=1 swift test --filter Golden`,
/// then review the diff. A recording run fails on purpose, so CI can never record.
/// The PNG hashes in asset-index.json depend on the Poppler, Cairo and libdeflate versions; the
/// goldens are recorded with Debian 12's.
@Suite(.serialized) struct GoldenOutputTests {
    static let expected = Harness.fixtures.appendingPathComponent("golden/expected")
    static var recording: Bool { ProcessInfo.processInfo.environment["ASSETC_RECORD_GOLDENS"] == "1" }

    /// Builds the golden fixture once per test run and returns every generated text by golden name.
    static let outputs: Result<[String: String], GoldenError> = {
        do {
            return .success(try generate())
        } catch {
            return .failure(GoldenError(message: "\(error)"))
        }
    }()

    struct GoldenError: Error { var message: String }

    private static func generate() throws -> [String: String] {
        let work = try Harness.temporaryDirectory("golden")
        defer { Harness.removeTemporary(work) }
        for folder in ["art", "golden"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(folder),
                                              to: work.appendingPathComponent(folder))
        }
        let build = try Harness.assetc(["build", "golden/assets.json", "--swift", "Assets.swift", "--objc", "Assets"], in: work)
        guard build.status == 0 else { throw GoldenError(message: "build failed: \(build.stderr)") }
        let plan = try Harness.assetc(["plan", "golden/assets.json", "--json", "--quiet"], in: work)
        let tables = try Harness.assetc(["tables", "--json"], in: work)
        guard plan.status == 0, tables.status == 0 else { throw GoldenError(message: plan.stderr + tables.stderr) }
        var outputs = ["plan.json": withoutCacheKeys(plan.stdout), "tables.json": tables.stdout]
        for name in ["Assets.swift", "Assets.h", "Assets.m"] {
            outputs[name] = String(decoding: try Harness.read(work.appendingPathComponent(name)), as: UTF8.self)
        }
        outputs["asset-table.json"] = String(decoding: try Harness.read(work.appendingPathComponent("golden/out/Resources/asset-table.json")), as: UTF8.self)
        for name in ["asset-index.json", "partial-Info.plist", "report.json", "report.html"] {
            outputs[name] = String(decoding: try Harness.read(work.appendingPathComponent("golden/out/\(name)")), as: UTF8.self)
        }
        // A catalog of real apps' sets, with no manifest (docs/catalogs.md).
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        let catalog = try Harness.assetc(["build", "Real.xcassets", "--output", "catalog-out", "--app-icon", "AppIcon",
                                          "--swift", "CatalogAssets.swift"], in: work)
        let catalogPlan = try Harness.assetc(["plan", "Real.xcassets", "--json", "--quiet"], in: work)
        guard catalog.status == 0, catalogPlan.status == 0 else { throw GoldenError(message: "catalog build failed: \(catalog.stderr)") }
        outputs["catalog-plan.json"] = withoutCacheKeys(catalogPlan.stdout)
        outputs["CatalogAssets.swift"] = String(decoding: try Harness.read(work.appendingPathComponent("CatalogAssets.swift")), as: UTF8.self)
        outputs["catalog-asset-table.json"] = String(decoding: try Harness.read(work.appendingPathComponent("catalog-out/Resources/asset-table.json")), as: UTF8.self)
        for name in ["asset-index.json", "partial-Info.plist"] {
            outputs["catalog-" + name] = String(decoding: try Harness.read(work.appendingPathComponent("catalog-out/\(name)")), as: UTF8.self)
        }
        // Xcode's asset symbols from the same catalog, as swift-build asks the actool mode for them
        // (docs/asset-symbols.md); the index names the catalog by its absolute path.
        for (target, suffix) in [("17.0", ""), ("15.0", "-iOS15")] {
            let symbols = try Harness.assetc(["actool", "Real.xcassets", "--compile", "catalog-out", "--output-format", "human-readable-text",
                                              "--platform", "iphoneos", "--minimum-deployment-target", target,
                                              "--bundle-identifier", "com.example.Real",
                                              "--generate-swift-asset-symbols", "symbols\(suffix)/GeneratedAssetSymbols.swift",
                                              "--generate-objc-asset-symbols", "symbols\(suffix)/GeneratedAssetSymbols.h",
                                              "--generate-asset-symbol-index", "symbols\(suffix)/GeneratedAssetSymbols-Index.plist"], in: work)
            guard symbols.status == 0 else { throw GoldenError(message: "asset symbols failed: \(symbols.stdout)\(symbols.stderr)") }
            for name in ["GeneratedAssetSymbols.swift", "GeneratedAssetSymbols.h", "GeneratedAssetSymbols-Index.plist"] where suffix.isEmpty || name.hasSuffix(".swift") {
                let text = String(decoding: try Harness.read(work.appendingPathComponent("symbols\(suffix)/\(name)")), as: UTF8.self)
                let golden = suffix.isEmpty ? name : name.replacing(".swift", with: "\(suffix).swift")
                outputs[golden] = text.replacing(work.resolvingSymlinksInPath().path, with: "WORK").replacing(work.path, with: "WORK")
            }
        }
        return outputs
    }

    /// Cache keys hash the toolchain fingerprint, which includes this machine's font set: the
    /// goldens keep the plan's shape and values, not the keys (tested in `BuildEngineTests`).
    static func withoutCacheKeys(_ text: String) -> String {
        text.replacing(/"key": "[0-9a-f]{64}"/, with: "\"key\": \"(cache key)\"")
    }

    static let names = ["asset-index.json", "partial-Info.plist", "report.json", "report.html", "plan.json", "tables.json",
                        "catalog-asset-index.json", "catalog-partial-Info.plist", "catalog-plan.json",
                        "Assets.swift", "Assets.h", "Assets.m", "asset-table.json", "CatalogAssets.swift", "catalog-asset-table.json",
                        "GeneratedAssetSymbols.swift", "GeneratedAssetSymbols.h", "GeneratedAssetSymbols-Index.plist", "GeneratedAssetSymbols-iOS15.swift"]

    @Test(arguments: names)
    func matchesTheGoldenFile(_ name: String) throws {
        let outputs = try Self.outputs.get()
        let actual = try #require(outputs[name])
        let url = Self.expected.appendingPathComponent(name)
        if Self.recording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); unset ASSETC_RECORD_GOLDENS and review the diff")
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == golden, "\(name) differs from its golden file; if intended, re-record (see GoldenOutputTests)")
    }

    /// A fenced block preceded by `<!-- golden: NAME -->` must be an excerpt of that golden file:
    /// runs of consecutive lines, in order, separated by lines holding only `...`.
    @Test(arguments: ["docs/output.md", "docs/cli.md", "docs/catalogs.md", "docs/runtime.md"])
    func docExamplesAreExcerptsOfTheGoldens(_ document: String) throws {
        let text = try String(contentsOf: Harness.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var checked = 0
        for (index, line) in lines.enumerated() {
            guard let name = line.firstMatch(of: /<!-- golden: (\S+) -->/)?.1 else { continue }
            let golden = try String(contentsOf: Self.expected.appendingPathComponent(String(name)), encoding: .utf8)
                .components(separatedBy: "\n")
            #expect(lines[index + 1].hasPrefix("```"), "\(document):\(index + 2): a code block must follow the golden marker")
            var block: [String] = []
            for body in lines[(index + 2)...] {
                if body.hasPrefix("```") { break }
                block.append(body)
            }
            var searchFrom = 0
            for chunk in block.split(whereSeparator: { $0.trimmingCharacters(in: .whitespaces) == "..." }) {
                let found = Self.find(Array(chunk), in: golden, from: searchFrom)
                #expect(found != nil, "\(document):\(index + 1): this part of the example is not in golden/\(name):\n\(chunk.joined(separator: "\n"))")
                searchFrom = found.map { $0 + chunk.count } ?? searchFrom
            }
            checked += 1
        }
        #expect(checked > 0, "\(document) has no golden-checked example")
    }

    private static func find(_ chunk: [String], in lines: [String], from start: Int) -> Int? {
        guard !chunk.isEmpty, lines.count >= chunk.count, start <= lines.count - chunk.count else { return nil }
        for offset in start...(lines.count - chunk.count) where Array(lines[offset..<offset + chunk.count]) == chunk {
            return offset
        }
        return nil
    }

    /// Every key asset-index.json writes is described in docs/output.md (for a manifest and for a catalog).
    @Test(arguments: ["asset-index.json", "catalog-asset-index.json"])
    func everyIndexKeyIsDocumented(_ name: String) throws {
        let outputs = try Self.outputs.get()
        let text = try #require(outputs[name])
        let index = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var keys: Set<String> = []
        func collect(_ value: Any, namesAreData: Bool) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if !namesAreData { keys.insert(key) }
                    // Under "bundles" the keys are bundle names, under "images", "catalogImages" and "colors"
                    // names, under "resizing" and "alignmentInsets" Contents.json's own keys: data, not schema.
                    collect(child, namesAreData: ["bundles", "images", "catalogImages", "colors", "components"].contains(key))
                }
            } else if let array = value as? [Any] {
                for element in array { collect(element, namesAreData: false) }
            }
        }
        collect(index, namesAreData: false)
        let docs = try String(contentsOf: Harness.packageRoot.appendingPathComponent("docs/output.md"), encoding: .utf8)
        for key in keys.sorted() {
            #expect(docs.contains("| `\(key)` |"), "asset-index.json key '\(key)' is not in docs/output.md's key table")
        }
    }
}
