/// The rule every path relative to the output folder obeys, whether the planner made it or it was
/// read back from `.assetc/state.json` (which is input too, and may have been edited or forged):
/// below `Resources/` or `AppStore/`, plain components only — no `..`, `.`, empty or absolute parts.
public enum OutputPath {
    public static let topFolders = ["Resources", "AppStore"]

    public static func isValid(_ relative: String) -> Bool {
        guard !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return false }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 2, let first = components.first, topFolders.contains(String(first)) else { return false }
        return components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
