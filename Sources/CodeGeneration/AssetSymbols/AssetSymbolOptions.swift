import AssetModel

/// What actool's asset-symbol flags choose (swift-build passes them; docs/asset-symbols.md).
public struct AssetSymbolOptions: Sendable, Equatable {
    public enum Framework: String, Sendable, CaseIterable {
        case swiftUI = "SwiftUI", uiKit = "UIKit", appKit = "AppKit"
    }

    /// `--generate-swift-asset-symbol-extensions`: the `UIColor`, `NSImage`, `Color`… members.
    /// swift-build leaves the flag out when the setting is on, so absent means on.
    public var extensions = true
    /// `--generate-asset-symbol-framework-support`, repeated: the frameworks whose extensions are
    /// written; all three when none is named.
    public var frameworks: Set<Framework> = Set(Framework.allCases)
    /// `--generate-asset-symbol-backwards-deployment-support`: the file declares its own
    /// `ColorResource` and `ImageResource` for systems before iOS 17 and macOS 14.
    public var backwardsDeployment = false
    /// `--generate-asset-symbol-warnings NO`: no `#warning` for names that collide.
    public var warnings = true
    /// `--bundle-identifier`: the header's `ACBundleID`.
    public var bundleIdentifier = ""

    public init() {}

    /// Whether `backwardsDeployment` follows from the deployment target when no flag decides: the
    /// resource types came with iOS 17, macOS 14, tvOS 17, watchOS 10 and visionOS 1.
    public static func needsBackwardsDeployment(platform: String?, deploymentTarget: OSVersion?) -> Bool {
        guard let target = deploymentTarget else { return false }
        let first: Int
        switch platform {
        case "macosx"?: first = 14
        case "watchos"?, "watchsimulator"?: first = 10
        case "xros"?, "xrsimulator"?: first = 1
        default: first = 17
        }
        return target.major < first
    }
}

/// Static members of the frameworks' colour and image types that a top-level asset member must
/// not redeclare: Xcode writes a `#warning` in its place ("resolves to a conflicting Color symbol",
/// seen for `primary` and `secondary` in SwiftUI, `black`, `red`, `placeholderText`… in UIKit) and
/// leaves it out of `ShapeStyle` silently. The lists are the members each type's documentation
/// lists (SwiftUI `Color`, UIKit `UIColor` and `UIImage`, AppKit `NSColor`).
enum FrameworkMembers {
    static let swiftUIColor: Set<String> = [
        "accentColor", "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink",
        "primary", "purple", "red", "secondary", "teal", "white", "yellow",
    ]
    static let basicColors: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "darkGray", "gray", "green", "lightGray", "magenta", "orange",
        "purple", "red", "white", "yellow",
        "systemBlue", "systemBrown", "systemCyan", "systemGray", "systemGreen", "systemIndigo", "systemMint", "systemOrange",
        "systemPink", "systemPurple", "systemRed", "systemTeal", "systemYellow",
    ]
    static let uiColor: Set<String> = basicColors.union([
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "link", "placeholderText", "separator",
        "opaqueSeparator", "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
        "systemGroupedBackground", "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "systemFill",
        "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "lightText", "darkText", "tintColor",
        "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "groupTableViewBackground",
    ])
    static let nsColor: Set<String> = basicColors.union([
        "labelColor", "secondaryLabelColor", "tertiaryLabelColor", "quaternaryLabelColor", "linkColor",
        "placeholderTextColor", "controlAccentColor", "controlColor", "controlBackgroundColor", "controlTextColor",
        "textColor", "textBackgroundColor", "selectedTextColor", "selectedTextBackgroundColor", "windowBackgroundColor",
        "underPageBackgroundColor", "separatorColor", "gridColor", "headerTextColor", "highlightColor", "shadowColor",
        "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "quinarySystemFill",
    ])
    static let uiImage: Set<String> = ["actions", "add", "checkmark", "remove", "strokedCheckmark"]
    static let nsImage: Set<String> = []
}
