import AssetModel

/// What the generated accessors are for: where they are written, where they look, what the
/// header names.
public struct AccessorRequest: Sendable {
    /// The generated file, named by findings about it (name collisions).
    public var outputPath: String
    /// Where the accessors look at run time.
    public var bundle: AccessorBundle
    /// The manifest's file name (nil when catalogs are built without one) and every catalog's, as
    /// the header names them.
    public var manifestName: String?
    public var catalogNames: [String]

    public init(outputPath: String, bundle: AccessorBundle = .main, manifestName: String?, catalogNames: [String]) {
        (self.outputPath, self.bundle, self.manifestName, self.catalogNames) = (outputPath, bundle, manifestName, catalogNames)
    }

    /// `assets.json`, `assets.json and Media.xcassets`, `assets.json and 3 catalogs: A.xcassets, …`,
    /// `Media.xcassets`: every input, so a file made from 24 catalogs does not name one.
    public var inputDescription: String {
        let list = catalogNames.count == 1 ? catalogNames[0] : "\(catalogNames.count) catalogs: " + catalogNames.joined(separator: ", ")
        guard let manifestName else { return catalogNames.isEmpty ? "no input" : list }
        return catalogNames.isEmpty ? manifestName : manifestName + " and " + list
    }
}

/// Generated source and what generating it found.
public struct GeneratedCode: Sendable, Equatable {
    public var text: String
    /// Names that read as one identifier, each resolved with a number and said once.
    public var warnings: [Diagnostic]
}

/// `--swift Assets.swift`: typed accessors for every image and colour of a build, in the shape
/// SwiftGen's `xcassets` template gave apps (`Asset.Images.info16.image`, `.swiftUIImage`) and with
/// what Xcode's generated asset symbols do at run time: usable from any isolation domain, values
/// that follow trait changes, a chosen bundle (docs/runtime.md). Deterministic: the same plan and
/// request give the same bytes.
public enum SwiftAccessors {
    struct Member {
        var identifier: String
        /// The asset's own name, for collision findings.
        var name: String
        var line: String
    }

    struct Scope {
        var enums: [String: Scope] = [:]
        var members: [Member] = []
    }

    public static func generate(_ plan: BuildPlan, request: AccessorRequest) -> GeneratedCode {
        let images = plan.variants.filter { $0.role == .image }
        let templates = Set(plan.catalogRecords.images.filter { $0.properties.templateRenderingIntent == "template" }
            .map(\.key))
        let capInsets = Dictionary(plan.catalogRecords.images.filter { !$0.properties.capInsets.isEmpty }
            .map { ($0.key, $0.properties.capInsets) }, uniquingKeysWith: { first, _ in first })
        let compiled = CompiledCatalogNames(plan, bundle: request.bundle)
        var root = Scope()
        for bundle in [BundleRef.main] + plan.bundles.map(\.name).map(BundleRef.named) {
            let imageScope = Self.imageScope(bundle, images: images, templates: templates, capInsets: capInsets, compiled: compiled)
            let colorScope = Self.colorScope(bundle, plan: plan, compiled: compiled)
            // Data sets are found only in Assets.car (NSDataAsset), so only those the car holds.
            var dataScope = Scope()
            if bundle == .main {
                for name in compiled.dataSets.sorted(by: byteOrder) {
                    insert(name, line: "DataAsset(name: \(literal(name)))", section: "Data", into: &dataScope)
                }
            }
            var bundleScope = Scope()
            if !imageScope.enums.isEmpty || !imageScope.members.isEmpty { bundleScope.enums["Images"] = imageScope }
            if !colorScope.enums.isEmpty || !colorScope.members.isEmpty { bundleScope.enums["Colors"] = colorScope }
            if !dataScope.enums.isEmpty || !dataScope.members.isEmpty { bundleScope.enums["Data"] = dataScope }
            if let bundle = bundle.name {
                if !bundleScope.enums.isEmpty {
                    // Bundles whose names give one Swift name (`my-kit`, `MyKit`) get numbers, not one
                    // replacing the other.
                    let base = SwiftIdentifiers.typeName(bundle) + "Bundle"
                    var key = base, number = 2
                    while root.enums[key] != nil { key = base + "\(number)"; number += 1 }
                    root.enums[key] = bundleScope
                }
            } else {
                root.enums.merge(bundleScope.enums) { first, _ in first }
            }
        }
        let references = Set(plan.catalogRecords.colors.flatMap(\.colors).compactMap { color -> String? in
            if case .reference(_, let name) = color.value, SwiftAccessorSupport.systemColors[name] != nil { return name }
            return nil
        }).sorted()

        var out = header(request)
        var warnings: [Diagnostic] = []
        write(root, indent: 1, into: &out, path: "Asset", warnings: &warnings, request: request)
        out += "}\n\n"
        out += SwiftAccessorSupport.text(bundle: request.bundle, systemColorReferences: references, hasDataSets: !compiled.dataSets.isEmpty)
        return GeneratedCode(text: out, warnings: warnings)
    }

    /// The images of `bundle` as nested enums of `ImageAsset`s. With the car,
    /// a set of car-only slots (localized, size-class…) has no variant but is found in Assets.car by name.
    static func imageScope(_ bundle: BundleRef, images: [Variant], templates: Set<AssetKey>, capInsets: [AssetKey: [ScaledCapInsets]],
                           compiled: CompiledCatalogNames) -> Scope {
        var imageScope = Scope()
        let names = Set(images.filter { $0.bundle == bundle }.map(\.name)).union(bundle == .main ? compiled.images : [])
            .sorted(by: byteOrder)
        for name in names {
            var arguments = [literal(name)] + (bundle.name.map { ["bundle: " + literal($0)] } ?? [])
            if templates.contains(AssetKey(name, in: bundle)) { arguments.append("isTemplate: true") }
            // Assets.car holds the slicing itself; only images from the table need it applied.
            if bundle == .main, compiled.images.contains(name) {
                arguments.append("isInCompiledCatalog: true")
            } else if let insets = capInsets[AssetKey(name, in: bundle)] {
                arguments.append("capInsets: " + capInsetsLiteral(insets))
            }
            insert(name, line: "ImageAsset(name: \(arguments.joined(separator: ", ")))", section: "Images", into: &imageScope)
        }
        return imageScope
    }

    /// The colours of `bundle` as nested enums of `ColorAsset`s; a colour set of localized colours
    /// alone is found only in the car.
    static func colorScope(_ bundle: BundleRef, plan: BuildPlan, compiled: CompiledCatalogNames) -> Scope {
        var colorScope = Scope()
        let colors = plan.catalogRecords.colors.filter { record in
            record.bundle == bundle && (record.colors.contains { $0.locale == nil } || record.colors.isEmpty
                || (bundle == .main && compiled.colors.contains(record.name)))
        }.map(\.name).sorted(by: byteOrder)
        for name in colors {
            var arguments = [literal(name)] + (bundle.name.map { ["bundle: " + literal($0)] } ?? [])
            if bundle == .main, compiled.colors.contains(name) { arguments.append("isInCompiledCatalog: true") }
            insert(name, line: "ColorAsset(name: \(arguments.joined(separator: ", ")))", section: "Colors", into: &colorScope)
        }
        return colorScope
    }

    /// The file's opening: what made it, its imports and the root enum's first line.
    static func header(_ request: AccessorRequest) -> String {
        """
        // Generated by assetc \(AssetcVersion.current) from \(request.inputDescription). Do not edit: build again.
        //
        // Every image and colour of the build (docs/runtime.md). UIKit (`image`, `color`) and SwiftUI
        // (`swiftUIImage`, `swiftUIColor`) values follow trait changes and may be asked for from any
        // isolation domain; `url(for:)` and `resolved(for:)` answer on every platform. Link the
        // AssetResolver library (the assetc package's product) with the target.

        import AssetResolver
        import Foundation
        #if canImport(UIKit)
        import UIKit
        #endif
        #if canImport(SwiftUI)
        import SwiftUI
        #endif

        public enum Asset {

        """
    }

    /// Places `name` (`Round/Double/Cherry`) as nested enums and a static property. A first
    /// namespace named as the section itself (a `Colors` folder of colour sets) is the section:
    /// `Asset.Colors.Brand.blue`, as the catalog reads, not `Asset.Colors.Colors.Brand.blue`.
    static func insert(_ name: String, line: String, section: String, into scope: inout Scope) {
        var parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1, SwiftIdentifiers.typeName(parts[0]) == section { parts.removeFirst() }
        func place(_ remaining: ArraySlice<String>, _ scope: inout Scope) {
            if remaining.count == 1 {
                scope.members.append(Member(identifier: SwiftIdentifiers.propertyName(remaining.first!), name: name, line: line))
                return
            }
            let key = SwiftIdentifiers.enumName(remaining.first!)
            var child = scope.enums[key] ?? Scope()
            place(remaining.dropFirst(), &child)
            scope.enums[key] = child
        }
        place(parts[...], &scope)
    }

    static func write(_ scope: Scope, indent: Int, into out: inout String, path: String, warnings: inout [Diagnostic],
                      request: AccessorRequest) {
        let pad = String(repeating: "    ", count: indent)
        var assigned = SwiftIdentifiers.resolveCollisions(scope.members.map { ($0.identifier, $0.name) })
        // A property named as a namespace of the same scope (`24Vision` and a `24Vision` folder both
        // give `_24Vision`): the namespace keeps the name, the property takes a number.
        var taken = Set(assigned.map(\.identifier)).union(scope.enums.keys)
        for position in assigned.indices where scope.enums[assigned[position].identifier] != nil {
            let bare = assigned[position].identifier
            let separator = bare.last?.isNumber == true ? "_" : ""
            var number = 2
            while taken.contains(bare + separator + "\(number)") { number += 1 }
            taken.insert(bare + separator + "\(number)")
            assigned[position] = (bare + separator + "\(number)", "the namespace " + bare)
        }
        for (position, member) in scope.members.enumerated() {
            let identifier = assigned[position].identifier
            if let winner = assigned[position].collidedWith {
                warnings.append(.warning(request.outputPath, .accessorNamesCollide(member.name, with: winner, in: path,
                                                                                  shared: member.identifier.trimmingBackticks(),
                                                                                  given: identifier.trimmingBackticks())))
            }
            out += "\(pad)public static let \(identifier) = \(member.line)\n"
        }
        let keys = scope.enums.keys.sorted(by: byteOrder)
        for key in keys {
            if !scope.members.isEmpty || key != keys.first { out += "\n" }
            out += "\(pad)public enum \(SwiftIdentifiers.escaped(key)) {\n"
            write(scope.enums[key]!, indent: indent + 1, into: &out, path: path + "." + key, warnings: &warnings, request: request)
            out += "\(pad)}\n"
        }
    }

    /// `[1: AssetCapInsets(top: 0, left: 10, bottom: 0, right: 10, tiles: true), 2: …]`.
    static func capInsetsLiteral(_ insets: [ScaledCapInsets]) -> String {
        let entries = insets.sorted { $0.scale < $1.scale }.map { inset in
            "\(inset.scale): AssetCapInsets(top: \(inset.top), left: \(inset.left), bottom: \(inset.bottom), right: \(inset.right), tiles: \(inset.tiles))"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    static func byteOrder(_ a: String, _ b: String) -> Bool {
        ByteExactPath(a) < ByteExactPath(b)
    }

    /// A Swift string literal for any name (quotes, backslashes and control characters escaped).
    static func literal(_ text: String) -> String { StringLiterals.swift(text) }
}

/// The main bundle's images and colours UIKit and SwiftUI find by name in `Assets.car`: the
/// accessors ask for those by name, which brings the car's appearances, template intent and
/// thinning for free. Nothing is, when the accessors look in `Bundle.module`: the plugin ships the
/// output's `Resources` folder as one folder, where UIKit looks for no car.
struct CompiledCatalogNames {
    var images: Set<String> = []
    var colors: Set<String> = []
    var dataSets: Set<String> = []

    init(_ plan: BuildPlan, bundle: AccessorBundle) {
        guard plan.compiledCatalog != nil, bundle != .module else { return }
        let variants = plan.compiledCatalogVariants
        images = Set(variants.filter { $0.role == .image }.map(\.name))
            .union(plan.catalogRecords.images.filter { $0.bundle == .main && !$0.properties.traitSlots.isEmpty }.map(\.name))
        // A colour set named as an image set is left out of the car (CompiledCatalogStep).
        let imageNames = Set(plan.variants.filter { $0.role == .image && $0.bundle == .main }.map(\.name))
        colors = Set(plan.catalogRecords.colors.filter { $0.bundle == .main && !imageNames.contains($0.name) }.map(\.name))
        dataSets = Set(plan.catalogRecords.dataSets.filter { $0.bundle == .main && !imageNames.contains($0.name) && !colors.contains($0.name) }.map(\.name))
        // A symbol set is an image to code (`UIImage(named:)`, `Image(_:)`), found in the car by
        // name; one named as another set is left out of the car.
        images.formUnion(plan.catalogRecords.symbolSets.filter { $0.bundle == .main }.map(\.name).filter {
            !imageNames.contains($0) && !colors.contains($0) && !dataSets.contains($0)
        })
    }
}

extension Diagnostic.Message {
    /// `other`: the name that kept the accessor — an asset's, or `the namespace X` for a folder's enum.
    /// `shared`: the identifier both would have in `scope`; `given`: the one `name` has instead.
    fileprivate static func accessorNamesCollide(_ name: String, with other: String, in scope: String, shared: String,
                                                 given: String) -> Diagnostic.Message {
        let shown = other.hasPrefix("the namespace ") ? other : "\"\(other)\""
        return "the accessor names of \"\(name)\" and \(shown) are both "
            + "\(scope).\(shared); \"\(name)\" is \(scope).\(given) "
            + "(rename one of them to choose)"
    }
}
