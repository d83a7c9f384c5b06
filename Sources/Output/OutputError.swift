import AssetModel

/// Why the output transaction failed. The exit code comes from the case (`kind`); the diagnostics
/// name the output file that could not be written, never the source it came from.
public enum OutputError: StageError {
    /// A file or folder of the output could not be written; `file` is the output the user knows
    /// (`out/Resources/Star@2x.png`), `source` the input it was made from, when there is one.
    case cannotWrite(file: String, FileError, source: String? = nil)
    /// A link, folder or other entry sits where an output must go; assetc does not replace it.
    case inTheWay(path: String, FileSystemEntry)
    /// Another build holds the output folder's lock.
    case locked(root: String)
    /// The build was asked to stop before the commit.
    case interrupted(root: String)
    /// `Resources/` would exceed the manifest's budget.
    case overBudget(Diagnostic)

    public enum FileSystemEntry: String, Sendable {
        case symbolicLink = "a symbolic link", folder = "a folder", other = "not a regular file"
        /// A file (or anything but a folder) where the outputs need a folder.
        case notAFolder = "not a folder"
    }

    public var kind: FailureKind {
        switch self {
        case .cannotWrite, .inTheWay: .outputFailure
        case .locked: .locked
        case .interrupted: .interrupted
        case .overBudget: .overBudget
        }
    }

    public var diagnostics: [Diagnostic] {
        switch self {
        case .cannotWrite(let file, let error, let source):
            var result: [Diagnostic] = [.error(file, .cannotWrite(error))]
            if error.path != file {
                result.append(.note(error.path, .failingOperation(error.operation)))
            }
            if let source { result.append(.note(source, .sourceOfThisOutput)) }
            return result
        case .inTheWay(let path, .notAFolder):
            return [.error(path, .notAFolderInTheWay)]
        case .inTheWay(let path, let entry):
            return [.error(path, .inTheWay(entry))]
        case .locked(let root):
            return [.error(root, .outputFolderLocked)]
        case .interrupted(let root):
            return [.error(root, .buildInterrupted)]
        case .overBudget(let diagnostic):
            return [diagnostic]
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func cannotWrite(_ error: FileError) -> Diagnostic.Message { "cannot write: \(error.reasonText)" }

    fileprivate static func failingOperation(_ operation: FileError.Operation) -> Diagnostic.Message { "the failing operation: \(operation.rawValue)" }

    fileprivate static let sourceOfThisOutput: Diagnostic.Message = "the source of this output"

    fileprivate static let notAFolderInTheWay: Diagnostic.Message = "is not a folder, and the outputs need a folder here; assetc will not replace it (move it, or choose another output folder)"

    fileprivate static func inTheWay(_ entry: OutputError.FileSystemEntry) -> Diagnostic.Message { "is \(entry.rawValue); assetc will not replace it with an output" }

    fileprivate static let outputFolderLocked: Diagnostic.Message = "another assetc build is using this output folder; wait for it to finish"

    fileprivate static let buildInterrupted: Diagnostic.Message = "build interrupted; the previous outputs are unchanged and the next build finishes the job"
}
