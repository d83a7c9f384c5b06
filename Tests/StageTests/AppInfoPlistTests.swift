import Foundation
import Testing
import TestSupport
@testable import AssetModel
import ManifestInput
import Output
@testable import Rendering

/// What `--app-store` reads (the app's Info.plist, a PNG's alpha channel) and what the partial
/// Info.plist now holds (`UILaunchScreen`'s true and false).
@Suite struct AppInfoPlistTests {
    @Test func anXMLInfoPlistIsReadWithItsTypes() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>UIRequiresFullScreen</key><true/>
        <key>LSMinimumSystemVersion</key><integer>14</integer>
        <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconFiles</key><array><string>Icon-60</string></array></dict></dict>
        <key>Ratio</key><real>1.5</real>
        </dict></plist>
        """
        let keys = try AppInfoPlistDecoder.decode(Array(xml.utf8), path: "Info.plist")
        #expect(keys["UIRequiresFullScreen"] == .bool(true))
        #expect(keys["LSMinimumSystemVersion"] == .integer(14))
        #expect(keys["CFBundleIcons"]?["CFBundlePrimaryIcon"]?["CFBundleIconFiles"] == .array([.string("Icon-60")]))
        #expect(keys["Ratio"] == .string("1.5"))
    }

    /// A binary Info.plist (as built into an .app) reads the same: assetc's own writer makes it.
    @Test func aBinaryInfoPlistIsRead() throws {
        let value = PlistValue.dictionary(["UILaunchScreen": .dictionary(["UIImageRespectsSafeAreaInsets": .bool(false)]),
                                           "Count": .integer(70_000), "Negative": .integer(-2), "Name": .string("é")])
        let keys = try AppInfoPlistDecoder.decode(PropertyList.binary(value), path: "Info.plist")
        #expect(PlistValue.dictionary(keys) == value)
    }

    @Test func aFileThatIsNoPropertyListIsNamed() {
        for bytes in [Array("{\"not\": \"a plist\"".utf8), Array("<plist><dict><key>a</key>".utf8), []] {
            #expect {
                _ = try AppInfoPlistDecoder.decode(bytes, path: "App/Info.plist")
            } throws: { error in
                (error as? InputError)?.diagnostics.first?.description.hasPrefix("App/Info.plist: error: is not a property list") == true
            }
        }
        #expect {
            _ = try AppInfoPlistDecoder.decode(Array(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8), path: "Info.plist")
        } throws: { error in
            (error as? InputError)?.diagnostics.first?.message.contains("top level is not a dictionary") == true
        }
    }

    /// `<true/>`, `<false/>` and integers in the XML form, as `plutil` writes them, read back by Foundation.
    @Test func booleansAndIntegersAreWrittenInBothForms() throws {
        let value = PlistValue.dictionary(["Yes": .bool(true), "No": .bool(false), "Big": .integer(1 << 40)])
        let xml = PropertyList.xml(value)
        #expect(xml.contains("\t<key>No</key>\n\t<false/>\n") && xml.contains("\t<key>Yes</key>\n\t<true/>\n"))
        #expect(xml.contains("<integer>1099511627776</integer>"))
        for bytes in [Array(xml.utf8), PropertyList.binary(value)] {
            let read = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as? [String: Any]
            #expect(read?["Yes"] as? Bool == true && read?["No"] as? Bool == false)
            #expect((read?["Big"] as? NSNumber)?.int64Value == 1 << 40)
        }
    }

    /// RGBA and grey+alpha declare alpha whatever their pixels; RGB, grey and palette do not,
    /// unless a tRNS chunk comes before the image data.
    @Test func anAlphaChannelIsReadFromTheHeaderAndChunks() {
        let rgba = PNGSamples.png(width: 2, height: 2, depth: 8, colorType: 6, rows: PNGSamples.solidRows([1, 2, 3, 255], width: 2, height: 2))
        let rgb = PNGSamples.png(width: 2, height: 2, depth: 8, colorType: 2, rows: PNGSamples.solidRows([1, 2, 3], width: 2, height: 2))
        let keyed = PNGSamples.png(width: 2, height: 2, depth: 8, colorType: 2, extra: PNGSamples.chunk("tRNS", [0, 1, 0, 2, 0, 3]),
                                   rows: PNGSamples.solidRows([1, 2, 3], width: 2, height: 2))
        #expect(PNGCodec.declaresAlpha(rgba) == true)
        #expect(PNGCodec.declaresAlpha(PNGSamples.greyAlpha) == true)
        #expect(PNGCodec.declaresAlpha(rgb) == false)
        #expect(PNGCodec.declaresAlpha(PNGSamples.palette) == false)
        #expect(PNGCodec.declaresAlpha(PNGSamples.grey16) == false)
        #expect(PNGCodec.declaresAlpha(keyed) == true)
        #expect(PNGCodec.declaresAlpha(Array("GIF89a and more bytes than a header holds....".utf8)) == nil)
    }

    @Test func theLaunchScreenIsWrittenIntoThePartialInfoPlist() {
        var request = InfoPlistRequest(devices: [.iphone], targetsLegacyOS: false, iconName: "AppIcon", launchBasename: nil)
        var screen = LaunchScreenSpec(colorName: "LaunchBackground", imageName: "LaunchLogo")
        screen.imageRespectsSafeAreaInsets = true
        screen.tabBar = true
        request.launchScreen = screen
        let plist = InfoPlist.make(request, variants: [])
        #expect(plist["UILaunchScreen"] == .dictionary(["UIColorName": .string("LaunchBackground"), "UIImageName": .string("LaunchLogo"),
                                                        "UIImageRespectsSafeAreaInsets": .bool(true), "UITabBar": .dictionary([:])]))
    }
}
