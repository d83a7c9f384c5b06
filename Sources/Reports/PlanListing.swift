import AssetModel
/// `assetc plan`: every output file with its size, in plan order, as text columns or JSON.
public enum PlanListing {
    /// Where a person looks for the file: a rendition the car holds is shown inside the
    /// `Resources/Assets.car` that ships, not at the hidden work file it is rendered to.
    public static func shippedPath(_ variant: Variant) -> String {
        variant.destination == .compiledCatalog
            ? CompiledCatalogRequest.relativePath + ": " + variant.relativePath : variant.outputPath
    }

    /// The closing line: the files a build writes (the car once, with its rendition count) and pixels.
    public static func summary(_ variants: [Variant], hasCompiledCatalog: Bool) -> String {
        let renditions = variants.filter { $0.destination == .compiledCatalog }.count
        let loose = variants.count - renditions
        let pixels = variants.reduce(0) { $0 + $1.pixelCount }
        var files = "\(loose) \(loose == 1 ? "file" : "files")"
        if hasCompiledCatalog {
            files += " and \(CompiledCatalogRequest.relativePath) (\(renditions) \(renditions == 1 ? "rendition" : "renditions"))"
        }
        return "assetc: \(files) planned, \(SizeReport.oneDecimal(Double(pixels) / 1e6)) megapixels"
    }

    public static func text(_ variants: [Variant]) -> String {
        let rows = variants.map { variant -> [String] in
            [shippedPath(variant), "\(variant.pixelWidth)x\(variant.pixelHeight)", "@\(variant.scale)x",
             variant.idiom?.rawValue ?? "universal", variant.role.kind.rawValue,
             "\(variant.source.path)" + (variant.source.kind == .pdf ? " page \(variant.source.page)" : "")]
        }
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    public static func json(_ variants: [Variant]) -> JSONOutput {
        .object([
            "formatVersion": .integer(1),
            "files": .array(variants.map { variant in
                var fields: [String: JSONOutput] = [
                    "path": .string(variant.outputPath),
                    "pixels": .array([.integer(variant.pixelWidth), .integer(variant.pixelHeight)]),
                    "points": .array([.number(variant.pointSize.width), .number(variant.pointSize.height)]),
                    "scale": .integer(variant.scale),
                    "idiom": .string(variant.idiom?.rawValue ?? "universal"),
                    "role": .string(variant.role.kind.rawValue),
                    "name": .string(variant.name),
                    "bundle": .string(variant.bundle.writtenName),
                    "source": .string(variant.source.path),
                ]
                if variant.source.kind == .pdf { fields["page"] = .integer(variant.source.page) }
                return .object(fields)
            }),
        ])
    }
}
