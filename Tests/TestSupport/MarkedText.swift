/// Text with position markers, as swift-format's tests write them: `1️⃣`, `2️⃣`… stand just before
/// the character a diagnostic should point at. A test marks the spot instead of counting columns;
/// the markers are removed from `text`, and each one's line and column (1-based, columns in Unicode
/// scalars, as assetc's JSON parser counts) are kept.
public struct MarkedText {
    /// The text without its markers.
    public let text: String
    private let positions: [Character: (line: Int, column: Int)]

    public init(_ marked: String) {
        var scalars = Array(marked.unicodeScalars)
        var positions: [Character: (line: Int, column: Int)] = [:]
        var kept = String.UnicodeScalarView()
        var line = 1, column = 1, index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // A keycap is a digit, U+FE0F (emoji presentation), U+20E3 (combining enclosing keycap).
            if ("0"..."9").contains(scalar), index + 2 < scalars.count,
               scalars[index + 1] == "\u{FE0F}", scalars[index + 2] == "\u{20E3}" {
                precondition(positions[Character(scalar)] == nil, "marker \(scalar) used twice")
                positions[Character(scalar)] = (line, column)
                index += 3
                continue
            }
            kept.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        scalars.removeAll()
        self.text = String(kept)
        self.positions = positions
    }

    public func hasMarker(_ marker: String) -> Bool {
        marker.unicodeScalars.first.map { positions[Character($0)] != nil } ?? false
    }

    /// `line:column` of a marker, as diagnostics print it (`"1️⃣"` or `"1"`).
    public func position(_ marker: String) -> String {
        let location = location(marker)
        return "\(location.line):\(location.column)"
    }

    public func location(_ marker: String) -> (line: Int, column: Int) {
        guard let digit = marker.unicodeScalars.first.map(Character.init), let location = positions[digit] else {
            preconditionFailure("no marker \(marker) in the text")
        }
        return location
    }
}
