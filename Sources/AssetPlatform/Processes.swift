// Processes, signals and pipes: the half of AssetPlatform that starts, stops and talks to render
// workers (Platform.swift is the file half). With it, the only code that calls the operating
// system directly; see Platform.swift for what porting means.
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif
import AssetModel

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
        (self.pid, self.input, self.output, self.errors) = (pid, input, output, errors)
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

/// Other processes, as far as a run needs to know of them.
public enum Processes {
    /// True when no process `pid` exists (one of another user's is said to exist).
    public static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    /// Ends this process at once with SIGKILL, as a crash would: no cleanup, no handler (fault
    /// injection for tests).
    public static func killSelf() -> Never {
        kill(getpid(), SIGKILL)
        _exit(128 + SIGKILL)  // as the shell reports a SIGKILL, should the signal not have ended it
    }
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
