import AssetModel

extension SizeReport {
    /// One line per group with its largest files, for the build summary.
    public func summaryLines(largest count: Int = 3) -> [String] {
        groups.map { group in
            let top = group.files.prefix(count).map { "\(FilePath($0.path).lastComponent) \(Self.format($0.bytes))" }
            return "\(group.name): \(Self.format(group.bytes)) in \(group.files.count) file\(group.files.count == 1 ? "" : "s"); largest: "
                + top.joined(separator: ", ")
        }
    }
}
