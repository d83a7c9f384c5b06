import AssetModel
import AssetPlatform
import CFontconfig

/// The only file that touches fontconfig: which fonts this machine would substitute for text a PDF
/// or SVG does not embed. Part of the toolchain fingerprint (a different font set can render the
/// same source differently).
enum Fonts {
    /// fontconfig's version, `2.14.1`.
    static var version: String {
        let value = Int(FcGetVersion())
        return "\(value / 10000).\(value / 100 % 100).\(value % 100)"
    }

    /// Every font file fontconfig offers, with its size, sorted: what a substitution can pick from.
    static func installedFiles() -> [(path: String, bytes: Int)] {
        guard FcInit() != 0, let config = FcConfigGetCurrent(), let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        var files: [String: Int] = [:]
        let count = Int(set.pointee.nfont)
        for index in 0..<count {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            files[path] = FileSystem.fileSize(path) ?? -1
        }
        return files.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }.map { ($0.key, $0.value) }
    }
}
