import AssetModel
import AssetPlatform
import Synchronization

/// A rendered file waiting under `.assetc/staging-<pid>/` to be moved into place.
public struct StagedOutput: Sendable {
    public var written: WrittenVariant
    public var stagedPath: String
}

/// One planned output and where its bytes come from in this build.
public struct PlannedOutput: Sendable {
    public enum Content: Sendable {
        /// The previous build's file, still valid for `key`.
        case reused(WrittenVariant)
        case staged(StagedOutput)
    }

    public var key: String
    public var content: Content

    public init(key: String, content: Content) { (self.key, self.content) = (key, content) }

    public var written: WrittenVariant {
        switch content {
        case .reused(let written): written
        case .staged(let staged): staged.written
        }
    }
}

/// What a commit did.
/// A file made from other outputs rather than rendered (`Resources/Assets.car`), recorded in the
/// state like an image: reused while its key matches, removed when no longer made.
public struct DerivedOutput: Sendable {
    /// Path relative to the output folder.
    public var relativePath: String
    public var key: String
    public var bytes: Int
    public var sha256: String
    /// New bytes to write; nil when the file already in the tree is reused.
    public var content: [UInt8]?
    /// Warnings made with it, one per line as `path<TAB>message`: kept in the state and repeated
    /// by every build that reuses the file.
    public var messages: String?
    /// The key of each part it is made of, in order (`BuildState.Output.parts`).
    public var parts: [String]?

    public init(relativePath: String, key: String, bytes: Int, sha256: String, content: [UInt8]?, messages: String? = nil,
                parts: [String]? = nil) {
        (self.relativePath, self.key, self.bytes, self.sha256, self.content) = (relativePath, key, bytes, sha256, content)
        (self.messages, self.parts) = (messages, parts)
    }
}

public struct CommitResult: Sendable {
    public var written: [WrittenVariant]
    /// Files a previous build wrote that this plan no longer produces.
    public var removed: [String]
    public var sizes: SizeReport
}

/// The output folder as one transaction: lock, staging, checks, commit, stale-file removal, then the
/// index, report, Info.plist and state. Every file is first written under `.assetc/` and renamed
/// into place only after the whole build rendered and every check passed, so a failed build leaves
/// the previous tree untouched and no reader sees a partial file.
public final class OutputTransaction: @unchecked Sendable {
    public let root: String
    /// What the last successful build recorded.
    public let previous: BuildState
    let stagingDirectory: String
    private let lock: FileLock
    /// Where every change to the tree goes (the file system; a failing stand-in in tests).
    let writer: any TreeWriter
    /// Folders of the tree already seen to be real folders (no link) while checking reusable files:
    /// 6,000 outputs share a handful of folders, and looking each one up again for every file was
    /// most of a no-change rebuild's system time (docs/performance.md).
    private let folders = FolderCache()

    var statePath: String { root + "/.assetc" }

    /// Takes the output folder's lock, clears an interrupted build's leftovers and prepares staging.
    /// `alreadyRead` is the state as planning read it before the lock; it is used when the file is
    /// still the one that was read (same fingerprint), so a no-op build parses the state once.
    public init(root: String, alreadyRead: RecordedState? = nil, writer: any TreeWriter = LiveTreeWriter()) throws(OutputError) {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let statePath = root + "/.assetc"
        do {
            try writer.makeDirectories(statePath, under: root)
        } catch {
            throw Self.preparationFailure(error)
        }
        let lock: FileLock?
        do {
            lock = try FileLock(path: statePath + "/lock")
        } catch {
            throw .cannotWrite(file: statePath + "/lock", error)
        }
        guard let lock else { throw .locked(root: root) }
        // A commit that did not finish (a crash, a kill) is rolled back first: the earlier tree again.
        CommitJournal.recover(root: root, statePath: statePath, writer: writer)
        // Leftovers of an interrupted build are ours to clear.
        for name in FileSystem.list(statePath) where name.hasPrefix("staging") {
            writer.removeTree(statePath + "/" + name)
        }
        let staging = statePath + "/staging-\(FileSystem.processID)"
        do {
            try writer.makeDirectories(staging, under: root)
        } catch {
            throw Self.preparationFailure(error)
        }
        self.root = root
        self.lock = lock
        self.writer = writer
        self.stagingDirectory = staging
        let current = RecordedState.fingerprint(root: root)
        if let alreadyRead, current != nil, alreadyRead.fingerprint == current {
            self.previous = alreadyRead.state
        } else {
            self.previous = RecordedState.read(root: root).state
        }
    }

    deinit {
        writer.removeTree(stagingDirectory)
        withExtendedLifetime(lock) {}
    }

    private static func preparationFailure(_ error: FileError) -> OutputError {
        switch error.reason {
        case .symbolicLink: .inTheWay(path: error.path, .symbolicLink)
        case .notAFolder: .inTheWay(path: error.path, .notAFolder)
        default: .cannotWrite(file: error.path, error)
        }
    }

    /// The previous build's file for `variant` when its cache key is unchanged and the file is still
    /// there at the recorded size.
    public func reusable(_ variant: Variant, key: String) -> WrittenVariant? {
        guard let old = previous.outputs[ByteExactPath(variant.outputPath)], old.key == key,
              regularFileSize(variant.outputPath) == old.bytes else { return nil }
        return WrittenVariant(variant: variant, bytes: old.bytes, sha256: old.sha256, rendererMessages: old.rendererMessages)
    }

    /// The size of the regular file at `relative` when every folder on the way is a real folder
    /// (`FileSystem.kindInside`'s rule: no link leads out of the tree), else nil. Each folder is
    /// looked at once per transaction; the file itself every time.
    func regularFileSize(_ relative: String) -> Int? {
        let components = relative.split(separator: "/")
        var folder = ""
        for component in components.dropLast() {
            folder += (folder.isEmpty ? "" : "/") + component
            if folders.contains(folder) { continue }
            guard FileSystem.kind(root + "/" + folder) == .directory else { return nil }
            folders.insert(folder)
        }
        return FileSystem.fileSize(root + "/" + relative)
    }

    /// The derived file at `relative` as the last build recorded it, when its key matches and the
    /// file is still there with the recorded size.
    public func reusableDerived(_ relative: String, key: String) -> DerivedOutput? {
        guard let old = previous.outputs[ByteExactPath(relative)], old.key == key,
              FileSystem.kindInside(root, relative) == .file,
              FileSystem.fileSize(root + "/" + relative) == old.bytes else { return nil }
        return DerivedOutput(relativePath: relative, key: key, bytes: old.bytes, sha256: old.sha256, content: nil,
                             messages: old.rendererMessages, parts: old.parts)
    }

    /// The derived file at `relative` as the last build recorded it, whatever its key, when it is
    /// still a regular file of the recorded size and was recorded with its parts: where it is and
    /// what the state says of it. The caller checks the bytes against `sha256` before using them.
    public func previousDerived(_ relative: String) -> (path: String, bytes: Int, sha256: String, parts: [String])? {
        guard let old = previous.outputs[ByteExactPath(relative)], let parts = old.parts,
              FileSystem.kindInside(root, relative) == .file,
              FileSystem.fileSize(root + "/" + relative) == old.bytes else { return nil }
        return (root + "/" + relative, old.bytes, old.sha256, parts)
    }

    /// Writes one rendered file into staging. Safe to call from several threads (distinct `index`es).
    public func stage(_ bytes: [UInt8], sha256: String, for variant: Variant, index: Int) throws(OutputError) -> StagedOutput {
        let staged = "\(stagingDirectory)/\(index).png"
        do {
            try writer.writeNew(staged, bytes, sync: false)
        } catch {
            throw .cannotWrite(file: root + "/" + variant.outputPath, error, source: variant.source.path)
        }
        return StagedOutput(written: WrittenVariant(variant: variant, bytes: bytes.count, sha256: sha256),
                            stagedPath: staged)
    }

    /// Checks the budget and every destination, then moves staged files into place, removes outputs
    /// the plan no longer makes, and writes the index, report, Info.plist and state.
    public func commit(_ plan: BuildPlan, outputs: [PlannedOutput], derived: [DerivedOutput] = [], sources: [String: SourceRecord],
                       budgetLocation: String, metadata: MetadataFiles.Selection = .all) throws(OutputError) -> CommitResult {
        // The budget is checked before anything is moved, so a build over it changes nothing.
        let planned = outputs.map(\.written)
        let sizes = SizeReport(planned, derived: derived.map { SizeReport.File(path: $0.relativePath, bytes: $0.bytes) },
                               budget: plan.budget?.maxBytes)
        if sizes.isOverBudget, let budget = plan.budget {
            throw .overBudget(Self.overBudget(sizes, budget: budget, manifestPath: budgetLocation))
        }
        let moved = outputs.compactMap { output -> String? in
            if case .staged = output.content { return output.written.variant.outputPath }
            return nil
        }
        try checkDestinations(moved + derived.filter { $0.content != nil }.map(\.relativePath))

        var state = BuildState(sources: sources)
        for output in outputs {
            state.outputs[ByteExactPath(output.written.variant.outputPath)] = BuildState.Output(
                key: output.key, bytes: output.written.bytes, sha256: output.written.sha256,
                rendererMessages: output.written.rendererMessages)
        }
        for file in derived {
            state.outputs[ByteExactPath(file.relativePath)] = BuildState.Output(key: file.key, bytes: file.bytes, sha256: file.sha256,
                                                                                rendererMessages: file.messages, parts: file.parts)
        }
        // Keys compare as bytes, as the file system does: `Café` in NFD left by an older build is
        // another file than `Café` in NFC, and goes. The state is input: only a regular file at a
        // valid output path (or a car `--car-path` put elsewhere), reached without passing through any
        // link, is removed.
        let stale = previous.outputs.keys.filter { state.outputs[$0] == nil }.sorted().map(\.path)
            .filter { OutputPath.isRecorded($0) && FileSystem.kindInside(root, $0) == .file }
        var journal = CommitJournal(root: root, statePath: statePath, writer: writer)
        try journal.begin(moved + stale + derived.map(\.relativePath) + MetadataFiles.names)
        var removed: [String] = []
        do {
            for output in outputs {
                guard case .staged(let staged) = output.content else { continue }
                let relative = output.written.variant.outputPath
                let target = root + "/" + relative
                do {
                    try writer.makeDirectories(parent(of: target), under: root)
                    if previous.outputs[ByteExactPath(relative)]?.sha256 == staged.written.sha256,
                       FileSystem.fileSize(target) == staged.written.bytes, sameBytes(staged.stagedPath, target) {
                        // Same bytes as before (e.g. --force): keep the file and its timestamp.
                        writer.remove(staged.stagedPath)
                    } else {
                        try journal.setAside(relative)
                        try writer.rename(staged.stagedPath, to: target)
                    }
                } catch let error as OutputError {
                    throw error
                } catch let error as FileError {
                    throw OutputError.cannotWrite(file: target, error, source: staged.written.variant.source.path)
                }
            }
            for file in derived {
                guard let content = file.content else { continue }
                do {
                    try writer.makeDirectories(parent(of: root + "/" + file.relativePath), under: root)
                } catch {
                    throw OutputError.cannotWrite(file: root + "/" + file.relativePath, error)
                }
                _ = try writeJournaled(content, to: root + "/" + file.relativePath, journal: &journal)
            }
            for relative in stale {
                try journal.setAside(relative)  // kept in the backup until the commit is complete
                writer.pruneEmptyDirectories(from: parent(of: root + "/" + relative), upTo: root)
                removed.append(relative)
            }
            do {
                try writer.makeDirectories(root + "/Resources", under: root)
            } catch {
                throw Self.preparationFailure(error)
            }
            try MetadataFiles.write(plan, written: planned, sizes: sizes, root: root, selection: metadata) { bytes, path throws(OutputError) in
                try writeJournaled(bytes, to: path, journal: &journal)
            }
            _ = try writeJournaled(state.serializedBytes(), to: statePath + "/state.json", journal: &journal)
        } catch let error as OutputError {
            journal.rollBack()
            throw error
        } catch {
            journal.rollBack()
            throw .cannotWrite(file: root, FileError(.write, path: root, reason: .system(code: 0, description: "\(error)")))
        }
        journal.finish()
        return CommitResult(written: planned, removed: removed, sizes: sizes)
    }

    /// Before the first rename: every destination (staged outputs, derived files) must be reached
    /// through folders, not links or files, and be a file or nothing.
    private func checkDestinations(_ relatives: [String]) throws(OutputError) {
        var checkedFolders: Set<String> = [root]
        for relative in relatives {
            let target = root + "/" + relative
            var folder = root
            for component in relative.split(separator: "/").dropLast() {
                folder += "/" + component
                guard checkedFolders.insert(folder).inserted else { continue }
                switch FileSystem.kind(folder) {
                case .missing, .directory: continue
                case .symlink: throw .inTheWay(path: folder, .symbolicLink)
                case .file, .other: throw .inTheWay(path: folder, .notAFolder)
                }
            }
            switch FileSystem.kind(target) {
            case .missing, .file: continue
            case .symlink: throw .inTheWay(path: target, .symbolicLink)
            case .directory: throw .inTheWay(path: target, .folder)
            case .other: throw .inTheWay(path: target, .other)
            }
        }
    }

    static func overBudget(_ sizes: SizeReport, budget: SizeBudget, manifestPath: String) -> Diagnostic {
        let largest = sizes.groups.filter { $0.name != SizeReport.outsideBundle }.flatMap(\.files)
            .sorted { ($1.bytes, $0.path) < ($0.bytes, $1.path) }.prefix(5)
        return .error(manifestPath, at: budget.location, .resourcesOverBudget(sizes.resourcesBytes, budget: budget.maxBytes, largest: Array(largest)))
    }

    /// `writeIfChanged`, with the earlier file set aside in the journal's backup first.
    private func writeJournaled(_ bytes: [UInt8], to path: String, journal: inout CommitJournal) throws(OutputError) -> Bool {
        if FileSystem.holds(path, exactly: bytes) { return false }
        try journal.setAside(String(path.dropFirst(root.count + 1)))
        return try writeIfChanged(bytes, to: path)
    }

    /// Replaces `path` with `text` by rename; leaves it alone (and its mtime, for Make) when unchanged.
    /// Returns whether it wrote.
    @discardableResult
    private func writeIfChanged(_ bytes: [UInt8], to path: String) throws(OutputError) -> Bool {
        let temporary = FilePath(stagingDirectory).appending(FilePath(path).lastComponent).string
        do {
            return try writer.replaceIfChanged(path, bytes, temporary: temporary)
        } catch {
            throw .cannotWrite(file: path, error)
        }
    }

    /// Whether two files hold the same bytes: `--force` keeps an unchanged file (and its mtime) only
    /// when the file on disk really is what was rendered, not merely what the state recorded.
    private func sameBytes(_ a: String, _ b: String) -> Bool {
        guard let first = try? FileSystem.read(a), let second = try? FileSystem.read(b) else { return false }
        return first == second
    }

    private func parent(of path: String) -> String { FilePath(path).folder.string }
}

/// A set of folder paths, shared by the transaction's threads.
final class FolderCache: Sendable {
    private let seen = Mutex<Set<String>>([])

    func contains(_ folder: String) -> Bool { seen.withLock { $0.contains(folder) } }

    func insert(_ folder: String) { seen.withLock { _ = $0.insert(folder) } }
}

extension Diagnostic.Message {
    /// `largest`: the largest files of the bundle, largest first.
    fileprivate static func resourcesOverBudget(_ bytes: Int, budget: Int, largest: [SizeReport.File]) -> Diagnostic.Message {
        let files: [String] = largest.map { "\($0.path) \(SizeReport.format($0.bytes))" }
        return "Resources/ would be \(bytes) bytes (\(SizeReport.format(bytes))), "
            + "over the budget of \(budget) bytes by \(bytes - budget); "
            + "nothing was changed. Largest files: \(files.joined(separator: ", "))"
    }
}
