import AssetModel

/// Reads a JPEG's frame size from its markers. JPEGs from catalogs are copied byte for byte, never
/// decoded, so this is all assetc needs from them; a decoder library would only be asked for two
/// numbers. Every read is bounds-checked: a truncated or forged file is an error, never a crash.
public enum JPEGHeader {
    /// Start-of-frame markers (baseline, progressive, lossless, arithmetic): C0–CF except
    /// C4 (Huffman tables), C8 (reserved) and CC (arithmetic conditioning).
    /// The start of every JPEG: SOI and the first marker's lead byte.
    public static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF }

    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    static func hasEndOfImage(_ bytes: [UInt8], after start: Int) -> Bool {
        var index = bytes.count - 2
        while index >= start {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return true }
            index -= 1
        }
        return false
    }

    public static func size(_ bytes: [UInt8]) throws(SourceError) -> (width: Int, height: Int) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw SourceError(bytes.isEmpty ? .jpegFileIsEmpty : .noStartOfImageMarker)
        }
        var position = 2
        var frame: (width: Int, height: Int)?
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else { throw SourceError(.expectedMarker(atByte: position)) }
            var marker = bytes[position + 1]
            position += 2
            while marker == 0xFF, position < bytes.count {  // fill bytes
                marker = bytes[position]
                position += 1
            }
            if marker == 0xD9 { break }  // end of image
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
            guard position + 2 <= bytes.count else { break }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2, position + length <= bytes.count else { throw SourceError(.segmentRunsPastEndOfFile) }
            if isStartOfFrame(marker) {
                guard length >= 8 else { throw SourceError(.frameHeaderTooShort) }
                let height = Int(bytes[position + 3]) << 8 | Int(bytes[position + 4])
                let width = Int(bytes[position + 5]) << 8 | Int(bytes[position + 6])
                guard width > 0, height > 0 else { throw SourceError(.frameWithoutSize(width: width, height: height)) }
                frame = (width, height)
            }
            if marker == 0xDA {  // start of scan: the entropy-coded data follows
                guard let frame else { throw SourceError(.imageDataBeforeFrameHeader) }
                // The file is copied as it is, so a cut-off file would ship as a partly grey image:
                // the data must end with the end-of-image marker (FF D9; entropy-coded data escapes
                // FF as FF 00). Bytes after it, which some writers leave, are allowed.
                guard Self.hasEndOfImage(bytes, after: position + length) else {
                    throw SourceError(.noEndOfImageMarker)
                }
                return frame
            }
            position += length
        }
        throw SourceError(.noJPEGImageData)
    }
}

extension Diagnostic.Message {
    fileprivate static let jpegFileIsEmpty: Diagnostic.Message = "not a JPEG file: it is empty"
    fileprivate static let noStartOfImageMarker: Diagnostic.Message = "not a JPEG file (no start-of-image marker)"
    fileprivate static func expectedMarker(atByte position: Int) -> Diagnostic.Message { "corrupt JPEG: expected a marker at byte \(position)" }
    fileprivate static let segmentRunsPastEndOfFile: Diagnostic.Message = "corrupt JPEG: a segment runs past the end of the file"
    fileprivate static let frameHeaderTooShort: Diagnostic.Message = "corrupt JPEG: the frame header is too short"
    fileprivate static func frameWithoutSize(width: Int, height: Int) -> Diagnostic.Message { "JPEG frame is \(width)x\(height) pixels; assetc needs the size in the frame header" }
    fileprivate static let imageDataBeforeFrameHeader: Diagnostic.Message = "corrupt JPEG: image data before the frame header"
    /// A cut-off file would ship as a partly grey image: it is copied, never decoded.
    fileprivate static let noEndOfImageMarker: Diagnostic.Message = "truncated JPEG: the image data has no end-of-image marker (FF D9)"
    fileprivate static let noJPEGImageData: Diagnostic.Message = "corrupt or truncated JPEG: no image data"
}
