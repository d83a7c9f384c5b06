/// `// MARK: - Thinnable Asset Support -`: the private initialisers Xcode 16 and later write after
/// the extensions (failable ones that find nothing when a thinned app lacks the asset), the same
/// in every file but for the availabilities and the resource types' module.
struct ThinnableSupport {
    var dialect: SwiftAssetSymbols.Dialect
    var frameworks: Set<AssetSymbolOptions.Framework>
    /// The kinds the catalogs hold none of: Xcode leaves out their AppKit initialiser (seen in
    /// every file of a catalog without colours, or without images; the UIKit one stays).
    var emptyKinds: Set<AssetSymbolTree.Kind> = []

    var text: String {
        var out = "// MARK: - Thinnable Asset Support -\n\n"
        for kind in [AssetSymbolTree.Kind.color, .image] {
            out += resourceInitializer(kind)
            if frameworks.contains(.appKit), !emptyKinds.contains(kind) {
                out += "#if canImport(AppKit)\n@available(\(dialect.appKit(kind)))\n@available(macCatalyst, unavailable)\n"
                out += convenienceInitializer(kind == .color ? "AppKit.NSColor" : "AppKit.NSImage", kind, condition: "!targetEnvironment(macCatalyst)")
                out += "#endif\n\n"
            }
            if frameworks.contains(.uiKit) {
                out += "#if canImport(UIKit)\n@available(\(dialect.uiKit))\n@available(watchOS, unavailable)\n"
                out += convenienceInitializer(kind == .color ? "UIKit.UIColor" : "UIKit.UIImage", kind, condition: "!os(watchOS)")
                out += "#endif\n\n"
            }
            if kind == .color, frameworks.contains(.swiftUI) {
                out += "#if canImport(SwiftUI)\n@available(\(dialect.swiftUI))\n" + swiftUIInitializer("SwiftUI.Color") + "\n"
                out += "@available(\(dialect.swiftUI))\n" + swiftUIInitializer("SwiftUI.ShapeStyle where Self == SwiftUI.Color")
                out += "#endif\n\n"
            }
        }
        return out
    }

    private func resourceInitializer(_ kind: AssetSymbolTree.Kind) -> String {
        let appKitLookup = kind == .color
            ? "AppKit.NSColor(named: NSColor.Name(thinnableName), bundle: bundle)"
            : "bundle.image(forResource: NSImage.Name(thinnableName))"
        let uiKitType = kind == .color ? "UIKit.UIColor" : "UIKit.UIImage"
        let found = """
             != nil {
                        self.init(name: thinnableName, bundle: bundle)
                    } else {
                        return nil
                    }

            """
        return """
            @available(\(dialect.resource(kind)))
            @available(watchOS, unavailable)
            extension \(dialect.resourceType(kind)) {

                private init?(thinnableName: Swift.String, bundle: Foundation.Bundle) {
            #if canImport(AppKit) && os(macOS)
                    if \(appKitLookup)\(found)#elseif canImport(UIKit) && !os(watchOS)
                    if \(uiKitType)(named: thinnableName, in: bundle, compatibleWith: nil)\(found)#else
                    return nil
            #endif
                }

            }


            """
    }

    private func convenienceInitializer(_ type: String, _ kind: AssetSymbolTree.Kind, condition: String) -> String {
        """
        extension \(type) {

            private convenience init?(thinnableResource: \(dialect.resourceType(kind))?) {
        #if \(condition)
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

        """
    }

    private func swiftUIInitializer(_ type: String) -> String {
        """
        extension \(type) {

            private init?(thinnableResource: \(dialect.resourceType(.color))?) {
                if let resource = thinnableResource {
                    self.init(resource)
                } else {
                    return nil
                }
            }

        }

        """
    }
}
