/// actool's own wordings, in one place. Where assetc finds what actool finds, it says it as actool
/// does (docs/catalogs.md, ../shared/notes/xcassets.md), because people and build logs search for
/// these sentences; the `actool` mode reports them under actool's keys. Every other message is
/// assetc's own and is written where it is raised.
public enum ActoolMessage {
    public enum SetKind: String, Sendable {
        case imageSet = "image set"
        case appIconSet = "app icon set"
        case launchImageSet = "launch image set"
        case colorSet = "color set"
        case dataSet = "data set"
        case symbolSet = "symbol image set"
        case brandAssets = "brand assets"
        case imageStack = "image stack"
        case solidImageStack = "solid image stack"
        case complicationSet = "complication set"
    }

    /// `The image set "Star" has an unassigned child.` / `… has 3 unassigned children.`
    public static func unassignedChildren(_ kind: SetKind, named name: String, count: Int) -> Diagnostic.Message {
        count == 1 ? "The \(kind.rawValue) \"\(name)\" has an unassigned child."
            : "The \(kind.rawValue) \"\(name)\" has \(count) unassigned children."
    }

    /// actool says "image set" here for app icon sets too.
    public static func missingFile(_ file: String, inSet name: String, kind: SetKind = .imageSet) -> Diagnostic.Message { "The file \"\(file)\" for the \(kind.rawValue) \"\(name)\" does not exist." }

    /// `AppIcon.appiconset/icon.png is 100x100 but should be 120x120.`
    public static func wrongSize(_ shown: String, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int) -> Diagnostic.Message { "\(shown) is \(width)x\(height) but should be \(expectedWidth)x\(expectedHeight)." }

    public static func noApplicableContent(iconSet name: String) -> Diagnostic.Message { "The stickers icon set or app icon set named \"\(name)\" did not have any applicable content." }

    public static func noMatchingAppIconSet(_ name: String) -> Diagnostic.Message { "None of the input catalogs contained a matching stickers icon set or app icon set named \"\(name)\"." }

    public static func noMatchingLaunchImageSet(_ name: String) -> Diagnostic.Message { "None of the input catalogs contained a matching launch image set named \"\(name)\"." }

    /// `The image set name "Star" is used by multiple image set instances.`
    public static func duplicateName(_ kind: SetKind, _ name: String) -> Diagnostic.Message { "The \(kind.rawValue) name \"\(name)\" is used by multiple \(kind.rawValue) instances." }

    /// `Accent color 'AccentColor' is not present in any asset catalogs.` (a warning in actool).
    public static func missingAccentColor(_ name: String) -> Diagnostic.Message { "Accent color '\(name)' is not present in any asset catalogs." }

    public static func missingWidgetBackgroundColor(_ name: String) -> Diagnostic.Message { "Widget background color '\(name)' is not present in any asset catalogs." }

    /// A tvOS image stack with fewer than two layers that have an image (actool of Xcode 26.x:
    /// `The image stack "App Icon" must have at least 2 layers with applicable content. Although it
    /// has 3 layers, only 1 has applicable content.`; "none have" in a report of an earlier Xcode;
    /// docs/tvos.md).
    public static func tooFewStackLayers(_ stack: String, layers: Int, withContent: Int) -> Diagnostic.Message {
        let have = withContent == 0 ? "none have" : "only \(withContent) \(withContent == 1 ? "has" : "have")"
        return "The image stack \"\(stack)\" must have at least 2 layers with applicable content. "
            + "Although it has \(layers) layer\(layers == 1 ? "" : "s"), \(have) applicable content."
    }

    /// Xcode 26.5's actool on a solid image stack whose back layer is 128x128 pixels at 2x
    /// (kagurasumusun/mac@f0c2384a's `solidimagestack-oracle.json`), curly quotes as actool's: `The
    /// last visionOS App Icon Layer with content, “Back”, must exactly fill the image stack. Its current frame is {{0, 0}, {64, 64}}
    /// while the visionOS App Icon's size is {512, 512}.` The sizes are in points.
    public static func backLayerMustFillVisionIcon(_ layer: String, width: Double, height: Double, iconWidth: Int, iconHeight: Int) -> Diagnostic.Message {
        func points(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return "The last visionOS App Icon Layer with content, \u{201C}\(layer)\u{201D}, must exactly fill the image stack. Its current frame is "
            + "{{0, 0}, {\(points(width)), \(points(height))}} while the visionOS App Icon's size is {\(iconWidth), \(iconHeight)}."
    }
}
