/// Bytes per bundle, largest files first: where an app's download size goes. Printed in the build
/// summary and written to `<output>/report.json`; the manifest's `budget` is checked against it.
public struct SizeReport: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        /// Path relative to the output folder.
        public var path: String
        public var bytes: Int

        public init(path: String, bytes: Int) { (self.path, self.bytes) = (path, bytes) }
    }

    public struct Group: Sendable, Equatable {
        /// `main`, a bundle name from the manifest, or `AppStore` (uploaded, not shipped in the app).
        public var name: String
        /// Largest first; equal sizes by path, so the order is stable.
        public var files: [File]
        public var bytes: Int { files.reduce(0) { $0 + $1.bytes } }
    }

    public static let mainBundle = BundleRef.mainName
    public static let outsideBundle = "AppStore"

    /// `main` first, then bundles by name, then files outside `Resources/`.
    public var groups: [Group]
    public var budget: Int?

    /// Bytes of `Resources/`, the tree copied into the app: what the budget limits.
    public var resourcesBytes: Int { groups.filter { $0.name != Self.outsideBundle }.reduce(0) { $0 + $1.bytes } }
    public var isOverBudget: Bool { budget.map { resourcesBytes > $0 } ?? false }

    /// `derived`: files of the main bundle made from the images (`Resources/Assets.car`).
    public init(_ written: [WrittenVariant], derived: [File] = [], budget: Int?) {
        var byGroup: [String: [File]] = [:]
        if !derived.isEmpty { byGroup[Self.mainBundle] = derived }
        // A file only in Assets.car is counted in the car's bytes.
        for entry in written where entry.variant.destination != .compiledCatalog {
            let variant = entry.variant
            let group = variant.isOutsideBundle ? Self.outsideBundle : variant.bundle.writtenName
            byGroup[group, default: []].append(File(path: variant.outputPath, bytes: entry.bytes))
        }
        func rank(_ name: String) -> Int { name == Self.mainBundle ? 0 : name == Self.outsideBundle ? 2 : 1 }
        groups = byGroup.keys.sorted { (rank($0), $0) < (rank($1), $1) }.map { name in
            Group(name: name, files: byGroup[name]!.sorted { ($1.bytes, $0.path) < ($0.bytes, $1.path) })
        }
        self.budget = budget
    }

    /// Bytes as people read them: `812 B`, `41.3 KiB`, `3.9 MiB`.
    public static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return oneDecimal(Double(bytes) / 1024) + " KiB" }
        return oneDecimal(Double(bytes) / 1024 / 1024) + " MiB"
    }

    /// `3.9`: one decimal, rounded half away from zero (sizes, seconds, megapixels).
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
