import Foundation

/// The lookup table assetc ships in `Resources/asset-table.json` (docs/runtime.md), loaded once.
///
/// This module needs only Foundation, so an app can link it as it is; assetc's `resolve` command
/// uses the same code, so what the tests check is what the app runs.
public struct AssetTable: Sendable {
    public static let fileName = "asset-table.json"
    public static let formatVersion = 1

    public enum Idiom: Int, Sendable, Hashable {
        case universal = 0, phone = 1, pad = 2, tv = 3, watch = 5
        /// Apple Vision Pro, by CoreUI's number (as `watch`).
        case vision = 8
    }

    public enum Luminosity: Int, Sendable, Hashable {
        case any = 0, light = 1, dark = 2
    }

    /// One file of an image, as the table lists it.
    public struct Variant: Sendable, Hashable {
        /// Relative to the bundle's folder.
        public var file: String
        public var scale: Int
        public var idiom: Idiom
        /// The portrait screen height in points a tall variant is for (568 for `-568h`); 0 for any screen.
        public var screenHeight: Int
        public var luminosity: Luminosity
        public var highContrast: Bool
    }

    /// One colour of a colour set.
    public struct Color: Sendable, Hashable {
        public var idiom: Idiom
        public var luminosity: Luminosity
        public var highContrast: Bool
        /// `srgb`, `display-p3`, `gray-gamma-22`… or nil for a system colour reference.
        public var colorSpace: String?
        /// Red, green, blue, alpha (0–1; extended spaces may exceed it); grey colours are expanded.
        public var components: [Double]
        /// `systemBackgroundColor`… when the colour refers to a system colour.
        public var reference: String?
    }

    public struct Bundle: Sendable {
        public var name: String
        /// The bundle's folder inside `Resources/` (`Checkout.bundle`), empty for the main bundle.
        public var path: String
        public var images: [String: [Variant]]
        public var colors: [String: [Color]]
    }

    /// Main bundle first, then the others in manifest order.
    public var bundles: [Bundle]

    public init(bundles: [Bundle]) {
        self.bundles = bundles
    }

    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        case notATable(String)
        case unsupportedFormat(Int)

        public var description: String {
            switch self {
            case .notATable(let why): "not an assetc table: \(why)"
            case .unsupportedFormat(let version): "table format \(version) is newer than this resolver (\(AssetTable.formatVersion))"
            }
        }
    }

    public init(contentsOf url: URL) throws {
        try self.init(data: try Data(contentsOf: url))
    }

    /// Parses the table. An image is `[stem, variant, variant…]`, a variant `[suffix, scale, idiom,
    /// screenHeight, appearance]` whose file is stem + suffix, with idiom 0 universal, 1 iPhone,
    /// 2 iPad and appearance 0 any, 1 light, 2 dark, plus 4 for high contrast.
    public init(data: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LoadError.notATable("the file is not a JSON object")
        }
        guard let format = root["format"] as? Int else { throw LoadError.notATable("no \"format\"") }
        guard format <= Self.formatVersion else { throw LoadError.unsupportedFormat(format) }
        guard let list = root["bundles"] as? [[String: Any]] else { throw LoadError.notATable("no \"bundles\" array") }
        var bundles: [Bundle] = []
        for entry in list {
            guard let name = entry["name"] as? String, let path = entry["path"] as? String else {
                throw LoadError.notATable("a bundle without \"name\" or \"path\"")
            }
            var images: [String: [Variant]] = [:]
            for (image, value) in entry["images"] as? [String: Any] ?? [:] {
                guard let list = value as? [Any], let stem = list.first as? String,
                      let rows = Array(list.dropFirst()) as? [[Any]] else {
                    throw LoadError.notATable("image \"\(image)\" is not a stem and a list of variants")
                }
                images[image] = try rows.map { row in
                    guard row.count == 5, let suffix = row[0] as? String, let scale = row[1] as? Int,
                          let idiom = (row[2] as? Int).flatMap(Idiom.init(rawValue:)), let height = row[3] as? Int,
                          let appearance = row[4] as? Int, let luminosity = Luminosity(rawValue: appearance & 3)
                    else { throw LoadError.notATable("image \"\(image)\" has a malformed variant") }
                    return Variant(file: stem + suffix, scale: scale, idiom: idiom, screenHeight: height, luminosity: luminosity,
                                   highContrast: appearance & 4 != 0)
                }
            }
            var colors: [String: [Color]] = [:]
            for (color, value) in entry["colors"] as? [String: Any] ?? [:] {
                guard let rows = value as? [[Any]] else { throw LoadError.notATable("colour \"\(color)\" is not a list") }
                colors[color] = try rows.map { row in
                    guard row.count == 4, let idiom = (row[0] as? Int).flatMap(Idiom.init(rawValue:)),
                          let appearance = row[1] as? Int, let luminosity = Luminosity(rawValue: appearance & 3),
                          let space = row[2] as? String else { throw LoadError.notATable("colour \"\(color)\" is malformed") }
                    if let reference = row[3] as? String {
                        return Color(idiom: idiom, luminosity: luminosity, highContrast: appearance & 4 != 0, colorSpace: nil,
                                     components: [], reference: reference)
                    }
                    guard let values = (row[3] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }) else {
                        throw LoadError.notATable("colour \"\(color)\" has no components")
                    }
                    return Color(idiom: idiom, luminosity: luminosity, highContrast: appearance & 4 != 0, colorSpace: space,
                                 components: values, reference: nil)
                }
            }
            bundles.append(Bundle(name: name, path: path, images: images, colors: colors))
        }
        self.bundles = bundles
    }
}
