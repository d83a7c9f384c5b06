/// App Store Connect's asset rejections that a build can see coming: each named by the code an
/// upload is refused with, so a message says which rejection it prevents. The wordings App Store
/// Connect uses, and where each was read, are in docs/app-store.md.
public enum AppStoreRule: String, Sendable, CaseIterable {
    /// "Missing required icon file. The bundle does not contain an app icon for iPhone / iPod Touch
    /// of exactly '120x120' pixels, in .png format for iOS versions >= 7.0."
    case missingIPhoneIcon = "ITMS-90022"
    /// The same for iPad: '76x76' (up to iOS 9.3), '152x152', and '167x167' "for iOS versions
    /// supporting iPad Pro".
    case missingIPadIcon = "ITMS-90023"
    /// "Invalid Image Path - No image found at the path referenced under key 'CFBundleIcons'".
    case iconFileNotInBundle = "ITMS-90032"
    /// "iPad Multitasking support requires these orientations: 'UIInterfaceOrientationPortrait,
    /// UIInterfaceOrientationPortraitUpsideDown,UIInterfaceOrientationLandscapeLeft,
    /// UIInterfaceOrientationLandscapeRight'."
    case iPadOrientations = "ITMS-90474"
    /// "iPad Multitasking support requires launch story board in bundle".
    case iPadLaunchStoryboard = "ITMS-90475"
    /// "Invalid Bundle - The asset catalog at 'Payload/….app/Assets.car' can't contain 16-bit or P3
    /// assets if the app supports iOS 9.3 or earlier."
    case wideGamutBelowIOS10 = "ITMS-90682"
    /// "Missing App Icon. An app icon measuring 1024 by 1024 pixels in PNG format must be included
    /// in the Asset Catalog of apps built for iOS, iPadOS, or watchOS."
    case missingAppStoreIcon = "ITMS-90704"
    /// "Missing Info.plist value. A value for the Info.plist key 'CFBundleIconName' is missing in
    /// the bundle."
    case missingIconName = "ITMS-90713"
    /// "Invalid App Store Icon. The App Store Icon in the asset catalog can't be transparent nor
    /// contain an alpha channel."
    case appStoreIconAlpha = "ITMS-90717"
    /// Since 30 June 2020 an iPhone app's launch screen is a storyboard (`UILaunchStoryboardName`)
    /// or, from iOS 14, a `UILaunchScreen` dictionary; launch images alone are refused. App Store
    /// Connect announced it without a code of its own: assetc names it so.
    case launchScreen = "launch-screen"

    /// The rule for a required icon slot of `idiom` left empty or unusable.
    public static func requiredIcon(_ idiom: SlotIdiom) -> AppStoreRule? {
        switch idiom {
        case .iphone: .missingIPhoneIcon
        case .ipad: .missingIPadIcon
        case .appStore: .missingAppStoreIcon
        case .mac, .watch: nil
        }
    }
}

extension Diagnostic {
    /// This diagnostic, naming the App Store Connect rejection it prevents.
    public func reporting(_ rule: AppStoreRule?) -> Diagnostic {
        guard let rule else { return self }
        return reporting(rule.rawValue)
    }
}
