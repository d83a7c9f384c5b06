/// A position in a text file, 1-based, as editors count it (columns are Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { (self.line, self.column) = (line, column) }

    /// The place of a value no file spells: a choice made on the command line (`--app-icon`,
    /// `--alternate-app-icon`), a set found by its folder rather than named in a Contents.json. A
    /// message about it carries no position (`path: error: …`), never an invented `1:1`.
    public static let notInAFile = SourceLocation(line: 0, column: 0)

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
    /// A warning about content the build leaves out — a set or slot skipped, a file the catalog
    /// names missing: `check` reports it as an error, so a pre-commit hook never passes a catalog
    /// that lost an image (the build itself keeps actool's severity). On a note (a set of a kind
    /// assetc does not compile yet), `check` counts it in its summary instead.
    public var dropsContent = false
    /// The rule the message reports, printed before it as swift-format prints its rule names
    /// (`error: [ITMS-90704] …`): App Store Connect's rejection codes (`AppStoreRule`). Kept out of
    /// `message`, which actool's results documents quote as actool words them.
    public var rule: String?
    /// What in a catalog the message is about (the catalog, the set, the file), set by the stage
    /// that walked the catalog; nil for a message about anything else. It restates `path` in
    /// actool's terms, so it takes no part in equality.
    public var place: CatalogPlace?

    public init(_ severity: Severity, path: String, at location: SourceLocation? = nil, _ message: Message) {
        self.severity = severity
        self.path = path
        self.location = location == .notInAFile ? nil : location
        self.message = message.text
    }

    public static func error(_ path: String, at location: SourceLocation? = nil, _ message: Message) -> Diagnostic {
        Diagnostic(.error, path: path, at: location, message)
    }

    public static func warning(_ path: String, at location: SourceLocation? = nil, _ message: Message) -> Diagnostic {
        Diagnostic(.warning, path: path, at: location, message)
    }

    public static func note(_ path: String, at location: SourceLocation? = nil, _ message: Message) -> Diagnostic {
        Diagnostic(.note, path: path, at: location, message)
    }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.severity, lhs.path, lhs.location, lhs.message, lhs.dropsContent, lhs.rule)
            == (rhs.severity, rhs.path, rhs.location, rhs.message, rhs.dropsContent, rhs.rule)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(path)
        hasher.combine(location)
        hasher.combine(message)
        hasher.combine(dropsContent)
        hasher.combine(rule)
    }

    /// This diagnostic, marked as leaving content out (`dropsContent`).
    public func droppingContent() -> Diagnostic {
        var marked = self
        marked.dropsContent = true
        return marked
    }

    /// This diagnostic, reporting `rule`.
    public func reporting(_ rule: String) -> Diagnostic {
        var marked = self
        marked.rule = rule
        return marked
    }

    /// The message with its rule in front, as printed.
    public var ruledMessage: String { rule.map { "[\($0)] \(message)" } ?? message }

    public var description: String {
        if let location {
            return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(ruledMessage)"
        }
        return "\(path): \(severity.rawValue): \(ruledMessage)"
    }
}

extension Diagnostic {
    /// What a message says, declared once by name beside the code that raises it, as swift-format's
    /// `Finding.Message` and swift-driver's `Diagnostic.Message` are: a stage raises
    /// `.error(path, .pageOutOfRange(3, pageCount: 2))`, and the words live in that file's
    /// `extension Diagnostic.Message`. A call site never spells its text (`HouseRuleTests` checks it),
    /// so one wording serves every place that finds the same problem, and a test can name the
    /// message it expects.
    public struct Message: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
        public var text: String

        /// Words declared elsewhere, passed on unchanged: a library's or the system's description of a
        /// failure, another stage's message, text read from a worker.
        public init(relaying text: String) { self.text = text }

        public init(stringLiteral value: String) { text = value }

        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }

        public var description: String { text }

        /// A long wording written over several lines.
        public static func + (lhs: Message, rhs: Message) -> Message { Message(relaying: lhs.text + rhs.text) }
    }
}
