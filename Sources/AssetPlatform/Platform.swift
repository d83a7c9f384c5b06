// With Processes.swift, the only code that talks to the operating system directly: here file
// reading and writing, renames, fsync, locks, stat fields and the terminal; there workers, signals
// and pipes. Everything else in assetc is portable Swift over these functions, so porting to
// another POSIX system means reviewing these two files (and the C libraries' owners).
// Tested on Linux (glibc); the Darwin branch is written for a macOS port but neither built nor tested.
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
private let systemRename = Glibc.rename
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
private let systemRename = Darwin.rename
#endif
import AssetModel

/// POSIX file helpers that throw `FileError`s with a reason decided from errno (never from text).
/// Paths are plain strings; the library never changes the working directory.
public enum FileSystem {
    static func systemDescription(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The error for a failed call, classified by errno.
    static func failure(_ operation: FileError.Operation, _ path: String, code: Int32 = errno) -> FileError {
        let reason: FileError.Reason
        switch code {
        case ENOENT: reason = .missing
        case ENOSPC, EDQUOT, EFBIG: reason = .noSpace
        case ENAMETOOLONG: reason = .nameTooLong
        case EISDIR: reason = .isDirectory
        case ENOTDIR: reason = .notAFolder
        case ELOOP: reason = .symbolicLink
        default: reason = .system(code: code, description: systemDescription(code))
        }
        return FileError(operation, path: path, reason: reason, systemDescription: systemDescription(code))
    }

    /// Reads a whole regular file, refusing directories, FIFOs, devices and files over `limit` bytes.
    /// A FIFO is refused without blocking: it is opened non-blocking and checked before any read.
    public static func read(_ path: String, limit: Int = Limits.maximumSourceBytes) throws(FileError) -> [UInt8] {
        try readRegularFile(path) { size throws(FileError) in
            guard size <= limit else { throw FileError(.read, path: path, reason: .tooLarge(size: size, limit: limit)) }
            return size
        }
    }

    /// The first `count` bytes of a regular file (all of a shorter one): enough to tell what it
    /// holds without reading it whole. Refuses what `read` refuses, whatever the file's size.
    public static func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
        try readRegularFile(path) { size in max(0, min(count, size)) }
    }

    /// Opens `path` non-blocking, refuses anything but a regular file, and reads as many bytes as
    /// `amount` gives for the file's size (fewer when the file is shorter than it said).
    private static func readRegularFile(_ path: String, amount: (Int) throws(FileError) -> Int) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(.read, path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(.read, path) }
        if info.st_mode & S_IFMT == S_IFDIR { throw FileError(.read, path: path, reason: .isDirectory) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError(.read, path: path, reason: .notRegularFile) }
        var bytes = [UInt8](repeating: 0, count: try amount(Int(info.st_size)))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.read, path)
            }
            if count == 0 { break }
            total += count
        }
        if total < bytes.count { bytes.removeSubrange(total...) }
        return bytes
    }

    public enum EntryKind: Sendable { case missing, file, directory, symlink, other }

    /// What is at `path`, without following a final symlink.
    public static func kind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// What is at `path` and its fingerprint (size, modification time, inode, device), for files and
    /// folders alike: a folder's modification time changes when an entry is added, removed or renamed
    /// in it. `followingLinks: false` reports a link itself.
    public static func status(_ path: String, followingLinks: Bool) -> (kind: EntryKind, fingerprint: FileFingerprint)? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let kind: EntryKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return (kind, FileFingerprint(size: Int(info.st_size), modifiedSeconds: Int(modified.tv_sec),
                                      modifiedNanoseconds: Int(modified.tv_nsec), inode: UInt64(info.st_ino),
                                      device: UInt64(info.st_dev)))
    }

    /// What is at `root/relative`, looked up one component at a time without following any link:
    /// `.symlink` (or `.other`) when a link (or a file) stands anywhere along the way, so nothing
    /// reached through this can lie outside `root`. `relative` must already be free of `..`.
    public static func kindInside(_ root: String, _ relative: String) -> EntryKind {
        var current = root
        let components = relative.split(separator: "/")
        for (position, component) in components.enumerated() {
            current += "/" + component
            let found = kind(current)
            if position == components.count - 1 { return found }
            switch found {
            case .directory: continue
            case .missing: return .missing
            case .symlink: return .symlink
            case .file, .other: return .other
            }
        }
        return kind(root)
    }

    /// What `path` leads to, following links (a linked set folder in a catalog is a folder).
    public static func kindFollowingLinks(_ path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return kind(path) == .symlink ? .symlink : .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether the resolved `path` is one of `roots` (resolved too) or below one of them.
    public static func isInside(_ path: String, anyOf roots: [String]) -> Bool {
        roots.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// The longest path the system opens by name (`PATH_MAX`, terminator included).
    public static let maximumPathBytes = Int(PATH_MAX)

    /// Whether `path` leads to a character device (`/dev/null`).
    public static func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }

    /// `path` with every link and `.`/`..` resolved as the kernel resolves them; nil when it does
    /// not lead anywhere.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Device and inode of what `path` leads to (following links): tells a folder reached twice
    /// through links from a new one.
    public static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// The size of the regular file at `path` (not following a final link); nil for anything else.
    public static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The fingerprint of the file `path` names (following links), or nil when it is not a regular file.
    public static func fingerprint(_ path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileFingerprint(size: Int(info.st_size), modifiedSeconds: Int(modified.tv_sec),
                               modifiedNanoseconds: Int(modified.tv_nsec), inode: UInt64(info.st_ino),
                               device: UInt64(info.st_dev))
    }

    /// Seconds since 1970, for the racily-clean check of fingerprints.
    public static func currentTime() -> Int { Int(time(nil)) }

    public static var processID: Int32 { getpid() }

    /// Makes the folder `path` (mode 0700), which must not exist: a private work folder.
    public static func makeNewFolder(_ path: String) throws(FileError) {
        guard mkdir(path, 0o700) == 0 else { throw failure(.write, path) }
    }

    /// Creates `path` and its parents (mode 0755). Refuses to pass through a symlink below `root`,
    /// so a planted link cannot send outputs outside the output folder.
    public static func makeDirectories(_ path: String, under root: String) throws(FileError) {
        var current = root
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : ""
        try makeDirectory(root, parents: true)
        for component in relative.split(separator: "/") {
            current += "/" + component
            switch kind(current) {
            case .directory: continue
            case .missing: try makeDirectory(current, parents: false)
            case .symlink: throw FileError(.makeFolder, path: current, reason: .symbolicLink)
            default: throw FileError(.makeFolder, path: current, reason: .notAFolder)
            }
        }
    }

    private static func makeDirectory(_ path: String, parents: Bool) throws(FileError) {
        if kind(path) == .directory { return }
        if parents, let parent = FilePath(path).enclosingFolder, parent != "/" {
            try makeDirectory(parent.string, parents: true)
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw failure(.makeFolder, path)
        }
        if kind(path) != .directory && kind(path) != .symlink {
            throw FileError(.makeFolder, path: path, reason: .notAFolder)
        }
    }

    /// Writes `bytes` to `path` with O_EXCL (the caller picks a fresh temporary name); with `sync`,
    /// the data reaches the disk before the call returns (fsync).
    public static func writeNew(_ path: String, _ bytes: [UInt8], sync: Bool = false) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(.create, path) }
        guard Pipes.writeAll(fd, bytes) else {
            let error = failure(.write, path)
            close(fd)
            unlink(path)
            throw error
        }
        if sync && fsync(fd) != 0 {
            let error = failure(.sync, path)
            close(fd)
            unlink(path)
            throw error
        }
        if close(fd) != 0 {
            let error = failure(.write, path)
            unlink(path)
            throw error
        }
    }

    /// Creates `path` (which must not exist) holding a copy of the regular file `source`, copied by
    /// the kernel (`sendfile`) where it can: the actool mode places a 20 MB car without reading it
    /// into memory and writing it out again. Falls back to reading and writing.
    public static func copyNew(from source: String, to path: String) throws(FileError) {
        #if os(Linux)
        // Non-blocking, as `readRegularFile` opens: a FIFO put where the file was must not hang the open.
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard input >= 0 else { throw failure(.read, source) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(.read, path: source, reason: .system(code: EINVAL, description: "not a regular file"))
        }
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw failure(.create, path) }
        var remaining = Int(info.st_size)
        while remaining > 0 {
            let sent = sendfile(output, input, nil, remaining)
            let code = errno
            if sent < 0 && code == EINTR { continue }
            if sent > 0 {
                remaining -= sent
                continue
            }
            close(output)
            unlink(path)
            // A file system sendfile cannot copy between: read and written instead.
            if sent < 0 && (code == EINVAL || code == ENOSYS) && remaining == Int(info.st_size) {
                try writeNew(path, try read(source, limit: Int.max))
                return
            }
            // The file ended early: it shrank while it was copied.
            if sent == 0 { throw FileError(.read, path: source, reason: .system(code: EIO, description: "it changed while it was copied")) }
            // The copy failed (a full disk, most often): said of the file being written, with the system's reason.
            throw failure(.write, path, code: code)
        }
        if close(output) != 0 {
            let error = failure(.write, path)
            unlink(path)
            throw error
        }
        #else
        try writeNew(path, try read(source, limit: Int.max))
        #endif
    }

    /// Renames within one file system; the error names the destination, the file the user cares about.
    public static func rename(_ from: String, to: String) throws(FileError) {
        if systemRename(from, to) != 0 {
            throw failure(.rename, to)
        }
    }

    /// Sets a file's modification time to now.
    public static func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Replaces `path` with `bytes` through a temporary file (beside it unless given; on the same file
    /// system either way), so readers never see a partial file.
    /// Whether `path` is a regular file holding exactly `bytes` (the size is compared first, so a
    /// changed file is usually not read at all).
    public static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        guard fileSize(path) == bytes.count, let existing = try? read(path, limit: max(bytes.count, 1)) else { return false }
        return existing == bytes
    }

    /// `replaceAtomically` unless the file already holds these bytes, so its mtime stays (Make and
    /// Xcode see nothing changed). Returns whether it wrote.
    @discardableResult
    public static func replaceIfChanged(_ path: String, _ bytes: [UInt8], temporary: String? = nil) throws(FileError) -> Bool {
        if holds(path, exactly: bytes) { return false }
        try replaceAtomically(path, bytes, temporary: temporary)
        return true
    }

    public static func replaceAtomically(_ path: String, _ bytes: [UInt8], temporary: String? = nil) throws(FileError) {
        let temporary = temporary ?? path + ".assetc-\(getpid()).tmp"
        unlink(temporary)
        do {
            try writeNew(temporary, bytes)
        } catch {
            // Report the file the user asked for, not assetc's temporary name.
            throw FileError(error.operation, path: path, reason: error.reason, systemDescription: error.systemDescription)
        }
        do {
            try rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    public static func remove(_ path: String) {
        unlink(path)
    }

    /// Removes a folder tree (used only on assetc's own temporary folders and by tests).
    public static func removeTree(_ path: String) {
        guard kind(path) == .directory else {
            unlink(path)
            return
        }
        for name in list(path) {
            removeTree(path + "/" + name)
        }
        rmdir(path)
    }

    /// Names in a folder, sorted; empty when it cannot be read.
    public static func list(_ path: String) -> [String] {
        listWithKinds(path).map(\.name)
    }

    /// Names in a folder, sorted, each with what the folder's listing says it is without following
    /// a link (`d_type`), or nil where the file system does not say: a catalog of 2,000 sets is
    /// walked without a `stat` and an `lstat` of each set folder.
    public static func listWithKinds(_ path: String) -> [(name: String, kind: EntryKind?)] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [(name: String, kind: EntryKind?)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard name != "." && name != ".." else { continue }
            let kind: EntryKind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = nil
            default: kind = .other
            }
            names.append((name, kind))
        }
        return names.sorted { $0.name < $1.name }
    }

    /// `kindFollowingLinks` and, for what it leads to, its size in bytes (0 when missing).
    public static func kindAndSizeFollowingLinks(_ path: String) -> (kind: EntryKind, size: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (kind(path) == .symlink ? .symlink : .missing, 0) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.file, Int(info.st_size))
        case S_IFDIR: return (.directory, Int(info.st_size))
        default: return (.other, Int(info.st_size))
        }
    }

    /// Removes now-empty folders from `path` up to (not including) `root`.
    public static func pruneEmptyDirectories(from path: String, upTo root: String) {
        var current = path
        while current.hasPrefix(root + "/"), current != root {
            if rmdir(current) != 0 { return }
            guard let parent = FilePath(current).enclosingFolder else { return }
            current = parent.string
        }
    }

    /// The folder a path is in, as typed: `a/b.json` → `a`, `b.json` → `.`, `/b.json` → `/`.
    public static func folder(of path: String) -> String { FilePath(path).folder.string }

    /// `path` resolved against the working directory and normalised (`FilePath.normalized`).
    public static func absolute(_ path: String) -> String {
        let typed = FilePath(path)
        if typed.isAbsolute { return typed.normalized.string }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return typed.resolve(against: FilePath(cwd)).normalized.string
    }
}

/// An exclusive advisory lock on a file, released when the process exits (even if killed).
public final class FileLock {
    private let fd: Int32

    /// Returns nil when another process holds the lock.
    public init?(path: String) throws(FileError) {
        // O_NOFOLLOW: a lock file replaced by a symbolic link would otherwise create (or open) a
        // file wherever the link points, outside the output folder.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw FileSystem.failure(.lock, path) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    /// The lock of a folder itself (no lock file is made in it); nil when another process holds it.
    public init?(folder path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystem.failure(.lock, path) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    /// The folder's lock, waited for up to `seconds`; nil when another process kept it that long.
    public static func waiting(folder path: String, seconds: Double) throws(FileError) -> FileLock? {
        let deadline = Clock.seconds() + seconds
        while true {
            if let lock = try FileLock(folder: path) { return lock }
            if Clock.seconds() > deadline { return nil }
            usleep(20_000)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// A monotonic clock in seconds, for deadlines.
public enum Clock {
    public static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Standard error as a terminal or a pipe.
public enum StandardError {
    public static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if count <= 0 { return }
            offset += count
        }
    }
}

public enum Environment {
    /// An environment variable's value, nil when unset.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
