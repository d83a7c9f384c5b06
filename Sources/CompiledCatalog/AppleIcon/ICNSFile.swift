/// An Apple icon image file (`.icns`): `icns`, the file's length, then elements, each a four-byte
/// type, its length (header included) and its payload, all big-endian. What actool puts in one
/// (docs/macos-evidence.md, §3): four elements, in this order, in every `AppIcon.icns` of Xcode
/// 26.2–26.6 examined (mcfans/actool's reference output, JustSing, AM-MiniPlayer, cardflow,
/// readinglist), from an app icon set and from an Icon Composer icon alike; no table of contents
/// and no `info` element.
public enum ICNSFile {
    /// One element of the file.
    public struct Element: Sendable, Equatable {
        public var type: String
        public var payload: [UInt8]

        public init(type: String, payload: [UInt8]) { (self.type, self.payload) = (type, payload) }
    }

    /// What actool's `.icns` holds: each element's type, its pixel size, and whether it is a PNG
    /// (else `ARGB` run-length planes, `argbPayload`).
    public static let actoolLayout: [(type: String, pixels: Int, isPNG: Bool)] = [
        ("ic13", 256, true),   // 128 pt @2x
        ("ic11", 32, true),    // 16 pt @2x
        ("ic04", 16, false),   // 16 pt @1x
        ("ic07", 128, true),   // 128 pt @1x
    ]

    /// The most an `.icns` holds: its lengths are 32-bit.
    public static let maximumBytes = Int(UInt32.max)

    public static func write(_ elements: [Element]) throws(CompiledCatalogError) -> [UInt8] {
        let total = 8 + elements.reduce(0) { $0 + 8 + $1.payload.count }
        guard total <= maximumBytes else { throw CompiledCatalogError("an .icns of \(total) bytes is more than its 32-bit lengths hold") }
        var bytes = Array("icns".utf8) + BigEndian.u32(UInt32(total))
        bytes.reserveCapacity(total)
        for element in elements {
            let type = Array(element.type.utf8)
            guard type.count == 4 else { throw CompiledCatalogError("\"\(element.type)\" is not a four-byte .icns element type") }
            bytes += type + BigEndian.u32(UInt32(8 + element.payload.count)) + element.payload
        }
        return bytes
    }

    /// An `ic04`/`ic05` payload: `ARGB`, then the alpha, red, green and blue planes of straight
    /// (not premultiplied) RGBA pixels, one after the other, each run-length encoded as icns RLE
    /// (a byte c < 128: c + 1 literal bytes follow; c ≥ 128: the next byte c − 125 times).
    public static func argbPayload(straightRGBA pixels: [UInt8]) -> [UInt8] {
        var payload = Array("ARGB".utf8)
        for channel in [3, 0, 1, 2] {
            payload += runLengthEncoded(stride(from: channel, to: pixels.count, by: 4).map { pixels[$0] })
        }
        return payload
    }

    /// icns RLE: runs of 3 to 130 equal bytes as two bytes, everything else as literals of up to 128.
    static func runLengthEncoded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var literals: [UInt8] = []
        func flushLiterals() {
            var start = 0
            while start < literals.count {
                let count = min(128, literals.count - start)
                out.append(UInt8(count - 1))
                out += literals[start..<start + count]
                start += count
            }
            literals.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < bytes.count {
            var run = 1
            while index + run < bytes.count, run < 130, bytes[index + run] == bytes[index] { run += 1 }
            if run >= 3 {
                flushLiterals()
                out += [UInt8(run + 125), bytes[index]]
            } else {
                literals += bytes[index..<index + run]
            }
            index += run
        }
        flushLiterals()
        return out
    }
}
