import AssetModel

public enum AssetCatalog {
    /// actool's warning for files in a set folder that no entry names (`The app icon set "AppIcon" has
    /// an unassigned child.`). Nil when there are none.
    static func unassignedChildren(_ kind: ActoolMessage.SetKind, set: CatalogSlotSet) -> Diagnostic? {
        let count = set.unassignedChildren
        guard count > 0 else { return nil }
        return .warning(set.contentsPath, ActoolMessage.unassignedChildren(kind, named: setName(ofFolder: set.setPath), count: count))
    }

    /// Xcode's warning for a slot planning skips (another platform, a dark icon) whose file is gone:
    /// the build does not need it, but the catalog is broken for Xcode, so `check` fails on it.
    static func missingFileOfSkippedSlot(_ entry: CatalogEntry, in set: CatalogSlotSet) -> Diagnostic? {
        guard let file = entry.filename, set.missingFiles.contains(file) else { return nil }
        return .warning(set.contentsPath, at: entry.location,
                        ActoolMessage.missingFile(file, inSet: setName(ofFolder: set.setPath))).droppingContent()
    }

    /// A slot of an icon or launch image set this build leaves out: `note`, and its file still
    /// looked for (`missingFileOfSkippedSlot`).
    static func skippedSlot(_ entry: CatalogEntry, in set: CatalogSlotSet, note: Diagnostic.Message) -> [Diagnostic] {
        [.note(set.contentsPath, at: entry.location, note)] + (missingFileOfSkippedSlot(entry, in: set).map { [$0] } ?? [])
    }

    /// The set's name as actool's messages give it: the folder's last part without its extension
    /// (`Icons/AppIcon.appiconset` → `AppIcon`).
    static func setName(ofFolder path: String) -> String { FilePath(path).stem }

    /// A file named in a set must stay inside the set folder.
    static func fileProblem(_ name: String) -> Diagnostic.Message? {
        if name.isEmpty || name.contains("/") || name.contains("\\") || name == "." || name == ".." {
            return .notAPlainFileName(name)
        }
        return nil
    }
}

extension Diagnostic.Message {
    fileprivate static func notAPlainFileName(_ name: String) -> Diagnostic.Message { "file name '\(name)' must be a plain file name inside the set" }
}
