import AssetModel

/// Apple's rules for logical image names: what `imageNamed:` receives. A name must not smuggle in
/// path components or the modifiers UIKit parses out of file names.
public enum NameRules {
    /// Returns why `name` is unacceptable, or nil when it is fine.
    public static func problem(with name: String) -> Diagnostic.Message? {
        if name.isEmpty { return .isEmpty(.name) }
        if name != name.trimmingWhitespace { return .nameHasSurroundingWhiteSpace(name) }
        if let problem = pathProblem(name, .name) { return problem }
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

    /// What a name and a bundle path are checked for alike: each is one component of a path, in
    /// characters a reader can see.
    private static func pathProblem(_ text: String, _ kind: Kind) -> Diagnostic.Message? {
        if text.contains("/") || text.contains("\\") { return .containsPathSeparator(text, kind) }
        if text.contains("..") { return .containsDotDot(text, kind) }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .containsControlCharacter(text, kind)
        }
        if let hidden = text.unicodeScalars.first(where: isInvisible) {
            return .containsInvisibleCharacter(text, kind, hidden)
        }
        return nil
    }

    /// The two kinds of text the rules check, as messages name them.
    fileprivate enum Kind {
        case name, bundlePath

        var noun: String {
            switch self {
            case .name: "name"
            case .bundlePath: "bundle path"
            }
        }
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
        if path.isEmpty { return .isEmpty(.bundlePath) }
        if path.hasPrefix("/") { return .bundlePathIsAbsolute(path) }
        if path == "." { return .containsDotDot(path, .bundlePath) }
        if let problem = pathProblem(path, .bundlePath) { return problem }
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
    fileprivate static func isEmpty(_ kind: NameRules.Kind) -> Diagnostic.Message { "\(kind.noun) is empty" }

    fileprivate static func nameHasSurroundingWhiteSpace(_ name: String) -> Diagnostic.Message { "name '\(name)' has leading or trailing white space" }

    /// A bundle path is told what it must be instead.
    fileprivate static func containsPathSeparator(_ text: String, _ kind: NameRules.Kind) -> Diagnostic.Message { "\(kind.noun) '\(text)' contains a path separator\(kind == .bundlePath ? "; it must be a single folder name" : "")" }

    fileprivate static func containsDotDot(_ text: String, _ kind: NameRules.Kind) -> Diagnostic.Message { "\(kind.noun) '\(text)' contains '..'" }

    fileprivate static func containsControlCharacter(_ text: String, _ kind: NameRules.Kind) -> Diagnostic.Message { "\(kind.noun) '\(text)' contains a control character" }

    /// A name is told why it matters: it is what code asks for.
    fileprivate static func containsInvisibleCharacter(_ text: String, _ kind: NameRules.Kind, _ hidden: Unicode.Scalar) -> Diagnostic.Message {
        "\(kind.noun) '\(text)' contains the invisible or text-direction character U+\(String(hidden.value, radix: 16, uppercase: true))"
            + (kind == .name ? "; two names that look alike must not be different files" : "")
    }

    fileprivate static func nameContainsColon(_ name: String) -> Diagnostic.Message { "name '\(name)' contains ':'" }

    fileprivate static func nameContainsModifier(_ name: String, _ modifier: String) -> Diagnostic.Message { "name '\(name)' contains the modifier '\(modifier)'; assetc adds scale and device modifiers itself" }

    fileprivate static func nameContainsDot(_ name: String) -> Diagnostic.Message { "name '\(name)' contains '.'; UIKit would read what follows as a file extension" }

    /// Quotes the name's first 40 characters.
    fileprivate static func nameIsTooLong(_ name: String) -> Diagnostic.Message { "name '\(name.prefix(40))…' is longer than \(Limits.maximumNameBytes) bytes" }

    fileprivate static func bundlePathIsAbsolute(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' is absolute; it must be a folder name inside Resources/" }

    fileprivate static func bundlePathLacksBundleExtension(_ path: String) -> Diagnostic.Message { "bundle path '\(path)' must end in '.bundle'" }
}
