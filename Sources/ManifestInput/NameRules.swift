import AssetModel

/// Apple's rules for logical image names: what `imageNamed:` receives. A name must not smuggle in
/// path components or the modifiers UIKit parses out of file names.
public enum NameRules {
    /// Returns why `name` is unacceptable, or nil when it is fine.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "name is empty" }
        if name != name.trimmingWhitespace { return "name '\(name)' has leading or trailing white space" }
        if name.contains("/") || name.contains("\\") { return "name '\(name)' contains a path separator" }
        if name.contains("..") { return "name '\(name)' contains '..'" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "name '\(name)' contains a control character"
        }
        if let hidden = name.unicodeScalars.first(where: isInvisible) {
            return "name '\(name)' contains the invisible or text-direction character U+\(String(hidden.value, radix: 16, uppercase: true)); two names that look alike must not be different files"
        }
        if name.contains(":") { return "name '\(name)' contains ':'" }
        if let modifier = modifier(in: name) {
            return "name '\(name)' contains the modifier '\(modifier)'; assetc adds scale and device modifiers itself"
        }
        if name.contains(".") {
            return "name '\(name)' contains '.'; UIKit would read what follows as a file extension"
        }
        if name.utf8.count > Limits.maximumNameBytes { return "name '\(name.prefix(40))…' is longer than \(Limits.maximumNameBytes) bytes" }
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
    public static func bundlePathProblem(_ path: String) -> String? {
        if path.isEmpty { return "bundle path is empty" }
        if path.hasPrefix("/") { return "bundle path '\(path)' is absolute; it must be a folder name inside Resources/" }
        if path.contains("/") || path.contains("\\") {
            return "bundle path '\(path)' contains a path separator; it must be a single folder name"
        }
        if path == "." || path == ".." || path.contains("..") { return "bundle path '\(path)' contains '..'" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "bundle path '\(path)' contains a control character"
        }
        if let hidden = path.unicodeScalars.first(where: isInvisible) {
            return "bundle path '\(path)' contains the invisible or text-direction character U+\(String(hidden.value, radix: 16, uppercase: true))"
        }
        if !path.hasSuffix(".bundle") || path == ".bundle" {
            return "bundle path '\(path)' must end in '.bundle'"
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
