import AssetKit
import Foundation

/// Where the executable talks to people: diagnostics and the progress line go to stderr.
enum Console {
    static var isTerminal: Bool { Host.standardErrorIsTerminal }

    static func error(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        Host.writeStandardError(text)
    }

    /// Prints diagnostics at or above `minimum` severity (errors always).
    static func print(_ diagnostics: [Diagnostic], showing minimum: Diagnostic.Severity = .note) {
        for diagnostic in diagnostics where diagnostic.severity <= minimum {
            error(diagnostic.description)
        }
    }

    /// What a successful run shows: errors only when quiet, notes only when verbose.
    static func level(quiet: Bool, verbose: Bool) -> Diagnostic.Severity {
        quiet ? .error : verbose ? .note : .warning
    }

    /// Prints the failure's diagnostics and returns the documented exit code. With `quiet`, only
    /// errors and the notes that follow them (their explanation); warnings and their notes are left out.
    static func exit(for failure: BuildFailure, quiet: Bool = false) -> Int32 {
        print(quiet ? errorsWithTheirNotes(failure.diagnostics) : failure.diagnostics)
        return failure.kind.exitCode
    }

    static func errorsWithTheirNotes(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        var lastWasError = false
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error:
                kept.append(diagnostic)
                lastWasError = true
            case .note:
                if lastWasError { kept.append(diagnostic) }
            case .warning:
                lastWasError = false
            }
        }
        return kept
    }
}

/// A single, rewritten progress line; only on a terminal, so logs stay clean.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var lastShown = -1

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != lastShown else { return }
        lastShown = percent
        Console.write("\r\u{1B}[Krendering \(done)/\(total) (\(percent)%)")
    }

    func clear() {
        if lastShown >= 0 { Console.write("\r\u{1B}[K") }
    }
}
