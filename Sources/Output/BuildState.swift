import AssetModel

/// `<output>/.assetc/state.json`: what the last successful build wrote, so the next one can skip
/// unchanged outputs and remove only files that assetc itself created.
public struct BuildState: Sendable, Equatable {
    public struct Output: Sendable, Equatable {
        /// Hash of everything that determines the file's bytes (see `CacheKey` in the façade).
        public var key: String
        public var bytes: Int
        public var sha256: String
        /// The renderer's messages when it was made (`WrittenVariant.rendererMessages`).
        public var rendererMessages: String? = nil
    }

    public static let formatVersion = 2
    /// Source records are only as good as the code that made them: a different assetc or device
    /// table discards them.
    public static let producer = "assetc \(AssetcVersion.current), tables \(DeviceTables.version)"
    /// Keyed by path relative to the output folder, e.g. `Resources/Button@2x.png`.
    public var outputs: [ByteExactPath: Output] = [:]
    /// Keyed by source path as the manifest resolves it.
    public var sources: [String: SourceRecord] = [:]

    public init(outputs: [ByteExactPath: Output] = [:], sources: [String: SourceRecord] = [:]) {
        self.outputs = outputs
        self.sources = sources
    }

    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    public func serializedBytes() -> [UInt8] {
        var entries: [String: JSONOutput] = [:]
        for (path, output) in outputs {
            var fields: [String: JSONOutput] = [
                "key": .string(output.key), "bytes": .integer(output.bytes), "sha256": .string(output.sha256),
            ]
            if let messages = output.rendererMessages { fields["rendererMessages"] = .string(messages) }
            entries[path.path] = .object(fields)
        }
        return JSONOutput.object([
            "formatVersion": .integer(Self.formatVersion), "producer": .string(Self.producer),
            "outputs": .object(entries), "sources": .object(sources.mapValues(Self.serialize)),
        ]).serializedBytes()
    }

    /// Parses a state file; anything unexpected yields an empty state (a full rebuild), never an error.
    public static func parse(_ bytes: [UInt8]) -> BuildState {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              members.contains(where: { $0.key == "formatVersion" && $0.value.integerValue == formatVersion }),
              let outputsNode = members.first(where: { $0.key == "outputs" })?.value,
              case .object(let entries) = outputsNode.value else { return BuildState() }
        var state = BuildState()
        for entry in entries {
            guard case .object(let fields) = entry.value.value,
                  let key = fields.first(where: { $0.key == "key" })?.value.stringValue,
                  let bytes = fields.first(where: { $0.key == "bytes" })?.value.integerValue,
                  let sha = fields.first(where: { $0.key == "sha256" })?.value.stringValue else { continue }
            // A path outside the output rules (`../victim.txt`) is dropped, never acted on.
            guard OutputPath.isValid(entry.key) else { continue }
            state.outputs[ByteExactPath(entry.key)] = Output(
                key: key, bytes: bytes, sha256: sha,
                rendererMessages: fields.first(where: { $0.key == "rendererMessages" })?.value.stringValue)
        }
        let sameProducer = members.contains { $0.key == "producer" && $0.value.stringValue == producer }
        if sameProducer, let sourcesNode = members.first(where: { $0.key == "sources" })?.value,
           case .object(let sourceEntries) = sourcesNode.value {
            for entry in sourceEntries {
                if let record = parseRecord(entry.value) { state.sources[entry.key] = record }
            }
        }
        return state
    }

    // Numbers that must round-trip exactly (page sizes in points, inode numbers) are stored as strings.
    private static func serialize(_ record: SourceRecord) -> JSONOutput {
        let print = record.fingerprint
        var fields: [String: JSONOutput] = [
            "size": .integer(print.size), "mtime": .string("\(print.modifiedSeconds).\(print.modifiedNanoseconds)"),
            "inode": .string(String(print.inode)), "device": .string(String(print.device)),
            "sha256": .string(record.sha256),
        ]
        switch record.info {
        case .pdf(let pageCount, let pageSizes)?:
            fields["pdf"] = .object([
                "pageCount": .integer(pageCount),
                "pageSizes": .object(Dictionary(uniqueKeysWithValues: pageSizes.map { page, size in
                    (String(page), JSONOutput.array([.string("\(size.width)"), .string("\(size.height)")]))
                })),
            ])
        case .png(let width, let height, let scale, let interlaced)?:
            fields["png"] = .object([
                "width": .integer(width), "height": .integer(height), "scale": .integer(scale),
                "interlaced": .bool(interlaced),
            ])
        case .svg(let size)?:
            fields["svg"] = .array([.string("\(size.width)"), .string("\(size.height)")])
        case .jpeg(let width, let height)?:
            fields["jpeg"] = .array([.integer(width), .integer(height)])
        case nil:
            break
        }
        if let fonts = record.unembeddedFonts {
            fields["unembeddedFonts"] = .array(fonts.map(JSONOutput.string))
        }
        if !record.opaque.isEmpty {
            fields["opaque"] = .object(Dictionary(uniqueKeysWithValues: record.opaque.map { (String($0), .bool($1)) }))
        }
        return .object(fields)
    }

    private static func parseRecord(_ node: JSONNode) -> SourceRecord? {
        guard case .object(let members) = node.value else { return nil }
        func field(_ name: String) -> JSONNode? { members.first { $0.key == name }?.value }
        let mtime = field("mtime")?.stringValue?.split(separator: ".").compactMap { Int($0) } ?? []
        guard let size = field("size")?.integerValue, mtime.count == 2,
              let inode = field("inode")?.stringValue.flatMap({ UInt64($0) }),
              let device = field("device")?.stringValue.flatMap({ UInt64($0) }),
              let sha = field("sha256")?.stringValue else { return nil }
        var record = SourceRecord(
            fingerprint: FileFingerprint(size: size, modifiedSeconds: mtime[0], modifiedNanoseconds: mtime[1],
                                         inode: inode, device: device),
            sha256: sha)
        if let pdf = field("pdf"), case .object(let pdfMembers) = pdf.value,
           let count = pdfMembers.first(where: { $0.key == "pageCount" })?.value.integerValue,
           let sizesNode = pdfMembers.first(where: { $0.key == "pageSizes" })?.value,
           case .object(let sizeEntries) = sizesNode.value {
            var sizes: [Int: PointSize] = [:]
            for entry in sizeEntries {
                guard let page = Int(entry.key), case .array(let pair) = entry.value.value, pair.count == 2,
                      let width = pair[0].stringValue.flatMap(Double.init),
                      let height = pair[1].stringValue.flatMap(Double.init) else { return nil }
                sizes[page] = PointSize(width: width, height: height)
            }
            record.info = .pdf(pageCount: count, pageSizes: sizes)
        } else if let png = field("png"), case .object(let pngMembers) = png.value {
            func integer(_ name: String) -> Int? { pngMembers.first { $0.key == name }?.value.integerValue }
            guard let width = integer("width"), let height = integer("height"), let scale = integer("scale"),
                  let interlacedNode = pngMembers.first(where: { $0.key == "interlaced" })?.value,
                  case .bool(let interlaced) = interlacedNode.value else { return nil }
            record.info = .png(width: width, height: height, scale: scale, interlaced: interlaced)
        } else if let svg = field("svg"), case .array(let pair) = svg.value, pair.count == 2,
                  let width = pair[0].stringValue.flatMap(Double.init), let height = pair[1].stringValue.flatMap(Double.init) {
            record.info = .svg(PointSize(width: width, height: height))
        } else if let jpeg = field("jpeg"), case .array(let pair) = jpeg.value, pair.count == 2,
                  let width = pair[0].integerValue, let height = pair[1].integerValue {
            record.info = .jpeg(width: width, height: height)
        }
        if let fonts = field("unembeddedFonts"), case .array(let names) = fonts.value {
            record.unembeddedFonts = names.compactMap(\.stringValue)
        }
        if let opaque = field("opaque"), case .object(let entries) = opaque.value {
            for entry in entries {
                guard let page = Int(entry.key), case .bool(let value) = entry.value.value else { return nil }
                record.opaque[page] = value
            }
        }
        return record
    }
}

extension JSONNode {
    var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var integerValue: Int? {
        if case .number(let number, _) = value, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        return nil
    }
}
