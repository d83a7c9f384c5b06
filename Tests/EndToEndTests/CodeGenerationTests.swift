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

    /// The stand-in UIKit and SwiftUI modules (Tests/Fixtures/codegen/) compiled into `work/modules`,
    /// for type-checking generated code on Linux; returns that folder.
    func uikitStandIn(in work: URL) throws -> URL {
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for module in ["UIKit", "SwiftUI"] {
            let standIn = try swiftc(["-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "6", "-I", modules.path,
                                      Harness.fixtures.appendingPathComponent("codegen/\(module).swift").path,
                                      "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path], in: work)
            try #require(standIn.status == 0, "\(standIn.stderr)")
        }
        return modules
    }

    /// Type-checks the generated file with `use` under Swift 6 (strict concurrency), warnings as errors.
    func typeCheck(_ generated: String, use: String, in work: URL, modules: URL? = nil) throws -> Harness.Run {
        let modules = try modules ?? uikitStandIn(in: work)
        try use.write(to: work.appendingPathComponent("Use.swift"), atomically: true, encoding: .utf8)
        return try swiftc(["-typecheck", "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors",
                           "-I", modules.path, "-I", Self.modules, generated, "Use.swift"], in: work)
    }

    /// Parses generated Objective-C as an iOS 6 app would compile it — ARC, blocks, every warning an
    /// error, and every call to a newer API than iOS 6 required to sit under `@available` — against
    /// stand-in Foundation and UIKit headers that carry the SDK's availability.
    func objectiveCCheck(_ file: String, in work: URL) throws -> Harness.Run {
        let folder = (file as NSString).deletingLastPathComponent
        return try Harness.run("/usr/bin/env", [
            "clang", "-fsyntax-only", "-x", "objective-c", "-target", "arm64-apple-ios6.0", "-fobjc-arc", "-fblocks",
            "-Wall", "-Wextra", "-Werror", "-Wunguarded-availability", "-DSWIFTPM_MODULE_BUNDLE=[NSBundle mainBundle]",
            "-isystem", Harness.fixtures.appendingPathComponent("codegen/objc").path, "-I", folder.isEmpty ? "." : folder, file], in: work)
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

        // From a nonisolated function, a detached task and the main actor; UIKit, SwiftUI and the
        // platform-neutral lookups.
        let use = """
        import AssetResolver
        import SwiftUI
        import UIKit
        func nonisolatedUse() -> [Any?] {
            [Asset.Images.star.image, Asset.Images.Onboarding.rocket.image(compatibleWith: nil), Asset.Images.flagAt.swiftUIImage,
             Asset.Colors.Domain.cover.color, Asset.Colors.widgetBackground.swiftUIColor, Asset.CheckoutBundle.Images.card.image,
             SwiftUI.Image(asset: Asset.Images.timelineStar), SwiftUI.Color(asset: Asset.Colors.widgetBackground),
             Asset.Images.star.url(for: AssetTraits(scale: 2, idiom: .phone, screenWidth: 320, screenHeight: 568)),
             Asset.Colors.widgetBackground.resolved(for: AssetTraits(scale: 2, idiom: .phone, screenWidth: 320, screenHeight: 568))]
        }
        func detached() async -> UIImage {
            await Task.detached { Asset.Images.star.image }.value
        }
        @MainActor func mainActorUse() -> [Any?] {
            [Asset.Images.star.image, Asset.Colors.Domain.cover.color]
        }
        """
        let check = try typeCheck(generated.path, use: use, in: work)
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
        let use = """
        import UIKit
        func use() -> [Any?] {
            [Asset.Images.flagAt.image, Asset.Images.flagAt2.image, Asset.Images.flagAt3.image, Asset.Images._2605.image,
             Asset.Images.Type_.heading.image, Asset.MyKitBundle.Images.kitA.image, Asset.MyKitBundle2.Images.kitB.image]
        }
        """
        let check = try typeCheck("Assets.swift", use: use, in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let header = try String(contentsOf: work.appendingPathComponent("Assets.h"), encoding: .utf8)
        #expect(header.contains("+ (nullable UIImage *)versionImage;"), "NSObject's +version is not shadowed")
        let clang = try objectiveCCheck("Assets.m", in: work)
        #expect(clang.status == 0, "\(clang.stderr)")
    }

    /// Names read like the catalog's (`info-16` → `info16`, a `Colors` folder of colours is
    /// `Asset.Colors`), a collision is a warning naming both names (an error under --werror),
    /// Assets.car is asked by name where it holds the asset, and each bundle choice compiles.
    @Test func accessorsReadLikeTheCatalogAndLookWhereAsked() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        let catalog = work.appendingPathComponent("Media.xcassets")
        let colors = catalog.appendingPathComponent("Colors")
        let brand = colors.appendingPathComponent("Brand.colorset")
        let pin = catalog.appendingPathComponent("map-pin.imageset")
        for folder in [brand, pin] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try #"{"properties": {"provides-namespace": true}}"#.write(to: colors.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}]}"#
            .write(to: brand.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: work.appendingPathComponent("art/star-fill.pdf"), to: pin.appendingPathComponent("pin.pdf"))
        // A system colour UIKit has only from iOS 15: guarded in Swift and Objective-C.
        let mint = catalog.appendingPathComponent("Mint.colorset")
        try FileManager.default.createDirectory(at: mint, withIntermediateDirectories: true)
        try #"{"colors": [{"idiom": "universal", "color": {"platform": "ios", "reference": "systemMintColor"}}]}"#
            .write(to: mint.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        // An image set and a namespace folder of one name (a leading digit: both `_24Vision`).
        let vision = catalog.appendingPathComponent("24Vision.imageset")
        let visionFolder = catalog.appendingPathComponent("24Vision/eye.imageset")
        for folder in [vision, visionFolder] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try #"{"properties": {"provides-namespace": true}}"#.write(to: catalog.appendingPathComponent("24Vision/Contents.json"), atomically: true, encoding: .utf8)
        for folder in [vision, visionFolder] {
            try FileManager.default.copyItem(at: work.appendingPathComponent("art/star-fill.pdf"), to: folder.appendingPathComponent("a.pdf"))
            try #"{"images": [{"idiom": "universal", "filename": "a.pdf"}]}"#.write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        try #"{"images": [{"idiom": "universal", "filename": "pin.pdf"}]}"#
            .write(to: pin.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let manifest = """
        {"version": 1, "output": "out", "catalogs": [{"path": "Media.xcassets"}],
         "images": [{"name": "info-16", "source": "art/star-fill.pdf"}, {"name": "info16", "source": "art/cleanup.pdf"}]}
        """
        try manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)

        let build = try Harness.assetc(["build", "assets.json", "--swift", "Assets.swift"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("Assets.swift: warning: the accessor names of \"info-16\" and \"info16\" are both Asset.Images.info16; \"info-16\" is Asset.Images.info16_2"),
                "\(build.stderr)")
        let code = try String(contentsOf: work.appendingPathComponent("Assets.swift"), encoding: .utf8)
        #expect(code.contains("from assets.json and Media.xcassets."))
        #expect(code.contains("public static let info16 = ImageAsset(name: \"info16\")"))
        #expect(code.contains("public static let info16_2 = ImageAsset(name: \"info-16\")"))
        #expect(code.contains("public static let mapPin = ImageAsset(name: \"map-pin\")"))
        #expect(code.contains("public static let _24Vision2 = ImageAsset(name: \"24Vision\")"), "\(code)")
        #expect(code.contains("if #available(iOS 15.0, tvOS 15.0, *) { return .systemMint }"))
        #expect(code.contains("    public enum Colors {\n        public static let brand = ColorAsset(name: \"Colors/Brand\")"), "\(code)")
        #expect(!code.contains("isInCompiledCatalog: true"), "no car, nothing asked by name")
        #expect(code.contains("bundle = Bundle.main\n"))

        let strict = try Harness.assetc(["build", "assets.json", "--swift", "Strict.swift", "--werror"], in: work)
        #expect(strict.status != 0, "a collision fails --werror")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Strict.swift").path))

        // With Assets.car, the catalog's image and colour are asked for by name; the manifest's are not.
        let car = try Harness.assetc(["build", "assets.json", "--car", "--swift", "Car.swift"], in: work)
        try #require(car.status == 0, "\(car.stderr)")
        let carCode = try String(contentsOf: work.appendingPathComponent("Car.swift"), encoding: .utf8)
        #expect(carCode.contains("ImageAsset(name: \"map-pin\", isInCompiledCatalog: true)"), "\(carCode)")
        #expect(carCode.contains("ColorAsset(name: \"Colors/Brand\", isInCompiledCatalog: true)"))
        #expect(carCode.contains("ImageAsset(name: \"info16\")\n"))
        // Bundle.module holds the Resources folder, where UIKit looks for no car: the table answers.
        let module = try Harness.assetc(["build", "assets.json", "--car", "--swift", "Module.swift", "--accessor-bundle", "module"], in: work)
        try #require(module.status == 0, "\(module.stderr)")
        let moduleCode = try String(contentsOf: work.appendingPathComponent("Module.swift"), encoding: .utf8)
        #expect(!moduleCode.contains("isInCompiledCatalog: true"))
        #expect(moduleCode.contains("bundle = Bundle.module\n"))
        #expect(moduleCode.contains("[resources.appendingPathComponent(\"Resources\", isDirectory: true), resources]"))

        let use = """
        import Foundation
        import UIKit
        extension Bundle { static var module: Bundle { Bundle.main } }  // SwiftPM generates one for a package target
        func use() -> [Any?] { [Asset.Images.info16_2.image, Asset.Images.mapPin.image, Asset.Colors.brand.color] }
        """
        for file in ["Assets.swift", "Car.swift", "Module.swift"] {
            let check = try typeCheck(file, use: use, in: work)
            #expect(check.status == 0, "\(file): \(check.stderr)")
        }
        for choice in ["framework", "Kit.bundle"] {
            let run = try Harness.assetc(["build", "assets.json", "--swift", "\(choice).swift", "--accessor-bundle", choice], in: work)
            try #require(run.status == 0, "\(run.stderr)")
            let check = try typeCheck("\(choice).swift", use: use, in: work)
            #expect(check.status == 0, "\(choice): \(check.stderr)")
        }
        // Objective-C the same: colours too, Assets.car asked by name, every bundle choice parses.
        for (name, arguments) in [("Plain", [String]()), ("Car", ["--car"]), ("Module", ["--accessor-bundle", "module"]),
                                  ("Framework", ["--accessor-bundle", "framework"]), ("Kit", ["--accessor-bundle", "Kit.bundle"])] {
            let run = try Harness.assetc(["build", "assets.json", "--objc", name] + arguments, in: work)
            try #require(run.status == 0, "\(run.stderr)")
            let check = try objectiveCCheck("\(name).m", in: work)
            #expect(check.status == 0, "\(name): \(check.stderr)")
            let header = try String(contentsOf: work.appendingPathComponent("\(name).h"), encoding: .utf8)
            for selector in ["+ (nullable UIImage *)info16;", "+ (nullable UIImage *)info16_2;", "+ (nullable UIImage *)mapPin;",
                             "+ (nullable UIColor *)colorsBrandColor;"] {
                #expect(header.contains(selector), "\(name): \(selector)")
            }
        }
        let plainObjC = try String(contentsOf: work.appendingPathComponent("Plain.m"), encoding: .utf8)
        #expect(plainObjC.contains("static const AssetColorValue AssetColor0[8] = {{1, 1.0, 0.0, 0.0, 1.0},"), "sRGB red for every trait")
        #expect(plainObjC.contains("+ (nullable UIColor *)colorsBrandColor { return AssetColor(AssetColor0); }"))
        let carObjC = try String(contentsOf: work.appendingPathComponent("Car.m"), encoding: .utf8)
        #expect(carObjC.contains("+ (nullable UIImage *)mapPin { return AssetNamedImage(@\"map-pin\", NULL); }"))
        #expect(carObjC.contains("+ (nullable UIColor *)colorsBrandColor { return AssetNamedColor(@\"Colors/Brand\"); }"))
        #expect(try String(contentsOf: work.appendingPathComponent("Framework.m"), encoding: .utf8).contains("[NSBundle bundleForClass:[Framework class]]"))

        let wrong = try Harness.assetc(["build", "assets.json", "--swift", "X.swift", "--accessor-bundle", "Kit"], in: work)
        #expect(wrong.status == 64, "\(wrong.stderr)")
    }

    /// A sliced image set (Xcode's Slicing: `resizing` per slot, in pixels of each file): the
    /// accessors carry each scale's cap insets in points and apply them, in Swift and Objective-C.
    @Test func slicedImagesKeepTheirCapInsets() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("S.xcassets/bubble.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for file in ["bubble.png", "bubble@2x.png"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent(file))
        }
        try """
        {"images": [
          {"idiom": "universal", "filename": "bubble.png", "scale": "1x",
           "resizing": {"mode": "9-part", "center": {"mode": "tile", "width": 1, "height": 1},
                        "cap-insets": {"top": 12, "left": 10, "bottom": 14, "right": 10}}},
          {"idiom": "universal", "filename": "bubble@2x.png", "scale": "2x",
           "resizing": {"mode": "3-part-horizontal", "center": {"mode": "stretch", "width": 2},
                        "cap-insets": {"left": 21, "right": 19}}}]}
        """.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let build = try Harness.assetc(["build", "S.xcassets", "--output", "out", "--swift", "S.swift", "--objc", "S"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let swift = try String(contentsOf: work.appendingPathComponent("S.swift"), encoding: .utf8)
        #expect(swift.contains("ImageAsset(name: \"bubble\", capInsets: [1: AssetCapInsets(top: 12.0, left: 10.0, bottom: 14.0, right: 10.0, tiles: true), "
            + "2: AssetCapInsets(top: 0.0, left: 10.5, bottom: 0.0, right: 9.5, tiles: false)])"), "\(swift)")
        let objc = try String(contentsOf: work.appendingPathComponent("S.m"), encoding: .utf8)
        #expect(objc.contains("static const AssetInsetsValue AssetInsets0[3] = {{1, 12.0, 10.0, 14.0, 10.0, 1}, {1, 0.0, 10.5, 0.0, 9.5, 0}, {0, 0, 0, 0, 0, 0}};"))
        #expect(objc.contains("AssetImage0, NO, AssetInsets0);"))
        let check = try typeCheck("S.swift", use: "import UIKit\nfunc use() -> UIImage { Asset.Images.bubble.image }\n", in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let clang = try objectiveCCheck("S.m", in: work)
        #expect(clang.status == 0, "\(clang.stderr)")
    }

    /// Data sets have accessors where the app can load them: in Assets.car (`NSDataAsset`), so only
    /// with `--car`; Swift `Asset.Data.exploreTab.data`, Objective-C `+exploreTabData`.
    @Test func dataSetsHaveAccessorsWhenInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"), to: work.appendingPathComponent("Real.xcassets"))
        let car = try Harness.assetc(["build", "Real.xcassets", "--output", "out", "--car", "--swift", "Car.swift", "--objc", "Car"], in: work)
        try #require(car.status == 0, "\(car.stderr)")
        let swift = try String(contentsOf: work.appendingPathComponent("Car.swift"), encoding: .utf8)
        #expect(swift.contains("    public enum Data {\n        public static let exploreTab = DataAsset(name: \"ExploreTab\")"), "\(swift)")
        let check = try typeCheck("Car.swift", use: "import Foundation\nimport UIKit\nfunc use() -> Data { Asset.Data.exploreTab.data }\n", in: work)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try String(contentsOf: work.appendingPathComponent("Car.h"), encoding: .utf8).contains("+ (nullable NSData *)exploreTabData;"))
        let clang = try objectiveCCheck("Car.m", in: work)
        #expect(clang.status == 0, "\(clang.stderr)")
        let loose = try Harness.assetc(["build", "Real.xcassets", "--output", "loose", "--swift", "Loose.swift"], in: work)
        try #require(loose.status == 0, "\(loose.stderr)")
        #expect(!(try String(contentsOf: work.appendingPathComponent("Loose.swift"), encoding: .utf8)).contains("DataAsset"))
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
        let clang = try objectiveCCheck("Classes/Assets.m", in: work)
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

/// Every real app catalog of the corpus (`../shared/corpus`, SOURCES.tsv: namespaces, dark colours,
/// template images, dotted and dashed names, system colour references), built alone with `--swift`
/// and `--objc`: the Swift compiles under Swift 6 strict concurrency from a nonisolated function, the
/// Objective-C parses as an iOS 6 target with every availability guarded.
@Suite struct CorpusAccessorTests {
    static let corpus = Harness.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var catalogs: [URL] {
        guard let walk = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walk where url.pathExtension == "xcassets" {
            walk.skipDescendants()
            if !url.path.contains("/car-pairs/") { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func realCatalogsGiveAccessorsThatCompile() throws {
        let catalogs = Self.catalogs
        try #require(catalogs.count >= 10, "the corpus's app catalogs (\(catalogs.count) found under \(Self.corpus.path))")
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let codegen = CodeGenerationTests()
        let modules = try codegen.uikitStandIn(in: work)
        for (number, catalog) in catalogs.enumerated() {
            let build = try Harness.assetc(["build", catalog.path, "--output", "out\(number)", "--swift", "Catalog\(number).swift",
                                            "--objc", "Catalog\(number)", "--accessor-bundle", "framework"], in: work)
            try #require(build.status == 0, "\(catalog.path): \(build.stderr)")
            let objc = try codegen.objectiveCCheck("Catalog\(number).m", in: work)
            #expect(objc.status == 0, "\(catalog.path): \(objc.stderr)")
            // One file at a time: each declares its own Asset enum.
            let check = try codegen.typeCheck("Catalog\(number).swift", use: """
                import UIKit
                func use() -> Any { Asset.self }
                """, in: work, modules: modules)
            #expect(check.status == 0, "\(catalog.path): \(check.stderr)")
        }
    }
}
