// The one file that talks to the operating system directly: file reading and writing, renames,
// fsync, locks, stat fields, signals and the terminal. Everything else in assetc is portable Swift
// over these functions, so porting to another POSIX system means reviewing this file only.
// Tested on Linux (glibc); written to build on macOS (Darwin), where iOS developers also run it.
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

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// SIGINT and SIGTERM as a stop request. The handler may only do async-signal-safe work, so it is
/// a plain C function the caller supplies (it sets an atomic flag).
public enum StopSignals {
    public typealias Handler = @convention(c) (Int32) -> Void

    /// Installs `handler` for SIGINT and SIGTERM, except where the parent set the signal to be
    /// ignored (nohup, background jobs), and unblocks them (test runners spawn children with them
    /// blocked). Call before any thread starts, so every thread inherits the mask.
    public static func install(_ handler: Handler) {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signalNumber in [SIGINT, SIGTERM] {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            #if canImport(Darwin)
            let installed = current.__sigaction_u.__sa_handler
            #else
            let installed = current.__sigaction_handler.sa_handler
            #endif
            if unsafeBitCast(installed, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            sigaddset(&unblock, signalNumber)
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
            #else
            action.__sigaction_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// A render worker leaves SIGINT to its parent, which stops it (a terminal's Ctrl-C reaches the
    /// whole process group).
    public static func ignoreInterrupts() {
        signal(SIGINT, SIG_IGN)
    }

    /// Restores the default action, so a second signal terminates at once (async-signal-safe).
    public static func restoreDefault(_ signalNumber: Int32) {
        signal(signalNumber, SIG_DFL)
    }
}

/// A child process of this same binary with its standard input, output and error on pipes: the
/// render workers. Poppler and Cairo cannot be cancelled in-process; a child can be killed.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Write end of the child's standard input.
    public let input: Int32
    /// Read end of the child's standard output.
    public let output: Int32
    /// Read end of the child's standard error (non-blocking): what the libraries print.
    public let errors: Int32
    private var reaped = false

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// The running binary, for spawning workers of the same build of assetc.
    public static var currentExecutable: String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        return CommandLine.arguments[0]
    }

    /// Writing to a worker that died must be an error, not a SIGPIPE that kills the build.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func spawn(_ executable: String, _ arguments: [String]) throws(FileError) -> ChildProcess {
        pthread_mutex_lock(spawnLock)
        defer { pthread_mutex_unlock(spawnLock) }
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0], errorsFromChild: [Int32] = [0, 0]
        // Close-on-exec from birth: workers are spawned from several threads at once, and a worker
        // that inherited another's pipe would keep it open (that worker would never see the end of
        // its input, and the build would wait for it forever).
        guard closeOnExecPipe(&toChild), closeOnExecPipe(&fromChild), closeOnExecPipe(&errorsFromChild) else {
            throw FileSystem.failure(.create, "pipe")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(toChild[0]); close(fromChild[1]); close(errorsFromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0]); close(errorsFromChild[0])
            throw FileSystem.failure(.create, executable, code: status)
        }
        _ = fcntl(errorsFromChild[0], F_SETFL, fcntl(errorsFromChild[0], F_GETFL) | O_NONBLOCK)
        return ChildProcess(pid: pid, input: toChild[1], output: fromChild[0], errors: errorsFromChild[0])
    }

    /// `pipe` then close-on-exec; callers hold `spawnLock`, so no spawn sees the pipe in between
    /// (glibc's `pipe2` is not visible to Swift without _GNU_SOURCE, and Darwin has none).
    private static func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Writes everything, or returns false (the child is gone).
    public func send(_ bytes: [UInt8]) -> Bool {
        Pipes.writeAll(input, bytes)
    }

    public enum ReadOutcome { case bytes([UInt8]), timedOut, closed, stopped }

    /// Reads exactly `count` bytes, waiting at most until `deadline` (seconds, monotonic) and
    /// returning `.stopped` as soon as `shouldStop` says so (checked every 100 ms).
    public func receive(_ count: Int, deadline: Double, shouldStop: () -> Bool) -> ReadOutcome {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            if shouldStop() { return .stopped }
            let remaining = deadline - Clock.seconds()
            if remaining <= 0 { return .timedOut }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(100, max(1, remaining * 1000))))
            if ready < 0 && errno != EINTR { return .closed }
            if ready <= 0 { continue }
            let got = result.withUnsafeMutableBytes { systemRead(output, $0.baseAddress! + filled, count - filled) }
            if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if got <= 0 { return .closed }
            filled += got
        }
        return .bytes(result)
    }

    /// Whatever the child wrote to standard error so far.
    public func drainErrors() -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while collected.count < 65_536 {
            let got = buffer.withUnsafeMutableBytes { systemRead(errors, $0.baseAddress!, $0.count) }
            if got <= 0 { break }
            collected += buffer.prefix(got)
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Kills the child (SIGKILL) and reaps it.
    public func terminate() {
        guard !reaped else { return }
        reaped = true
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(input); close(output); close(errors)
    }

    /// Closes its input (it exits at end of input) and reaps it.
    public func finish() {
        guard !reaped else { return }
        reaped = true
        close(input)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(output); close(errors)
    }

    deinit { terminate() }
}

/// Serialises spawning: pipes are made and marked close-on-exec under it, so a worker started from
/// another thread at the same moment cannot inherit them.
nonisolated(unsafe) private let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
}()

/// Reading and writing whole messages on a pipe (the worker's side uses standard input and output).
public enum Pipes {
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            written += count
        }
        return true
    }

    /// Exactly `count` bytes, or nil at end of input.
    public static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = result.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return nil }
            filled += got
        }
        return result
    }

    public static let standardInput: Int32 = 0
    public static let standardOutput: Int32 = 1
}

/// Limits a worker process sets on itself.
public enum ProcessLimits {
    /// Caps the address space (RLIMIT_AS): allocations past it fail instead of exhausting the machine.
    public static func limitAddressSpace(bytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        _ = setrlimit(RLIMIT_AS_VALUE, &limit)
    }
}

#if canImport(Glibc)
private let RLIMIT_AS_VALUE = __rlimit_resource_t(RLIMIT_AS.rawValue)
#else
private let RLIMIT_AS_VALUE = RLIMIT_AS
#endif

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
