/// iOS 14's launch screen as a dictionary (`UILaunchScreen` in Info.plist): a colour and an image
/// of the asset catalog, drawn by the system before the app's first frame, in place of a launch
/// storyboard or launch images. From the manifest's `"launchScreen"` or `--launch-screen-color` and
/// `--launch-screen-image`; the planner checks that both are in the car for every device.
public struct LaunchScreenSpec: Sendable, Hashable {
    /// `UIColorName`: a colour set filling the screen (the system background when none).
    public var colorName: String?
    /// `UIImageName`: an image set drawn centred at its point size.
    public var imageName: String?
    /// `UIImageRespectsSafeAreaInsets`: the image is centred within the safe area.
    public var imageRespectsSafeAreaInsets: Bool?
    /// `UINavigationBar`, `UITabBar`, `UIToolbar`: an empty bar of each drawn at launch.
    public var navigationBar = false
    public var tabBar = false
    public var toolbar = false
    /// Where the manifest gives it; nil when the command line does.
    public var location: SourceLocation?

    public init(colorName: String? = nil, imageName: String? = nil, location: SourceLocation? = nil) {
        (self.colorName, self.imageName, self.location) = (colorName, imageName, location)
    }

    /// The `UILaunchScreen` dictionary.
    public var infoPlistValue: PlistValue {
        var entries: [String: PlistValue] = [:]
        if let colorName { entries["UIColorName"] = .string(colorName) }
        if let imageName { entries["UIImageName"] = .string(imageName) }
        if let imageRespectsSafeAreaInsets { entries["UIImageRespectsSafeAreaInsets"] = .bool(imageRespectsSafeAreaInsets) }
        if navigationBar { entries["UINavigationBar"] = .dictionary([:]) }
        if tabBar { entries["UITabBar"] = .dictionary([:]) }
        if toolbar { entries["UIToolbar"] = .dictionary([:]) }
        return .dictionary(entries)
    }
}
