import AssetModel
import AssetPlatform
import Foundation
import Rendering

/// The no-op shortcut: `.assetc/up-to-date.json`, written after a build that succeeded without a
/// warning, says what it was made from and what it left. When the next build asks the same (the
/// same assetc, toolchain, device tables, options, working folder and environment), every file and
/// folder it read has the same fingerprint, and the output folder and the files beside it are as it
/// left them, that build would plan, reuse every output and rewrite nothing; so it is not run. The
/// check costs a `stat` per input and per output file instead of parsing the manifest, planning
/// and re-deriving the index, state and contact sheet (4 s for 20,000 images; docs/performance.md).
///
/// Fingerprints are trusted as Make and Git trust them; an input changed less than two seconds
/// before the build finished is "racily clean" and the build writes no stamp (the next one takes the
/// full path). Each input's folder is fingerprinted too, so a file added beside an input (a case
/// twin, a new image set) is seen. Anything unreadable or different takes the full path, which
/// verifies everything as before; the stamp is never obeyed, only compared.
/// What the CLI prints for a build that was up to date: its last full run's counts and size lines.
public struct UpToDateSummary: Codable, Equatable, Sendable {
    public var variants: Int
    public var colours: Int
    public var symbols: Int
    public var files: Int
    public var totalBytes: Int
    public var sizeLines: [String]
}

struct UpToDate: Codable, Equatable {
    static let fileVersion = 1
    var version = fileVersion
    var request: String
    var inputs: [String]
    var inputsDigest: String
    var extraFiles: [String]
    var treeDigest: String
    var summary: UpToDateSummary

    static func path(root: String) -> String { root + "/.assetc/up-to-date.json" }

    /// The report of a build that has nothing to do, or nil when the full build must run.
    static func report(for options: BuildOptions) -> BuildReport? {
        guard options.allowsUpToDateShortcut, !options.force, options.expectedPlan == nil,
              let root = outputRoot(options),
              let bytes = try? FileSystem.read(path(root: root), limit: Limits.maximumJSONBytes),
              let stamp = try? JSONValueDecoder().decode(UpToDate.self, from: bytes),
              stamp.version == fileVersion,
              stamp.request == request(options),
              inputsDigest(stamp.inputs, now: nil) == stamp.inputsDigest,
              treeDigest(root: root, extraFiles: stamp.extraFiles) == stamp.treeDigest
        else { return nil }
        var report = BuildReport(outputDirectory: root, variants: [], rendered: 0, removed: [], warnings: [],
                                 sizes: SizeReport([], budget: nil), seconds: 0)
        report.colourCount = stamp.summary.colours
        report.symbolCount = stamp.summary.symbols
        report.manifestPath = options.manifestPath
        report.catalogPaths = options.catalogs.paths + options.catalogs.iconBundles
        report.upToDate = stamp.summary
        return report
    }

    /// After a build that succeeded: the stamp its next run compares against. Nothing is written for
    /// a build with warnings (they are reported again by the full path) or with racy inputs; an
    /// older stamp is removed first, so a stamp never outlives the build it describes.
    static func record(_ report: BuildReport, project: LoadedProject, options: BuildOptions) {
        let root = report.outputDirectory
        let stampPath = path(root: root)
        FileSystem.remove(stampPath)
        guard options.allowsUpToDateShortcut, report.warnings.isEmpty, outputRoot(options) == root else { return }
        let read = project.inputFiles + project.store.inputPaths()
        let folders = read.compactMap { FilePath($0).enclosingFolder?.string }
        let inputs = Array(Set(read + folders)).sorted()
        guard let inputsDigest = inputsDigest(inputs, now: FileSystem.currentTime()) else { return }
        let extraFiles = [options.swiftOutput, options.dependencyFile].compactMap { $0 }
            + (options.objcOutput.map { [$0 + ".h", $0 + ".m"] } ?? [])
        guard let treeDigest = treeDigest(root: root, extraFiles: extraFiles) else { return }
        let summary = UpToDateSummary(variants: report.variants.count, colours: report.colourCount, symbols: report.symbolCount,
                              files: report.sizes.fileCount, totalBytes: report.sizes.totalBytes,
                              sizeLines: report.sizes.summaryLines())
        let stamp = UpToDate(request: request(options), inputs: inputs, inputsDigest: inputsDigest,
                             extraFiles: extraFiles, treeDigest: treeDigest, summary: summary)
        guard let bytes = try? JSONValueEncoder().encodeBytes(stamp) else { return }
        try? FileSystem.replaceAtomically(stampPath, bytes)
    }

    /// Where the build writes, found without planning: `--output`, else the manifest's `output`
    /// beside it (as `Pipeline.outputDirectory`). Nil when it takes more than a glance to know.
    static func outputRoot(_ options: BuildOptions) -> String? {
        if let override = options.outputOverride { return override }
        guard let manifestPath = options.manifestPath, options.catalogs.paths.isEmpty, options.catalogs.iconBundles.isEmpty,
              let bytes = try? FileSystem.read(manifestPath, limit: Limits.maximumJSONBytes),
              let root = try? JSONParser.parse(bytes), case .object(let members) = root.value
        else { return nil }
        var output = "build/assets"
        if let member = members.last(where: { $0.key == "output" }) {
            guard case .string(let value) = member.value.value else { return nil }
            output = value
        }
        let directory = FilePath(manifestPath).enclosingFolder ?? FilePath(".")
        return FilePath(output).resolve(against: directory).string
    }

    /// Everything besides the files that decides what a build makes.
    static func request(_ options: BuildOptions) -> String {
        let environment = ProcessInfo.processInfo.environment
            .filter { $0.key.hasPrefix("ASSETC_") || $0.key == "SOURCE_DATE_EPOCH" }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let text = ["assetc \(AssetcVersion.current)", "toolchain \(Toolchain.current.fingerprint)",
                    "tables \(DeviceTables.version)", "cwd \(FileManager.default.currentDirectoryPath)",
                    String(reflecting: options)] + environment
        return sha256Hex(Array(text.joined(separator: "\n").utf8))
    }

    /// The fingerprints of the inputs, hashed; nil when one is gone or, with `now`, racily clean.
    static func inputsDigest(_ paths: [String], now: Int?) -> String? {
        var text = ""
        for path in paths {
            guard let status = FileSystem.status(path, followingLinks: true) else { return nil }
            if let now, status.fingerprint.isRacy(now: now) { return nil }
            text += line(path, status.kind, status.fingerprint)
        }
        return sha256Hex(Array(text.utf8))
    }

    /// Every entry under the output folder (links as links, never followed) but assetc's own work
    /// files, and the files written beside it, with their fingerprints, hashed.
    static func treeDigest(root: String, extraFiles: [String]) -> String? {
        var text = ""
        var pending = [root]
        while let folder = pending.popLast() {
            for name in FileSystem.list(folder) {
                let path = folder + "/" + name
                // In `.assetc`, only what a build reads back: the stamp, the lock and this build's
                // staging folder (removed as it ends) are not the tree.
                if folder == root + "/.assetc", name != "state.json", name != "journal" { continue }
                guard let status = FileSystem.status(path, followingLinks: false) else { return nil }
                if status.kind == .directory { pending.append(path) }
                // `.assetc` itself changes when the stamp is written; what is in it is listed.
                if path == root + "/.assetc" { continue }
                text += line(path, status.kind, status.fingerprint)
            }
        }
        for path in extraFiles {
            guard let status = FileSystem.status(path, followingLinks: false) else { return nil }
            text += line(path, status.kind, status.fingerprint)
        }
        return sha256Hex(Array(text.utf8))
    }

    /// One file's line: its path length-prefixed (a path may hold any byte but NUL, newlines too),
    /// then numbers only, so no two files' lines can read alike.
    private static func line(_ path: String, _ kind: FileSystem.EntryKind, _ print: FileFingerprint) -> String {
        "\(path.utf8.count):\(path) \(kind) \(print.size) \(print.modifiedSeconds).\(print.modifiedNanoseconds) \(print.inode) \(print.device)\n"
    }
}
