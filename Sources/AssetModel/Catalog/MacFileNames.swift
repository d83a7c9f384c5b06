/// What a Mac finds, assetc finds. Catalogs are made on case-insensitive, normalization-insensitive
/// file systems (APFS, HFS+), so a Contents.json may name `Beta.png` beside the file `beta.png`, or
/// spell `é` composed (NFC) where the file name is decomposed (NFD, as HFS+ writes it); actool finds
/// those files. On Linux the exact bytes are looked up first; when they miss, a name in the folder
/// equal to the given one ignoring case and Unicode normalization is used, with a warning naming both
/// spellings (docs/catalogs.md, "Names a Mac would find"). Two such names are an error naming both:
/// a Mac could not hold them side by side, so which one was meant cannot be told.
public enum MacFileNames {
    public enum Match: Equatable, Sendable {
        /// The name as given is in the folder (or nothing like it is: the caller says "missing").
        case exact
        /// The one file that a Mac would open under the given name.
        case respelled(String)
        /// Two or more files a Mac would take for the given name.
        case ambiguous([String])
    }

    /// Folders and files the Finder and zip archives leave behind, ignored everywhere without a
    /// message: `.DS_Store`, AppleDouble `._name` files (and every other dot file), `__MACOSX`.
    public static func isMacMetadata(_ name: String) -> Bool {
        name.hasPrefix(".") || name == "__MACOSX"
    }

    /// Whether two names are the same to a Mac's file system: Swift compares strings by canonical
    /// equivalence, so NFC and NFD spellings are equal; case is compared lower-cased.
    public static func sameToAMac(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased()
    }

    /// `filename` against the names of its folder (`entries`, as listed).
    public static func match(_ filename: String, among entries: [String]) -> Match {
        if entries.contains(where: { $0.utf8.elementsEqual(filename.utf8) }) { return .exact }
        let candidates = entries.filter { !isMacMetadata($0) && sameToAMac($0, filename) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        switch candidates.count {
        case 0: return .exact
        case 1: return .respelled(candidates[0])
        default: return .ambiguous(candidates)
        }
    }

    public static func respelledWarning(_ filename: String, file: String, set name: String) -> Diagnostic.Message { "Contents.json names \"\(filename)\" in \"\(name)\", and the file is \"\(file)\": the names differ only in case or Unicode normalization; the file is used, as a Mac would find it, but rename one to match the other" }

    public static func ambiguousError(_ filename: String, files: [String], set name: String) -> Diagnostic.Message { "Contents.json names \"\(filename)\" in \"\(name)\", and \(files.map { "\"\($0)\"" }.joined(separator: " and ")) all match it ignoring case and Unicode normalization; a Mac cannot hold them side by side, so keep one" }

    public static func respelledSetWarning(_ name: String, set: String, kind: String) -> Diagnostic.Message { "the \(kind) \"\(name)\" is the folder \"\(set)\": the names differ only in case or Unicode normalization; the set is used, as a Mac would find it, but rename one to match the other" }
}
