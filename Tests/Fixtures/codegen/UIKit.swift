// A stand-in for the few UIKit symbols assetc's generated accessors use, so the generated Swift
// can be type-checked on Linux, where UIKit does not exist. Signatures and isolation follow the
// iOS SDK as read from its documentation: UIImage, UIColor, UIImageAsset and UITraitCollection are
// Sendable and nonisolated (UITraitCollection.current is thread-local);
// UIScreen and UIDevice belong to the main actor.
import Foundation

open class UIImage: @unchecked Sendable {
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public init?(data: Data, scale: CGFloat) { return nil }
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { return nil }
    public enum ResizingMode: Int, Sendable { case tile, stretch }
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage { self }
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage { self }
    open var scale: CGFloat { 1 }
    open var imageAsset: UIImageAsset? { nil }
}

public struct UIEdgeInsets: Sendable, Hashable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

open class UIImageAsset: @unchecked Sendable {
    public init() {}
    open func image(with traitCollection: UITraitCollection) -> UIImage { fatalError("stand-in") }
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {}
}

@available(iOS 9.0, *)
open class NSDataAsset {
    public init?(name: String, bundle: Bundle) { return nil }
    open var name: String { "" }
    open var data: Data { Data() }
    open var typeIdentifier: String { "" }
}

open class UIColor: @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(iOS 13.0, tvOS 13.0, *)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { return nil }
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(white: CGFloat, alpha: CGFloat) {}
    private static var standIn: UIColor { UIColor(white: 0, alpha: 1) }
    open class var label: UIColor { standIn }
    open class var secondaryLabel: UIColor { standIn }
    open class var tertiaryLabel: UIColor { standIn }
    open class var quaternaryLabel: UIColor { standIn }
    open class var systemBackground: UIColor { standIn }
    open class var secondarySystemBackground: UIColor { standIn }
    open class var tertiarySystemBackground: UIColor { standIn }
    open class var systemGroupedBackground: UIColor { standIn }
    open class var secondarySystemGroupedBackground: UIColor { standIn }
    open class var tertiarySystemGroupedBackground: UIColor { standIn }
    open class var systemFill: UIColor { standIn }
    open class var secondarySystemFill: UIColor { standIn }
    open class var tertiarySystemFill: UIColor { standIn }
    open class var quaternarySystemFill: UIColor { standIn }
    open class var placeholderText: UIColor { standIn }
    open class var separator: UIColor { standIn }
    open class var opaqueSeparator: UIColor { standIn }
    open class var link: UIColor { standIn }
    open class var systemBlue: UIColor { standIn }
    open class var systemGreen: UIColor { standIn }
    open class var systemIndigo: UIColor { standIn }
    open class var systemOrange: UIColor { standIn }
    open class var systemPink: UIColor { standIn }
    open class var systemPurple: UIColor { standIn }
    open class var systemRed: UIColor { standIn }
    open class var systemTeal: UIColor { standIn }
    open class var systemYellow: UIColor { standIn }
    open class var systemGray: UIColor { standIn }
    open class var systemGray2: UIColor { standIn }
    open class var systemGray3: UIColor { standIn }
    open class var systemGray4: UIColor { standIn }
    open class var systemGray5: UIColor { standIn }
    open class var systemGray6: UIColor { standIn }
    open class var darkText: UIColor { standIn }
    open class var lightText: UIColor { standIn }
    open class var black: UIColor { standIn }
    open class var white: UIColor { standIn }
    open class var clear: UIColor { standIn }
    open class var gray: UIColor { standIn }
    open class var lightGray: UIColor { standIn }
    open class var darkGray: UIColor { standIn }
    @available(iOS 15.0, tvOS 15.0, *) open class var systemMint: UIColor { standIn }
    @available(iOS 15.0, tvOS 15.0, *) open class var systemCyan: UIColor { standIn }
    @available(iOS 15.0, tvOS 15.0, *) open class var systemBrown: UIColor { standIn }
}

@MainActor open class UIScreen {
    public class var main: UIScreen { UIScreen() }
    open var scale: CGFloat { 2 }
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: 320, height: 568) }
}

public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac, vision }

@MainActor open class UIDevice {
    public class var current: UIDevice { UIDevice() }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
}

public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
public enum UIAccessibilityContrast: Int, Sendable { case unspecified = -1, normal, high }

open class UITraitCollection: @unchecked Sendable {
    public init() {}
    public init(traitsFrom traitCollections: [UITraitCollection]) {}
    public init(displayScale: CGFloat) {}
    public init(userInterfaceIdiom: UIUserInterfaceIdiom) {}
    public init(userInterfaceStyle: UIUserInterfaceStyle) {}
    public init(accessibilityContrast: UIAccessibilityContrast) {}
    @available(iOS 13.0, tvOS 13.0, *)
    public class var current: UITraitCollection { UITraitCollection() }
    open var displayScale: CGFloat { 0 }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
    open var userInterfaceStyle: UIUserInterfaceStyle { .light }
    open var accessibilityContrast: UIAccessibilityContrast { .normal }
}
