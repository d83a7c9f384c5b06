import Testing
@testable import AssetModel
@testable import Planning

@Suite struct DeviceTableTests {
    private func icon(_ idiom: SlotIdiom, _ points: Double, _ scale: Int) -> IconSlot? {
        DeviceTables.icons.first { $0.idiom == idiom && $0.points == points && $0.scale == scale }
    }

    @Test func iconPixelSizesAndRequirementsMatchApple() throws {
        let expected: [(SlotIdiom, Double, Int, Int, Requirement)] = [
            (.iphone, 60, 2, 120, .required), (.iphone, 60, 3, 180, .recommended), (.iphone, 40, 2, 80, .recommended),
            (.iphone, 40, 3, 120, .recommended), (.iphone, 29, 2, 58, .recommended), (.iphone, 29, 3, 87, .recommended),
            (.iphone, 20, 2, 40, .recommended), (.iphone, 20, 3, 60, .recommended),
            (.ipad, 76, 1, 76, .required), (.ipad, 76, 2, 152, .required), (.ipad, 83.5, 2, 167, .required),
            (.ipad, 40, 1, 40, .recommended), (.ipad, 40, 2, 80, .recommended), (.ipad, 29, 1, 29, .recommended),
            (.ipad, 29, 2, 58, .recommended), (.ipad, 20, 1, 20, .recommended), (.ipad, 20, 2, 40, .recommended),
            (.appStore, 1024, 1, 1024, .recommended),
            (.iphone, 57, 1, 57, .required), (.iphone, 57, 2, 114, .required), (.iphone, 29, 1, 29, .recommended),
            (.ipad, 72, 1, 72, .required), (.ipad, 72, 2, 144, .required), (.ipad, 50, 1, 50, .recommended),
            (.ipad, 50, 2, 100, .recommended),
        ]
        for (idiom, points, scale, pixels, requirement) in expected {
            let slot = try #require(icon(idiom, points, scale), "\(idiom) \(points)@\(scale)x missing")
            #expect(slot.pixels == pixels && slot.requirement == requirement, "\(slot.label)")
        }
        #expect(DeviceTables.icons.count == expected.count)
        #expect(DeviceTables.icons.allSatisfy { !$0.source.isEmpty })
        #expect(DeviceTables.launchImages.allSatisfy { !$0.source.isEmpty })
        #expect(DeviceTables.artwork.map(\.pixels) == [512, 1024])
    }

    @Test func iconNamesFollowActoolsLooseFileForm() throws {
        #expect(try #require(icon(.iphone, 60, 2)).fileName(base: "AppIcon") == "AppIcon60x60@2x.png")
        #expect(try #require(icon(.ipad, 76, 1)).fileName(base: "AppIcon") == "AppIcon76x76~ipad.png")
        #expect(try #require(icon(.ipad, 83.5, 2)).fileName(base: "AppIcon") == "AppIcon83.5x83.5@2x~ipad.png")
        #expect(try #require(icon(.iphone, 57, 1)).fileName(base: "AppIcon") == "AppIcon57x57.png")
        #expect(try #require(icon(.ipad, 83.5, 2)).bundleIconName(base: "AppIcon") == "AppIcon83.5x83.5")
    }

    @Test func launchImageNamesFollowApplesModifierOrder() {
        let names = DeviceTables.launchImages.filter { !$0.statusBarExcluded }.map { "\($0.fileName(base: "Default")) \($0.width)x\($0.height)" }
        #expect(names == [
            "Default.png 320x480", "Default@2x.png 640x960", "Default-568h@2x.png 640x1136", "Default-667h@2x.png 750x1334",
            "Default-736h@3x.png 1242x2208", "Default-Landscape-736h@3x.png 2208x1242", "Default-2436h@3x.png 1125x2436",
            "Default-Landscape-2436h@3x.png 2436x1125", "Default-1792h@2x.png 828x1792", "Default-Landscape-1792h@2x.png 1792x828",
            "Default-2688h@3x.png 1242x2688", "Default-Landscape-2688h@3x.png 2688x1242",
            "Default-Portrait~ipad.png 768x1024", "Default-Portrait@2x~ipad.png 1536x2048",
            "Default-Landscape~ipad.png 1024x768", "Default-Landscape@2x~ipad.png 2048x1536",
        ])
        let legacy = DeviceTables.launchImages.filter(\.statusBarExcluded).map { "\($0.width)x\($0.height)" }
        #expect(legacy == ["320x460", "640x920", "768x1004", "1024x748", "1536x2008", "2048x1496"])
    }

    @Test func launchImageSizesInPointsArePortraitOrdered() throws {
        let landscapeIpad = try #require(DeviceTables.launchImages.first { $0.idiom == .ipad && $0.orientation == .landscape && $0.scale == 2 && !$0.statusBarExcluded })
        #expect(landscapeIpad.portraitPoints == (768, 1024))
        let plus = try #require(DeviceTables.launchImages.first { $0.subtype == .h736 && $0.orientation == .landscape })
        #expect(plus.portraitPoints == (414, 736))
    }

    @Test func slotsDependOnDevicesAndDeploymentTarget() throws {
        func slots(_ devices: String, _ target: String) throws -> [String] {
            let manifest = try decodeManifest(#"{"version": 1, "devices": \#(devices), "deploymentTarget": "\#(target)"}"#).get().manifest
            return IconPlanner.applicableSlots(for: BuildRequest(manifest)).map { $0.fileName(base: "I") }
        }
        let modernPhone = try slots(#"["iphone"]"#, "7.0")
        #expect(modernPhone.contains("I60x60@2x.png") && !modernPhone.contains("I57x57.png"))
        #expect(!modernPhone.contains { $0.hasSuffix("~ipad.png") })
        #expect(modernPhone.contains("I1024x1024.png"))
        let legacyPad = try slots(#"["ipad"]"#, "6.0")
        #expect(legacyPad.contains("I72x72~ipad.png") && legacyPad.contains("I76x76~ipad.png"))
        #expect(!legacyPad.contains("I57x57.png"))
        #expect(try slots(#"["iphone", "ipad"]"#, "6.1").contains("I57x57@2x.png"))
    }

    @Test func parsesDeploymentTargets() {
        #expect(OSVersion("6.0") == OSVersion(6, 0))
        #expect(OSVersion("7") == OSVersion(7))
        #expect(OSVersion("8.1.2") == OSVersion(8, 1))
        #expect(OSVersion("seven") == nil && OSVersion("7.") == nil && OSVersion("") == nil)
        #expect(OSVersion(6, 1) < OSVersion.iOS7)
    }
}
