import AssetModel

/// `<output>/report.json`: sizes only, no times, so equal builds give equal bytes.
enum ReportFile {
    static let formatVersion = 1

    static func serialize(_ sizes: SizeReport) -> String {
        var root: [String: JSONOutput] = [
            "formatVersion": .integer(formatVersion),
            "resourcesBytes": .integer(sizes.resourcesBytes),
            "groups": .array(sizes.groups.map { group in
                .object([
                    "name": .string(group.name), "bytes": .integer(group.bytes), "files": .integer(group.files.count),
                    "largestFirst": .array(group.files.map { .object(["path": .string($0.path), "bytes": .integer($0.bytes)]) }),
                ])
            }),
        ]
        if let budget = sizes.budget {
            root["budget"] = .object(["maxBytes": .integer(budget), "over": .bool(sizes.isOverBudget)])
        }
        return JSONOutput.object(root).serialized()
    }
}
