#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGINT and SIGTERM stop a build cleanly: the handler only sets a flag, which the library polls
/// between variants, so staged files are discarded and the previous outputs stay as they were
/// (exit 5). A second signal kills at once, as users expect of a second Ctrl-C.
enum Interruption {
    static let requested = Atomic<Bool>(false)

    static func install() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signalNumber in [SIGINT, SIGTERM] {
            // A signal the parent set to be ignored stays ignored (nohup, background jobs).
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            // A parent may have blocked it (test runners do); a blocked signal would never stop us.
            sigaddset(&unblock, signalNumber)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                Interruption.requested.store(true, ordering: .relaxed)
                signal(received, SIG_DFL)  // async-signal-safe; the next one terminates
            }
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        // Called before any worker thread exists, so every thread inherits the unblocked mask.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}
