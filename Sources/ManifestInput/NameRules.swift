import AssetModel

/// Apple's rules for logical image names: what `imageNamed:` receives. A name must not smuggle in
/// path components or the modifiers UIKit parses out of file names.
public enum NameRules {
    /// Returns why `name` is unacceptable, or nil when it is fine.
    public static func problem(with name: String) -> Diagnostic.Message? {
        if name.isEmpty { return .nameIsEmpty }
        if name != name.trimmingWhitespace { return .nameHasSurroundingWhiteSpace(name) }
        if name.contains("/") || name.contains("\\") { return .nameContainsPathSeparator(name) }
        if name.contains("..") { return .nameContainsDotDot(name) }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .nameContainsControlCharacter(name)
        }
        if let hidden = name.unicodeScalars.first(where: isInvisible) {
            return .nameContainsInvisibleCharacter(name, hidden)
        }
        if name.contains(":") { return .nameContainsColon(name) }
        if let modifier = modifier(in: name) {
            return .nameContainsModifier(name, modifier)
        }
        if name.contains(".") {
            return .nameContainsDot(name)
        }
        if name.utf8.count > Limits.maximumNameBytes { return .nameIsTooLong(name) }
        return nil
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool { InvisibleCharacters.contains(scalar) }

    /// The first scale (`@2x`), device (`~ipad`) or tall-screen (`-568h`) modifier in a name.
    static func modifier(in name: String) -> String? {
        let lower = name.lowercased()
        let patterns = ["~iphone", "~ipad", "~ipod"]
        for pattern in patterns where lower.contains(pattern) { return pattern }
        let scalars = Array(lower.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "@" {
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == "x" {
                    return String(String.UnicodeScalarView(scalars[index...end]))
                }
            }
            if scalar == "-" {
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == "h",
                   end + 1 == scalars.count || !isNameCharacter(scalars[end + 1]) {
                    return String(String.UnicodeScalarView(scalars[index...end]))
                }
            }
        }
        return nil
    }

    private static func isNameCharacter(_ scalar: UnicodeScalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// Why a bundle path is unacceptable, or nil. Bundles sit at the top of `Resources/`.
    public static func bundlePathProblem(_ path: String) -> Diagnostic.Message? {
        if path.isEmpty { return .bundlePathIsEmpty }
        if path.hasPrefix("/") { return .bundlePathIsAbsolute(path) }
        if path.contains("/") || path.contains("\\") {
            return .bundlePathContainsPathSeparator(path)
        }
        if path == "." || path == ".." || path.contains("..") { return .bundlePathContainsDotDot(path) }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .bundlePathContainsControlCharacter(path)
        }
        if let hidden = path.unicodeScalars.first(where: isInvisible) {
            return .bundlePathContainsInvisibleCharacter(path, hidden)
        }
        if !path.hasSuffix(".bundle") || path == ".bundle" {
            return .bundlePathLacksBundleExtension(path)
        }
        return nil
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Diagnostic.Message {
    fileprivate static let nameIsEmpty: Diagnostic.Message = "name is empty"

    fileprivate static func nameHasSurroundingWhiteSpace(_ name: String) -> Diagnostic.Message { "name '\(name)' has leading or trailing white space" }

    fileprivate static func nameContainsPathSeparator(_ name: String) -> Diagnostic.Message { "name '\(name)' contains a path separator" }

    fileprivate static func nameContainsDotDot(_ name: String) -> Diagnostic.Message { "name '\(name)' contains '..'" }

    fileprivate static func nameContainsControlCharacter(_ name: String) -> Diagnostic.Message { "name '\(name)' contains a control character" }

    fileprivate static func nameContainsInvisibleCharacter(_ name: String, _ hidden: Unicode.Scalar) -> Diagnostic.Message {
        "name '\(name)' contains the invisible or text-direction character U+\(String(hidden.value, radix: 16, uppercase: true)); two names that look alike must not be different files"
    }

    fileprivate static func nameContainsColon(_ name: String) -> Diagnostic.Message { "name '\(name)' contains ':'" }

    fileprivate static func nameContainsModifier(_ name: String, _ modifier: String) -> Diagnostic.Message {
        "name '\(name)' contains the modifier '\(modifier)'; assetc adds scale and device modifiers itself"
    }

    fileprivate static func nameContainsDot(_ name: String) -> Diagnostic.Message { "name '\(name)' contains '.'; UIKit would read what follows as a file extension" }

    /// Quotes the name's first 40 characters.
    fileprivate static func nameIsTooLong(_ name: String) -> Diagnostic.Message { "name '\(name.prefix(40))…' is longer than \(Limits.maximumNameBytes) bytes" }

    fileprivate static let bundlePathIsEmpty: Diagnostic.Message = "bundle path is empty"

    fileprivate static func bundlePathIsAbsolute(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' is absolute; it must be a folder name inside Resources/" }

    fileprivate static func bundlePathContainsPathSeparator(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' contains a path separator; it must be a single folder name" }

    fileprivate static func bundlePathContainsDotDot(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' contains '..'" }

    fileprivate static func bundlePathContainsControlCharacter(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' contains a control character" }

    fileprivate static func bundlePathContainsInvisibleCharacter(_ path: String, _ hidden: Unicode.Scalar) -> Diagnostic.Message {
        "bundle path '\(path)' contains the invisible or text-direction character U+\(String(hidden.value, radix: 16, uppercase: true))"
    }

    fileprivate static func bundlePathLacksBundleExtension(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' must end in '.bundle'" }
}
