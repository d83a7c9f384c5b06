import Testing
@testable import ManifestInput
import AssetModel

@Suite struct NameRulesTests {
    @Test(arguments: ["Button", "Back Arrow", "icon_24", "Card-Large", "Logo-2x", "Height-568", "Ünïcødé"])
    func acceptsPlainNames(name: String) {
        #expect(NameRules.problem(with: name) == nil)
    }

    @Test(arguments: [
        ("", "empty"), ("a/b", "separator"), ("..", "'..'"), ("Button@2x", "'@2x'"), ("Icon~ipad", "'~ipad'"),
        ("Default-568h", "'-568h'"), ("Photo.png", "extension"), (" Padded", "white space"), ("bad\u{7}", "control"),
        ("a\\b", "separator"), ("Tall-2436h", "'-2436h'"),
    ])
    func rejectsNamesThatCarryPathsOrModifiers(name: String, reason: String) {
        let problem = NameRules.problem(with: name)
        #expect(problem?.text.contains(reason) == true, "\(name): \(problem ?? "accepted")")
    }

    @Test(arguments: [("Checkout.bundle", nil), ("../x.bundle", "separator"), ("/abs.bundle", "absolute"),
                      ("Plain", "must end in '.bundle'"), ("a/b.bundle", "separator"), ("..bundle", "'..'")])
    func checksBundlePaths(path: String, problem: String?) {
        let found = NameRules.bundlePathProblem(path)
        if let problem {
            #expect(found?.text.contains(problem) == true, "\(path): \(found ?? "accepted")")
        } else {
            #expect(found == nil)
        }
    }
}

/// `assetc init` keeps loose app icons and launch images apart from images (LooseIconNames).
@Suite struct LooseIconNameTests {
    @Test(arguments: ["Icon.png", "Icon@2x.png", "Icon-60@2x.png", "Icon-Small-40@3x.png", "Icon-76~ipad.png", "Icon-83.5@2x.png",
                      "icon-app-60x60@3x.png", "Icon-Spotlight-40.png", "AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png",
                      "iTunesArtwork@2x.png", "Default.png", "Default@2x.png", "Default-568h@2x.png", "Default-Portrait~ipad.png",
                      "Default-Landscape-736h@3x.png"])
    func iconsAndLaunchImages(file: String) {
        #expect(LooseIconNames.isIconOrLaunchImage(file))
    }

    @Test(arguments: ["icon-close.png", "icon_trash@2x.png", "icons.png", "IconView@2x.png", "default-avatar.png", "Defaults.png",
                      "app-icon-preview.png", "star@2x.png", "iconography.png", "AppIconPreview.png"])
    func ordinaryImages(file: String) {
        #expect(!LooseIconNames.isIconOrLaunchImage(file))
    }
}

/// The rules a name and a bundle path share are checked by one function; each keeps its wording.
@Suite struct NameRuleWordingTests {
    @Test func namesAndBundlePathsKeepTheirWords() {
        #expect(NameRules.problem(with: "")?.text == "name is empty")
        #expect(NameRules.bundlePathProblem("")?.text == "bundle path is empty")
        #expect(NameRules.problem(with: "a/b")?.text == "name 'a/b' contains a path separator")
        #expect(NameRules.bundlePathProblem("a/b.bundle")?.text == "bundle path 'a/b.bundle' contains a path separator; it must be a single folder name")
        #expect(NameRules.problem(with: "a..b")?.text == "name 'a..b' contains '..'")
        #expect(NameRules.bundlePathProblem(".")?.text == "bundle path '.' contains '..'")
        #expect(NameRules.problem(with: ".")?.text == "name '.' contains '.'; UIKit would read what follows as a file extension")
        #expect(NameRules.bundlePathProblem("x\u{1}.bundle")?.text == "bundle path 'x\u{1}.bundle' contains a control character")
        #expect(NameRules.problem(with: "a\u{200B}b")?.text
            == "name 'a\u{200B}b' contains the invisible or text-direction character U+200B; two names that look alike must not be different files")
        #expect(NameRules.bundlePathProblem("a\u{200B}.bundle")?.text
            == "bundle path 'a\u{200B}.bundle' contains the invisible or text-direction character U+200B")
    }
}
