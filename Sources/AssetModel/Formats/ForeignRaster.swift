/// A file named as a PNG (or WebP, HEIC) that holds another image format: Xcode reads it through
/// ImageIO whatever its name (VLC ships a Photoshop file as `playNextInQueue@2x.png`), while assetc
/// reads PNG, WebP and HEIC by their bytes and JPEG as `.jpg`/`.jpeg`. Such a slot is skipped with a
/// warning naming what the file holds, as a `.psd` or `.gif` name is, instead of failing the build.
public enum ForeignRaster {
    /// What the bytes are, from their first few, when that is a format assetc does not read under
    /// a PNG, WebP or HEIC name; nil for anything else (a PNG, or bytes libpng will describe).
    public static func format(of prefix: [UInt8]) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { prefix.starts(with: magic) }
        if starts(Array("8BPS".utf8)) { return "Photoshop" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "GIF" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        // "BM", then the file size and two reserved zero words: a Windows bitmap.
        if prefix.count >= 10, starts(Array("BM".utf8)), prefix[6...9].allSatisfy({ $0 == 0 }) { return "BMP" }
        return nil
    }

    /// The warning's text for `filename` holding `format`.
    public static func message(_ filename: String, holds format: String) -> Diagnostic.Message {
        let hint = format == "JPEG" ? "; name it .jpg to have it copied as a JPEG" : ""
        return "\"\(filename)\" holds \(format) data, not PNG, WebP or HEIC; the slot is skipped\(hint)"
    }
}
