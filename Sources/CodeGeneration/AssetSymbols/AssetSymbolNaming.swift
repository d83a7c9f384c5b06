/// Xcode's names for asset symbols (Xcode 15 and later, `GeneratedAssetSymbols.swift` and `.h`),
/// as the generated files of real apps show them (docs/asset-symbols.md lists the evidence):
///
/// - A name with no lower-case ASCII letter keeps its spelling: its runs of letters and of digits
///   joined with `_` (`DCAC00` → `DCAC_00`, `IMG_4251` → `IMG_4251`).
/// - Otherwise the name splits at every character that is not an ASCII letter or digit and where a
///   digit is followed by a letter (`402a` → `402`, `a`); the first word is lower-cased (all of
///   it when it is all capitals: `HBO GO Logo` → `hboGOLogo`), later words capitalised, existing
///   camel case kept; a trailing `Color` or `Image` word goes (`AccentColor` → `accent`, `Color`
///   stays `color`).
/// - A leading digit takes `_`; a keyword takes backticks.
///
/// `assetc build --swift` reads the same words (`words(of:)`) and the same keyword list.
public enum AssetSymbolNaming {
    /// Swift's keywords that cannot name a member without backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    public static func escapingKeyword(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// True when the name keeps its spelling: no lower-case ASCII letter in it.
    static func keepsSpelling(_ name: String) -> Bool {
        !name.unicodeScalars.contains { $0.value >= 0x61 && $0.value <= 0x7A }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// The words of a name: split at anything that is not an ASCII letter or digit, and where a
    /// digit is followed by a letter (`1024x1024` → `1024`, `x1024`). A name that keeps its
    /// spelling splits into runs of letters and of digits (`A2D8FF` → `A`, `2`, `D`, `8`, `FF`).
    public static func words(of name: String) -> [String] {
        let keeps = keepsSpelling(name)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            guard isLetter(scalar) || isDigit(scalar) else {
                if !current.isEmpty { words.append(String(current)); current = .init() }
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let breaks = keeps ? isDigit(previous) != isDigit(scalar) : isDigit(previous) && isLetter(scalar)
                if breaks { words.append(String(current)); current = .init() }
            }
            current.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    private static func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// A name without a letter or digit (`★`): its scalars in hex, so it still names something.
    private static func scalarsName(_ name: String) -> String {
        name.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
    }

    /// The member for an asset (the last part of its name): `AccentColor` → `accent`.
    public static func swiftMember(_ name: String) -> String {
        let words = words(of: name)
        var result: String
        if words.isEmpty {
            result = "_" + scalarsName(name)
        } else if keepsSpelling(name) {
            result = words.joined(separator: "_")
        } else {
            let first = words[0]
            let hasLower = first.unicodeScalars.contains { $0.value >= 0x61 && $0.value <= 0x7A }
            let hasUpper = first.unicodeScalars.contains { $0.value >= 0x41 && $0.value <= 0x5A }
            result = (hasUpper && !hasLower ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst())
                + words.dropFirst().map(capitalised).joined()
            for suffix in ["Color", "Image"] where result.hasSuffix(suffix) && result.count > suffix.count {
                result.removeLast(suffix.count)
                break
            }
        }
        if let first = result.unicodeScalars.first, isDigit(first) { result = "_" + result }
        return escapingKeyword(result)
    }

    /// A namespace's enum (a group that provides one): `iconPreviews` → `IconPreviews`.
    public static func swiftNamespace(_ name: String) -> String {
        let words = words(of: name)
        var result = words.isEmpty ? "_" + scalarsName(name) : words.map(capitalised).joined()
        if let first = result.unicodeScalars.first, isDigit(first) { result = "_" + result }
        return escapingKeyword(result)
    }

    /// The Objective-C constant's tail for a full name (`Icons/Star` → `IconsStar`): each part's
    /// words capitalised, or, for a part that keeps its spelling, its one word, or `_` and its
    /// words joined with `_`. No suffix is dropped (`ACColorNameAccentColor`).
    public static func objectiveCTail(_ path: String) -> String {
        path.split(separator: "/").map { part in
            let part = String(part)
            let words = words(of: part)
            if words.isEmpty { return "_" + scalarsName(part) }
            if keepsSpelling(part) { return words.count == 1 ? words[0] : "_" + words.joined(separator: "_") }
            return words.map(capitalised).joined()
        }.joined()
    }
}
