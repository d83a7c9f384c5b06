/// iOS's system colours in their light, normal-contrast form, as extended-sRGB components (red,
/// green, blue, alpha): the colour Assets.car keeps beside a colour set's reference to a system
/// colour, which CoreUI shows only where UIKit cannot resolve the name (an older OS, a reader
/// other than UIKit). Values as Apple's Human Interface Guidelines give them for iOS; UIKit's own
/// value on the device wins wherever it resolves the name.
enum SystemColors {
    static func lightValue(_ referenceName: String) -> [Double]? {
        guard let value = values[referenceName] else { return nil }
        return [value.0 / 255, value.1 / 255, value.2 / 255, value.3]
    }

    private static let values: [String: (Double, Double, Double, Double)] = [
        "systemRedColor": (255, 59, 48, 1), "systemOrangeColor": (255, 149, 0, 1), "systemYellowColor": (255, 204, 0, 1),
        "systemGreenColor": (52, 199, 89, 1), "systemMintColor": (0, 199, 190, 1), "systemTealColor": (48, 176, 199, 1),
        "systemCyanColor": (50, 173, 230, 1), "systemBlueColor": (0, 122, 255, 1), "systemIndigoColor": (88, 86, 214, 1),
        "systemPurpleColor": (175, 82, 222, 1), "systemPinkColor": (255, 45, 85, 1), "systemBrownColor": (162, 132, 94, 1),
        "systemGrayColor": (142, 142, 147, 1), "systemGray2Color": (174, 174, 178, 1), "systemGray3Color": (199, 199, 204, 1),
        "systemGray4Color": (209, 209, 214, 1), "systemGray5Color": (229, 229, 234, 1), "systemGray6Color": (242, 242, 247, 1),
        "labelColor": (0, 0, 0, 1), "secondaryLabelColor": (60, 60, 67, 0.6), "tertiaryLabelColor": (60, 60, 67, 0.3),
        "quaternaryLabelColor": (60, 60, 67, 0.18), "placeholderTextColor": (60, 60, 67, 0.3),
        "separatorColor": (60, 60, 67, 0.29), "opaqueSeparatorColor": (198, 198, 200, 1), "linkColor": (0, 122, 255, 1),
        "systemBackgroundColor": (255, 255, 255, 1), "secondarySystemBackgroundColor": (242, 242, 247, 1),
        "tertiarySystemBackgroundColor": (255, 255, 255, 1), "systemGroupedBackgroundColor": (242, 242, 247, 1),
        "secondarySystemGroupedBackgroundColor": (255, 255, 255, 1), "tertiarySystemGroupedBackgroundColor": (242, 242, 247, 1),
        "systemFillColor": (120, 120, 128, 0.2), "secondarySystemFillColor": (120, 120, 128, 0.16),
        "tertiarySystemFillColor": (118, 118, 128, 0.12), "quaternarySystemFillColor": (116, 116, 128, 0.08),
        "darkTextColor": (0, 0, 0, 1), "lightTextColor": (255, 255, 255, 0.6),
        "blackColor": (0, 0, 0, 1), "whiteColor": (255, 255, 255, 1), "clearColor": (0, 0, 0, 0),
        "grayColor": (127.5, 127.5, 127.5, 1), "lightGrayColor": (170, 170, 170, 1), "darkGrayColor": (85, 85, 85, 1),
    ]
}
