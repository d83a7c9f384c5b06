import AssetPlatform
import Foundation

/// Render workers left idle by planning (`SourceSupervisor` reads a changed PDF's page sizes in
/// one), kept for the renders of the same build instead of being stopped and started again: a
/// worker's start (exec, the dynamic loader, the libraries' set-up) is 20–40 ms on a 2-core
/// machine, a twentieth of the actool mode's one-PDF rebuild of a 2,000-set catalog
/// (docs/performance.md). A worker is taken only by a pool that would start it with the same
/// executable and arguments (its memory limit and encoder are fixed when it starts); what no pool
/// takes is stopped when the shelf goes, with the build.
public final class WorkerShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [(command: [String], process: ChildProcess)] = []

    public init() {}

    deinit {
        for entry in idle { entry.process.finish() }
    }

    func put(_ process: ChildProcess, executable: String, arguments: [String]) {
        lock.withLock { idle.append(([executable] + arguments, process)) }
    }

    func take(executable: String, arguments: [String]) -> ChildProcess? {
        let command = [executable] + arguments
        return lock.withLock {
            guard let index = idle.firstIndex(where: { $0.command == command }) else { return nil }
            return idle.remove(at: index).process
        }
    }

    /// How many workers wait (for tests).
    public var count: Int { lock.withLock { idle.count } }
}
