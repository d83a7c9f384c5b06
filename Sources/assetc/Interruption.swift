import AssetKit
import Synchronization

/// SIGINT and SIGTERM stop a build cleanly: the handler only sets a flag, which the library polls
/// between variants, so staged files are discarded and the previous outputs stay as they were
/// (exit 5). A second signal kills at once, as users expect of a second Ctrl-C.
enum Interruption {
    static let requested = Atomic<Bool>(false)

    static func install() {
        Host.installStopHandler { received in
            Interruption.requested.store(true, ordering: .relaxed)
            Host.restoreDefaultSignalAction(received)
        }
    }

    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}
