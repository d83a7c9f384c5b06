import AssetModel

/// What the `actool` mode prints on stdout: actool's results document, under actool's keys, in the
/// format the caller asked for (docs/actool.md has examples of each).
///
/// - `com.apple.actool.errors` / `.warnings` / `.notices`: messages about the run as a whole, each
///   `{description, failure-reason?}`.
/// - `com.apple.actool.document.errors` / `.warnings` / `.notices`: messages about a catalog, each
///   `{catalog, affected-items, type, message}`.
/// - `com.apple.actool.compilation-results`: `{output-files: [absolute paths]}`, always present
///   when compiling, even after an error (real actool prints the header with nothing under it).
public struct ActoolResults: Sendable, Equatable {
    public enum Severity: String, Sendable, CaseIterable {
        case error, warning, notice

        var plural: String { rawValue + "s" }
    }

    /// A message about the run: the text prefix (`<catalogs>: error: …`) names the inputs.
    public struct Entry: Sendable, Equatable {
        public var severity: Severity
        public var file: String
        public var description: String
        public var failureReason: String?

        public init(_ severity: Severity, file: String, _ description: String, failureReason: String? = nil) {
            (self.severity, self.file, self.description, self.failureReason) = (severity, file, description, failureReason)
        }

        /// An entry with a message declared by name (`extension Diagnostic.Message`).
        public init(_ severity: Severity, file: String, _ message: Diagnostic.Message, failureReason: String? = nil) {
            self.init(severity, file: file, message.text, failureReason: failureReason)
        }
    }

    /// A message about something in a catalog: `<catalog>:./Star.imageset: warning: …`.
    public struct DocumentEntry: Sendable, Equatable {
        public var severity: Severity
        public var catalog: String
        /// `./Star.imageset`, or none when the message is about the catalog itself.
        public var affectedItem: String?
        public var type: String
        public var message: String
    }

    public var entries: [Entry] = []
    public var documentEntries: [DocumentEntry] = []
    /// nil for a run that compiles nothing (`--version`).
    public var outputFiles: [String]?
    /// `--version`: `com.apple.actool.version`.
    public var version: Version?
    /// The classes the caller asked for (`--errors`, `--warnings`, `--notices`); errors are always
    /// printed, as a caller that left out `--errors` still needs to know why the run failed.
    public var shownSeverities: Set<Severity> = [.error]

    public struct Version: Sendable, Equatable {
        /// Nil for a generation whose bundle version no public output shows: the key is left out.
        public var bundle: String?
        public var short: String

        public init(bundle: String?, short: String) { (self.bundle, self.short) = (bundle, short) }
    }

    public init() {}

    public var hasErrors: Bool {
        entries.contains { $0.severity == .error } || documentEntries.contains { $0.severity == .error }
    }

    /// The document as a property-list value (`xml1`, `binary1`).
    public var propertyList: PlistValue {
        var root: [String: PlistValue] = [:]
        for severity in Severity.allCases where shownSeverities.contains(severity) {
            let plain = entries.filter { $0.severity == severity }
            if !plain.isEmpty {
                root["com.apple.actool.\(severity.plural)"] = .array(plain.map { entry in
                    var fields: [String: PlistValue] = ["description": .string(entry.description)]
                    if let reason = entry.failureReason { fields["failure-reason"] = .string(reason) }
                    return .dictionary(fields)
                })
            }
            let document = documentEntries.filter { $0.severity == severity }
            if !document.isEmpty {
                root["com.apple.actool.document.\(severity.plural)"] = .array(document.map { entry in
                    .dictionary([
                        "catalog": .string(entry.catalog),
                        "affected-items": .array(entry.affectedItem.map { [.string($0)] } ?? []),
                        "type": .string(entry.type),
                        "message": .string(entry.message),
                    ])
                })
            }
        }
        if let outputFiles {
            root["com.apple.actool.compilation-results"] = .dictionary(["output-files": .array(outputFiles.map(PlistValue.string))])
        }
        if let version {
            var fields: [String: PlistValue] = ["short-bundle-version": .string(version.short)]
            if let bundle = version.bundle { fields["bundle-version"] = .string(bundle) }
            root["com.apple.actool.version"] = .dictionary(fields)
        }
        return .dictionary(root)
    }

    /// `human-readable-text`: a `/* key */` line per section, errors, then warnings, then notices
    /// (the run's, then the catalogs'), the results last, and one blank line at the end as actool
    /// prints it. No blank line inside a section: rules_apple and Chromium fail on any line there.
    public var text: String {
        var out = ""
        for severity in Severity.allCases where shownSeverities.contains(severity) {
            let plain = entries.filter { $0.severity == severity }
            if !plain.isEmpty {
                out += "/* com.apple.actool.\(severity.plural) */\n"
                for entry in plain {
                    out += "\(oneLine(entry.file)): \(severity.rawValue): \(oneLine(entry.description))\n"
                    if let reason = entry.failureReason { out += "    Failure Reason: \(oneLine(reason))\n" }
                }
            }
            let document = documentEntries.filter { $0.severity == severity }
            if !document.isEmpty {
                out += "/* com.apple.actool.document.\(severity.plural) */\n"
                for entry in document {
                    let item = entry.affectedItem.map { ":" + $0 } ?? ""
                    out += "\(oneLine(entry.catalog + item)): \(severity.rawValue): \(oneLine(entry.message))\n"
                }
            }
        }
        if let version {
            out += "/* com.apple.actool.version */\n"
            if let bundle = version.bundle { out += "bundle-version: \(bundle)\n" }
            out += "short-bundle-version: \(version.short)\n"
        }
        if let outputFiles {
            out += "/* com.apple.actool.compilation-results */\n"
            for file in outputFiles { out += oneLine(file) + "\n" }
        }
        return out + "\n"
    }

    /// A message, or a path (a folder may be named with a line break), on one line: a newline inside
    /// it would start a line a caller reads as another entry.
    private func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension ActoolResults {
    /// assetc's diagnostics under actool's keys. A message placed in a catalog (`Diagnostic.place`)
    /// becomes a document entry for that catalog and the set or group folder it names
    /// (`./Icons/Star.imageset`; none for the catalog itself); anything else, a plain entry. Notes
    /// are left out: they are what `assetc -v` shows (skipped slots, files left out), not actool's
    /// notices, and a Bazel or Chromium build fails on any line under a notices header.
    public mutating func add(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let severity: Severity
            switch diagnostic.severity {
            case .error: severity = .error
            case .warning: severity = .warning
            case .note: continue
            }
            guard let place = diagnostic.place else {
                entries.append(Entry(severity, file: diagnostic.path, diagnostic.message))
                continue
            }
            // A message about one file of the set that does not name it ("PNG file is truncated",
            // or a Contents.json that "is not a regular file") names it here, since the entry
            // names only the set.
            var message = diagnostic.message
            let subjectless = message.hasPrefix("is ") || message.hasPrefix("file is ")
            if let file = place.file, isArtwork(file) || subjectless, !message.contains(file) { message = "\(file): \(message)" }
            documentEntries.append(DocumentEntry(severity: severity, catalog: place.catalog, affectedItem: place.folder.map { "./" + $0 },
                                                 type: Self.type(severity), message: message))
        }
    }

    /// Every document entry is typed as actool types content it cannot use. (Chromium's
    /// compile_car.py skips "Ambiguous Content" and some "Unsupported Configuration" warnings; no
    /// assetc message is either, so none is hidden from it.)
    static func type(_ severity: Severity) -> String { "Invalid Content" }

    private func isArtwork(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".png", ".pdf", ".svg", ".jpg", ".jpeg", ".heic", ".webp", ".gif"].contains { lower.hasSuffix($0) }
    }
}
