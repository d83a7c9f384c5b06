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
        let base = Self.actool(catalog, into: out.path)
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

    /// A file that cannot be written late (the plist's folder is missing; a folder stands where the
    /// car goes): nothing is renamed into place, so the earlier --compile folder stays as it was
    /// (the changed catalog's new car is not placed), and no temporary file is left.
    @Test(arguments: ["plist folder missing", "car is a folder"])
    func aLateWriteFailureLeavesTheEarlierFolder(_ kind: String) throws {
        let work = try Harness.temporaryDirectory("late-failure")
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let base = Self.actool(catalog, into: out.path)
        let first = try Harness.assetc(base, in: work)
        try #require(first.status == 0, "\(first.stdout)")
        var plist = work.appendingPathComponent("partial.plist").path
        if kind == "car is a folder" {
            try FileManager.default.removeItem(at: out.appendingPathComponent("Assets.car"))
            try FileManager.default.createDirectory(at: out.appendingPathComponent("Assets.car"), withIntermediateDirectories: true)
        } else {
            plist = work.appendingPathComponent("no/such/folder/partial.plist").path
        }
        // A changed colour: the second run would place a new car, were it not to fail.
        let colour = catalog.appendingPathComponent("WidgetBackground.colorset/Contents.json")
        let text = try String(contentsOf: colour, encoding: .utf8)
        try #require(text.contains("systemBackgroundColor"))
        try text.replacingOccurrences(of: "systemBackgroundColor", with: "systemRedColor").write(to: colour, atomically: true, encoding: .utf8)
        let before = try Self.snapshot(out)
        let run = try Harness.assetc(base + ["--output-partial-info-plist", plist], in: work)
        #expect(run.status == 1 && run.stdout.contains("cannot write the compiled files"), "\(run.stdout)")
        #expect(try Self.snapshot(out) == before, "nothing placed")
        #expect(!Harness.files(under: out).contains { $0.contains(".assetc-") }, "no temporary file left")
    }

    /// `--compile` inside a catalog would put the car and icons among its sets: refused, the catalog
    /// untouched.
    @Test func aCompileFolderInsideACatalogIsRefused() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let before = try Self.snapshot(catalog)
        let run = try Harness.assetc(Self.actool(catalog, into: catalog.appendingPathComponent("CWA").path), in: work)
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("CWA"), withIntermediateDirectories: true)
        let again = try Harness.assetc(Self.actool(catalog, into: catalog.appendingPathComponent("CWA").path), in: work)
        #expect(run.status == 1 && again.status == 1, "\(again.stdout)")
        #expect(again.stdout.contains("--compile") && again.stdout.contains("inside an input of this run"), "\(again.stdout)")
        #expect(try Self.snapshot(catalog) == before)
    }

    /// A TMPDIR that does not exist is not created and left behind: the private work folder goes
    /// in /tmp, and the run succeeds.
    @Test func aMissingTemporaryFolderIsNotCreated() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let missing = work.appendingPathComponent("no/tmp")
        let run = try Harness.assetc(Self.actool(catalog, into: out.path, icon: false), in: work,
                                     environment: ["TMPDIR": missing.path, "ASSETC_CACHE_DIR": "none"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Assets.car").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("no").path), "TMPDIR was not created")
    }

    /// A TMPDIR that cannot take a folder (here /proc) is said as that, naming it and the variables
    /// that choose the work folder; the message used to name the private folder assetc had tried to
    /// make, which the caller never chose. Nothing is placed.
    @Test func aTemporaryFolderThatCannotTakeTheWorkFolderIsNamed() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(Self.actool(catalog, into: out.path, icon: false), in: work,
                                     environment: ["TMPDIR": "/proc", "ASSETC_CACHE_DIR": "none"])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("error: cannot make a work folder in the temporary folder /proc: ")
            && run.stdout.contains("set TMPDIR, or ASSETC_CACHE_DIR, to a writable folder"), "\(run.stdout)")
        #expect(!run.stdout.contains("assetc-actool-"), "\(run.stdout)")
        #expect(Harness.files(under: out).isEmpty)
    }

    /// Two runs into one --compile folder at once, twenty times: each time the car and the partial
    /// plist left are one run's pair (one places the other's car never beside its plist).
    @Test func concurrentRunsIntoOneFolderDoNotMix() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let a = try ActoolModeTests.makeCatalog(in: work)
        let b = work.appendingPathComponent("B.xcassets")
        try FileManager.default.copyItem(at: a, to: b)
        let colour = b.appendingPathComponent("WidgetBackground.colorset/Contents.json")
        try String(contentsOf: colour, encoding: .utf8).replacingOccurrences(of: "systemBackgroundColor", with: "systemRedColor")
            .write(to: colour, atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let plist = work.appendingPathComponent("partial.plist")
        @Sendable func argv(_ catalog: URL, icon: Bool) -> [String] {
            Self.actool(catalog, into: out.path, icon: icon) + ["--output-partial-info-plist", plist.path]
        }
        func pair() throws -> [Data] {
            [try Data(contentsOf: out.appendingPathComponent("Assets.car")), try Data(contentsOf: plist)]
        }
        try #require(try Harness.assetc(argv(a, icon: true), in: work).status == 0)
        let fromA = try pair()
        try #require(try Harness.assetc(argv(b, icon: false), in: work).status == 0)
        let fromB = try pair()
        try #require(fromA[0] != fromB[0] && fromA[1] != fromB[1])
        for round in 0..<20 {
            let group = DispatchGroup()
            let statuses = Statuses()
            for (catalog, icon) in [(a, true), (b, false)] {
                group.enter()
                let arguments = argv(catalog, icon: icon)
                DispatchQueue.global().async {
                    let status = (try? Harness.assetc(arguments, in: work).status) ?? -1
                    statuses.append(status)
                    group.leave()
                }
            }
            group.wait()
            #expect(statuses.values == [0, 0], "round \(round)")
            let left = try pair()
            #expect(left == fromA || left == fromB, "round \(round): the car and the plist of two runs")
        }
    }

    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int32] = []
        func append(_ status: Int32) { lock.lock(); list.append(status); lock.unlock() }
        var values: [Int32] { lock.lock(); defer { lock.unlock() }; return list }
    }

    /// `--compile lnk/..` is the folder the kernel opens: the parent of the link's target, not
    /// the folder the text names.
    @Test func aCompileFolderThroughALinkAndDotDotIsTheKernels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("lnk").path, withDestinationPath: "real/sub")
        let run = try Harness.assetc(Self.actool(catalog, into: "lnk/..", icon: false), in: work)
        #expect(run.status == 0, "\(run.stdout)")
        let real = work.appendingPathComponent("real").resolvingSymlinksInPath().path
        #expect(FileManager.default.fileExists(atPath: real + "/Assets.car"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Assets.car").path))
        #expect(run.stdout.contains(real + "/Assets.car"), "\(run.stdout)")
    }

    /// The actool mode compiling `catalog` for an iPhone app into `compile`, answering in text.
    static func actool(_ catalog: URL, into compile: String, icon: Bool = true) -> [String] {
        ["actool", catalog.path, "--compile", compile, "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
         "--output-format", "human-readable-text"] + (icon ? ["--app-icon", "AppIcon"] : [])
    }

    /// Every regular file under `root` with its bytes (the pipe and folders by name only).
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in Harness.files(under: root) where file != "fifo" { files[file] = try Data(contentsOf: root.appendingPathComponent(file)) }
        return files
    }
}
