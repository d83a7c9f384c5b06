import AssetModel

/// Maps a catalog name (what `UIImage(named:)` receives) to the base of its loose files
/// (docs/catalogs.md):
/// - a namespace (`Round/Double/Cherry`) becomes folders: `Round/Double/Cherry@2x.png`, which
///   `UIImage(named: "Round/Double/Cherry")` finds in a folder reference as well;
/// - `.` (which UIKit would read as an extension), `@` and `~` (scale and device modifiers),
///   `:` and `\` become `_`, and a `-568h`-like ending gets `_` for its dash;
/// - everything else, spaces and non-ASCII letters included, is kept: names without these
///   characters are Apple's loose names exactly.
/// Names that would still be ambiguous or unsafe (control or invisible characters, empty parts,
/// white space at either end, too long) are refused with the reason.
public enum LooseNames {
    public static func base(for name: String) -> Result<String, LooseNameProblem> {
        if name.utf8.count > Limits.maximumNameBytes {
            return .failure(LooseNameProblem("is longer than \(Limits.maximumNameBytes) bytes"))
        }
        var parts: [String] = []
        for component in name.split(separator: "/", omittingEmptySubsequences: false) {
            let text = String(component)
            if text.isEmpty { return .failure(LooseNameProblem("has an empty part between '/'")) }
            if text.first!.isWhitespace || text.last!.isWhitespace {
                return .failure(LooseNameProblem("has white space at the start or end of '\(text)'"))
            }
            if let scalar = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || InvisibleCharacters.contains($0) }) {
                return .failure(LooseNameProblem("contains the control or invisible character U+\(String(scalar.value, radix: 16, uppercase: true))"))
            }
            parts.append(mapComponent(text))
        }
        return .success(parts.joined(separator: "/"))
    }

    static func mapComponent(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case ".", "@", "~", ":", "\\": "_"
            default: scalar
            }
        })
        // `Name-568h` would be read as the tall variant of `Name`.
        if let dash = scalars.lastIndex(of: "-"), dash + 2 < scalars.count + 1, scalars.last == "h",
           scalars.count - dash > 2, scalars[(dash + 1)..<(scalars.count - 1)].allSatisfy({ ("0"..."9").contains($0) }) {
            scalars[dash] = "_"
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}

public struct LooseNameProblem: Error, Sendable, Equatable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}
