/// A JSON value written with sorted keys and fixed formatting, so equal content gives equal bytes.
public indirect enum JSONOutput: Sendable, Equatable {
    case object([String: JSONOutput])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (position, key) in members.keys.sorted().enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSONOutput.string(key).write(to: &out, indent: 0)
                out += ": "
                members[key]!.write(to: &out, indent: indent + 1)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            // Short arrays of scalars (sizes) stay on one line.
            if elements.count <= 4, elements.allSatisfy(\.isScalar) {
                out += "["
                for (position, element) in elements.enumerated() {
                    if position > 0 { out += ", " }
                    element.write(to: &out, indent: 0)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (position, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(to: &out, indent: indent + 1)
                out += position == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text):
            out += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        case .integer(let value):
            out += String(value)
        case .number(let value):
            out += formatPoints(value)
        case .bool(let value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }
}
