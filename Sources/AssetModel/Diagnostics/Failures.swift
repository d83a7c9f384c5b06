/// Why a command failed; each case has its own documented exit code (docs/cli.md).
///
/// Every stage throws its own typed error (`InputError`, `SourceError`, `OutputError`); each
/// names its kind from the error case, never from message text.
public enum FailureKind: Sendable, Equatable {
    /// The manifest, a catalog, a source or a validation rule was violated.
    case invalidInput
    /// Writing the output failed (permissions, disk full, something in the way...).
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

/// An error a stage throws: what kind of failure it is (the exit code) and the messages explaining it.
public protocol StageError: Error, Sendable {
    var kind: FailureKind { get }
    var diagnostics: [Diagnostic] { get }
}

/// What the façade throws: any stage's error, reduced to its kind and diagnostics.
public struct BuildFailure: StageError {
    public var kind: FailureKind
    public var diagnostics: [Diagnostic]
    /// `--werror` failed the build: its warnings are the cause, so `--quiet` still prints them.
    public var causedByWarnings = false

    public init(_ kind: FailureKind, _ diagnostics: [Diagnostic]) { (self.kind, self.diagnostics) = (kind, diagnostics) }

    public init(_ error: some StageError) {
        self.init(error.kind, error.diagnostics)
    }
}

/// Input that cannot be used: the manifest, a catalog's Contents.json, a source, a name. Carries
/// every problem found, so one run reports them all.
public struct InputError: StageError {
    public var diagnostics: [Diagnostic]
    public var kind: FailureKind { .invalidInput }

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
