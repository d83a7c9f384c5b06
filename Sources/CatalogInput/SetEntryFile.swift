import AssetModel
import AssetPlatform

/// The file an entry of a data or symbol set names, which the car stores whole (or reads whole):
/// a plain name inside the set, present, and not a Git LFS pointer. Each refusal is said as the
/// image sets' are; nil skips the entry.
enum SetEntryFile {
    static func path(_ filename: String, of item: JSONNode, in file: ContentsFile, folder: String, set name: String,
                     kind: ActoolMessage.SetKind, diagnostics: inout [Diagnostic], inputs: inout [String]) -> String? {
        guard ImageSetDecoder.isPlainFileName(filename) else {
            diagnostics.append(.warning(file.path, at: item.location, .entryNotAPlainFileName(filename)).droppingContent())
            return nil
        }
        var path = folder + "/" + filename
        switch MacFileNames.match(filename, inFolder: folder) {
        case .exact: break
        case .respelled(let found):
            diagnostics.append(.warning(file.path, at: item.location, MacFileNames.respelledWarning(filename, file: found, set: name)))
            path = folder + "/" + found
        case .ambiguous(let found):
            diagnostics.append(.error(file.path, at: item.location, MacFileNames.ambiguousError(filename, files: found, set: name)))
            return nil
        }
        guard FileSystem.kind(path) == .file else {
            diagnostics.append(.warning(file.path, at: item.location, ActoolMessage.missingFile(filename, inSet: name, kind: kind)).droppingContent())
            return nil
        }
        inputs.append(path)
        // A Git LFS pointer would be stored as the asset's bytes (NSDataAsset would hand the app
        // the pointer's text). Said as for an image's source, with the command that fetches it.
        if let prefix = try? FileSystem.read(path, limit: 1024), let size = GitLFSPointer.pointedSize(of: prefix) {
            diagnostics.append(.error(path, GitLFSPointer.message(pointedSize: size)).droppingContent())
            return nil
        }
        return path
    }

    /// actool's warning for files in the set's folder that no entry names.
    static func warnUnassigned(in folder: String, referenced: Set<String>, file: ContentsFile, set name: String,
                               kind: ActoolMessage.SetKind, diagnostics: inout [Diagnostic]) {
        // A name used in another spelling is used (MacFileNames): folded as `sameToAMac` folds,
        // and String's hashing already equates NFC and NFD.
        let folded = Set(referenced.map { $0.lowercased() })
        let loose = FileSystem.list(folder).filter { name in
            !MacFileNames.isMacMetadata(name) && name != "Contents.json" && !folded.contains(name.lowercased())
        }
        if !loose.isEmpty {
            diagnostics.append(.warning(file.path, ActoolMessage.unassignedChildren(kind, named: name, count: loose.count)))
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func entryNotAPlainFileName(_ filename: String) -> Diagnostic.Message { "file name \"\(filename)\" must be a plain file name inside the set; the entry is skipped" }
}
