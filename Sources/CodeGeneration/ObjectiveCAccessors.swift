import AssetModel
import AssetResolver

/// `--objc Assets`: `Assets.h` and `Assets.m` for Objective-C apps, down to iOS 6 (the iPhone 5 era,
/// before Swift). The rules are not written a second time in Objective-C: at build time the one
/// resolver (`AssetResolver`) answers every combination of traits that can make a difference —
/// scale 1–3, iPhone or iPad, each tall screen height the build has or any other, light or dark,
/// normal or high contrast — and the generated code only computes the device's combination and
/// reads the answer from a static array. Deterministic: the same plan gives the same bytes.
public enum ObjectiveCAccessors {
    public struct Files: Sendable, Equatable {
        public var header: String
        public var implementation: String
    }

    /// The trait combinations, in the order the generated `AssetTraitIndex()` numbers them.
    static func grid(_ table: AssetTable) -> (heights: [Int], traits: [AssetTraits]) {
        let tallHeights = Set(table.bundles.flatMap { $0.images.values.flatMap { $0.map(\.screenHeight) } }.filter { $0 > 0 }).sorted()
        // Any other height: 1 point, which no tall variant is for.
        let heights = tallHeights + [1]
        var traits: [AssetTraits] = []
        for scale in 1...3 {
            for idiom in [AssetTable.Idiom.phone, .pad] {
                for height in heights {
                    for luminosity in [AssetTable.Luminosity.light, .dark] {
                        for contrast in [false, true] {
                            traits.append(AssetTraits(scale: scale, idiom: idiom, screenWidth: 1, screenHeight: height,
                                                      luminosity: luminosity, highContrast: contrast))
                        }
                    }
                }
            }
        }
        return (tallHeights, traits)
    }

    /// What one class method answers with.
    enum Method {
        /// An image through the table: the index of its `AssetImageN` array.
        case tableImage(array: Int, template: Bool, insets: Int?)
        /// An image Assets.car holds, by name; the index of its `AssetInsetsN` array, if sliced.
        case namedImage(String, insets: Int?)
        /// A colour through the table: the index of its `AssetColorN` array.
        case tableColor(array: Int)
        /// A colour Assets.car holds, by name.
        case namedColor(String)
        /// A data set Assets.car holds (`NSDataAsset`), by name.
        case namedData(String)

        var returnType: String {
            switch self {
            case .tableColor, .namedColor: "UIColor"
            case .namedData: "NSData"
            default: "UIImage"
            }
        }
    }

    public static func generate(_ plan: BuildPlan, table: AssetTable, className: String, bundle: AccessorBundle = .main,
                                inputName: String) -> Files {
        let (tallHeights, traits) = grid(table)
        let templates = Set(plan.catalogRecords.images.filter { $0.properties.templateRenderingIntent == "template" }
            .map { AssetKey($0.name, in: BundleRef($0.bundle)) })
        let compiled = CompiledCatalogNames(plan, bundle: bundle)
        let capInsets = Dictionary(plan.catalogRecords.images.filter { !$0.properties.capInsets.isEmpty }
            .map { (AssetKey($0.name, in: BundleRef($0.bundle)), $0.properties.capInsets) }, uniquingKeysWith: { first, _ in first })
        var insetArrays = ""
        var insetArrayCount = 0
        /// The `AssetInsetsN` array of a sliced image: per scale 1–3, present, top, left, bottom, right, tiles.
        func insetsArray(_ key: AssetKey) -> Int? {
            guard let insets = capInsets[key] else { return nil }
            let values = (1...3).map { scale -> String in
                guard let inset = insets.first(where: { $0.scale == scale }) else { return "{0, 0, 0, 0, 0, 0}" }
                return "{1, \(number(inset.top)), \(number(inset.left)), \(number(inset.bottom)), \(number(inset.right)), \(inset.tiles ? 1 : 0)}"
            }
            insetArrays += "static const AssetInsetsValue AssetInsets\(insetArrayCount)[3] = {\(values.joined(separator: ", "))};\n"
            insetArrayCount += 1
            return insetArrayCount - 1
        }
        var files: [String] = []
        var scales: [Int] = []
        var fileIndex: [String: Int] = [:]
        func index(of path: String, scale: Int) -> Int {
            if let found = fileIndex[path] { return found }
            files.append(path)
            scales.append(scale)
            fileIndex[path] = files.count
            return files.count
        }
        var methods: [Method] = []
        var arrays = ""
        var imageArrays = 0
        var colorArrays = ""
        var colorArrayCount = 0
        var references: [String] = []
        var selectors: [(identifier: String, name: String)] = []
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
                let entries = traits.map { traits -> Int in
                    guard let found = table.image(name, traits: traits, bundle: tableBundle.name) else { return 0 }
                    return index(of: found.path, scale: found.variant.scale)
                }
                arrays += "static const unsigned short AssetImage\(imageArrays)[\(traits.count)] = {\(entries.map(String.init).joined(separator: ","))};\n"
                methods.append(.tableImage(array: imageArrays, template: templates.contains(key(name)), insets: insetsArray(key(name))))
                imageArrays += 1
            }
            // With the car, a colour set of localized colours alone is not in the table but in the car.
            for name in Set(tableBundle.colors.keys).union(isMain ? compiled.colors : []).sorted(by: SwiftAccessors.byteOrder) {
                let base = SwiftIdentifiers.propertyName((prefix + name).replacingSlashes()).trimmingBackticks()
                selectors.append((base.hasSuffix("Color") ? base : base + "Color", name))
                if isMain, compiled.colors.contains(name) {
                    methods.append(.namedColor(name))
                    continue
                }
                var values: [String] = []
                for idiom in [AssetTable.Idiom.phone, .pad] {
                    for luminosity in [AssetTable.Luminosity.light, .dark] {
                        for highContrast in [false, true] {
                            let traits = AssetTraits(scale: 2, idiom: idiom, screenWidth: 0, screenHeight: 0,
                                                     luminosity: luminosity, highContrast: highContrast)
                            let color = table.color(name, traits: traits, bundle: tableBundle.name)?.color
                            values.append(colorValue(color, references: &references))
                        }
                    }
                }
                colorArrays += "static const AssetColorValue AssetColor\(colorArrayCount)[8] = {\(values.joined(separator: ", "))};\n"
                methods.append(.tableColor(array: colorArrayCount))
                colorArrayCount += 1
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
        let unique = uniqueSelectors(selectors)
        let fileList = files.isEmpty ? "    @\"\"," : files.map { "    " + objcLiteral($0) + "," }.joined(separator: "\n")
        let scaleList = scales.map(String.init).joined(separator: ",")
        let heightList = tallHeights.map(String.init).joined(separator: ",")

        var header = """
        // Generated by assetc \(AssetcVersion.current) from \(inputName). Do not edit: build again.
        //
        // Every image and colour of the build (docs/runtime.md): images that switch with the traits
        // (dark mode, contrast) on iOS 8 and later, dynamic colours on iOS 13 and later, picked from
        // choices assetc's resolver made at build time: no names in app code, no probing.

        #import <UIKit/UIKit.h>

        NS_ASSUME_NONNULL_BEGIN

        @interface \(className) : NSObject

        """
        for (position, method) in methods.enumerated() {
            header += "+ (nullable \(method.returnType) *)\(unique[position]);\n"
        }
        header += "\n@end\n\nNS_ASSUME_NONNULL_END\n"

        var systemCases = ""
        for (position, name) in references.enumerated() {
            let call = "[UIColor \(SwiftAccessorSupport.systemColors[name]!)Color]"
            if SwiftAccessorSupport.iOS15Colors.contains(name) {
                systemCases += "        case \(position):\n            if (@available(iOS 15.0, *)) return \(call);\n            return nil;\n"
            } else {
                systemCases += "        case \(position): return \(call);\n"
            }
        }
        var implementation = """
        // Generated by assetc \(AssetcVersion.current) from \(inputName). Do not edit: build again.

        #import "\(className).h"

        \(bundlePreamble(bundle))
        /// Helpers a build without, say, colours or Assets.car does not call.
        #define ASSET_HELPER __attribute__((unused))

        /// The bundle the files are in (\(bundle)).
        static NSBundle *AssetBundle(void) {
            return \(bundleExpression(bundle, className: className));
        }

        /// The folder holding what the build's Resources folder holds.
        static NSString *_Nullable AssetRootPath(void) {
        \(rootBody(bundle))
        }

        /// Files relative to that folder, and their scales; entries below are 1-based indexes (0: none).
        static NSString *const AssetFiles[] = {
        \(fileList)
        };
        static const CGFloat AssetScales[] = {\(scaleList.isEmpty ? "0" : scaleList)};

        /// One entry per trait combination: scale (1-3) x idiom (iPhone, iPad) x screen height
        /// (\(heightList.isEmpty ? "" : heightList + " or ")any other) x light/dark x normal/high contrast.
        \(arrays)
        /// A sliced image's cap insets at one scale, in points (present 0: not sliced at that scale).
        typedef struct { unsigned char present; CGFloat top, left, bottom, right; unsigned char tiles; } AssetInsetsValue;

        /// Per scale 1-3.
        \(insetArrays)
        /// A colour for one trait combination: kind 0 none, 1 sRGB, 2 Display P3, 3 and up a system colour.
        typedef struct { unsigned char kind; CGFloat red, green, blue, alpha; } AssetColorValue;

        /// One entry per idiom (iPhone, iPad) x light/dark x normal/high contrast.
        \(colorArrays)
        static const NSInteger AssetTallHeights[] = {\(heightList.isEmpty ? "0" : heightList)};
        static const NSUInteger AssetTallHeightCount = \(tallHeights.count);

        /// The screen's place among the tall heights (the count for any other screen).
        static ASSET_HELPER NSUInteger AssetHeightIndex(void) {
            CGSize size = [UIScreen mainScreen].bounds.size;
            NSInteger portrait = (NSInteger)lround(size.width > size.height ? size.width : size.height);
            NSUInteger height = AssetTallHeightCount;
            for (NSUInteger i = 0; i < AssetTallHeightCount; i++) {
                if (AssetTallHeights[i] == portrait) height = i;
            }
            return height;
        }

        static ASSET_HELPER NSUInteger AssetIndex(NSInteger scale, NSUInteger idiom, NSUInteger height, NSUInteger dark, NSUInteger contrast) {
            return ((((NSUInteger)(scale - 1) * 2 + idiom) * (AssetTallHeightCount + 1) + height) * 2 + dark) * 2 + contrast;
        }

        /// The catalog's slicing for the image's scale, as UIKit applies it to a sliced catalog image.
        static ASSET_HELPER UIImage *_Nullable AssetSliced(UIImage *_Nullable image, const AssetInsetsValue *_Nullable insets) {
            if (image == nil || insets == NULL) return image;
            NSInteger scale = (NSInteger)lround(image.scale);
            if (scale < 1 || scale > 3 || !insets[scale - 1].present) return image;
            AssetInsetsValue value = insets[scale - 1];
            return [image resizableImageWithCapInsets:UIEdgeInsetsMake(value.top, value.left, value.bottom, value.right)
                                         resizingMode:value.tiles ? UIImageResizingModeTile : UIImageResizingModeStretch];
        }

        static ASSET_HELPER UIImage *_Nullable AssetLoad(unsigned short entry, BOOL isTemplate, const AssetInsetsValue *_Nullable insets) {
            NSString *root = AssetRootPath();
            if (entry == 0 || root == nil) return nil;
            NSData *data = [NSData dataWithContentsOfFile:[root stringByAppendingPathComponent:AssetFiles[entry - 1]]];
            if (data == nil) return nil;
            UIImage *image = AssetSliced([UIImage imageWithData:data scale:AssetScales[entry - 1]], insets);
            if (isTemplate && image != nil) {
                if (@available(iOS 7.0, *)) return [image imageWithRenderingMode:UIImageRenderingModeAlwaysTemplate];
            }
            return image;
        }

        /// iOS 8 and later: a UIImageAsset holding, for scale 1-3, iPhone and iPad, light and dark,
        /// normal and high contrast, the file picked for this screen, so image views switch when the
        /// traits change; made once per image. Before: this device's file.
        static ASSET_HELPER UIImage *_Nullable AssetImage(NSUInteger slot, const unsigned short *entries, BOOL isTemplate,
                                                          const AssetInsetsValue *_Nullable insets) {
            NSUInteger height = AssetHeightIndex();
            if (@available(iOS 8.0, *)) {
                static UIImageAsset *made[\(max(imageArrays, 1))];
                UIImageAsset *asset = nil;
                @synchronized ([UIImageAsset class]) {
                    asset = made[slot];
                    if (asset == nil) {
                        UIImageAsset *building = [[UIImageAsset alloc] init];
                        NSUInteger appearances = 1;
                        if (@available(iOS 13.0, *)) appearances = 4;
                        BOOL any = NO;
                        for (NSInteger scale = 1; scale <= 3; scale++) {
                            for (NSUInteger idiom = 0; idiom < 2; idiom++) {
                                for (NSUInteger appearance = 0; appearance < appearances; appearance++) {
                                    NSUInteger dark = appearance / 2, contrast = appearance % 2;
                                    UIImage *image = AssetLoad(entries[AssetIndex(scale, idiom, height, dark, contrast)], isTemplate, insets);
                                    if (image == nil) continue;
                                    NSMutableArray<UITraitCollection *> *traits = [NSMutableArray arrayWithObjects:
                                        [UITraitCollection traitCollectionWithDisplayScale:(CGFloat)scale],
                                        [UITraitCollection traitCollectionWithUserInterfaceIdiom:idiom == 1 ? UIUserInterfaceIdiomPad : UIUserInterfaceIdiomPhone], nil];
                                    if (@available(iOS 13.0, *)) {
                                        [traits addObject:[UITraitCollection traitCollectionWithUserInterfaceStyle:dark ? UIUserInterfaceStyleDark : UIUserInterfaceStyleLight]];
                                        [traits addObject:[UITraitCollection traitCollectionWithAccessibilityContrast:contrast ? UIAccessibilityContrastHigh : UIAccessibilityContrastNormal]];
                                    }
                                    [building registerImage:image withTraitCollection:[UITraitCollection traitCollectionWithTraitsFromCollections:traits]];
                                    any = YES;
                                }
                            }
                        }
                        if (any) made[slot] = building;
                        asset = made[slot];
                    }
                }
                if (asset == nil) return nil;
                UITraitCollection *current = nil;
                if (@available(iOS 13.0, *)) {
                    current = [UITraitCollection currentTraitCollection];
                } else {
                    current = [UITraitCollection traitCollectionWithTraitsFromCollections:@[
                        [UITraitCollection traitCollectionWithDisplayScale:[UIScreen mainScreen].scale],
                        [UITraitCollection traitCollectionWithUserInterfaceIdiom:[[UIDevice currentDevice] userInterfaceIdiom]]]];
                }
                return [asset imageWithTraitCollection:current];
            }
            NSInteger scale = (NSInteger)lround([UIScreen mainScreen].scale);
            if (scale < 1) scale = 1;
            if (scale > 3) scale = 3;
            NSUInteger idiom = [[UIDevice currentDevice] userInterfaceIdiom] == UIUserInterfaceIdiomPad ? 1 : 0;
            return AssetLoad(entries[AssetIndex(scale, idiom, height, 0, 0)], isTemplate, insets);
        }

        /// An image Assets.car holds, with its appearances.
        static ASSET_HELPER UIImage *_Nullable AssetNamedImage(NSString *name, const AssetInsetsValue *_Nullable insets) {
            if (@available(iOS 8.0, *)) {
                return AssetSliced([UIImage imageNamed:name inBundle:AssetBundle() compatibleWithTraitCollection:nil], insets);
            }
            return AssetSliced([UIImage imageNamed:name], insets);
        }

        static ASSET_HELPER UIColor *_Nullable AssetSystemColor(NSUInteger index) {
            if (@available(iOS 13.0, *)) {
                switch (index) {
        \(systemCases)        default: return nil;
                }
            }
            return nil;
        }

        static ASSET_HELPER UIColor *_Nullable AssetColorFor(const AssetColorValue *values, NSUInteger idiom, NSUInteger dark, NSUInteger contrast) {
            AssetColorValue value = values[(idiom * 2 + dark) * 2 + contrast];
            switch (value.kind) {
            case 0: return nil;
            case 1: return [UIColor colorWithRed:value.red green:value.green blue:value.blue alpha:value.alpha];
            case 2:
                if (@available(iOS 10.0, *)) {
                    return [UIColor colorWithDisplayP3Red:value.red green:value.green blue:value.blue alpha:value.alpha];
                }
                return [UIColor colorWithRed:value.red green:value.green blue:value.blue alpha:value.alpha];
            default: return AssetSystemColor(value.kind - 3);
            }
        }

        /// iOS 13 and later: a dynamic colour, picked again for each trait collection. Before: light.
        static ASSET_HELPER UIColor *_Nullable AssetColor(const AssetColorValue *values) {
            NSUInteger idiom = [[UIDevice currentDevice] userInterfaceIdiom] == UIUserInterfaceIdiomPad ? 1 : 0;
            if (AssetColorFor(values, idiom, 0, 0) == nil) return nil;
            if (@available(iOS 13.0, *)) {
                return [UIColor colorWithDynamicProvider:^UIColor *(UITraitCollection *traits) {
                    NSUInteger pad = traits.userInterfaceIdiom == UIUserInterfaceIdiomPad ? 1 : (traits.userInterfaceIdiom == UIUserInterfaceIdiomPhone ? 0 : idiom);
                    UIColor *color = AssetColorFor(values, pad, traits.userInterfaceStyle == UIUserInterfaceStyleDark ? 1 : 0,
                                                   traits.accessibilityContrast == UIAccessibilityContrastHigh ? 1 : 0);
                    return color != nil ? color : [UIColor clearColor];
                }];
            }
            return AssetColorFor(values, idiom, 0, 0);
        }

        /// A data set Assets.car holds (`NSDataAsset`, iOS 9 and later): the file for this device.
        static ASSET_HELPER NSData *_Nullable AssetNamedData(NSString *name) {
            if (@available(iOS 9.0, *)) {
                return [[NSDataAsset alloc] initWithName:name bundle:AssetBundle()].data;
            }
            return nil;
        }

        /// A colour Assets.car holds (iOS 11 and later), with its appearances.
        static ASSET_HELPER UIColor *_Nullable AssetNamedColor(NSString *name) {
            if (@available(iOS 11.0, *)) {
                return [UIColor colorNamed:name inBundle:AssetBundle() compatibleWithTraitCollection:nil];
            }
            return nil;
        }

        @implementation \(className)

        """
        for (position, method) in methods.enumerated() {
            let body: String
            switch method {
            case .tableImage(let array, let template, let insets):
                body = "return AssetImage(\(array), AssetImage\(array), \(template ? "YES" : "NO"), \(insets.map { "AssetInsets\($0)" } ?? "NULL"));"
            case .namedImage(let name, let insets):
                body = "return AssetNamedImage(\(objcLiteral(name)), \(insets.map { "AssetInsets\($0)" } ?? "NULL"));"
            case .tableColor(let array):
                body = "return AssetColor(AssetColor\(array));"
            case .namedColor(let name):
                body = "return AssetNamedColor(\(objcLiteral(name)));"
            case .namedData(let name):
                body = "return AssetNamedData(\(objcLiteral(name)));"
            }
            implementation += "+ (nullable \(method.returnType) *)\(unique[position]) { \(body) }\n"
        }
        implementation += "\n@end\n"
        return Files(header: header, implementation: implementation)
    }

    /// `{kind, red, green, blue, alpha}` for the generated `AssetColorValue`.
    static func colorValue(_ color: AssetTable.Color?, references: inout [String]) -> String {
        guard let color else { return "{0, 0, 0, 0, 0}" }
        if let reference = color.reference {
            guard SwiftAccessorSupport.systemColors[reference] != nil else { return "{0, 0, 0, 0, 0}" }
            if !references.contains(reference) { references.append(reference) }
            return "{\(3 + references.firstIndex(of: reference)!), 0, 0, 0, 0}"
        }
        guard color.components.count == 4 else { return "{0, 0, 0, 0, 0}" }
        let kind = color.colorSpace == "display-p3" ? 2 : 1
        return "{\(kind), " + color.components.map { number($0) }.joined(separator: ", ") + "}"
    }

    /// A component as C reads it back exactly (the shortest form that round-trips).
    static func number(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    static func bundlePreamble(_ bundle: AccessorBundle) -> String {
        guard bundle == .module else { return "" }
        return """
        // SwiftPM defines SWIFTPM_MODULE_BUNDLE for an Objective-C target with resources.
        #ifndef SWIFTPM_MODULE_BUNDLE
        #error "--accessor-bundle module: compile this file in a Swift package target with resources (SWIFTPM_MODULE_BUNDLE)"
        #endif

        """
    }

    static func bundleExpression(_ bundle: AccessorBundle, className: String) -> String {
        switch bundle {
        case .main: "[NSBundle mainBundle]"
        case .module: "SWIFTPM_MODULE_BUNDLE"
        case .framework: "[NSBundle bundleForClass:[\(className) class]]"
        case .named(let name):
            "[NSBundle bundleWithPath:[[NSBundle mainBundle].resourcePath stringByAppendingPathComponent:\(objcLiteral(name))]] ?: [NSBundle mainBundle]"
        }
    }

    static func rootBody(_ bundle: AccessorBundle) -> String {
        guard let folder = bundle.resourceFolder else { return "    return AssetBundle().resourcePath;" }
        return """
            // The package's Resources folder: inside the bundle's resources (macOS), or those
            // resources themselves where Foundation takes a top-level Resources folder for them.
            NSString *resources = AssetBundle().resourcePath;
            if (resources == nil) return nil;
            NSString *inside = [resources stringByAppendingPathComponent:\(objcLiteral(folder))];
            NSString *table = [inside stringByAppendingPathComponent:@"asset-table.json"];
            return [[NSFileManager defaultManager] fileExistsAtPath:table] ? inside : resources;
        """
    }

    /// Selectors must be unique and must not collide with NSObject's (`class`, `description`…);
    /// names that read as one selector are numbered as the Swift accessors are (`info16_2`).
    static func uniqueSelectors(_ selectors: [(identifier: String, name: String)]) -> [String] {
        let reserved: Set<String> = ["alloc", "class", "copy", "description", "hash", "init", "new", "self", "superclass",
                                     "load", "initialize", "mutableCopy", "debugDescription", "id", "nil", "YES", "NO",
                                     "retain", "release", "autorelease", "zone", "dealloc", "version", "finalize",
                                     "retainCount", "isProxy", "instancesRespondToSelector", "conformsToProtocol",
                                     "resolveClassMethod", "resolveInstanceMethod", "instanceMethodForSelector",
                                     "classFallbacksForKeyedArchiver", "classForKeyedUnarchiver", "setVersion"]
        return SwiftIdentifiers.resolveCollisions(selectors.map { (reserved.contains($0.identifier) ? $0.identifier + "Image" : $0.identifier, $0.name) })
            .map(\.identifier)
    }

    static func objcLiteral(_ text: String) -> String {
        var result = "@\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value >= 0x7F {
                    // Universal character names keep the file ASCII, whatever the names hold.
                    result += scalar.value > 0xFFFF ? String(format8: scalar.value) : String(format4: scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    func replacingSlashes() -> String { String(map { $0 == "/" ? " " : $0 }) }

    func trimmingBackticks() -> String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }

    init(format4 value: UInt32) {
        let hex = String(value, radix: 16, uppercase: true)
        self = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    init(format8 value: UInt32) {
        let hex = String(value, radix: 16, uppercase: true)
        self = "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
