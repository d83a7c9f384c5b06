import AssetModel
import AssetPlatform
import Foundation

/// The paths a caller chooses for actool's side files (`--output-partial-info-plist`,
/// `--export-dependency-info`), checked before anything is placed in `--compile`: each resolved as
/// the kernel resolves it, and refused when it names an input (a catalog's file), a file this run
/// places in `--compile`, the other side file, a folder, or a pipe or socket (which could block the
/// run after the car is placed). `/dev/null`, which callers pass for a plist they do not read, is
/// written through.
enum ActoolOutputPaths {
    /// `path` with its folder's links and `..` resolved (the file itself too when it exists).
    static func resolved(_ path: String) -> String {
        let absolute = FileSystem.absolute(path)
        if let real = FileSystem.realPath(absolute) { return real }
        let file = FilePath(absolute)
        guard let folder = FileSystem.realPath(file.folder.string) else { return absolute }
        return (folder == "/" ? "" : folder) + "/" + file.lastComponent
    }

    /// One message per refused path: the option, the path as given, and why.
    static func problems(_ invocation: ActoolInvocation, inputs: [String], placed: [String], compile: String) -> [Diagnostic.Message] {
        let roots = inputs.map(resolved)
        let placedFiles = Set(placed.map(resolved))
        var problems: [Diagnostic.Message] = []
        let folder = resolved(compile)
        if let input = roots.first(where: { FileSystem.isInside(folder, anyOf: [$0]) }) {
            problems.append(.compileFolderInsideInput(invocation.compileDirectory ?? compile, input: input))
        }
        var chosen: [String: String] = [:]
        for (option, path) in [("--output-partial-info-plist", invocation.partialInfoPlist), ("--export-dependency-info", invocation.dependencyInfo)] {
            guard let path else { continue }
            let target = resolved(path)
            if let other = chosen[target] {
                problems.append(.sideFileSharesPath(option, path, with: other))
            } else if FileSystem.isInside(target, anyOf: roots) {
                problems.append(.sideFileInsideInput(option, path, resolved: target))
            } else if placedFiles.contains(target) {
                problems.append(.sideFileIsPlacedFile(option, path, resolved: target))
            } else {
                switch FileSystem.kindFollowingLinks(target) {
                case .directory: problems.append(.sideFileIsFolder(option, path))
                case .other where !FileSystem.isCharacterDevice(target):
                    problems.append(.sideFileIsNotRegular(option, path))
                default: break
                }
            }
            chosen[target] = option
        }
        return problems
    }
}

extension Diagnostic.Message {
    /// `compile`: the folder as given; `input`: the input it lies in, resolved.
    fileprivate static func compileFolderInsideInput(_ compile: String, input: String) -> Diagnostic.Message { "--compile \(compile): inside an input of this run (\(input)); the compiled files would be written into it" }

    /// `other`: the option naming the same file.
    fileprivate static func sideFileSharesPath(_ option: String, _ path: String, with other: String) -> Diagnostic.Message { "\(option) \(path): the same file as \(other); each side file needs a path of its own" }

    fileprivate static func sideFileInsideInput(_ option: String, _ path: String, resolved: String) -> Diagnostic.Message { "\(option) \(path): inside an input of this run (\(resolved)); it would be overwritten" }

    fileprivate static func sideFileIsPlacedFile(_ option: String, _ path: String, resolved: String) -> Diagnostic.Message { "\(option) \(path): a file this run places in --compile (\(resolved))" }

    fileprivate static func sideFileIsFolder(_ option: String, _ path: String) -> Diagnostic.Message { "\(option) \(path): a folder, not a file" }

    fileprivate static func sideFileIsNotRegular(_ option: String, _ path: String) -> Diagnostic.Message { "\(option) \(path): a pipe, socket or device, not a file (/dev/null is accepted)" }
}
