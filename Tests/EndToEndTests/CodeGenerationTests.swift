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

    /// The stand-in UIKit module (Tests/Fixtures/codegen/UIKit.swift) compiled into `work/modules`,
    /// for type-checking generated code on Linux; returns that folder.
    func uikitStandIn(in work: URL) throws -> URL {
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let standIn = try swiftc(["-emit-module", "-module-name", "UIKit", "-parse-as-library", "-swift-version", "6",
                                  Harness.fixtures.appendingPathComponent("codegen/UIKit.swift").path,
                                  "-emit-module-path", modules.appendingPathComponent("UIKit.swiftmodule").path], in: work)
        try #require(standIn.status == 0, "\(standIn.stderr)")
        return modules
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

        let modules = try uikitStandIn(in: work)
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

    /// Names that map onto one identifier, or onto none, or onto a name Swift or NSObject keeps:
    /// the generated files still compile and name every image.
    @Test func awkwardNamesStillCompile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        let set = work.appendingPathComponent("N.xcassets/Type/heading.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"properties": {"provides-namespace": true}}"#.write(to: work.appendingPathComponent("N.xcassets/Type/Contents.json"),
                                                                   atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/star-fill.pdf"), to: set.appendingPathComponent("heading.pdf"))
        try #"{"images": [{"idiom": "universal", "filename": "heading.pdf"}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let manifest = """
        {"version": 1, "output": "out", "bundles": [{"name": "my-kit", "path": "MyKitA.bundle"}, {"name": "MyKit", "path": "MyKitB.bundle"}],
         "catalogs": [{"path": "N.xcassets"}], "codegen": {"swift": "Assets.swift", "objc": "Assets"},
         "images": [{"name": "flag-at", "source": "art/star-fill.pdf"}, {"name": "flag_at", "source": "art/star-fill.pdf"},
                    {"name": "flagAt2", "source": "art/star-fill.pdf"}, {"name": "★", "source": "art/star-fill.pdf"},
                    {"name": "Version", "source": "art/star-fill.pdf"},
                    {"name": "Kit A", "source": "art/cleanup.pdf", "bundle": "my-kit"},
                    {"name": "Kit B", "source": "art/cleanup.pdf", "bundle": "MyKit"}]}
        """
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let build = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let code = try String(contentsOf: work.appendingPathComponent("Assets.swift"), encoding: .utf8)
        for name in ["flag-at", "flag_at", "flagAt2", "★", "Version", "Kit A", "Kit B", "Type/heading"] {
            #expect(code.contains("(name: \"\(name)\""), "\(name) is not in the Swift file")
        }
        let modules = try uikitStandIn(in: work)
        let use = """
        import UIKit
        @MainActor func use() -> [Any?] {
            [Asset.Images.flagAt.image, Asset.Images.flagAt2.image, Asset.Images.flagAt3.image, Asset.Images._2605.image,
             Asset.Images.Type_.heading.image, Asset.MyKitBundle.Images.kitA.image, Asset.MyKitBundle2.Images.kitB.image]
        }
        """
        try use.write(to: work.appendingPathComponent("Use.swift"), atomically: true, encoding: .utf8)
        let check = try swiftc(["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-I", Self.modules,
                                "Assets.swift", "Use.swift"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let header = try String(contentsOf: work.appendingPathComponent("Assets.h"), encoding: .utf8)
        #expect(header.contains("+ (nullable UIImage *)versionImage;"), "NSObject's +version is not shadowed")
        let clang = try Harness.run("/usr/bin/env", [
            "clang", "-fsyntax-only", "-x", "objective-c", "-fobjc-arc", "-fobjc-runtime=ios-6.0", "-Wall", "-Wextra", "-Werror",
            "-isystem", Harness.fixtures.appendingPathComponent("codegen/objc").path, "-I", ".", "Assets.m"], in: work)
        #expect(clang.status == 0, "\(clang.stderr)")
    }

    @Test func theGeneratedFileMayNotReplaceAnInput() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try #"{"version": 1, "images": [{"name": "Star", "source": "art/star-fill.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "assets.json", "--swift", "assets.json"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("assets.json: error: cannot write the generated code: it is an input of this build and would be overwritten"), "\(run.stderr)")
        #expect(try String(contentsOf: work.appendingPathComponent("assets.json"), encoding: .utf8).hasPrefix("{\"version\""))
    }

    /// `--objc`: the class parses with clang (-Wall -Wextra -Werror, ARC, an iOS 6 runtime) against
    /// stand-in headers, has a method per image, and its precomputed arrays answer as `assetc resolve`
    /// does for every device of the grid — the index arithmetic is checked, not only the syntax.
    @Test func objectiveCAccessorsParseAndAnswerAsTheResolverDoes() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        let manifest = """
        {"version": 1, "output": "out", "bundles": [{"name": "Checkout", "path": "Checkout.bundle"}],
         "codegen": {"objc": "Classes/Assets"},
         "images": [{"name": "Background", "source": "art/star-fill.pdf", "size": [320, 480], "fit": "fill", "tall": true},
                    {"name": "Logo", "source": "art/feedly.pdf", "size": [64, 64], "idioms": ["iphone", "ipad"], "scales": [1, 2, 3]},
                    {"name": "class", "source": "art/cleanup.pdf"},
                    {"name": "Card", "source": "art/certificate.pdf", "bundle": "Checkout", "scales": [2, 3]}]}
        """
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Classes"), withIntermediateDirectories: true)
        let build = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let header = try String(contentsOf: work.appendingPathComponent("Classes/Assets.h"), encoding: .utf8)
        let implementation = try String(contentsOf: work.appendingPathComponent("Classes/Assets.m"), encoding: .utf8)
        #expect(header.contains("@interface Assets : NSObject"))
        for selector in ["background", "logo", "classImage", "checkoutCard"] {
            #expect(header.contains("+ (nullable UIImage *)\(selector);"), "\(selector)")
        }
        let clang = try Harness.run("/usr/bin/env", [
            "clang", "-fsyntax-only", "-x", "objective-c", "-fobjc-arc", "-fobjc-runtime=ios-6.0", "-Wall", "-Wextra", "-Werror",
            "-isystem", Harness.fixtures.appendingPathComponent("codegen/objc").path, "-I", "Classes", "Classes/Assets.m"], in: work)
        #expect(clang.status == 0, "\(clang.stderr)")

        // Read the arrays back and index them as AssetTraitIndex() does.
        let files = implementation.split(separator: "\n").filter { $0.hasPrefix("    @\"") }
            .map { String($0.dropFirst(6).dropLast(2)) }
        func entries(_ array: String) throws -> [Int] {
            let line = try #require(implementation.split(separator: "\n").first { $0.hasPrefix("static const unsigned short \(array)[") })
            let numbers = line[line.index(after: line.firstIndex(of: "{")!)..<line.lastIndex(of: "}")!]
            return numbers.split(separator: ",").compactMap { Int($0) }
        }
        let arrays = ["Background": "AssetImage0", "Logo": "AssetImage1", "class": "AssetImage2", "Card": "AssetImage3"]
        let devices: [(scale: Int, pad: Bool, width: Int, height: Int)] = [
            (1, false, 320, 480), (2, false, 320, 480), (2, false, 320, 568), (2, false, 375, 667), (3, false, 414, 736),
            (3, false, 375, 812), (1, true, 768, 1024), (2, true, 1024, 768),
        ]
        let heights = [568]
        for (name, array) in arrays.sorted(by: { $0.key < $1.key }) {
            let table = try entries(array)
            #expect(table.count == 3 * 2 * (heights.count + 1) * 2 * 2)
            for device in devices {
                let heightIndex = heights.firstIndex(of: max(device.width, device.height)) ?? heights.count
                let index = (((device.scale - 1) * 2 + (device.pad ? 1 : 0)) * (heights.count + 1) + heightIndex) * 2 * 2
                let objc = table[index] == 0 ? nil : files[table[index] - 1]
                let resolve = try Harness.assetc(["resolve", name, "out", "--scale", "\(device.scale)", "--idiom", device.pad ? "ipad" : "iphone",
                                                  "--screen", "\(device.width)x\(device.height)"], in: work)
                let expected = resolve.status == 0 ? String(resolve.stdout.dropLast()) : nil
                #expect(objc == expected, "\(name) on \(device): Objective-C \(objc ?? "nothing"), resolver \(expected ?? "nothing")")
            }
        }
    }
}
