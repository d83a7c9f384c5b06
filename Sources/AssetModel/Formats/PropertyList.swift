/// A property-list value: what `partial-Info.plist` and actool's result documents hold.
public indirect enum PlistValue: Sendable, Equatable {
    case dictionary([String: PlistValue])
    case array([PlistValue])
    case string(String)
    case bool(Bool)
    case integer(Int)

    /// The dictionary's entry for `key`, when this is a dictionary.
    public subscript(key: String) -> PlistValue? {
        if case .dictionary(let entries) = self { entries[key] } else { nil }
    }
}

/// Apple's two property-list encodings, written here so the bytes are the same on every run and
/// every machine: keys sorted, no dates, strings shared by nothing (Foundation's binary writer on
/// Linux orders a dictionary as it hashes, and that changes from process to process).
public enum PropertyList {
    /// The XML form (`xml1`), tab-indented as `plutil -convert xml1` writes it.
    public static func xml(_ value: PlistValue) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        writeXML(value, to: &out, indent: 0)
        out += "</plist>\n"
        return out
    }

    private static func writeXML(_ value: PlistValue, to out: inout String, indent: Int) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .dictionary(let entries):
            guard !entries.isEmpty else { out += pad + "<dict/>\n"; return }
            out += pad + "<dict>\n"
            for key in entries.keys.sorted() {
                out += pad + "\t<key>\(XMLText.escape(key))</key>\n"
                writeXML(entries[key]!, to: &out, indent: indent + 1)
            }
            out += pad + "</dict>\n"
        case .array(let items):
            guard !items.isEmpty else { out += pad + "<array/>\n"; return }
            out += pad + "<array>\n"
            for item in items { writeXML(item, to: &out, indent: indent + 1) }
            out += pad + "</array>\n"
        case .string(let text):
            out += pad + "<string>\(XMLText.escape(text))</string>\n"
        case .bool(let value):
            out += pad + (value ? "<true/>\n" : "<false/>\n")
        case .integer(let value):
            out += pad + "<integer>\(value)</integer>\n"
        }
    }

    /// The binary form (`binary1`, `bplist00`): an object table, an offset table and a 32-byte
    /// trailer. Objects are numbered depth first from the root, dictionary keys in sorted order.
    public static func binary(_ value: PlistValue) -> [UInt8] {
        var objects: [[UInt8]] = []
        var references: [[Int]] = []
        var markers: [[UInt8]] = []
        // First pass: number every object and remember which objects each container refers to.
        func add(_ value: PlistValue) -> Int {
            let index = objects.count
            objects.append([])
            references.append([])
            markers.append([])
            switch value {
            case .string(let text):
                objects[index] = encodeString(text)
            case .bool(let value):
                objects[index] = [value ? 0x09 : 0x08]
            case .integer(let value):
                // 1, 2, 4 or 8 bytes; a negative number takes 8, as CoreFoundation writes it.
                let size = value < 0 ? 8 : value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
                objects[index] = [0x10 | UInt8(size.trailingZeroBitCount)] + bigEndian(UInt64(bitPattern: Int64(value)), size: size)
            case .array(let items):
                markers[index] = marker(0xA, count: items.count)
                references[index] = items.map(add)
            case .dictionary(let entries):
                let keys = entries.keys.sorted()
                markers[index] = marker(0xD, count: keys.count)
                let keyIndexes = keys.map { add(.string($0)) }
                references[index] = keyIndexes + keys.map { add(entries[$0]!) }
            }
            return index
        }
        _ = add(value)
        let referenceSize = objects.count <= 0xFF ? 1 : objects.count <= 0xFFFF ? 2 : 4
        for index in objects.indices where !markers[index].isEmpty {
            objects[index] = markers[index] + references[index].flatMap { bigEndian(UInt64($0), size: referenceSize) }
        }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let offsetTable = bytes.count
        let offsetSize = offsetTable <= 0xFF ? 1 : offsetTable <= 0xFFFF ? 2 : offsetTable <= 0xFFFF_FFFF ? 4 : 8
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: offsetSize) }
        bytes += [UInt8](repeating: 0, count: 6) + [UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), size: 8) + bigEndian(0, size: 8) + bigEndian(UInt64(offsetTable), size: 8)
        return bytes
    }

    /// ASCII as `0x5n` with bytes, anything else as `0x6n` with UTF-16 big-endian code units.
    private static func encodeString(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return marker(0x5, count: text.utf8.count) + Array(text.utf8)
        }
        let units = Array(text.utf16)
        return marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// A type nibble and a count: in the low nibble below 15, else `0xF` and an integer object.
    private static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        let size = count <= 0xFF ? 0 : count <= 0xFFFF ? 1 : count <= 0xFFFF_FFFF ? 2 : 3
        return [type << 4 | 0xF, 0x10 | UInt8(size)] + bigEndian(UInt64(count), size: 1 << size)
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }
}

/// Text inside an XML or HTML element: `&`, `<` and `>` as entities.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        text.escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
    }

    /// An attribute value in double quotes: the text's entities and `"` as `&quot;`.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "&quot;")
    }
}
