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
