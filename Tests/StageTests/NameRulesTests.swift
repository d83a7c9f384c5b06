import Testing
@testable import ManifestInput

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
        #expect(problem?.contains(reason) == true, "\(name): \(problem ?? "accepted")")
    }

    @Test(arguments: [("Checkout.bundle", nil), ("../x.bundle", "separator"), ("/abs.bundle", "absolute"),
                      ("Plain", "must end in '.bundle'"), ("a/b.bundle", "separator"), ("..bundle", "'..'")])
    func checksBundlePaths(path: String, problem: String?) {
        let found = NameRules.bundlePathProblem(path)
        if let problem {
            #expect(found?.contains(problem) == true, "\(path): \(found ?? "accepted")")
        } else {
            #expect(found == nil)
        }
    }
}
