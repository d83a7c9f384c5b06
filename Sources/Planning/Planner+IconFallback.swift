import AssetModel

extension Planner {
    /// `--enable-icon-stack-fallback-generation disabled` for a Mac app whose Icon Composer icon has
    /// an icon set of the same name in the catalogs: the flattened icons (the car's, for macOS
    /// before 26) come from that set, the designer's own, and the stack from the Icon Composer icon.
    /// `<name>.icns` too, from a generation after 26.0: 26.0's actool writes none with the flag, and
    /// Chromium's compile_car.py, which passes it with its fallback bitmaps in the catalog, fails on
    /// a third result at 26.0's bundle version (24127); 26.1 removed the flag, so what it gives there
    /// is assetc's choice (docs/actool.md). Returns the icon's `icon.json` for the car's stack, or
    /// nil when the rule does not apply (no such set: the flattened icons are drawn, no `.icns`).
    func takeFlattenedIconsFromTheSet(_ request: inout BuildRequest, catalogs: [CatalogContents],
                                      diagnostics: inout [Diagnostic]) -> String? {
        guard request.platform == .macOS, !request.writesIconFile, let icon = request.appIcon,
              case .generate(let source, _) = icon.input else { return nil }
        let iconJSON = FilePath(request.resolve(source.path)).appending("icon.json").string
        guard ResolvedSource.Kind.forPath(iconJSON) == .iconComposer else { return nil }
        guard catalogs.contains(where: { $0.appIconSets.contains { $0.name == icon.name } }) else { return nil }
        // The stack is still the icon's: the generation must read it, as when it is drawn (a refusal
        // is said once, here; the set's icons are planned so nothing else is said twice).
        guard case .iconComposer(let features)? = try? inspector.inspect(path: iconJSON, kind: .iconComposer, pages: [1]) else { return nil }
        let accepted = IconPlanner.acceptsIconComposer(features, path: iconJSON, xcode: request.xcode, inspector: inspector, diagnostics: &diagnostics)
        for catalog in catalogs {
            guard let set = catalog.appIconSets.first(where: { $0.name == icon.name }) else { continue }
            let location = icon.location
            request.appIcon = AppIconSpec(input: .appiconset(SourceSpec(path: catalog.folderAsWritten(of: set), location: location)),
                                          name: icon.name, artwork: false, location: location)
            request.appIconSetName = CatalogSetChoice(name: icon.name)
            request.writesIconFile = request.xcode.isAfter26_0
            diagnostics.append(.note(request.path, .flattenedIconsFromTheSet(set.qualifiedName, icon: icon.name, withIconFile: request.writesIconFile)))
            return accepted ? iconJSON : nil
        }
        return nil
    }
}

extension Diagnostic.Message {
    fileprivate static func flattenedIconsFromTheSet(_ setName: String, icon name: String, withIconFile: Bool) -> Diagnostic.Message { "the flattened icons\(withIconFile ? " and \(name).icns" : "") are the icon set \(setName)'s (--enable-icon-stack-fallback-generation disabled); the icon's stack is the Icon Composer icon's" }
}
