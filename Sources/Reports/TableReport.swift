import AssetModel
import Foundation
/// The device tables as text or JSON, for `assetc tables`.
public enum TableReport {
    public static func json() -> JSONOutput {
        let icons = DeviceTables.icons.map { slot -> JSONOutput in
            var fields: [String: JSONOutput] = [
                "idiom": .string(slot.idiom.rawValue), "points": .number(slot.points), "scale": .integer(slot.scale),
                "pixels": .array([.integer(slot.pixels), .integer(slot.pixels)]), "role": .string(slot.role.rawValue),
                "requirement": .string(slot.requirement.rawValue), "source": .string(slot.source),
                "file": .string(slot.idiom == .appStore ? "AppStore/AppIcon1024x1024.png" : slot.fileName(base: "AppIcon")),
            ]
            fields["minimumOS"] = slot.minimumOS.map { .string($0.description) } ?? .null
            fields["maximumOS"] = slot.maximumOS.map { .string($0.description) } ?? .null
            if let until = slot.requiredUntil { fields["requiredUntil"] = .string(until.description) }
            return .object(fields)
        }
        let artwork = DeviceTables.artwork.map { slot -> JSONOutput in
            .object(["file": .string(slot.fileName), "pixels": .array([.integer(slot.pixels), .integer(slot.pixels)]),
                     "source": .string(slot.source)])
        }
        let launch = DeviceTables.launchImages.map { slot -> JSONOutput in
            .object([
                "idiom": .string(slot.idiom.rawValue), "orientation": .string(slot.orientation.rawValue),
                "subtype": slot.subtype.map { .string($0.rawValue) } ?? .null, "scale": .integer(slot.scale),
                "pixels": .array([.integer(slot.width), .integer(slot.height)]),
                "statusBarExcluded": .bool(slot.statusBarExcluded),
                "minimumOS": slot.minimumOS.map { .string($0.description) } ?? .null,
                "file": .string(slot.fileName(base: "Default")), "source": .string(slot.source),
            ])
        }
        let others = DeviceTables.otherPlatformIcons.map { row -> JSONOutput in
            .object([
                "platform": .string(row.platform.rawValue), "icon": .string(row.icon),
                "points": .array([.number(row.width), .number(row.height)]), "scale": .integer(row.scale),
                "pixels": .array([.integer(row.pixels.width), .integer(row.pixels.height)]), "source": .string(row.source),
            ])
        }
        return .object([
            "version": .string(DeviceTables.version), "icons": .array(icons), "artwork": .array(artwork),
            "launchImages": .array(launch), "otherPlatformIcons": .array(others),
            "maximumLaunchImageBytes": .integer(DeviceTables.maximumLaunchImageBytes),
        ])
    }

    public static func text() -> String {
        var lines = ["Device tables \(DeviceTables.version)", "", "App icons"]
        var rows = [["idiom", "size", "scale", "pixels", "role", "requirement", "iOS", "file", "source"]]
        for slot in DeviceTables.icons {
            let os = slot.maximumOS.map { "≤ \($0)" } ?? slot.minimumOS.map { "≥ \($0)" } ?? "all"
            rows.append([slot.idiom.rawValue, formatPoints(slot.points), "@\(slot.scale)x", "\(slot.pixels)x\(slot.pixels)",
                         slot.role.rawValue, slot.requirement.rawValue + (slot.requiredUntil.map { " (≤ \($0))" } ?? ""), os,
                         slot.idiom == .appStore ? "AppStore/AppIcon1024x1024.png" : slot.fileName(base: "AppIcon"), slot.source])
        }
        for slot in DeviceTables.artwork {
            rows.append(["ad-hoc", "-", "-", "\(slot.pixels)x\(slot.pixels)", "artwork", "optional", "all", slot.fileName, slot.source])
        }
        lines += columns(rows)
        lines += ["", "Launch images"]
        rows = [["idiom", "orientation", "subtype", "scale", "pixels", "iOS", "file", "source"]]
        for slot in DeviceTables.launchImages {
            rows.append([slot.idiom.rawValue, slot.orientation.rawValue, slot.subtype?.rawValue ?? "-", "@\(slot.scale)x",
                         "\(slot.width)x\(slot.height)",
                         slot.statusBarExcluded ? "≤ 6.1 (status bar excluded)" : slot.minimumOS.map { "≥ \($0)" } ?? "all",
                         slot.statusBarExcluded ? "(validation only)" : slot.fileName(base: "Default"), slot.source])
        }
        lines += columns(rows)
        lines += ["", "Other platforms' icons (in Assets.car)"]
        rows = [["platform", "icon", "size", "scale", "pixels", "source"]]
        for row in DeviceTables.otherPlatformIcons {
            rows.append([row.platform.rawValue, row.icon, "\(formatPoints(row.width))x\(formatPoints(row.height))", "@\(row.scale)x",
                         "\(row.pixels.width)x\(row.pixels.height)", row.source])
        }
        lines += columns(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func columns(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
