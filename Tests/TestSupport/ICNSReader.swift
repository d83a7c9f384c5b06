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
}
