/// A position in a text file, 1-based, as editors count it (columns are Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One message for the user. Rendered as `path:line:col: error: message` (or `path: error: message`
/// without a location) so Xcode, editors and CI logs can jump to it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var path: String
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, path: String, at location: SourceLocation? = nil, _ message: String) {
        self.severity = severity
        self.path = path
        self.location = location
        self.message = message
    }

    public static func error(_ path: String, at location: SourceLocation? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, path: path, at: location, message)
    }

    public static func warning(_ path: String, at location: SourceLocation? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path: path, at: location, message)
    }

    public static func note(_ path: String, at location: SourceLocation? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.note, path: path, at: location, message)
    }

    public var description: String {
        if let location {
            return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(path): \(severity.rawValue): \(message)"
    }
}

/// Why a command failed; each case has its own documented exit code (docs/cli.md).
public enum FailureKind: Sendable, Equatable {
    /// The manifest, a source or a validation rule was violated.
    case invalidInput
    /// Writing the output failed (permissions, disk full...).
    case outputFailure
    /// Another build holds the output folder's lock.
    case locked
    /// The build was interrupted by a signal.
    case interrupted
    /// `Resources/` would exceed the manifest's `budget`.
    case overBudget

    public var exitCode: Int32 {
        switch self {
        case .invalidInput: 1
        case .outputFailure: 3
        case .locked: 4
        case .interrupted: 5
        case .overBudget: 6
        }
    }
}

/// A failure carrying the diagnostics that explain it.
public struct BuildFailure: Error, Sendable {
    public var kind: FailureKind
    public var diagnostics: [Diagnostic]

    public init(_ kind: FailureKind, _ diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }
}

/// An error raised while reading or rendering one source file; the caller adds the path.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
