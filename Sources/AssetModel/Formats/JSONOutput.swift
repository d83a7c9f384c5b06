/// A JSON value written with sorted keys and fixed formatting, so equal content gives equal bytes.
public indirect enum JSONOutput: Sendable, Hashable {
    case object([String: JSONOutput])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The UTF-8 text. Written into a byte buffer: a build state or index of 20,000 images is
    /// about 10 MB, and appending to a `String` piece by piece costs several times as much.
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The same value with no white space at all (the runtime table, which ships in the app).
    public func compactBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        writeCompact(to: &out)
        return out
    }

    private func writeCompact(to out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted with their values, not looked up again by key (a hash each).
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                element.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        default:
            write(to: &out, indent: 0)
        }
    }

    /// An object too large to hold as one value (a build state of 8,000 entries: building its
    /// dictionary and sorting it was a few per cent of a one-PDF rebuild), written member by member
    /// with `serializedBytes`' formatting: `members` already in the order `write` sorts keys in
    /// (`<` on the key), each value written by `value`. `indent` is the object's own level.
    public static func writeObject<Member>(_ members: [Member], key: (Member) -> String, to out: inout [UInt8], indent level: Int,
                                           value: (Member, inout [UInt8], Int) -> Void) {
        if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
        out.append(contentsOf: "{\n".utf8)
        for (position, member) in members.enumerated() {
            indent(&out, level + 1)
            writeString(key(member), to: &out)
            out.append(contentsOf: ": ".utf8)
            value(member, &out, level + 1)
            out.append(contentsOf: (position == members.count - 1 ? "\n" : ",\n").utf8)
        }
        indent(&out, level)
        out.append(UInt8(ascii: "}"))
    }

    /// This value written at `indent` into `out`, as `serializedBytes` writes it there.
    public func write(into out: inout [UInt8], indent: Int) {
        write(to: &out, indent: indent)
    }

    private static func indent(_ out: inout [UInt8], _ level: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(contentsOf: "{\n".utf8)
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                Self.indent(&out, indent + 1)
                Self.writeString(member.key, to: &out)
                out.append(contentsOf: ": ".utf8)
                member.value.write(to: &out, indent: indent + 1)
                out.append(contentsOf: (position == members.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.indent(&out, indent)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            // Short arrays of scalars (sizes) stay on one line.
            if elements.count <= 4, elements.allSatisfy(\.isScalar) {
                out.append(UInt8(ascii: "["))
                for (position, element) in elements.enumerated() {
                    if position > 0 { out.append(contentsOf: ", ".utf8) }
                    element.write(to: &out, indent: 0)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(contentsOf: "[\n".utf8)
            for (position, element) in elements.enumerated() {
                Self.indent(&out, indent + 1)
                element.write(to: &out, indent: indent + 1)
                out.append(contentsOf: (position == elements.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.indent(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            Self.writeString(text, to: &out)
        case .integer(let value):
            out.append(contentsOf: String(value).utf8)
        case .number(let value):
            out.append(contentsOf: formatPoints(value).utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }

    /// Escapes by bytes: in UTF-8 every byte of a multi-byte character is 0x80 or above, so only
    /// `"`, `\` and control bytes need looking at.
    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings (paths, hashes, names) need no escape: copied whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }
}

extension JSONOutput {
    /// The same value as parsed, for passing a part of an input file through to an output.
    public init(_ node: JSONNode) {
        switch node.value {
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, JSONOutput($0.value)) }, uniquingKeysWith: { _, last in last }))
        case .array(let items): self = .array(items.map(JSONOutput.init))
        case .string(let text): self = .string(text)
        case .number(let value, let literal):
            if let integer = Int(literal) { self = .integer(integer) } else { self = .number(value) }
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }
}

/// A `JSONOutput` inside a `Codable` value is written as the JSON it holds (a part of an input
/// passed through, such as a catalog's `resizing`). `JSONValueDecoder` reads it back from the node.
extension JSONOutput: Codable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in members { try container.encode(value, forKey: JSONCodingKey(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .string(let text): var c = encoder.singleValueContainer(); try c.encode(text)
        case .integer(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .number(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .bool(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        }
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [String: JSONOutput] = [:]
            for key in container.allKeys { members[key.stringValue] = try container.decode(JSONOutput.self, forKey: key) }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [JSONOutput] = []
            while !container.isAtEnd { items.append(try container.decode(JSONOutput.self)) }
            self = .array(items)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let flag = try? c.decode(Bool.self) { self = .bool(flag) }
            else if let value = try? c.decode(Int.self) { self = .integer(value) }
            else if let value = try? c.decode(Double.self) { self = .number(value) }
            else { self = .string(try c.decode(String.self)) }
        }
    }
}
