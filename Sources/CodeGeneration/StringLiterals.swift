/// String literals for the three languages assetc generates: Swift, Objective-C and Starlark
/// (Bazel). Each escapes quotes and backslashes; what else is escaped is each language's rule.
enum StringLiterals {
    /// `opening` + the text + `"`, quotes and backslashes escaped, any other scalar written as
    /// `escape` gives it (nil: as it is).
    static func quoted(_ text: String, opening: String = "\"", escape: (Unicode.Scalar) -> String?) -> String {
        var result = opening
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// A Swift string literal for any name: control characters escaped.
    static func swift(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }

    /// An Objective-C `@"…"` literal: universal character names for all but printable ASCII, so the
    /// file stays ASCII whatever the names hold.
    static func objectiveC(_ text: String) -> String {
        quoted(text, opening: "@\"") { scalar in
            guard scalar.value < 0x20 || scalar.value >= 0x7F else { return nil }
            return scalar.value > 0xFFFF ? String(format8: scalar.value) : String(format4: scalar.value)
        }
    }

    /// A Starlark string: newlines escaped (paths hold no other control characters that matter to Bazel).
    static func starlark(_ text: String) -> String {
        quoted(text) { $0 == "\n" ? "\\n" : nil }
    }
}
