extension String {
    /// The text with each character `replacements` names written as its replacement, the others as
    /// they are: the quoting of XML text, Make and Ninja paths, each a small table.
    public func escaping(_ replacements: [Character: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            if let replacement = replacements[character] { out += replacement } else { out.append(character) }
        }
        return out
    }
}
