import AssetModel
import Foundation

/// `<output>/partial-Info.plist`: the icon and launch-image keys to merge into the app's Info.plist.
public enum InfoPlist {
    public static func make(_ request: InfoPlistRequest, variants: [Variant]) -> PlistValue {
        var root: [String: PlistValue] = [:]
        // The loose icons (with a car from iOS 11, only the home-screen ones).
        let icons = variants.filter { $0.role.kind == .appIcon && $0.destination == .resources }.compactMap(\.iconSlot)
        let iconName = request.iconName
        // The iPad list names the iPhone icons too, as actool's does: an iPad runs iPhone apps.
        func iconFiles(_ idiom: SlotIdiom?) -> [String] {
            let slots = icons.filter { idiom == nil || $0.idiom == idiom || idiom == .ipad && $0.idiom == .iphone }
            var names: [String] = []
            for slot in slots.sorted(by: { ($0.points, $0.idiom) < ($1.points, $1.idiom) }) {
                let name = slot.bundleIconName(base: iconName)
                if !names.contains(name) { names.append(name) }
            }
            return names
        }
        // Alternate icons: the name `setAlternateIconName(_:)` takes → that set's icon files.
        func alternates(_ idiom: SlotIdiom) -> [String: PlistValue] {
            var result: [String: PlistValue] = [:]
            for icon in request.alternateIcons {
                let slots = variants.filter { $0.role.kind == .alternateAppIcon && $0.name == icon.name && $0.destination == .resources }
                    .compactMap(\.iconSlot).filter { $0.idiom == idiom || idiom == .ipad && $0.idiom == .iphone }
                var names: [String] = []
                for slot in slots.sorted(by: { $0.points < $1.points }) {
                    let name = slot.bundleIconName(base: icon.fileBase)
                    if !names.contains(name) { names.append(name) }
                }
                guard !names.isEmpty else { continue }
                var entry: [String: PlistValue] = ["CFBundleIconFiles": .array(names.map(PlistValue.string))]
                // With Assets.car the alternate is in it too, under its set's name, as for the primary.
                if request.compiledIconName != nil { entry["CFBundleIconName"] = .string(icon.name) }
                result[icon.infoPlistKey] = .dictionary(entry)
            }
            return result
        }
        func primaryIcon(_ names: [String], _ idiom: SlotIdiom) -> PlistValue {
            var primary: [String: PlistValue] = ["CFBundleIconFiles": .array(names.map(PlistValue.string))]
            // With Assets.car: where actool writes it, the name of the icon set in the catalog.
            if let name = request.compiledIconName { primary["CFBundleIconName"] = .string(name) }
            var entries: [String: PlistValue] = ["CFBundlePrimaryIcon": .dictionary(primary)]
            let others = alternates(idiom)
            if !others.isEmpty { entries["CFBundleAlternateIcons"] = .dictionary(others) }
            return .dictionary(entries)
        }
        // (A watch's loose icons are listed below.)
        if !icons.isEmpty && request.platform != .watchOS {
            if request.devices.contains(.iphone) { root["CFBundleIcons"] = primaryIcon(iconFiles(.iphone), .iphone) }
            if request.devices.contains(.ipad) { root["CFBundleIcons~ipad"] = primaryIcon(iconFiles(.ipad), .ipad) }
            // Also at the top level, where Apple documents the key (ITMS-90713 asks for "a value").
            if let name = request.compiledIconName { root["CFBundleIconName"] = .string(name) }
            if request.targetsLegacyOS {
                root["CFBundleIconFiles"] = .array(iconFiles(nil).map(PlistValue.string))
            }
        }
        // A Mac app's icon: the `.icns` beside the car (named without its extension, as actool
        // writes it) and the icon in the car, both under the icon's name (mcfans/actool's reference
        // partial plist of Xcode 26.3; docs/macos-evidence.md, §4).
        if request.platform.hasMacIcon, let name = request.compiledIconName,
           variants.contains(where: { $0.role.kind == .appIcon && $0.iconSlot?.idiom == .mac }) {
            if request.writesIconFile { root["CFBundleIconFile"] = .string(name) }
            root["CFBundleIconName"] = .string(name)
        }
        // A watch app's icon, in the car alone: CFBundlePrimaryIcon is a dictionary, as on iOS
        // (Apple's CFBundlePrimaryIcon reference), naming the icon with CFBundleIconName, with no
        // CFBundleIconFiles: no loose file is written (docs/watchos.md).
        if request.platform == .watchOS, let name = request.compiledIconName,
           variants.contains(where: { $0.role.kind == .appIcon && $0.iconSlot == DeviceTables.watchSingleSizeIcon }) {
            root["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconName": .string(name)])])
        }
        // A watch app's per-size icons are loose files, listed without scale or extension, as a
        // compiled watch app of Xcode 7.2 lists them (docs/watchos.md).
        if request.platform == .watchOS, icons.contains(where: { $0.idiom == .watch }) {
            root["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconFiles": .array(iconFiles(.watch).map(PlistValue.string))])])
        }
        // A tvOS app: CFBundlePrimaryIcon is the App Icon stack's name (a string, not the iOS
        // dictionary), and TVTopShelfImage names the top-shelf images (docs/tvos.md).
        if let tv = request.brandAssets {
            if let icon = tv.primaryIcon { root["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .string(icon)]) }
            if !tv.topShelf.isEmpty { root["TVTopShelfImage"] = .dictionary(tv.topShelf.mapValues(PlistValue.string)) }
        }
        // A visionOS app: the same string, its solid image stack's name ("In your app for tvOS or
        // visionOS, the value is a string that names an icon in your app's asset catalog").
        if let icon = request.solidImageStackIcon { root["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .string(icon)]) }
        if let launchScreen = request.launchScreen { root["UILaunchScreen"] = launchScreen.infoPlistValue }
        if let name = request.accentColorName { root["NSAccentColorName"] = .string(name) }
        if let name = request.widgetBackgroundColorName { root["NSWidgetBackgroundColorName"] = .string(name) }
        if let basename = request.launchBasename {
            let slots = variants.filter { $0.role.kind == .launchImage && $0.name == basename }.compactMap(\.launchSlot)
            if basename != LaunchImageSpec.defaultBasename, !slots.isEmpty {
                root["UILaunchImageFile"] = .string(basename)
            }
            let all = launchImageEntries(slots, basename: basename)
            if !all.isEmpty { root["UILaunchImages"] = .array(all) }
            // iOS reads the ~ipad key on iPad; the iPhone entries in UILaunchImages never match an iPad screen.
            let ipad = launchImageEntries(slots.filter { $0.idiom == .ipad }, basename: basename)
            if !ipad.isEmpty, request.devices.contains(.iphone) { root["UILaunchImages~ipad"] = .array(ipad) }
        }
        return .dictionary(root)
    }

    /// One entry per launch-image name and orientation (its @1x and @2x files share it), for
    /// slots iOS 7 and later look up through `UILaunchImages`.
    static func launchImageEntries(_ slots: [LaunchSlot], basename: String) -> [PlistValue] {
        var seen: Set<String> = []
        var entries: [PlistValue] = []
        let usable = slots.filter { !$0.statusBarExcluded }
        let ordered = usable.sorted {
            ($0.idiom, $0.minimumOS ?? .iOS7, $0.width * $0.height, $0.orientation.rawValue)
                < ($1.idiom, $1.minimumOS ?? .iOS7, $1.width * $1.height, $1.orientation.rawValue)
        }
        for slot in ordered {
            let name = slot.baseName(basename)
            let minimum = usable.filter { $0.baseName(basename) == name && $0.orientation == slot.orientation }
                .compactMap(\.minimumOS).max() ?? .iOS7
            let key = "\(name)|\(slot.orientation)"
            guard seen.insert(key).inserted else { continue }
            let points = slot.portraitPoints
            entries.append(.dictionary([
                "UILaunchImageMinimumOSVersion": .string(minimum.description),
                "UILaunchImageName": .string(name),
                "UILaunchImageOrientation": .string(slot.orientation.capitalized),
                "UILaunchImageSize": .string("{\(points.width), \(points.height)}"),
            ]))
        }
        return entries
    }

    public static func serialize(_ value: PlistValue) -> String { PropertyList.xml(value) }
}
