import AssetModel
import CompiledCatalog
import Rendering
import Dispatch
import Synchronization

// What the car keys each asset by: slicing, rendering intents, colours, names, idioms and appearances.
extension CarAssembler {
    /// Each main-bundle catalog image set's slicing and alignment insets by scale, by name.
    struct ImageShape {
        var slicing: [Int: ScaledCapInsets] = [:]
        var alignment: [Int: ScaledAlignmentInsets] = [:]

        /// In whole pixels, as the car stores them.
        func at(_ scale: Int) -> (CompiledCatalog.Slicing?, CompiledCatalog.AlignmentInsets?) {
            func pixels(_ value: Double) -> Int { Int(value.rounded()) }
            let slicing = self.slicing[scale].map { insets in
                CompiledCatalog.Slicing(
                    mode: insets.mode == .threePartHorizontal ? .threePartHorizontal : insets.mode == .threePartVertical ? .threePartVertical : .ninePart,
                    tiles: insets.tiles, top: pixels(insets.topPixels), left: pixels(insets.leftPixels), bottom: pixels(insets.bottomPixels),
                    right: pixels(insets.rightPixels), centerWidth: insets.centerWidthPixels.map(pixels), centerHeight: insets.centerHeightPixels.map(pixels))
            }
            let alignment = self.alignment[scale].map {
                CompiledCatalog.AlignmentInsets(top: pixels($0.top), left: pixels($0.left), bottom: pixels($0.bottom), right: pixels($0.right))
            }
            return (slicing, alignment)
        }
    }

    static func imageShapes(_ plan: BuildPlan) -> [String: ImageShape] {
        var shapes: [String: ImageShape] = [:]
        for image in plan.catalogRecords.images where image.bundle == .main {
            guard !image.properties.capInsets.isEmpty || !image.properties.alignment.isEmpty else { continue }
            var shape = ImageShape()
            for insets in image.properties.capInsets { shape.slicing[insets.scale] = insets }
            for insets in image.properties.alignment { shape.alignment[insets.scale] = insets }
            shapes[image.name] = shape
        }
        return shapes
    }

    /// Each main-bundle catalog image set's `template-rendering-intent`, by name.
    static func renderingIntents(_ plan: BuildPlan) -> [String: CompiledCatalog.RenderingIntent] {
        var intents: [String: CompiledCatalog.RenderingIntent] = [:]
        for image in plan.catalogRecords.images where image.bundle == .main {
            switch image.properties.templateRenderingIntent {
            case "template"?: intents[image.name] = .template
            case "original"?: intents[image.name] = .original
            default: continue
            }
        }
        return intents
    }

    /// The main bundle's colour sets as car assets: components in the space's order, each parsed as
    /// actool parses it (a 32-bit float, widened: "0.243" is stored as 0.24300000071525574).
    static func colors(_ plan: BuildPlan, warnings: inout [Diagnostic]) -> [CompiledCatalog.Asset] {
        var assets: [CompiledCatalog.Asset] = []
        for set in plan.catalogRecords.colors where set.bundle == .main {
            var asset = CompiledCatalog.Asset(name: set.name, kind: .color, renditions: [])
            var seen: Set<String> = []
            var noted: Set<Diagnostic.Message> = []
            func note(_ message: Diagnostic.Message) {
                if noted.insert(message).inserted { warnings.append(.note(plan.inputPath, message)) }
            }
            for color in set.colors {
                // A tv or watch entry is keyed by its idiom, not taken for the universal one.
                let idiom = Self.idiom(color.idiom)
                // Notes, not warnings (docs/assets-car.md): what the car leaves out here falls back
                // to the set's other colours or to nil, and a warning would fail every Bazel build of
                // a catalog that uses system colours (rules_apple fails on any actool warning).
                let appearance = Self.appearance(color.appearance)
                switch color.value {
                case .reference(_, let name):
                    // UIKit resolves the name on the device; the components are what CoreUI shows
                    // where it does not (the colour's light value on iOS, SystemColors).
                    guard seen.insert("\(idiom)|\(appearance)|\(color.locale ?? "")").inserted else { continue }
                    let fallback = SystemColors.lightValue(name)
                    if fallback == nil {
                        note(.unknownSystemColor(name, inSet: set.name))
                    }
                    asset.colors.append(.init(idiom: idiom, appearance: appearance, space: .extendedSRGB,
                                              components: fallback ?? [0, 0, 0, 1], systemColorName: name, localization: color.locale))
                case .components(let spaceName, let components):
                    guard let space = ColorSpace(catalogName: spaceName) else {
                        warnings.append(.warning(plan.inputPath, .colorSpaceNotWritten(spaceName, inSet: set.name)))
                        continue
                    }
                    let order = space.componentCount == 2 ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
                    let values = order.map { name in components.first { $0.name == name }?.value ?? (name == "alpha" ? 1 : 0) }
                    guard seen.insert("\(idiom)|\(appearance)|\(color.locale ?? "")").inserted else { continue }
                    asset.colors.append(.init(idiom: idiom, appearance: appearance, space: space, components: values.map(actoolComponent),
                                              localization: color.locale))
                }
            }
            if !asset.colors.isEmpty { assets.append(asset) }
        }
        return assets
    }

    /// actool parses a decimal component (`"0.243"`) as a 32-bit float and stores it widened; a
    /// byte (`"62"`, `"0x3E"`) is stored as n/255 in full precision (mcfans/actool's parity notes).
    /// The catalog reader keeps the value, not its notation: a value that is n/255 and not a
    /// decimal of at most three places was written as a byte.
    static func actoolComponent(_ value: Double) -> Double {
        let bytes = value * 255, thousandths = value * 1000
        let isByte = abs(bytes - bytes.rounded()) < 1e-9 && abs(thousandths - thousandths.rounded()) > 1e-6
        return isByte ? value : Double(Float(value))
    }

    /// The name an app asks for: the icon set's name for the app icon, and the set's own name for an
    /// alternate icon (`setAlternateIconName(_:)`) or an image.
    static func assetName(_ variant: Variant, _ request: CompiledCatalogRequest) -> String? {
        switch variant.role.kind {
        case .image, .alternateAppIcon: variant.name
        default: request.appIconName
        }
    }

    static func idiom(_ variant: Variant) -> RenditionIdiom {
        if let slot = variant.iconSlot {
            switch slot.idiom {
            case .iphone: return .phone
            case .ipad: return .pad
            case .appStore: return .marketing
            // A macOS car keys no idiom.
            case .mac: return .universal
            case .watch: return .watch
            }
        }
        return idiom(variant.idiom)
    }

    /// A device's CoreUI idiom (universal for nil).
    static func idiom(_ device: Idiom?) -> RenditionIdiom {
        switch device {
        case nil: .universal
        case .iphone?: .phone
        case .ipad?: .pad
        case .tv?: .tv
        case .watch?: .watch
        case .vision?: .vision
        }
    }

    static func appearance(_ variant: Variant) -> RenditionAppearance {
        appearance(variant.appearance)
    }

    static func appearance(_ appearance: Appearance) -> RenditionAppearance {
        appearance.luminosity == .tinted ? .tintable
            : RenditionAppearance(dark: appearance.luminosity == .dark, light: appearance.luminosity == .light,
                                  highContrast: appearance.highContrast)
    }
}

extension Diagnostic.Message {
    fileprivate static func unknownSystemColor(_ name: String, inSet set: String) -> Diagnostic.Message { "the colour set \"\(set)\" refers to \"\(name)\", which is not an iOS system colour assetc knows; its fallback in Assets.car is black" }

    fileprivate static func colorSpaceNotWritten(_ space: String, inSet set: String) -> Diagnostic.Message { "the colour set \"\(set)\" uses the colour space \"\(space)\", which is not written to Assets.car" }
}
