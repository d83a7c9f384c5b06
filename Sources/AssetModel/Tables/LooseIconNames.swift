/// Loose PNGs named as Xcode's pre-catalog app icons and launch images (`Icon-60@2x.png`,
/// `Icon-Small-40@3x.png`, `AppIcon60x60@2x.png`, `iTunesArtwork@2x`, `Default-568h@2x.png`,
/// `Default-Portrait~ipad.png`; apple-rules.md): `assetc init` keeps them apart from the images,
/// since iOS takes them from the Info.plist's icon and launch keys, never from `UIImage(named:)`,
/// and scaling them down as images would ship files no one loads.
public enum LooseIconNames {
    /// True for an app icon or launch image file name of the old forms (any case).
    public static func isIconOrLaunchImage(_ fileName: String) -> Bool {
        var stem = fileName
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        stem = stem.lowercased()
        // `~ipad`, `~iphone`, then `@2x`: the device and scale suffixes Apple's names end in.
        for suffix in ["~ipad", "~iphone"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        if let at = stem.lastIndex(of: "@"), stem[stem.index(after: at)...].hasSuffix("x") { stem = String(stem[..<at]) }
        if stem == "itunesartwork" { return true }
        if stem == "default" || stem.hasPrefix("default-") {
            // `Default-568h`, `Default-Portrait-736h`, `Default-Landscape`: heights and orientations
            // only (`default-avatar.png` is an image).
            let orientations: Set<String> = ["portrait", "landscape", "portraitupsidedown", "landscapeleft", "landscaperight"]
            return stem.dropFirst(7).split(separator: "-").allSatisfy { word in
                orientations.contains(String(word)) || (word.hasSuffix("h") && word.dropLast().allSatisfy(\.isNumber) && word.count > 1)
            }
        }
        // `AppIcon60x60`, `AppIcon76x76~ipad`: sizes only (`AppIconPreview.png` is an image).
        if stem.hasPrefix("appicon") {
            let rest = stem.dropFirst(7).filter { $0 != "-" && $0 != "_" }
            return rest.allSatisfy { $0.isNumber || $0 == "." || $0 == "x" }
        }
        guard stem == "icon" || stem.hasPrefix("icon-") || stem.hasPrefix("icon_") else { return false }
        // `Icon-60`, `Icon-Small-40`, `Icon-App-60x60`, `Icon-83.5`, `Icon-Spotlight-40`, `Icon-Notification`:
        // the part after `icon` holds only sizes and Apple's words for icon kinds.
        let words = stem.dropFirst(4).split(whereSeparator: { $0 == "-" || $0 == "_" })
        let known: Set<String> = ["small", "app", "spotlight", "notification", "settings", "marketing", "ipad", "iphone",
                                  "store", "appstore", "ios", "retina"]
        return words.allSatisfy { word in
            known.contains(String(word)) || word.allSatisfy { $0.isNumber || $0 == "." || $0 == "x" }
        }
    }
}
