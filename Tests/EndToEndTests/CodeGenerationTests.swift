import Foundation
import Testing

/// `--swift`: the generated accessors type-check in Swift 6 mode with warnings as errors, against
/// a stand-in for the UIKit symbols they use (Tests/Fixtures/codegen/UIKit.swift) and the real
/// AssetResolver module; they name every image and colour; two clean builds give the same bytes.
@Suite struct CodeGenerationTests {
    static var modules: String {
        URL(fileURLWithPath: Harness.binary).deletingLastPathComponent().appendingPathComponent("Modules").path
    }

    func swiftc(_ arguments: [String], in directory: URL) throws -> Harness.Run {
        try Harness.run("/usr/bin/env", ["swiftc"] + arguments, in: directory)
    }

    @Test func accessorsTypeCheckNameEverythingAndAreDeterministic() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        let manifest = """
        {"version": 1, "output": "out", "bundles": [{"name": "Checkout", "path": "Checkout.bundle"}],
         "catalogs": [{"path": "Real.xcassets"}], "codegen": {"swift": "Generated/Assets.swift"},
         "images": [{"name": "Star", "source": "art/star-fill.pdf"}, {"name": "default", "source": "art/cleanup.pdf"},
                    {"name": "Card", "source": "art/certificate.pdf", "bundle": "Checkout"}]}
        """
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Generated"), withIntermediateDirectories: true)
        let build = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let generated = work.appendingPathComponent("Generated/Assets.swift")
        let code = try String(contentsOf: generated, encoding: .utf8)

        // Every image and colour the index lists is named, through a literal only the generated file holds.
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("out/asset-index.json"))) as? [String: Any]
        let bundles = try #require(index?["bundles"] as? [String: [String: Any]])
        for (_, bundle) in bundles {
            for name in (bundle["images"] as? [String: Any] ?? [:]).keys { #expect(code.contains("(name: \"\(name)\""), "\(name)") }
            for name in (bundle["colors"] as? [String: Any] ?? [:]).keys { #expect(code.contains("(name: \"\(name)\""), "\(name)") }
        }
        #expect(code.contains("public static let `default` = ImageAsset(name: \"default\")"))
        #expect(code.contains("public static let flagAt = ImageAsset(name: \"flag.at\")"))
        #expect(code.contains("public static let timelineStar = ImageAsset(name: \"timelineStar\", isTemplate: true)"))
        #expect(code.contains("public enum Onboarding {"))
        #expect(code.contains("public static let card = ImageAsset(name: \"Card\", bundle: \"Checkout\")"))

        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let standIn = try swiftc(["-emit-module", "-module-name", "UIKit", "-parse-as-library", "-swift-version", "6",
                                  Harness.fixtures.appendingPathComponent("codegen/UIKit.swift").path,
                                  "-emit-module-path", modules.appendingPathComponent("UIKit.swiftmodule").path], in: work)
        try #require(standIn.status == 0, "\(standIn.stderr)")
        let use = """
        import UIKit
        @MainActor func use() -> [Any?] {
            [Asset.Images.star.image, Asset.Images.Onboarding.rocket.image, Asset.Images.flagAt.image,
             Asset.Colors.Domain.cover.color, Asset.Colors.widgetBackground.color, Asset.CheckoutBundle.Images.card.image]
        }
        """
        try use.write(to: work.appendingPathComponent("Use.swift"), atomically: true, encoding: .utf8)
        let check = try swiftc(["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-I", Self.modules,
                                generated.path, "Use.swift"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")

        // Same plan, same bytes; an unchanged file is not rewritten (its mtime stays).
        let before = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let again = try Harness.assetc(["build", "assets.json", "--force"], in: work)
        #expect(again.status == 0)
        #expect(try String(contentsOf: generated, encoding: .utf8) == code)
        #expect(try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date == before)
        try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
        let clean = try Harness.assetc(["build", "assets.json", "--swift", "Other.swift"], in: work)
        #expect(clean.status == 0)
        #expect(try String(contentsOf: work.appendingPathComponent("Other.swift"), encoding: .utf8) == code)
    }

    @Test func theGeneratedFileMayNotReplaceAnInput() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try #"{"version": 1, "images": [{"name": "Star", "source": "art/star-fill.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "assets.json", "--swift", "assets.json"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("assets.json: error: cannot write the generated Swift"), "\(run.stderr)")
        #expect(try String(contentsOf: work.appendingPathComponent("assets.json"), encoding: .utf8).hasPrefix("{\"version\""))
    }
}
