import AssetModel

// A watchOS or visionOS build's app icon: not compiled yet (docs/watchos.md, docs/visionos.md), and
// said so by name.
extension IconPlanner {
    /// A watch or Vision Pro app's icon set: refused, naming the set, rather than compiled by
    /// guesswork or said to have no applicable content (it has). No car of actool's with a watch icon
    /// has been read, so its renditions' idiom, subtypes and sizes are not known (docs/watchos.md); a
    /// visionOS icon is a solid image stack, whose stack record and textures assetc does not write yet
    /// (docs/visionos.md).
    func refuseIcon(_ spec: AppIconSpec, set: SourceSpec, diagnostics: inout [Diagnostic]) -> [Variant] {
        guard let opened = openSet(set, kind: .appIconSet, what: "app icon set", diagnostics: &diagnostics),
              let refusal = Self.iconNotCompiledYet(spec.name, on: request.platform) else { return [] }
        diagnostics.append(.error(opened.contentsPath, refusal))
        return []
    }

    /// What a build for `platform` says of an app icon it is asked for, from a set or an icon's art
    /// alike; nil where icons are compiled.
    static func iconNotCompiledYet(_ name: String, on platform: ApplePlatform) -> Diagnostic.Message? {
        switch platform {
        case .watchOS: .watchAppIconNotCompiledYet(name)
        case .visionOS: SourceMessage.appIconSetIsNoVisionIcon(name)
        case .iOS, .macOS, .macCatalyst, .tvOS: nil
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func watchAppIconNotCompiledYet(_ name: String) -> Diagnostic.Message {
        "the app icon \"\(name)\": watchOS app icons are not compiled by assetc yet "
            + "(no actool car with a watch icon has been read to follow; docs/watchos.md); build without --app-icon to compile the rest"
    }
}
