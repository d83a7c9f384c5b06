#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX file helpers with messages a user can act on (`No such file or directory`, not an
/// NSError dump). Paths are plain strings; the library never changes the working directory.
public enum FileSystem {
    public static func errnoMessage(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Reads a whole regular file, refusing directories and files over `limit` bytes.
    public static func read(_ path: String, limit: Int = 512 << 20) throws(SourceError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceError("cannot read file: \(errnoMessage())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SourceError("cannot read file: \(errnoMessage())") }
        if info.st_mode & S_IFMT == S_IFDIR { throw SourceError("is a directory, not a file") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SourceError("is not a regular file") }
        guard Int(info.st_size) <= limit else {
            throw SourceError("file is \(info.st_size) bytes, more than the limit of \(limit) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError("cannot read file: \(errnoMessage())")
            }
            if count == 0 { break }
            total += count
        }
        if total < bytes.count { bytes.removeSubrange(total...) }
        return bytes
    }

    public enum EntryKind { case missing, file, directory, symlink, other }

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

    /// Creates `path` and its parents (mode 0755). Refuses to pass through a symlink below `root`,
    /// so a planted link cannot send outputs outside the output folder.
    public static func makeDirectories(_ path: String, under root: String) throws(SourceError) {
        var current = root
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : ""
        try makeDirectory(root, parents: true)
        for component in relative.split(separator: "/") {
            current += "/" + component
            switch kind(current) {
            case .directory: continue
            case .missing: try makeDirectory(current, parents: false)
            case .symlink: throw SourceError("'\(current)' is a symbolic link; assetc does not write through links inside its output folder")
            default: throw SourceError("'\(current)' exists and is not a folder")
            }
        }
    }

    private static func makeDirectory(_ path: String, parents: Bool) throws(SourceError) {
        if kind(path) == .directory { return }
        if parents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]), parents: true)
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw SourceError("cannot create folder '\(path)': \(errnoMessage())")
        }
        if kind(path) != .directory && kind(path) != .symlink {
            throw SourceError("cannot create folder '\(path)': a file is in the way")
        }
    }

    /// Writes `bytes` to `path` with O_EXCL (the caller picks a fresh temporary name).
    public static func writeNew(_ path: String, _ bytes: [UInt8]) throws(SourceError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SourceError("cannot create '\(path)': \(errnoMessage())") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let message = errnoMessage()
                close(fd)
                unlink(path)
                throw SourceError("cannot write '\(path)': \(message)")
            }
            written += count
        }
        if close(fd) != 0 {
            let message = errnoMessage()
            unlink(path)
            throw SourceError("cannot write '\(path)': \(message)")
        }
    }

    public static func rename(_ from: String, to: String) throws(SourceError) {
        if Glibc.rename(from, to) != 0 {
            throw SourceError("cannot move '\(from)' to '\(to)': \(errnoMessage())")
        }
    }

    /// Sets a file's modification time to now.
    public static func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Replaces `path` with `bytes` through a temporary file (beside it unless given; on the same file
    /// system either way), so readers never see a partial file.
    public static func replaceAtomically(_ path: String, _ bytes: [UInt8], temporary: String? = nil) throws(SourceError) {
        let temporary = temporary ?? path + ".assetc-\(getpid()).tmp"
        unlink(temporary)
        try writeNew(temporary, bytes)
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

    /// Removes a folder tree (used only on assetc's own temporary folders).
    public static func removeTree(_ path: String) {
        guard kind(path) == .directory else {
            unlink(path)
            return
        }
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                removeTree(path + "/" + name)
            }
            closedir(dir)
        }
        rmdir(path)
    }

    /// Names in a folder, sorted; empty when it cannot be read.
    public static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes now-empty folders from `path` up to (not including) `root`.
    public static func pruneEmptyDirectories(from path: String, upTo root: String) {
        var current = path
        while current.hasPrefix(root + "/"), current != root {
            if rmdir(current) != 0 { return }
            guard let slash = current.lastIndex(of: "/") else { return }
            current = String(current[..<slash])
        }
    }

    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return normalize(cwd + "/" + path)
    }

    /// Removes `.` and empty components and folds `..` lexically.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// An exclusive advisory lock on a file, released when the process exits (even if killed).
public final class FileLock {
    private let fd: Int32

    /// Returns nil when another process holds the lock.
    public init?(path: String) throws(SourceError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SourceError("cannot open lock file '\(path)': \(FileSystem.errnoMessage())") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
