import AssetModel
import AssetPlatform

/// Makes the commit all-or-nothing. Before the first change to the tree, the journal lists every
/// file the commit will replace, create or remove (images, stale files, the index, table, plist,
/// report and state), and is synced to disk. Each earlier file is moved aside into the backup folder
/// before its new version is moved in. When the commit finishes, the journal and backups go. When it
/// fails, `rollBack` restores every earlier file and removes every new one — in the same process, or,
/// after a crash or a kill, when the next build opens the transaction. A failed build therefore
/// leaves the earlier tree byte-identical, whatever step failed.
struct CommitJournal {
    let root: String
    let statePath: String
    let writer: any TreeWriter
    var journalPath: String { statePath + "/journal" }
    var backupFolder: String { statePath + "/backup" }

    /// One file the commit touches: its path relative to the root and whether an earlier version existed.
    struct Entry: Equatable {
        var relative: String
        var hadEarlier: Bool
    }

    private(set) var entries: [Entry] = []
    /// Each entry's place in `entries`, by its bytes (as the file system and the state compare
    /// paths): a lookup per file moved, not a scan of the list (80,000 images made it quadratic).
    private var positions: [ByteExactPath: Int] = [:]
    /// Entries whose change has started (earlier version moved aside, or the new one moved in).
    private var started = 0

    init(root: String, statePath: String, writer: any TreeWriter) { (self.root, self.statePath, self.writer) = (root, statePath, writer) }

    /// Lists the commit's files and syncs the list, before anything changes.
    mutating func begin(_ relatives: [String]) throws(OutputError) {
        entries = []
        positions = [:]
        for relative in relatives where positions[ByteExactPath(relative)] == nil {
            positions[ByteExactPath(relative)] = entries.count
            entries.append(Entry(relative: relative, hadEarlier: FileSystem.kindInside(root, relative) == .file))
        }
        writer.removeTree(backupFolder)
        do {
            try writer.makeDirectories(backupFolder, under: root)
            // One line per entry: the flag, a tab, the path (paths never hold a newline).
            let text = entries.map { "\($0.hadEarlier ? 1 : 0)\t\($0.relative)" }.joined(separator: "\n") + "\n"
            writer.remove(journalPath)
            try writer.writeNew(journalPath, Array(text.utf8), sync: true)
        } catch {
            throw .cannotWrite(file: journalPath, error)
        }
    }

    private func backupPath(_ index: Int) -> String { backupFolder + "/\(index)" }

    private func index(of relative: String) -> Int? { positions[ByteExactPath(relative)] }

    /// Moves the earlier version of `relative` aside (if there is one), so it can come back.
    mutating func setAside(_ relative: String) throws(OutputError) {
        guard let index = index(of: relative) else { return }
        started = max(started, index + 1)
        guard entries[index].hadEarlier, FileSystem.kindInside(root, relative) == .file else { return }
        do {
            try writer.rename(root + "/" + relative, to: backupPath(index))
        } catch {
            throw .cannotWrite(file: root + "/" + relative, error)
        }
    }

    /// The commit is complete: the backups and the journal go.
    func finish() {
        writer.remove(journalPath)
        writer.removeTree(backupFolder)
    }

    /// Undoes every change: earlier files back, new files gone.
    func rollBack() {
        Self.rollBack(root: root, statePath: statePath, entries: entries, writer: writer)
    }

    static func rollBack(root: String, statePath: String, entries: [Entry], writer: any TreeWriter) {
        let backups = statePath + "/backup"
        for (index, entry) in entries.enumerated().reversed() {
            let target = root + "/" + entry.relative
            let backup = backups + "/\(index)"
            if FileSystem.kind(backup) == .file {
                try? writer.rename(backup, to: target)
            } else if !entry.hadEarlier, FileSystem.kindInside(root, entry.relative) == .file {
                writer.remove(target)
                writer.pruneEmptyDirectories(from: FilePath(target).folder.string, upTo: root)
            }
        }
        writer.remove(statePath + "/journal")
        writer.removeTree(backups)
    }

    /// A journal left by a commit that did not finish (a crash, a kill): roll it back now, so the
    /// tree is the earlier one again before anything else reads it. Entries that are not output
    /// paths (a forged journal) are ignored.
    static func recover(root: String, statePath: String, writer: any TreeWriter = LiveTreeWriter()) {
        guard let bytes = try? FileSystem.read(statePath + "/journal", limit: Limits.maximumStateBytes) else { return }
        var entries: [Entry] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let flag = Int(parts[0]) else { continue }
            let relative = String(parts[1])
            guard OutputPath.isRecorded(relative) || MetadataFiles.names.contains(relative) else { continue }
            entries.append(Entry(relative: relative, hadEarlier: flag == 1))
        }
        rollBack(root: root, statePath: statePath, entries: entries, writer: writer)
    }
}
