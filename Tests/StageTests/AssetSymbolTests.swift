import AssetModel
@testable import CodeGeneration
import Foundation
import Rendering
import Testing

/// Xcode's asset symbols: the naming rule against names seen in Xcode-generated files of public
/// apps, and whole files against the SHA-256 of seven apps' `GeneratedAssetSymbols` files
/// (Tests/Fixtures/asset-symbols/xcode-generated.json: each app's colour and image sets and the
/// hashes of what Xcode wrote for them; LICENSES.md names the sources).
@Suite struct AssetSymbolTests {
    /// Name → Swift member → Objective-C tail, each seen in a file Xcode wrote (app in the comment).
    static let names: [(name: String, swift: String, objectiveC: String)] = [
        ("AccentColor", "accent", "AccentColor"),                  // Aquire
        ("Color", "color", "Color"), ("Image", "image", "Image"),  // TypeSmart: the whole name stays
        ("HBO GO Logo", "hboGOLogo", "HBOGOLogo"),                 // Trackizer
        ("YT Premium Lgoo", "ytPremiumLgoo", "YTPremiumLgoo"),     // Trackizer
        ("Auto & Transport", "autoTransport", "AutoTransport"),    // Trackizer
        ("FaceID", "faceID", "FaceID"), ("iCloud", "iCloud", "ICloud"),
        ("AppIcon-iOS-ClearDark-83.5x83.5", "appIconIOSClearDark835X835", "AppIconIOSClearDark835X835"), // Aquire
        ("heroicon-bars-4-solid", "heroiconBars4Solid", "HeroiconBars4Solid"), // BasicJournal
        ("401", "_401", "401"), ("402a", "_402A", "402A"), ("701.33", "_701_33", "_701_33"), // Timchen
        ("card5", "card5", "Card5"), ("TextPrimary", "textPrimary", "TextPrimary"),
        ("DCAC00", "DCAC_00", "_DCAC_00"), ("A2D8FF", "A_2_D_8_FF", "_A_2_D_8_FF"), ("ECEAFB", "ECEAFB", "ECEAFB"),
        ("IMG_4251", "IMG_4251", "_IMG_4251"), ("A-1-1-0", "A_1_1_0", "_A_1_1_0"), ("10C", "_10_C", "_10_C"),
        ("Default", "`default`", "Default"), ("switch", "`switch`", "Switch"),
        ("ButtonPrimaryBgColor", "buttonPrimaryBg", "ButtonPrimaryBgColor"), ("card-number-color", "cardNumber", "CardNumberColor"),
        ("offer_Image", "offer", "OfferImage"), ("joker_3_multicolor", "joker3Multicolor", "Joker3Multicolor"),
        ("imagePicker", "imagePicker", "ImagePicker"), ("1024x1024", "_1024X1024", "1024X1024"),
    ]

    @Test func namesReadAsXcodeReadsThem() {
        for (name, swift, objectiveC) in Self.names {
            #expect(AssetSymbolNaming.swiftMember(name) == swift, "\(name)")
            #expect(AssetSymbolNaming.objectiveCTail(name) == objectiveC, "\(name)")
        }
        #expect(AssetSymbolNaming.swiftNamespace("iconPreviews") == "IconPreviews")
        #expect(AssetSymbolNaming.objectiveCTail("AppIcon/Back/Content") == "AppIconBackContent")
        // A name with no letter or digit still names something Swift accepts.
        #expect(AssetSymbolNaming.swiftMember("★") == "_2605")
    }

    struct XcodeFile: Decodable {
        var app, source, xcode, bundleIdentifier, platform, deploymentTarget, catalogPath: String
        var colors, images: [String]
        var sha256: [String: String]
    }

    static let xcodeFiles: [XcodeFile] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/asset-symbols/xcode-generated.json")
        return (try? JSONDecoder().decode([XcodeFile].self, from: Data(contentsOf: url))) ?? []
    }()

    static func tree(_ file: XcodeFile) -> AssetSymbolTree {
        func name(_ setPath: String) -> String { String(setPath.split(separator: "/").last!.split(separator: ".").dropLast().joined(separator: ".")) }
        let color = CatalogColor(idiom: nil, appearance: .any, value: .components(colorSpace: "srgb", []))
        var contents = CatalogContents(spec: CatalogSpec(path: file.catalogPath, location: .notInAFile), path: file.catalogPath)
        contents.colorSets = file.colors.map { CatalogColorSet(name: name($0), setPath: $0, colors: [color]) }
        contents.imageSets = file.images.map {
            CatalogImageSet(name: name($0), setPath: $0, contentsPath: $0 + "/Contents.json",
                            slots: [CatalogImageSlot(idiom: nil, scale: nil, appearance: .any, filename: "a.png", path: "a.png", location: .notInAFile)],
                            properties: .init())
        }
        return AssetSymbolTree(catalogs: [(file.catalogPath, contents)])
    }

    /// Xcode 16 and later write `Swift.String`/`Foundation.Bundle` in the thinnable helpers, end
    /// the header with a line break, and (15.3 did not) name the bundle: the rest is the same.
    static func asXcode(_ version: String, swift: String) -> String {
        version.hasPrefix("15.") ? swift.replacing("thinnableName: Swift.String, bundle: Foundation.Bundle", with: "thinnableName: String, bundle: Bundle") : swift
    }

    static func asXcode(_ version: String, header: String, bundleIdentifier: String) -> String {
        var header = header
        if version == "15.3" {
            header = header.replacing("/// The resource bundle ID.\nstatic NSString * const ACBundleID AC_SWIFT_PRIVATE = @\"\(bundleIdentifier)\";\n\n", with: "")
        }
        if version == "15.0" || version == "15.1" { header.removeLast() }
        return header
    }

    @Test func sevenAppsFilesAreXcodesByteForByte() throws {
        try #require(Self.xcodeFiles.count == 7)
        for file in Self.xcodeFiles {
            var options = AssetSymbolOptions()
            options.bundleIdentifier = file.bundleIdentifier
            options.backwardsDeployment = AssetSymbolOptions.needsBackwardsDeployment(platform: file.platform, deploymentTarget: OSVersion(file.deploymentTarget))
            let tree = Self.tree(file)
            let swift = Self.asXcode(file.xcode, swift: SwiftAssetSymbols(tree: tree, options: options).text)
            let header = Self.asXcode(file.xcode, header: ObjectiveCAssetSymbols(tree: tree, options: options).text, bundleIdentifier: file.bundleIdentifier)
            #expect(sha256Hex(Array(swift.utf8)) == file.sha256["swift"], "\(file.app) (Xcode \(file.xcode)): GeneratedAssetSymbols.swift")
            #expect(sha256Hex(Array(header.utf8)) == file.sha256["h"], "\(file.app): GeneratedAssetSymbols.h")
            #expect(sha256Hex(Array(AssetSymbolIndex(tree: tree).text.utf8)) == file.sha256["index"], "\(file.app): the index")
        }
    }

    @Test func theDeploymentTargetChoosesTheBackwardsFile() {
        #expect(AssetSymbolOptions.needsBackwardsDeployment(platform: "iphoneos", deploymentTarget: OSVersion(16, 4)))
        #expect(!AssetSymbolOptions.needsBackwardsDeployment(platform: "iphonesimulator", deploymentTarget: OSVersion(17, 0)))
        #expect(AssetSymbolOptions.needsBackwardsDeployment(platform: "macosx", deploymentTarget: OSVersion(13, 5)))
        #expect(!AssetSymbolOptions.needsBackwardsDeployment(platform: "macosx", deploymentTarget: OSVersion(14, 0)))
        #expect(!AssetSymbolOptions.needsBackwardsDeployment(platform: "iphoneos", deploymentTarget: nil))
    }

    static func tree(colors: [String] = [], images: [String]) -> AssetSymbolTree {
        func asset(_ name: String) -> AssetSymbolTree.Asset { .init(name: name, setPath: name + ".imageset", catalogPath: "/A.xcassets") }
        return AssetSymbolTree(colors: AssetSymbolTree.nodes(colors.map(asset)), images: AssetSymbolTree.nodes(images.map(asset)))
    }

    @Test func namespacesNestAndSortByteByByte() {
        let tree = Self.tree(images: ["Icons/star", "Apple", "Icons/Back/Content", "arrow", "Icons-2"])
        #expect(tree.images == [
            .member("apple", .init(name: "Apple", setPath: "Apple.imageset", catalogPath: "/A.xcassets")),
            .member("icons2", .init(name: "Icons-2", setPath: "Icons-2.imageset", catalogPath: "/A.xcassets")),
            .namespace("Icons", path: "Icons", [
                .namespace("Back", path: "Icons/Back", [.member("content", .init(name: "Icons/Back/Content", setPath: "Icons/Back/Content.imageset", catalogPath: "/A.xcassets"))]),
                .member("star", .init(name: "Icons/star", setPath: "Icons/star.imageset", catalogPath: "/A.xcassets")),
            ]),
            .member("arrow", .init(name: "arrow", setPath: "arrow.imageset", catalogPath: "/A.xcassets")),
        ])
        #expect(tree.entries(.image).map(\.member) == ["apple", "icons2", "Icons.Back.content", "Icons.star", "arrow"])
    }

    @Test func aSecondNameForOneSymbolIsXcodesWarning() {
        let tree = Self.tree(images: ["emoji_1", "emoji 1", "emoji1"])
        let swift = SwiftAssetSymbols(tree: tree, options: AssetSymbolOptions()).text
        // `emoji 1` sorts first and keeps `emoji1`; the other two are warnings in their places.
        #expect(swift.contains("    /// The \"emoji 1\" asset catalog image resource.\n    static let emoji1 = "))
        #expect(swift.contains("    #warning(\"The \\\"emoji1\\\" image asset name resolves to the symbol \\\"emoji1\\\" which already exists. Try renaming the asset.\")\n\n"))
        #expect(swift.contains("#warning(\"The \\\"emoji_1\\\" image asset name resolves to the symbol \\\"emoji1\\\""))
        let header = ObjectiveCAssetSymbols(tree: tree, options: AssetSymbolOptions()).text
        #expect(header.components(separatedBy: "static NSString * const ACImageNameEmoji1 ").count == 2)
        #expect(header.contains("#warning The \"emoji1\" image asset name resolves to the symbol \"ACImageNameEmoji1\" which already exists."))
        var quiet = AssetSymbolOptions()
        quiet.warnings = false
        #expect(!SwiftAssetSymbols(tree: tree, options: quiet).text.contains("#warning"))
        #expect(AssetSymbolIndex(tree: tree).text.components(separatedBy: "<key>swiftSymbol</key>").count == 2)
    }

    @Test func aColorNamedAsTheFrameworksOwnIsAWarningInThatExtensionOnly() {
        let swift = SwiftAssetSymbols(tree: Self.tree(colors: ["primary", "placeholderText", "Brand"], images: []), options: AssetSymbolOptions()).text
        #expect(swift.contains("    static let primary = DeveloperToolsSupport.ColorResource(name: \"primary\""))
        #expect(swift.contains("#warning(\"The \\\"primary\\\" color asset name resolves to a conflicting Color symbol \\\"primary\\\". Try renaming the asset.\")"))
        #expect(swift.contains("#warning(\"The \\\"placeholderText\\\" color asset name resolves to a conflicting UIColor symbol \\\"placeholderText\\\"."))
        #expect(swift.contains("    static var primary: UIKit.UIColor {"))
        let shapeStyle = swift.split(separator: "extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {").dropFirst().first
        #expect(shapeStyle != nil, "the ShapeStyle extension is written")
        #expect(shapeStyle?.prefix(200).contains("static var brand") == true)
        #expect(shapeStyle?.split(separator: "#endif").first?.contains("primary") == false)
    }

    @Test func frameworksAndExtensionsNarrowTheFile() {
        let tree = Self.tree(colors: ["Brand"], images: ["Logo"])
        var options = AssetSymbolOptions()
        options.extensions = false
        let bare = SwiftAssetSymbols(tree: tree, options: options).text
        #expect(bare.hasPrefix("import Foundation\n#if canImport(DeveloperToolsSupport)\nimport DeveloperToolsSupport\n#endif\n\n"))
        #expect(bare.hasSuffix("    static let logo = DeveloperToolsSupport.ImageResource(name: \"Logo\", bundle: resourceBundle)\n\n}\n\n"))
        options.extensions = true
        options.frameworks = [.uiKit]
        let uiKit = SwiftAssetSymbols(tree: tree, options: options).text
        #expect(uiKit.contains("extension UIKit.UIImage {") && !uiKit.contains("extension AppKit.") && !uiKit.contains("extension SwiftUI.") && !uiKit.contains("import AppKit"))
        options.backwardsDeployment = true
        let backwards = SwiftAssetSymbols(tree: tree, options: options).text
        #expect(backwards.contains("@available(iOS 11.0, macOS 10.7, tvOS 11.0, *)\nextension ImageResource {"))
        #expect(backwards.hasSuffix("// MARK: - Backwards Deployment Support -") == false && backwards.hasSuffix("}\n#endif"))
    }
}
