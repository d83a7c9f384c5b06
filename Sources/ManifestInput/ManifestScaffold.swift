import AssetModel

/// `assetc init`: a starting manifest for the artwork found in a folder — one image per PDF or SVG
/// (at 1x, 2x and 3x), one per raster (its largest `@Nx` file, at that scale and below, since assetc
/// never upscales), and every `.xcassets` catalog as a `catalogs` entry. Names are the file names
/// without extension and scale or device modifiers, made valid (`NameRules`) and unique; the result
/// passes `assetc check` as written.
public enum ManifestScaffold {
    public struct Found: Sendable, Hashable {
        /// Relative to the folder the manifest goes in.
        public var path: String
        public init(path: String) { self.path = path }
    }

    /// `appIcon`: an Icon Composer bundle found beside the catalogs, the app's icon as in Xcode 26.
    public static func make(sources: [String], catalogs: [String], appIcon: String? = nil) -> JSONOutput {
        // Rasters: group `photo.png`, `photo@2x.png`, `photo@3x.png`; keep the largest scale.
        var rasters: [String: (path: String, scale: Int)] = [:]
        var vectors: [String] = []
        for path in sources.sorted(by: byteOrder) {
            let lower = path.lowercased()
            if lower.hasSuffix(".png") {
                let key = stem(path, stripScale: true)
                let scale = declaredScale(ofFileName: path)
                if let existing = rasters[key], existing.scale >= scale { continue }
                rasters[key] = (path, scale)
            } else if lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") {
                vectors.append(path)
            }
        }
        var used: Set<String> = []
        var images: [(name: String, entry: JSONOutput)] = []
        func uniqueName(_ path: String) -> String {
            let base = name(from: stem(path, stripScale: true))
            var candidate = base
            var counter = 2
            while used.contains(candidate.lowercased()) {
                candidate = base + "_\(counter)"
                counter += 1
            }
            used.insert(candidate.lowercased())
            return candidate
        }
        for path in vectors {
            let name = uniqueName(path)
            images.append((name, .object(["name": .string(name), "source": .string(path)])))
        }
        for key in rasters.keys.sorted(by: byteOrder) {
            let raster = rasters[key]!
            let name = uniqueName(raster.path)
            images.append((name, .object([
                "name": .string(name), "source": .string(raster.path),
                "scales": .array((1...raster.scale).map { .integer($0) }),
            ])))
        }
        var root: [String: JSONOutput] = [
            "version": .integer(Manifest.supportedVersion),
            "output": .string("build/assets"),
            "scales": .array([.integer(1), .integer(2), .integer(3)]),
            "images": .array(images.sorted { byteOrder($0.name, $1.name) }.map(\.entry)),
        ]
        if !catalogs.isEmpty {
            root["catalogs"] = .array(catalogs.sorted(by: byteOrder).map { .object(["path": .string($0)]) })
        }
        if let appIcon { root["appIcon"] = .object(["source": .string(appIcon)]) }
        return .object(root)
    }

    /// `art/Back Arrow@2x~ipad.png` → `Back Arrow` (and the extension always goes).
    static func stem(_ path: String, stripScale: Bool) -> String {
        var name = FilePath(path).lastComponent
        if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
        for suffix in ["~iphone", "~ipad"] where name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        if stripScale {
            for scale in [3, 2, 1] where name.hasSuffix("@\(scale)x") { name = String(name.dropLast(3)) }
        }
        if name.lowercased().hasSuffix("-568h") { name = String(name.dropLast(5)) }
        return name
    }

    /// A name `NameRules` accepts: letters, digits, `-`, `_` and inner spaces kept; the rest `_`.
    static func name(from stem: String) -> String {
        var result = ""
        for character in stem {
            if character.isLetter || character.isNumber || character == "-" || character == "_" || character == " " {
                result.append(character)
            } else {
                result.append("_")
            }
        }
        result = result.trimmingWhitespace
        if result.isEmpty { result = "image" }
        if NameRules.problem(with: result) != nil {
            result = String(result.map { $0 == "-" ? "_" : $0 })
        }
        return String(result.prefix(Limits.maximumNameBytes / 4))
    }

    static func byteOrder(_ a: String, _ b: String) -> Bool {
        ByteExactPath(a) < ByteExactPath(b)
    }
}
