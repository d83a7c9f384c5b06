/// A problem with one source file (PDF, PNG, Contents.json), raised while reading, inspecting or
/// rendering it; the caller adds the path. Always invalid input (exit 1): a source that cannot be
/// written to is not assetc's concern, and output failures are `OutputError`s.
public enum SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case file(FileError)
    /// The bytes are not what they claim to be, or not usable (not a PDF, a truncated PNG...).
    case content(Diagnostic.Message)
    /// Usable in principle, but beyond a limit in `Limits`.
    case overLimit(Diagnostic.Message)
    /// Poppler or Cairo could not do what was asked (a surface that cannot be allocated...).
    case renderer(Diagnostic.Message)
    /// The file is not what the plan assumed (a build-state record that no longer, or never did,
    /// describe it): the build re-plans from the files themselves.
    case recordMismatch(Diagnostic.Message)

    public init(_ message: Diagnostic.Message) { self = .content(message) }

    public var message: String {
        switch self {
        case .file(let error): error.description
        case .content(let text), .overLimit(let text), .renderer(let text), .recordMismatch(let text): text.text
        }
    }

    public var description: String { message }

    /// Nothing at the path: decided by the errno's case, never by the message's wording.
    public var isMissingFile: Bool {
        if case .file(let error) = self, error.reason == .missing { return true }
        return false
    }
}
