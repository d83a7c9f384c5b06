/// The rule every path relative to the output folder obeys, whether the planner made it or it was
/// read back from `.assetc/state.json` (which is input too, and may have been edited or forged):
/// below `Resources/`, `AppStore/` or `.assetc/renditions/` (what only Assets.car ships), plain
/// components only — no `..`, `.`, empty or absolute parts.
public enum OutputPath {
    public static let topFolders = ["Resources", "AppStore", VariantDestination.renditionsFolder]

    public static func isValid(_ relative: String) -> Bool {
        if let ascii = isValidASCII(relative) { return ascii }
        guard !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return false }
        guard let top = topFolders.first(where: { relative.hasPrefix($0 + "/") }) else { return false }
        let components = relative.dropFirst(top.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    private static let topFolderBytes = topFolders.map { Array(($0 + "/").utf8) }

    /// `isValid` for an ASCII path, by its bytes, without making a string per component (the state
    /// of a 2,000-set catalog names 6,000 paths, checked on every call); nil for any other path,
    /// whose characters (a combining mark after a `/`) the string rule reads.
    private static func isValidASCII(_ relative: String) -> Bool? {
        let checked = relative.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard let top = topFolderBytes.first(where: { bytes.starts(with: $0) }), bytes.count > top.count else { return false }
            var start = top.count
            for index in top.count...bytes.count {
                guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else {
                    if bytes[index] == 0 || bytes[index] == UInt8(ascii: "\\") { return false }
                    continue
                }
                let length = index - start
                let isDots = length <= 2 && (start..<index).allSatisfy { bytes[$0] == UInt8(ascii: ".") }
                if length == 0 || isDots { return false }
                start = index + 1
            }
            return true
        }
        return checked ?? nil
    }

    /// A path the state and the commit journal may name: an output path, or a car put elsewhere by
    /// `--car-path`. Anything else read back from them is ignored, never removed or restored.
    public static func isRecorded(_ relative: String) -> Bool {
        isValid(relative) || problemWithCarPath(relative) == nil
    }

    /// Where `assetc build --car-path` may put the car: plain components, ending in `.car`, not in
    /// `.assetc`: the one kind of output outside the top folders.
    public static func problemWithCarPath(_ relative: String) -> String? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if relative.hasPrefix("/") || relative.contains("\0") || relative.contains("\\")
            || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "must be a relative path inside the output folder, without '.', '..' or empty parts: \(relative)"
        }
        if !relative.hasSuffix(".car") || relative == ".car" { return "must name a .car file: \(relative)" }
        if parts.first == ".assetc" { return "must not be in assetc's own .assetc folder: \(relative)" }
        return nil
    }
}
