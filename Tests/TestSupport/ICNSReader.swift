/// An `.icns` read as the format describes it (`icns`, the length, then typed elements with their
/// lengths), written apart from assetc's writer; nil when any length is wrong.
public enum ICNSReader {
    public static func elements(_ file: [UInt8]) -> [(type: String, payload: [UInt8])]? {
        func u32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard file.count >= 8, String(decoding: file[0..<4], as: UTF8.self) == "icns", u32(4) == file.count else { return nil }
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset < file.count {
            guard offset + 8 <= file.count else { return nil }
            let length = u32(offset + 4)
            guard length >= 8, offset + length <= file.count else { return nil }
            result.append((String(decoding: file[offset..<offset + 4], as: UTF8.self), Array(file[offset + 8..<offset + length])))
            offset += length
        }
        return result
    }

    /// icns RLE (PackBits as `ARGB` and `it32` planes use it): `count` bytes decoded from the front of
    /// `bytes`, and how many bytes they took; nil when the stream ends early.
    public static func runLengthDecoded(_ bytes: ArraySlice<UInt8>, count: Int) -> (bytes: [UInt8], used: Int)? {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while out.count < count {
            guard index < bytes.endIndex else { return nil }
            let control = Int(bytes[index])
            index += 1
            if control < 128 {
                guard index + control + 1 <= bytes.endIndex else { return nil }
                out += bytes[index..<index + control + 1]
                index += control + 1
            } else {
                guard index < bytes.endIndex else { return nil }
                out += Array(repeating: bytes[index], count: control - 125)
                index += 1
            }
        }
        return out.count == count ? (out, index - bytes.startIndex) : nil
    }

    /// An `ARGB` element's pixels as straight RGBA8 (its four planes, alpha first, read back);
    /// nil when it is not one of `side`×`side` pixels.
    public static func argbPixels(_ payload: [UInt8], side: Int) -> [UInt8]? {
        guard payload.count > 4, String(decoding: payload[0..<4], as: UTF8.self) == "ARGB" else { return nil }
        var planes: [[UInt8]] = []
        var rest = payload[4...]
        for _ in 0..<4 {
            guard let plane = runLengthDecoded(rest, count: side * side) else { return nil }
            planes.append(plane.bytes)
            rest = rest.dropFirst(plane.used)
        }
        guard rest.isEmpty else { return nil }
        return (0..<side * side).flatMap { [planes[1][$0], planes[2][$0], planes[3][$0], planes[0][$0]] }
    }
}
