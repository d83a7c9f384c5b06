import AssetKit
import Synchronization

/// SIGINT and SIGTERM stop a build cleanly: the handler only sets a flag, which the library polls
/// between variants, so staged files are discarded and the previous outputs stay as they were
/// (exit 5). A second signal kills at once, as users expect of a second Ctrl-C.
enum Interruption {
    static let requested = Atomic<Bool>(false)
    /// The signal that asked, for the actool mode, which ends by it (`signalToEndBy`).
    static let received = Atomic<Int32>(0)

    static func install() {
        Host.installStopHandler { received in
            Interruption.received.store(received, ordering: .relaxed)
            Interruption.requested.store(true, ordering: .relaxed)
            Host.restoreDefaultSignalAction(received)
        }
    }

    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}
