import Testing
@testable import AssetModel

@Suite struct PathTextTests {
    @Test func lastComponentAndFolder() {
        #expect(PathText.lastComponent("a/b/Star.pdf") == "Star.pdf")
        #expect(PathText.lastComponent("Star.pdf") == "Star.pdf")
        #expect(PathText.lastComponent("a/Set.imageset/") == "Set.imageset")
        #expect(PathText.folder(of: "a/b.json") == "a")
        #expect(PathText.folder(of: "b.json") == ".")
        #expect(PathText.folder(of: "/b.json") == "/")
    }

    @Test func manifestPathsResolveOneWay() {
        func manifest(in directory: String) -> Manifest {
            Manifest(path: directory + "/assets.json", directory: directory, bundles: [], images: [])
        }
        #expect(manifest(in: ".").resolve("art/a.pdf") == "art/a.pdf")
        #expect(manifest(in: "app").resolve("art/a.pdf") == "app/art/a.pdf")
        #expect(manifest(in: "/").resolve("art/a.pdf") == "/art/a.pdf")
        #expect(manifest(in: "app").resolve("/abs/a.pdf") == "/abs/a.pdf")
    }
}
