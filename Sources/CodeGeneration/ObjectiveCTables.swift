import AssetModel
import AssetResolver

/// What `Assets.m` declares, collected once from the runtime table: the files and their scales, a
/// C array per table image (an entry per trait combination) and per table colour, the cap insets of
/// sliced images, the system colours referenced, and one class method per image, colour and data set.
struct ObjectiveCTables {
    /// Files relative to the build's Resources folder, and their scales; arrays hold 1-based indexes.
    private(set) var files: [String] = []
    private(set) var scales: [Int] = []
    private var fileIndex: [String: Int] = [:]
    private(set) var methods: [ObjectiveCAccessors.Method] = []
    private(set) var selectors: [(identifier: String, name: String)] = []
    /// `AssetImageN`, `AssetColorN` and `AssetInsetsN` declarations, one per line.
    private(set) var imageArrays = ""
    private(set) var imageArrayCount = 0
    private(set) var colorArrays = ""
    private(set) var colorArrayCount = 0
    private(set) var insetArrays = ""
    private var insetArrayCount = 0
    /// System colours named by the catalogs, in the order their kinds (3 and up) number them.
    private(set) var references: [String] = []

    init(_ plan: BuildPlan, table: AssetTable, bundle: AccessorBundle, traits: [AssetTraits]) {
        let templates = Set(plan.catalogRecords.images.filter { $0.properties.templateRenderingIntent == "template" }
            .map(\.key))
        let compiled = CompiledCatalogNames(plan, bundle: bundle)
        let capInsets = Dictionary(plan.catalogRecords.images.filter { !$0.properties.capInsets.isEmpty }
            .map { ($0.key, $0.properties.capInsets) }, uniquingKeysWith: { first, _ in first })
        for tableBundle in table.bundles {
            let isMain = tableBundle.name == BundleRef.mainName
            let prefix = isMain ? "" : tableBundle.name + " "
            let key = { (name: String) in AssetKey(name, in: isMain ? .main : .named(tableBundle.name)) }
            let names = Set(tableBundle.images.keys).union(isMain ? compiled.images : [])
            for name in names.sorted(by: SwiftAccessors.byteOrder) {
                selectors.append((SwiftIdentifiers.propertyName((prefix + name).replacingSlashes()).trimmingBackticks(), name))
                if isMain, compiled.images.contains(name) {
                    // Assets.car holds the slicing itself.
                    methods.append(.namedImage(name, insets: nil))
                    continue
                }
                addTableImage(name, bundle: tableBundle.name, table: table, traits: traits,
                              template: templates.contains(key(name)), insets: capInsets[key(name)])
            }
            // With the car, a colour set of localized colours alone is not in the table but in the car.
            for name in Set(tableBundle.colors.keys).union(isMain ? compiled.colors : []).sorted(by: SwiftAccessors.byteOrder) {
                let base = SwiftIdentifiers.propertyName((prefix + name).replacingSlashes()).trimmingBackticks()
                selectors.append((base.hasSuffix("Color") ? base : base + "Color", name))
                if isMain, compiled.colors.contains(name) {
                    methods.append(.namedColor(name))
                    continue
                }
                addTableColor(name, bundle: tableBundle.name, table: table)
            }
            // Data sets: only in Assets.car, which holds the main bundle's.
            if isMain {
                for name in compiled.dataSets.sorted(by: SwiftAccessors.byteOrder) {
                    let base = SwiftIdentifiers.propertyName(name.replacingSlashes()).trimmingBackticks()
                    selectors.append((base.hasSuffix("Data") ? base : base + "Data", name))
                    methods.append(.namedData(name))
                }
            }
        }
    }

    /// `AssetImageN`: for each trait combination, the file the resolver picks (0: none).
    private mutating func addTableImage(_ name: String, bundle: String, table: AssetTable, traits: [AssetTraits],
                                        template: Bool, insets: [ScaledCapInsets]?) {
        let entries = traits.map { traits -> Int in
            guard let found = table.image(name, traits: traits, bundle: bundle) else { return 0 }
            return index(of: found.path, scale: found.variant.scale)
        }
        imageArrays += "static const unsigned short AssetImage\(imageArrayCount)[\(traits.count)] = {\(entries.map(String.init).joined(separator: ","))};\n"
        methods.append(.tableImage(array: imageArrayCount, template: template, insets: insets.map { insetsArray($0) }))
        imageArrayCount += 1
    }

    /// `AssetColorN`: the colour per idiom (iPhone, iPad) × light/dark × normal/high contrast.
    private mutating func addTableColor(_ name: String, bundle: String, table: AssetTable) {
        var values: [String] = []
        for idiom in [AssetTable.Idiom.phone, .pad] {
            for luminosity in [AssetTable.Luminosity.light, .dark] {
                for highContrast in [false, true] {
                    let traits = AssetTraits(scale: 2, idiom: idiom, screenWidth: 0, screenHeight: 0,
                                             luminosity: luminosity, highContrast: highContrast)
                    let color = table.color(name, traits: traits, bundle: bundle)?.color
                    values.append(ObjectiveCAccessors.colorValue(color, references: &references))
                }
            }
        }
        colorArrays += "static const AssetColorValue AssetColor\(colorArrayCount)[8] = {\(values.joined(separator: ", "))};\n"
        methods.append(.tableColor(array: colorArrayCount))
        colorArrayCount += 1
    }

    /// The 1-based index of `path` in `files`, added on first use.
    private mutating func index(of path: String, scale: Int) -> Int {
        if let found = fileIndex[path] { return found }
        files.append(path)
        scales.append(scale)
        fileIndex[path] = files.count
        return files.count
    }

    /// The `AssetInsetsN` array of a sliced image: per scale 1–3, present, top, left, bottom, right, tiles.
    private mutating func insetsArray(_ insets: [ScaledCapInsets]) -> Int {
        let number = ObjectiveCAccessors.number
        let values = (1...3).map { scale -> String in
            guard let inset = insets.first(where: { $0.scale == scale }) else { return "{0, 0, 0, 0, 0, 0}" }
            return "{1, \(number(inset.top)), \(number(inset.left)), \(number(inset.bottom)), \(number(inset.right)), \(inset.tiles ? 1 : 0)}"
        }
        insetArrays += "static const AssetInsetsValue AssetInsets\(insetArrayCount)[3] = {\(values.joined(separator: ", "))};\n"
        insetArrayCount += 1
        return insetArrayCount - 1
    }
}
