/// `// MARK: - Backwards Deployment Support -`: for a deployment target before iOS 17 and macOS 14,
/// the file declares `ColorResource` and `ImageResource` itself, with the initialisers of the
/// framework types that take them, as Xcode writes them (the same text in Xcode 15.1's and 15.3's
/// files). It is the file's last section and, as in Xcode's files, ends without a line break.
enum BackwardsDeploymentSupport {
    /// Xcode's `ColorResource` or `ImageResource` declaration, ending in a line break.
    private static func resourceStruct(_ article: String, _ kind: String, _ type: String) -> String {
        """
        /// \(article.capitalized) \(kind) resource.
        struct \(type)Resource: Hashable {

            /// An asset catalog \(kind) resource name.
            fileprivate let name: String

            /// An asset catalog \(kind) resource bundle.
            fileprivate let bundle: Bundle

            /// Initialize \(article) `\(type)Resource` with `name` and `bundle`.
            init(name: String, bundle: Bundle) {
                self.name = name
                self.bundle = bundle
            }

        }

        """
    }

    static let text = """
    // MARK: - Backwards Deployment Support -

    \(resourceStruct("a", "color", "Color"))
    \(resourceStruct("an", "image", "Image"))
    #if canImport(AppKit)
    @available(macOS 10.13, *)
    @available(macCatalyst, unavailable)
    extension AppKit.NSColor {

        /// Initialize a `NSColor` with a color resource.
        convenience init(resource: ColorResource) {
            self.init(named: NSColor.Name(resource.name), bundle: resource.bundle)!
        }

    }

    protocol _ACResourceInitProtocol {}
    extension AppKit.NSImage: _ACResourceInitProtocol {}

    @available(macOS 10.7, *)
    @available(macCatalyst, unavailable)
    extension _ACResourceInitProtocol {

        /// Initialize a `NSImage` with an image resource.
        init(resource: ImageResource) {
            self = resource.bundle.image(forResource: NSImage.Name(resource.name))! as! Self
        }

    }
    #endif

    #if canImport(UIKit)
    @available(iOS 11.0, tvOS 11.0, *)
    @available(watchOS, unavailable)
    extension UIKit.UIColor {

        /// Initialize a `UIColor` with a color resource.
        convenience init(resource: ColorResource) {
    #if !os(watchOS)
            self.init(named: resource.name, in: resource.bundle, compatibleWith: nil)!
    #else
            self.init()
    #endif
        }

    }

    @available(iOS 11.0, tvOS 11.0, *)
    @available(watchOS, unavailable)
    extension UIKit.UIImage {

        /// Initialize a `UIImage` with an image resource.
        convenience init(resource: ImageResource) {
    #if !os(watchOS)
            self.init(named: resource.name, in: resource.bundle, compatibleWith: nil)!
    #else
            self.init()
    #endif
        }

    }
    #endif

    #if canImport(SwiftUI)
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    extension SwiftUI.Color {

        /// Initialize a `Color` with a color resource.
        init(_ resource: ColorResource) {
            self.init(resource.name, bundle: resource.bundle)
        }

    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    extension SwiftUI.Image {

        /// Initialize an `Image` with an image resource.
        init(_ resource: ImageResource) {
            self.init(resource.name, bundle: resource.bundle)
        }

    }
    #endif
    """
}
