import ArgumentParser
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

    /// How diagnostics are written (`--message-format`); set once, before anything is printed.
    nonisolated(unsafe) static var format = MessageFormat.text

    /// Colour only for a person at a terminal: not in pipes or files, not with `NO_COLOR` set (any
    /// value, as no-color.org asks), not on `TERM=dumb`.
    static let usesColor: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }()

    /// `path:line:col:` in bold, the severity in its colour (red error, magenta warning, cyan note),
    /// the message bold — the scheme clang and swiftc use.
    static func colored(_ diagnostic: Diagnostic) -> String {
        let color: String
        switch diagnostic.severity {
        case .error: color = "\u{1B}[1;31m"
        case .warning: color = "\u{1B}[1;35m"
        case .note: color = "\u{1B}[1;36m"
        }
        let bold = "\u{1B}[1m", reset = "\u{1B}[0m"
        let place = diagnostic.location.map { "\(diagnostic.path):\($0.line):\($0.column):" } ?? "\(diagnostic.path):"
        return "\(bold)\(place)\(reset) \(color)\(diagnostic.severity.rawValue):\(reset) \(bold)\(diagnostic.ruledMessage)\(reset)"
    }

    /// A line for people (the summary, progress notes): left out of the JSON stream.
    static func info(_ text: String) {
        if format != .json { error(text) }
    }

    /// Prints diagnostics at or above `minimum` severity (errors always).
    static func print(_ diagnostics: [Diagnostic], showing minimum: Diagnostic.Severity = .note) {
        let shown = diagnostics.filter { $0.severity <= minimum }
        switch format {
        case .text:
            for diagnostic in shown { error(usesColor ? colored(diagnostic) : diagnostic.description) }
        case .json, .github:
            for (diagnostic, notes) in MessageFormat.attachNotes(shown) {
                error(format == .json ? MessageFormat.json(diagnostic, notes: notes) : MessageFormat.github(diagnostic, notes: notes))
            }
        }
    }

    /// What a successful run shows: errors only when quiet, notes only when verbose.
    static func level(quiet: Bool, verbose: Bool) -> Diagnostic.Severity {
        quiet ? .error : verbose ? .note : .warning
    }

    /// Prints the failure's diagnostics and returns the documented exit code. With `quiet`, only
    /// errors and the notes that follow them (their explanation); warnings and their notes are left out.
    static func exit(for failure: BuildFailure, quiet: Bool = false) -> Int32 {
        print(quiet ? errorsWithTheirNotes(failure.diagnostics, andWarnings: failure.causedByWarnings) : failure.diagnostics)
        return failure.kind.exitCode
    }

    /// What `--quiet` prints of a failure: its errors with their notes, and its warnings when
    /// `--werror` made them the cause (else the log would say only "warnings treated as errors").
    static func errorsWithTheirNotes(_ diagnostics: [Diagnostic], andWarnings: Bool = false) -> [Diagnostic] {
        MessageFormat.attachNotes(diagnostics).filter { $0.0.severity == .error || (andWarnings && $0.0.severity == .warning) }
            .flatMap { [$0.0] + $0.1 }
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

/// `--message-format`: `text` (compiler style), `json` (one object per line) or `github` (GitHub
/// Actions workflow commands, which annotate the pull request).
enum MessageFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case text, json, github

    /// Each error or warning with the notes that follow it; a note on its own stands alone.
    static func attachNotes(_ diagnostics: [Diagnostic]) -> [(Diagnostic, [Diagnostic])] {
        var grouped: [(Diagnostic, [Diagnostic])] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, let last = grouped.last, last.0.severity != .note {
                grouped[grouped.count - 1].1.append(diagnostic)
            } else {
                grouped.append((diagnostic, []))
            }
        }
        return grouped
    }

    static func json(_ diagnostic: Diagnostic, notes: [Diagnostic]) -> String {
        func object(_ item: Diagnostic) -> [String: JSONOutput] {
            var fields: [String: JSONOutput] = [
                "file": .string(item.path), "severity": .string(item.severity.rawValue), "message": .string(item.message),
            ]
            if let location = item.location {
                fields["line"] = .integer(location.line)
                fields["column"] = .integer(location.column)
            }
            if let rule = item.rule { fields["rule"] = .string(rule) }
            return fields
        }
        var fields = object(diagnostic)
        fields["notes"] = .array(notes.map { .object(object($0)) })
        // One line per message: the writer's pretty layout is folded onto one line.
        // (String contents never start a line: newlines inside them are escaped.)
        return JSONOutput.object(fields).serialized().split(separator: "\n").map { $0.drop { $0 == " " } }
            .joined(separator: " ")
    }

    /// `::error file=F,line=L,col=C::message`, notes appended as further lines (`%0A`).
    static func github(_ diagnostic: Diagnostic, notes: [Diagnostic]) -> String {
        let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
        var properties = ["file=" + escapeProperty(diagnostic.path)]
        if let location = diagnostic.location {
            properties += ["line=\(location.line)", "col=\(location.column)"]
        }
        // A note's description already says `path:line:col: note: …`.
        if let rule = diagnostic.rule { properties.append("title=" + escapeProperty(rule)) }
        let text = ([diagnostic.message] + notes.map(\.description)).joined(separator: "\n")
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(text))"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
