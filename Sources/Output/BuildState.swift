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
        /// For a file made of parts (Assets.car's renditions): the key of each part, in the file's
        /// order, so the next build can copy the unchanged ones out of it.
        public var parts: [String]? = nil
    }

    public static let formatVersion = 2
    /// Source records are only as good as the code that made them: a different assetc or device
    /// table discards them.
    public static let producer = "assetc \(AssetcVersion.current), tables \(DeviceTables.version)"
    /// Keyed by path relative to the output folder, e.g. `Resources/Button@2x.png`.
    public var outputs: [ByteExactPath: Output] = [:]
    /// Keyed by source path as the manifest resolves it.
    public var sources: [String: SourceRecord] = [:]

    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    public func serializedBytes() -> [UInt8] {
        // The outputs (three in four of the file's bytes) are made into JSON values directly:
        // through `Codable` they were 4% of the actool mode's one-change rebuild at 2,000 sets.
        var members: [String: JSONOutput] = [:]
        members.reserveCapacity(outputs.count)
        for (path, output) in outputs { members[path.path] = output.json }
        let file = StateFile(formatVersion: Self.formatVersion, producer: Self.producer, outputs: .object(members),
                             sources: sources.mapValues(RecordCoding.init))
        do { return try JSONValueEncoder().encodeBytes(file) } catch { preconditionFailure("state encoding: \(error)") }
    }

    /// Parses a state file; anything unexpected yields an empty state (a full rebuild), never an
    /// error. An entry that does not read is dropped alone; source records only count when the
    /// same assetc and device tables wrote them.
    public static func parse(_ bytes: [UInt8]) -> BuildState {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value else { return BuildState() }
        // As the `Codable` reading did: the last of a repeated key wins, unknown keys are passed over.
        var fields: [String: JSONNode] = [:]
        for member in members { fields[member.key] = member.value }
        guard case .number(let version, _)? = fields["formatVersion"]?.value, version == Double(formatVersion),
              case .object(let entries)? = fields["outputs"]?.value else { return BuildState() }
        var state = BuildState()
        for entry in entries {
            // A path outside the output rules (`../victim.txt`) is dropped, never acted on; an
            // entry that does not read is dropped alone.
            guard OutputPath.isRecorded(entry.key) else { continue }
            state.outputs[ByteExactPath(entry.key)] = Output(entry.value)
        }
        guard case .string(producer)? = fields["producer"]?.value, let node = fields["sources"],
              let sources = try? JSONValueDecoder().decode([String: Lenient<RecordCoding>].self, from: node) else { return state }
        for (path, entry) in sources {
            if let record = entry.value { state.sources[path] = record.record }
        }
        return state
    }
}

extension BuildState.Output {
    /// `{"bytes", "key", "sha256"}` and, when there are any, `"rendererMessages"` and `"parts"`:
    /// what Swift's synthesized `Codable` wrote before, byte for byte.
    var json: JSONOutput {
        var fields: [String: JSONOutput] = ["bytes": .integer(bytes), "key": .string(key), "sha256": .string(sha256)]
        if let rendererMessages { fields["rendererMessages"] = .string(rendererMessages) }
        if let parts { fields["parts"] = .array(parts.map(JSONOutput.string)) }
        return .object(fields)
    }

    /// An entry as `json` writes it; nil when a required field is missing or of another type
    /// (an optional one may also be null). Unknown fields are passed over.
    init?(_ node: JSONNode) {
        guard case .object(let members) = node.value else { return nil }
        var key: String?, bytes: Int?, sha256: String?, rendererMessages: String?, parts: [String]?
        for member in members {
            switch (member.key, member.value.value) {
            case ("key", .string(let text)): key = text
            case ("sha256", .string(let text)): sha256 = text
            case ("bytes", .number(let value, let literal)):
                guard let exact = Int(literal) ?? (value.rounded() == value ? Int(exactly: value) : nil) else { return nil }
                bytes = exact
            case ("rendererMessages", .string(let text)): rendererMessages = text
            case ("rendererMessages", .null): rendererMessages = nil
            case ("parts", .array(let items)):
                var list: [String] = []
                list.reserveCapacity(items.count)
                for item in items {
                    guard case .string(let text) = item.value else { return nil }
                    list.append(text)
                }
                parts = list
            case ("parts", .null): parts = nil
            case ("key", _), ("sha256", _), ("bytes", _), ("rendererMessages", _), ("parts", _): return nil
            default: continue
            }
        }
        guard let key, let bytes, let sha256 else { return nil }
        self.init(key: key, bytes: bytes, sha256: sha256, rendererMessages: rendererMessages, parts: parts)
    }
}

/// The file as written.
private struct StateFile: Encodable {
    var formatVersion: Int
    var producer: String
    var outputs: JSONOutput
    var sources: [String: RecordCoding]
}

/// A value that failed to decode becomes nil instead of failing what holds it.
private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// A `SourceRecord` as the state file holds it. Numbers that must round-trip exactly (page sizes
/// in points, inode numbers, modification times) are stored as strings.
private struct RecordCoding: Codable {
    var record: SourceRecord

    init(_ record: SourceRecord) { self.record = record }

    private enum Keys: String, CodingKey { case size, mtime, inode, device, sha256, pdf, png, svg, jpeg, unembeddedFonts, opaque }
    private enum PDFKeys: String, CodingKey { case pageCount, pageSizes }
    private struct PNGFacts: Codable { var width: Int, height: Int, scale: Int, interlaced: Bool }

    private static func exact(_ size: PointSize) -> [String] { ["\(size.width)", "\(size.height)"] }

    private static func size(_ pair: [String]) throws -> PointSize {
        guard pair.count == 2, let width = Double(pair[0]), let height = Double(pair[1]) else {
            throw JSONValueDecoder.Failure("a recorded size is malformed")
        }
        return PointSize(width: width, height: height)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let print = record.fingerprint
        try c.encode(print.size, forKey: .size)
        try c.encode("\(print.modifiedSeconds).\(print.modifiedNanoseconds)", forKey: .mtime)
        try c.encode(String(print.inode), forKey: .inode)
        try c.encode(String(print.device), forKey: .device)
        try c.encode(record.sha256, forKey: .sha256)
        switch record.info {
        case .pdf(let pageCount, let pageSizes)?:
            var pdf = c.nestedContainer(keyedBy: PDFKeys.self, forKey: .pdf)
            try pdf.encode(pageCount, forKey: .pageCount)
            try pdf.encode(Dictionary(uniqueKeysWithValues: pageSizes.map { (String($0.key), Self.exact($0.value)) }), forKey: .pageSizes)
        case .png(let width, let height, let scale, let interlaced)?:
            try c.encode(PNGFacts(width: width, height: height, scale: scale, interlaced: interlaced), forKey: .png)
        case .svg(let size)?:
            try c.encode(Self.exact(size), forKey: .svg)
        case .jpeg(let width, let height)?:
            try c.encode([width, height], forKey: .jpeg)
        case .iconComposer?, nil:
            // An Icon Composer bundle is read again each build: its layers are other files.
            break
        }
        try c.encodeIfPresent(record.unembeddedFonts, forKey: .unembeddedFonts)
        if !record.opaque.isEmpty {
            try c.encode(Dictionary(uniqueKeysWithValues: record.opaque.map { (String($0.key), $0.value) }), forKey: .opaque)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let mtime = try c.decode(String.self, forKey: .mtime).split(separator: ".").compactMap { Int($0) }
        guard mtime.count == 2, let inode = UInt64(try c.decode(String.self, forKey: .inode)),
              let device = UInt64(try c.decode(String.self, forKey: .device)) else {
            throw JSONValueDecoder.Failure("a recorded fingerprint is malformed")
        }
        record = SourceRecord(
            fingerprint: FileFingerprint(size: try c.decode(Int.self, forKey: .size), modifiedSeconds: mtime[0],
                                         modifiedNanoseconds: mtime[1], inode: inode, device: device),
            sha256: try c.decode(String.self, forKey: .sha256))
        if c.contains(.pdf) {
            let pdf = try c.nestedContainer(keyedBy: PDFKeys.self, forKey: .pdf)
            var sizes: [Int: PointSize] = [:]
            for (page, pair) in try pdf.decode([String: [String]].self, forKey: .pageSizes) {
                guard let number = Int(page) else { throw JSONValueDecoder.Failure("a recorded page is malformed") }
                sizes[number] = try Self.size(pair)
            }
            record.info = .pdf(pageCount: try pdf.decode(Int.self, forKey: .pageCount), pageSizes: sizes)
        } else if let png = try c.decodeIfPresent(PNGFacts.self, forKey: .png) {
            record.info = .png(width: png.width, height: png.height, scale: png.scale, interlaced: png.interlaced)
        } else if let svg = try c.decodeIfPresent([String].self, forKey: .svg) {
            record.info = .svg(try Self.size(svg))
        } else if let jpeg = try c.decodeIfPresent([Int].self, forKey: .jpeg), jpeg.count == 2 {
            record.info = .jpeg(width: jpeg[0], height: jpeg[1])
        }
        record.unembeddedFonts = try c.decodeIfPresent([String].self, forKey: .unembeddedFonts)
        for (page, opaque) in try c.decodeIfPresent([String: Bool].self, forKey: .opaque) ?? [:] {
            guard let number = Int(page) else { throw JSONValueDecoder.Failure("a recorded page is malformed") }
            record.opaque[number] = opaque
        }
    }
}
