/// What in an asset catalog a message is about, in the three parts actool's results documents
/// name (`<catalog>:./Icons/Star.imageset: warning: star.png: …`): the catalog, the set or group
/// folder inside it, and the file in that folder. A message carries it as typed fields
/// (`Diagnostic.place`), set by the stage that walked the catalog, so the actool mode writes its
/// document entries from it instead of guessing the set from the path's spelling.
public struct CatalogPlace: Hashable, Sendable {
    /// The catalog folder, as the walk opened it.
    public var catalog: String
    /// The set or group folder, relative to the catalog (`Icons/Star.imageset`); nil for the
    /// catalog itself or a file at its top.
    public var folder: String?
    /// The file in that folder the message is about (`star.png`, `Contents.json`); nil for the
    /// folder itself.
    public var file: String?

    public init(catalog: String, folder: String?, file: String?) {
        (self.catalog, self.folder, self.file) = (catalog, folder, file)
    }
}

/// Every folder a catalog walk entered (the catalog, its groups and its sets of every kind, read
/// or refused), by the path messages spell it. A message's place is its path's entry here, or its
/// folder's: every file a catalog message names is the catalog's, a set's or a group's own (sets
/// hold plain file names only).
public struct CatalogFolders: Sendable {
    private var folders: [String: (catalog: String, relative: String)] = [:]

    public init() {}

    /// The folders of several catalogs, as one table.
    public init(_ tables: [CatalogFolders]) {
        for table in tables { folders.merge(table.folders) { first, _ in first } }
    }

    /// Records `path`, the folder `relative` (empty for the catalog itself) of `catalog`.
    public mutating func record(_ path: String, catalog: String, relative: String) {
        folders[path] = (catalog, relative)
    }

    /// Where in a catalog `path` is: a recorded folder, or a file in one; nil for a path outside
    /// every catalog walked.
    public func place(of path: String) -> CatalogPlace? {
        if let folder = folders[path] { return CatalogPlace(catalog: folder.catalog, folder: folder.relative.nilIfEmpty, file: nil) }
        guard let slash = path.lastIndex(of: "/"), let folder = folders[String(path[..<slash])] else { return nil }
        return CatalogPlace(catalog: folder.catalog, folder: folder.relative.nilIfEmpty, file: String(path[path.index(after: slash)...]))
    }

    /// `diagnostics`, each with its place when it has none yet and its path is in a catalog.
    public func placing(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !folders.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.place == nil, let place = place(of: diagnostic.path) else { return diagnostic }
            var placed = diagnostic
            placed.place = place
            return placed
        }
    }

    /// `failure`, its messages placed.
    public func placing(_ failure: BuildFailure) -> BuildFailure {
        var placed = failure
        placed.diagnostics = placing(failure.diagnostics)
        return placed
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
