import Foundation
#if canImport(AppKit)
import AppKit
#endif
#if canImport(UIKit)
import UIKit
#endif
#if canImport(SwiftUI)
import SwiftUI
#endif
#if canImport(DeveloperToolsSupport)
import DeveloperToolsSupport
#endif

#if SWIFT_PACKAGE
private let resourceBundle = Foundation.Bundle.module
#else
private class ResourceBundleClass {}
private let resourceBundle = Foundation.Bundle(for: ResourceBundleClass.self)
#endif

// MARK: - Color Symbols -

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension DeveloperToolsSupport.ColorResource {

    /// The "Domain" asset catalog resource namespace.
    enum Domain {

        /// The "Domain/cover" asset catalog color resource.
        static let cover = DeveloperToolsSupport.ColorResource(name: "Domain/cover", bundle: resourceBundle)

    }

    /// The "WidgetBackground" asset catalog color resource.
    static let widgetBackground = DeveloperToolsSupport.ColorResource(name: "WidgetBackground", bundle: resourceBundle)

    /// The "bazquxColor" asset catalog color resource.
    static let bazqux = DeveloperToolsSupport.ColorResource(name: "bazquxColor", bundle: resourceBundle)

    /// The "launchScreen-background" asset catalog color resource.
    static let launchScreenBackground = DeveloperToolsSupport.ColorResource(name: "launchScreen-background", bundle: resourceBundle)

    /// The "secondOnboardingScreenText" asset catalog color resource.
    static let secondOnboardingScreenText = DeveloperToolsSupport.ColorResource(name: "secondOnboardingScreenText", bundle: resourceBundle)

    /// The "sectionHeaderColor" asset catalog color resource.
    static let sectionHeader = DeveloperToolsSupport.ColorResource(name: "sectionHeaderColor", bundle: resourceBundle)

    /// The "tileBackground" asset catalog color resource.
    static let tileBackground = DeveloperToolsSupport.ColorResource(name: "tileBackground", bundle: resourceBundle)

    /// The "vibrantTextColor" asset catalog color resource.
    static let vibrantText = DeveloperToolsSupport.ColorResource(name: "vibrantTextColor", bundle: resourceBundle)

}

// MARK: - Image Symbols -

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension DeveloperToolsSupport.ImageResource {

    /// The "Icons - Test Tube" asset catalog image resource.
    static let iconsTestTube = DeveloperToolsSupport.ImageResource(name: "Icons - Test Tube", bundle: resourceBundle)

    /// The "Onboarding" asset catalog resource namespace.
    enum Onboarding {

        /// The "Onboarding/Rocket" asset catalog image resource.
        static let rocket = DeveloperToolsSupport.ImageResource(name: "Onboarding/Rocket", bundle: resourceBundle)

    }

    /// The "accountCloudKit" asset catalog image resource.
    static let accountCloudKit = DeveloperToolsSupport.ImageResource(name: "accountCloudKit", bundle: resourceBundle)

    /// The "fas-ambulance" asset catalog image resource.
    static let fasAmbulance = DeveloperToolsSupport.ImageResource(name: "fas-ambulance", bundle: resourceBundle)

    /// The "flag.at" asset catalog image resource.
    static let flagAt = DeveloperToolsSupport.ImageResource(name: "flag.at", bundle: resourceBundle)

    /// The "icon-trans" asset catalog image resource.
    static let iconTrans = DeveloperToolsSupport.ImageResource(name: "icon-trans", bundle: resourceBundle)

    /// The "img_focus_wordmark" asset catalog image resource.
    static let imgFocusWordmark = DeveloperToolsSupport.ImageResource(name: "img_focus_wordmark", bundle: resourceBundle)

    /// The "maki-bus" asset catalog image resource.
    static let makiBus = DeveloperToolsSupport.ImageResource(name: "maki-bus", bundle: resourceBundle)

    /// The "timelineStar" asset catalog image resource.
    static let timelineStar = DeveloperToolsSupport.ImageResource(name: "timelineStar", bundle: resourceBundle)

}

// MARK: - Color Symbol Extensions -

#if canImport(AppKit)
@available(macOS 14.0, *)
@available(macCatalyst, unavailable)
extension AppKit.NSColor {

    /// The "Domain" asset catalog resource namespace.
    enum Domain {

        /// The "Domain/cover" asset catalog color.
        static var cover: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
            .init(resource: .Domain.cover)
#else
            .init()
#endif
        }

    }

    /// The "WidgetBackground" asset catalog color.
    static var widgetBackground: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .widgetBackground)
#else
        .init()
#endif
    }

    /// The "bazquxColor" asset catalog color.
    static var bazqux: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .bazqux)
#else
        .init()
#endif
    }

    /// The "launchScreen-background" asset catalog color.
    static var launchScreenBackground: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .launchScreenBackground)
#else
        .init()
#endif
    }

    /// The "secondOnboardingScreenText" asset catalog color.
    static var secondOnboardingScreenText: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .secondOnboardingScreenText)
#else
        .init()
#endif
    }

    /// The "sectionHeaderColor" asset catalog color.
    static var sectionHeader: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .sectionHeader)
#else
        .init()
#endif
    }

    /// The "tileBackground" asset catalog color.
    static var tileBackground: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .tileBackground)
#else
        .init()
#endif
    }

    /// The "vibrantTextColor" asset catalog color.
    static var vibrantText: AppKit.NSColor {
#if !targetEnvironment(macCatalyst)
        .init(resource: .vibrantText)
#else
        .init()
#endif
    }

}
#endif

#if canImport(UIKit)
@available(iOS 17.0, tvOS 17.0, *)
@available(watchOS, unavailable)
extension UIKit.UIColor {

    /// The "Domain" asset catalog resource namespace.
    enum Domain {

        /// The "Domain/cover" asset catalog color.
        static var cover: UIKit.UIColor {
#if !os(watchOS)
            .init(resource: .Domain.cover)
#else
            .init()
#endif
        }

    }

    /// The "WidgetBackground" asset catalog color.
    static var widgetBackground: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .widgetBackground)
#else
        .init()
#endif
    }

    /// The "bazquxColor" asset catalog color.
    static var bazqux: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .bazqux)
#else
        .init()
#endif
    }

    /// The "launchScreen-background" asset catalog color.
    static var launchScreenBackground: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .launchScreenBackground)
#else
        .init()
#endif
    }

    /// The "secondOnboardingScreenText" asset catalog color.
    static var secondOnboardingScreenText: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .secondOnboardingScreenText)
#else
        .init()
#endif
    }

    /// The "sectionHeaderColor" asset catalog color.
    static var sectionHeader: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .sectionHeader)
#else
        .init()
#endif
    }

    /// The "tileBackground" asset catalog color.
    static var tileBackground: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .tileBackground)
#else
        .init()
#endif
    }

    /// The "vibrantTextColor" asset catalog color.
    static var vibrantText: UIKit.UIColor {
#if !os(watchOS)
        .init(resource: .vibrantText)
#else
        .init()
#endif
    }

}
#endif

#if canImport(SwiftUI)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension SwiftUI.Color {

    /// The "Domain" asset catalog resource namespace.
    enum Domain {

        /// The "Domain/cover" asset catalog color.
        static var cover: SwiftUI.Color { .init(.Domain.cover) }

    }

    /// The "WidgetBackground" asset catalog color.
    static var widgetBackground: SwiftUI.Color { .init(.widgetBackground) }

    /// The "bazquxColor" asset catalog color.
    static var bazqux: SwiftUI.Color { .init(.bazqux) }

    /// The "launchScreen-background" asset catalog color.
    static var launchScreenBackground: SwiftUI.Color { .init(.launchScreenBackground) }

    /// The "secondOnboardingScreenText" asset catalog color.
    static var secondOnboardingScreenText: SwiftUI.Color { .init(.secondOnboardingScreenText) }

    /// The "sectionHeaderColor" asset catalog color.
    static var sectionHeader: SwiftUI.Color { .init(.sectionHeader) }

    /// The "tileBackground" asset catalog color.
    static var tileBackground: SwiftUI.Color { .init(.tileBackground) }

    /// The "vibrantTextColor" asset catalog color.
    static var vibrantText: SwiftUI.Color { .init(.vibrantText) }

}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {

    /// The "WidgetBackground" asset catalog color.
    static var widgetBackground: SwiftUI.Color { .init(.widgetBackground) }

    /// The "bazquxColor" asset catalog color.
    static var bazqux: SwiftUI.Color { .init(.bazqux) }

    /// The "launchScreen-background" asset catalog color.
    static var launchScreenBackground: SwiftUI.Color { .init(.launchScreenBackground) }

    /// The "secondOnboardingScreenText" asset catalog color.
    static var secondOnboardingScreenText: SwiftUI.Color { .init(.secondOnboardingScreenText) }

    /// The "sectionHeaderColor" asset catalog color.
    static var sectionHeader: SwiftUI.Color { .init(.sectionHeader) }

    /// The "tileBackground" asset catalog color.
    static var tileBackground: SwiftUI.Color { .init(.tileBackground) }

    /// The "vibrantTextColor" asset catalog color.
    static var vibrantText: SwiftUI.Color { .init(.vibrantText) }

}
#endif

// MARK: - Image Symbol Extensions -

#if canImport(AppKit)
@available(macOS 14.0, *)
@available(macCatalyst, unavailable)
extension AppKit.NSImage {

    /// The "Icons - Test Tube" asset catalog image.
    static var iconsTestTube: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .iconsTestTube)
#else
        .init()
#endif
    }

    /// The "Onboarding" asset catalog resource namespace.
    enum Onboarding {

        /// The "Onboarding/Rocket" asset catalog image.
        static var rocket: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
            .init(resource: .Onboarding.rocket)
#else
            .init()
#endif
        }

    }

    /// The "accountCloudKit" asset catalog image.
    static var accountCloudKit: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .accountCloudKit)
#else
        .init()
#endif
    }

    /// The "fas-ambulance" asset catalog image.
    static var fasAmbulance: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .fasAmbulance)
#else
        .init()
#endif
    }

    /// The "flag.at" asset catalog image.
    static var flagAt: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .flagAt)
#else
        .init()
#endif
    }

    /// The "icon-trans" asset catalog image.
    static var iconTrans: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .iconTrans)
#else
        .init()
#endif
    }

    /// The "img_focus_wordmark" asset catalog image.
    static var imgFocusWordmark: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .imgFocusWordmark)
#else
        .init()
#endif
    }

    /// The "maki-bus" asset catalog image.
    static var makiBus: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .makiBus)
#else
        .init()
#endif
    }

    /// The "timelineStar" asset catalog image.
    static var timelineStar: AppKit.NSImage {
#if !targetEnvironment(macCatalyst)
        .init(resource: .timelineStar)
#else
        .init()
#endif
    }

}
#endif

#if canImport(UIKit)
@available(iOS 17.0, tvOS 17.0, *)
@available(watchOS, unavailable)
extension UIKit.UIImage {

    /// The "Icons - Test Tube" asset catalog image.
    static var iconsTestTube: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .iconsTestTube)
#else
        .init()
#endif
    }

    /// The "Onboarding" asset catalog resource namespace.
    enum Onboarding {

        /// The "Onboarding/Rocket" asset catalog image.
        static var rocket: UIKit.UIImage {
#if !os(watchOS)
            .init(resource: .Onboarding.rocket)
#else
            .init()
#endif
        }

    }

    /// The "accountCloudKit" asset catalog image.
    static var accountCloudKit: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .accountCloudKit)
#else
        .init()
#endif
    }

    /// The "fas-ambulance" asset catalog image.
    static var fasAmbulance: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .fasAmbulance)
#else
        .init()
#endif
    }

    /// The "flag.at" asset catalog image.
    static var flagAt: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .flagAt)
#else
        .init()
#endif
    }

    /// The "icon-trans" asset catalog image.
    static var iconTrans: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .iconTrans)
#else
        .init()
#endif
    }

    /// The "img_focus_wordmark" asset catalog image.
    static var imgFocusWordmark: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .imgFocusWordmark)
#else
        .init()
#endif
    }

    /// The "maki-bus" asset catalog image.
    static var makiBus: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .makiBus)
#else
        .init()
#endif
    }

    /// The "timelineStar" asset catalog image.
    static var timelineStar: UIKit.UIImage {
#if !os(watchOS)
        .init(resource: .timelineStar)
#else
        .init()
#endif
    }

}
#endif

// MARK: - Thinnable Asset Support -

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@available(watchOS, unavailable)
extension DeveloperToolsSupport.ColorResource {

    private init?(thinnableName: Swift.String, bundle: Foundation.Bundle) {
#if canImport(AppKit) && os(macOS)
        if AppKit.NSColor(named: NSColor.Name(thinnableName), bundle: bundle) != nil {
            self.init(name: thinnableName, bundle: bundle)
        } else {
            return nil
        }
#elseif canImport(UIKit) && !os(watchOS)
        if UIKit.UIColor(named: thinnableName, in: bundle, compatibleWith: nil) != nil {
            self.init(name: thinnableName, bundle: bundle)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}

#if canImport(AppKit)
@available(macOS 14.0, *)
@available(macCatalyst, unavailable)
extension AppKit.NSColor {

    private convenience init?(thinnableResource: DeveloperToolsSupport.ColorResource?) {
#if !targetEnvironment(macCatalyst)
        if let resource = thinnableResource {
            self.init(resource: resource)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}
#endif

#if canImport(UIKit)
@available(iOS 17.0, tvOS 17.0, *)
@available(watchOS, unavailable)
extension UIKit.UIColor {

    private convenience init?(thinnableResource: DeveloperToolsSupport.ColorResource?) {
#if !os(watchOS)
        if let resource = thinnableResource {
            self.init(resource: resource)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}
#endif

#if canImport(SwiftUI)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension SwiftUI.Color {

    private init?(thinnableResource: DeveloperToolsSupport.ColorResource?) {
        if let resource = thinnableResource {
            self.init(resource)
        } else {
            return nil
        }
    }

}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {

    private init?(thinnableResource: DeveloperToolsSupport.ColorResource?) {
        if let resource = thinnableResource {
            self.init(resource)
        } else {
            return nil
        }
    }

}
#endif

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@available(watchOS, unavailable)
extension DeveloperToolsSupport.ImageResource {

    private init?(thinnableName: Swift.String, bundle: Foundation.Bundle) {
#if canImport(AppKit) && os(macOS)
        if bundle.image(forResource: NSImage.Name(thinnableName)) != nil {
            self.init(name: thinnableName, bundle: bundle)
        } else {
            return nil
        }
#elseif canImport(UIKit) && !os(watchOS)
        if UIKit.UIImage(named: thinnableName, in: bundle, compatibleWith: nil) != nil {
            self.init(name: thinnableName, bundle: bundle)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}

#if canImport(AppKit)
@available(macOS 14.0, *)
@available(macCatalyst, unavailable)
extension AppKit.NSImage {

    private convenience init?(thinnableResource: DeveloperToolsSupport.ImageResource?) {
#if !targetEnvironment(macCatalyst)
        if let resource = thinnableResource {
            self.init(resource: resource)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}
#endif

#if canImport(UIKit)
@available(iOS 17.0, tvOS 17.0, *)
@available(watchOS, unavailable)
extension UIKit.UIImage {

    private convenience init?(thinnableResource: DeveloperToolsSupport.ImageResource?) {
#if !os(watchOS)
        if let resource = thinnableResource {
            self.init(resource: resource)
        } else {
            return nil
        }
#else
        return nil
#endif
    }

}
#endif

