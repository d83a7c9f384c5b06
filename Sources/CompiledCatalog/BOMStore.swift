/// A BOM store, the container `Assets.car` lives in: numbered blocks, named variables pointing at
/// blocks, and B+-trees of (key block, value block) pairs. The BOM layer is big-endian.
///
/// The layout follows what actool writes (docs/assets-car.md): a 32-byte header padded to 512 bytes,
/// the blocks in id order, each starting on 16 bytes, then the variables, then the block index with
/// an empty free list. Nothing in it depends on the clock or on memory addresses, so the same
/// blocks give the same bytes.
struct BOMStore {
    /// Block 0 is the null block; ids are positions in this array.
    private(set) var blocks: [[UInt8]] = [[]]
    private var variables: [(name: String, block: UInt32)] = []

    /// Adds a block and returns its id.
    mutating func add(_ bytes: [UInt8]) -> UInt32 {
        blocks.append(bytes)
        return UInt32(blocks.count - 1)
    }

    /// Reserves an id now, for a block whose content is known later (a tree's header before its leaves).
    mutating func reserve() -> UInt32 { add([]) }

    mutating func set(_ id: UInt32, _ bytes: [UInt8]) { blocks[Int(id)] = bytes }

    mutating func name(_ name: String, _ block: UInt32) {
        variables.append((name, block))
    }

    /// How a tree stores its keys: as blocks of their own, or inline in the leaf (BITMAPKEYS' u32 ids).
    enum KeyStorage {
        case blocks
        case inline
    }

    /// A tree of `entries` (key, value), sorted here by raw key bytes as actool sorts them. Each
    /// key block is allocated right before its value block, as in every real file.
    ///
    /// One leaf holds `(blockSize - 12) / 8` entries; more go into several leaves chained by
    /// forward/backward links under an internal root node laid out as Apple's own multi-leaf trees
    /// are (CoreUI's system `.car` files): for every leaf but the last, (leaf, the leaf's *last*
    /// key), then the last leaf with key 0, so a search goes to the first leaf whose separator is
    /// not below the key. Separators of a tree with inline keys are inline too. Leaves of a
    /// multi-leaf tree are one block size, without the key copy a single RENDITIONS leaf carries.
    /// Entries one leaf of `blockSize` holds; an internal node holds as many children, so a tree of
    /// one internal node over leaves holds the square of it.
    static func entriesPerLeaf(blockSize: Int) -> Int { (blockSize - 12) / 8 }

    @discardableResult
    mutating func addTree(named name: String, entries: [(key: [UInt8], value: [UInt8])], blockSize: Int = 4096,
                          keys: KeyStorage = .blocks, keyLengthHint: UInt32, inlineKeyCopy: Int? = nil) -> UInt32 {
        let header = reserve()
        let sorted = entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        let perLeaf = Self.entriesPerLeaf(blockSize: blockSize)
        let batches = stride(from: 0, to: max(sorted.count, 1), by: perLeaf).map {
            Array(sorted[$0..<min($0 + perLeaf, sorted.count)])
        }
        let leaves = batches.map { _ in reserve() }
        for (position, batch) in batches.enumerated() {
            var pairs: [(value: UInt32, key: UInt32)] = []
            for entry in batch {
                switch keys {
                case .blocks:
                    let key = add(entry.key)
                    pairs.append((add(entry.value), key))
                case .inline:
                    pairs.append((add(entry.value), BigEndian.u32(entry.key)))
                }
            }
            var leaf = BigEndian.u16(1) + BigEndian.u16(UInt16(batch.count))
            leaf += BigEndian.u32(position + 1 < leaves.count ? leaves[position + 1] : 0)
            leaf += BigEndian.u32(position > 0 ? leaves[position - 1] : 0)
            for pair in pairs { leaf += BigEndian.u32(pair.value) + BigEndian.u32(pair.key) }
            var length = blockSize
            if let keyLength = inlineKeyCopy, batches.count == 1 {
                // actool's RENDITIONS leaf: after the pairs, four zero bytes and a copy of every key.
                leaf += [0, 0, 0, 0]
                for entry in batch { leaf += entry.key }
                length += batch.count * keyLength
            }
            leaf += [UInt8](repeating: 0, count: max(0, length - leaf.count))
            set(leaves[position], leaf)
        }
        var root = leaves[0]
        if leaves.count > 1 {
            var node = BigEndian.u16(0) + BigEndian.u16(UInt16(leaves.count - 1)) + BigEndian.u32(0) + BigEndian.u32(0)
            for position in 0..<(leaves.count - 1) {
                let lastKey = batches[position][batches[position].count - 1].key
                let separator = keys == .inline ? BigEndian.u32(lastKey) : add(lastKey)
                node += BigEndian.u32(leaves[position]) + BigEndian.u32(separator)
            }
            node += BigEndian.u32(leaves[leaves.count - 1]) + BigEndian.u32(0)
            node += [UInt8](repeating: 0, count: max(0, blockSize - node.count))
            root = add(node)
        }
        var tree = Array("tree".utf8) + BigEndian.u32(1) + BigEndian.u32(root) + BigEndian.u32(UInt32(blockSize))
        tree += BigEndian.u32(UInt32(sorted.count)) + [keys == .inline ? 1 : 0]
        tree += BigEndian.u32(keyLengthHint) + BigEndian.u32(0)
        set(header, tree)
        self.name(name, header)
        return header
    }

    /// The file's bytes.
    func serialized() -> [UInt8] {
        var file = [UInt8](repeating: 0, count: 512)
        // Reserved once: a car of 20 MB grown by doubling was copied about twice over.
        file.reserveCapacity(512 + blocks.reduce(0) { $0 + $1.count + 15 } + variables.count * 260 + 8 * max(256, blocks.count + 1) + 64)
        var addresses: [(UInt32, UInt32)] = [(0, 0)]
        addresses.reserveCapacity(blocks.count)
        for block in blocks.dropFirst() {
            pad(&file)
            addresses.append((UInt32(file.count), UInt32(block.count)))
            file += block
        }
        pad(&file)
        let variablesOffset = file.count
        file += BigEndian.u32(UInt32(variables.count))
        for variable in variables {
            let name = Array(variable.name.utf8)
            file += BigEndian.u32(variable.block) + [UInt8(name.count)] + name
        }
        let variablesLength = file.count - variablesOffset
        pad(&file)
        let indexOffset = file.count
        let entries = max(256, addresses.count + 1)
        file += BigEndian.u32(UInt32(entries))
        for position in 0..<entries {
            let (address, length) = position < addresses.count ? addresses[position] : (0, 0)
            file += BigEndian.u32(address) + BigEndian.u32(length)
        }
        file += BigEndian.u32(0) + [UInt8](repeating: 0, count: 16)  // an empty free list
        let indexLength = file.count - indexOffset
        var header = Array("BOMStore".utf8) + BigEndian.u32(1) + BigEndian.u32(UInt32(blocks.count - 1))
        header += BigEndian.u32(UInt32(indexOffset)) + BigEndian.u32(UInt32(indexLength))
        header += BigEndian.u32(UInt32(variablesOffset)) + BigEndian.u32(UInt32(variablesLength))
        file.replaceSubrange(0..<header.count, with: header)
        return file
    }

    private func pad(_ bytes: inout [UInt8]) {
        bytes.append(contentsOf: repeatElement(0, count: (16 - bytes.count % 16) % 16))
    }
}

enum BigEndian {
    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
    /// Reads four bytes as a big-endian number: an inline key (BITMAPKEYS' identifiers, passed as
    /// their big-endian bytes so byte order is numeric order) back into the leaf's u32.
    static func u32(_ bytes: [UInt8]) -> UInt32 {
        bytes.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

enum LittleEndian {
    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
    static func u32(_ value: Int) -> [UInt8] { u32(UInt32(truncatingIfNeeded: value)) }
    static func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
    /// A fixed-size, NUL-padded string field (truncated to leave one NUL).
    static func string(_ text: String, size: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(size - 1))
        return bytes + [UInt8](repeating: 0, count: size - bytes.count)
    }
}
