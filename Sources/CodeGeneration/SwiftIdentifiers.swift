/// Names made into Swift identifiers the way SwiftGen's users know them (its `swiftIdentifier:"pretty"`,
/// `lowerFirstWord` and `escapeReservedKeywords` filters): words split at anything that is not a
/// letter or digit, each word capitalised, a leading digit prefixed with `_`, properties starting
/// with a lower-case word, keywords in backticks.
enum SwiftIdentifiers {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// `flag.at` → `FlagAt`, `Icons - Test Tube` → `IconsTestTube`, `24Vision` → `_24Vision`.
    static func typeName(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if result.isEmpty { result = "_" }
        if result.first!.isNumber { result = "_" + result }
        return result
    }

    /// `AccountCloudKit` → `accountCloudKit`, `URLBar` → `urlBar`, `ABC` → `abc`.
    static func propertyName(_ name: String) -> String {
        let type = typeName(name)
        let characters = Array(type)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        let lowered: String
        if upperRun == 0 {
            lowered = type
        } else if upperRun == 1 || upperRun == characters.count {
            lowered = String(characters[..<upperRun]).lowercased() + String(characters[upperRun...])
        } else {
            // `URLBar`: the last capital starts the next word.
            lowered = String(characters[..<(upperRun - 1)]).lowercased() + String(characters[(upperRun - 1)...])
        }
        return escaped(lowered)
    }

    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Makes names unique within one scope: the second `flagAt` becomes `flagAt2`.
    static func unique(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { name in
            let count = seen[name, default: 0] + 1
            seen[name] = count
            guard count > 1 else { return name }
            let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
            return bare + "\(count)"
        }
    }
}
