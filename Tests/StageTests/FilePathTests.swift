import Testing
@testable import AssetModel

@Suite struct FilePathTests {
    @Test func lastComponentStemAndFolder() {
        #expect(FilePath("a/b/Star.pdf").lastComponent == "Star.pdf")
        #expect(FilePath("Star.pdf").lastComponent == "Star.pdf")
        #expect(FilePath("a/Set.imageset/").lastComponent == "Set.imageset")
        #expect(FilePath("Icons/AppIcon.appiconset").stem == "AppIcon")
        #expect(FilePath(".hidden").stem == ".hidden")
        #expect(FilePath("a/b.json").folder == "a")
        #expect(FilePath("b.json").folder == ".")
        #expect(FilePath("/b.json").folder == "/")
        #expect(FilePath("Icons/Round/Star").enclosingFolder == "Icons/Round")
        #expect(FilePath("Star").enclosingFolder == nil)
    }

    @Test func oneRuleForRelativePaths() {
        #expect(FilePath("art/a.pdf").resolve(against: ".") == "art/a.pdf")
        #expect(FilePath("art/a.pdf").resolve(against: "app") == "app/art/a.pdf")
        #expect(FilePath("art/a.pdf").resolve(against: "/") == "/art/a.pdf")
        #expect(FilePath("art/a.pdf").resolve(against: "app/") == "app/art/a.pdf")
        #expect(FilePath("/abs/a.pdf").resolve(against: "app") == "/abs/a.pdf")
    }

    @Test func normalizingFoldsDotsLexically() {
        #expect(FilePath("/w/./app/../art//a.pdf").normalized == "/w/art/a.pdf")
        #expect(FilePath("/..").normalized == "/")
    }

    @Test func manifestPathsUseTheSameRule() {
        func manifest(in directory: String) -> Manifest {
            Manifest(path: directory + "/assets.json", directory: directory, bundles: [], images: [])
        }
        #expect(manifest(in: ".").resolve("art/a.pdf") == "art/a.pdf")
        #expect(manifest(in: "app").resolve("art/a.pdf") == "app/art/a.pdf")
        #expect(manifest(in: "/").resolve("art/a.pdf") == "/art/a.pdf")
        #expect(manifest(in: "app").resolve("/abs/a.pdf") == "/abs/a.pdf")
    }

    @Test func encodesAsItsText() throws {
        let output = try JSONValueEncoder().encode([FilePath("a/b.png")])
        #expect(output == .array([.string("a/b.png")]))
    }
}

/// The rule every output path obeys (`OutputPath.isValid`): an ASCII path is checked by its bytes,
/// any other by its characters; both say the same of the same path.
@Suite struct OutputPathRuleTests {
    @Test func plainComponentsBelowATopFolderAlone() {
        let valid = ["Resources/a.png", "Resources/Checkout.bundle/Round/Cherry@2x.png", "AppStore/AppIcon.png",
                     ".assetc/renditions/Img00001@3x.png", "Resources/...png", "Resources/.hidden", "Resources/a..b",
                     "Resources/Café.png", "Resources/日本/星.png"]
        let invalid = ["", "/Resources/a.png", "Resources", "Resources/", "Resources//a.png", "Resources/./a.png",
                       "Resources/../a.png", "Resources/a/..", "Resources/a/.", "Resources/a/", "Other/a.png",
                       "Resources/a\\b.png", "Resources/a\u{0}.png", "ResourcesX/a.png", ".assetc/state.json",
                       "Resources/Café/../a.png", "Resources/\u{301}/../x"]
        for path in valid { #expect(OutputPath.isValid(path), "\(path)") }
        for path in invalid { #expect(!OutputPath.isValid(path), "\(path)") }
    }
}

/// Paths keyed by their bytes (`ByteExactPath`): NFC and NFD spellings are two keys, the order is the
/// bytes' order (a prefix first), equal paths hash alike.
@Suite struct ByteExactPathTests {
    @Test func bytesDecideEqualityHashAndOrder() {
        let nfc = ByteExactPath("Resources/Caf\u{E9}.png"), nfd = ByteExactPath("Resources/Cafe\u{301}.png")
        #expect(nfc != nfd && nfc.path == nfd.path, "Swift's strings are equal, the paths are not")
        #expect(Set([nfc, nfd, ByteExactPath("Resources/Caf\u{E9}.png")]).count == 2)
        let sorted = ["Resources/b", "Resources/a/b", "Resources/a", "Resources/B", "Resources/\u{E9}", "Resources/e\u{301}", "AppStore/x"]
            .map { ByteExactPath($0) }.sorted().map(\.path)
        #expect(sorted == ["AppStore/x", "Resources/B", "Resources/a", "Resources/a/b", "Resources/b", "Resources/e\u{301}", "Resources/\u{E9}"],
                "\(sorted)")
        #expect(sorted.map { ByteExactPath($0) } == sorted.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ByteExactPath($0) })
    }
}
