import Testing
@testable import AssetModel
import ManifestInput

/// `"launchScreen"` in the manifest: iOS 14's UILaunchScreen by the names of a colour and an image set.
@Suite struct LaunchScreenManifestTests {
    @Test func everyFieldIsRead() throws {
        let text = #"{"version": 1, "launchScreen": {"color": "LaunchBackground", "image": "LaunchLogo", "respectsSafeArea": false, "navigationBar": true, "tabBar": false, "toolbar": true}}"#
        let screen = try #require(try decodeManifest(text).get().manifest.launchScreen)
        #expect(screen.colorName == "LaunchBackground" && screen.imageName == "LaunchLogo")
        #expect(screen.imageRespectsSafeAreaInsets == false)
        #expect(screen.navigationBar && !screen.tabBar && screen.toolbar)
        #expect(screen.location == SourceLocation(line: 1, column: 32))
        #expect(BuildRequest(try decodeManifest(text).get().manifest).launchScreen == screen)
    }

    @Test func anEmptyOneAsksForNothing() throws {
        let screen = try #require(try decodeManifest(#"{"version": 1, "launchScreen": {}}"#).get().manifest.launchScreen)
        #expect(screen.infoPlistValue == .dictionary([:]))
    }

    @Test func mistakesAreNamedAtTheirPlace() {
        #expect(errors(#"{"version": 1, "launchScreen": {"colour": "X"}}"#).contains { $0.contains("colour") },
                "\(errors(#"{"version": 1, "launchScreen": {"colour": "X"}}"#))")
        #expect(errors(#"{"version": 1, "launchScreen": {"image": ""}}"#) == [#"assets.json:1:42: error: "image" of "launchScreen" is empty; name an image set of the catalogs"#])
        #expect(errors(#"{"version": 1, "launchScreen": {"respectsSafeArea": "yes"}}"#).first?.contains("must be true or false") == true)
        #expect(errors(#"{"version": 1, "launchScreen": "LaunchScreen"}"#).first?.contains("\"launchScreen\"") == true)
    }
}
