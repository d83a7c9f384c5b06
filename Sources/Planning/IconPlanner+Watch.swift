import AssetModel

// A watchOS build's app icon: not compiled yet (docs/watchos.md), and said so by name.
extension IconPlanner {
    /// A watch app's icon set: refused, naming the set, rather than compiled by guesswork or said to
    /// have no applicable content (it has): no car of actool's with a watch icon has been read, so
    /// its renditions' idiom, subtypes and sizes are not known (docs/watchos.md).
    func refuseWatchIcon(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics) else { return [] }
        diagnostics.append(.error(opened.contentsPath, .watchAppIconNotCompiledYet(spec.name)))
        return []
    }
}

extension Diagnostic.Message {
    /// What a watchOS build says of an app icon it is asked for, from a set or an icon's art alike.
    static func watchAppIconNotCompiledYet(_ name: String) -> Diagnostic.Message {
        "the app icon \"\(name)\": watchOS app icons are not compiled by assetc yet "
            + "(no actool car with a watch icon has been read to follow; docs/watchos.md); build without --app-icon to compile the rest"
    }
}
