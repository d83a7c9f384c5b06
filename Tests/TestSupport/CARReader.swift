/// An `Assets.car` reader for the tests, written apart from the writer (Sources/CompiledCatalog)
/// and sharing none of its code: it parses the BOM store, every named block and tree, checks the
/// structural rules actool's files follow, and decodes every bitmap rendition to premultiplied BGRA
/// (LZFSE streams of `bvx-` and `bvxn` blocks; the LZVN decoder handles every opcode, not only the
/// ones assetc writes). Anything malformed is a thrown `CARReader.Malformed` naming the place.
public struct CARReader {
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
        init(_ text: String) { description = text }
    }

    public struct TreeEntry {
        public var keyBlock: UInt32
        public var valueBlock: UInt32
        public var key: [UInt8]
        public var value: [UInt8]
    }

    public struct Tree {
        public var blockSize: UInt32
        public var pathCount: UInt32
        public var isPathInternal: Bool
        public var keyLengthHint: UInt32
        public var entries: [TreeEntry]
    }

    public struct Header {
        public var coreUIVersion, storageVersion, timestamp, renditionCount: UInt32
        public var mainVersion, version: String
        public var uuid: [UInt8]
        public var checksum, schemaVersion, colorSpace, keySemantics: UInt32
    }

    public struct Metadata {
        public var thinning, deploymentTarget, platform, authoringTool: String
    }

    public struct Rendition {
        public var attributes: [UInt16: UInt16]
        public var flags, width, height, scaleTimes100: UInt32
        public var pixelFormat: String
        public var colorSpace: UInt32
        public var layout: UInt16
        public var name: String
        /// (type, length) of each TLV, in order.
        public var tlvs: [(type: UInt32, length: Int)]
        /// Each TLV's value by type (the last of a type).
        public var tlvValues: [UInt32: [UInt8]] = [:]
        public var bytesPerRow: Int?
        /// For bitmaps: MLEC flags, encoding and the LZFSE block kinds seen.
        public var payloadFlags: UInt32?
        public var payloadEncoding: UInt32?
        public var blockKinds: Set<String> = []
        /// Premultiplied BGRA, `bytesPerRow` per row (bitmaps only); a `GA8` rendition's pixels are
        /// expanded to BGRA (grey in each colour channel), `width × 4` per row.
        public var pixels: [UInt8]?
        /// The decoded chunks as stored (`GA8`: grey, alpha), `bytesPerRow` per row.
        public var storedPixels: [UInt8]?
        public var isGA8: Bool { pixelFormat == " 8AG" }
        /// A file kept as it is (`DWAR` version 0: a JPEG, a PDF), without the envelope.
        public var embeddedFile: [UInt8]?
        /// A frame in a packed atlas (layout 1003, TLV 1010 `KLNI`): where, in the atlas whose key
        /// holds `reference` (attributes not named are 0). `y` counts from the atlas's bottom row.
        public var link: (x: Int, y: Int, width: Int, height: Int, reference: [UInt16: UInt16])?
        /// A link's own layout (12, or a sliced layout such as 20), kept in its `KLNI`.
        public var linkedLayout: UInt16?
        /// The layout that says what the image is: a link's own, else the header's.
        public var imageLayout: UInt16 { linkedLayout ?? layout }
        /// TLV 1001's slice rectangles (x, y, width, height), origin at the bottom left.
        public var slices: [[UInt32]]? {
            guard let value = tlvValues[1001], value.count >= 4 else { return nil }
            let count = Int(CARReader.le32(value, 0))
            guard value.count >= 4 + 16 * count else { return nil }
            return (0..<count).map { index in (0..<4).map { CARReader.le32(value, 4 + 16 * index + 4 * $0) } }
        }
        /// TLV 1003's values after the count: (left, top), (right, bottom), size.
        public var metrics: [UInt32]? {
            guard let value = tlvValues[1003], value.count >= 28 else { return nil }
            return (1..<7).map { CARReader.le32(value, 4 * $0) }
        }
        /// Multisize records: (width, height, index).
        public var multisize: [(UInt32, UInt32, UInt32)]?
        /// Colours (layout 1009, `RLOC`): the colour space and the components.
        public var color: (space: UInt32, components: [Double])?
        /// A colour's system colour (`systemBlueColor`), when it refers to one.
        public var systemColorName: String?
        /// The payload as stored, for what this reader does not decode (read leniently: PDF `DWAR`,
        /// links into packed atlases).
        public var rawPayload: [UInt8] = []
    }

    public var bytes: [UInt8]
    public var numberOfBlocks: UInt32
    public var blocks: [(address: UInt32, length: UInt32)]
    public var variables: [(name: String, block: UInt32)]
    public var header: Header
    public var metadata: Metadata
    public var keyFormat: [UInt16]
    /// name → (attribute, value) pairs.
    public var facets: [String: [(UInt16, UInt16)]]
    public var appearances: [String: UInt16]
    /// LOCALIZATIONKEYS: each locale name and its number (attribute 13 of a rendition key).
    public var localizations: [String: UInt16] = [:]
    /// identifier → u32 masks, one per key-format slot (after the four-word preamble).
    public var bitmapKeys: [UInt32: [UInt32]]
    public var renditions: [Rendition]
    public var trees: [String: Tree]

    /// `lenient`: renditions this reader does not decode (what older actool wrote: PDF, packed
    /// atlases, deepmap payloads) keep their raw payload instead of failing the read.
    public init(_ bytes: [UInt8], lenient: Bool = false) throws {
        self.bytes = bytes
        guard bytes.count >= 32, Array(bytes[0..<8]) == Array("BOMStore".utf8) else { throw Malformed("not a BOM store") }
        guard Self.be32(bytes, 8) == 1 else { throw Malformed("BOM version is not 1") }
        numberOfBlocks = Self.be32(bytes, 12)
        let indexOffset = Int(Self.be32(bytes, 16)), indexLength = Int(Self.be32(bytes, 20))
        let varsOffset = Int(Self.be32(bytes, 24)), varsLength = Int(Self.be32(bytes, 28))
        guard indexOffset + indexLength <= bytes.count, varsOffset + varsLength <= bytes.count else { throw Malformed("index or vars past the end") }
        let count = Int(Self.be32(bytes, indexOffset))
        guard 4 + 8 * count <= indexLength else { throw Malformed("block index longer than its length") }
        blocks = (0..<count).map { (Self.be32(bytes, indexOffset + 4 + 8 * $0), Self.be32(bytes, indexOffset + 8 + 8 * $0)) }
        guard blocks[0] == (0, 0) else { throw Malformed("block 0 is not the null block") }
        for (id, block) in blocks.enumerated() where block.length > 0 {
            guard Int(block.address) + Int(block.length) <= bytes.count else { throw Malformed("block \(id) past the end") }
        }
        var variables: [(String, UInt32)] = []
        var at = varsOffset + 4
        for _ in 0..<Int(Self.be32(bytes, varsOffset)) {
            let block = Self.be32(bytes, at), length = Int(bytes[at + 4])
            variables.append((String(decoding: bytes[(at + 5)..<(at + 5 + length)], as: UTF8.self), block))
            at += 5 + length
        }
        guard at - varsOffset == varsLength else { throw Malformed("vars length \(varsLength) but \(at - varsOffset) read") }
        self.variables = variables
        // Placeholders so the helpers below can run on `self`.
        header = Header(coreUIVersion: 0, storageVersion: 0, timestamp: 0, renditionCount: 0, mainVersion: "", version: "", uuid: [],
                        checksum: 0, schemaVersion: 0, colorSpace: 0, keySemantics: 0)
        metadata = Metadata(thinning: "", deploymentTarget: "", platform: "", authoringTool: "")
        keyFormat = []; facets = [:]; appearances = [:]; bitmapKeys = [:]; renditions = []; trees = [:]

        let headerBlock = try block(named: "CARHEADER")
        guard headerBlock.count == 436, Array(headerBlock[0..<4]) == Array("RATC".utf8) else { throw Malformed("CARHEADER is not 436 bytes of RATC") }
        header = Header(coreUIVersion: Self.le32(headerBlock, 4), storageVersion: Self.le32(headerBlock, 8), timestamp: Self.le32(headerBlock, 12),
                        renditionCount: Self.le32(headerBlock, 16), mainVersion: Self.cString(headerBlock, 20, 128),
                        version: Self.cString(headerBlock, 148, 256), uuid: Array(headerBlock[404..<420]),
                        checksum: Self.le32(headerBlock, 420), schemaVersion: Self.le32(headerBlock, 424),
                        colorSpace: Self.le32(headerBlock, 428), keySemantics: Self.le32(headerBlock, 432))
        if lenient, !variables.contains(where: { $0.0 == "EXTENDED_METADATA" }) {
            metadata = Metadata(thinning: "", deploymentTarget: "", platform: "", authoringTool: "")  // before Xcode 8
        } else {
            let meta = try block(named: "EXTENDED_METADATA")
            guard meta.count == 1028, Array(meta[0..<4]) == Array("META".utf8) else { throw Malformed("EXTENDED_METADATA is not 1028 bytes of META") }
            metadata = Metadata(thinning: Self.cString(meta, 4, 256), deploymentTarget: Self.cString(meta, 260, 256),
                                platform: Self.cString(meta, 516, 256), authoringTool: Self.cString(meta, 772, 256))
        }
        let format = try block(named: "KEYFORMAT")
        guard Array(format[0..<4]) == Array("tmfk".utf8), format.count == 12 + 4 * Int(Self.le32(format, 8)) else { throw Malformed("KEYFORMAT malformed") }
        keyFormat = (0..<Int(Self.le32(format, 8))).map { UInt16(Self.le32(format, 12 + 4 * $0)) }
        // Older actool (Xcode 10–13) writes KEYFORMATWORKAROUND: one u32 per slot, non-zero where
        // the slot's real attribute differs (KEYFORMAT's 5 in a slot that holds 25, deploymentTarget).
        if lenient, variables.contains(where: { $0.0 == "KEYFORMATWORKAROUND" }) {
            let workaround = try block(named: "KEYFORMATWORKAROUND")
            for slot in keyFormat.indices where 4 * slot + 4 <= workaround.count {
                let real = UInt16(truncatingIfNeeded: Self.le32(workaround, 4 * slot))
                if real != 0 { keyFormat[slot] = real }
            }
        }

        for name in ["RENDITIONS", "FACETKEYS", "APPEARANCEKEYS", "LOCALIZATIONKEYS", "BITMAPKEYS"] where variables.contains(where: { $0.0 == name }) {
            trees[name] = try tree(named: name)
        }
        for entry in trees["FACETKEYS"]?.entries ?? [] {
            let value = entry.value
            let pairs = (0..<Int(Self.le16(value, 4))).map { (Self.le16(value, 6 + 4 * $0), Self.le16(value, 8 + 4 * $0)) }
            facets[String(decoding: entry.key, as: UTF8.self)] = pairs
        }
        for entry in trees["APPEARANCEKEYS"]?.entries ?? [] {
            appearances[String(decoding: entry.key, as: UTF8.self)] = Self.le16(entry.value, 0)
        }
        for entry in trees["LOCALIZATIONKEYS"]?.entries ?? [] {
            localizations[String(decoding: entry.key, as: UTF8.self)] = Self.le16(entry.value, 0)
        }
        for entry in trees["BITMAPKEYS"]?.entries ?? [] {
            let value = entry.value
            let slots = Int(Self.le32(value, 12))
            guard value.count == 16 + 4 * slots, Self.le32(value, 8) == UInt32(4 + 4 * slots) else { throw Malformed("BITMAPKEYS value malformed") }
            bitmapKeys[Self.be32(entry.key, 0)] = (0..<slots).map { Self.le32(value, 16 + 4 * $0) }
        }
        for entry in trees["RENDITIONS"]?.entries ?? [] {
            guard entry.key.count == 2 * keyFormat.count else { throw Malformed("a rendition key is not \(2 * keyFormat.count) bytes") }
            var attributes: [UInt16: UInt16] = [:]
            for (slot, attribute) in keyFormat.enumerated() { attributes[attribute] = Self.le16(entry.key, 2 * slot) }
            renditions.append(try Self.rendition(entry.value, attributes: attributes, lenient: lenient))
        }
    }

    public func block(_ id: UInt32) throws -> [UInt8] {
        guard Int(id) < blocks.count, id != 0 else { throw Malformed("block \(id) does not exist") }
        let block = blocks[Int(id)]
        return Array(bytes[Int(block.address)..<(Int(block.address) + Int(block.length))])
    }

    public func block(named name: String) throws -> [UInt8] {
        guard let variable = variables.first(where: { $0.name == name }) else { throw Malformed("no \(name)") }
        return try block(variable.block)
    }

    /// Looks a key up as a B-tree search does on Apple's layout: in an internal node, the first
    /// child whose separator (its last key) is not below the key, else the last child; in the leaf,
    /// the entry with that key. Returns its value block, nil when the search does not find it.
    public func search(tree name: String, key: [UInt8]) throws -> UInt32? {
        let header = try block(named: name)
        let internalKeys = header[20] != 0
        func keyBytes(_ node: [UInt8], _ index: Int) throws -> [UInt8] {
            internalKeys ? Array(node[(16 + 8 * index)..<(20 + 8 * index)]) : try block(Self.be32(node, 16 + 8 * index))
        }
        var id = Self.be32(header, 8)
        for _ in 0..<32 {
            let node = try block(id)
            let count = Int(Self.be16(node, 2))
            if Self.be16(node, 0) == 1 {
                for index in 0..<count where try keyBytes(node, index) == key { return Self.be32(node, 12 + 8 * index) }
                return nil
            }
            var next = Self.be32(node, 12 + 8 * count)
            for index in 0..<count where !(try keyBytes(node, index)).lexicographicallyPrecedes(key) {
                next = Self.be32(node, 12 + 8 * index)
                break
            }
            id = next
        }
        throw Malformed("\(name): deeper than 32 levels")
    }

    public func tree(named name: String) throws -> Tree {
        let header = try block(named: name)
        guard header.count >= 21, Array(header[0..<4]) == Array("tree".utf8), Self.be32(header, 4) == 1 else { throw Malformed("\(name) is not a tree") }
        let internalKeys = header[20] != 0
        var entries: [TreeEntry] = []
        var visited: Set<UInt32> = []
        func walk(_ id: UInt32) throws {
            guard visited.insert(id).inserted else { throw Malformed("\(name): node \(id) reached twice") }
            let node = try block(id)
            let isLeaf = Self.be16(node, 0) == 1, count = Int(Self.be16(node, 2))
            if isLeaf {
                for index in 0..<count {
                    let value = Self.be32(node, 12 + 8 * index), key = Self.be32(node, 16 + 8 * index)
                    entries.append(TreeEntry(keyBlock: key, valueBlock: value,
                                             key: internalKeys ? Array(node[(16 + 8 * index)..<(20 + 8 * index)]) : try block(key),
                                             value: try block(value)))
                }
            } else {
                // (child, its last key) pairs, then the last child: Apple's layout.
                for index in 0...count { try walk(Self.be32(node, 12 + 8 * index)) }
            }
        }
        try walk(Self.be32(header, 8))
        return Tree(blockSize: Self.be32(header, 12), pathCount: Self.be32(header, 16), isPathInternal: internalKeys,
                    keyLengthHint: header.count >= 25 ? Self.be32(header, 21) : 0, entries: entries)
    }

    static func rendition(_ value: [UInt8], attributes: [UInt16: UInt16], lenient: Bool = false) throws -> Rendition {
        guard value.count >= 184, Array(value[0..<4]) == Array("ISTC".utf8), le32(value, 4) == 1 else { throw Malformed("rendition without an ISTC header") }
        let tlvLength = Int(le32(value, 168)), payloadLength = Int(le32(value, 180))
        guard 184 + tlvLength + payloadLength == value.count else { throw Malformed("rendition length \(value.count) is not 184 + \(tlvLength) + \(payloadLength)") }
        var rendition = Rendition(attributes: attributes, flags: le32(value, 8), width: le32(value, 12), height: le32(value, 16),
                                  scaleTimes100: le32(value, 20), pixelFormat: String(decoding: value[24..<28], as: UTF8.self),
                                  colorSpace: le32(value, 28), layout: le16(value, 36), name: cString(value, 40, 128), tlvs: [])
        var at = 184
        while at < 184 + tlvLength {
            let type = le32(value, at), length = Int(le32(value, at + 4))
            guard at + 8 + length <= 184 + tlvLength else { throw Malformed("a TLV runs past the TLV area") }
            rendition.tlvs.append((type, length))
            rendition.tlvValues[type] = Array(value[(at + 8)..<(at + 8 + length)])
            if type == 1007 { rendition.bytesPerRow = Int(le32(value, at + 8)) }
            at += 8 + length
        }
        if rendition.layout == 1003, let frame = rendition.tlvValues[1010] {
            guard frame.count >= 30, Array(frame[0..<4]) == Array("KLNI".utf8) else { throw Malformed("atlas link without KLNI") }
            var reference: [UInt16: UInt16] = [:]
            var at = 30
            while at + 4 <= frame.count {
                let attribute = le16(frame, at), value = le16(frame, at + 2)
                if attribute == 0 { break }
                reference[attribute] = value
                at += 4
            }
            rendition.link = (Int(le32(frame, 8)), Int(le32(frame, 12)), Int(le32(frame, 16)), Int(le32(frame, 20)), reference)
            rendition.linkedLayout = le16(frame, 24)
        }
        let payload = Array(value[(184 + tlvLength)...])
        if rendition.layout == 1010 {
            guard Array(payload[0..<4]) == Array("SISM".utf8) else { throw Malformed("multisize record without SISM") }
            let count = Int(le32(payload, 8))
            guard payload.count == 12 + 12 * count else { throw Malformed("multisize record length") }
            rendition.multisize = (0..<count).map { (le32(payload, 12 + 12 * $0), le32(payload, 16 + 12 * $0), le32(payload, 20 + 12 * $0)) }
            return rendition
        }
        rendition.rawPayload = payload
        if rendition.layout == 1009 {
            guard payload.count >= 16, Array(payload[0..<4]) == Array("RLOC".utf8), le32(payload, 4) == 1 else { throw Malformed("colour without RLOC") }
            let count = Int(le32(payload, 12))
            // As CoreUI reads it: the space in the low byte, the colour type in bits 8–10; type 1 is
            // a system colour whose name follows the components in a second RLOC block.
            let info = le32(payload, 8)
            let end = 16 + 8 * count
            if (info >> 8) & 7 == 1 {
                guard payload.count >= end + 12, Array(payload[end..<end + 4]) == Array("RLOC".utf8), le32(payload, end + 4) == 1,
                      payload.count == end + 12 + Int(le32(payload, end + 8)) else { throw Malformed("system colour without its name") }
                rendition.systemColorName = String(decoding: payload[(end + 12)...], as: UTF8.self)
            } else {
                guard payload.count == end else { throw Malformed("colour length") }
            }
            var components: [Double] = []
            for index in 0..<count {
                var bits: UInt64 = 0
                for byte in 0..<8 {
                    let value = UInt64(payload[16 + 8 * index + byte])
                    bits |= value << UInt64(8 * byte)
                }
                components.append(Double(bitPattern: bits))
            }
            rendition.color = (info & 0xFF, components)
            return rendition
        }
        // A visionOS layer texture's reference (`RTXT`): read through `rawPayload`.
        if rendition.layout == 1007 {
            guard payload.count >= 32, Array(payload[0..<4]) == Array("RTXT".utf8) else { throw Malformed("texture reference without RTXT") }
            return rendition
        }
        // An Icon Composer gradient (`ARGG`): read through `rawPayload` by the tests that need it.
        if rendition.layout == 1021 {
            guard payload.count >= 32, Array(payload[0..<4]) == Array("ARGG".utf8) else { throw Malformed("gradient without ARGG") }
            return rendition
        }
        if payload.count >= 12, Array(payload[0..<4]) == Array("DWAR".utf8) {
            // Icon stacks and groups (layouts 1019, 1020) and tvOS and visionOS layered images (1002, 1018) carry an empty one; their content is in TLVs.
            guard [9, 1000, 1002, 1017, 1018, 1019, 1020].contains(rendition.layout) || rendition.pixelFormat == "GEPJ" || lenient else { throw Malformed("DWAR payload in a layout-\(rendition.layout) \(rendition.pixelFormat) rendition") }
            let version = le32(payload, 4), length = Int(le32(payload, 8))
            guard payload.count == 12 + length else { throw Malformed("DWAR of \(length) bytes in a payload of \(payload.count)") }
            if version == 0 {
                rendition.embeddedFile = Array(payload[12...])
            } else if version == 1 {
                // An LZFSE stream (actool's SVG vectors).
                var kinds: Set<String> = []
                rendition.embeddedFile = try LZFSEDecoder.decode(Array(payload[12...]), kinds: &kinds)
            } else if !lenient { throw Malformed("DWAR version \(version)") }
            return rendition
        }
        if lenient, payload.count < 4 || Array(payload[0..<4]) != Array("MLEC".utf8) { return rendition }
        guard Array(payload[0..<4]) == Array("MLEC".utf8) else { throw Malformed("bitmap payload without MLEC") }
        rendition.payloadFlags = le32(payload, 4)
        rendition.payloadEncoding = le32(payload, 8)
        // A tvOS radiosity image ("blurred", compression 6): its values are read through `rawPayload`.
        if rendition.payloadEncoding == 6 { return rendition }
        guard let stride = rendition.bytesPerRow else { throw Malformed("bitmap without bytes per row (TLV 1007)") }
        var pixels: [UInt8] = []
        var rows = 0
        at = 16
        for _ in 0..<Int(le32(payload, 12)) {
            guard Array(payload[at..<(at + 4)]) == Array("KCBC".utf8) else {
                if lenient { return rendition }  // no chunks (older actool): header and flags only
                throw Malformed("chunk without KCBC")
            }
            let chunkRows = Int(le32(payload, at + 12)), length = Int(le32(payload, at + 16))
            let decoded: [UInt8]
            do {
                decoded = try LZFSEDecoder.decode(Array(payload[(at + 20)..<(at + 20 + length)]), kinds: &rendition.blockKinds)
            } catch where lenient {
                return rendition  // an encoding older actool wrote (RLE, deepmap): header and flags only
            }
            guard decoded.count == chunkRows * stride else { throw Malformed("chunk of \(chunkRows) rows decodes to \(decoded.count) bytes") }
            pixels += decoded
            rows += chunkRows
            at += 20 + length
        }
        guard at == payload.count else { throw Malformed("bytes after the last chunk") }
        guard rows == Int(rendition.height) else { throw Malformed("chunks hold \(rows) rows, the image \(rendition.height)") }
        rendition.storedPixels = pixels
        if rendition.isGA8 {
            guard stride >= 2 * Int(rendition.width) else { throw Malformed("a GA8 row of \(stride) bytes for \(rendition.width) pixels") }
            var expanded: [UInt8] = []
            expanded.reserveCapacity(Int(rendition.width) * rows * 4)
            for row in 0..<rows {
                for x in 0..<Int(rendition.width) {
                    let grey = pixels[row * stride + 2 * x], alpha = pixels[row * stride + 2 * x + 1]
                    expanded += [grey, grey, grey, alpha]
                }
            }
            rendition.pixels = expanded
        } else {
            rendition.pixels = pixels
        }
        return rendition
    }

    /// The stored pixels of a rendition that links into a packed atlas, cut out of the atlas (rows
    /// of `width × bytes per pixel`), or nil when the atlas is not one this reader decodes.
    public func linkedPixels(_ rendition: Rendition) -> [UInt8]? {
        guard let link = rendition.link else { return nil }
        let atlas = renditions.first { candidate in
            candidate.layout == 1004 && keyFormat.allSatisfy { (candidate.attributes[$0] ?? 0) == (link.reference[$0] ?? 0) }
        }
        guard let atlas, let stored = atlas.storedPixels, let stride = atlas.bytesPerRow else { return nil }
        let bytesPerPixel = atlas.isGA8 ? 2 : 4
        let top = Int(atlas.height) - link.y - link.height
        guard top >= 0, link.x >= 0, (link.x + link.width) * bytesPerPixel <= stride else { return nil }
        var out: [UInt8] = []
        for row in top..<(top + link.height) {
            let start = row * stride + link.x * bytesPerPixel
            out += stored[start..<(start + link.width * bytesPerPixel)]
        }
        return out
    }

    public static func be16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }
    public static func be32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 << 8 | UInt32(b[at + $1]) } }
    public static func le16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    public static func le32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reversed().reduce(0) { $0 << 8 | UInt32(b[at + $1]) } }
    public static func cString(_ b: [UInt8], _ at: Int, _ size: Int) -> String {
        String(decoding: b[at..<(at + size)].prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// LZFSE streams with uncompressed (`bvx-`), LZVN (`bvxn`) and FSE-coded (`bvx2`) blocks, ending
/// with `bvx$`. `bvx1` (an older FSE header) is refused: assetc does not write it.
public enum LZFSEDecoder {
    public static func decode(_ stream: [UInt8], kinds: inout Set<String>) throws -> [UInt8] {
        var out: [UInt8] = []
        var at = 0
        while true {
            guard at + 4 <= stream.count else { throw CARReader.Malformed("LZFSE stream without bvx$") }
            let magic = String(decoding: stream[at..<(at + 4)], as: UTF8.self)
            kinds.insert(magic)
            switch magic {
            case "bvx$":
                guard at + 4 == stream.count else { throw CARReader.Malformed("bytes after bvx$") }
                return out
            case "bvx-":
                let count = Int(CARReader.le32(stream, at + 4))
                out += stream[(at + 8)..<(at + 8 + count)]
                at += 8 + count
            case "bvxn":
                let raw = Int(CARReader.le32(stream, at + 4)), payload = Int(CARReader.le32(stream, at + 8))
                let decoded = try LZVNDecoder.decode(Array(stream[(at + 12)..<(at + 12 + payload)]), expected: raw)
                out += decoded
                at += 12 + payload
            case "bvx2":
                at = try LZFSETestDecoder.decodeBlock(stream, at, &out)
            default:
                throw CARReader.Malformed("LZFSE block '\(magic)' is not supported by the test reader")
            }
        }
    }
}

/// Every LZVN opcode: small/medium/large/previous distance with 0–3 literals, small/large literal
/// runs, small/large match continuations, nop and end of stream.
public enum LZVNDecoder {
    public static func decode(_ src: [UInt8], expected: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(expected)
        var at = 0, distance = 0
        func fail(_ why: String) -> CARReader.Malformed { CARReader.Malformed("LZVN at \(at): \(why)") }
        func need(_ n: Int) throws { if at + n > src.count { throw fail("truncated") } }
        func literals(_ count: Int, from start: Int) throws {
            guard start + count <= src.count else { throw fail("literal past the end") }
            out += src[start..<(start + count)]
        }
        func match(_ count: Int) throws {
            guard distance > 0, distance <= out.count else { throw fail("distance \(distance) with \(out.count) bytes written") }
            for _ in 0..<count { out.append(out[out.count - distance]) }
        }
        while true {
            try need(1)
            let op = src[at]
            switch op {
            case 0x06:
                try need(8)
                at += 8
                guard at == src.count else { throw fail("bytes after end of stream") }
                guard out.count == expected else { throw fail("decoded \(out.count) bytes, the block says \(expected)") }
                return out
            case 0x0E, 0x16:
                at += 1
            case 0x1E, 0x26, 0x2E, 0x36, 0x3E, 0x70...0x7F, 0xD0...0xDF:
                throw fail("undefined opcode \(op)")
            case 0xE0:
                try need(2)
                let count = Int(src[at + 1]) + 16
                try literals(count, from: at + 2)
                at += 2 + count
            case 0xE1...0xEF:
                let count = Int(op & 0x0F)
                try literals(count, from: at + 1)
                at += 1 + count
            case 0xF0:
                try need(2)
                try match(Int(src[at + 1]) + 16)
                at += 2
            case 0xF1...0xFF:
                try match(Int(op & 0x0F))
                at += 1
            case 0xA0...0xBF:  // medium distance: 101LLMMM DDDDDDMM DDDDDDDD
                try need(3)
                let l = Int((op >> 3) & 3), m = Int((op & 7) << 2 | (src[at + 1] & 3)) + 3
                let d = (Int(src[at + 1]) | Int(src[at + 2]) << 8) >> 2
                try literals(l, from: at + 3)
                at += 3 + l
                distance = d
                try match(m)
            default:
                let l = Int(op >> 6), m = Int((op >> 3) & 7) + 3
                switch op & 7 {
                case 7:  // large distance
                    try need(3)
                    let d = Int(src[at + 1]) | Int(src[at + 2]) << 8
                    try literals(l, from: at + 3)
                    at += 3 + l
                    distance = d
                case 6:  // previous distance
                    try literals(l, from: at + 1)
                    at += 1 + l
                default:  // small distance
                    try need(2)
                    let d = Int(op & 7) << 8 | Int(src[at + 1])
                    try literals(l, from: at + 2)
                    at += 2 + l
                    distance = d
                }
                try match(m)
            }
            guard out.count <= expected else { throw fail("decodes past \(expected) bytes") }
        }
    }
}
