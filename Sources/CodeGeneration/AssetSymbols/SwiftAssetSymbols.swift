/// `GeneratedAssetSymbols.swift` as Xcode 16 and later write it (the layout of Xcode 16.3's and
/// 26.2's files, byte for byte; docs/asset-symbols.md): `ColorResource` and `ImageResource`
/// members, then, with extensions on, the `NSColor`, `UIColor`, `Color`, `ShapeStyle`, `NSImage`
/// and `UIImage` members and the thinnable helpers; for an older deployment target the file also
/// declares the two resource types itself.
public struct SwiftAssetSymbols {
    public var tree: AssetSymbolTree
    public var options: AssetSymbolOptions

    public init(tree: AssetSymbolTree, options: AssetSymbolOptions) { (self.tree, self.options) = (tree, options) }

    /// Availabilities and type names: the modern file's, or the backwards-deployment file's.
    struct Dialect {
        /// The availability of each kind's resource type, and of its AppKit type's members.
        var resourceAvailability: (color: String, image: String)
        var appKitAvailability: (color: String, image: String)
        var uiKit: String
        var swiftUI: String
        /// `DeveloperToolsSupport.` in front of the resource types, or nothing when the file
        /// declares them.
        var typePrefix: String

        static let modern = Dialect(resourceAvailability: ("iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *", "iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *"),
                                    appKitAvailability: ("macOS 14.0, *", "macOS 14.0, *"), uiKit: "iOS 17.0, tvOS 17.0, *",
                                    swiftUI: "iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *", typePrefix: "DeveloperToolsSupport.")
        static let backwards = Dialect(resourceAvailability: ("iOS 11.0, macOS 10.13, tvOS 11.0, *", "iOS 11.0, macOS 10.7, tvOS 11.0, *"),
                                       appKitAvailability: ("macOS 10.13, *", "macOS 10.7, *"), uiKit: "iOS 11.0, tvOS 11.0, *",
                                       swiftUI: "iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *", typePrefix: "")

        func resource(_ kind: AssetSymbolTree.Kind) -> String { kind == .color ? resourceAvailability.color : resourceAvailability.image }
        func appKit(_ kind: AssetSymbolTree.Kind) -> String { kind == .color ? appKitAvailability.color : appKitAvailability.image }
        func resourceType(_ kind: AssetSymbolTree.Kind) -> String { typePrefix + (kind == .color ? "ColorResource" : "ImageResource") }
    }

    var dialect: Dialect { options.backwardsDeployment ? .backwards : .modern }

    private func supports(_ framework: AssetSymbolOptions.Framework) -> Bool {
        options.extensions && options.frameworks.contains(framework)
    }

    public var text: String {
        var out = imports + bundle
        for kind in [AssetSymbolTree.Kind.color, .image] { out += resourceSection(kind) }
        if options.extensions {
            out += colorExtensions + imageExtensions
            let emptyKinds = Set([AssetSymbolTree.Kind.color, .image].filter { nodes($0).isEmpty })
            out += ThinnableSupport(dialect: dialect, frameworks: options.frameworks, emptyKinds: emptyKinds).text
        }
        if options.backwardsDeployment {
            out += BackwardsDeploymentSupport.text
        }
        return out
    }

    private var imports: String {
        var out = "import Foundation\n"
        for framework in ["AppKit", "UIKit", "SwiftUI"] where supports(AssetSymbolOptions.Framework(rawValue: framework)!) {
            out += "#if canImport(\(framework))\nimport \(framework)\n#endif\n"
        }
        return out + "#if canImport(DeveloperToolsSupport)\nimport DeveloperToolsSupport\n#endif\n\n"
    }

    private var bundle: String {
        """
        #if SWIFT_PACKAGE
        private let resourceBundle = Foundation.Bundle.module
        #else
        private class ResourceBundleClass {}
        private let resourceBundle = Foundation.Bundle(for: ResourceBundleClass.self)
        #endif


        """
    }

    private func nodes(_ kind: AssetSymbolTree.Kind) -> [AssetSymbolTree.Node] { kind == .color ? tree.colors : tree.images }

    private func resourceSection(_ kind: AssetSymbolTree.Kind) -> String {
        let type = dialect.resourceType(kind)
        var out = "// MARK: - \(kind == .color ? "Color" : "Image") Symbols -\n\n"
        out += "@available(\(dialect.resource(kind)))\nextension \(type) {\n\n"
        out += members(nodes(kind), kind: kind, depth: 1, framework: nil) { indent, member, asset, _ in
            "\(indent)/// The \(Self.quotedForComment(asset.name)) asset catalog \(kind.rawValue) resource.\n"
                + "\(indent)static let \(member) = \(type)(name: \(StringLiterals.swift(asset.name)), bundle: resourceBundle)\n\n"
        }
        return out + "}\n\n"
    }

    /// One framework type's extension members (`UIColor`, `Color`…), namespaces nested.
    private struct Extension {
        var framework: AssetSymbolOptions.Framework
        /// `UIKit.UIColor`.
        var type: String
        /// `Color` as the conflict warning names the type.
        var shortName: String
        var conflicts: Set<String>
        /// The member's body lines after its declaration, for a qualified member (`Colors.accent`).
        var body: (_ indent: String, _ qualified: String) -> String
    }

    /// The AppKit and the UIKit extension of one kind, each in its `#if canImport` block, when asked for.
    private func platformExtensions(_ kind: AssetSymbolTree.Kind, appKitAvailability: String,
                                    appKit: (type: String, shortName: String, conflicts: Set<String>),
                                    uiKit: (type: String, shortName: String, conflicts: Set<String>)) -> String {
        typealias Block = (framework: AssetSymbolOptions.Framework, module: String, availability: String, unavailableOn: String,
                           type: (type: String, shortName: String, conflicts: Set<String>), condition: String)
        let blocks: [Block] = [(.appKit, "AppKit", appKitAvailability, "macCatalyst", appKit, "!targetEnvironment(macCatalyst)"),
                               (.uiKit, "UIKit", dialect.uiKit, "watchOS", uiKit, "!os(watchOS)")]
        var out = ""
        for block in blocks where supports(block.framework) {
            out += "#if canImport(\(block.module))\n@available(\(block.availability))\n@available(\(block.unavailableOn), unavailable)\n"
            out += extensionBody(kind, Extension(framework: block.framework, type: block.type.type, shortName: block.type.shortName,
                                                 conflicts: block.type.conflicts, body: Self.platformBody(block.condition)))
            out += "#endif\n\n"
        }
        return out
    }

    private var colorExtensions: String {
        var out = "// MARK: - Color Symbol Extensions -\n\n"
            + platformExtensions(.color, appKitAvailability: dialect.appKit(.color), appKit: ("AppKit.NSColor", "NSColor", FrameworkMembers.nsColor),
                                 uiKit: ("UIKit.UIColor", "UIColor", FrameworkMembers.uiColor))
        guard supports(.swiftUI) else { return out }
        let swiftUI = Extension(framework: .swiftUI, type: "SwiftUI.Color", shortName: "Color", conflicts: FrameworkMembers.swiftUIColor) {
            _, qualified in " { .init(.\(qualified)) }\n"
        }
        out += "#if canImport(SwiftUI)\n@available(\(dialect.swiftUI))\n" + extensionBody(.color, swiftUI) + "\n"
        // A protocol extension cannot nest types: ShapeStyle gets the top-level members only,
        // and a conflicting one is left out without a word, as Xcode does.
        var shapeStyle = swiftUI
        shapeStyle.type = "SwiftUI.ShapeStyle where Self == SwiftUI.Color"
        out += "@available(\(dialect.swiftUI))\n"
        out += extensionBody(.color, shapeStyle, memberType: "SwiftUI.Color", topLevelOnly: true, warnsConflicts: false)
        out += "#endif\n\n"
        return out
    }

    private var imageExtensions: String {
        "// MARK: - Image Symbol Extensions -\n\n"
            + platformExtensions(.image, appKitAvailability: dialect.appKit(.image), appKit: ("AppKit.NSImage", "NSImage", FrameworkMembers.nsImage),
                                 uiKit: ("UIKit.UIImage", "UIImage", FrameworkMembers.uiImage))
    }

    /// `{` … `.init(resource: .member)` under a platform condition, `.init()` elsewhere … `}`.
    private static func platformBody(_ condition: String) -> (String, String) -> String {
        { indent, qualified in
            " {\n#if \(condition)\n\(indent)    .init(resource: .\(qualified))\n#else\n\(indent)    .init()\n#endif\n\(indent)}\n"
        }
    }

    private func extensionBody(_ kind: AssetSymbolTree.Kind, _ target: Extension, memberType: String? = nil,
                               topLevelOnly: Bool = false, warnsConflicts: Bool = true) -> String {
        let memberType = memberType ?? target.type
        var out = "extension \(target.type) {\n\n"
        let nodes = topLevelOnly ? nodes(kind).filter { if case .namespace = $0 { false } else { true } } : nodes(kind)
        out += members(nodes, kind: kind, depth: 1, framework: target) { indent, member, asset, qualified in
            "\(indent)/// The \(Self.quotedForComment(asset.name)) asset catalog \(kind.rawValue).\n"
                + "\(indent)static var \(member): \(memberType)" + target.body(indent, qualified) + "\n"
        } conflict: { indent, member, asset in
            guard warnsConflicts, options.warnings else { return "" }
            let message = "The \"\(asset.name)\" \(kind.rawValue) asset name resolves to a conflicting \(target.shortName) symbol "
                + "\"\(member.trimmingBackticks())\". Try renaming the asset."
            return "\(indent)#warning(\(StringLiterals.swift(message)))\n\n"
        }
        return out + "}\n"
    }

    /// The members of `nodes` at `depth`, namespaces as nested enums; `member` writes one, given
    /// its indent, identifier, asset and the identifier qualified by its namespaces.
    private func members(_ nodes: [AssetSymbolTree.Node], kind: AssetSymbolTree.Kind, depth: Int, framework: Extension?, qualifier: String = "",
                         member write: (String, String, AssetSymbolTree.Asset, String) -> String,
                         conflict: ((String, String, AssetSymbolTree.Asset) -> String)? = nil) -> String {
        let indent = String(repeating: "    ", count: depth)
        var out = ""
        for node in nodes {
            switch node {
            case .member(let member, let asset):
                if depth == 1, let framework, framework.conflicts.contains(member.trimmingBackticks()) {
                    out += conflict?(indent, member, asset) ?? ""
                } else {
                    out += write(indent, member, asset, qualifier + member)
                }
            case .namespace(let name, let path, let children):
                out += "\(indent)/// The \(Self.quotedForComment(path)) asset catalog resource namespace.\n\(indent)enum \(name) {\n\n"
                out += members(children, kind: kind, depth: depth + 1, framework: framework, qualifier: qualifier + name + ".",
                               member: write, conflict: conflict)
                out += "\(indent)}\n\n"
            case .collision(let asset, let member):
                guard options.warnings else { continue }
                let message = "The \"\(asset.name)\" \(kind.rawValue) asset name resolves to the symbol \"\(member.trimmingBackticks())\" "
                    + "which already exists. Try renaming the asset."
                out += "\(indent)#warning(\(StringLiterals.swift(message)))\n\n"
            }
        }
        return out
    }

    /// A name in a `///` comment: quoted, a line break shown as `\n` so the comment stays one line.
    static func quotedForComment(_ name: String) -> String {
        "\"" + name.unicodeScalars.map { $0 == "\n" ? "\\n" : $0 == "\r" ? "\\r" : String($0) }.joined() + "\""
    }
}

