/// git's conflict markers left in a JSON file (a Contents.json, the manifest) after a merge: named
/// as such, at the first marker's line, rather than as whatever JSON error they happen to cause.
public enum MergeConflictMarkers {
    public static let message: Diagnostic.Message = "unresolved merge conflict: the file still holds git's conflict markers; resolve the conflict and keep one version"

    /// The 1-based line of the first marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>` at the
    /// start of a line), if any: no JSON line starts so.
    public static func firstLine(in bytes: [UInt8]) -> Int? {
        let markers = ["<<<<<<<", "|||||||", ">>>>>>>"].map { Array($0.utf8) }
        let separator = Array("=======".utf8)
        var line = 1
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var text = bytes[start..<end]
            if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
            if markers.contains(where: { text.starts(with: $0) }) || text.elementsEqual(separator) { return line }
            line += 1
            start = end + 1
        }
        return nil
    }
}
