import AssetModel

/// A Mac app's icon set (`.appiconset` with `mac` entries): its ten slots checked as the iOS sets'
/// are (each PNG exactly its slot's pixels), and compiled into the car only, as actool compiles them
/// for macOS: no loose PNG, the car's part-220 renditions and the `.icns` made beside it.
extension IconPlanner {
    func validateMac(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics) else { return [] }
        let (setPath, setName, contentsPath, slotSet) = (opened.path, opened.name, opened.contentsPath, opened.slotSet)
        var covered: [IconSlot: Variant] = [:]
        var checkedFiles: [String: Bool] = [:]
        var reported: Set<IconSlot> = []
        for entry in slotSet.entries {
            guard entry.idiom == "mac", !entry.hasAppearances else {
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedNotForAMac(entry))
                continue
            }
            guard let points = entry.squarePoints, let scale = entry.scaleValue,
                  let slot = DeviceTables.macAppIconSet.first(where: { $0.points == points && $0.scale == scale }) else {
                diagnostics += AssetCatalog.skippedSlot(entry, in: slotSet, note: .skippedNotAMacSlot(entry))
                continue
            }
            guard let file = entry.filename else { continue }  // said below, once, with the other empty slots
            guard let path = checkFile(file, setPath: setPath, setName: setName, expected: slot.pixels, entry: entry, required: true,
                                       requireOpaque: false, diagnostics: &diagnostics, checked: &checkedFiles) else {
                reported.insert(slot)  // its file's own message says enough
                continue
            }
            if covered[slot] != nil { continue }  // two entries for one slot: the first wins, as for iOS sets
            // Named as the slot, as the Icon Composer icon's images are; not loose: the car only.
            let pixels = PointSize(width: Double(slot.pixels), height: Double(slot.pixels))
            covered[slot] = macIconVariant(for: slot, spec: spec, source: ResolvedSource(path: path, kind: .png, page: 1), content: pixels)
        }
        if covered.isEmpty && reported.isEmpty {
            diagnostics.append(.error(contentsPath, ActoolMessage.noApplicableContent(iconSet: AssetCatalog.setName(ofFolder: setName))))
            return []
        }
        for slot in DeviceTables.macAppIconSet where covered[slot] == nil && !reported.contains(slot) {
            diagnostics.append(requiredSlotProblem(contentsPath, .noImageForSlot(slot, inSet: setName)))
        }
        return DeviceTables.macAppIconSet.compactMap { covered[$0] }
    }
}

extension Diagnostic.Message {
    fileprivate static func skippedNotForAMac(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): idiom '\(entry.idiom ?? "(none)")' does not apply to a Mac build" }

    fileprivate static func skippedNotAMacSlot(_ entry: CatalogEntry) -> Diagnostic.Message { "skipped \(entry.filename ?? "an empty slot"): mac \(entry.size ?? "?")@\(entry.scale ?? "?") is not a slot of a Mac icon set" }

    fileprivate static func noImageForSlot(_ slot: IconSlot, inSet setName: String) -> Diagnostic.Message { "\(setName) has no image for the \(slot.label) slot (\(slot.pixels)x\(slot.pixels) px)" }
}
