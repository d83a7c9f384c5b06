import AssetModel
import AssetPlatform
import Foundation

/// Places the actool mode's files (`--compile`'s car and loose icons, the partial plist, the
/// dependency file) as one step, as `assetc build` commits its tree (`CommitJournal`):
///
/// 1. a journal in `--compile` lists every target and whether an earlier file was there, synced to
///    disk before anything is written;
/// 2. each file is written beside its target (`<target>.assetc-<pid>.tmp`);
/// 3. each earlier file is moved aside (`<target>.assetc-<pid>.bak`) and the new one moved in;
/// 4. the backups and the journal go.
///
/// A failure at any step rolls back at once; a run killed between two renames (SIGKILL, a crash, a
/// power cut after the journal's sync) is rolled back by the next run into the same `--compile`,
/// before it reads or places anything: the earlier files back, the new ones and every temporary
/// gone. Character devices (`/dev/null`, which Compose, Audacity and qbs pass for the plist) are
/// written through after the renames, never replaced. Callers hold the folder's lock throughout.
struct ActoolPlacement {
    static let journalName = ".assetc-actool-journal"

    struct Entry: Equatable {
        var target: String
        var hadEarlier: Bool
    }

    let compile: String
    private let tag: String
    private var entries: [Entry] = []
    /// What a placed file holds: bytes, or a copy of a file of the work folder (copied by the kernel).
    enum Content {
        case bytes([UInt8])
        case copy(of: String)
    }

    private var files: [(target: String, content: Content)] = []
    private var throughDevices: [(target: String, bytes: [UInt8])] = []

    var journalPath: String { compile + "/" + Self.journalName }

    init(compile: String) {
        self.compile = compile
        tag = "assetc-\(FileSystem.processID)"
    }

    /// Adds a file; a folder where it goes fails here, before anything is written.
    mutating func add(_ bytes: [UInt8], at target: String) throws(FileError) {
        try add(.bytes(bytes), at: target)
    }

    mutating func add(_ content: Content, at target: String) throws(FileError) {
        switch FileSystem.kindFollowingLinks(target) {
        case .file, .missing:
            files.append((target, content))
        case .directory:
            throw FileError(.write, path: target, reason: .system(code: EISDIR, description: "is a folder"))
        default:
            switch content {
            case .bytes(let bytes): throughDevices.append((target, bytes))
            case .copy(let source): throughDevices.append((target, try FileSystem.read(source, limit: Int.max)))
            }
        }
    }

    /// Writes the journal, every file beside its place, then moves them in; on any failure the
    /// earlier files are back and nothing of this run is left.
    mutating func commit() throws(FileError) {
        entries = files.map { Entry(target: $0.target, hadEarlier: FileSystem.kind($0.target) == .file) }
        do throws(FileError) {
            try writeJournal()
            for (target, content) in files {
                let temporary = Self.temporary(target, tag)
                FileSystem.remove(temporary)
                do {
                    switch content {
                    case .bytes(let bytes): try FileSystem.writeNew(temporary, bytes)
                    case .copy(let source): try FileSystem.copyNew(from: source, to: temporary)
                    }
                } catch {
                    // The file the user asked for, not assetc's temporary name; a source that could
                    // not be read is named as itself.
                    guard error.path == temporary else { throw error }
                    throw FileError(error.operation, path: target, reason: error.reason, systemDescription: error.systemDescription)
                }
            }
            for (index, entry) in entries.enumerated() {
                if entry.hadEarlier { try FileSystem.rename(entry.target, to: Self.backup(entry.target, tag)) }
                try FileSystem.rename(Self.temporary(entry.target, tag), to: entry.target)
                if index == Self.killAfterRename { Processes.killSelf() }
            }
        } catch {
            Self.rollBack(entries, tag: tag, journal: journalPath)
            throw error
        }
        for entry in entries { FileSystem.remove(Self.backup(entry.target, tag)) }
        FileSystem.remove(journalPath)
        for (target, bytes) in throughDevices { try Self.writeThrough(target, bytes) }
    }

    /// Fault injection for the test of a killed run (`ActoolPlacementTests`):
    /// `ASSETC_TEST_KILL_AFTER_RENAME=N` kills the process with SIGKILL right after its Nth file
    /// (counting from 0) is moved in. Nothing sets it in use.
    static let killAfterRename = Environment.value("ASSETC_TEST_KILL_AFTER_RENAME").flatMap { Int($0) }

    /// A journal left in `compile` by a run that did not finish: its changes undone. Entries
    /// outside `compile` are undone only when they are one of `sideFiles` (this run's plist and
    /// dependency paths), so a journal planted in the folder cannot make a run move or remove
    /// files elsewhere.
    static func recover(compile: String, sideFiles: [String]) {
        let journal = compile + "/" + journalName
        guard FileSystem.kind(journal) == .file,
              let bytes = try? FileSystem.read(journal, limit: Limits.maximumStateBytes) else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == "assetc-actool-placement 1", lines[1].hasPrefix("assetc-") else {
            FileSystem.remove(journal)
            return
        }
        let tag = String(lines[1])
        var entries: [Entry] = []
        for line in lines.dropFirst(2) {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let flag = Int(parts[0]) else { continue }
            let target = String(parts[1])
            let inside = target.hasPrefix(compile + "/") && !target.split(separator: "/").contains("..")
            guard inside || sideFiles.contains(target) else { continue }
            entries.append(Entry(target: target, hadEarlier: flag == 1))
        }
        rollBack(entries, tag: tag, journal: journal)
    }

    private func writeJournal() throws(FileError) {
        // A header, the run's tag, then one line per entry: the flag, a tab, the path (paths with a
        // line break are refused before placing; ActoolOutputPaths).
        let text = "assetc-actool-placement 1\n\(tag)\n" + entries.map { "\($0.hadEarlier ? 1 : 0)\t\($0.target)" }.joined(separator: "\n") + "\n"
        FileSystem.remove(journalPath)
        try FileSystem.writeNew(journalPath, Array(text.utf8), sync: true)
    }

    private static func rollBack(_ entries: [Entry], tag: String, journal: String) {
        for entry in entries.reversed() {
            let temporary = temporary(entry.target, tag), backup = backup(entry.target, tag)
            if FileSystem.kind(backup) == .file {
                try? FileSystem.rename(backup, to: entry.target)
            } else if !entry.hadEarlier, FileSystem.kind(temporary) != .file, FileSystem.kind(entry.target) == .file {
                // Moved in by the run undone, with nothing before it.
                FileSystem.remove(entry.target)
            }
            FileSystem.remove(temporary)
        }
        FileSystem.remove(journal)
    }

    private static func temporary(_ target: String, _ tag: String) -> String { target + "." + tag + ".tmp" }
    private static func backup(_ target: String, _ tag: String) -> String { target + "." + tag + ".bak" }

    /// `/dev/null` and other character devices are written in place, never replaced.
    private static func writeThrough(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw FileError(.write, path: path, reason: .system(code: EACCES, description: "cannot be opened for writing"))
        }
        handle.write(Data(bytes))
        try? handle.close()
    }
}
