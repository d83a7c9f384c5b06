/// A file-system operation that failed, with the path it was done on. The platform layer fills in
/// `reason` from errno, so callers decide by case (a missing file, a link in the way) and never by
/// the wording of `strerror`.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case read, create, write, sync, rename, makeFolder = "create folder", lock, list
    }

    public enum Reason: Sendable, Equatable {
        /// Nothing at that path (ENOENT).
        case missing
        /// No space left on the device, or a file-size limit (ENOSPC, EDQUOT, EFBIG).
        case noSpace
        /// The name or the whole path is longer than the file system accepts (ENAMETOOLONG).
        case nameTooLong
        case isDirectory
        /// A FIFO, socket or device where a regular file was expected.
        case notRegularFile
        /// A symbolic link where assetc will not follow one.
        case symbolicLink
        /// A file (or something else) where a folder is needed.
        case notAFolder
        case tooLarge(size: Int, limit: Int)
        /// Any other errno, with the system's description.
        case system(code: Int32, description: String)
    }

    public var operation: Operation
    public var path: String
    public var reason: Reason
    /// The system's own description of the errno, for the message (`No such file or directory`).
    public var systemDescription: String?

    public init(_ operation: Operation, path: String, reason: Reason, systemDescription: String? = nil) {
        (self.operation, self.path, self.reason, self.systemDescription) = (operation, path, reason, systemDescription)
    }

    /// Why, in words, without the path (callers usually put the path in front).
    public var reasonText: String {
        switch reason {
        case .missing: systemDescription ?? "No such file or directory"
        case .noSpace: systemDescription ?? "No space left on device"
        case .nameTooLong: systemDescription ?? "File name too long"
        case .isDirectory: "is a directory, not a file"
        case .notRegularFile: "is not a regular file (a FIFO, socket or device)"
        case .symbolicLink: "is a symbolic link; assetc does not write through links inside its output folder"
        case .notAFolder: "exists and is not a folder"
        case .tooLarge(let size, let limit): "file is \(size) bytes, more than the limit of \(limit) bytes"
        case .system(_, let description): description
        }
    }

    public var description: String {
        switch (operation, reason) {
        case (.read, .isDirectory), (.read, .notRegularFile), (.read, .tooLarge): reasonText
        case (.read, _): "cannot read file: \(reasonText)"
        default: "cannot \(operation.rawValue) '\(path)': \(reasonText)"
        }
    }
}
