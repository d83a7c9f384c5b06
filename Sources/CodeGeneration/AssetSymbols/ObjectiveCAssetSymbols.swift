import AssetModel

/// `GeneratedAssetSymbols.h` as Xcode 16 and later write it: the bundle identifier, then one
/// `NSString` constant per colour and per image, colours first, each sorted by name. A constant
/// that two names read as (`emoji 1`, `emoji_1`) is declared once, a `#warning` in the later one's
/// place (a second definition would not compile).
public struct ObjectiveCAssetSymbols {
    public var tree: AssetSymbolTree
    public var options: AssetSymbolOptions

    public init(tree: AssetSymbolTree, options: AssetSymbolOptions) { (self.tree, self.options) = (tree, options) }

    public var text: String {
        var out = """
            #import <Foundation/Foundation.h>

            #if __has_attribute(swift_private)
            #define AC_SWIFT_PRIVATE __attribute__((swift_private))
            #else
            #define AC_SWIFT_PRIVATE
            #endif

            /// The resource bundle ID.
            static NSString * const ACBundleID AC_SWIFT_PRIVATE = \(StringLiterals.objectiveC(options.bundleIdentifier));


            """
        var declared: Set<String> = []
        for kind in [AssetSymbolTree.Kind.color, .image] {
            for asset in tree.assets(kind) {
                let constant = AssetSymbolTree.objectiveCConstant(kind, name: asset.name)
                guard declared.insert(constant).inserted else {
                    if options.warnings {
                        out += "#warning The \(SwiftAssetSymbols.quotedForComment(asset.name)) \(kind.rawValue) asset name resolves to the symbol "
                            + "\"\(constant)\" which already exists. Try renaming the asset.\n\n"
                    }
                    continue
                }
                out += "/// The \(SwiftAssetSymbols.quotedForComment(asset.name)) asset catalog \(kind.rawValue) resource.\n"
                out += "static NSString * const \(constant) AC_SWIFT_PRIVATE = \(StringLiterals.objectiveC(asset.name));\n\n"
            }
        }
        return out + "#undef AC_SWIFT_PRIVATE\n"
    }
}

/// `GeneratedAssetSymbols-Index.plist`, which Xcode's indexer reads (swift-build only passes its
/// path on): each colour and image with its catalog, set folder and both symbols.
public struct AssetSymbolIndex {
    public var tree: AssetSymbolTree

    public init(tree: AssetSymbolTree) {
        self.tree = tree
    }

    public var text: String {
        func entries(_ kind: AssetSymbolTree.Kind) -> PlistValue {
            .array(tree.entries(kind).map { asset, member in
                .dictionary([
                    "catalogPath": .string(asset.catalogPath),
                    "objcSymbol": .string(AssetSymbolTree.objectiveCConstant(kind, name: asset.name)),
                    "relativePath": .string("./" + asset.setPath),
                    "swiftSymbol": .string(member),
                ])
            })
        }
        return PropertyList.xml(.dictionary(["colors": entries(.color), "images": entries(.image), "symbols": .array([])]))
    }
}
