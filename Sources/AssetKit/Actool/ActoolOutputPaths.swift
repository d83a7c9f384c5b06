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
    static func problems(_ invocation: ActoolInvocation, inputs: [String], placed: [String], compile: String) -> [String] {
        let roots = inputs.map(resolved)
        let placedFiles = Set(placed.map(resolved))
        var problems: [String] = []
        let folder = resolved(compile)
        if let input = roots.first(where: { FileSystem.isInside(folder, anyOf: [$0]) }) {
            problems.append("--compile \(invocation.compileDirectory ?? compile): inside an input of this run (\(input)); the compiled files would be written into it")
        }
        var chosen: [String: String] = [:]
        for (option, path) in [("--output-partial-info-plist", invocation.partialInfoPlist), ("--export-dependency-info", invocation.dependencyInfo)] {
            guard let path else { continue }
            let target = resolved(path)
            if let other = chosen[target] {
                problems.append("\(option) \(path): the same file as \(other); each side file needs a path of its own")
            } else if FileSystem.isInside(target, anyOf: roots) {
                problems.append("\(option) \(path): inside an input of this run (\(target)); it would be overwritten")
            } else if placedFiles.contains(target) {
                problems.append("\(option) \(path): a file this run places in --compile (\(target))")
            } else {
                switch FileSystem.kindFollowingLinks(target) {
                case .directory: problems.append("\(option) \(path): a folder, not a file")
                case .other where !FileSystem.isCharacterDevice(target):
                    problems.append("\(option) \(path): a pipe, socket or device, not a file (/dev/null is accepted)")
                default: break
                }
            }
            chosen[target] = option
        }
        return problems
    }
}
