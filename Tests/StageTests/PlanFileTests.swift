import Foundation
import Testing
@testable import AssetModel

@Suite struct PlanFileTests {
    static func sample() -> BuildPlan {
        var image = Variant(name: "Round/Cherry", bundle: .named("Checkout"), relativePath: "Checkout.bundle/Round/Cherry-dark@2x~ipad.png",
                            fileName: "Cherry-dark@2x~ipad.png", scale: 2, idiom: .ipad, tall: false,
                            pointSize: PointSize(width: 55.60156, height: 58.78125), pixelWidth: 111, pixelHeight: 118,
                            source: ResolvedSource(path: "art/cherry.svg", kind: .svg, page: 1),
                            contentSize: PointSize(width: 55.60156, height: 58.78125),
                            placement: Placement(scaleX: 111 / 55.60156, scaleY: 118 / 58.78125, offsetX: 0, offsetY: 0),
                            origin: .catalog(CatalogOrigin(catalog: "A.xcassets", setPath: "Round/Cherry.imageset", filename: "c.svg",
                                                           contentsPath: "A.xcassets/Round/Cherry.imageset/Contents.json",
                                                           location: SourceLocation(line: 3, column: 5))))
        image.appearance = Appearance(luminosity: .dark, highContrast: true)
        let slot = DeviceTables.icons[3]
        let icon = Variant(name: "AppIcon", relativePath: slot.fileName(base: "AppIcon"), fileName: slot.fileName(base: "AppIcon"),
                           scale: slot.scale, tall: false, pointSize: PointSize(width: slot.points, height: slot.points),
                           pixelWidth: slot.pixels, pixelHeight: slot.pixels, source: ResolvedSource(path: "icon.pdf", kind: .pdf, page: 2),
                           contentSize: PointSize(width: 1024, height: 1024),
                           placement: Placement(scaleX: 0.5, scaleY: 0.5, offsetX: 0.25, offsetY: 0), background: .white,
                           origin: .manifest(SourceLocation(line: 9, column: 1)), role: .appIcon(slot))
        var request = InfoPlistRequest(devices: [.iphone, .ipad], targetsLegacyOS: true, iconName: "AppIcon", launchBasename: "Default")
        request.alternateIcons = [AlternateIcon(name: "AppIcon.beta", fileBase: "AppIcon_beta"),
                                  AlternateIcon(name: "AppIcon-yellow", fileBase: "AppIcon-yellow", requestedName: "AppIcon-Yellow")]
        var plan = BuildPlan(inputPath: "assets.json", variants: [image, icon],
                             bundles: [BundleSpec(name: "Checkout", path: "Checkout.bundle", location: SourceLocation(line: 2, column: 3))],
                             infoPlist: request, budget: SizeBudget(maxBytes: 1000, location: SourceLocation(line: 5, column: 6)), warnings: [])
        plan.catalogRecords = CatalogRecords(
            images: [.init(bundle: .named("Checkout"), name: "Round/Cherry", catalog: "A.xcassets", setPath: "Round/Cherry.imageset",
                           properties: CatalogImageProperties(templateRenderingIntent: "template", preservesVectorRepresentation: true,
                                                              resizing: .object(["mode": .string("3-part-horizontal")])))],
            colors: [.init(bundle: .main, name: "Ink", colors: [
                CatalogColor(idiom: .iphone, appearance: Appearance(luminosity: .dark), value: .components(colorSpace: "display-p3", [ColorComponent(name: "red", value: 0.502)])),
                CatalogColor(idiom: nil, appearance: .any, value: .reference(platform: "ios", name: "labelColor")),
            ])])
        return plan
    }

    @Test func aPlanReadsBackExactly() throws {
        let plan = Self.sample()
        let bytes = PlanFile.encode(plan, keys: ["k1", "k2"]).serializedBytes()
        let decoded = try PlanFile.decode(bytes)
        #expect(decoded.keys == ["k1", "k2"])
        #expect(decoded.plan.variants == plan.variants)
        #expect(decoded.plan.bundles == plan.bundles)
        #expect(decoded.plan.infoPlist == plan.infoPlist)
        #expect(decoded.plan.budget == plan.budget)
        #expect(decoded.plan.catalogRecords.images == plan.catalogRecords.images)
        #expect(decoded.plan.catalogRecords.colors == plan.catalogRecords.colors)
        // A subset for one action carries everything else unchanged.
        let one = try PlanFile.decode(PlanFile.encode(plan, keys: ["k1", "k2"], only: [1]).serializedBytes())
        #expect(one.plan.variants == [plan.variants[1]] && one.keys == ["k2"])
    }

    /// This session's fields read back: the launch screen, the generation, space, the icon's stack.
    @Test func theLaunchScreenGenerationAndOptimizationReadBack() throws {
        var plan = Self.sample()
        var screen = LaunchScreenSpec(colorName: "LaunchBackground", imageName: "LaunchLogo")
        (screen.imageRespectsSafeAreaInsets, screen.toolbar) = (false, true)
        plan.infoPlist.launchScreen = screen
        var compiled = CompiledCatalogRequest(appIconName: "AppIcon", deploymentTarget: OSVersion(15))
        compiled.xcode = XcodeGeneration.named("26.3")!
        compiled.optimizesForSpace = true
        compiled.iconStackJSON = "AppIcon.icon/icon.json"
        plan.compiledCatalog = compiled
        let decoded = try PlanFile.decode(PlanFile.encode(plan, keys: ["k1", "k2"]).serializedBytes()).plan
        #expect(decoded.infoPlist.launchScreen == screen)
        #expect(decoded.compiledCatalog?.xcode.version == "26.3")
        #expect(decoded.compiledCatalog?.optimizesForSpace == true)
        #expect(decoded.compiledCatalog?.iconStackJSON == "AppIcon.icon/icon.json")
        // The default generation is not written, so plans of earlier builds read as before.
        plan.compiledCatalog?.xcode = .default
        #expect(!PlanFile.encode(plan, keys: ["k1", "k2"]).serialized().contains("\"xcode\""))
    }

    /// A tvOS Brand Assets set, a visionOS solid image stack and a Mac plan's platform read back as
    /// the car step takes them; a stack size no image could have and an unknown top-shelf role are refused.
    @Test func layeredImagesAndThePlatformReadBack() throws {
        var plan = Self.sample()
        func set(_ name: String, scales: [Int]) -> CatalogImageSet {
            CatalogImageSet(name: name, setPath: name + ".imageset", contentsPath: "A.xcassets/\(name).imageset/Contents.json",
                            slots: scales.map { CatalogImageSlot(idiom: .tv, scale: $0, appearance: .any, filename: "l\($0).png",
                                                                 path: "A.xcassets/\(name).imageset/l\($0).png", location: SourceLocation(line: 3, column: 5)) },
                            properties: CatalogImageProperties())
        }
        let layers = [CatalogImageStack.Layer(name: "Front", content: set("App Icon/Front/Content", scales: [1, 2]), folder: "A.xcassets/F"),
                      CatalogImageStack.Layer(name: "Back", content: set("App Icon/Back/Content", scales: [1]))]
        var brand = CatalogBrandAssets(name: "App Icon & Top Shelf Image", setPath: "B.brandassets", contentsPath: "A.xcassets/B.brandassets/Contents.json",
                                       stacks: [CatalogImageStack(name: "App Icon", setPath: "B/App Icon.imagestack", contentsPath: "c.json",
                                                                  width: 400, height: 240, layers: layers)])
        brand.topShelf[.wide] = set("Top Shelf Image Wide", scales: [1])
        brand.appStoreImage = set("App Store", scales: [1])
        brand.unknownRoles = ["future-role"]
        var solid = CatalogImageStack(name: "AppIcon", setPath: "AppIcon.solidimagestack", contentsPath: "s.json", width: 512, height: 512, layers: layers)
        solid.kind = .solidImageStack
        var compiled = CompiledCatalogRequest(appIconName: "App Icon & Top Shelf Image", deploymentTarget: OSVersion(17))
        (compiled.platform, compiled.brandAssets, compiled.solidImageStacks) = (.tvOS, brand, [solid])
        plan.compiledCatalog = compiled
        plan.infoPlist.brandAssets = TVIcons(brand)
        plan.infoPlist.solidImageStackIcon = "AppIcon"
        (plan.infoPlist.platform, plan.infoPlist.writesIconFile) = (.tvOS, false)
        plan.compiledCatalog?.writesIconFile = false
        plan.variants.removeAll { $0.iconSlot != nil }  // a tvOS icon is its stacks
        let text = PlanFile.encode(plan, keys: ["k1"]).serialized()
        let decoded = try PlanFile.decode(Array(text.utf8)).plan
        #expect(decoded.compiledCatalog?.platform == .tvOS)
        #expect(decoded.infoPlist.platform == .tvOS && decoded.infoPlist.writesIconFile == false && decoded.compiledCatalog?.writesIconFile == false)
        #expect(decoded.infoPlist.brandAssets == plan.infoPlist.brandAssets && decoded.infoPlist.solidImageStackIcon == "AppIcon")
        // The image sets' properties are not carried; everything the car step reads is.
        #expect(decoded.compiledCatalog?.brandAssets == brand)
        #expect(decoded.compiledCatalog?.solidImageStacks == [solid])
        #expect(decoded.compiledCatalog?.solidImageStacks.first?.kind == .solidImageStack)

        // Forged: sizes no stack has, a layer's scale, an unknown top-shelf role or Info.plist key, a
        // stack left with one layer, an Info.plist icon no stack makes.
        for (from, to) in [("\"size\": [400, 240]", "\"size\": [400, 1e9]"), ("\"size\": [512, 512]", "\"size\": [0, 512]"),
                           ("\"size\": [400, 240]", "\"size\": [4000, 2400]"), ("\"scale\": 2,\n", "\"scale\": 1000,\n"), ("\"scale\": 2\n", "\"scale\": 7\n"),
                           ("\"top-shelf-image-wide\": {", "\"top-shelf-image-huge\": {"),
                           ("\"TVTopShelfPrimaryImageWide\"", "\"CFBundleExecutable\""),
                           ("\"name\": \"App Icon/Back/Content\"", "\"name\": \"App Icon/Back/Content\", \"slots\": [], \"x\""),
                           ("\"solidImageStackIcon\": \"AppIcon\"", "\"solidImageStackIcon\": \"Other\""),
                           ("\"primaryIcon\": \"App Icon\"", "\"primaryIcon\": \"Other\""),
                           // The car for one platform and the Info.plist for another.
                           ("\"legacy\": true,\n    \"platform\": \"tvos\"", "\"legacy\": true,\n    \"platform\": \"macos\"")] {
            #expect(text.contains(from), "\(from)")
            #expect(throws: PlanFile.DecodeError.self, "\(to)") { try PlanFile.decode(Array(text.replacingOccurrences(of: from, with: to).utf8)) }
        }
    }

    /// A car-only slot's traits read back, and are written in one order whatever the process's
    /// hash seed: plan files are build engines' cache inputs.
    @Test func carTraitsAreWrittenInOrder() throws {
        var plan = Self.sample()
        plan.variants[0].carTraits = CarTraits(locale: "fr", attributes: [24: 1, 4: 5, 20: 2, 21: 1, 22: 3])
        let text = PlanFile.encode(plan, keys: ["k1", "k2"]).serialized()
        let compact = text.filter { !$0.isWhitespace }
        #expect(compact.contains(#""carTraits":{"attributes":[[4,5],[20,2],[21,1],[22,3],[24,1]],"locale":"fr"}"#), "\(text)")
        #expect(try PlanFile.decode(Array(text.utf8)).plan.variants == plan.variants)
    }

    /// A car-only slot's scale keys its rendition: only 0 (none) to 3 is read back.
    @Test func aTraitSlotsScaleIsChecked() throws {
        var plan = Self.sample()
        plan.catalogRecords.images[0].properties.traitSlots = [
            CatalogTraitSlot(idiom: .ipad, scale: 2, appearance: .any, filename: "wide.png", path: "A.xcassets/Round/Cherry.imageset/wide.png",
                             widthClass: "regular", heightClass: nil, memory: nil, graphicsFeatureSet: nil),
        ]
        let text = PlanFile.encode(plan, keys: ["k1", "k2"]).serialized()
        #expect(try PlanFile.decode(Array(text.utf8)).plan.catalogRecords.images == plan.catalogRecords.images)
        let forged = text.replacingOccurrences(of: "\"scale\": 2,\n", with: "\"scale\": 4611686018427387904,\n")
        #expect(forged != text)
        #expect(throws: PlanFile.DecodeError.self) { try PlanFile.decode(Array(forged.utf8)) }
    }

    @Test func forgedOrForeignPlansAreRefused() {
        let good = PlanFile.encode(Self.sample(), keys: ["k1", "k2"]).serialized()
        let cases = [
            good.replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 1"),
            good.replacingOccurrences(of: "\"path\": \"Resources/Checkout.bundle", with: "\"path\": \"../../Checkout.bundle")
                .replacingOccurrences(of: "\"relativePath\": \"Checkout.bundle", with: "\"relativePath\": \"../../Checkout.bundle"),
            good.replacingOccurrences(of: "\"iconSlot\": 3", with: "\"iconSlot\": 9999"),
            good.replacingOccurrences(of: "\"kind\": \"svg\"", with: "\"kind\": \"gif\""),
            // A scale sizes what is drawn: only Apple's 1x to 3x (a forged -1 trapped, 1000 asked for 384 GB).
            good.replacingOccurrences(of: "\"iconSlot\": 3", with: "\"iconSlot\": \(DeviceTables.plannedIconSlots.firstIndex(of: DeviceTables.watchSingleSizeIcon)!)"),
            good.replacingOccurrences(of: "\"scale\": 2,", with: "\"scale\": -1,"),
            good.replacingOccurrences(of: "\"scale\": 2,", with: "\"scale\": 1000,"),
            "{}", "[", "",
        ]
        // Pixel sizes no Int holds trapped (a crash with no message) before they were checked.
        let pixels = good.range(of: #""pixels": \[[0-9]+, [0-9]+\]"#, options: .regularExpression)
        #expect(pixels != nil)
        if let pixels {
            for forged in [#""pixels": [1e300, 1]"#, #""pixels": [2.5, 1]"#, #""pixels": [-1e20, 1]"#] {
                let text = good.replacingCharacters(in: pixels, with: forged)
                #expect(throws: PlanFile.DecodeError.self, "\(forged)") { try PlanFile.decode(Array(text.utf8)) }
            }
        }
        for text in cases {
            #expect(throws: PlanFile.DecodeError.self, "\(text.prefix(60))") { try PlanFile.decode(Array(text.utf8)) }
        }
    }
}
