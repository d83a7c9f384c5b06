import AssetModel

extension SizeReport {
    /// Every file the build leaves — loose files, `Assets.car`, the App Store icon — in bytes.
    public var totalBytes: Int { groups.reduce(0) { $0 + $1.bytes } }
    public var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }

    /// One line per group with its largest files, for the build summary.
    public func summaryLines(largest count: Int = 3) -> [String] {
        groups.map { group in
            let top = group.files.prefix(count).map { "\(FilePath($0.path).lastComponent) \(Self.format($0.bytes))" }
            return "\(group.name): \(Self.format(group.bytes)) in \(group.files.count) file\(group.files.count == 1 ? "" : "s"); largest: "
                + top.joined(separator: ", ")
        }
    }
}

/// The words of the one-line summaries `build` and `check` print.
public enum BuildSummary {
    /// What was read: `assets.json`, `A.xcassets and B.xcassets`, `assets.json and 24 catalogs`.
    public static func inputs(manifest: String?, catalogs: [String]) -> String {
        let named = (manifest.map { [$0] } ?? []) + catalogs
        switch named.count {
        case 0: return "nothing"
        case 1: return named[0]
        case 2: return named[0] + " and " + named[1]
        default:
            // Icon Composer bundles are inputs beside catalogs, not catalogs (BookPlayer's one
            // catalog and five icons read "6 catalogs" before).
            let icons = catalogs.filter { path in
                var trimmed = Substring(path)
                while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
                return trimmed.hasSuffix(".icon")
            }.count
            let plain = catalogs.count - icons
            let items = [manifest, plain > 0 ? "\(plain) catalog\(plain == 1 ? "" : "s")" : nil,
                         icons > 0 ? "\(icons) Icon Composer icon\(icons == 1 ? "" : "s")" : nil].compactMap { $0 }
            let what = items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items.last!
            return manifest == nil ? "\(what) (\(catalogs[0]), …)" : what
        }
    }

    /// `37 variants`, `37 variants and 12 colours`.
    public static func contents(variants: Int, colours: Int, symbols: Int = 0) -> String {
        var parts = ["\(variants) variant\(variants == 1 ? "" : "s")"]
        if colours > 0 { parts.append("\(colours) colour\(colours == 1 ? "" : "s")") }
        if symbols > 0 { parts.append("\(symbols) symbol\(symbols == 1 ? "" : "s")") }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
