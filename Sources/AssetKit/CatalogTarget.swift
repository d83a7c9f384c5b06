import AssetModel
import AssetPlatform

/// Which product a catalog found by `assetc init` belongs to. A repository holds the app's
/// catalogs beside those of its macOS app, watch app and extensions (widgets, share extensions);
/// those ship in their own bundles, and put into the app's manifest their sets shadow or clash with
/// the app's (NetNewsWire's Mac catalog, home-assistant's watch widgets). Decided from the nearest
/// Info.plist in the catalog's folder or the two above it, else from the folder names.
public enum CatalogTarget: Equatable, Sendable {
    case app
    case macApp
    case watchApp
    case appExtension

    public var description: String {
        switch self {
        case .app: "the app"
        case .macApp: "a macOS app"
        case .watchApp: "a watch app"
        case .appExtension: "an app extension"
        }
    }

    /// `catalog` relative to `root` (the manifest's folder).
    public static func classify(_ catalog: String, under root: String) -> CatalogTarget {
        var parts = catalog.split(separator: "/").map(String.init)
        parts.removeLast()
        // The nearest Info.plist, at most three folders up, not above the root.
        for depth in 0..<min(3, parts.count + 1) {
            let folder = ([root] + parts.dropLast(depth)).joined(separator: "/")
            if let kind = fromInfoPlist(folder + "/Info.plist") { return kind }
        }
        for part in parts.reversed() {
            let name = part.lowercased()
            if ["mac", "macos", "osx", "mac os"].contains(name) || name.hasPrefix("macos") { return .macApp }
            if name.contains("watch") { return .watchApp }
            if name.contains("widget") || name.contains("extension") || name.hasSuffix("intents") { return .appExtension }
        }
        return .app
    }

    /// The keys that say what an Info.plist's bundle is (an XML plist, as kept in source).
    static func fromInfoPlist(_ path: String) -> CatalogTarget? {
        guard FileSystem.kindFollowingLinks(path) == .file,
              let bytes = try? FileSystem.read(path, limit: 1 << 20) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        func has(_ key: String) -> Bool { text.contains("<key>\(key)</key>") }
        if has("NSExtension") || has("EXAppExtensionAttributes") { return .appExtension }
        if has("WKApplication") || has("WKWatchKitApp") || has("WKCompanionAppBundleIdentifier") { return .watchApp }
        if has("LSMinimumSystemVersion") { return .macApp }
        return .app
    }
}
