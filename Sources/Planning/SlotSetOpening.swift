import AssetModel

/// A planner that validates one set folder of a catalog against a table of slots (the app icon
/// and launch image planners): how such a set is opened, the same for each.
protocol SlotSetOpening {
    var request: BuildRequest { get }
    var slotSets: CatalogSlotSets { get }
    var resolve: (String) -> String { get }
}

/// An opened set: its folder, its name, its Contents.json and what was read of it.
struct OpenedSlotSet {
    var path: String
    var name: String
    var contentsPath: String
    var slotSet: CatalogSlotSet
}

extension SlotSetOpening {
    /// The set `set` names, with its spelling warnings and actool's "unassigned children" warning
    /// added to `diagnostics`; nil, with the reason and a note pointing at the manifest's reference
    /// (`what`: "app icon set"), when it cannot be read.
    func openSet(_ set: SourceSpec, kind: ActoolMessage.SetKind, what: String, diagnostics: inout [Diagnostic]) -> OpenedSlotSet? {
        let path = resolve(set.path)
        let slotSet: CatalogSlotSet
        do {
            slotSet = try slotSets.set(at: path)
        } catch {
            diagnostics += error.diagnostics
            diagnostics += request.referenceNote(what, at: set.location)
            return nil
        }
        diagnostics += slotSet.spellingWarnings
        if let warning = AssetCatalog.unassignedChildren(kind, set: slotSet) { diagnostics.append(warning) }
        return OpenedSlotSet(path: path, name: FilePath(path).lastComponent, contentsPath: path + "/Contents.json", slotSet: slotSet)
    }
}
