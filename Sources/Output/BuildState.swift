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

    /// A source record as the state writes it (for tests).
    func sourceJSON(_ path: String) -> JSONOutput? { sources[path].map(RecordCoding.json) }

    public func serializedBytes() -> [UInt8] {
        // Written entry by entry with `JSONOutput`'s formatting (the bytes it wrote as one value, and
        // `Codable` before it): the outputs (three in four of the file's bytes) and the source
        // records as JSON values, each object's members sorted as `JSONOutput` sorts them (paths
        // equal as strings, NFC and NFD, then by their bytes, so the order is the same every run).
        let sortedOutputs = outputs.sorted { $0.key.path == $1.key.path ? $0.key < $1.key : $0.key.path < $1.key.path }
        let sortedSources = sources.sorted { $0.key < $1.key }
        var out: [UInt8] = []
        out.reserveCapacity(320 * outputs.count + 480 * sources.count + 128)
        let top: [(String, (inout [UInt8]) -> Void)] = [
            ("formatVersion", { JSONOutput.integer(Self.formatVersion).write(into: &$0, indent: 1) }),
            ("outputs", { out in
                JSONOutput.writeObject(sortedOutputs, key: \.key.path, to: &out, indent: 1) { entry, out, level in
                    entry.value.json.write(into: &out, indent: level)
                }
            }),
            ("producer", { JSONOutput.string(Self.producer).write(into: &$0, indent: 1) }),
            ("sources", { out in
                JSONOutput.writeObject(sortedSources, key: \.key, to: &out, indent: 1) { entry, out, level in
                    RecordCoding.json(entry.value).write(into: &out, indent: level)
                }
            }),
        ]
        JSONOutput.writeObject(top, key: \.0, to: &out, indent: 0) { member, out, _ in member.1(&out) }
        out.append(UInt8(ascii: "\n"))
        return out
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
        state.outputs.reserveCapacity(entries.count)
        for entry in entries {
            // A path outside the output rules (`../victim.txt`) is dropped, never acted on; an
            // entry that does not read is dropped alone.
            guard OutputPath.isRecorded(entry.key) else { continue }
            state.outputs[ByteExactPath(entry.key)] = Output(entry.value)
        }
        guard case .string(producer)? = fields["producer"]?.value, case .object(let records)? = fields["sources"]?.value else { return state }
        state.sources.reserveCapacity(records.count)
        for entry in records {
            // A record that does not read is dropped alone; the last of a repeated path wins.
            if let record = RecordCoding.record(entry.value) { state.sources[entry.key] = record } else { state.sources[entry.key] = nil }
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

/// A `SourceRecord` as the state file holds it. Numbers that must round-trip exactly (page sizes
/// in points, inode numbers, modification times) are stored as strings. Written and read as JSON
/// values, not through `Codable`, with the bytes `Codable` wrote (`BuildStateTests`).
private enum RecordCoding {
    static func exact(_ size: PointSize) -> JSONOutput { .array([.string("\(size.width)"), .string("\(size.height)")]) }

    static func json(_ record: SourceRecord) -> JSONOutput {
        let print = record.fingerprint
        var fields: [String: JSONOutput] = [
            "size": .integer(print.size), "mtime": .string("\(print.modifiedSeconds).\(print.modifiedNanoseconds)"),
            "inode": .string(String(print.inode)), "device": .string(String(print.device)), "sha256": .string(record.sha256),
        ]
        switch record.info {
        case .pdf(let pageCount, let pageSizes)?:
            var sizes: [String: JSONOutput] = [:]
            for (page, size) in pageSizes { sizes[String(page)] = exact(size) }
            fields["pdf"] = .object(["pageCount": .integer(pageCount), "pageSizes": .object(sizes)])
        case .png(let width, let height, let scale, let interlaced)?:
            fields["png"] = .object(["width": .integer(width), "height": .integer(height), "scale": .integer(scale), "interlaced": .bool(interlaced)])
        case .svg(let size)?:
            fields["svg"] = exact(size)
        case .jpeg(let width, let height)?:
            fields["jpeg"] = .array([.integer(width), .integer(height)])
        case .iconComposer?, nil:
            // An Icon Composer bundle is read again each build: its layers are other files.
            break
        }
        if let fonts = record.unembeddedFonts { fields["unembeddedFonts"] = .array(fonts.map(JSONOutput.string)) }
        if !record.opaque.isEmpty {
            var opaque: [String: JSONOutput] = [:]
            for (page, value) in record.opaque { opaque[String(page)] = .bool(value) }
            fields["opaque"] = .object(opaque)
        }
        return .object(fields)
    }

    /// A record as `json` writes it; nil when it does not read (missing, malformed or mistyped fields).
    static func record(_ node: JSONNode) -> SourceRecord? {
        guard case .object(let members) = node.value else { return nil }
        var fields: [String: JSONNode] = [:]
        for member in members { fields[member.key] = member.value }
        guard let size = integer(fields["size"]), case .string(let mtimeText)? = fields["mtime"]?.value,
              case .string(let inodeText)? = fields["inode"]?.value, case .string(let deviceText)? = fields["device"]?.value,
              case .string(let sha256)? = fields["sha256"]?.value, let inode = UInt64(inodeText), let device = UInt64(deviceText)
        else { return nil }
        let mtime = mtimeText.split(separator: ".").compactMap { Int($0) }
        guard mtime.count == 2 else { return nil }
        var record = SourceRecord(fingerprint: FileFingerprint(size: size, modifiedSeconds: mtime[0], modifiedNanoseconds: mtime[1],
                                                               inode: inode, device: device), sha256: sha256)
        if let pdf = fields["pdf"] {
            guard case .object(let pdfMembers) = pdf.value,
                  let pageCount = integer(pdfMembers.last { $0.key == "pageCount" }?.value),
                  case .object(let pages)? = pdfMembers.last(where: { $0.key == "pageSizes" })?.value.value else { return nil }
            var sizes: [Int: PointSize] = [:]
            for page in pages {
                guard let number = Int(page.key), let size = pointSize(page.value) else { return nil }
                sizes[number] = size
            }
            record.info = .pdf(pageCount: pageCount, pageSizes: sizes)
        } else if let png = fields["png"] {
            guard case .object(let pngMembers) = png.value else { return nil }
            func field(_ name: String) -> JSONNode? { pngMembers.last { $0.key == name }?.value }
            guard let width = integer(field("width")), let height = integer(field("height")), let scale = integer(field("scale")),
                  case .bool(let interlaced)? = field("interlaced")?.value else { return nil }
            record.info = .png(width: width, height: height, scale: scale, interlaced: interlaced)
        } else if let svg = fields["svg"] {
            guard let size = pointSize(svg) else { return nil }
            record.info = .svg(size)
        } else if case .array(let jpeg)? = fields["jpeg"]?.value, jpeg.count == 2, let width = integer(jpeg[0]), let height = integer(jpeg[1]) {
            record.info = .jpeg(width: width, height: height)
        }
        if let fonts = fields["unembeddedFonts"], !isNull(fonts) {
            guard case .array(let items) = fonts.value else { return nil }
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item.value else { return nil }
                names.append(name)
            }
            record.unembeddedFonts = names
        }
        if let opaque = fields["opaque"], !isNull(opaque) {
            guard case .object(let pages) = opaque.value else { return nil }
            for page in pages {
                guard let number = Int(page.key), case .bool(let value) = page.value.value else { return nil }
                record.opaque[number] = value
            }
        }
        return record
    }

    private static func isNull(_ node: JSONNode) -> Bool { if case .null = node.value { true } else { false } }

    private static func integer(_ node: JSONNode?) -> Int? {
        guard case .number(let value, let literal)? = node?.value else { return nil }
        return Int(literal) ?? (value.rounded() == value ? Int(exactly: value) : nil)
    }

    private static func pointSize(_ node: JSONNode) -> PointSize? {
        guard case .array(let pair) = node.value, pair.count == 2, case .string(let w) = pair[0].value, case .string(let h) = pair[1].value,
              let width = Double(w), let height = Double(h) else { return nil }
        return PointSize(width: width, height: height)
    }
}
