/// The rule every path relative to the output folder obeys, whether the planner made it or it was
/// read back from `.assetc/state.json` (which is input too, and may have been edited or forged):
/// below `Resources/`, `AppStore/` or `.assetc/renditions/` (what only Assets.car ships), plain
/// components only — no `..`, `.`, empty or absolute parts.
public enum OutputPath {
    public static let topFolders = ["Resources", "AppStore", VariantDestination.renditionsFolder]

    public static func isValid(_ relative: String) -> Bool {
        guard !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return false }
        guard let top = topFolders.first(where: { relative.hasPrefix($0 + "/") }) else { return false }
        let components = relative.dropFirst(top.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
