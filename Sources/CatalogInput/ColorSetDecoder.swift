import AssetModel

/// Reads one `.colorset` into colours for the index, in every notation real catalogs use.
struct ColorSetDecoder {
    let platform: ApplePlatform
    static let setKeys: Set<String> = ["info", "colors", "properties"]
    static let entryKeys: Set<String> = ["idiom", "color", "appearances", "display-gamut", "subtype", "locale"]
    static let colorKeys: Set<String> = ["color-space", "components", "platform", "reference"]
    static let colorSpaces: Set<String> = ["srgb", "display-p3", "extended-srgb", "extended-linear-srgb",
                                           "gray-gamma-22", "extended-gray", "extended-linear-display-p3"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic],
                inputs: inout [String]) -> CatalogColorSet? {
        guard let file = ContentsFile.readSet(folder, kind: "colour set", name: name, allowedKeys: Self.setKeys, diagnostics: &diagnostics,
                                              inputs: &inputs) else { return nil }
        var colors: [CatalogColor] = []
        var platformOnly: [Bool] = []  // parallel to `colors`: a `mac` colour of a Mac build
        guard let entries = file.list("colors", kind: "colour set", name: name, diagnostics: &diagnostics) else { return nil }
        for entry in entries {
            file.warnUnknownKeys(Self.entryKeys, in: entry, what: "a colour entry", diagnostics: &diagnostics)
            let match = Idiom.InCatalog(file.string("idiom", of: entry, diagnostics: &diagnostics)).applies(on: platform)
            if match == .otherPlatform { continue }  // watch, tv… (and mac on iOS, iphone on macOS): another platform's colour
            let idiom = match.device
            if file.string("display-gamut", of: entry, diagnostics: &diagnostics) == "display-P3" { continue }
            // A localized colour is kept with its locale (Assets.car selects on it); one whose
            // locale is not a language tag, or one for a device subtype, is left out rather than
            // taken for the colour of every language and device.
            var locale: String?
            if file.member("locale", of: entry) != nil {
                guard let text = file.string("locale", of: entry, diagnostics: &diagnostics), CatalogTraitSlot.isLocaleName(text) else {
                    diagnostics.append(.note(file.path, at: entry.location, .colorLocaleNotALanguageTag(name)))
                    continue
                }
                locale = text
            }
            if file.member("subtype", of: entry) != nil {
                diagnostics.append(.note(file.path, at: entry.location, .colorForSubtypeLeftOut(name)))
                continue
            }
            guard let appearance = appearance(of: entry, file: file, diagnostics: &diagnostics) else { continue }
            guard let color = file.member("color", of: entry) else { continue }  // an empty slot
            file.warnUnknownKeys(Self.colorKeys, in: color, what: "\"color\"", diagnostics: &diagnostics)
            if let reference = file.string("reference", of: color, diagnostics: &diagnostics) {
                let platform = file.string("platform", of: color, diagnostics: &diagnostics)
                colors.append(CatalogColor(idiom: idiom, appearance: appearance, value: .reference(platform: platform, name: reference), locale: locale))
                platformOnly.append(match == .platformOnly)
                continue
            }
            let space = file.string("color-space", of: color, diagnostics: &diagnostics) ?? "srgb"
            if !Self.colorSpaces.contains(space) {
                diagnostics.append(.warning(file.path, at: color.location, .unknownColorSpace(space)))
            }
            guard let componentsNode = file.member("components", of: color), case .object(let members) = componentsNode.value else {
                diagnostics.append(.warning(file.path, at: color.location, .colorHasNoValue).droppingContent())
                continue
            }
            var components: [ColorComponent] = []
            var broken = false
            // Outside an extended space, and for alpha in any, a component is 0–1: Xcode's editor
            // writes nothing else, and a larger one was clamped by one reader and kept by another.
            let extended = space.hasPrefix("extended-")
            for member in members {
                guard let value = Self.componentValue(member.value, isAlpha: member.key == "alpha"),
                      (extended && member.key != "alpha") || (0...1).contains(value) else {
                    diagnostics.append(.warning(file.path, at: member.value.location, .colorComponentOutOfRange(member.key)).droppingContent())
                    broken = true
                    continue
                }
                components.append(ColorComponent(name: member.key, value: value))
            }
            if broken { continue }
            colors.append(CatalogColor(idiom: idiom, appearance: appearance, value: .components(colorSpace: space, components), locale: locale))
            platformOnly.append(match == .platformOnly)
        }
        colors = PlatformOverride.resolve(colors, platformOnly: platformOnly) { "\($0.appearance)|\($0.locale ?? "")" }
        return CatalogColorSet(name: name, setPath: setPath, colors: colors)
    }

    /// The largest magnitude an extended-range component may have (HDR headroom is a few times 1).
    static let maximumExtendedComponent = 1024.0

    /// Xcode writes components in three notations: `"0.502"` (0–1), `"128"` (0–255) and `"0x80"`.
    /// A value with a decimal point or exponent is 0–1, `0x` is hexadecimal over 255, an integer is
    /// over 255 — except alpha, which Xcode always writes 0–1, so an integer alpha 0 or 1 is 0 or 1.
    static func componentValue(_ node: JSONNode, isAlpha: Bool) -> Double? {
        let text: String
        switch node.value {
        case .string(let value): text = String(value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        case .number(_, let literal): text = literal
        default: return nil
        }
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            guard let value = Int(lower.dropFirst(2), radix: 16), (0...255).contains(value) else { return nil }
            return Double(value) / 255
        }
        if lower.contains(".") || lower.contains("e") {
            // Finite as the 32-bit float a car stores (1e308 is not), and an extended space's
            // headroom at most.
            guard let value = Double(lower), value.isFinite, abs(value) <= maximumExtendedComponent else { return nil }
            return value
        }
        guard let value = Int(lower), (0...255).contains(value) else { return nil }
        if isAlpha && value <= 1 { return Double(value) }
        return Double(value) / 255
    }

    /// Colours for appearances assetc does not write are left out, silently: they are not iOS colours.
    /// A Mac build leaves out high-contrast ones too: no macOS car with one has been seen (CarPlatform).
    private func appearance(of entry: JSONNode, file: ContentsFile, diagnostics: inout [Diagnostic]) -> Appearance? {
        guard case .known(let appearance) = file.appearance(of: entry, diagnostics: &diagnostics) else { return nil }
        if platform == .macOS && appearance.highContrast { return nil }
        return appearance
    }
}

extension Diagnostic.Message {
    fileprivate static func colorLocaleNotALanguageTag(_ name: String) -> Diagnostic.Message { "a colour of \"\(name)\" for a locale that is not a language tag is left out" }

    fileprivate static func colorForSubtypeLeftOut(_ name: String) -> Diagnostic.Message { "a colour of \"\(name)\" for a device subtype is left out" }

    fileprivate static func unknownColorSpace(_ space: String) -> Diagnostic.Message { "unknown colour space \"\(space)\"; recorded as written" }

    fileprivate static let colorHasNoValue: Diagnostic.Message = "a colour needs \"components\" or a \"reference\"; skipped"

    /// The ±1024 is `ColorSetDecoder.maximumExtendedComponent`.
    fileprivate static func colorComponentOutOfRange(_ component: String) -> Diagnostic.Message { "colour component \"\(component)\" is not a number 0–1 (beyond it only in an extended colour space, up to ±1024), an integer 0–255 or 0xNN; the colour is skipped" }
}
