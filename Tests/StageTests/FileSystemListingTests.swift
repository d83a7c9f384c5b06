import Foundation
import Testing
@testable import AssetPlatform

/// The listing and look-up the catalog walk relies on to skip a `stat` per entry: what the folder's
/// listing says of each name (a link as a link, never followed), and one look-up that tells a file's
/// kind and size, a link that leads nowhere and a missing name apart, as `kindFollowingLinks` does.
@Suite struct FileSystemListingTests {
    @Test func theListingNamesKindsWithoutFollowingLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-listing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Set.imageset", withIntermediateDirectories: true)
        defer { FileSystem.removeTree(root) }
        try Data(repeating: 7, count: 1500).write(to: URL(fileURLWithPath: root + "/art.pdf"))
        try FileManager.default.createSymbolicLink(atPath: root + "/linked.imageset", withDestinationPath: "Set.imageset")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.png", withDestinationPath: "nowhere.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias.pdf", withDestinationPath: "art.pdf")
        let listed = FileSystem.listWithKinds(root)
        #expect(listed.map(\.name) == ["Set.imageset", "alias.pdf", "art.pdf", "gone.png", "linked.imageset"], "sorted by name")
        #expect(listed.map(\.name) == FileSystem.list(root))
        // ext4 and tmpfs fill in d_type; where a file system does not, nil sends the walk to `stat`.
        for (name, kind) in listed where kind != nil {
            #expect(kind == FileSystem.kind(root + "/" + name), "\(name): the listing and lstat agree")
        }
        #expect(FileSystem.kindAndSizeFollowingLinks(root + "/art.pdf") == (.file, 1500))
        #expect(FileSystem.kindAndSizeFollowingLinks(root + "/alias.pdf") == (.file, 1500), "a link to a file is the file")
        #expect(FileSystem.kindAndSizeFollowingLinks(root + "/gone.png").kind == .symlink, "a link that leads nowhere is said as a link")
        #expect(FileSystem.kindAndSizeFollowingLinks(root + "/missing.png").kind == .missing)
        #expect(FileSystem.kindAndSizeFollowingLinks(root + "/linked.imageset").kind == .directory)
        for name in ["art.pdf", "alias.pdf", "gone.png", "missing.png", "linked.imageset"] {
            #expect(FileSystem.kindAndSizeFollowingLinks(root + "/" + name).kind == FileSystem.kindFollowingLinks(root + "/" + name), "\(name)")
        }
    }
}
