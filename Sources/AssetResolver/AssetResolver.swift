/// The traits of the device asking: what UIKit knows when `imageNamed:` runs.
public struct AssetTraits: Sendable, Hashable {
    public var scale: Int
    public var idiom: AssetTable.Idiom
    /// The screen in points, either orientation (`320x568`).
    public var screenWidth: Int
    public var screenHeight: Int
    public var luminosity: AssetTable.Luminosity
    public var highContrast: Bool

    public init(scale: Int, idiom: AssetTable.Idiom, screenWidth: Int, screenHeight: Int,
                luminosity: AssetTable.Luminosity = .light, highContrast: Bool = false) {
        (self.scale, self.idiom, self.screenWidth, self.screenHeight) = (scale, idiom, screenWidth, screenHeight)
        (self.luminosity, self.highContrast) = (luminosity, highContrast)
    }

    /// Tall variants are chosen by the screen's portrait height.
    public var portraitHeight: Int { max(screenWidth, screenHeight) }
}

/// What a lookup found.
public struct ResolvedImage: Sendable, Hashable {
    public var bundle: String
    public var variant: AssetTable.Variant
    /// Relative to `Resources/` (the app bundle's top level): the bundle's folder and the file.
    public var path: String
}

public struct ResolvedColor: Sendable, Hashable {
    public var bundle: String
    public var color: AssetTable.Color
}

/// UIKit's rules for picking a file, written once (docs/runtime.md):
/// 1. the bundle: the one named, else the main bundle first, then the others in manifest order —
///    the first bundle that has the name answers;
/// 2. the idiom: variants for the device's idiom if there are any, else the universal ones;
/// 3. the screen: a tall variant only on a screen of exactly its portrait height (it then wins),
///    otherwise the variants for any screen;
/// 4. the appearance: dark variants when dark is asked for and there are any, else the "any" ones,
///    else light ones (light: light, else any, else dark); then, among those, high-contrast ones
///    only when high contrast is asked for (and normal ones otherwise, when there are any);
/// 5. the scale: the exact scale, else the nearest higher, else the nearest lower.
/// A step that would leave nothing keeps what it had (so a set with only dark files still answers).
/// Each lookup is a dictionary access per bundle plus a pass over that name's few variants.
extension AssetTable {
    public func image(_ name: String, traits: AssetTraits, bundle: String? = nil) -> ResolvedImage? {
        for candidate in searchOrder(bundle) {
            guard let variants = candidate.images[name] else { continue }
            // Rule 1: this bundle has the name, so it answers, even with nothing that fits: another
            // bundle's image of the same name is another image.
            guard let variant = Self.pick(variants, traits: traits) else { return nil }
            let path = candidate.path.isEmpty ? variant.file : candidate.path + "/" + variant.file
            return ResolvedImage(bundle: candidate.name, variant: variant, path: path)
        }
        return nil
    }

    public func color(_ name: String, traits: AssetTraits, bundle: String? = nil) -> ResolvedColor? {
        for candidate in searchOrder(bundle) {
            guard let colors = candidate.colors[name], !colors.isEmpty else { continue }
            var pool = narrow(colors, keepingIf: { $0.idiom == traits.idiom }) ?? colors.filter { $0.idiom == .universal }
            if pool.isEmpty { pool = colors }
            pool = Self.byAppearance(pool, traits: traits, luminosity: \.luminosity, highContrast: \.highContrast)
            return ResolvedColor(bundle: candidate.name, color: pool[0])
        }
        return nil
    }

    private func searchOrder(_ bundle: String?) -> [Bundle] {
        guard let bundle else { return bundles }
        return bundles.filter { $0.name == bundle }
    }

    static func pick(_ variants: [Variant], traits: AssetTraits) -> Variant? {
        guard !variants.isEmpty else { return nil }
        // 2. idiom
        var pool = variants.filter { $0.idiom == traits.idiom }
        if pool.isEmpty { pool = variants.filter { $0.idiom == .universal } }
        if pool.isEmpty { return nil }  // only the other idiom's files: nothing this device loads
        // 3. screen
        let tall = pool.filter { $0.screenHeight != 0 && $0.screenHeight == traits.portraitHeight }
        let anyScreen = pool.filter { $0.screenHeight == 0 }
        pool = !tall.isEmpty ? tall : (anyScreen.isEmpty ? pool : anyScreen)
        // 4. appearance
        pool = byAppearance(pool, traits: traits, luminosity: \.luminosity, highContrast: \.highContrast)
        // 5. scale
        if let exact = pool.first(where: { $0.scale == traits.scale }) { return exact }
        if let higher = pool.filter({ $0.scale > traits.scale }).min(by: { $0.scale < $1.scale }) { return higher }
        return pool.filter { $0.scale < traits.scale }.max { $0.scale < $1.scale }
    }

    static func byAppearance<T>(_ pool: [T], traits: AssetTraits, luminosity: KeyPath<T, Luminosity>,
                                highContrast: KeyPath<T, Bool>) -> [T] {
        // Light or dark first, then contrast within it: in light mode with high contrast, a set with
        // Any, Dark and Dark + High Contrast gives Any, not the dark high-contrast file.
        var result = pool
        let preferences: [Luminosity] = traits.luminosity == .dark ? [.dark, .any, .light] : [.light, .any, .dark]
        for wanted in preferences {
            let matching = result.filter { $0[keyPath: luminosity] == wanted }
            if !matching.isEmpty {
                result = matching
                break
            }
        }
        let contrast = result.filter { $0[keyPath: highContrast] == traits.highContrast }
        return contrast.isEmpty ? result : contrast
    }

    private func narrow<T>(_ items: [T], keepingIf predicate: (T) -> Bool) -> [T]? {
        let kept = items.filter(predicate)
        return kept.isEmpty ? nil : kept
    }
}
