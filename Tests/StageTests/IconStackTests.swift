import AssetModel
import Foundation
import Testing

/// The stack plan of an Icon Composer icon (`IconStackPlan`), against what actool wrote for the
/// same `icon.json`: both fixtures are public bundles committed beside the Assets.car actool
/// compiled from them (Tests/Fixtures/LICENSES.md), and every expected value below was read out
/// of that car (macOS cars; iOS keys the same values, with light as appearance 4).
@Suite struct IconStackTests {
    typealias Plan = IconStackPlan

    static func plan(_ bundle: String, sizes: [String: PointSize]) throws -> Plan {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/iconcomposer/\(bundle)/icon.json")
        let json = [UInt8](try Data(contentsOf: url))
        return try Plan.make(IconComposerFile(bytes: json), stem: "AppIcon") { sizes[$0] }
    }

    /// One line a child, as a test reads it.
    static func line(_ child: Plan.Child) -> String {
        "\(child.reference) [\(child.x), \(child.y), \(child.width), \(child.height)] blend \(child.blendMode) opacity \(child.opacity) "
            + "bits \(child.bits) blur \(child.blur) '\(child.fill)' specular \(child.specular) translucency \(child.translucency) "
            + "shadow \(child.shadowStyle)/\(child.shadowOpacity)"
    }

    static func node(_ nodes: [Plan.Node], _ name: String, _ appearance: Plan.Appearance) -> [String] {
        nodes.first { $0.name == name && $0.appearance == appearance }?.children.map(line) ?? []
    }

    /// AM-MiniPlayer's icon (actool of Xcode 26.2): a Display P3 automatic gradient, a dark linear
    /// gradient, three unnamed groups (blur, translucency), a PNG layer with a dark fill whose
    /// colours are the background's again, SVG layers with non-ASCII names, a tinted opacity.
    @Test func miniPlayerAsActoolWroteIt() throws {
        let plan = try Self.plan("MiniPlayer.icon", sizes: ["Ellipse 2 2.png": PointSize(width: 361, height: 361),
                                                            "3 – Layer 3.svg": PointSize(width: 1024, height: 1024),
                                                            "1 – Layer.svg": PointSize(width: 1024, height: 1024)])
        #expect(plan.colors.map { "\($0.name) \($0.space) \($0.components)" } == [
            "AppIcon_Assets/Color-1 6 [1.0, 1.0]",
            "AppIcon_Assets/Color-2 3 [\(Double(Float(0.918))), \(Double(Float(0.231))), \(Double(Float(0.298))), 1.0]",
            "AppIcon_Assets/Color-3 3 [\(Double(Float(0.304))), \(Double(Float(0.304))), \(Double(Float(0.304))), 1.0]",
            "AppIcon_Assets/Color-4 1 [\(Double(Float(0.13))), \(Double(Float(0.13))), \(Double(Float(0.13))), 1.0]",
        ])
        #expect(plan.gradients.map { "\($0.name) \($0.kind) \($0.geometry.map { Float($0) }) \($0.stops.map { "\($0.location)>\($0.color)" })" } == [
            "AppIcon_Assets/Gradient-1 0 [0.5, 0.0, 0.5, 1.0] [\"0.0>AppIcon_Assets/Color-2\"]",
            "AppIcon_Assets/Gradient-2 1 [0.5, 0.0, 0.5, 0.7] [\"0.0>AppIcon_Assets/Color-3\", \"1.0>AppIcon_Assets/Color-4\"]",
            "AppIcon_Assets/Gradient-3 1 [0.5, -0.09905544, 0.5, 0.8364887] [\"0.0>AppIcon_Assets/Color-4\", \"1.0>AppIcon_Assets/Color-3\"]",
        ])
        #expect(plan.layers.map(\.name) == ["AppIcon_Assets/Ellipse 2 2", "AppIcon_Assets/3 _ Layer 3", "AppIcon_Assets/1 _ Layer"])
        let groups = [
            "AppIcon/Group 3 [0, 0, 0, 0] blend 0 opacity 1.0 bits 2 blur 0.0 '' specular 1 translucency 0.5 shadow 3/0.5",
            "AppIcon/Group 2 [0, 0, 0, 0] blend 0 opacity 1.0 bits 2 blur 0.0 '' specular 1 translucency 0.5 shadow 3/0.5",
            "AppIcon/Group [0, 0, 0, 0] blend 0 opacity 1.0 bits 2 blur 0.5 '' specular 1 translucency 0.15 shadow 3/0.5",
        ]
        let fill = { (name: String) in "\(name) [0, 0, 0, 0] blend 0 opacity 1.0 bits 0 blur 0.0 '' specular 0 translucency 0.0 shadow 0/0.0" }
        #expect(Self.node(plan.stacks, "AppIcon", .light) == [fill("AppIcon_Assets/Gradient-1")] + groups)
        #expect(Self.node(plan.stacks, "AppIcon", .dark) == [fill("AppIcon_Assets/Gradient-2")] + groups)
        #expect(Self.node(plan.stacks, "AppIcon", .tinted) == [fill("AppIcon_Assets/Gradient-1")] + groups)
        let ellipse = "AppIcon_Assets/Ellipse 2 2 [331, 331, 361, 361] blend 0 opacity 1.0 bits 1 blur 0.0"
        #expect(Self.node(plan.groups, "AppIcon/Group", .light) == ["\(ellipse) '' specular 0 translucency 0.0 shadow 0/0.0"])
        #expect(Self.node(plan.groups, "AppIcon/Group", .dark) == ["\(ellipse) 'AppIcon_Assets/Gradient-3' specular 0 translucency 0.0 shadow 0/0.0"])
        #expect(Self.node(plan.groups, "AppIcon/Group 3", .tinted)
                == ["AppIcon_Assets/1 _ Layer [0, 0, 1024, 1024] blend 0 opacity 0.87 bits 1 blur 0.0 '' specular 0 translucency 0.0 shadow 0/0.0"])
        #expect(Self.node(plan.groups, "AppIcon/Group 3", .light).first?.contains("opacity 1.0") == true)
    }

    /// JustSing's icon (actool of Xcode 26.6): a solid background referred to as its colour, a
    /// named group whose blend mode, lighting, shadow and translucency differ in dark, a grey
    /// PNG layer whose dark fill is a gradient of its own and whose dark blend mode is soft light.
    @Test func minusOneAsActoolWroteIt() throws {
        let plan = try Self.plan("MinusOne.icon", sizes: ["MinusOneIcon-active.png": PointSize(width: 1024, height: 1024)])
        #expect(plan.colors.map(\.name).count == 6)
        #expect(plan.colors[1].space == 1 && plan.colors[1].components == [0.91, 0.278, 0.353, 1].map { Double(Float($0)) })
        #expect(plan.gradients.map(\.name) == ["AppIcon_Assets/Gradient-1", "AppIcon_Assets/Gradient-2"])
        #expect(plan.gradients[1].geometry == [1.3389155321782178, 0.5, 0.1940233085808581, 0.5].map { Double(Float($0)) }, "not clamped")
        let light = Self.node(plan.stacks, "AppIcon", .light), dark = Self.node(plan.stacks, "AppIcon", .dark)
        #expect(light == ["AppIcon_Assets/Color-2 [0, 0, 0, 0] blend 0 opacity 1.0 bits 0 blur 0.0 '' specular 0 translucency 0.0 shadow 0/0.0",
                          "AppIcon/Group [0, 0, 0, 0] blend 0 opacity 1.0 bits 0 blur 0.5 '' specular 1 translucency 0.5 shadow 2/0.5"])
        #expect(dark == ["AppIcon_Assets/Gradient-1 [0, 0, 0, 0] blend 0 opacity 1.0 bits 0 blur 0.0 '' specular 0 translucency 0.0 shadow 0/0.0",
                         "AppIcon/Group [0, 0, 0, 0] blend 9 opacity 1.0 bits 2 blur 0.5 '' specular 1 translucency 0.65 shadow 2/0.53"])
        #expect(Self.node(plan.stacks, "AppIcon", .tinted) == light)
        #expect(Self.node(plan.groups, "AppIcon/Group", .dark)
                == ["AppIcon_Assets/MinusOneIcon-active [0, 0, 1024, 1024] blend 8 opacity 1.0 bits 1 blur 0.0 'AppIcon_Assets/Gradient-2' specular 0 translucency 0.0 shadow 0/0.0"])
        #expect(Self.node(plan.groups, "AppIcon/Group", .light).first?.contains("blend 0 opacity 1.0 bits 1 blur 0.0 ''") == true)
    }

    /// The rules read off the other pairs: frames (a 32-bit product rounded to nearest for the
    /// size, the floor of the unrounded centring for the origin), hidden layers and all-hidden
    /// groups left out, group names numbered among the groups kept, a dark appearance without a
    /// fill of its own given the system's dark gradient, defaults for what a group does not say.
    @Test func framesNamesAndDefaults() throws {
        let json = #"""
        {"fill": {"automatic-gradient": "extended-srgb:0.00000,0.53333,1.00000,1.00000"},
         "groups": [
          {"layers": [{"image-name": "hidden.png", "hidden": true}]},
          {"layers": [{"image-name": "tall.png", "position": {"scale": 0.55, "translation-in-points": [0, 0]}},
                      {"image-name": "gone.png", "hidden": true}]},
          {"name": "Group", "layers": [{"image-name": "wide.png", "position": {"scale": 0.5, "translation-in-points": [0, 0]}}],
           "translucency": {"enabled": false, "value": 0}, "specular": false, "lighting": "combined", "shadow": {"kind": "none", "opacity": 0.4}},
          {"layers": [{"image-name": "big.png", "position": {"scale": 2.8, "translation-in-points": [120.695, 254.033]}, "glass": false}]}
         ]}
        """#
        let sizes = ["tall.png": PointSize(width: 1200, height: 1550), "wide.png": PointSize(width: 1756, height: 764),
                     "big.png": PointSize(width: 705, height: 508)]
        let plan = try Plan.make(IconComposerFile(bytes: Array(json.utf8)), stem: "AppIcon") { sizes[$0] }
        #expect(plan.layers.map(\.imageName) == ["tall.png", "wide.png", "big.png"])
        #expect(Set(plan.groups.map(\.name)) == ["AppIcon/Group", "AppIcon/Group 2", "AppIcon/Group 3"])
        func frame(_ group: String) -> [Int] {
            let child = plan.groups.first { $0.name == group && $0.appearance == .light }!.children[0]
            return [child.x, child.y, child.width, child.height]
        }
        #expect(frame("AppIcon/Group") == [181, 85, 660, 852])     // cardflow: x floor(181.99999), h rint(852.5) = 852
        #expect(frame("AppIcon/Group 2") == [73, 321, 878, 382])   // readinglist
        #expect(frame("AppIcon/Group 3") == [-355, 54, 1974, 1422])  // cardflow's macOS position
        let stack = plan.stacks.first { $0.appearance == .light }!.children
        #expect(stack.map(\.reference) == ["AppIcon_Assets/Gradient-1", "AppIcon/Group 3", "AppIcon/Group 2", "AppIcon/Group"])
        let named = stack[2]
        #expect([named.bits, named.specular, named.shadowStyle] == [0, 0, 0] && named.translucency == 0 && named.shadowOpacity == 0.4)
        #expect([stack[1].bits, stack[1].specular, stack[1].shadowStyle] == [2, 1, 3] && stack[1].translucency == 0.5 && stack[1].shadowOpacity == 0.5)
        #expect(plan.groups.first { $0.name == "AppIcon/Group 3" }!.children[0].bits == 0, "glass false")
        // Dark has no fill of its own: the system's dark gradient, grey 0.192 to 0.078.
        #expect(plan.stacks.first { $0.appearance == .dark }!.children[0].reference == "AppIcon_Assets/Gradient-2")
        #expect(plan.colors.suffix(2).map { "\($0.space) \($0.components)" } == ["2 [\(Double(Float(0.192))), 1.0]", "2 [\(Double(Float(0.078))), 1.0]"])
        #expect(plan.stacks.first { $0.appearance == .tinted }!.children[0].reference == "AppIcon_Assets/Gradient-1")
    }

    /// Two files whose names read the same in ASCII keep a layer each, and each group names its own.
    @Test func layersWhoseNamesReadTheSameKeepANameEach() throws {
        let json = #"{"groups": [{"layers": [{"image-name": "a–b.png"}]}, {"layers": [{"image-name": "a—b.png"}]}]}"#
        let plan = try Plan.make(IconComposerFile(bytes: Array(json.utf8)), stem: "AppIcon") { _ in PointSize(width: 10, height: 10) }
        #expect(plan.layers.map(\.name) == ["AppIcon_Assets/a_b", "AppIcon_Assets/a_b 2"])
        let references = plan.groups.filter { $0.appearance == .light }.map { $0.children.map(\.reference) }
        #expect(references == [["AppIcon_Assets/a_b"], ["AppIcon_Assets/a_b 2"]])
    }

    /// A layer named only where its group is hidden is not in the stack (the flattened icon does
    /// not read it either); a colour no Float holds is refused by name, not stored as infinity.
    @Test func hiddenGroupsAndHugeColours() throws {
        let hidden = #"""
        {"groups": [{"hidden-specializations": [{"appearance": "dark", "value": true}],
                     "layers": [{"image-name-specializations": [{"value": "a.png"}, {"appearance": "dark", "value": "b.png"}]}]}]}
        """#
        let plan = try Plan.make(IconComposerFile(bytes: Array(hidden.utf8)), stem: "AppIcon") { $0 == "a.png" ? PointSize(width: 8, height: 8) : nil }
        #expect(plan.layers.map(\.imageName) == ["a.png"])
        #expect(plan.groups.first { $0.appearance == .dark }?.children.isEmpty == true)
        #expect(plan.stacks.first { $0.appearance == .dark }?.children.count == 1, "the fill alone")
        let huge = #"{"fill": {"solid": "srgb:1e306,0,0,1"}, "groups": [{"layers": [{"image-name": "a.png"}]}]}"#
        #expect(throws: IconComposerError.self) { try Plan.make(IconComposerFile(bytes: Array(huge.utf8)), stem: "AppIcon") { _ in PointSize(width: 8, height: 8) } }
    }

    /// A layer without a usable size is an error naming it, not a frame of nothing.
    @Test func aLayerWithoutASizeIsNamed() throws {
        let json = #"{"groups": [{"layers": [{"image-name": "a.png"}]}]}"#
        #expect(throws: IconComposerError.self) { try Plan.make(IconComposerFile(bytes: Array(json.utf8)), stem: "AppIcon") { _ in nil } }
    }
}

/// An Icon Composer SVG layer's size for its frame, read from the root element without a parser:
/// an Illustrator file's entity declarations are skipped, not expanded or refused.
@Suite struct SVGRootSizeTests {
    static func size(_ text: String) -> PointSize? { SVGRootSize.size(Array(text.utf8)) }

    @Test func widthAndHeightElseTheViewBox() {
        #expect(Self.size(#"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="512" viewBox="0 0 10 10"/>"#) == PointSize(width: 1024, height: 512))
        #expect(Self.size(#"<svg viewBox="0 0 14 21" width="100%" height='100%'><path/></svg>"#) == PointSize(width: 14, height: 21))
        #expect(Self.size(#"<svg width="72pt" height="1in" viewBox="0,0,1,1"></svg>"#) == PointSize(width: 96, height: 96))
        #expect(Self.size("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a comment <svg width=\"1\" height=\"1\"> -->\n<svg:svg width=\"30px\" height=\"40\"/>") == PointSize(width: 30, height: 40))
        let illustrator = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
          <!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
          <!ENTITY ns_svg "http://www.w3.org/2000/svg">
        ]>
        <svg version="1.1" xmlns="&ns_svg;" x="0px" y="0px" width="1254px" height="1254px" viewBox="0 0 1254 1254">
        """
        #expect(Self.size(illustrator) == PointSize(width: 1254, height: 1254))
    }

    /// As librsvg sizes the flattened icon's layers: both lengths when both are absolute and above
    /// zero, else the viewBox's — never one of each.
    @Test func theViewBoxUnlessBothLengthsAreAbsolute() {
        #expect(Self.size(#"<svg width="200" viewBox="0 0 400 100"/>"#) == PointSize(width: 400, height: 100))
        #expect(Self.size(#"<svg width="0" height="0" viewBox="0 0 400 100"/>"#) == PointSize(width: 400, height: 100))
        #expect(Self.size(#"<svg width="10em" height="10em" viewBox="0 0 400 100"/>"#) == PointSize(width: 400, height: 100))
    }

    @Test func noSizeOrNoSVGIsNil() {
        #expect(Self.size(#"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#) == nil)
        #expect(Self.size(#"<html width="10" height="10"/>"#) == nil)
        #expect(Self.size(#"<svg width="0" height="10"/>"#) == nil)
        #expect(Self.size(#"<svg width="10" height="10"#) == nil, "a start tag that never ends")
        #expect(Self.size("") == nil)
    }
}
