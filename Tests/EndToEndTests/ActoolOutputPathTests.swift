import Foundation
import Testing
import TestSupport

/// The actool mode's side files (`--output-partial-info-plist`, `--export-dependency-info`) are
/// checked before anything is placed in `--compile`: a path onto an input, onto a file the run
/// places, onto the other side file, a folder or a pipe is refused naming the option, and the
/// earlier `--compile` folder, the inputs and the other files stay byte-identical. `/dev/null` is
/// written through (callers pass it for a plist they do not read).
@Suite struct ActoolOutputPathTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The side-file options, given the work folder.
        var options: @Sendable (URL) -> [String]
        var refusal: String
    }

    static let cases: [Case] = [
        Case(testDescription: "the plist onto the catalog's Contents.json",
             options: { ["--output-partial-info-plist", $0.appendingPathComponent("A.xcassets/Contents.json").path] },
             refusal: "--output-partial-info-plist"),
        Case(testDescription: "the dependency file onto a set's Contents.json, spelled through ..",
             options: { ["--export-dependency-info", $0.appendingPathComponent("A.xcassets/flag.at.imageset/../flag.at.imageset/Contents.json").path] },
             refusal: "inside an input of this run"),
        Case(testDescription: "the plist onto the car",
             options: { ["--output-partial-info-plist", $0.appendingPathComponent("out/Assets.car").path] },
             refusal: "a file this run places in --compile"),
        Case(testDescription: "both side files on one path",
             options: { ["--output-partial-info-plist", $0.appendingPathComponent("side").path, "--export-dependency-info", $0.appendingPathComponent("side").path] },
             refusal: "the same file as --output-partial-info-plist"),
        Case(testDescription: "a folder as the plist",
             options: { ["--output-partial-info-plist", $0.appendingPathComponent("folder").path] },
             refusal: "a folder, not a file"),
        Case(testDescription: "a pipe as the dependency file",
             options: { ["--export-dependency-info", $0.appendingPathComponent("fifo").path] },
             refusal: "a pipe, socket or device"),
    ]

    @Test(arguments: cases)
    func aSideFileOntoSomethingElseIsRefusedBeforeAnythingIsPlaced(_ testCase: Case) throws {
        let work = try Harness.temporaryDirectory("side-file")
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("folder"), withIntermediateDirectories: true)
        #expect(mkfifo(work.appendingPathComponent("fifo").path, 0o644) == 0)
        let base = ["actool", catalog.path, "--compile", out.path, "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
                    "--app-icon", "AppIcon", "--output-format", "human-readable-text"]
        let first = try Harness.assetc(base + ["--output-partial-info-plist", work.appendingPathComponent("partial.plist").path], in: work)
        try #require(first.status == 0, "\(first.stdout)")
        let before = try Self.snapshot(work)
        let started = Date()
        let run = try Harness.assetc(base + testCase.options(work), in: work)
        #expect(Date().timeIntervalSince(started) < 60, "no wait on a pipe")
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("error: ") && run.stdout.contains(testCase.refusal), "\(run.stdout)")
        #expect(try Self.snapshot(work) == before, "the inputs, the earlier --compile folder and every other file are as they were")
    }

    /// `--compile lnk/..` is the folder the kernel opens: the parent of the link's target, not
    /// the folder the text names.
    @Test func aCompileFolderThroughALinkAndDotDotIsTheKernels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("lnk").path, withDestinationPath: "real/sub")
        let run = try Harness.assetc(["actool", catalog.path, "--compile", "lnk/..", "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
                                      "--output-format", "human-readable-text"], in: work)
        #expect(run.status == 0, "\(run.stdout)")
        let real = work.appendingPathComponent("real").resolvingSymlinksInPath().path
        #expect(FileManager.default.fileExists(atPath: real + "/Assets.car"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Assets.car").path))
        #expect(run.stdout.contains(real + "/Assets.car"), "\(run.stdout)")
    }

    /// Every regular file under `root` with its bytes (the pipe and folders by name only).
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in Harness.files(under: root) where file != "fifo" { files[file] = try Data(contentsOf: root.appendingPathComponent(file)) }
        return files
    }
}
