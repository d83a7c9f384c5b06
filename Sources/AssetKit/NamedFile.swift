import AssetModel
import AssetPlatform

/// A file a command names on its own (a plan, a car, the app's Info.plist), read whole: when it
/// cannot be read, the command fails as given invalid input, naming the file, in the words each
/// caller chooses for it.
enum NamedFile {
    static func read(_ path: String, limit: Int, unreadable: (FileError) -> Diagnostic.Message) throws(BuildFailure) -> [UInt8] {
        do {
            return try FileSystem.read(path, limit: limit)
        } catch {
            throw BuildFailure(.invalidInput, [.error(path, unreadable(error))])
        }
    }
}
