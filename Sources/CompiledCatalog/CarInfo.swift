import AssetModel

/// What `assetutil --info Assets.car` prints (Apple's tool, which Tauri's bundler runs on the car
/// actool made to find its icon's name): a JSON array of the car's header, then one object per
/// rendition. Read from any car laid out as a BOM store with the variables actool writes — assetc's
/// and actool's (docs/actool.md, "assetutil"). A subset of assetutil's keys, each with assetutil's
/// meaning: the ones that need decoding pixels or Apple's digest (`SHA1Digest`, `SizeOnDisk`,
/// `Opaque`, `Encoding`) are left out rather than guessed.
public enum CarInfo {
    public typealias Malformed = CarReadError

    /// The document, as assetutil formats it: two-space indents, `"key" : value`, keys in
    /// Foundation's case-insensitive order, `/` written `\/`.
    public static func json(_ bytes: [UInt8]) throws(Malformed) -> String {
        let store = try BOMReader(bytes)
        var entries: [JSONOutput] = [.object(try header(store))]
        entries += try renditions(store).map { .object($0) }
        return format(.array(entries), indent: 0) + "\n"
    }

    // MARK: Reading

    static func le32(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        let start = bytes.startIndex + at
        guard start >= bytes.startIndex, start + 4 <= bytes.endIndex else { return 0 }
        return (0..<4).reversed().reduce(0) { $0 << 8 | UInt32(bytes[start + $1]) }
    }

    static func le16(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt16 {
        let start = bytes.startIndex + at
        return start + 2 <= bytes.endIndex ? UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8 : 0
    }

    static func string(_ bytes: ArraySlice<UInt8>, _ at: Int, _ size: Int) -> String {
        let start = bytes.startIndex + at
        guard start + size <= bytes.endIndex else { return "" }
        return String(decoding: bytes[start..<start + size].prefix { $0 != 0 }, as: UTF8.self)
    }

    // MARK: The header

    /// CoreUI's names for the key attributes, as assetutil prints `Key Format`.
    static let attributeNames: [UInt32: String] = [
        1: "kCRThemeElementName", 2: "kCRThemePartName", 3: "kCRThemeSizeName", 4: "kCRThemeDirectionName",
        7: "kCRThemeAppearanceName", 8: "kCRThemeDimension1Name", 9: "kCRThemeDimension2Name", 11: "kCRThemeLayerName", 12: "kCRThemeScaleName",
        13: "kCRThemeLocalizationName", 15: "kCRThemeIdiomName", 16: "kCRThemeSubtypeName", 17: "kCRThemeIdentifierName",
        20: "kCRThemeSizeClassHorizontalName", 21: "kCRThemeSizeClassVerticalName", 22: "kCRThemeMemoryClassName",
        23: "kCRThemeGraphicsClassName", 24: "kCRThemeDisplayGamutName", 25: "kCRThemeDeploymentTargetName",
        26: "kCRThemeGlyphWeightName", 27: "kCRThemeGlyphSizeName",
    ]

    static func keyFormat(_ store: BOMReader) throws(Malformed) -> [UInt32] {
        let block = try store.variable("KEYFORMAT")
        let count = Int(le32(block, 8))
        guard count < 64, 12 + 4 * count <= block.count else { throw Malformed(message: "KEYFORMAT is cut short") }
        return (0..<count).map { le32(block, 12 + 4 * $0) }
    }

    static func appearances(_ store: BOMReader) throws(Malformed) -> [UInt16: String] {
        var names: [UInt16: String] = [:]
        for (key, value) in try store.tree("APPEARANCEKEYS") { names[le16(value, 0)] = String(decoding: key, as: UTF8.self) }
        return names
    }

    static func header(_ store: BOMReader) throws(Malformed) -> [String: JSONOutput] {
        let header = try store.variable("CARHEADER")
        guard header.count >= 436, Array(header.prefix(4)) == Array("RATC".utf8) else { throw Malformed(message: "has no CARHEADER") }
        var fields: [String: JSONOutput] = [
            "CoreUIVersion": .integer(Int(le32(header, 4))), "StorageVersion": .integer(Int(le32(header, 8))),
            "Timestamp": .integer(Int(le32(header, 12))), "MainVersion": .string(string(header, 20, 128)),
            "AssetStorageVersion": .string(string(header, 148, 256)), "SchemaVersion": .integer(Int(le32(header, 424))),
            "Key Format": .array(try keyFormat(store).map { .string(attributeNames[$0] ?? "kCRThemeAttribute\($0)") }),
        ]
        let appearances = try appearances(store)
        if !appearances.isEmpty { fields["Appearances"] = .object(Dictionary(uniqueKeysWithValues: appearances.map { ($0.value, .integer(Int($0.key))) })) }
        if store.variables["EXTENDED_METADATA"] != nil {
            let meta = try store.variable("EXTENDED_METADATA")
            if meta.count >= 1028 {
                if !string(meta, 4, 256).isEmpty { fields["ThinningParameters"] = .string(string(meta, 4, 256)) }
                fields["PlatformVersion"] = .string(string(meta, 260, 256))
                fields["Platform"] = .string(string(meta, 516, 256))
                fields["Authoring Tool"] = .string(string(meta, 772, 256))
            }
        }
        return fields
    }

    // MARK: The renditions

    static func renditions(_ store: BOMReader) throws(Malformed) -> [[String: JSONOutput]] {
        let format = try keyFormat(store)
        var names: [UInt16: String] = [:]
        for (key, value) in try store.tree("FACETKEYS") {
            // A facet: two u16s, then (attribute, value) pairs; the identifier's is its number.
            let count = Int(le16(value, 4))
            for pair in 0..<count where le16(value, 6 + 4 * pair) == 17 { names[le16(value, 8 + 4 * pair)] = String(decoding: key, as: UTF8.self) }
        }
        let appearances = try appearances(store)
        var entries: [(order: (String, String, [UInt16]), fields: [String: JSONOutput])] = []
        for (key, value) in try store.tree("RENDITIONS") {
            var attributes: [UInt32: UInt16] = [:]
            for (position, attribute) in format.enumerated() { attributes[attribute] = le16(key, 2 * position) }
            guard value.count >= 184, Array(value.prefix(4)) == Array("ISTC".utf8) else { continue }
            let layout = le16(value, 36), part = attributes[2] ?? 0
            // A texture's pixels are listed inside its reference, not as an entry of their own.
            if layout == 1008 { continue }
            let type = assetType(layout: layout, part: part)
            var fields: [String: JSONOutput] = [
                "AssetType": .string(type), "Name": .string(names[attributes[17] ?? 0] ?? ""),
                "NameIdentifier": .integer(Int(attributes[17] ?? 0)), "RenditionName": .string(string(value, 40, 128)),
                "Scale": .integer(Int(le32(value, 20)) / 100 == 0 ? 1 : Int(le32(value, 20)) / 100),
            ]
            // assetutil names a colour by its set alone (Qulierm/Numlex's dump of an Xcode 26.6 car).
            if type == "Color" { fields["RenditionName"] = nil }
            let width = Int(le32(value, 12)), height = Int(le32(value, 16))
            if width > 0, height > 0 { (fields["PixelWidth"], fields["PixelHeight"]) = (.integer(width), .integer(height)) }
            if type == "Icon Image" { fields["Icon Index"] = .integer(Int(attributes[9] ?? 0)) }
            // A layered image's record: its canvas, and how many layers TLV 1012 lists.
            if type == "ImageStack" || type == "SolidImageStack" {
                (fields["PixelWidth"], fields["PixelHeight"]) = (nil, nil)
                (fields["CanvasWidth"], fields["CanvasHeight"]) = (.integer(width), .integer(height))
                if let layers = tlv(1012, in: value), layers.count >= 4 { fields["LayerCount"] = .integer(Int(le32(layers, 0))) }
            }
            // A solid image stack layer's texture (Apple's assetutil of Xcode 26.5's visionOS car, in
            // kagurasumusun/mac's solidimagestack-oracle.json): its Metal format, as data.
            if type == "Texture Rendition" {
                (fields["PixelWidth"], fields["PixelHeight"], fields["RenditionName"]) = (nil, nil, nil)
                fields["Dimension1"] = .integer(Int(attributes[8] ?? 0))
                fields["Dimensions"] = .string("\(width),\(height),1")
                fields["Scale"] = .integer(Int(attributes[12] ?? 1))
                fields["Texture Interpretation"] = .string("Data")
                let metalFormat = value.count >= 184 + Int(le32(value, 168)) + 12 ? le32(value, 184 + Int(le32(value, 168)) + 8) : 0
                fields["Texture Pixel Format"] = .string(metalFormat == 55 ? "R32 Float" : metalFormat == 32 ? "RG8 Snorm" : "\(metalFormat)")
            }
            if format.contains(15) { fields["Idiom"] = .string(idiomName(attributes[15] ?? 0)) }
            if let appearance = attributes[7], appearance != 0, let name = appearances[appearance] { fields["Appearance"] = .string(name) }
            let name = names[attributes[17] ?? 0] ?? ""
            entries.append(((type, name, (0..<format.count).map { le16(key, 2 * $0) }), fields))
        }
        entries.sort { lhs, rhs in
            if lhs.order.0 != rhs.order.0 { return lhs.order.0 < rhs.order.0 }
            if lhs.order.1 != rhs.order.1 { return ByteExactPath(lhs.order.1) < ByteExactPath(rhs.order.1) }
            return lhs.order.2.lexicographicallyPrecedes(rhs.order.2)
        }
        return entries.map(\.fields)
    }

    /// assetutil's `AssetType` for a rendition's layout and part, as its dumps of actool's cars name
    /// them (docs/actool.md, "assetutil").
    static func assetType(layout: UInt16, part: UInt16) -> String {
        switch (layout, part) {
        case (1010, _): "MultiSized Image"
        case (1002, _): "ImageStack"
        case (1018, _): "SolidImageStack"
        case (1007, _): "Texture Rendition"
        case (1009, _): "Color"
        case (1000, _): "Data"
        case (1019, _): "IconImageStack"
        case (1020, _): "IconGroup"
        case (1021, _): "Named Gradient"
        case (1003, _): "PackedImage"
        case (9, _): "Vector"
        case (_, 220): "Icon Image"
        default: "Image"
        }
    }

    /// A rendition's TLV of `type`, when it has one within its bounds.
    static func tlv(_ type: UInt32, in rendition: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let end = 184 + Int(le32(rendition, 168))
        var at = 184
        while at + 8 <= min(end, rendition.count) {
            let kind = le32(rendition, at), length = Int(le32(rendition, at + 4))
            guard length >= 0, at + 8 + length <= rendition.count else { return nil }
            let start = rendition.startIndex + at + 8
            if kind == type { return rendition[start..<(start + length)] }
            at += 8 + length
        }
        return nil
    }

    static func idiomName(_ value: UInt16) -> String {
        switch value {
        case 0: "universal"
        case 1: "phone"
        case 2: "pad"
        case 3: "tv"
        case 4: "car"
        case 5: "watch"
        case 6: "marketing"
        case 7: "mac"
        case 8: "vision"
        default: "\(value)"
        }
    }

    // MARK: Formatting

    static func format(_ value: JSONOutput, indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch value {
        case .object(let fields):
            guard !fields.isEmpty else { return "{\n\n\(close)}" }
            let keys = fields.keys.sorted(by: caseInsensitive)
            return "{\n" + keys.map { "\(pad)\(quoted($0)) : \(format(fields[$0]!, indent: indent + 1))" }.joined(separator: ",\n") + "\n\(close)}"
        case .array(let items):
            guard !items.isEmpty else { return "[\n\n\(close)]" }
            return "[\n" + items.map { pad + format($0, indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
        case .string(let text): return quoted(text)
        case .integer(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        default: return value.serialized()
        }
    }

    /// Foundation's order for `.sortedKeys`: case-insensitive, then by the bytes.
    static func caseInsensitive(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (lhs.lowercased(), rhs.lowercased())
        return a != b ? a < b : ByteExactPath(lhs) < ByteExactPath(rhs)
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
